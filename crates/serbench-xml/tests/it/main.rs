//! The XML codec's tests: the shared conformance kit, then XML's own.

mod layout;

serbench_model::conformance_tests!(serbench_xml::Xml);
