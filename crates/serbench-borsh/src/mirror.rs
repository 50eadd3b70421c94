//! The types borsh reads and writes: the model's shape with borsh's
//! derive, as a borsh user writes their own types. The model crate
//! declares them (`mirror!`), so bitcode's, wincode's and this crate share
//! one definition of the layout; see it for the owned and borrowed halves.
//!
//! The owned types derive `BorshSerialize` too: the leaf types
//! (`Created`, `Priority`, `Edge`, `Player`, `Size`) are shared with the
//! borrowed ones. The borrowed types must write the owned types' bytes,
//! which every round trip of the conformance kit checks, and
//! [`crate::check`] walks the layout they imply. borsh writes a `&str` as a `String` and a borrowed
//! slice as a `Vec` (both are the specification's dynamic arrays), so
//! encoding copies neither text nor integer lists (mk48's lists of flags,
//! angles and bytes included); a mesh's triangles are copied into the
//! mirror's, as no slice of them can be borrowed as mirror triangles.

serbench_model::mirror! {
    owned: #[derive(borsh::BorshSerialize, borsh::BorshDeserialize)],
    borrowed: #[derive(borsh::BorshSerialize)],
    integer_lists: borrowed,
}
