//! Compact binary formats for the serbench model: bincode and postcard.
//!
//! Both write the values the model's serde impls describe and nothing else:
//! no field names, no type tags, variable-length integers. They are the
//! smallest and fastest serde formats, the ones a Rust program reaches for to
//! store or send its own data, and the Rust counterpart of Qt's QDataStream.
//! Neither describes itself, so reading needs the model.
//!
//! - [`Bincode`] is bincode 2.0.1, the last working release: 3.0.0 only
//!   raises a compile error and the crate is marked unmaintained. It stays
//!   because most Rust serialization benchmarks measure it; the version is
//!   pinned exactly, and every decode runs with a size limit derived from
//!   the input length (see [`bincode`](mod@bincode)).
//! - [`Postcard`] is the maintained compact binary format, with a specified
//!   wire format that is stable across postcard 1.x. Choose it for new data.
//!
//! ```
//! use serbench_model::{Dataset, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_binary::postcard::to_vec(&manager)?;
//! // The user name: its length, then its UTF-8 bytes; then the version.
//! assert!(bytes.starts_with(b"\x09Demo User\x03\x01\x00\x00"));
//! let back: TaskManager = serbench_binary::postcard::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//!
//! let bytes = serbench_binary::bincode::to_vec(&manager)?;
//! assert!(bytes.starts_with(b"\x09Demo User\x03\x01\x00\x00"));
//! let back: TaskManager = serbench_binary::bincode::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//! # Ok::<(), serbench_binary::Error>(())
//! ```
//!
//! # Wire layout
//!
//! Both formats lay values out the same way and differ only in how they
//! write integers wider than a byte: bincode's varints take one byte below
//! 251 and a marker byte plus 2, 4 or 8 bytes above; postcard's take seven
//! bits per byte (see [`bincode`](mod@bincode) and
//! [`postcard`](mod@postcard)). Signed integers are zigzag-encoded first in
//! both.
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
//!   header is `id`, `name`, `color`, `created`. 10 000 tasks take 643 KB in
//!   both (QDataStream: 1 127 KB).
//! - **telemetry**: `sensor_id`, then the eight readings as `f64`: 73 bytes
//!   a message in both.
//! - **graph**: `nodes` (`id`, `name`, `out_edges`, `in_edges`), then `edges`
//!   (`from`, `to`, `weight`). The seed graph takes 56.3 MB as bincode and
//!   39.0 MB as postcard, whose varints suit its indices in the thousands
//!   and millions better.
//! - **records**: `ids` as zigzag varints, then `strings`: 13 202 bytes as
//!   bincode, 13 373 as postcard.
//! - **media**: `media` (`uri`, `title`, `width`, `height`, `format`,
//!   `duration`, `size`, `bitrate`, `persons`, `player`, `copyright`), then
//!   `images` (`uri`, `title`, `width`, `height`, `size`): 232 bytes as
//!   bincode, 222 as postcard.
//!
//! # Errors
//!
//! Decoding refuses trailing bytes ([`ErrorKind::TrailingBytes`]), and
//! says of a truncated input ([`ErrorKind::Truncated`]) or a value that is
//! not the model's ([`ErrorKind::Invalid`]) what was wrong; the error's
//! [`position`](Error::position) holds the field path and the byte where
//! decoding stopped, and it prints as ``invalid value: integer `9`,
//! expected a priority 0 to 3 (at lists[0].tasks[1].priority, byte 160)``.
//! bincode's or postcard's own error is the
//! [`source`](std::error::Error::source).
//! Every value of the model encodes, so encoding does not fail.

pub mod bincode;
mod native;
pub mod postcard;
mod strict;

pub use crate::bincode::Bincode;
pub use crate::postcard::Postcard;
pub use serbench_model::{Error, ErrorKind};
