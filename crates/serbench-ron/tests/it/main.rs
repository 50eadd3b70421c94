//! The RON codec's tests: the shared conformance kit with its crafted
//! hostile inputs, for the datasets and the document path.

mod hostile;

serbench_testkit::conformance_tests!(serbench_ron::Ron, hostile = crate::hostile::Inputs);
serbench_testkit::document_tests!(serbench_ron::Ron, crate::hostile::Inputs);
