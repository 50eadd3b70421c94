//! The CBOR codec's tests: the shared conformance kit, then CBOR's own.

mod errors;
mod floats;
mod layout;

serbench_model::conformance_tests!(serbench_cbor::Cbor);
