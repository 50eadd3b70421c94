//! Reading a message straight into the model, with prost's low-level
//! decoders (`prost::encoding`), and the error of a message that cannot be
//! read.
//!
//! Each dataset module reads its messages field by field into the model's
//! types: no generated message is built first, so a decode holds the value
//! it returns and little else, and a message that is not a value of the
//! dataset (a missing header, an id of 15 bytes) fails when that message
//! ends, not after the whole input has been decoded.
//!
//! The reads follow prost's generated code step for step, with prost's own
//! decoders for keys, varints, strings and numbers and its `skip_field` for
//! unknown fields, so they accept what prost accepts and refuse what it
//! refuses, at the same byte and with the same words.

use std::any::type_name;
use std::fmt;

use prost::DecodeError;
use prost::encoding::{
    DecodeContext, WireType, check_wire_type, decode_key, decode_varint, skip_field,
};
use serbench_model::{BaseCodec, Dataset, Error, ErrorKind};

use crate::wire::Wire;

/// The context prost's decoders take. Only `skip_field` uses it: to stop
/// groups in unknown fields at prost's 100 levels. The reads themselves
/// follow the schemas, which nest five messages deep.
pub(crate) fn ctx() -> DecodeContext {
    DecodeContext::default()
}

/// The bytes of a message, or of a packed run, being read.
///
/// One cursor, `buf`, runs through the whole input and into nested
/// messages, as in prost: a field may run past the end of the message
/// holding it, and the message notices when it ends, so errors stop at the
/// byte where prost's would.
pub(crate) struct Delimited<'a> {
    /// The bytes, for counting their fields or values before reading them.
    body: &'a [u8],
    /// How many bytes of the input follow them.
    end: usize,
}

impl<'a> Delimited<'a> {
    /// The root message, which fills the input.
    pub(crate) fn root(buf: &'a [u8]) -> Self {
        Self { body: buf, end: 0 }
    }

    /// The message or packed run of a length-delimited field whose key was
    /// just read: reads its length and leaves the cursor on its first byte.
    pub(crate) fn read(wire_type: WireType, buf: &mut &'a [u8]) -> Result<Self, ReadError> {
        let body = length_delimited(wire_type, buf)?;
        Ok(Self {
            body,
            end: buf.len() - body.len(),
        })
    }

    /// Whether bytes of it remain to be read; an error if the last field
    /// read ran past its end.
    fn more(&self, buf: &[u8]) -> Result<bool, ReadError> {
        if buf.len() < self.end {
            return Err(ReadError::new(Problem::Overrun));
        }
        Ok(buf.len() > self.end)
    }

    /// The key of the message's next field, or `None` at its end.
    pub(crate) fn next_key(
        &self,
        buf: &mut &'a [u8],
    ) -> Result<Option<(u32, WireType)>, ReadError> {
        if !self.more(buf)? {
            return Ok(None);
        }
        Ok(Some(decode_key(buf)?))
    }

    /// How many bytes it has, for a bound on what a count of its fields
    /// may reserve: each item of a repeated field takes at least the bytes
    /// of its smallest valid encoding.
    pub(crate) fn body_len(&self) -> usize {
        self.body.len()
    }

    /// How many times each field occurs in the message, counted before
    /// reading it so that repeated fields are allocated once, at their
    /// size, and a missing required field is refused before anything is
    /// built; `None` if the fields do not parse, which reading them will
    /// report.
    pub(crate) fn tally(&self) -> Option<Tally> {
        let mut counts = [0; Tally::FIELDS];
        let mut buf = self.body;
        while !buf.is_empty() {
            let (tag, wire_type) = decode_key(&mut buf).ok()?;
            skip_field(wire_type, tag, &mut buf, ctx()).ok()?;
            if let Some(count) = counts.get_mut(tag as usize) {
                *count += 1;
            }
        }
        Some(Tally(counts))
    }
}

/// How many times each field of a message occurs: see
/// [`Delimited::tally`].
pub(crate) struct Tally([usize; Tally::FIELDS]);

impl Tally {
    /// Fields 0 to 31: every field of the schemas, whose highest number is
    /// 28 (minecraft_savedata's `recipe_book`).
    const FIELDS: usize = 32;

    /// How many times field `tag` occurs.
    pub(crate) fn count(&self, tag: u32) -> usize {
        self.0.get(tag as usize).copied().unwrap_or(0)
    }

    /// An error if required field `tag`, called `name`, does not occur.
    pub(crate) fn require(&self, tag: u32, name: &'static str) -> Result<(), ReadError> {
        if self.count(tag) == 0 {
            return Err(missing(name));
        }
        Ok(())
    }
}

/// The bytes of a length-delimited field whose key was just read, after
/// reading its length, which must fit in the input.
fn length_delimited<'a>(wire_type: WireType, buf: &mut &'a [u8]) -> Result<&'a [u8], ReadError> {
    check_wire_type(WireType::LengthDelimited, wire_type)?;
    let len = usize::try_from(decode_varint(buf)?).unwrap_or(usize::MAX);
    buf.get(..len).ok_or(ReadError::new(Problem::PastEnd))
}

/// The value of a `bytes` field, borrowed from the input.
pub(crate) fn bytes<'a>(wire_type: WireType, buf: &mut &'a [u8]) -> Result<&'a [u8], ReadError> {
    let bytes = length_delimited(wire_type, buf)?;
    *buf = &buf[bytes.len()..];
    Ok(bytes)
}

/// Skips an unknown field.
pub(crate) fn skip(tag: u32, wire_type: WireType, buf: &mut &[u8]) -> Result<(), ReadError> {
    Ok(skip_field(wire_type, tag, buf, ctx())?)
}

/// Where the values of a repeated number field go.
pub(crate) trait Values<T> {
    /// Makes room for `additional` more values, counted before they are
    /// read.
    fn reserve(&mut self, additional: usize);

    /// Stores the next value.
    fn push(&mut self, value: T) -> Result<(), ReadError>;
}

impl<T> Values<T> for Vec<T> {
    fn reserve(&mut self, additional: usize) {
        // Amortized, not exact: a field may come in many short runs.
        Vec::reserve(self, additional);
    }

    fn push(&mut self, value: T) -> Result<(), ReadError> {
        Vec::push(self, value);
        Ok(())
    }
}

/// Reads one occurrence of a repeated varint field into `values`: a packed
/// run, or a single value written unpacked. `merge` is prost's decoder of
/// the field's type (`uint32::merge`, `sint64::merge`).
pub(crate) fn repeated<'a, T: Default>(
    wire_type: WireType,
    buf: &mut &'a [u8],
    merge: impl Fn(WireType, &mut T, &mut &'a [u8], DecodeContext) -> Result<(), DecodeError>,
    values: &mut impl Values<T>,
) -> Result<(), ReadError> {
    let mut value = T::default();
    if wire_type != WireType::LengthDelimited {
        merge(wire_type, &mut value, buf, ctx())?;
        return values.push(value);
    }
    let run = Delimited::read(wire_type, buf)?;
    // Each varint ends in the one of its bytes below 0x80.
    values.reserve(run.body.iter().filter(|&&byte| byte < 0x80).count());
    while run.more(buf)? {
        merge(WireType::Varint, &mut value, buf, ctx())?;
        values.push(value)?;
        value = T::default();
    }
    Ok(())
}

/// A `u16` stored in a `uint32` field.
pub(crate) fn narrow_u16(value: u32) -> Result<u16, ReadError> {
    u16::try_from(value).map_err(|_| ReadError::invalid(format!("is {value}, above 65535")))
}

/// A `u8` stored in a `uint32` field.
pub(crate) fn narrow_u8(value: u32) -> Result<u8, ReadError> {
    u8::try_from(value).map_err(|_| ReadError::invalid(format!("is {value}, above 255")))
}

/// An `i8` stored in an `int32` field.
pub(crate) fn narrow_i8(value: i32) -> Result<i8, ReadError> {
    i8::try_from(value).map_err(|_| ReadError::invalid(format!("is {value}, outside -128 to 127")))
}

/// An `i16` stored in an `int32` field.
pub(crate) fn narrow_i16(value: i32) -> Result<i16, ReadError> {
    i16::try_from(value)
        .map_err(|_| ReadError::invalid(format!("is {value}, outside -32768 to 32767")))
}

/// A float or double as the RSB datasets' `optional` fields hold it: left
/// out for +0.0 alone, as a plain proto3 number equal to zero is, so the
/// bytes are those of a plain field for every value but −0.0, which is
/// written and so survives.
pub(crate) fn present<F: Float>(value: F) -> Option<F> {
    (!value.is_positive_zero()).then_some(value)
}

/// The value of such a field: +0.0 when absent, as for a plain field.
pub(crate) fn or_zero<F: Float>(value: Option<F>) -> F {
    value.unwrap_or_default()
}

/// `f32` and `f64`, for [`present`] and [`or_zero`].
pub(crate) trait Float: Copy + Default {
    /// Whether the value is +0.0, bit for bit (−0.0 is not).
    fn is_positive_zero(self) -> bool;
}

impl Float for f32 {
    fn is_positive_zero(self) -> bool {
        self.to_bits() == 0
    }
}

impl Float for f64 {
    fn is_positive_zero(self) -> bool {
        self.to_bits() == 0
    }
}

/// The value of a message field, which protobuf leaves optional but the
/// dataset requires.
pub(crate) fn required<T>(value: Option<T>, name: &'static str) -> Result<T, ReadError> {
    value.ok_or_else(|| missing(name))
}

fn missing(name: &'static str) -> ReadError {
    ReadError::invalid("is missing").field(name)
}

/// Why a message could not be read, and in which field.
///
/// Public only because [`Wire`] is: the crate turns it into its
/// [`Error`](crate::Error) before users see it.
#[derive(Debug)]
pub struct ReadError {
    /// The path to the field, innermost step first: it grows outwards as
    /// the error returns through the reads, so a valid message never pays
    /// for it.
    path: Vec<Step>,
    problem: Problem,
}

#[derive(Debug)]
enum Step {
    Field(&'static str),
    Index(usize),
}

#[derive(Debug)]
enum Problem {
    /// prost's decoders refused the bytes.
    Prost(DecodeError),
    /// A length runs past the end of the input.
    PastEnd,
    /// A field runs past the end of the message or packed run holding it.
    Overrun,
    /// Well-formed, but not a value of the dataset; said so that it follows
    /// the field's path: `"is missing"`.
    Invalid(String),
}

impl From<DecodeError> for ReadError {
    fn from(error: DecodeError) -> Self {
        Self::new(Problem::Prost(error))
    }
}

impl ReadError {
    fn new(problem: Problem) -> Self {
        Self {
            path: Vec::new(),
            problem,
        }
    }

    /// A message that is not a value of the dataset: `problem` with the
    /// field the path will lead to.
    pub(crate) fn invalid(problem: impl Into<String>) -> Self {
        Self::new(Problem::Invalid(problem.into()))
    }

    /// The problem is inside field `name`.
    #[must_use]
    pub(crate) fn field(mut self, name: &'static str) -> Self {
        self.path.push(Step::Field(name));
        self
    }

    /// The problem is inside item `index` of a repeated field.
    #[must_use]
    pub(crate) fn index(mut self, index: usize) -> Self {
        self.path.push(Step::Index(index));
        self
    }

    /// The crate's error for codec `F` decoding `T`, which stopped with
    /// `rest` of `len` bytes unread.
    pub(crate) fn into_error<F: BaseCodec, T: Dataset + Wire>(
        self,
        len: usize,
        rest: usize,
    ) -> Error {
        let root = type_name::<T::Message>()
            .rsplit("::")
            .next()
            .unwrap_or_default();
        self.error_of(F::NAME, T::NAME, root, len, rest)
    }

    /// [`ReadError::into_error`] for codec `codec` reading `subject` (a
    /// dataset, or a document) as the message `root`.
    pub(crate) fn error_of(
        self,
        codec: &'static str,
        subject: &'static str,
        root: &str,
        len: usize,
        rest: usize,
    ) -> Error {
        let path = (!self.path.is_empty()).then(|| Path(&self.path).to_string());
        let Described {
            kind,
            message,
            malformed,
            source,
        } = self.describe(root, rest);
        let mut error = Error::named(kind, codec, subject, message);
        // A value that is not the dataset's is found after its bytes were
        // read, so it has a field and no byte.
        if malformed {
            error = error.at_offset(len - rest);
        }
        if let Some(path) = path {
            error = error.at_path(path);
        }
        match source {
            Some(source) => error.with_source(source),
            None => error,
        }
    }

    /// What went wrong in root message `root`, with `rest` bytes unread.
    fn describe(self, root: &str, rest: usize) -> Described {
        // A malformed message names its place as prost does: the root
        // message, then the fields, without indices.
        let mut place = root.to_owned();
        for step in self.path.iter().rev() {
            if let Step::Field(name) = step {
                place.push('.');
                place.push_str(name);
            }
        }
        let past_end = |place: &str| {
            (
                ErrorKind::Truncated,
                format!("the input ends inside {place}: a length or value runs past its end"),
            )
        };
        let mut source = None;
        let (kind, message) = match self.problem {
            Problem::Invalid(problem) => {
                return Described {
                    kind: ErrorKind::Invalid,
                    message: format!("the field {problem}"),
                    malformed: false,
                    source: None,
                };
            }
            Problem::PastEnd => past_end(&place),
            // prost's words, as before the reads were this crate's.
            Problem::Overrun => (
                ErrorKind::Syntax,
                format!("delimited length exceeded in {place}"),
            ),
            Problem::Prost(cause) => {
                // prost exposes its error only as text: "failed to decode
                // Protobuf message: ", the fields a generated message's
                // decode was in, and the cause. prost is pinned to one
                // version, and the tests pin this parsing.
                let text = cause.to_string();
                let text = text
                    .strip_prefix("failed to decode Protobuf message: ")
                    .unwrap_or(&text);
                // A generated message's decode names the fields it was in,
                // innermost first (`TaskHeader.id: Task.header: `).
                let (stack, cause_text) = prost_stack(text);
                let place = stack.unwrap_or_else(|| place.clone());
                let described = match cause_text {
                    "buffer underflow" => past_end(&place),
                    "invalid varint" if rest == 0 => (
                        ErrorKind::Truncated,
                        format!("the input ends inside a varint of {place}"),
                    ),
                    "recursion limit reached" => (
                        ErrorKind::Limit,
                        format!("{place} nests deeper than prost's limit of 100 levels"),
                    ),
                    cause => (ErrorKind::Syntax, format!("{cause} in {place}")),
                };
                source = Some(cause);
                described
            }
        };
        Described {
            kind,
            message,
            malformed: true,
            source,
        }
    }
}

/// A [`ReadError`] in words: see [`ReadError::describe`].
struct Described {
    kind: ErrorKind,
    message: String,
    /// Whether the bytes are not a protobuf message (rather than a message
    /// that is no value of the dataset), so the byte reading stopped at
    /// is where.
    malformed: bool,
    /// prost's error, where it found the fault.
    source: Option<DecodeError>,
}

/// Splits prost's error text after its prefix into the place a generated
/// message's decode names, `TaskManager.lists.tasks.header.id` (none for
/// prost's field decoders), and the cause.
fn prost_stack(text: &str) -> (Option<String>, &str) {
    let mut rest = text;
    let mut steps = Vec::new();
    // A step is `Message.field: `, a word with no space; causes have
    // spaces before any colon (`invalid wire type: …`).
    while let Some((step, after)) = rest.split_once(": ") {
        match step.split_once('.') {
            Some((message, field)) if !step.contains(' ') => steps.push((message, field)),
            _ => break,
        }
        rest = after;
    }
    let Some(&(root, _)) = steps.last() else {
        return (None, rest);
    };
    let mut place = root.to_owned();
    for (_, field) in steps.iter().rev() {
        place.push('.');
        place.push_str(field);
    }
    (Some(place), rest)
}

/// A field path, `lists[1].tasks[3].header`, from steps innermost first.
struct Path<'a>(&'a [Step]);

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (position, step) in self.0.iter().rev().enumerate() {
            match step {
                Step::Field(name) if position == 0 => f.write_str(name)?,
                Step::Field(name) => write!(f, ".{name}")?,
                Step::Index(index) => write!(f, "[{index}]")?,
            }
        }
        Ok(())
    }
}

/// Names the field an error happened in, as the error returns through the
/// reads.
pub(crate) trait Within<T> {
    /// The error happened in field `name`.
    fn field(self, name: &'static str) -> Result<T, ReadError>;

    /// The error happened in item `index` of repeated field `name`.
    fn item(self, name: &'static str, index: usize) -> Result<T, ReadError>;
}

impl<T, E: Into<ReadError>> Within<T> for Result<T, E> {
    fn field(self, name: &'static str) -> Result<T, ReadError> {
        self.map_err(|error| error.into().field(name))
    }

    fn item(self, name: &'static str, index: usize) -> Result<T, ReadError> {
        self.map_err(|error| error.into().index(index).field(name))
    }
}
