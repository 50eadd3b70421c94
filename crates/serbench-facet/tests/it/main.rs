//! The facet codec's tests: the shared conformance kit with its crafted
//! hostile inputs, then its own (postcard's bytes, errors).

mod alike;
mod hostile;

serbench_testkit::conformance_tests!(
    serbench_facet::FacetPostcard,
    hostile = crate::hostile::Inputs
);
