//! The FlexBuffers codec's tests: the shared conformance kit with its
//! crafted hostile inputs, for the datasets and the document path, then
//! the borrowed decode's own.

mod borrow;
mod hostile;

serbench_testkit::conformance_tests!(
    serbench_flexbuffers::FlexBuffers,
    hostile = crate::hostile::Inputs
);
serbench_testkit::document_tests!(serbench_flexbuffers::FlexBuffers, crate::hostile::Inputs);
