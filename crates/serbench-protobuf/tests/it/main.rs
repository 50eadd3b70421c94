//! The protobuf codecs' tests: the shared conformance kit with protobuf's
//! hostile inputs, once for the tuned codec and once for the stock one
//! (same bytes, so the same inputs), then protobuf's own.

#[cfg(feature = "document")]
mod document;
mod errors;
mod hostile;
mod layout;
mod stock;

mod tuned {
    serbench_testkit::conformance_tests!(
        serbench_protobuf::Protobuf,
        hostile = crate::hostile::Inputs
    );
}

mod stock_kit {
    serbench_testkit::conformance_tests!(
        serbench_protobuf::ProtobufStock,
        hostile = crate::hostile::Stock,
        global_allocator = false
    );
}
