//! The bincode codecs' tests: the shared conformance kit with bincode's
//! hostile inputs, once for the tuned codec and once for the stock one
//! (same bytes, so the same inputs), then bincode's own.

mod hostile;
mod layout;

mod tuned {
    serbench_testkit::conformance_tests!(
        serbench_bincode::Bincode,
        hostile = crate::hostile::Inputs
    );
}

mod stock {
    serbench_testkit::conformance_tests!(
        serbench_bincode::BincodeStock,
        hostile = crate::hostile::Inputs,
        global_allocator = false
    );
    serbench_testkit::document_tests!(serbench_bincode::BincodeStock, crate::hostile::Inputs);
}
