//! The bincode codec's tests: the shared conformance kit with bincode's
//! hostile inputs, then bincode's own.

mod hostile;
mod layout;

serbench_testkit::conformance_tests!(serbench_bincode::Bincode, hostile = crate::hostile::Inputs);
