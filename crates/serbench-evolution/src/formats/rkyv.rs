//! rkyv through its derive (`Archive`, `Serialize`, `Deserialize`) and
//! its high-level entry points: `rkyv::to_bytes`, and `rkyv::from_bytes`,
//! which validates the archive with bytecheck before deserializing it, as
//! a program reading bytes it did not write itself must.
//!
//! An archive is the reader's type laid out in memory: the root object
//! sits at the end of the buffer, found by the size of the *reader's*
//! archived type, and reaches its strings through offsets relative to
//! itself. A reader whose type differs from the writer's looks for the
//! root in the wrong place, unless the two happen to have the same size;
//! bytecheck then judges whatever it finds there (offsets in bounds,
//! valid UTF-8, an enum's tag in range), not whether it is what was
//! written.
//!
//! The version tag is an enum whose variants are the versions, as for the
//! other positional formats; rkyv archives it as a one-byte tag before
//! the largest variant's room, so it too is found by its size.
//!
//! rkyv's own answer is its `backwards_compat` example: the root is a
//! [`Versioned`] box, whose archive is a relative pointer of fixed size,
//! so every version finds it in the same place, and an old reader views
//! the record it points to as the old type: a prefix of the new one, where
//! fields were only added at the end.

use rkyv::api::high::{HighSerializer, HighValidator};
use rkyv::bytecheck::CheckBytes;
use rkyv::de::Pool;
use rkyv::rancor::{self, Strategy};
use rkyv::ser::allocator::ArenaHandle;
use rkyv::util::AlignedVec;
use rkyv::{Archive, Deserialize, Serialize};

use super::own_types::mirror;
use super::typed::Practice;
use crate::Outcome;
use crate::model::Pair;

mirror! { #[derive(rkyv::Archive, rkyv::Serialize, rkyv::Deserialize)] }

/// Each version's own type, as it is.
pub(crate) struct Bare;

/// The version tag in front.
pub(crate) struct Tagged;

/// The root boxed, as rkyv's `backwards_compat` example does.
pub(crate) struct Boxed;

/// rkyv's example's wrapper: the record archived out of line, behind a
/// pointer that is the root.
#[derive(Archive, Serialize, Deserialize)]
#[repr(transparent)]
struct Versioned<T>(#[rkyv(with = rkyv::with::AsBox)] T);

/// What rkyv's high-level entry points need of a type: it archives, and
/// its archive validates and deserializes back into it.
trait Archivable:
    Sized
    + Archive<
        Archived: for<'a> CheckBytes<HighValidator<'a, rancor::Error>>
                      + Deserialize<Self, Strategy<Pool, rancor::Error>>,
    > + for<'a> Serialize<HighSerializer<AlignedVec, ArenaHandle<'a>, rancor::Error>>
{
}

impl<T> Archivable for T where
    T: Archive<
            Archived: for<'a> CheckBytes<HighValidator<'a, rancor::Error>>
                          + Deserialize<T, Strategy<Pool, rancor::Error>>,
        > + for<'a> Serialize<HighSerializer<AlignedVec, ArenaHandle<'a>, rancor::Error>>
{
}

fn write<T: Archivable>(value: &T) -> Result<AlignedVec, String> {
    rkyv::to_bytes::<rancor::Error>(value).map_err(|error| error.to_string())
}

fn read<T: Archivable>(bytes: &[u8]) -> Result<T, String> {
    rkyv::from_bytes::<T, rancor::Error>(bytes).map_err(|error| error.to_string())
}

impl<Old: Mirrored, New: Mirrored> Practice<Old, New> for Bare
where
    Old::Own: Archivable,
    New::Own: Archivable,
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
    OldTagged<Old::Own>: Archivable,
    NewTagged<Old::Own, New::Own>: Archivable,
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

impl<Old: Mirrored, New: Mirrored> Practice<Old, New> for Boxed
where
    Versioned<Old::Own>: Archivable,
    Versioned<New::Own>: Archivable,
{
    fn new_reads_old(pair: &Pair<Old, New>) -> Outcome {
        let read =
            write(&Versioned(pair.old.own())).and_then(|bytes| read::<Versioned<New::Own>>(&bytes));
        pair.judge_new(read.map(|Versioned(new)| New::model(new)))
    }

    fn old_reads_new(pair: &Pair<Old, New>) -> Outcome {
        let read =
            write(&Versioned(pair.new.own())).and_then(|bytes| read::<Versioned<Old::Own>>(&bytes));
        pair.judge_old(read.map(|Versioned(old)| Old::model(old)))
    }
}
