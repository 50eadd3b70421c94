//! The JSON codecs' tests: the shared conformance kit with JSON's hostile
//! inputs for each library, then JSON's own.

mod alike;
mod flexon;
mod hostile;
mod layout;
mod simd;
mod simd_derive;
mod sonic;

serbench_testkit::conformance_tests!(serbench_json::Json, hostile = crate::hostile::Inputs);
serbench_testkit::document_tests!(serbench_json::Json, crate::hostile::Inputs);
