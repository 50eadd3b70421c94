//! The protobuf codec's tests: the shared conformance kit with protobuf's
//! hostile inputs, then protobuf's own.

mod errors;
mod hostile;
mod layout;

serbench_testkit::conformance_tests!(
    serbench_protobuf::Protobuf,
    hostile = crate::hostile::Inputs
);
