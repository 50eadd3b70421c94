//! The FlatBuffers codec's tests: the shared conformance kit with
//! FlatBuffers' hostile inputs, then FlatBuffers' own.

mod errors;
mod hostile;
mod layout;

serbench_testkit::conformance_tests!(
    serbench_flatbuffers::FlatBuffers,
    hostile = crate::hostile::Inputs
);
