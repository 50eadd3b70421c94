//! The bin-proto codec's tests: the shared conformance kit with its
//! crafted hostile inputs, then the format's own (layouts, errors).

mod hostile;
mod layout;

serbench_testkit::conformance_tests!(
    serbench_binproto::BinProto,
    hostile = crate::hostile::Inputs
);
