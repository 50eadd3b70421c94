//! The crate's two ways to fail, turned into the model's [`Error`] in one
//! place each.

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
}

/// A value QDataStream cannot carry, with the reason.
#[derive(Debug)]
pub(crate) struct Unsupported(pub(crate) String);

/// The error a failed decode of `T` returns.
pub(crate) fn decode_error<T: Dataset>(fault: &Fault) -> Error {
    Error::new::<QDataStream, T>(fault.0.kind, fault.0.message.clone()).at_offset(fault.0.offset)
}

/// The error a refused encode of `T` returns.
pub(crate) fn encode_error<T: Dataset>(Unsupported(why): Unsupported) -> Error {
    Error::new::<QDataStream, T>(ErrorKind::Unsupported, why)
}
