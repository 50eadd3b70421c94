//! wincode through its derive (`SchemaWrite`, `SchemaRead`) and its
//! plain entry points, `wincode::serialize` and `wincode::deserialize`:
//! bincode 1's layout (fixed-width little-endian integers, `u64` lengths,
//! `u32` variant indexes), fields in declaration order, no names.
//!
//! `deserialize` reads a value from the front of the bytes and leaves the
//! rest, as bincode's `decode_from_slice` does (wincode has
//! `deserialize_exact` for a caller who wants trailing bytes refused); so
//! an old program reads a new record with a field added at the end.
//!
//! Like bincode's users, wincode's put the version in front: an enum
//! whose variants are the versions.

use wincode::{SchemaRead, SchemaWrite, config::DefaultConfig};

use super::own_types::mirror;
use super::typed::Practice;
use crate::Outcome;
use crate::model::Pair;

mirror! { #[derive(wincode::SchemaWrite, wincode::SchemaRead)] }

/// Each version's own type, as it is.
pub(crate) struct Bare;

/// The version tag in front.
pub(crate) struct Tagged;

/// What wincode's plain entry points need of a type: it writes itself and
/// reads into itself.
trait Schema:
    SchemaWrite<DefaultConfig, Src = Self> + for<'de> SchemaRead<'de, DefaultConfig, Dst = Self>
{
}

impl<T> Schema for T where
    T: SchemaWrite<DefaultConfig, Src = T> + for<'de> SchemaRead<'de, DefaultConfig, Dst = T>
{
}

fn write<T: Schema>(value: &T) -> Result<Vec<u8>, String> {
    wincode::serialize(value).map_err(|error| error.to_string())
}

fn read<T: Schema>(bytes: &[u8]) -> Result<T, String> {
    wincode::deserialize(bytes).map_err(|error| error.to_string())
}

impl<Old: Mirrored, New: Mirrored> Practice<Old, New> for Bare
where
    Old::Own: Schema,
    New::Own: Schema,
{
    fn new_reads_old(pair: &Pair<Old, New>) -> Outcome {
        pair.judge_new(
            write(&pair.old.own()).and_then(|bytes| read::<New::Own>(&bytes).map(New::model)),
        )
    }

    fn old_reads_new(pair: &Pair<Old, New>) -> Outcome {
        pair.judge_old(
            write(&pair.new.own()).and_then(|bytes| read::<Old::Own>(&bytes).map(Old::model)),
        )
    }
}

impl<Old: Mirrored, New: Mirrored> Practice<Old, New> for Tagged
where
    OldTagged<Old::Own>: Schema,
    NewTagged<Old::Own, New::Own>: Schema,
{
    fn new_reads_old(pair: &Pair<Old, New>) -> Outcome {
        let read = write(&OldTagged::V1(pair.old.own()))
            .and_then(|bytes| read::<NewTagged<Old::Own, New::Own>>(&bytes));
        pair.judge_new(read.map(|read| match read {
            NewTagged::V1(old) => (pair.migrate)(&Old::model(old)),
            NewTagged::V2(new) => New::model(new),
        }))
    }

    fn old_reads_new(pair: &Pair<Old, New>) -> Outcome {
        let read = write(&NewTagged::<Old::Own, New::Own>::V2(pair.new.own()))
            .and_then(|bytes| read::<OldTagged<Old::Own>>(&bytes));
        pair.judge_old(read.map(|OldTagged::V1(old)| Old::model(old)))
    }
}
