//! The nanoserde binary codec's tests: the shared conformance kit with its
//! crafted hostile inputs, then the format's own.

mod hostile;
mod layout;

serbench_testkit::conformance_tests!(
    serbench_nanoserde::NanoserdeBin,
    hostile = crate::hostile::Inputs
);
