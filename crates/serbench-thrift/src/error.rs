//! The crate's two ways to fail, turned into the model's [`Error`] in one
//! place each.

use serbench_model::{BaseCodec, Dataset, Error, ErrorKind};
use thrift::{ProtocolErrorKind, TransportErrorKind};

/// A decoding failure, boxed so that every read's `Result` stays small.
#[derive(Debug)]
pub(crate) struct Fault(Box<FaultInfo>);

#[derive(Debug)]
struct FaultInfo {
    kind: ErrorKind,
    /// The byte offset of the item that failed.
    offset: usize,
    message: String,
    source: Option<thrift::Error>,
}

impl Fault {
    pub(crate) fn new(offset: usize, kind: ErrorKind, message: String) -> Self {
        Self(Box::new(FaultInfo {
            kind,
            offset,
            message,
            source: None,
        }))
    }

    /// The thrift crate's error reading `what` at `offset`: the input
    /// ended (`Truncated`) or its bytes are not Thrift (`Syntax`).
    pub(crate) fn thrift(offset: usize, what: &str, error: thrift::Error) -> Self {
        let kind = match &error {
            thrift::Error::Transport(e) if e.kind == TransportErrorKind::EndOfFile => {
                ErrorKind::Truncated
            }
            thrift::Error::Protocol(e) if e.kind == ProtocolErrorKind::DepthLimit => {
                ErrorKind::Limit
            }
            _ => ErrorKind::Syntax,
        };
        let mut fault = Self::new(offset, kind, format!("cannot read {what}: {error}"));
        fault.0.source = Some(error);
        fault
    }
}

/// As a document's decode reports it: where, and what.
#[cfg(feature = "document")]
impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "at byte {}: {}", self.0.offset, self.0.message)
    }
}

/// An encoding failure: a value Thrift cannot carry, or (never with a
/// `Vec` as the transport) an error of the thrift crate's writer.
#[derive(Debug)]
pub(crate) enum Fail {
    Unsupported(String),
    Thrift(thrift::Error),
}

impl From<thrift::Error> for Fail {
    fn from(error: thrift::Error) -> Self {
        Fail::Thrift(error)
    }
}

/// The error a failed decode of `T` with codec `C` returns.
pub(crate) fn decode_error<C: BaseCodec, T: Dataset>(fault: Fault) -> Error {
    let FaultInfo {
        kind,
        offset,
        message,
        source,
    } = *fault.0;
    let error = Error::new::<C, T>(kind, message).at_offset(offset);
    match source {
        Some(source) => error.with_source(source),
        None => error,
    }
}

/// The error a failed encode of `T` with codec `C` returns.
pub(crate) fn encode_error<C: BaseCodec, T: Dataset>(fail: Fail) -> Error {
    match fail {
        Fail::Unsupported(why) => Error::new::<C, T>(ErrorKind::Unsupported, why),
        Fail::Thrift(error) => Error::new::<C, T>(
            ErrorKind::Unsupported,
            format!("the thrift crate could not write the value: {error}"),
        )
        .with_source(error),
    }
}
