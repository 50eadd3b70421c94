//! The FlatBuffers codecs' tests: the shared conformance kit with
//! FlatBuffers' hostile inputs, for the `flatbuffers` runtime and for
//! planus, then FlatBuffers' own.

mod errors;
mod hostile;
mod layout;
mod planus_interop;

serbench_testkit::conformance_tests!(
    serbench_flatbuffers::FlatBuffers,
    hostile = crate::hostile::Inputs
);

mod planus {
    serbench_testkit::conformance_tests!(
        serbench_flatbuffers::FlatBuffersPlanus,
        hostile = crate::hostile::PlanusInputs,
        global_allocator = false
    );
}
