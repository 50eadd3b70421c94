//! The MessagePack codec's tests: the shared conformance kit, then
//! MessagePack's own.

mod layout;

serbench_model::conformance_tests!(serbench_msgpack::MsgPack);
