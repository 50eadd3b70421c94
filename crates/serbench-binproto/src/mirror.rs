//! The types bin-proto reads and writes: the model's shape with
//! bin-proto's derives, as a bin-proto user writes their own types. The
//! model crate declares them (`mirror!`), so borsh's, wincode's, bitcode's
//! and this crate share one definition of the layout; see it for the owned
//! and borrowed halves.
//!
//! bin-proto's derive wants two things the other derives do not, which
//! `mirror!`'s optional slots give: each enum's discriminant type (`u8`)
//! and each variant's discriminant (its index), and a borrowed text it can
//! write. It writes a `str` and a `[T]` behind a `Cow` but not behind a
//! plain reference (its `&T` impl wants a sized `T`), so the borrowed
//! types hold `Cow::Borrowed` (`references: cow`): encoding copies neither
//! text nor integer lists. The owned types derive `BitEncode` too: the leaf
//! types (`Created`, `Priority`, `Edge`, `Player`, `Size`) are shared with
//! the borrowed ones. The borrowed types must write the owned types' bytes,
//! which every round trip of the conformance kit checks, and
//! [`crate::check`] walks the layout they imply.

serbench_model::mirror! {
    owned: #[derive(bin_proto::BitEncode, bin_proto::BitDecode)],
    borrowed: #[derive(bin_proto::BitEncode)],
    integer_lists: borrowed,
    references: cow,
    enums: #[bin_proto(discriminant_type = u8)],
    variants: bin_proto(discriminant),
}
