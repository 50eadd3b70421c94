//! The types wincode reads and writes: the model's shape with wincode's
//! derive, as a wincode user writes their own types. The model crate
//! declares them (`mirror!`), so bitcode's crate and this one share one
//! definition of the layout; see it for the owned and borrowed halves.
//!
//! The borrowed types must write the owned types' bytes, which every round
//! trip of the conformance kit checks, and [`crate::check`] walks the
//! layout they imply. wincode writes a borrowed slice as it writes a
//! `Vec`, so encoding copies neither text nor integer lists.

serbench_model::mirror! {
    owned: #[derive(wincode::SchemaWrite, wincode::SchemaRead)],
    borrowed: #[derive(wincode::SchemaWrite)],
    integer_lists: borrowed,
}
