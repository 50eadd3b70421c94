//! nanoserde's binary format for the serbench model, with nanoserde
//! 0.2.1 through its own derive.
//!
//! nanoserde is a small serialization library with no dependencies (its
//! derive parses Rust without `syn`), written for the macroquad game
//! engine and the miniquad family, where build time and size matter more
//! than features: `#[derive(SerBin, DeBin)]` on a type gives its binary
//! writer and reader, and `SerJson`, `SerRon` and a TOML reader sit beside
//! them. It opts out of serde. Its binary format is a Rust-to-Rust layout
//! with no specification but the library's source, and no reader in
//! another language: a program picks it to save a game's state or send
//! it between its own builds, not to talk to other programs. The model's
//! types are not nanoserde's to derive, so the codec derives on mirror
//! types of the same shape, as a nanoserde user does with their own types,
//! and converts both ways (the conversions are timed).
//!
//! ```
//! use serbench_model::{Dataset, MediaContent, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_nanoserde::to_vec(&manager)?;
//! // The user name: its length as a u64, then its UTF-8 bytes.
//! assert!(bytes.starts_with(b"\x09\0\0\0\0\0\0\0Demo User"));
//! let back: TaskManager = serbench_nanoserde::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//!
//! let bytes = serbench_nanoserde::to_vec(&MediaContent::canonical())?;
//! let back: MediaContent = serbench_nanoserde::from_slice(&bytes)?;
//! assert_eq!(back, MediaContent::canonical());
//! # Ok::<(), serbench_nanoserde::Error>(())
//! ```
//!
//! # Wire layout
//!
//! What nanoserde 0.2.1's `SerBin` implementations and derive write (its
//! `serde_bin.rs`; there is no other description):
//!
//! - a struct is its fields in declaration order, with nothing between
//!   them;
//! - a `Vec` or `String` is its length as a `u64`, then its elements or its
//!   UTF-8 bytes;
//! - integers and `f64` take their full width, little-endian, every bit of
//!   a float kept; a `bool` is one byte, 1 or 0;
//! - an `Option` is a byte 0 (`None`) or 1 followed by the value;
//! - an enum is its variant index as a `u16`.
//!
//! Leaf values: an id is its 16 bytes (a `[u8; 16]`, no length); a color
//! the `u32` `0xAARRGGBB`; `created` the seconds since 1970 (`i64`), the
//! nanoseconds (`u32`) and the UTC offset in seconds (`i32`); a version a
//! `Vec<u32>`; a priority (0 to 3), player or size its variant index.
//!
//! - **task-manager**: `user`, `version`, `lists`; a list is `header`,
//!   `tasks`; a task is `header`, `description`, `priority`, `completed`; a
//!   header is `id`, `name`, `color`, `created`: borsh's layout with
//!   lengths four bytes wider and variant indexes one byte wider.
//! - **telemetry**: `sensor_id` (8-byte length, 8 bytes), then the eight
//!   readings: 80 bytes a message.
//! - **graph**: `nodes` (`id`, `name`, `out_edges`, `in_edges`), then
//!   `edges` (`from`, `to`, `weight`: 10 bytes each).
//! - **records**: `ids` (8 bytes each), then `strings`.
//! - **media**: `media` (`uri`, `title`, `width`, `height`, `format`,
//!   `duration`, `size`, `bitrate`, `persons`, `player`, `copyright`), then
//!   `images` (`uri`, `title`, `width`, `height`, `size`).
//!
//! rust_serialization_benchmark's four datasets are its own types'
//! layout (RSB derives nanoserde on types of the same fields in the same
//! order, so the sizes are RSB's): the top-level list's count, then each
//! item's fields in order (`serbench_model::log` and the others name them).
//!
//! - **log**: `address` (four bytes), `identity`, `userid`, `date`,
//!   `request`, `code` (`u16`), `size` (`u64`).
//! - **mesh**: 48 bytes a triangle, `v0`, `v1`, `v2` and `normal`, each
//!   three `f32`s.
//! - **minecraft_savedata**: a player's game types are `u16` variant
//!   indexes, its tuples and `uuid` arrays their elements with no count,
//!   its options and nested entities as above.
//! - **mk48**: an update's `contacts` (an `Option<EntityType>` is a tag and
//!   a `u16` index; `reloads` one byte a flag), `score`, `world_radius`,
//!   then `terrain_updates` (`chunk_id` two bytes, `data` its count and
//!   bytes).
//!
//! # What it carries
//!
//! Everything the model holds: floats are their eight bytes, or four for
//! an `f32` (NaN payloads and infinities included), and a `u64` length
//! holds any string or list. Writing cannot fail. nanoserde writes only
//! owned values (no `&str`), so the codec first copies the model into its
//! mirror (the `mirror` module), and that copy is part of the timed encode.
//!
//! # Limits
//!
//! nanoserde checks that each fixed-width value and each string fits the
//! input, each string's UTF-8 and each variant index. It does not check
//! a declared count against the input: a `Vec`'s count goes to
//! `Vec::with_capacity` as it is, so 8 bytes can make it reserve any
//! amount (an abort when the allocator refuses, a panic past `isize`), and
//! a string length near 2^64 overflows its offset arithmetic (a panic). So
//! before nanoserde reads, a walk of the layout written here holds every
//! declared length and count to the input left (`n` elements of at least
//! `m` bytes need `n × m` bytes; [`ErrorKind::Truncated`] at the length
//! otherwise). What nanoserde then reserves is what the input could fill
//! (see SECURITY.md for the bytes per byte of input). The walk reads only
//! lengths and `Option` tags, skipping everything else by its size, and is
//! timed with the decode. It guards nanoserde's own reading rather than
//! replacing it, so the row stays marked `stock`. The layout nests no
//! deeper than the model's types.
//!
//! nanoserde does not check two things a stricter reader would: a `bool`
//! byte other than 0 reads as `true`, and an `Option` tag other than 1 as
//! `None`. The codec reads them as nanoserde does, so such bytes (a
//! flipped bit) decode to a value rather than fail; the encoding of every
//! value is still one.
//!
//! # Errors
//!
//! Decoding refuses trailing bytes ([`ErrorKind::TrailingBytes`]: nanoserde's
//! `deserialize_bin` would leave them, the codec reads through `de_bin`
//! and checks where it stopped), a truncated input
//! ([`ErrorKind::Truncated`]), an unknown variant, invalid UTF-8 and a
//! timestamp out of range ([`ErrorKind::Invalid`]; the timestamp with its
//! field path, `lists[0].tasks[1].header.created`). nanoserde's
//! [`DeBinErr`] is the
//! [`source`](std::error::Error::source); it reports all three as a
//! "length" error, and the codec tells them apart by what it holds (an
//! expected length of 0 for a variant, a span the input holds for UTF-8)
//! and words its own message. The offset is nanoserde's: the start of the
//! value it could not read, of a string's bytes, or the variant index.

mod check;
mod declared;
#[cfg(feature = "evolution")]
mod evolution;
mod mirror;

use nanoserde::{DeBin, DeBinErr, DeBinErrReason, SerBin};
use serbench_model::{BaseCodec, Carries, Codec, Dataset};
pub use serbench_model::{Error, ErrorKind};

use crate::check::Lengths;
use crate::mirror::Mirrored;

/// nanoserde's binary format, through its derive.
#[derive(Clone, Copy, Debug, Default)]
pub struct NanoserdeBin;

impl BaseCodec for NanoserdeBin {
    const DECLARED: Option<serbench_model::declared::Declared> =
        Some(crate::declared::NANOSERDE_BIN);
    const DOCUMENT: serbench_model::DocumentPath = serbench_model::DocumentPath::Unavailable(
        "nanoserde's SerBin and DeBin are derived for a Rust type at compile time, and it has no serde support or other run-time API: a schema known only at run time cannot drive it",
    );
    const NAME: &'static str = "nanoserde-bin";
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing =
        serbench_model::Borrowing::Unavailable("nanoserde's DeBin builds owned strings only");
    type Error = Error;
}

serbench_model::functions!(NanoserdeBin, "nanoserde binary value");

/// Writes the mirror of `value`, appending to `out`: nanoserde writes no
/// borrowed text, so the mirror holds a copy (see the `mirror` module).
fn encode<T: Mirrored>(value: &T, out: &mut Vec<u8>) {
    value.mirror().ser_bin(out);
}

/// Checks the lengths `bytes` declare, reads the owned mirror of a `T`
/// and converts it into the model.
fn decode<T>(bytes: &[u8]) -> Result<T, Error>
where
    T: Dataset + Lengths + Mirrored,
{
    T::check(bytes).map_err(|too_long| {
        Error::new::<NanoserdeBin, T>(ErrorKind::Truncated, too_long.message)
            .at_offset(too_long.offset)
    })?;
    // `de_bin` rather than `deserialize_bin`, which leaves trailing bytes
    // unread and unreported: the offset says where nanoserde stopped.
    let mut at = 0;
    let mirror = <T::Mirror as DeBin>::de_bin(&mut at, bytes)
        .map_err(|error| refused(T::NAME, bytes, error))?;
    if at != bytes.len() {
        return Err(Error::new::<NanoserdeBin, T>(
            ErrorKind::TrailingBytes,
            format!("{} bytes follow the value", bytes.len() - at),
        )
        .at_offset(at));
    }
    T::from_mirror(mirror).map_err(|invalid| {
        Error::new::<NanoserdeBin, T>(ErrorKind::Invalid, invalid.message).at_path(invalid.path)
    })
}

/// The error of nanoserde refusing `bytes` of `subject` (a dataset, or the
/// evolution record), with its kind and offset.
///
/// nanoserde 0.2.1 has one reason, `Length`, for all it refuses: a value
/// past the end (the length it wanted at the offset of the value), an
/// unknown variant (an expected length of 0, at the offset after the
/// `u16` index) and a string that is not UTF-8 (the string's length, at
/// its first byte, a span the input holds: the walk has refused any
/// string longer than the input before nanoserde reads).
fn refused(subject: &'static str, bytes: &[u8], error: DeBinErr) -> Error {
    let at = error.o;
    let (kind, offset, message) = match error.msg {
        DeBinErrReason::Length {
            expected_length: 0, ..
        } => {
            let index = at
                .checked_sub(2)
                .and_then(|start| bytes.get(start..at))
                .map_or(0, |index| u16::from_le_bytes([index[0], index[1]]));
            (
                ErrorKind::Invalid,
                at.saturating_sub(2),
                format!("variant index {index} is not one of the type's"),
            )
        }
        DeBinErrReason::Length {
            expected_length, ..
        } if at.saturating_add(expected_length) <= bytes.len() => (
            ErrorKind::Invalid,
            at,
            format!("a string of {expected_length} bytes that are not UTF-8"),
        ),
        DeBinErrReason::Length { .. } => (
            ErrorKind::Truncated,
            at,
            "the input ends inside the value".to_owned(),
        ),
        // The enum is non-exhaustive: a later release's reason, as it says it.
        _ => (ErrorKind::Invalid, at, error.to_string()),
    };
    Error::named(kind, NanoserdeBin::NAME, subject, message)
        .at_offset(offset)
        .with_source(error)
}

/// `Codec` for every dataset: its mirrors and its length check.
macro_rules! codec {
    ($($dataset:path),* $(,)?) => {$(
        impl Codec<$dataset> for NanoserdeBin {
            fn encode(value: &$dataset, out: &mut Vec<u8>) -> Result<(), Error> {
                encode(value, out);
                Ok(())
            }

            fn decode(bytes: &[u8]) -> Result<$dataset, Error> {
                decode(bytes)
            }
        }
    )*};
}

serbench_model::for_each_dataset!(codec);
