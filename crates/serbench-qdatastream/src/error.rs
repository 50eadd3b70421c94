//! The crate's two ways to fail, turned into the model's [`Error`] in one
//! place each.

use serbench_model::{Dataset, Error, ErrorKind};

use crate::FORMAT;

/// A decoding failure: its kind, where it happened and what was wrong.
#[derive(Debug)]
pub(crate) struct Fault {
    pub(crate) kind: ErrorKind,
    /// The byte offset of the item that failed.
    pub(crate) offset: usize,
    pub(crate) message: String,
}

/// A value QDataStream cannot carry, with the reason.
#[derive(Debug)]
pub(crate) struct Unsupported(pub(crate) String);

/// The error a failed decode of `T` returns.
pub(crate) fn decode_error<T: Dataset>(fault: &Fault) -> Error {
    Error::new(
        FORMAT,
        T::NAME,
        fault.kind,
        format!("{} (at byte {})", fault.message, fault.offset),
    )
}

/// The error a refused encode of `T` returns.
pub(crate) fn encode_error<T: Dataset>(Unsupported(why): Unsupported) -> Error {
    Error::new(FORMAT, T::NAME, ErrorKind::Unsupported, why)
}
