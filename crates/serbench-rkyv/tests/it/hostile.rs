//! Inputs crafted against the rkyv decoder: for each dataset, bytes
//! that declare huge lengths, nest deeply, hold invalid UTF-8, wrong types,
//! unknown enum values or duplicates, each with the error kind its decode
//! must return. The kit's `hostile_coverage` test fails until every
//! required class has an input or a reason it does not apply.

use serbench_model::Dataset;
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs};

pub(crate) struct Inputs;

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[];
    // The most bytes a decode may hold per byte of valid input; measure it
    // (`cargo test -- --nocapture expansion`) and document it in SECURITY.md.
    const EXPANSION: usize = 4;
}

impl<D: Dataset> Crafts<D> for Inputs {
    fn crafted() -> Vec<Crafted> {
        Vec::new()
    }
}
