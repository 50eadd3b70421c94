//! The protobuf codecs' tests: the shared conformance kit with protobuf's
//! hostile inputs, for prost's tuned and stock codecs, rust-protobuf's and
//! buffa's (same bytes, so the same inputs), then protobuf's own (buffa's
//! borrowed decode among them).

mod alike;
mod borrow;
#[cfg(feature = "document")]
mod document;
#[cfg(feature = "document")]
mod dynamic;
mod errors;
mod hostile;
mod layout;
mod stock;

mod tuned {
    serbench_testkit::conformance_tests!(
        serbench_protobuf::Protobuf,
        hostile = crate::hostile::Inputs
    );
    // Not `document_tests!`: read as a message of no fields, every field
    // of a crafted input is unknown and kept whole, lies and all, as
    // Protobuf's rules say. The document decode meets the dataset's faults
    // under the dataset's own layout instead (`document.rs`).
}

mod stock_kit {
    serbench_testkit::conformance_tests!(
        serbench_protobuf::ProtobufStock,
        hostile = crate::hostile::Stock,
        global_allocator = false
    );
}

mod rust_protobuf_kit {
    serbench_testkit::conformance_tests!(
        serbench_protobuf::ProtobufRust,
        hostile = crate::hostile::RustProtobuf,
        global_allocator = false
    );
}

mod buffa_kit {
    serbench_testkit::conformance_tests!(
        serbench_protobuf::ProtobufBuffa,
        hostile = crate::hostile::Buffa,
        global_allocator = false
    );
}
