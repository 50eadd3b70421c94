//! The error every codec returns.
//!
//! One type for all codecs, so a program that uses several handles one
//! error. It is opaque and boxed (one pointer in a `Result`, so the hot
//! `Ok` path stays small) and keeps its parts as data: a caller branches on
//! the [`ErrorKind`], reads the [`Position`] without parsing text, and walks
//! to the codec library's own error through
//! [`source`](std::error::Error::source).

use std::borrow::Cow;
use std::error::Error as StdError;
use std::fmt;

use crate::codec::{BaseCodec, Dataset};
use crate::excerpt::{LINE_BYTES, MESSAGE_BYTES, PATH_BYTES, cut};

/// Why an encode or decode failed: what kind of failure, in which codec
/// and dataset (or document, or evolution record: [`Error::named`]),
/// where in the input, and the codec library's own error when there is
/// one.
///
/// It prints as one line of at most 200 bytes that names all of that,
/// such as `cannot decode json task-manager: invalid type: string "x",
/// expected u8 (at lists[0].tasks[1].priority, line 1 column 160)`. A
/// decode error whose codec cannot tell where the problem is says
/// `(position unknown)`, never a made-up byte 0; an encode error names no
/// position but a path.
///
/// ```
/// use serbench_model::{BaseCodec, Carries, Error, ErrorKind, TaskManager};
///
/// struct Demo;
/// impl BaseCodec for Demo {
///     const NAME: &'static str = "demo";
///     const CARRIES: Carries = Carries::EVERYTHING;
///     const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Unavailable("a test codec");
///     type Error = Error;
/// }
///
/// let error = Error::new::<Demo, TaskManager>(ErrorKind::Truncated, "the input ends")
///     .at_path("lists[2]")
///     .at_offset(17);
/// assert_eq!(error.kind(), ErrorKind::Truncated);
/// assert_eq!(error.position().offset(), Some(17));
/// assert_eq!(error.position().path(), Some("lists[2]"));
/// assert_eq!(
///     error.to_string(),
///     "cannot decode demo task-manager: the input ends (at lists[2], byte 17)",
/// );
/// ```
pub struct Error(Box<ErrorImpl>);

#[derive(Debug)]
struct ErrorImpl {
    kind: ErrorKind,
    codec: &'static str,
    dataset: &'static str,
    position: Position,
    message: String,
    source: Option<Box<dyn StdError + Send + Sync + 'static>>,
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

/// Where in the input or the value an [`Error`] happened, as far as the
/// format can tell.
///
/// Formats know different things: a text parser counts lines and columns,
/// a binary reader counts bytes, and a decoder that walks the model knows
/// the field path (`lists[0].tasks[1].priority`). A position holds any
/// combination of the three; a part the format does not report is `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Position {
    path: Option<String>,
    offset: Option<usize>,
    line_column: Option<(usize, usize)>,
}

impl Error {
    /// An error of `kind` from codec `C` on dataset `D`; `message` says
    /// what was wrong, and the builder methods add where and why.
    ///
    /// A message longer than 86 bytes keeps its start and end around a
    /// note of how much is cut, so a library message that quotes a huge
    /// input does not make a huge error; the codecs quote input through
    /// [`excerpt::shown`](crate::excerpt::shown), which keeps a short prefix. The line
    /// the error prints cuts it further where the names and the position
    /// leave less room in 200 bytes.
    pub fn new<C: BaseCodec + ?Sized, D: Dataset>(
        kind: ErrorKind,
        message: impl Into<String>,
    ) -> Self {
        Self::named(kind, C::NAME, D::NAME, message)
    }

    /// An error of `kind` from the codec with id `codec` about `subject`,
    /// for what is not one of the model's datasets: `serbench measure`'s
    /// `document`, the evolution matrix's record. A codec crate's one
    /// conversion of its library's errors serves its datasets (passing
    /// [`Dataset::NAME`]) and those alike; the message is cut as
    /// [`Error::new`]'s is.
    ///
    /// ```
    /// use serbench_model::{Error, ErrorKind};
    ///
    /// let error = Error::named(ErrorKind::Syntax, "json", "document", "expected `:`")
    ///     .at_line_column(1, 17)
    ///     .at_offset(16);
    /// assert_eq!(error.codec(), "json");
    /// assert_eq!(error.dataset(), "document");
    /// assert_eq!(
    ///     error.to_string(),
    ///     "cannot decode json document: expected `:` (at line 1 column 17, byte 16)",
    /// );
    /// ```
    pub fn named(
        kind: ErrorKind,
        codec: &'static str,
        subject: &'static str,
        message: impl Into<String>,
    ) -> Self {
        Self(Box::new(ErrorImpl {
            kind,
            codec,
            dataset: subject,
            position: Position::default(),
            message: cut_owned(message.into(), MESSAGE_BYTES),
            source: None,
        }))
    }

    /// A library's refusal to write, as an [`ErrorKind::Unsupported`]
    /// error of codec `codec` about `subject`: the library's message, and
    /// the library's error as the source.
    pub fn unwritable(
        codec: &'static str,
        subject: &'static str,
        error: impl StdError + Send + Sync + 'static,
    ) -> Self {
        Self::named(ErrorKind::Unsupported, codec, subject, error.to_string()).with_source(error)
    }

    /// Records the byte offset into the input where the problem is.
    #[must_use]
    pub fn at_offset(mut self, offset: usize) -> Self {
        self.0.position.offset = Some(offset);
        self
    }

    /// Records the line and column (both counted from 1) of a text input.
    #[must_use]
    pub fn at_line_column(mut self, line: usize, column: usize) -> Self {
        self.0.position.line_column = Some((line, column));
        self
    }

    /// Records the field path in the value, such as `lists[0].header.id`;
    /// a path longer than 48 bytes is cut as a long message is.
    #[must_use]
    pub fn at_path(mut self, path: impl Into<String>) -> Self {
        self.0.position.path = Some(cut_owned(path.into(), PATH_BYTES));
        self
    }

    /// Names `subject` as what the error is about, where the call that
    /// failed serves several (a codec's serde calls write documents and
    /// evolution records alike) and its caller knows which.
    #[must_use]
    pub fn about(mut self, subject: &'static str) -> Self {
        self.0.dataset = subject;
        self
    }

    /// Keeps the library's own error as this error's
    /// [`source`](std::error::Error::source): any error, or one already
    /// boxed.
    #[must_use]
    pub fn with_source(mut self, source: impl Into<Box<dyn StdError + Send + Sync>>) -> Self {
        self.0.source = Some(source.into());
        self
    }

    /// What kind of failure this is.
    #[must_use]
    pub fn kind(&self) -> ErrorKind {
        self.0.kind
    }

    /// The codec's id, such as `"json"` or `"json-simd"`.
    #[must_use]
    pub fn codec(&self) -> &'static str {
        self.0.codec
    }

    /// The dataset's id, such as `"task-manager"`, or what else the error
    /// is about ([`Error::named`]'s subject, such as `"document"`).
    #[must_use]
    pub fn dataset(&self) -> &'static str {
        self.0.dataset
    }

    /// Where the problem is, as far as the format can tell.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.0.position
    }

    /// What was wrong, without the codec, the dataset or the position.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.0.message
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = if self.0.kind == ErrorKind::Unsupported {
            "encode"
        } else {
            "decode"
        };
        let ErrorImpl {
            codec,
            dataset,
            message,
            position,
            ..
        } = &*self.0;
        let head = format!("cannot {verb} {codec} {dataset}: ");
        let note = if position.is_known() {
            format!(" (at {position})")
        } else if self.0.kind == ErrorKind::Unsupported {
            String::new()
        } else {
            " (position unknown)".to_owned()
        };
        let room = LINE_BYTES.saturating_sub(head.len() + note.len());
        write!(f, "{head}{}{note}", cut(message, room))
    }
}

/// [`cut`] for a string the caller owns: kept as it is when it fits.
fn cut_owned(text: String, most: usize) -> String {
    match cut(&text, most) {
        Cow::Borrowed(_) => text,
        Cow::Owned(kept) => kept,
    }
}

impl StdError for Error {
    fn source(&self) -> Option<&(dyn StdError + 'static)> {
        let source: &(dyn StdError + 'static) = self.0.source.as_deref()?;
        Some(source)
    }
}

impl Position {
    /// The field path in the value, such as `lists[0].tasks[1].priority`.
    #[must_use]
    pub fn path(&self) -> Option<&str> {
        self.path.as_deref()
    }

    /// The byte offset into the input.
    #[must_use]
    pub fn offset(&self) -> Option<usize> {
        self.offset
    }

    /// The line and column (both from 1) in a text input.
    #[must_use]
    pub fn line_column(&self) -> Option<(usize, usize)> {
        self.line_column
    }

    /// Whether the format reported any part of the position.
    #[must_use]
    pub fn is_known(&self) -> bool {
        self.path.is_some() || self.offset.is_some() || self.line_column.is_some()
    }
}

/// The known parts, most specific to the reader first: `lists[0].tasks[1],
/// byte 160` or `line 3 column 5`.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut separator = "";
        if let Some(path) = &self.path {
            write!(f, "{path}")?;
            separator = ", ";
        }
        if let Some((line, column)) = self.line_column {
            write!(f, "{separator}line {line} column {column}")?;
            separator = ", ";
        }
        if let Some(offset) = self.offset {
            write!(f, "{separator}byte {offset}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Carries, TaskManager};

    struct Demo;

    impl BaseCodec for Demo {
        const NAME: &'static str = "demo";
        const CARRIES: Carries = Carries::EVERYTHING;
        const BORROW: crate::Borrowing = crate::Borrowing::Unavailable("a test codec");
        type Error = Error;
    }

    fn error(kind: ErrorKind) -> Error {
        Error::new::<Demo, TaskManager>(kind, "wrong")
    }

    #[test]
    fn keeps_its_parts_as_data() {
        let error = error(ErrorKind::Invalid)
            .at_path("lists[0].tasks[1].priority")
            .at_offset(160);
        assert_eq!(error.kind(), ErrorKind::Invalid);
        assert_eq!(error.codec(), "demo");
        assert_eq!(error.dataset(), "task-manager");
        assert_eq!(error.message(), "wrong");
        assert_eq!(error.position().path(), Some("lists[0].tasks[1].priority"));
        assert_eq!(error.position().offset(), Some(160));
        assert_eq!(error.position().line_column(), None);
    }

    #[test]
    fn prints_the_position_after_the_message() {
        assert_eq!(
            error(ErrorKind::Syntax).to_string(),
            "cannot decode demo task-manager: wrong (position unknown)"
        );
        assert_eq!(
            error(ErrorKind::Unsupported).to_string(),
            "cannot encode demo task-manager: wrong"
        );
        assert_eq!(
            error(ErrorKind::Syntax).at_line_column(3, 5).to_string(),
            "cannot decode demo task-manager: wrong (at line 3 column 5)"
        );
        assert_eq!(
            error(ErrorKind::Unsupported)
                .at_path("user")
                .at_line_column(1, 9)
                .at_offset(8)
                .to_string(),
            "cannot encode demo task-manager: wrong (at user, line 1 column 9, byte 8)"
        );
    }

    #[test]
    fn its_source_is_the_library_error() {
        let cause = std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "eof");
        let error = error(ErrorKind::Truncated).with_source(cause);
        let source = error.source().map(ToString::to_string);
        assert_eq!(source.as_deref(), Some("eof"));
        assert!(self::error(ErrorKind::Truncated).source().is_none());
    }

    #[test]
    fn long_messages_and_paths_are_cut() {
        let huge = format!(
            "invalid type: string {:?}, expected u8",
            "\u{1}".repeat(1 << 20)
        );
        let error = Error::new::<Demo, TaskManager>(ErrorKind::Invalid, huge)
            .at_path(format!("lists[0].{}", "k".repeat(1 << 20)))
            .at_line_column(1, 1 << 20);
        let shown = error.to_string();
        assert!(shown.len() <= LINE_BYTES, "{} bytes: {shown}", shown.len());
        assert!(error.message().starts_with("invalid type: string \"\\u{1}"));
        assert!(error.message().ends_with("\", expected u8"));
        assert!(
            error
                .position()
                .path()
                .is_some_and(|path| path.starts_with("lists[0].kk")),
            "{:?}",
            error.position()
        );
    }

    #[test]
    fn a_line_never_passes_its_bound() {
        let error = Error::new::<Demo, TaskManager>(ErrorKind::Invalid, "é".repeat(1 << 10))
            .at_path("p".repeat(1 << 10))
            .at_line_column(usize::MAX, usize::MAX)
            .at_offset(usize::MAX);
        let shown = error.to_string();
        assert!(shown.len() <= LINE_BYTES, "{} bytes: {shown}", shown.len());
        assert!(
            shown.ends_with(&format!(", byte {})", usize::MAX)),
            "{shown}"
        );
    }

    #[test]
    fn names_what_is_not_a_dataset() {
        let error = Error::named(ErrorKind::Limit, "demo", "document", "too deep").at_offset(3);
        assert_eq!(error.dataset(), "document");
        assert_eq!(
            error.to_string(),
            "cannot decode demo document: too deep (at byte 3)"
        );
        let about = error.about("image");
        assert_eq!(
            (about.codec(), about.dataset(), about.position().offset()),
            ("demo", "image", Some(3))
        );
    }

    #[test]
    fn is_one_pointer() {
        assert_eq!(size_of::<Error>(), size_of::<usize>());
    }
}
