//! The CBOR codecs' tests: the shared conformance kit with CBOR's hostile
//! inputs for each library, then CBOR's own.

mod alike;
mod borrow;
mod errors;
mod floats;
mod hostile;
mod layout;

serbench_testkit::conformance_tests!(serbench_cbor::Cbor, hostile = crate::hostile::Inputs);
serbench_testkit::document_tests!(serbench_cbor::Cbor, crate::hostile::Inputs);

/// cbor4ii, on the same crafted inputs as ciborium.
mod cbor4ii {
    serbench_testkit::conformance_tests!(
        serbench_cbor::CborCbor4ii,
        hostile = crate::hostile::Cbor4ii,
        global_allocator = false
    );
    serbench_testkit::document_tests!(serbench_cbor::CborCbor4ii, crate::hostile::Cbor4ii);
}

/// minicbor, on the same crafted inputs as ciborium.
mod minicbor {
    serbench_testkit::conformance_tests!(
        serbench_cbor::CborMinicbor,
        hostile = crate::hostile::Minicbor,
        global_allocator = false
    );
    serbench_testkit::document_tests!(serbench_cbor::CborMinicbor, crate::hostile::Minicbor);
}
