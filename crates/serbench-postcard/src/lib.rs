//! postcard for the serbench model: postcard 1.x, whose wire format is
//! specified and stable across 1.x.
//!
//! postcard writes the values the model's serde impls describe and nothing
//! else: no field names, no type tags, variable-length integers. With
//! bincode it is the smallest and fastest serde format, the one a Rust
//! program reaches for to store or send its own data, and the Rust
//! counterpart of Qt's QDataStream. It does not describe itself, so reading
//! needs the model. It is the maintained compact binary format: choose it
//! for new data (bincode, in `serbench-bincode`, is unmaintained).
//!
//! ```
//! use serbench_model::{Dataset, MediaContent, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_postcard::to_vec(&manager)?;
//! // The user name: its length, then its UTF-8 bytes; then the version.
//! assert!(bytes.starts_with(b"\x09Demo User\x03\x01\x00\x00"));
//! let back: TaskManager = serbench_postcard::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//!
//! let bytes = serbench_postcard::to_vec(&MediaContent::canonical())?;
//! // The first field, the uri: its length, 30, then its UTF-8 bytes.
//! assert!(bytes.starts_with(b"\x1ehttp://javaone.com/keynote.mpg"));
//! let back: MediaContent = serbench_postcard::from_slice(&bytes)?;
//! assert_eq!(back, MediaContent::canonical());
//! # Ok::<(), serbench_postcard::Error>(())
//! ```
//!
//! # Wire layout
//!
//! - A struct is its fields in declaration order, with nothing between them.
//! - A `Vec` is its length, then its elements; a `String` is its length in
//!   bytes, then its UTF-8 bytes.
//! - An `Option` is a byte 0 (`None`) or 1 followed by the value.
//! - A `u8` or `bool` is one byte; an `f64` is its eight bytes, little-endian,
//!   so every bit pattern (NaN payloads, −0.0, subnormals) survives.
//! - A unit enum variant is its index as a varint: `Player` `JAVA` 0,
//!   `FLASH` 1; `Size` `SMALL` 0, `LARGE` 1.
//!
//! Every integer wider than a byte (lengths included) is a LEB128 varint:
//! seven bits per byte, least significant group first, the top bit set on
//! every byte but the last; so below 128 is one byte, below 16 384 two, and
//! a `u32` at most five. Signed integers are zigzag-encoded first (0, −1, 1,
//! −2 … become 0, 1, 2, 3 …).
//!
//! The model's leaf values take the binary forms its serde impls give a
//! format that is not human-readable: an id is a byte string, length 16 then
//! the 16 bytes; a color is the `u32` `0xAARRGGBB` as a varint; `created` is
//! three varints, seconds since 1970 (`i64`), nanoseconds (`u32`) and the UTC
//! offset in seconds (`i32`), so every instant, nanosecond and offset the
//! model holds round-trips; a version is a `Vec<u32>`; a priority is one byte
//! 0 to 3.
//!
//! - **task-manager**: `user`, `version`, `lists`; a list is `header`,
//!   `tasks`; a task is `header`, `description`, `priority`, `completed`; a
//!   header is `id`, `name`, `color`, `created`. 10 000 tasks take 643 KB
//!   (QDataStream: 1 127 KB).
//! - **telemetry**: `sensor_id`, then the eight readings as `f64`: 73 bytes
//!   a message.
//! - **graph**: `nodes` (`id`, `name`, `out_edges`, `in_edges`), then `edges`
//!   (`from`, `to`, `weight`). The seed graph takes 39.0 MB, where bincode
//!   takes 56.3 MB: seven bits a byte suit indices in the thousands and
//!   millions better than bincode's markers.
//! - **records**: `ids` as zigzag varints, then `strings`: 13 373 bytes.
//! - **media**: `media` (`uri`, `title`, `width`, `height`, `format`,
//!   `duration`, `size`, `bitrate`, `persons`, `player`, `copyright`), then
//!   `images` (`uri`, `title`, `width`, `height`, `size`): 222 bytes.
//!
//! rust_serialization_benchmark's four datasets take the same forms, field
//! by field in the model's (RSB's) order, so they are RSB's postcard bytes:
//!
//! - **log**: `logs`; a record is `address` (four bytes), `identity`,
//!   `userid`, `date`, `request`, `code` (varint), `size` (varint).
//! - **mesh**: `triangles`; a triangle is `v0`, `v1`, `v2`, `normal`, each
//!   three `f32`s of four bytes: 48 bytes a triangle.
//! - **minecraft_savedata**: `players`; a tuple or `[u32; 4]` is its
//!   elements with no length, an `i8` one byte, an enum its index.
//! - **mk48**: `updates`; a contact's `reloads` is a length then a byte a
//!   flag, a terrain update's `data` a length then its bytes.
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
//!
//! # Errors
//!
//! Decoding refuses trailing bytes ([`ErrorKind::TrailingBytes`]), and
//! says of a truncated input ([`ErrorKind::Truncated`]), a malformed varint
//! ([`ErrorKind::Syntax`]) or a value that is not the model's
//! ([`ErrorKind::Invalid`]) what was wrong; the error's
//! [`position`](Error::position) holds the field path and the byte where
//! decoding stopped, and it prints as ``invalid value: integer `9`,
//! expected a priority 0 to 3 (at lists[0].tasks[1].priority, byte 160)``.
//! postcard's own error is the [`source`](std::error::Error::source).
//! Every value of the model encodes, so encoding does not fail.

mod declared;
#[cfg(feature = "document")]
pub mod document;
#[cfg(feature = "evolution")]
mod evolution;
use postcard::ser_flavors::Flavor;
use serbench_model::serde_forms::with_path;
use serbench_model::serde_forms::{Lent, SerdeBorrow};
use serbench_model::strict::{self, Context, Strict};
use serbench_model::{BaseCodec, Carries, Codec, Dataset, lend_or_tell};
pub use serbench_model::{Error, ErrorKind};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The postcard codec.
#[derive(Clone, Copy, Debug, Default)]
pub struct Postcard;

impl BaseCodec for Postcard {
    const NAME: &'static str = "postcard";
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::POSTCARD);
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

serbench_model::functions!(Postcard, "postcard value");

serbench_model::per_dataset!(Postcard, PostcardGeneric);

impl<T> Codec<T> for PostcardGeneric
where
    T: Dataset + Serialize + DeserializeOwned + SerdeBorrow,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        postcard::serialize_with_flavor(value, Append(out))
            .map_err(|error| unwritable(T::NAME, error))
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        let (value, rest) =
            postcard::take_from_bytes(bytes).map_err(|error| located::<T>(bytes, error))?;
        if !rest.is_empty() {
            let message = format!("{} bytes follow the value", rest.len());
            return Err(Error::new::<Self, T>(ErrorKind::TrailingBytes, message)
                .at_offset(bytes.len() - rest.len()));
        }
        Ok(value)
    }

    /// postcard lends every string: it reads a `&str` straight from the
    /// input.
    fn borrow(bytes: &[u8]) -> Option<Result<T::Borrowed<'_>, Error>> {
        Some(lend_or_tell::<Self, T>(
            bytes,
            |bytes| match postcard::take_from_bytes::<Lent<'_, T>>(bytes) {
                Ok((lent, [])) => Some(lent.0),
                _ => None,
            },
        ))
    }
}

/// Postcard's library refusing to write, about `subject`.
fn unwritable(subject: &'static str, error: postcard::Error) -> Error {
    Error::unwritable(Postcard::NAME, subject, error)
}

/// Appends to the caller's buffer; postcard's own flavors start a new one.
struct Append<'a>(&'a mut Vec<u8>);

impl Flavor for Append<'_> {
    type Output = ();

    #[inline]
    fn try_extend(&mut self, bytes: &[u8]) -> postcard::Result<()> {
        self.0.extend_from_slice(bytes);
        Ok(())
    }

    #[inline]
    fn try_push(&mut self, byte: u8) -> postcard::Result<()> {
        self.0.push(byte);
        Ok(())
    }

    fn finalize(self) -> postcard::Result<()> {
        Ok(())
    }
}

/// The error of a failed decode. Decoding again finds the field path, the
/// byte where decoding stopped and the message of a check in the model,
/// which postcard's error type does not keep.
fn located<T: Dataset + DeserializeOwned>(bytes: &[u8], error: postcard::Error) -> Error {
    let context = Context::naming_fields();
    let mut deserializer = postcard::Deserializer::from_bytes(bytes);
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
fn describe(error: &postcard::Error) -> (ErrorKind, String) {
    use postcard::Error as E;

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
