//! The simd-json codec: the same bytes as [`Json`](crate::Json), written
//! and read by simd-json's serde support, but for the digits of an `f32`:
//! simd-json's serializer widens it to an `f64` and writes that one's
//! shortest digits (`0.10000000149011612` for `0.1f32`), which read back to
//! the same `f32`.
//!
//! simd-json parses in place: it rewrites the buffer it reads (unescaping
//! strings into it), so it takes `&mut [u8]`. A decoder that is handed
//! `&[u8]` must copy the input first, and that copy is part of the timed
//! decode, as it is for any user holding borrowed bytes.
//!
//! simd-json reads a bare `-0` as the integer 0, where serde_json reads
//! the float −0.0 (which no integer field takes): the pass before it
//! ([`crate::depth`]) refuses it, so the JSON codecs agree on what is
//! valid.

use serbench_model::serde_forms::with_path;
use serbench_model::{BaseCodec, Carries, Codec, Dataset, Error, ErrorKind};
use serde::Serialize;
use serde::de::DeserializeOwned;
use simd_json::ErrorType;

use crate::depth;
use crate::locate::{StringFault, ends_open, string_fault, utf8_fault};
use crate::private::Portable;

/// JSON through simd-json: the same layout as [`Json`](crate::Json), and
/// the same bytes but for an `f32`'s digits.
#[derive(Clone, Copy, Debug, Default)]
pub struct JsonSimd;

impl BaseCodec for JsonSimd {
    const NAME: &'static str = "json-simd";
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::JSON_SIMD);
    const CARRIES: Carries = crate::Json::CARRIES;
    const BORROW: serbench_model::Borrowing =
        serbench_model::Borrowing::Unavailable("simd-json parses a mutable copy of the input");
    type Error = Error;
}

serbench_model::per_dataset!(JsonSimd, JsonSimdGeneric);

impl<T> Codec<T> for JsonSimdGeneric
where
    T: Dataset + Serialize + DeserializeOwned + Portable,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::refuse_unportable::<Self, T>(value)?;
        simd_json::serde::to_writer(out, value)
            .map_err(|error| Error::unwritable(Self::NAME, T::NAME, error))
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        read(bytes, T::NAME, depth::DEPTH)
    }
}

/// A `T` read by simd-json from `bytes`, after the pass that allows
/// containers `depth` levels; its errors about `subject` (a dataset, or a
/// document).
pub(crate) fn read<T: DeserializeOwned>(
    bytes: &[u8],
    subject: &'static str,
    depth: usize,
) -> Result<T, Error> {
    depth::check::<JsonSimd>(subject, bytes, depth, depth::MinusZero::Refused)?;
    // simd-json parses in place: it needs its own copy of the input,
    // made inside the timed decode.
    let mut copy = bytes.to_vec();
    let decoded = simd_json::serde::from_slice(&mut copy);
    // Locating an error parses again, into a copy of its own.
    drop(copy);
    decoded.map_err(|error| located::<T>(JsonSimd::NAME, bytes, error, subject))
}

/// simd-json's error as codec `codec`'s, at its byte offset where one is
/// known ([`place`]), with the field path found by decoding again while
/// tracking it ([`path`]).
pub(crate) fn located<T: DeserializeOwned>(
    codec: &'static str,
    bytes: &[u8],
    error: simd_json::Error,
    subject: &'static str,
) -> Error {
    let place = place(bytes, &error);
    let kind = match error.error() {
        _ if place.ended => ErrorKind::Truncated,
        ErrorType::Eof | ErrorType::UnterminatedString => ErrorKind::Truncated,
        ErrorType::TrailingData => ErrorKind::TrailingBytes,
        ErrorType::DepthLimitExceeded => ErrorKind::Limit,
        ErrorType::Serde(_)
        | ErrorType::Unexpected(..)
        | ErrorType::ExpectedArray
        | ErrorType::ExpectedBoolean
        | ErrorType::ExpectedEnum
        | ErrorType::ExpectedFloat
        | ErrorType::ExpectedInteger
        | ErrorType::ExpectedMap
        | ErrorType::ExpectedNull
        | ErrorType::ExpectedNumber
        | ErrorType::ExpectedSigned
        | ErrorType::ExpectedString
        | ErrorType::ExpectedUnsigned
        | ErrorType::BadKeyType => ErrorKind::Invalid,
        _ => ErrorKind::Syntax,
    };
    let path = path::<T>(bytes);
    let message = match error.error() {
        _ if place.ended => "the input ends inside an array, object or string".to_owned(),
        ErrorType::Serde(message) => message.clone(),
        ErrorType::Eof => "the input ends before the value does".to_owned(),
        // simd-json's own text adds `at character N`, which is the
        // position, where it is known, and 0 where it is not.
        other => match error.character() {
            Some(character) => format!("{other:?} at {character:?}"),
            None => format!("{other:?}"),
        },
    };
    let mut located = Error::named(kind, codec, subject, message);
    if let Some(at) = place.offset {
        located = located.at_offset(at);
    }
    let located = located.with_source(error);
    match path {
        Some(path) => located.at_path(path),
        None => located,
    }
}

/// The field path where simd-json's serde support, reading `bytes` as a
/// `T`, fails, if it does and not at the root: found on the error path
/// only, by decoding a copy again while tracking it.
pub(crate) fn path<T: DeserializeOwned>(bytes: &[u8]) -> Option<String> {
    let mut copy = bytes.to_vec();
    simd_json::Deserializer::from_slice(&mut copy)
        .ok()
        .and_then(
            |mut deserializer| match with_path::<_, T>(&mut deserializer) {
                Err((path, _)) if path != "." => Some(path),
                _ => None,
            },
        )
}

/// Where a simd-json error is, as far as it or the bytes can tell.
struct Place {
    /// The byte offset, where it is known.
    offset: Option<usize>,
    /// Whether the fault is that the input ends too soon.
    ended: bool,
}

/// Where `error` is in `bytes` (see [`crate::locate`]): simd-json's index
/// where it comes with the character found there, else the fault found in
/// the bytes again, else no offset.
fn place(bytes: &[u8], error: &simd_json::Error) -> Place {
    let at = |offset| Place {
        offset,
        ended: false,
    };
    let has_character = error.character().is_some();
    match error.error() {
        // Stage 2 ran out of structural characters inside a container.
        ErrorType::Syntax if has_character && ends_open(bytes) => Place {
            offset: Some(bytes.len()),
            ended: true,
        },
        // Stage 1: a control character in a string, or a string that never
        // ends, found at its opening quote.
        ErrorType::Syntax if !has_character => {
            let offset = string_fault(bytes, StringFault::Unescaped);
            Place {
                offset,
                ended: offset.is_some_and(|at| bytes[at] == b'"'),
            }
        }
        ErrorType::InvalidUtf8 => at(utf8_fault(bytes)),
        ErrorType::InvalidEscape | ErrorType::InvalidUnicodeCodepoint => {
            at(string_fault(bytes, StringFault::Escape))
        }
        // A number or literal cut by the input's end is refused at the
        // padding simd-json reads past it: the fault is the end.
        _ if has_character => at(Some(error.index().min(bytes.len()))),
        _ => at(None),
    }
}
