//! The crate's two ways to fail, turned into the model's [`Error`] in one
//! place each.

use serbench_model::{BaseCodec, Error, ErrorKind};

use crate::QDataStream;

/// A decoding failure, boxed: every read returns a `Result<_, Fault>`,
/// and a pointer-sized error keeps the successful ones small.
#[derive(Debug)]
pub(crate) struct Fault(Box<FaultInfo>);

/// Its kind, where it happened and what was wrong.
#[derive(Debug)]
struct FaultInfo {
    kind: ErrorKind,
    /// The byte offset of the item that failed.
    offset: usize,
    message: String,
}

impl Fault {
    pub(crate) fn new(offset: usize, kind: ErrorKind, message: String) -> Self {
        Self(Box::new(FaultInfo {
            kind,
            offset,
            message,
        }))
    }

    /// What kind of fault it is.
    #[cfg(all(test, feature = "document"))]
    pub(crate) fn kind(&self) -> ErrorKind {
        self.0.kind
    }

    /// The byte offset of the item that failed.
    #[cfg(all(test, feature = "document"))]
    pub(crate) fn offset(&self) -> usize {
        self.0.offset
    }
}

/// A value QDataStream cannot carry, with the reason.
#[derive(Debug)]
pub(crate) struct Unsupported(pub(crate) String);

/// The error a failed decode of `subject` (a dataset, a document, the
/// evolution record) returns.
pub(crate) fn decode_error(subject: &'static str, fault: &Fault) -> Error {
    Error::named(
        fault.0.kind,
        QDataStream::NAME,
        subject,
        fault.0.message.clone(),
    )
    .at_offset(fault.0.offset)
}

/// The error a refused encode of `subject` (a dataset, or a document)
/// returns.
pub(crate) fn encode_error(subject: &'static str, Unsupported(why): Unsupported) -> Error {
    Error::named(ErrorKind::Unsupported, QDataStream::NAME, subject, why)
}
