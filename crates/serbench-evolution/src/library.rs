//! The two practices every library that writes a Rust type as it is
//! gets tested in, written once: [`Bare`], each version's type as it is,
//! read as the other's; and [`Tagged`], the version tag their users are
//! told to put in front, an enum whose variants are the versions (the new
//! program keeps the old version's type and migrates it, the old program
//! refuses a variant it does not know).
//!
//! A library plugs in with its write and read ([`Library`]), the type its
//! users declare for each version ([`Mirror`]) and its version tags
//! ([`Tags`]): the model's own types and [`OldVersion`]/[`Versions`] for
//! a serde library ([`Serde`](crate::Serde)), or the ones
//! [`mirror!`](crate::mirror) declares with the library's derive. What a
//! format does beyond these two (rkyv's boxed root, QDataStream's magic
//! number) stays in its crate.

use std::marker::PhantomData;

use serbench_model::Error;
use serde::{Deserialize, Serialize};

use crate::Outcome;
use crate::model::{Pair, Version};
use crate::practice::Practice;

/// A library's entry points for `T`, called as its users call them.
pub trait Library<T> {
    /// `value`'s bytes.
    ///
    /// # Errors
    ///
    /// What the library could not write, as it says it.
    fn write(value: &T) -> Result<Vec<u8>, Error>;

    /// A `T` read from `bytes`.
    ///
    /// # Errors
    ///
    /// What the library refused, as it says it.
    fn read(bytes: &[u8]) -> Result<T, Error>;
}

/// The type a library's users declare for model version `V`, and the
/// conversions both ways.
pub trait Mirror<V> {
    /// That type.
    type Own;
    /// `value` as that type.
    fn own(value: &V) -> Self::Own;
    /// The model's value of what was read.
    fn model(own: Self::Own) -> V;
}

/// Which version a new program's tag named, with its value.
pub enum Tag<Old, New> {
    /// Version 1, to be migrated.
    V1(Old),
    /// Version 2.
    V2(New),
}

/// The version tags a library's users declare: an enum of the one version
/// the old program knows, and one of both versions for the new program.
/// Each is declared with the library's derive, since a derive writes the
/// same bytes whatever else the type derives.
pub trait Tags {
    /// The old program's tag around its type `O`.
    type Old<O>;
    /// The new program's tag, around the old type `O` or the new `N`.
    type New<O, N>;
    /// `value` tagged as version 1, as the old program writes it.
    fn old<O>(value: O) -> Self::Old<O>;
    /// The value the old program read.
    fn from_old<O>(tagged: Self::Old<O>) -> O;
    /// `value` tagged as version 2, as the new program writes it.
    fn new<O, N>(value: N) -> Self::New<O, N>;
    /// Which version the new program read.
    fn from_new<O, N>(tagged: Self::New<O, N>) -> Tag<O, N>;
}

/// The version tag the old program writes and reads with serde: the only
/// version it knows.
#[derive(Serialize, Deserialize)]
pub enum OldVersion<Old> {
    /// Version 1.
    V1(Old),
}

/// The version tag the new program writes and reads with serde: it keeps
/// the old version to migrate it.
#[derive(Serialize, Deserialize)]
pub enum Versions<Old, New> {
    /// Version 1, migrated when read.
    V1(Old),
    /// Version 2.
    V2(New),
}

/// Library `L`'s type for version `V`.
type Own<L, V> = <L as Mirror<V>>::Own;
/// Library `L`'s old tag around its type for `V`.
type OldTag<L, V> = <L as Tags>::Old<Own<L, V>>;
/// Library `L`'s new tag around its types for `Old` and `New`.
type NewTag<L, Old, New> = <L as Tags>::New<Own<L, Old>, Own<L, New>>;

/// Each version's own type, as it is.
pub struct Bare<L>(PhantomData<L>);

/// The version tag in front.
pub struct Tagged<L>(PhantomData<L>);

/// `written`'s bytes through `L`, read as an `R`.
fn through<L, W, R>(written: &W) -> Result<R, Error>
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
    L: Tags + Mirror<Old> + Mirror<New> + Library<OldTag<L, Old>> + Library<NewTag<L, Old, New>>,
{
    fn new_reads_old(pair: &Pair<Old, New>) -> Outcome {
        let written = L::old(<L as Mirror<Old>>::own(&pair.old));
        let read = through::<L, _, NewTag<L, Old, New>>(&written);
        pair.judge_new(read.map(|read| match L::from_new(read) {
            Tag::V1(old) => (pair.migrate)(&<L as Mirror<Old>>::model(old)),
            Tag::V2(new) => <L as Mirror<New>>::model(new),
        }))
    }

    fn old_reads_new(pair: &Pair<Old, New>) -> Outcome {
        let written = L::new::<Own<L, Old>, _>(<L as Mirror<New>>::own(&pair.new));
        let read = through::<L, _, OldTag<L, Old>>(&written);
        pair.judge_old(read.map(|tagged| <L as Mirror<Old>>::model(L::from_old(tagged))))
    }
}
