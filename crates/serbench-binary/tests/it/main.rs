//! The binary codecs' tests: the shared conformance kit for each, with
//! their hostile inputs, then their own.

mod hostile;
mod layout;

mod bincode {
    serbench_testkit::conformance_tests!(
        serbench_binary::Bincode,
        hostile = crate::hostile::BincodeInputs
    );
}

mod postcard {
    // The bincode module installed the kit's allocator: one per binary.
    serbench_testkit::conformance_tests!(
        serbench_binary::Postcard,
        hostile = crate::hostile::PostcardInputs,
        global_allocator = false
    );
}
