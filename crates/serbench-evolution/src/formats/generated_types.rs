//! What the Cap'n Proto and FlatBuffers rows share. Their schema
//! compilers generate a type per version of the record (a struct per
//! version in `schemas/evolution/`), so writing and reading one needs to
//! know which version it is, where [`PairVisitor`] hands over any
//! [`Version`]. [`cells`] finds each pair's versions by their concrete
//! types and calls the format's [`Codec`] for them.

use std::any::Any;
use std::marker::PhantomData;

use crate::model::{
    Change, Image, ImageAdded, ImageMoreSizes, ImageRemoved, ImageRenamed, ImageReordered,
    ImageWidened, Pair, PairVisitor, Version, visit_pairs,
};
use crate::{Direction, Outcome};

/// A format's writer and reader of version `V`, through its generated code.
pub(crate) trait Codec<V> {
    /// The bytes `V`'s writer writes for `value`.
    fn write(value: &V) -> Vec<u8>;

    /// What `V`'s reader makes of `bytes`, judged against what the writer
    /// meant (`None`: `V` has no form for it).
    fn read(bytes: &[u8], intended: Option<&V>) -> Outcome;
}

/// A codec for every version [`visit_pairs`] makes.
pub(crate) trait EveryVersion:
    Codec<Image>
    + Codec<ImageAdded>
    + Codec<ImageRemoved>
    + Codec<ImageRenamed>
    + Codec<ImageReordered>
    + Codec<ImageWidened>
    + Codec<ImageMoreSizes>
{
}

impl<F> EveryVersion for F where
    F: Codec<Image>
        + Codec<ImageAdded>
        + Codec<ImageRemoved>
        + Codec<ImageRenamed>
        + Codec<ImageReordered>
        + Codec<ImageWidened>
        + Codec<ImageMoreSizes>
{
}

/// The cells of format `F`: each version's writer read by the other
/// version's reader.
pub(crate) fn cells<F: EveryVersion>() -> Vec<(Change, Direction, Outcome)> {
    let mut cells = Cells::<F>(Vec::new(), PhantomData);
    visit_pairs(&mut cells);
    cells.0
}

struct Cells<F>(Vec<(Change, Direction, Outcome)>, PhantomData<F>);

impl<F: EveryVersion> PairVisitor for Cells<F> {
    fn visit<Old: Version, New: Version>(&mut self, pair: &Pair<Old, New>) {
        let pair: &dyn Any = pair;
        // Every change's new version is a type of its own, so the one
        // that fits is the pair's. A pair of other types is a version the
        // schemas lack: every test that reads a cell finds it here.
        let judged = self.judge::<ImageAdded>(pair)
            || self.judge::<ImageRemoved>(pair)
            || self.judge::<ImageRenamed>(pair)
            || self.judge::<ImageReordered>(pair)
            || self.judge::<ImageWidened>(pair)
            || self.judge::<ImageMoreSizes>(pair);
        assert!(judged, "a pair of versions without generated types");
    }
}

impl<F: EveryVersion> Cells<F> {
    /// Judges both directions if `pair` is the pair of [`Image`] and
    /// `New`; says whether it was.
    fn judge<New: Version>(&mut self, pair: &dyn Any) -> bool
    where
        F: Codec<New>,
    {
        let Some(pair) = pair.downcast_ref::<Pair<Image, New>>() else {
            return false;
        };
        let old_bytes = <F as Codec<Image>>::write(&pair.old);
        self.0.push((
            pair.change,
            Direction::NewReadsOld,
            <F as Codec<New>>::read(&old_bytes, Some(&pair.intended_new())),
        ));
        let new_bytes = <F as Codec<New>>::write(&pair.new);
        self.0.push((
            pair.change,
            Direction::OldReadsNew,
            <F as Codec<Image>>::read(&new_bytes, pair.intended_old().as_ref()),
        ));
        true
    }
}
