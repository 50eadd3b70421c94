//! The CBOR codec's tests: the shared conformance kit with CBOR's hostile
//! inputs, then CBOR's own.

mod errors;
mod floats;
mod hostile;
mod layout;

serbench_testkit::conformance_tests!(serbench_cbor::Cbor, hostile = crate::hostile::Inputs);
