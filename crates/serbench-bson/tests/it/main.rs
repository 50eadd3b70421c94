//! The BSON codec's tests: the shared conformance kit with BSON's hostile
//! inputs, then BSON's own (layouts, the borrowed decode).

mod borrow;
#[cfg(feature = "document")]
mod document;
mod hostile;
mod layout;

serbench_testkit::conformance_tests!(serbench_bson::Bson, hostile = crate::hostile::Inputs);
serbench_testkit::document_tests!(serbench_bson::Bson, crate::hostile::Inputs);
