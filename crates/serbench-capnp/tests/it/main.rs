//! The Cap'n Proto codec's tests: the shared conformance kit with Cap'n
//! Proto's hostile inputs, then Cap'n Proto's own.

mod errors;
mod hostile;
mod layout;

serbench_testkit::conformance_tests!(serbench_capnp::Capnp, hostile = crate::hostile::Inputs);
