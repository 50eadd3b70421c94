//! The datasets as the fuzz crate sees them: the registry's datasets, each
//! with the kit's [`Needs`] and [`Arbitrary`] and this crate's [`Generate`].

use serbench_codecs::Carried;
use serbench_testkit::{Arbitrary, Needs};

use crate::values::Generate;

/// A dataset the targets check and the seed example seeds: one the
/// registry dispatches on ([`Carried`]), the kit checks ([`Needs`]) and
/// seeds ([`Arbitrary`]'s edge cases), and [`Generate`] builds from fuzz
/// bytes.
pub trait Fuzzed: Carried + Needs + Arbitrary + Generate {}

impl<D: Carried + Needs + Arbitrary + Generate> Fuzzed for D {}

/// Work done once per dataset, with its type known.
pub trait DatasetVisitor {
    /// Called once per dataset, in report order, with its selector: the
    /// first input byte (modulo the number of datasets) that picks it.
    fn dataset<D: Fuzzed>(&mut self, selector: u8);
}

/// Calls `visitor` with every dataset of the model, in report order.
///
/// The model's list is taken from `for_each_dataset!` here rather than
/// through `serbench_codecs::visit_datasets`, whose visitor knows only
/// [`Carried`]: the checks need the bounds of [`Fuzzed`], which generic code
/// cannot conclude from it. So a dataset added to the model stops this build
/// until it implements [`Generate`].
pub fn visit_datasets<V: DatasetVisitor>(visitor: &mut V) {
    /// The list, one visit per dataset.
    macro_rules! visits {
        ($($dataset:path),* $(,)?) => {
            [$(visit::<V, $dataset>),*]
        };
    }

    let visits: &[fn(&mut V, u8)] = &serbench_model::for_each_dataset!(visits);
    for (selector, visit) in (0..).zip(visits) {
        visit(visitor, selector);
    }
}

fn visit<V: DatasetVisitor, D: Fuzzed>(visitor: &mut V, selector: u8) {
    visitor.dataset::<D>(selector);
}
