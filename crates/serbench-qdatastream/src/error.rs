//! The crate's two ways to fail, turned into the model's [`Error`] in one
//! place each.

use std::fmt;

use serbench_model::{Dataset, Error, ErrorKind};

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

/// What was wrong, then where: `… (at byte 12)`.
impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.0.message, self.0.offset)
    }
}

/// A value QDataStream cannot carry, with the reason.
#[derive(Debug)]
pub(crate) struct Unsupported(pub(crate) String);

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The error a failed decode of `T` returns.
pub(crate) fn decode_error<T: Dataset>(fault: &Fault) -> Error {
    Error::new::<QDataStream, T>(fault.0.kind, fault.0.message.clone()).at_offset(fault.0.offset)
}

/// The error a refused encode of `T` returns.
pub(crate) fn encode_error<T: Dataset>(Unsupported(why): Unsupported) -> Error {
    Error::new::<QDataStream, T>(ErrorKind::Unsupported, why)
}
