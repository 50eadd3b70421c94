//! The postcard codec's tests: the shared conformance kit with postcard's
//! hostile inputs, then postcard's own.

mod hostile;
mod layout;

serbench_testkit::conformance_tests!(
    serbench_postcard::Postcard,
    hostile = crate::hostile::Inputs
);
serbench_testkit::document_tests!(serbench_postcard::Postcard, crate::hostile::Inputs);
