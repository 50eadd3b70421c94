//! The XML codec's tests: the shared conformance kit with XML's hostile
//! inputs, then XML's own.

mod borrow;
mod hostile;
mod layout;
mod rsb;

serbench_testkit::conformance_tests!(serbench_xml::Xml, hostile = crate::hostile::Inputs);
serbench_testkit::document_tests!(serbench_xml::Xml, crate::hostile::Inputs);
