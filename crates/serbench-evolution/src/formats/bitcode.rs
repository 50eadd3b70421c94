//! bitcode through its own derive (`Encode`, `Decode`), the path its
//! README shows first: positional like bincode, but each field's values
//! are packed together and integers take the fewest bits their values
//! need, so what a reader makes of another version's bytes is bitcode's
//! packing's answer, not a byte layout's. `bitcode::decode` refuses bytes
//! left over, so an old program refuses a record with a field added; an
//! `i64` is packed under another header than an `i32` of the same value,
//! so a widened integer fails both ways.
//!
//! bitcode makes no promise across versions of a type: its README lists a
//! self-describing format among its non-goals, and its maintainers answer
//! that with the derive, any change to a type must be assumed to break
//! its bytes (bitcode issue #16). Two cells show how:
//!
//! - An enum's variant index is packed by the number of variants: one bit
//!   for two, a base-3 digit for three. The old reader of `size` takes
//!   the low bit of the byte the new writer packed `Huge` (2) into, and
//!   reads `Small` without a word.
//! - The derive writes no index at all for an enum of one variant. So the
//!   old program's enum of versions, which knows only `V1`, writes no
//!   version, and the new program's, with `V2` added, reads an index the
//!   old bytes do not hold: the version tag other positional formats'
//!   users rely on fails in every cell here.

use bitcode::{DecodeOwned, Encode};

use super::own_types::mirror;
use super::typed::Practice;
use crate::Outcome;
use crate::model::Pair;

mirror! { #[derive(bitcode::Encode, bitcode::Decode)] }

/// Each version's own type, as it is.
pub(crate) struct Bare;

/// The version tag in front.
pub(crate) struct Tagged;

fn read<T: DecodeOwned>(bytes: &[u8]) -> Result<T, String> {
    bitcode::decode(bytes).map_err(|error| error.to_string())
}

impl<Old: Mirrored, New: Mirrored> Practice<Old, New> for Bare
where
    Old::Own: Encode + DecodeOwned,
    New::Own: Encode + DecodeOwned,
{
    fn new_reads_old(pair: &Pair<Old, New>) -> Outcome {
        pair.judge_new(read::<New::Own>(&bitcode::encode(&pair.old.own())).map(New::model))
    }

    fn old_reads_new(pair: &Pair<Old, New>) -> Outcome {
        pair.judge_old(read::<Old::Own>(&bitcode::encode(&pair.new.own())).map(Old::model))
    }
}

impl<Old: Mirrored, New: Mirrored> Practice<Old, New> for Tagged
where
    OldTagged<Old::Own>: Encode + DecodeOwned,
    NewTagged<Old::Own, New::Own>: Encode + DecodeOwned,
{
    fn new_reads_old(pair: &Pair<Old, New>) -> Outcome {
        let bytes = bitcode::encode(&OldTagged::V1(pair.old.own()));
        pair.judge_new(
            read::<NewTagged<Old::Own, New::Own>>(&bytes).map(|read| match read {
                NewTagged::V1(old) => (pair.migrate)(&Old::model(old)),
                NewTagged::V2(new) => New::model(new),
            }),
        )
    }

    fn old_reads_new(pair: &Pair<Old, New>) -> Outcome {
        let bytes = bitcode::encode(&NewTagged::<Old::Own, New::Own>::V2(pair.new.own()));
        pair.judge_old(
            read::<OldTagged<Old::Own>>(&bytes).map(|OldTagged::V1(old)| Old::model(old)),
        )
    }
}
