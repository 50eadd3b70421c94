//! The two practices every library that writes a Rust type as it is
//! gets tested in, written once: [`Bare`], each version's type as it is,
//! read as the other's; and [`Tagged`], the version tag their users are
//! told to put in front, an enum whose variants are the versions (the new
//! program keeps the old version's type and migrates it, the old program
//! refuses a variant it does not know).
//!
//! A format plugs in with its library's write and read ([`Library`]) and
//! the type its users declare for each version ([`Mirror`]): the model's
//! own, which serde's derive already covers, or the one `mirror!`
//! declares with the library's derive. What a format does beyond these
//! two (rkyv's boxed root, QDataStream's magic number) stays in its
//! module.

use std::marker::PhantomData;

use super::typed::Practice;
use crate::Outcome;
use crate::model::{Pair, Version};

/// A library's entry points for `T`, called as its users call them.
pub(crate) trait Library<T> {
    /// `value`'s bytes.
    fn write(value: &T) -> Result<Vec<u8>, String>;
    /// A `T` read from `bytes`.
    fn read(bytes: &[u8]) -> Result<T, String>;
}

/// The type a library's users declare for model version `V`, and the
/// conversions both ways.
pub(crate) trait Mirror<V> {
    /// That type.
    type Own;
    /// `value` as that type.
    fn own(value: &V) -> Self::Own;
    /// The model's value of what was read.
    fn model(own: Self::Own) -> V;
}

/// Library `L`'s type for version `V`.
type Own<L, V> = <L as Mirror<V>>::Own;

/// The version tag the old program writes and reads: the only version it
/// knows. One type for every library, carrying each one's derive, since a
/// derive writes the same bytes whatever else the type derives.
#[derive(
    serde::Serialize,
    serde::Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    wincode::SchemaWrite,
    wincode::SchemaRead,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub(crate) enum OldTagged<Old> {
    /// Version 1.
    V1(Old),
}

/// The version tag the new program writes and reads: it keeps the old
/// version to migrate it.
#[derive(
    serde::Serialize,
    serde::Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    wincode::SchemaWrite,
    wincode::SchemaRead,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub(crate) enum NewTagged<Old, New> {
    /// Version 1, migrated when read.
    V1(Old),
    /// Version 2.
    V2(New),
}

/// Each version's own type, as it is.
pub(crate) struct Bare<L>(PhantomData<L>);

/// The version tag in front.
pub(crate) struct Tagged<L>(PhantomData<L>);

/// `written`'s bytes through `L`, read as an `R`.
fn through<L, W, R>(written: &W) -> Result<R, String>
where
    L: Library<W> + Library<R>,
{
    <L as Library<W>>::write(written).and_then(|bytes| <L as Library<R>>::read(&bytes))
}

impl<L, Old: Version, New: Version> Practice<Old, New> for Bare<L>
where
    L: Mirror<Old> + Mirror<New> + Library<Own<L, Old>> + Library<Own<L, New>>,
{
    fn new_reads_old(pair: &Pair<Old, New>) -> Outcome {
        let read = through::<L, _, Own<L, New>>(&<L as Mirror<Old>>::own(&pair.old));
        pair.judge_new(read.map(<L as Mirror<New>>::model))
    }

    fn old_reads_new(pair: &Pair<Old, New>) -> Outcome {
        let read = through::<L, _, Own<L, Old>>(&<L as Mirror<New>>::own(&pair.new));
        pair.judge_old(read.map(<L as Mirror<Old>>::model))
    }
}

impl<L, Old: Version, New: Version> Practice<Old, New> for Tagged<L>
where
    L: Mirror<Old>
        + Mirror<New>
        + Library<OldTagged<Own<L, Old>>>
        + Library<NewTagged<Own<L, Old>, Own<L, New>>>,
{
    fn new_reads_old(pair: &Pair<Old, New>) -> Outcome {
        let written = OldTagged::V1(<L as Mirror<Old>>::own(&pair.old));
        let read = through::<L, _, NewTagged<Own<L, Old>, Own<L, New>>>(&written);
        pair.judge_new(read.map(|read| match read {
            NewTagged::V1(old) => (pair.migrate)(&<L as Mirror<Old>>::model(old)),
            NewTagged::V2(new) => <L as Mirror<New>>::model(new),
        }))
    }

    fn old_reads_new(pair: &Pair<Old, New>) -> Outcome {
        let written = NewTagged::<Own<L, Old>, _>::V2(<L as Mirror<New>>::own(&pair.new));
        let read = through::<L, _, OldTagged<Own<L, Old>>>(&written);
        pair.judge_old(read.map(|OldTagged::V1(old)| <L as Mirror<Old>>::model(old)))
    }
}
