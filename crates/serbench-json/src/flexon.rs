//! The flexon codec: the same layout as [`Json`](crate::Json), written
//! and read by flexon's serde support.
//!
//! flexon scans with SIMD instructions straight into serde, from `&[u8]`,
//! checking UTF-8 first. Three things it leaves undone are done here, by
//! the pass its input takes first ([`crate::depth::check_whole`]):
//!
//! - it stops reading where the value ends and says nothing of what
//!   follows, so `{…}{…}` read as the first object: the pass refuses
//!   bytes other than whitespace after the root value
//!   ([`ErrorKind::TrailingBytes`]);
//! - it reads a bare `-0` as the integer 0, as simd-json does, where
//!   serde_json reads the float −0.0: the pass refuses it, so the JSON
//!   codecs refuse the same integers;
//! - its own nesting limit is 255 levels; the pass keeps it to the
//!   datasets' 16 (a document's [`MAX_DEPTH`](serbench_document::value::MAX_DEPTH)).
//!
//! Its borrowed decode (`Codec::borrow`) lends every string without an
//! escape from the input (flexon hands serde a `&str` of the input where
//! it has nothing to unescape), through the same serde forms and behind
//! the same pass as the decode.
//!
//! It writes a control character's escape with upper-case hex digits
//! (`\u001F`, where serde_json writes `\u001f`), and NaN and infinities
//! as `null`, which are refused before it writes, as for serde_json.

use serbench_model::serde_forms::{Lent, SerdeBorrow, with_path};
use serbench_model::{BaseCodec, Carries, Codec, Dataset, Error, ErrorKind, lend_or_tell};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::private::Portable;

/// JSON through flexon: the same layout as [`Json`](crate::Json).
#[derive(Clone, Copy, Debug, Default)]
pub struct JsonFlexon;

impl BaseCodec for JsonFlexon {
    const NAME: &'static str = "json-flexon";
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::JSON_FLEXON);
    const CARRIES: Carries = crate::Json::CARRIES;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

serbench_model::per_dataset!(JsonFlexon, JsonFlexonGeneric);

impl<T> Codec<T> for JsonFlexonGeneric
where
    T: Dataset + Serialize + DeserializeOwned + SerdeBorrow + Portable,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        // flexon writes NaN and infinities as `null`, which would read back
        // as an error: they are refused here first.
        crate::refuse_unportable::<Self, T>(value)?;
        ::flexon::serde::to_writer(out, value)
            .map_err(|error| Error::unwritable(Self::NAME, T::NAME, error))
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        read(bytes, T::NAME, crate::depth::DEPTH)
    }

    /// flexon lends a string that has no escape, and copies one that has;
    /// behind the same pass as the decode.
    fn borrow(bytes: &[u8]) -> Option<Result<T::Borrowed<'_>, Error>> {
        Some(lend_or_tell::<Self, T>(bytes, |bytes| {
            lend::<Lent<'_, T>>(bytes, T::NAME, crate::depth::DEPTH).map(|lent| lent.0)
        }))
    }
}

/// A `T` read by flexon from `bytes`, after the pass that allows
/// containers `depth` levels and refuses what follows the value; its
/// errors about `subject` (a dataset, or a document).
pub(crate) fn read<T: DeserializeOwned>(
    bytes: &[u8],
    subject: &'static str,
    depth: usize,
) -> Result<T, Error> {
    crate::depth::check_whole::<JsonFlexon>(subject, bytes, depth)?;
    ::flexon::from_slice(bytes).map_err(|error| located::<T>(bytes, &error, subject))
}

/// [`read`]'s pass and read for a `T` that borrows from `bytes`; `None`
/// where `read` fails, which `read` then tells.
fn lend<'de, T: Deserialize<'de>>(
    bytes: &'de [u8],
    subject: &'static str,
    depth: usize,
) -> Option<T> {
    crate::depth::check_whole::<JsonFlexon>(subject, bytes, depth).ok()?;
    ::flexon::from_slice(bytes).ok()
}

/// flexon's error as ours, at its byte offset, with the field path found by
/// decoding again while tracking it.
fn located<T: DeserializeOwned>(
    bytes: &[u8],
    error: &::flexon::serde::de::Error,
    subject: &'static str,
) -> Error {
    use ::flexon::serde::de::Kind;

    // flexon names a value of the wrong type where a number, string,
    // array or object belongs by the token it found there, as it names
    // malformed text: what stands at its offset tells them apart.
    let found = match error.kind() {
        Kind::UnexpectedToken | Kind::InvalidLiteral => value_at(bytes, error.start()),
        _ => None,
    };
    let kind = match error.kind() {
        _ if found.is_some() => ErrorKind::Invalid,
        Kind::Eof | Kind::UnclosedString => ErrorKind::Truncated,
        Kind::Message(_) => ErrorKind::Invalid,
        // As serde_json: a number no `f64` holds is malformed text.
        _ => ErrorKind::Syntax,
    };
    let message = match found {
        Some(found) => format!("{error}: {found} where the layout has another type"),
        None => error.to_string(),
    };
    let mut deserializer = ::flexon::Parser::from_slice(bytes);
    let path = match with_path::<_, T>(&mut deserializer) {
        Err((path, _)) if path != "." => Some(path),
        _ => None,
    };
    let mut located = Error::named(kind, JsonFlexon::NAME, subject, message);
    // A serde error (a wrong type, a missing field) has no place in
    // flexon's error: its span is 0.
    if !matches!(error.kind(), Kind::Message(_)) {
        located = located.at_offset(error.start().min(bytes.len()));
    }
    match path {
        Some(path) => located.at_path(path),
        None => located,
    }
}

/// What JSON value begins at byte `at` of `bytes`, if one does: the kind
/// of a complete literal, or of a string, number, array or object by its
/// first byte (the parser has found its place, not its end).
fn value_at(bytes: &[u8], at: usize) -> Option<&'static str> {
    let rest = bytes.get(at..)?;
    match *rest.first()? {
        b'"' => Some("a string"),
        b'{' => Some("an object"),
        b'[' => Some("an array"),
        b'0'..=b'9' => Some("a number"),
        b'-' if rest.get(1).is_some_and(u8::is_ascii_digit) => Some("a number"),
        _ if rest.starts_with(b"true") || rest.starts_with(b"false") => Some("a boolean"),
        _ if rest.starts_with(b"null") => Some("null"),
        _ => None,
    }
}
