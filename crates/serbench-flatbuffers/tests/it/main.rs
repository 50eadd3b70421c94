//! The FlatBuffers codec's tests: the shared conformance kit, then
//! FlatBuffers' own.

mod errors;
mod layout;

serbench_model::conformance_tests!(serbench_flatbuffers::FlatBuffers);
