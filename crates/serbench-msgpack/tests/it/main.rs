//! The MessagePack codec's tests: the shared conformance kit with
//! MessagePack's hostile inputs, then MessagePack's own.

mod alike;
mod borrow;
mod hostile;
mod layout;

serbench_testkit::conformance_tests!(serbench_msgpack::MsgPack, hostile = crate::hostile::Inputs);
serbench_testkit::document_tests!(serbench_msgpack::MsgPack, crate::hostile::Inputs);

/// zerompk, on the same crafted inputs as rmp-serde.
mod zerompk {
    serbench_testkit::conformance_tests!(
        serbench_msgpack::MsgPackZerompk,
        hostile = crate::hostile::Zerompk,
        global_allocator = false
    );
    serbench_testkit::document_tests!(serbench_msgpack::MsgPackZerompk, crate::hostile::Zerompk);
}
