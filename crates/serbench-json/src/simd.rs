//! The simd-json codec: the same bytes as [`Json`](crate::Json), written
//! and read by simd-json's serde support.
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

use serbench_model::__private::serde_forms::with_path;
use serbench_model::{BaseCodec, Carries, Codec, Dataset, Error, ErrorKind};
use serde::Serialize;
use serde::de::DeserializeOwned;
use simd_json::ErrorType;

use crate::depth;
use crate::private::Portable;

/// JSON through simd-json: the same layout and bytes as [`Json`](crate::Json).
#[derive(Clone, Copy, Debug, Default)]
pub struct JsonSimd;

impl BaseCodec for JsonSimd {
    const NAME: &'static str = "json-simd";
    const CARRIES: Carries = crate::Json::CARRIES;
    type Error = Error;
}

impl<T> Codec<T> for JsonSimd
where
    T: Dataset + Serialize + DeserializeOwned + Portable,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::refuse_unportable::<Self, T>(value)?;
        simd_json::serde::to_writer(out, value).map_err(|error| {
            Error::new::<Self, T>(ErrorKind::Unsupported, error.to_string()).with_source(error)
        })
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        depth::check::<Self, T>(bytes, depth::MinusZero::Refused)?;
        let mut copy = bytes.to_vec();
        let decoded = simd_json::serde::from_slice(&mut copy);
        // Locating an error parses again, into a copy of its own.
        drop(copy);
        decoded.map_err(|error| located::<T>(bytes, error))
    }
}

/// simd-json's error as ours, at its byte offset, with the field path found
/// by decoding again while tracking it.
fn located<T: Dataset + DeserializeOwned>(bytes: &[u8], error: simd_json::Error) -> Error {
    let kind = match error.error() {
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
    let mut copy = bytes.to_vec();
    let path = simd_json::Deserializer::from_slice(&mut copy)
        .ok()
        .and_then(
            |mut deserializer| match with_path::<_, T>(&mut deserializer) {
                Err((path, _)) if path != "." => Some(path),
                _ => None,
            },
        );
    let message = error.to_string();
    let located = Error::new::<JsonSimd, T>(kind, message)
        .at_offset(error.index())
        .with_source(error);
    match path {
        Some(path) => located.at_path(path),
        None => located,
    }
}
