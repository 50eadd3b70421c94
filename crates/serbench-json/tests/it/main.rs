//! The JSON codec's tests: the shared conformance kit with JSON's hostile
//! inputs, then JSON's own.

mod hostile;
mod layout;

serbench_testkit::conformance_tests!(serbench_json::Json, hostile = crate::hostile::Inputs);
