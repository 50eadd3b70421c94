//! The types bitcode reads and writes: the model's shape with bitcode's
//! derive, as a bitcode user writes their own types. The model crate
//! declares them (`mirror!`), so wincode's crate and this one share one
//! definition of the layout; see it for the owned and borrowed halves.
//!
//! The owned types derive `Encode` too: the canonical check re-encodes
//! what was decoded (see the crate docs). The borrowed types must write
//! the owned types' bytes, which every round trip of the conformance kit
//! checks. bitcode encodes a `&str` but no other borrowed slice, so the
//! integer lists are copied, and mk48 and mesh, which have no text, encode
//! from their owned mirrors, copied from the model.
//!
//! The lent types, which the borrowed decode reads, hold each text as the
//! `&'a str` bitcode decodes borrowed from its input (it decodes no
//! `Cow<str>`); they derive `Encode` too, for the canonical check.

serbench_model::mirror! {
    owned: #[derive(bitcode::Encode, bitcode::Decode)],
    borrowed: #[derive(bitcode::Encode)],
    integer_lists: copied,
    lent: reference #[derive(bitcode::Encode, bitcode::Decode)],
}
