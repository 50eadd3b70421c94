//! The types wincode reads and writes: the model's shape with wincode's
//! derive, as a wincode user writes their own types. The model crate
//! declares them (`mirror!`), so bitcode's crate and this one share one
//! definition of the layout; see it for the owned and borrowed halves.
//!
//! The borrowed types must write the owned types' bytes, which every round
//! trip of the conformance kit checks, and [`crate::check`] walks the
//! layout they imply. wincode writes a borrowed slice as it writes a
//! `Vec`, so encoding copies neither text nor integer lists.
//!
//! The lent types, which the borrowed decode reads, hold each text as a
//! `Cow<'a, str>`, which wincode reads borrowed from a slice: the layout of
//! the model's `Text`, so their lists become the model's in place. Their
//! integer lists are `Vec`s, as wincode reads a `&[u32]` only from an
//! input aligned for it.
//!
//! The enums of RSB's four datasets (`GameType`, `EntityType`) write their
//! tag as a `u8`, as RSB's own wincode types do
//! (`#[wincode(tag_encoding = "u8")]`), so the codec writes RSB's bytes for
//! RSB's data; the five datasets keep bincode 1's `u32` tags.

serbench_model::mirror! {
    owned: #[derive(wincode::SchemaWrite, wincode::SchemaRead)],
    borrowed: #[derive(wincode::SchemaWrite)],
    integer_lists: borrowed,
    lent: cow #[derive(wincode::SchemaRead)],
    rsb_enums: #[wincode(tag_encoding = "u8")],
}
