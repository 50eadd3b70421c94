//! The JSON codec's tests: the shared conformance kit, then JSON's own.

mod layout;

serbench_model::conformance_tests!(serbench_json::Json);
