//! The error every codec returns.

use std::fmt;

/// Why an encode or decode failed, in one line that names the format, the
/// dataset, what was wrong and where (byte offset, line and column, or field
/// path, as the format can tell).
///
/// Every codec crate re-exports this type as its `Error`, so a program that
/// uses several formats handles one error type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    format: &'static str,
    dataset: &'static str,
    kind: ErrorKind,
    message: String,
}

/// What kind of failure an [`Error`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Encoding: the value holds something the format cannot carry (NaN in
    /// JSON, a control character in XML, a year RFC 3339 cannot write).
    Unsupported,
    /// Decoding: the bytes end before the value does.
    Truncated,
    /// Decoding: the bytes are not well-formed in the format.
    Syntax,
    /// Decoding: well-formed, but not a value of the dataset (a wrong type, a
    /// missing, unknown or repeated field, a value out of range).
    Invalid,
    /// Decoding: a safety limit (nesting depth, size) was reached.
    Limit,
    /// Decoding: bytes remain after the value.
    TrailingBytes,
}

impl Error {
    /// An error of `kind` for `format` and `dataset` (their ids).
    pub fn new(
        format: &'static str,
        dataset: &'static str,
        kind: ErrorKind,
        message: impl Into<String>,
    ) -> Self {
        Self {
            format,
            dataset,
            kind,
            message: message.into(),
        }
    }

    /// What kind of failure this is.
    #[must_use]
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The format's id, such as `"json"`.
    #[must_use]
    pub fn format(&self) -> &'static str {
        self.format
    }

    /// The dataset's id, such as `"task-manager"`.
    #[must_use]
    pub fn dataset(&self) -> &'static str {
        self.dataset
    }

    /// What was wrong and where, without the format and dataset.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = if self.kind == ErrorKind::Unsupported {
            "encode"
        } else {
            "decode"
        };
        write!(
            f,
            "cannot {verb} {} {}: {}",
            self.format, self.dataset, self.message
        )
    }
}

impl std::error::Error for Error {}
