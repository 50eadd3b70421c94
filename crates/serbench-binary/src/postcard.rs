//! postcard 1.x, whose wire format is specified and stable across 1.x.
//!
//! ```
//! use serbench_model::MediaContent;
//!
//! let bytes = serbench_binary::postcard::to_vec(&MediaContent::canonical())?;
//! // The first field, the uri: its length, 30, then its UTF-8 bytes.
//! assert!(bytes.starts_with(b"\x1ehttp://javaone.com/keynote.mpg"));
//! let back: MediaContent = serbench_binary::postcard::from_slice(&bytes)?;
//! assert_eq!(back, MediaContent::canonical());
//! # Ok::<(), serbench_binary::Error>(())
//! ```
//!
//! # Integers
//!
//! Every integer wider than a byte (lengths included) is a LEB128 varint:
//! seven bits per byte, least significant group first, the top bit set on
//! every byte but the last; so below 128 is one byte, below 16 384 two, and
//! a `u32` at most five. Signed integers are zigzag-encoded first. A `u8`
//! and a `bool` are one byte.
//!
//! # Limits
//!
//! postcard checks every declared string length against the input left
//! before taking the bytes, and hints no sequence size larger than the input
//! left; sequences reserve at most 4 KiB ahead of their elements (the
//! model's serde impls trust a declared length no further). Decoding memory
//! is therefore the decoded value plus a few KiB, whatever lengths the input
//! declares. A varint longer than its type allows is an
//! [`ErrorKind::Syntax`] error.

use ::postcard::ser_flavors::Flavor;
use serbench_model::__private::serde_forms::with_path;
use serbench_model::{Carries, Codec, Dataset, Error, ErrorKind, Format};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::strict::{self, Context, Strict};

/// The postcard codec.
#[derive(Clone, Copy, Debug, Default)]
pub struct Postcard;

impl Format for Postcard {
    const NAME: &'static str = "postcard";
    const CARRIES: Carries = Carries::EVERYTHING;
    type Error = Error;
}

/// Encodes `value` as postcard.
pub fn to_vec<T: Dataset>(value: &T) -> Result<Vec<u8>, Error>
where
    Postcard: Codec<T>,
{
    Postcard::to_vec(value)
}

/// Decodes one postcard value that fills `bytes`.
pub fn from_slice<T: Dataset>(bytes: &[u8]) -> Result<T, Error>
where
    Postcard: Codec<T>,
{
    Postcard::decode(bytes)
}

impl<T> Codec<T> for Postcard
where
    T: Dataset + Serialize + DeserializeOwned,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        ::postcard::serialize_with_flavor(value, Append(out)).map_err(|error| {
            Error::new::<Self, T>(ErrorKind::Unsupported, error.to_string()).with_source(error)
        })
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        let (value, rest) =
            ::postcard::take_from_bytes(bytes).map_err(|error| located::<T>(bytes, error))?;
        if !rest.is_empty() {
            let message = format!("{} bytes follow the value", rest.len());
            return Err(Error::new::<Self, T>(ErrorKind::TrailingBytes, message)
                .at_offset(bytes.len() - rest.len()));
        }
        Ok(value)
    }
}

/// Appends to the caller's buffer; postcard's own flavors start a new one.
struct Append<'a>(&'a mut Vec<u8>);

impl Flavor for Append<'_> {
    type Output = ();

    #[inline]
    fn try_extend(&mut self, bytes: &[u8]) -> ::postcard::Result<()> {
        self.0.extend_from_slice(bytes);
        Ok(())
    }

    #[inline]
    fn try_push(&mut self, byte: u8) -> ::postcard::Result<()> {
        self.0.push(byte);
        Ok(())
    }

    fn finalize(self) -> ::postcard::Result<()> {
        Ok(())
    }
}

/// The error of a failed decode. Decoding again finds the field path, the
/// byte where decoding stopped and the message of a check in the model,
/// which postcard's error type does not keep.
fn located<T: Dataset + DeserializeOwned>(bytes: &[u8], error: ::postcard::Error) -> Error {
    let context = Context::naming_fields();
    let mut deserializer = ::postcard::Deserializer::from_bytes(bytes);
    let traced = with_path::<_, T>(Strict::new(&mut deserializer, &context));
    let left = deserializer.finalize().map_or(0, <[u8]>::len);
    let at = bytes.len() - left;
    let (kind, mut what) = describe(&error);
    let path = match traced {
        Err((path, error)) => {
            if let strict::Error::Message(message) = error {
                what = message;
            }
            path
        }
        Ok(_) => String::new(),
    };
    let error = Error::new::<Postcard, T>(kind, what)
        .at_offset(at)
        .with_source(error);
    if path.is_empty() || path == "." {
        error
    } else {
        error.at_path(path)
    }
}

/// What kind of failure `error` is, in words.
fn describe(error: &::postcard::Error) -> (ErrorKind, String) {
    use ::postcard::Error as E;

    let (kind, what) = match error {
        E::DeserializeUnexpectedEnd => (ErrorKind::Truncated, "the input ends inside the value"),
        E::DeserializeBadVarint => (ErrorKind::Syntax, "a varint is longer than its type allows"),
        E::DeserializeBadBool => (ErrorKind::Invalid, "a bool is neither 0 nor 1"),
        E::DeserializeBadUtf8 => (ErrorKind::Invalid, "a string is not valid UTF-8"),
        E::DeserializeBadOption => (ErrorKind::Invalid, "an Option tag is neither 0 nor 1"),
        E::DeserializeBadEnum => (ErrorKind::Invalid, "an enum variant index passes u32"),
        other => return (ErrorKind::Invalid, other.to_string()),
    };
    (kind, what.to_owned())
}
