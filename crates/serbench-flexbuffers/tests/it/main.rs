//! The FlexBuffers codec's tests: the shared conformance kit with its
//! crafted hostile inputs, for the datasets and the document path, then
//! the borrowed decode's own.

mod borrow;
mod hostile;
mod signaling;

serbench_testkit::conformance_tests!(
    serbench_flexbuffers::FlexBuffers,
    hostile = crate::hostile::Inputs,
    skip(mesh::properties, minecraft::properties, mk48::properties) = "flexbuffers reads \
        every f32 through an f64, which quiets a signaling NaN, and `Carries` has no flag \
        for it: tests/it/signaling.rs holds the same values to a round trip, or to an \
        encode error where an f32 is a signaling NaN",
);
serbench_testkit::document_tests!(serbench_flexbuffers::FlexBuffers, crate::hostile::Inputs);
