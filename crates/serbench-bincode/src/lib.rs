//! bincode for the serbench model: bincode 2.0.1 with its standard
//! configuration, and serde-zap, another library of the same bytes
//! ([`BincodeZap`]; `src/zap.rs` says how, and gives its limits).
//!
//! bincode writes the values the model's serde impls describe and nothing
//! else: no field names, no type tags, variable-length integers. With
//! postcard it is the smallest and fastest serde format, the one a Rust
//! program reaches for to store or send its own data, and the Rust
//! counterpart of Qt's QDataStream. It does not describe itself, so reading
//! needs the model.
//!
//! 2.0.1 is the last working release: 3.0.0 only raises a compile error and
//! the crate is marked unmaintained (RUSTSEC-2025-0141). It stays because
//! most Rust serialization benchmarks measure it; the version is pinned
//! exactly, and every decode runs with a size limit derived from the input
//! length (see [Decode limit and memory](#decode-limit-and-memory)). For new
//! data, choose postcard (`serbench-postcard`), whose wire format is
//! specified and maintained.
//!
//! ```
//! use serbench_model::{Dataset, MediaContent, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_bincode::to_vec(&manager)?;
//! // The user name: its length, then its UTF-8 bytes; then the version.
//! assert!(bytes.starts_with(b"\x09Demo User\x03\x01\x00\x00"));
//! let back: TaskManager = serbench_bincode::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//!
//! let bytes = serbench_bincode::to_vec(&MediaContent::canonical())?;
//! // The first field, the uri: its length, 30, then its UTF-8 bytes.
//! assert!(bytes.starts_with(b"\x1ehttp://javaone.com/keynote.mpg"));
//! let back: MediaContent = serbench_bincode::from_slice(&bytes)?;
//! assert_eq!(back, MediaContent::canonical());
//! # Ok::<(), serbench_bincode::Error>(())
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
//! `config::standard()` makes every integer wider than a byte (lengths
//! included) a little-endian varint: a value below 251 is one byte;
//! otherwise a marker byte 251, 252 or 253 is followed by the value as a
//! little-endian `u16`, `u32` or `u64`. Signed integers are zigzag-encoded
//! first (0, −1, 1, −2 … become 0, 1, 2, 3 …).
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
//!   (`from`, `to`, `weight`). The seed graph takes 56.3 MB (postcard, whose
//!   varints suit indices in the thousands and millions better: 39.0 MB).
//! - **records**: `ids` as zigzag varints, then `strings`: 13 202 bytes.
//! - **media**: `media` (`uri`, `title`, `width`, `height`, `format`,
//!   `duration`, `size`, `bitrate`, `persons`, `player`, `copyright`), then
//!   `images` (`uri`, `title`, `width`, `height`, `size`): 232 bytes.
//!
//! rust_serialization_benchmark's four datasets take the same forms, field
//! by field in the model's (RSB's) order:
//!
//! - **log**: `logs`; a record is `address` (four bytes), `identity`,
//!   `userid`, `date`, `request`, `code` (varint), `size` (varint).
//! - **mesh**: `triangles`; a triangle is `v0`, `v1`, `v2`, `normal`, each
//!   three `f32`s of four bytes, little-endian: 48 bytes a triangle.
//! - **minecraft_savedata**: `players`; a tuple or `[u32; 4]` is its
//!   elements with no length, an `i8` one byte, an enum its index.
//! - **mk48**: `updates`; a contact's `reloads` is a length then a byte a
//!   flag, a terrain update's `data` a length then its bytes.
//!
//! # Decode limit and memory
//!
//! bincode counts the bytes a decode *claims* and fails with
//! [`ErrorKind::Limit`] past a limit. It claims the full width of an integer
//! however short its varint (8 bytes for a one-byte `u64`, length or `i64`)
//! and the length of every string, so a valid value claims up to eight
//! bytes per byte it occupies. bincode 2.0.1 also reads an
//! owned string by claiming its declared length, *allocating* that many
//! bytes and only then reading: a 20-byte input declaring a 1 GiB string
//! allocates as much as the limit allows before it fails.
//!
//! [`Bincode`]'s decode first takes a fast path (`src/native.rs`): bincode's
//! own decoders read the dataset field by field, strings borrowed from the
//! input (bincode checks a declared length against what is left before
//! slicing) and sequences reserving at most 4 KiB ahead, so no declared
//! length allocates more than the bytes that back it. It reads every valid
//! encoding, in two thirds of the time the serde path takes. An input it
//! does not read to its last byte goes to the serde path below
//! (`src/decode.rs`), which decides, with the budget and the error
//! messages described here. [`BincodeStock`] has no fast path: every decode
//! is the serde path, which is what a bincode user writes, so the two rows
//! show what bincode gives and what the fast path adds.
//!
//! bincode's limit is a const generic, but a decode can claim part of it
//! before it starts, which leaves a budget computed from the input length.
//! Every decode runs with such a budget, in up to two steps:
//!
//! 1. Plain bincode with a budget of 4 × the input length + 48 KiB. A lying
//!    string length then costs at most that much, in one allocation freed at
//!    once. Valid values that claim up to four bytes per byte decode here at
//!    bincode's full speed: the generated datasets claim 1.05 (the seed
//!    graph) to 2.7 (tiny graphs), the task-manager 1.45.
//! 2. If the budget runs out, the input is decoded again with a budget of
//!    8 × its length + 64 KiB, which every valid value fits, and with every
//!    string and byte string asked for borrowed: bincode slices those out of
//!    the input after checking that enough input is left, so no declared
//!    length allocates anything. This step takes about half again as long.
//!
//! Sequences reserve at most 4 KiB ahead of their elements (the model's
//! serde impls trust a declared length no further), and a string sits in two
//! sequences at most, so the 16 KiB that step 1's floor leaves short of
//! 64 KiB cover their reservations: a short input that lies about its
//! lengths makes a decode allocate at most 4 × its length + 64 KiB (the
//! conformance kit's hostile inputs check it). A longer one allocates that
//! on top of what the value decoded before the lie takes.
//!
//! # Errors
//!
//! Decoding refuses trailing bytes ([`ErrorKind::TrailingBytes`]), and
//! says of a truncated input ([`ErrorKind::Truncated`]), a budget passed
//! ([`ErrorKind::Limit`]) or a value that is not the model's
//! ([`ErrorKind::Invalid`]) what was wrong; the error's
//! [`position`](Error::position) holds the field path and the byte where
//! decoding stopped, and it prints as ``invalid value: integer `9`,
//! expected a priority 0 to 3 (at lists[0].tasks[1].priority, byte 160)``.
//! bincode's own error is the [`source`](std::error::Error::source).
//! Every value of the model encodes, so encoding does not fail.

mod declared;
mod decode;
#[cfg(feature = "document")]
pub mod document;
#[cfg(feature = "evolution")]
mod evolution;
mod input;
mod native;
mod zap;

use bincode::config;
use bincode::enc::write::Writer;
use bincode::error::EncodeError;
use serbench_model::serde_forms::SerdeBorrow;
use serbench_model::{BaseCodec, Carries, Codec, Dataset, lend_or_tell};
pub use serbench_model::{Error, ErrorKind};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::native::Native;
pub use crate::zap::BincodeZap;

/// The bincode codec (bincode 2.0.1, standard configuration).
#[derive(Clone, Copy, Debug, Default)]
pub struct Bincode;

impl BaseCodec for Bincode {
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::BINCODE);
    const DOCUMENT: serbench_model::DocumentPath = serbench_model::DocumentPath::Elsewhere {
        by: "bincode-stock",
        why: "the tuned bincode is a fast path for the model's own types; a document has none, and goes through bincode's serde API, the bincode-stock row",
    };
    const NAME: &'static str = "bincode";
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

serbench_model::functions!(Bincode, "bincode value");

serbench_model::per_dataset!(Bincode, BincodeGeneric);

impl<T> Codec<T> for BincodeGeneric
where
    T: Dataset + Serialize + DeserializeOwned + SerdeBorrow + Native,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        encode::<Self, T>(value, out)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        // What the fast path does not read whole, the serde path decides,
        // within its budget and with its messages.
        match native::read_whole(bytes) {
            Some(value) => Ok(value),
            None => decode::with_serde::<Self, T>(bytes),
        }
    }

    /// Through bincode's serde support (the fast path builds owned
    /// strings), as [`BincodeStock`]'s.
    fn borrow(bytes: &[u8]) -> Option<Result<T::Borrowed<'_>, Error>> {
        Some(lend_or_tell::<Self, T>(bytes, decode::lend::<T>))
    }
}

/// bincode 2.0.1 as a bincode user writes it for types with serde impls:
/// `bincode::serde` with the standard configuration and a size limit, and
/// no fast path. The bytes are [`Bincode`]'s.
///
/// It times what the library gives; [`Bincode`] beside it times what this
/// crate's fast path adds. The model's types implement serde's traits, not
/// bincode's `Encode`/`Decode` (deriving those would make the model depend
/// on bincode), so serde is the API a bincode user of these types has. The
/// decode budget of [Decode limit and memory](crate#decode-limit-and-memory)
/// is bincode's own limit, set from the input length; valid input never
/// leaves its step 1, plain bincode.
#[derive(Clone, Copy, Debug, Default)]
pub struct BincodeStock;

impl BaseCodec for BincodeStock {
    const NAME: &'static str = "bincode-stock";
    const DECLARED: Option<serbench_model::declared::Declared> =
        Some(crate::declared::BINCODE_STOCK);
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

serbench_model::per_dataset!(BincodeStock, BincodeStockGeneric);

impl<T> Codec<T> for BincodeStockGeneric
where
    T: Dataset + Serialize + DeserializeOwned + SerdeBorrow,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        encode::<Self, T>(value, out)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        decode::with_serde::<Self, T>(bytes)
    }

    /// bincode's serde support lends every string.
    fn borrow(bytes: &[u8]) -> Option<Result<T::Borrowed<'_>, Error>> {
        Some(lend_or_tell::<Self, T>(bytes, decode::lend::<T>))
    }
}

/// Appends `value` to `out` with bincode's serde encoder, errors naming
/// codec `F`.
fn encode<F: BaseCodec, T: Dataset + Serialize>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
    bincode::serde::encode_into_writer(value, Append(out), config::standard())
        .map_err(|error| unwritable(F::NAME, T::NAME, error))
}

/// bincode's write failing, as an error of codec `codec` about `subject`
/// (a dataset, or a document): a message of ours bare, since bincode's
/// `Display` is its `Debug`.
fn unwritable(codec: &'static str, subject: &'static str, error: EncodeError) -> Error {
    let message = match &error {
        EncodeError::OtherString(message) => message.clone(),
        other => format!("{other:?}"),
    };
    Error::named(ErrorKind::Unsupported, codec, subject, message).with_source(error)
}

/// Appends to the caller's buffer; bincode's own writers start a new one.
struct Append<'a>(&'a mut Vec<u8>);

impl Writer for Append<'_> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.0.extend_from_slice(bytes);
        Ok(())
    }
}
