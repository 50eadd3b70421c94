//! The Bilrost codec's tests: the shared conformance kit with its crafted
//! hostile inputs, then the format's own (layouts, errors, the borrowed
//! decode).

mod borrow;
mod hostile;
mod layout;
mod wire;

serbench_testkit::conformance_tests!(serbench_bilrost::Bilrost, hostile = crate::hostile::Inputs);
