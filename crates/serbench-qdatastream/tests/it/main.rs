//! The QDataStream codec's tests: the shared conformance kit with
//! QDataStream's crafted inputs, then the layout Qt writes, byte for byte.

mod hostile;
mod layout;
mod rsb;

serbench_testkit::conformance_tests!(
    serbench_qdatastream::QDataStream,
    hostile = crate::hostile::Inputs
);
serbench_testkit::document_tests!(serbench_qdatastream::QDataStream, crate::hostile::Inputs);
