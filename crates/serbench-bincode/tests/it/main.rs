//! The bincode codecs' tests: the shared conformance kit with bincode's
//! hostile inputs, once for the tuned codec, once for the stock one and
//! once for serde-zap (same bytes, so the same inputs), then bincode's own.

mod alike;
mod borrow;
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

/// serde-zap, on bincode's crafted inputs with its own kind for a length
/// past the input.
mod zap {
    serbench_testkit::conformance_tests!(
        serbench_bincode::BincodeZap,
        hostile = crate::hostile::Zap,
        global_allocator = false
    );
    serbench_testkit::document_tests!(serbench_bincode::BincodeZap, crate::hostile::Zap);
}
