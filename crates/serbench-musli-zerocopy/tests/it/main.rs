//! The musli-zerocopy codec's tests: the shared conformance kit with its
//! crafted hostile inputs.

mod hostile;

serbench_testkit::conformance_tests!(
    serbench_musli_zerocopy::MusliZerocopy,
    hostile = crate::hostile::Inputs
);
