//! MessagePack for the serbench model, with [rmp-serde] ([`MsgPack`]) and
//! with [zerompk]'s derive ([`MsgPackZerompk`], which writes the same
//! bytes; `src/zerompk.rs` says how, and gives its own limits).
//!
//! MessagePack is "JSON, but binary": self-describing, schemaless and read
//! by a library in nearly every language. This crate writes structs as maps
//! keyed by field name, as MessagePack users outside Rust expect, so
//! Python's `msgpack.unpackb` gives dicts with the model's field names and a
//! program in any language reads the data without a schema.
//!
//! Both codecs decode into the model's borrowed forms too
//! ([`Codec::borrow`]), lending every str from the input: rmp-serde
//! through its borrowing reader, zerompk through the reader, walk and
//! checks of its owned decode.
//!
//! [rmp-serde]: https://docs.rs/rmp-serde
//! [zerompk]: https://docs.rs/zerompk
//!
//! ```
//! use serbench_model::{Dataset, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_msgpack::to_vec(&manager)?;
//! // A map of 3 entries; "user" → "Demo User"; "version" → [1, 0, 0].
//! assert!(bytes.starts_with(b"\x83\xa4user\xa9Demo User\xa7version\x93\x01\x00\x00"));
//! let back: TaskManager = serbench_msgpack::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//! # Ok::<(), serbench_msgpack::Error>(())
//! ```
//!
//! # Wire layout
//!
//! - A struct is a map from field name (str) to value, in declaration order.
//!   Readers take the fields in any order; unknown and repeated fields are
//!   errors. A struct written as an array of its fields in order (rmp-serde's
//!   default) reads too.
//! - A `Vec` is an array; a `String` is a str; `None` is nil.
//! - Integers take the smallest MessagePack form that holds them (positive
//!   fixint, uint 8/16/32/64, negative fixint, int 8/16/32/64); readers take
//!   any form whose value fits the field.
//! - An `f64` is always float 64 (`0xcb` and eight big-endian bytes), so every
//!   bit pattern (NaN payloads, −0.0, subnormals) survives.
//! - A unit enum variant is its name as a str: `Player` is `"JAVA"` or
//!   `"FLASH"`, `Size` is `"SMALL"` or `"LARGE"`. `Priority` is the integer
//!   0 to 3 (`Low`, `Medium`, `High`, `Critical`).
//!
//! The model's leaf values take the binary forms its serde impls give a
//! format that is not human-readable: an id is bin 8 holding its 16 bytes; a
//! color is the integer `0xAARRGGBB`; `created` is the array `[seconds since
//! 1970, nanoseconds, UTC offset in seconds]`, so every instant, nanosecond
//! and offset the model holds round-trips; a version is an array of
//! integers.
//!
//! - **task-manager**: `{"user": str, "version": [1, 0, 0], "lists": [{"header":
//!   {"id": bin, "name": str, "color": int, "created": [s, ns, offset]},
//!   "tasks": [{"header": {…}, "description": str, "priority": 0..3,
//!   "completed": bool}]}]}`. 10 000 tasks take 1 280 KB, the keys being
//!   most of the difference from QDataStream's 1 127 KB and the compact
//!   binary formats' 643 KB.
//! - **telemetry**: `{"sensor_id": str, "ambient_temperature": float 64, …,
//!   "humidity": float 64}`: 203 bytes a message.
//! - **graph**: `{"nodes": [{"id", "name", "out_edges", "in_edges"}], "edges":
//!   [{"from", "to", "weight"}]}`.
//! - **records**: `{"ids": [int …], "strings": [str …]}`: 13 414 bytes
//!   (13 402 for the C++ benchmark's MessagePack, which has no keys).
//! - **media**: `{"media": {"uri", "title", "width", "height", "format",
//!   "duration", "size", "bitrate", "persons", "player", "copyright"},
//!   "images": [{"uri", "title", "width", "height", "size"}]}`; absent
//!   options are nil: 393 bytes.
//! - **log**: `{"logs": [{"address": {"x0", "x1", "x2", "x3"}, "identity",
//!   "userid", "date", "request", "code", "size"}]}`.
//! - **mesh**: `{"triangles": [{"v0", "v1", "v2", "normal"}]}`, each vector
//!   `{"x", "y", "z"}` of float 32s (an `f32` is always float 32).
//! - **minecraft_savedata**: `{"players": [{"game_type": "Survival", …}]}`:
//!   a tuple or `[u32; 4]` is an array, an absent option nil.
//! - **mk48**: `{"updates": [{"contacts": [{…, "entity_type": "Yasen", …}],
//!   "score", "world_radius", "terrain_updates": [{"chunk_id": [x, y],
//!   "data": […]}]}]}`: `data`, a `Vec<u8>`, is an array of integers, as
//!   serde gives it, not a bin.
//!
//! rust_serialization_benchmark writes its structs as arrays (rmp-serde's
//! default), so its sizes for these four leave out the keys this crate
//! writes.
//!
//! # Limits
//!
//! Decoding borrows strings and byte strings from the input after checking
//! that their declared length is there, and sequences reserve at most 4 KiB
//! ahead of their elements (the model's serde impls trust a declared length
//! no further), so a short input declaring a huge str, bin, array or map
//! allocates next to nothing.
//! rmp-serde refuses nesting deeper than 1 024 arrays and maps; the model's
//! types go seven levels deep and refuse a wrong type before descending into
//! it, so hostile nesting fails at once. Trailing bytes are an
//! [`ErrorKind::TrailingBytes`] error; other errors hold the field path and
//! the byte where decoding stopped as their
//! [`position`](Error::position), and rmp-serde's error as their
//! [`source`](std::error::Error::source). The position is found by
//! decoding again, which copies a text serde's message quotes (an unknown
//! key) several times over; where that message is over 8 KiB, the error
//! says `(position unknown)` instead, so a megabyte key costs no more than
//! the decode that refused it. Every value of the model encodes,
//! so encoding does not fail.

mod declared;
#[cfg(feature = "document")]
pub mod document;
#[cfg(feature = "evolution")]
mod evolution;
#[cfg(feature = "document")]
mod input;
#[cfg(feature = "document")]
mod positional;
mod walk;
mod zerompk;
#[cfg(feature = "document")]
pub use positional::MsgPackPositional;

pub use crate::zerompk::{Derived, MsgPackZerompk};
use std::io::{self, Cursor};

use rmp_serde::decode::Error as DecodeError;
use serbench_model::serde_forms::{Lent, SerdeBorrow, with_path};
use serbench_model::{BaseCodec, Carries, Codec, Dataset, lend_or_tell};
pub use serbench_model::{Error, ErrorKind};
use serde::Serialize;
use serde::de::{Deserialize, DeserializeOwned};

/// The MessagePack codec.
#[derive(Clone, Copy, Debug, Default)]
pub struct MsgPack;

impl BaseCodec for MsgPack {
    const NAME: &'static str = "msgpack";
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::MSGPACK);
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

serbench_model::functions!(MsgPack, "MessagePack value");

serbench_model::per_dataset!(MsgPack, MsgPackGeneric);

impl<T> Codec<T> for MsgPackGeneric
where
    T: Dataset + Serialize + DeserializeOwned + SerdeBorrow,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        let mut serializer = rmp_serde::Serializer::new(out).with_struct_map();
        value
            .serialize(&mut serializer)
            .map_err(|error| Error::unwritable(Self::NAME, T::NAME, error))
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        read(bytes, T::NAME)
    }

    /// rmp-serde's borrowing reader lends every string.
    fn borrow(bytes: &[u8]) -> Option<Result<T::Borrowed<'_>, Error>> {
        Some(lend_or_tell::<Self, T>(bytes, |bytes| {
            lend::<Lent<'_, T>>(bytes).map(|Lent(lent)| lent)
        }))
    }
}

/// A whole `T` read by rmp-serde from `bytes` through the borrowing
/// reader, its strings lent, with [`read`]'s checks: `None` where that
/// would fail, which it then tells.
fn lend<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<T> {
    let mut deserializer = rmp_serde::Deserializer::from_read_ref(bytes);
    let lent = T::deserialize(&mut deserializer).ok()?;
    match bool::deserialize(&mut deserializer) {
        Err(DecodeError::InvalidMarkerRead(error))
            if error.kind() == io::ErrorKind::UnexpectedEof =>
        {
            Some(lent)
        }
        _ => None,
    }
}

/// A whole `T` read by rmp-serde from `bytes` through the borrowing
/// reader, its errors about `subject` (a dataset, or a document).
fn read<T: DeserializeOwned>(bytes: &[u8], subject: &'static str) -> Result<T, Error> {
    let mut deserializer = rmp_serde::Deserializer::from_read_ref(bytes);
    let value =
        T::deserialize(&mut deserializer).map_err(|error| located::<T>(bytes, error, subject))?;
    // The borrowing reader does not tell its position, but reading one
    // more marker does: only at the end of the input does that fail
    // for want of a byte.
    match bool::deserialize(&mut deserializer) {
        Err(DecodeError::InvalidMarkerRead(error))
            if error.kind() == io::ErrorKind::UnexpectedEof =>
        {
            Ok(value)
        }
        _ => Err(trailing::<T>(bytes, subject)),
    }
}

/// The error for bytes after a complete value, at the byte where it ends.
fn trailing<T: DeserializeOwned>(bytes: &[u8], subject: &'static str) -> Error {
    let mut deserializer = rmp_serde::Deserializer::new(Cursor::new(bytes));
    let error = |message| Error::named(ErrorKind::TrailingBytes, MsgPack::NAME, subject, message);
    match T::deserialize(&mut deserializer) {
        Ok(_) => {
            let end = offset(deserializer.position(), bytes);
            error(format!("{} bytes follow the value", bytes.len() - end)).at_offset(end)
        }
        Err(cause) => error(format!("bytes follow the value: {cause}")).with_source(cause),
    }
}

/// The error of a failed decode, with the field path and the byte where
/// decoding stopped, found by decoding again with a reader that counts.
fn located<T: DeserializeOwned>(bytes: &[u8], error: DecodeError, subject: &'static str) -> Error {
    let quoted = match &error {
        DecodeError::Syntax(message) => message.len(),
        _ => 0,
    };
    let located = library_error(MsgPack::NAME, subject, error);
    // Decoding again copies such a text three times at once (the counting
    // reader's buffer, the path tracker's copy of a key, serde's message
    // growing to twice its size): five times its size, where a decode may
    // hold four times the input. A longer one leaves the position unknown.
    if quoted > QUOTED_MAX {
        return located;
    }
    let mut deserializer = rmp_serde::Deserializer::new(Cursor::new(bytes));
    let path = match with_path::<_, T>(&mut deserializer) {
        Err((path, _)) if path != "." => Some(path),
        _ => None,
    };
    let located = located.at_offset(offset(deserializer.position(), bytes));
    match path {
        Some(path) => located.at_path(path),
        None => located,
    }
}

/// rmp-serde's decode error as an error of codec `codec` about `subject`
/// (a dataset, or a document), with no position yet.
fn library_error(codec: &'static str, subject: &'static str, error: DecodeError) -> Error {
    let eof = |error: &io::Error| error.kind() == io::ErrorKind::UnexpectedEof;
    let (kind, what) = match &error {
        DecodeError::InvalidMarkerRead(error) | DecodeError::InvalidDataRead(error)
            if eof(error) =>
        {
            (
                ErrorKind::Truncated,
                "the input ends inside the value".to_owned(),
            )
        }
        DecodeError::TypeMismatch(marker) if marker.to_u8() == 0xc1 => (
            ErrorKind::Syntax,
            "the reserved marker 0xc1 is not MessagePack".to_owned(),
        ),
        DecodeError::DepthLimitExceeded => (
            ErrorKind::Limit,
            "arrays and maps nest deeper than 1 024 levels".to_owned(),
        ),
        DecodeError::Syntax(_) => (ErrorKind::Invalid, String::new()),
        other => (ErrorKind::Invalid, other.to_string()),
    };
    // serde's message quotes what it refuses whole ("unknown field `…`"
    // with a key of a megabyte): it is cut now, and rmp-serde's error kept
    // with the cut message, so it is not held while decoding again.
    match error {
        DecodeError::Syntax(message) => {
            let error = Error::named(kind, codec, subject, message);
            let source = DecodeError::Syntax(error.message().to_owned());
            error.with_source(source)
        }
        error => Error::named(kind, codec, subject, what).with_source(error),
    }
}

/// The longest message of serde's that the codec decodes again to find
/// the position of: five times it stays within the 64 KiB a decode may
/// hold beyond four times its input.
const QUOTED_MAX: usize = 8 * 1024;

/// A cursor's position in `bytes` as an offset; it never passes their end.
fn offset(position: u64, bytes: &[u8]) -> usize {
    usize::try_from(position).map_or(bytes.len(), |at| at.min(bytes.len()))
}
