//! The protobuf codec's tests: the shared conformance kit, then protobuf's own.

mod errors;
mod layout;

serbench_model::conformance_tests!(serbench_protobuf::Protobuf);
