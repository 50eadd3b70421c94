//! The rows of formats whose users write and read types of the format's
//! own, one per version of the record (a prost message, a Thrift struct),
//! rather than the model's serde types.
//!
//! Each model version says how it goes through its format's type
//! ([`Wire`]); [`cells`] writes every pair's values that way, reads each
//! with the other version's type and judges what comes back.

use std::any::Any;
use std::marker::PhantomData;

use crate::model::{
    Image, ImageAdded, ImageMoreSizes, ImageRemoved, ImageRenamed, ImageReordered, ImageWidened,
    Pair, PairVisitor, Version, visit_pairs,
};
use crate::{Change, Direction, Outcome};

/// A version of the record in format `F` (a marker type naming the format
/// and, where it has several, the protocol).
pub(crate) trait Wire<F>: Version {
    /// The bytes `F`'s type for this version writes for `self`.
    fn write(&self) -> Result<Vec<u8>, String>;
    /// What a program that knows only this version reads from `bytes`,
    /// through `F`'s type for it, as the model's value.
    fn read(bytes: &[u8]) -> Result<Self, String>;
}

/// The twelve cells of format `F`.
pub(crate) fn cells<F>() -> Vec<(Change, Direction, Outcome)>
where
    Image: Wire<F>,
    ImageAdded: Wire<F>,
    ImageRemoved: Wire<F>,
    ImageRenamed: Wire<F>,
    ImageReordered: Wire<F>,
    ImageWidened: Wire<F>,
    ImageMoreSizes: Wire<F>,
{
    let mut cells = Cells::<F>(Vec::new(), PhantomData);
    visit_pairs(&mut cells);
    cells.0
}

/// The visitor collecting format `F`'s cells.
struct Cells<F>(Vec<(Change, Direction, Outcome)>, PhantomData<F>);

impl<F> Cells<F> {
    fn judge<Old: Wire<F>, New: Wire<F>>(&mut self, pair: &Pair<Old, New>) {
        let new_reads_old = pair.old.write().and_then(|bytes| New::read(&bytes));
        let old_reads_new = pair.new.write().and_then(|bytes| Old::read(&bytes));
        self.0.push((
            pair.change,
            Direction::NewReadsOld,
            Outcome::judge(new_reads_old, Some(&pair.intended_new())),
        ));
        self.0.push((
            pair.change,
            Direction::OldReadsNew,
            Outcome::judge(old_reads_new, pair.intended_old().as_ref()),
        ));
    }
}

impl<F> PairVisitor for Cells<F>
where
    Image: Wire<F>,
    ImageAdded: Wire<F>,
    ImageRemoved: Wire<F>,
    ImageRenamed: Wire<F>,
    ImageReordered: Wire<F>,
    ImageWidened: Wire<F>,
    ImageMoreSizes: Wire<F>,
{
    fn visit<Old: Version, New: Version>(&mut self, pair: &Pair<Old, New>) {
        // `visit_pairs` hands each pair over as versions of any type; the
        // format's own types belong to the concrete versions, so the pair
        // is matched back to them here.
        let pair: &dyn Any = pair;
        if let Some(pair) = pair.downcast_ref::<Pair<Image, ImageAdded>>() {
            self.judge(pair);
        } else if let Some(pair) = pair.downcast_ref::<Pair<Image, ImageRemoved>>() {
            self.judge(pair);
        } else if let Some(pair) = pair.downcast_ref::<Pair<Image, ImageRenamed>>() {
            self.judge(pair);
        } else if let Some(pair) = pair.downcast_ref::<Pair<Image, ImageReordered>>() {
            self.judge(pair);
        } else if let Some(pair) = pair.downcast_ref::<Pair<Image, ImageWidened>>() {
            self.judge(pair);
        } else if let Some(pair) = pair.downcast_ref::<Pair<Image, ImageMoreSizes>>() {
            self.judge(pair);
        } else {
            // A change added to the model needs its versions' types in
            // every format here; failing loudly beats a missing row.
            panic!(
                "no format types for the versions {} and {}",
                std::any::type_name::<Old>(),
                std::any::type_name::<New>()
            );
        }
    }
}
