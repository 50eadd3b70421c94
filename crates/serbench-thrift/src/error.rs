//! The crate's two ways to fail, turned into the model's [`Error`] in one
//! place each.

use serbench_model::{BaseCodec, Error, ErrorKind};
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
        let mut fault = Self::new(offset, kind(&error), format!("cannot read {what}: {error}"));
        fault.0.source = Some(error);
        fault
    }
}

/// The kind of the thrift crate's error reading: the input ended
/// (`Truncated`), nested too deep (`Limit`), or its bytes are not Thrift
/// (`Syntax`).
pub(crate) fn kind(error: &thrift::Error) -> ErrorKind {
    match error {
        thrift::Error::Transport(e) if e.kind == TransportErrorKind::EndOfFile => {
            ErrorKind::Truncated
        }
        thrift::Error::Protocol(e) if e.kind == ProtocolErrorKind::DepthLimit => ErrorKind::Limit,
        _ => ErrorKind::Syntax,
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

/// The error a failed decode with codec `C` of `subject` (a dataset, or a
/// document) returns.
pub(crate) fn decode_error<C: BaseCodec>(subject: &'static str, fault: Fault) -> Error {
    let FaultInfo {
        kind,
        offset,
        message,
        source,
    } = *fault.0;
    let error = Error::named(kind, C::NAME, subject, message).at_offset(offset);
    match source {
        Some(source) => error.with_source(source),
        None => error,
    }
}

/// The error a failed encode with codec `C` of `subject` (a dataset, or a
/// document) returns.
pub(crate) fn encode_error<C: BaseCodec>(subject: &'static str, fail: Fail) -> Error {
    let error = |message| Error::named(ErrorKind::Unsupported, C::NAME, subject, message);
    match fail {
        Fail::Unsupported(why) => error(why),
        Fail::Thrift(cause) => error(format!(
            "the thrift crate could not write the value: {cause}"
        ))
        .with_source(cause),
    }
}
