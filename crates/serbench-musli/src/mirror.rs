//! The types musli reads and writes: the model's shape with musli's
//! derive, as a musli user writes their own types. The model crate
//! declares them (`mirror!`), so bitcode's, wincode's, borsh's and this
//! crate share one definition of the layout; see it for the owned and
//! borrowed halves.
//!
//! musli's derive tags each field with its index and each enum variant
//! with its index (its default in the binary formats), so the three formats
//! write the same fields in the same order and differ only in how they
//! frame them. The borrowed types must write the owned types' bytes, which
//! every round trip of the conformance kit checks: musli writes a `&str`
//! as it writes a `String` and a borrowed slice as a `Vec`, so encoding
//! copies neither text nor integer lists.
//!
//! The lent types, which the borrowed decode reads, hold each text as a
//! `Cow<'a, str>`, which musli reads borrowed from a slice: the layout of
//! the model's `Text`, so their lists become the model's in place.

serbench_model::mirror! {
    owned: #[derive(musli::Encode, musli::Decode)],
    borrowed: #[derive(musli::Encode)],
    integer_lists: borrowed,
    lent: cow #[derive(musli::Decode)],
}
