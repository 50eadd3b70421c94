//! Reading: framing and alignment, the reader's limits, and errors that
//! name the field path.

use std::str::Utf8Error;

use capnp::message::{Reader, ReaderOptions, ReaderSegments};
use capnp::serialize::{BufferSegments, NoAllocSliceSegments, SEGMENTS_COUNT_LIMIT};
use capnp::traits::Owned;
use capnp::{NotInSchema, Word, primitive_list, text};
use serbench_model::forms::FormError;
use serbench_model::{BaseCodec, Dataset, Error, ErrorKind};

use crate::Capnp;
use crate::private::Wire;

/// How many levels of pointers the reader follows. The schemas are not
/// recursive and the deepest path (task-manager's root → lists → tasks → a
/// task's header → its name) needs a limit of 6, so this only ever stops
/// hostile input; capnp's default is 64.
pub(crate) const NESTING_LIMIT: i32 = 16;

/// Reads the message that fills `bytes` and hands its root to `visit`.
pub(crate) fn with_root<T, R>(
    bytes: &[u8],
    visit: impl for<'a> FnOnce(<T::Root as Owned>::Reader<'a>) -> Result<R, Failure>,
) -> Result<R, Error>
where
    T: Wire,
{
    // capnp reads words in place, so they must be 8-byte aligned. A buffer
    // from the global allocator is; a slice at an odd offset is copied once.
    // (capnp's `unaligned` feature would avoid the copy, but it is
    // crate-wide: it would turn off `as_slice` for every user of capnp in
    // the same build.)
    let copy;
    let bytes = if bytes.as_ptr().addr().is_multiple_of(8) {
        bytes
    } else {
        copy = aligned(bytes);
        &Word::words_to_bytes(&copy)[..bytes.len()]
    };
    read_root(bytes, visit).map_err(Failure::into_error::<T>)
}

fn read_root<Root: Owned, R>(
    bytes: &[u8],
    visit: impl for<'a> FnOnce(Root::Reader<'a>) -> Result<R, Failure>,
) -> Result<R, Failure> {
    // The segment table alone first: its lengths against the input's,
    // before anything else is read or allocated.
    let framing = ReaderOptions {
        traversal_limit_in_words: None,
        nesting_limit: NESTING_LIMIT,
    };
    let truncated = |error: capnp::Error| match error.kind {
        capnp::ErrorKind::MessageEndsPrematurely(..)
        | capnp::ErrorKind::EmptyBuffer
        | capnp::ErrorKind::FailedToFillTheWholeBuffer => Failure {
            offset: Some(bytes.len()),
            source: Some(Box::new(error)),
            ..Failure::new(
                ErrorKind::Truncated,
                "the input ends before the message does".to_owned(),
            )
        },
        _ => Failure::from(error),
    };
    // The first word's count of segments − 1. capnp wraps 2^32 − 1 round
    // to 0 segments and says so; say what was declared.
    if let Some(first) = bytes.first_chunk::<4>() {
        let segments = u64::from(u32::from_le_bytes(*first)) + 1;
        if segments >= SEGMENTS_COUNT_LIMIT as u64 {
            return Err(Failure::new(
                ErrorKind::Syntax,
                format!(
                    "the segment table declares {segments} segments; a message has at most {}",
                    SEGMENTS_COUNT_LIMIT - 1
                ),
            ));
        }
    }
    if bytes.starts_with(&[0; 4]) {
        // One segment, as this crate writes: read in place, allocating
        // nothing.
        let mut rest = bytes;
        let segments = NoAllocSliceSegments::from_slice(&mut rest, framing).map_err(truncated)?;
        read_segments(segments, bytes.len() - rest.len(), bytes.len(), visit)
    } else {
        // Several, as the C++ library writes large messages: capnp's
        // segment list parses the table once (the allocation-free one would
        // parse it again at every pointer, a cost a hostile table of 511
        // segments would multiply).
        let segments = BufferSegments::new(bytes, framing).map_err(truncated)?;
        let table = (segments.len() / 2 + 1) * 8;
        let words: usize = (0..segments.len() as u32)
            .filter_map(|index| segments.get_segment(index))
            .map(<[u8]>::len)
            .sum();
        read_segments(segments, table + words, bytes.len(), visit)
    }
}

/// Reads the root of a message of `end` bytes in an input of `len`.
fn read_segments<S: ReaderSegments, Root: Owned, R>(
    segments: S,
    end: usize,
    len: usize,
    visit: impl for<'a> FnOnce(Root::Reader<'a>) -> Result<R, Failure>,
) -> Result<R, Failure> {
    if end < len {
        return Err(Failure {
            offset: Some(end),
            ..Failure::new(
                ErrorKind::TrailingBytes,
                format!("{} bytes follow the message", len - end),
            )
        });
    }
    // Reading every object once visits fewer words than the message holds,
    // so that is the limit: pointers that alias each other cannot make a
    // small message look big, and decoding stays proportional to the input.
    let options = ReaderOptions {
        traversal_limit_in_words: Some(end / 8),
        nesting_limit: NESTING_LIMIT,
    };
    let message = Reader::new(segments, options);
    visit(message.get_root::<Root::Reader<'_>>()?)
}

fn aligned(bytes: &[u8]) -> Vec<Word> {
    let mut words = Word::allocate_zeroed_vec(bytes.len().div_ceil(8));
    Word::words_to_bytes_mut(&mut words)[..bytes.len()].copy_from_slice(bytes);
    words
}

/// A text in place, checked as decoding checks it: a valid pointer to
/// UTF-8 ending in its zero byte. Traversing reads every text through
/// here, so it refuses exactly the texts decoding refuses.
pub(crate) fn text(text: capnp::Result<text::Reader<'_>>) -> Result<&str, Failure> {
    Ok(text?.to_str()?)
}

/// A text, checked by [`text`], copied into the model.
pub(crate) fn string(text: capnp::Result<text::Reader<'_>>) -> Result<String, Failure> {
    self::text(text).map(str::to_owned)
}

/// A text's length in bytes, checked by [`text`].
pub(crate) fn text_len(text: capnp::Result<text::Reader<'_>>) -> Result<u64, Failure> {
    self::text(text).map(|text| text.len() as u64)
}

/// Defines a function that copies a list of numbers into a `Vec`.
/// (Concrete types: capnp's element trait is not public API.)
macro_rules! numbers {
    ($name:ident, $number:ty) => {
        pub(crate) fn $name(list: primitive_list::Reader<'_, $number>) -> Vec<$number> {
            // On a little-endian machine the wire form is the memory form:
            // one copy. A list written with wider elements (allowed by
            // schema evolution) has no slice and is read one by one.
            #[cfg(target_endian = "little")]
            if let Some(slice) = list.as_slice() {
                return slice.to_vec();
            }
            list.iter().collect()
        }
    };
}

numbers!(u8s, u8);
numbers!(u16s, u16);
numbers!(u32s, u32);
numbers!(i64s, i64);

/// A decode failure on its way out, collecting the field path as it goes.
#[derive(Debug)]
pub struct Failure {
    kind: ErrorKind,
    message: String,
    /// Innermost first.
    path: Vec<Step>,
    /// The byte it concerns, where the framing tells; capnp's errors from
    /// inside the message say no byte.
    offset: Option<usize>,
    /// capnp's or the standard library's error, where one found it.
    source: Option<Box<dyn std::error::Error + Send + Sync>>,
}

#[derive(Debug)]
enum Step {
    Field(&'static str),
    Index(usize),
}

impl Failure {
    fn new(kind: ErrorKind, message: String) -> Self {
        Self {
            kind,
            message,
            path: Vec::new(),
            offset: None,
            source: None,
        }
    }

    fn into_error<T: Dataset>(self) -> Error {
        self.error_of(T::NAME)
    }

    /// The failure as the codec's error about `subject` (a dataset, or the
    /// evolution record).
    pub(crate) fn error_of(self, subject: &'static str) -> Error {
        let mut path = String::new();
        for step in self.path.iter().rev() {
            match step {
                Step::Field(name) if path.is_empty() => path.push_str(name),
                Step::Field(name) => {
                    path.push('.');
                    path.push_str(name);
                }
                Step::Index(index) => {
                    path.push('[');
                    path.push_str(&index.to_string());
                    path.push(']');
                }
            }
        }
        let mut error = Error::named(self.kind, Capnp::NAME, subject, self.message);
        if !path.is_empty() {
            error = error.at_path(path);
        }
        if let Some(offset) = self.offset {
            error = error.at_offset(offset);
        }
        match self.source {
            Some(source) => error.with_source(source),
            None => error,
        }
    }
}

impl From<capnp::Error> for Failure {
    fn from(error: capnp::Error) -> Self {
        use capnp::ErrorKind as K;

        let (kind, message) = match error.kind {
            K::ReadLimitExceeded => (
                ErrorKind::Limit,
                "the message's pointers lead to more words than it holds".to_owned(),
            ),
            K::NestingLimitExceeded => (
                ErrorKind::Limit,
                format!("pointers nest more than {NESTING_LIMIT} levels deep"),
            ),
            K::MessageTooLarge(_)
            | K::MessageIsTooDeeplyNested
            | K::MessageIsTooDeeplyNestedOrContainsCycles => (ErrorKind::Limit, error.to_string()),
            K::MessageEndsPrematurely(..) => (ErrorKind::Truncated, error.to_string()),
            K::EnumValueOrUnionDiscriminantNotPresent(not_in_schema) => {
                return Self::from(not_in_schema);
            }
            _ => (ErrorKind::Syntax, error.to_string()),
        };
        Self {
            source: Some(Box::new(error)),
            ..Self::new(kind, message)
        }
    }
}

impl From<NotInSchema> for Failure {
    fn from(NotInSchema(value): NotInSchema) -> Self {
        Self::new(
            ErrorKind::Invalid,
            format!("{value} is not a value the schema defines"),
        )
    }
}

impl From<Utf8Error> for Failure {
    fn from(error: Utf8Error) -> Self {
        let message = format!(
            "invalid UTF-8 in a text after {} valid bytes",
            error.valid_up_to()
        );
        Self {
            source: Some(Box::new(error)),
            ..Self::new(ErrorKind::Syntax, message)
        }
    }
}

impl From<FormError> for Failure {
    fn from(error: FormError) -> Self {
        Self::new(ErrorKind::Invalid, error.to_string())
    }
}

/// Adds the field path to a failure on its way out.
pub(crate) trait At<T> {
    /// The failure happened in field `name`.
    fn at(self, name: &'static str) -> Result<T, Failure>;

    /// The failure happened in element `index` of list field `name`.
    fn at_item(self, name: &'static str, index: usize) -> Result<T, Failure>;
}

impl<T, E: Into<Failure>> At<T> for Result<T, E> {
    fn at(self, name: &'static str) -> Result<T, Failure> {
        self.map_err(|error| {
            let mut failure = error.into();
            failure.path.push(Step::Field(name));
            failure
        })
    }

    fn at_item(self, name: &'static str, index: usize) -> Result<T, Failure> {
        self.map_err(|error| {
            let mut failure = error.into();
            failure.path.push(Step::Index(index));
            failure.path.push(Step::Field(name));
            failure
        })
    }
}
