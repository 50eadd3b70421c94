//! How the rows reach the versions' own types. A format whose users write
//! a type of the format's own per version (a prost message, a Thrift
//! struct, the code capnpc or flatc generates, a type carrying a library's
//! derive, a QDataStream `operator<<`) must know which versions a pair
//! holds to reach those types. The model hands each
//! pair over with its concrete types ([`visit_typed`]), so a row is a
//! [`Practice`] for every pair, checked when it is built, and [`cells`]
//! judges it.
//!
//! Formats that write and read each version on its own, with nothing
//! around the record (their evolution is in the schema: field numbers,
//! ordinals), say only how they write and read one version ([`Codec`]);
//! [`Direct`] makes that a practice.

use std::marker::PhantomData;

use serbench_model::Error;

use crate::model::{Change, EveryPair, Image, Pair, TypedVisitor, Version, visit_typed};
use crate::{Direction, Outcome};

/// One format's way of carrying a version's value to a program that knows
/// the other: bare, behind a version tag, through its schema, ….
pub trait Practice<Old, New> {
    /// The old writer's bytes, read by the new program.
    fn new_reads_old(pair: &Pair<Old, New>) -> Outcome;
    /// The new writer's bytes, read by the old program.
    fn old_reads_new(pair: &Pair<Old, New>) -> Outcome;
}

/// The cells of practice `P`, which needs a [`Practice`] for every pair
/// the model makes (that is what makes [`Cells<P>`] an [`EveryPair`]).
#[must_use]
pub fn cells<P>() -> Vec<(Change, Direction, Outcome)>
where
    Cells<P>: EveryPair,
{
    let mut cells = Cells(Vec::new(), PhantomData);
    visit_typed(&mut cells);
    cells.0
}

/// The visitor collecting practice `P`'s cells.
pub struct Cells<P>(Vec<(Change, Direction, Outcome)>, PhantomData<P>);

impl<P: Practice<Image, New>, New> TypedVisitor<New> for Cells<P> {
    fn visit(&mut self, pair: &Pair<Image, New>) {
        self.0
            .push((pair.change, Direction::NewReadsOld, P::new_reads_old(pair)));
        self.0
            .push((pair.change, Direction::OldReadsNew, P::old_reads_new(pair)));
    }
}

/// A format's writer and reader of version `V`, through its own type for
/// `V`.
pub trait Codec<V> {
    /// The bytes `V`'s writer writes for `value`.
    ///
    /// # Errors
    ///
    /// What the format could not write, as it says it.
    fn write(value: &V) -> Result<Vec<u8>, Error>;

    /// What `V`'s reader makes of `bytes`, judged against what the writer
    /// meant (`None`: `V` has no form for it). The format judges, since
    /// one may read a value its version cannot name (FlatBuffers' open
    /// enums), which no `V` can hold.
    fn read(bytes: &[u8], intended: Option<&V>) -> Outcome;
}

/// The practice of a format `F` with a [`Codec`] for both versions: one
/// version's bytes handed straight to the other's reader.
pub struct Direct<F>(PhantomData<F>);

impl<F, Old, New> Practice<Old, New> for Direct<F>
where
    F: Codec<Old> + Codec<New>,
    Old: Version,
    New: Version,
{
    fn new_reads_old(pair: &Pair<Old, New>) -> Outcome {
        through::<F, Old, New>(&pair.old, Some(&pair.intended_new()))
    }

    fn old_reads_new(pair: &Pair<Old, New>) -> Outcome {
        through::<F, New, Old>(&pair.new, pair.intended_old().as_ref())
    }
}

/// `written` through `F`'s writer of `W` and reader of `R`.
fn through<F, W, R>(written: &W, intended: Option<&R>) -> Outcome
where
    F: Codec<W> + Codec<R>,
    R: Version,
{
    match <F as Codec<W>>::write(written) {
        Ok(bytes) => <F as Codec<R>>::read(&bytes, intended),
        Err(error) => Outcome::judge(Err(error), intended),
    }
}
