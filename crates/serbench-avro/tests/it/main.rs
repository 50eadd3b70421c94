//! The Avro codec's tests: the shared conformance kit with Avro's crafted
//! inputs, then the layout the specification gives, byte for byte, and a
//! document's datum walked as a dataset's is.

mod datum;
#[cfg(feature = "document")]
mod document;
mod hostile;
mod layout;
mod rsb;

serbench_testkit::conformance_tests!(serbench_avro::Avro, hostile = crate::hostile::Inputs);
serbench_testkit::document_tests!(serbench_avro::Avro, crate::hostile::Inputs);
