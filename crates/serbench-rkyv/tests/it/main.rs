//! The rkyv codecs' tests: the shared conformance kit with its crafted
//! hostile inputs, for the validated codec and for the unvalidated one
//! (whose untrusted input is validated all the same).

mod hostile;

mod validated {
    serbench_testkit::conformance_tests!(serbench_rkyv::Rkyv, hostile = crate::hostile::Inputs);
}

mod unvalidated {
    serbench_testkit::conformance_tests!(
        serbench_rkyv::RkyvUnvalidated,
        hostile = crate::hostile::Inputs,
        global_allocator = false
    );
}
