//! Protocol Buffers for the serbench model, with [prost], the `protobuf`
//! crate (rust-protobuf) and buffa.
//!
//! Protocol Buffers is Google's schema-first binary format and the wire of
//! gRPC: no field names on the wire, integers as varints, and one `.proto`
//! schema from which every language generates its types. The Qt
//! serialization benchmark measures it beside QDataStream, JSON, XML and
//! CBOR. This crate carries the serbench datasets in the messages of
//! the workspace's `schemas/*.proto` (one file per dataset, package
//! `serbench`) and exposes the generated types as [`proto`], for programs
//! that work with the messages themselves.
//!
//! The schemas are compiled while this crate builds, by protox (a protobuf
//! compiler written in Rust) and prost-build, so no `protoc` is needed.
//!
//! ```
//! use serbench_model::{NativeCodec, TaskManager};
//! use serbench_protobuf::Protobuf;
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_protobuf::to_vec(&manager)?;
//! // Field 1 (`user`) is length-delimited: key 0x0a, length 9, the text.
//! assert!(bytes.starts_with(b"\x0a\x09Demo User"));
//! let back: TaskManager = serbench_protobuf::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//!
//! // The generated message, for code that works with protobuf types.
//! let message = Protobuf::build(&manager)?;
//! assert_eq!(message.version, [1, 0, 0]);
//! assert_eq!(message.lists[0].tasks[0].header.as_ref().unwrap().name, "Task 0-0");
//! # Ok::<(), serbench_protobuf::Error>(())
//! ```
//!
//! # Wire layout
//!
//! Standard protobuf (proto3) encoding of the root messages below; fields
//! are written in field-number order, zero-valued scalars, empty strings
//! and empty repeated fields are left out, and repeated integers are
//! packed. The schemas' comments give the reasons; the official tool reads
//! every encoding, for example
//! `protoc --decode=serbench.TaskManager -I schemas schemas/task-manager.proto < dump`.
//!
//! - **task-manager**, `serbench.TaskManager`: `user` (1), `version` (2,
//!   packed `uint32` segments), `lists` (3). A `TaskList` holds `header`
//!   (1) and `tasks` (2); a `Task` holds `header` (1), `description` (2),
//!   `priority` (3, enum `PRIORITY_LOW` to `PRIORITY_CRITICAL`) and
//!   `completed` (4). A `TaskHeader` holds the id as 16 `bytes` (1),
//!   `name` (2), the color as `fixed32` 0xAARRGGBB (3) and the creation
//!   time as `sint64` seconds since 1970 (4), `fixed32` nanoseconds (5)
//!   and `sint32` UTC offset in seconds (6).
//! - **telemetry**, `serbench.SensorReading`: `sensor_id` (1) and the eight
//!   readings (2 to 9) as `optional double`, so every reading is written,
//!   −0.0 included: 82 bytes for a generated message.
//! - **graph**, `serbench.Graph`: `nodes` (1; a `Node` holds `id`, `name`,
//!   packed `out_edges` and `in_edges`) and the edges as three parallel
//!   packed columns, `edge_from` (2), `edge_to` (3) and `edge_weight` (4).
//! - **records**, `serbench.Record`: `ids` (1, packed zigzag `sint64`) and
//!   `strings` (2).
//! - **media**, `serbench.MediaContent`: `images` (1) and `media` (2), with
//!   jvm-serializers' field numbers and integer types; the options are
//!   proto3 `optional` fields and the enums `Player` and `Size`.
//! - **log**, **mesh**, **minecraft_savedata** and **mk48**
//!   (rust_serialization_benchmark's), `serbench.Logs`, `serbench.Mesh`,
//!   `serbench.Players` and `serbench.Updates`: the shape of that
//!   benchmark's own `.proto` files (the same messages, field numbers and
//!   types; a tuple or `[u32; 4]` a message of its own, an `Option` a
//!   proto3 `optional` field, the narrow integers in `int32` and
//!   `uint32`), so that both write the same bytes. Two names differ, as
//!   every schema here is in package `serbench`: `MinecraftPlayer` and
//!   mk48's `Position`. Their floats and doubles are `optional` and left
//!   out for +0.0 alone, so −0.0 survives and every other value takes the
//!   bytes of a plain proto3 number; an absent one reads as +0.0.
//!
//! # What decoding checks, and what protobuf cannot
//!
//! Decoding rejects, with an error naming the field: malformed input
//! (bad varints, wire types or keys, invalid UTF-8, lengths past the end),
//! and messages that are not values of the dataset: an id that is not 16
//! bytes, an enum value the schema does not list, an out-of-range
//! timestamp part, a node id or weight above 65535, edge columns of
//! different lengths, a number outside the model's narrower type (an
//! address octet above 255, a `u16` above 65535, an `i8` below -128), and
//! a missing required message (`header`, `media`, a log's `address`, a
//! triangle's vertices, a player's `selected_item`, a contact's
//! `transform`, …) or reading. The error's [`position`](Error::position) holds the field
//! path (`lists[1].tasks[3].header.id`) and, for malformed input, the byte
//! where decoding stopped; prost's error, where it found the fault, is the
//! [`source`](std::error::Error::source).
//!
//! Protobuf's own rules make some damage undetectable, and this crate keeps
//! those rules so that it reads what any protobuf library writes:
//!
//! - A message cut at a field boundary is a valid, smaller message (fewer
//!   lists, fewer strings). [`BaseCodec::DETECTS_TRUNCATION`] is therefore
//!   false: a cut is either an error or a value different from the
//!   original, never the original.
//! - Bytes after the message are read as more fields. Bytes that do not
//!   form complete fields are errors (`\0` is the invalid field number 0,
//!   a lone key has no value), but a complete field appended to the message
//!   is part of it.
//! - Unknown fields are skipped; fields may come in any order; a
//!   non-repeated field that appears twice takes the last value (messages
//!   merge); a packed repeated field may also come unpacked or in several
//!   runs, which concatenate; an integer too wide for its field is cut to
//!   the field's width, as in C++; a `bool` is true for any non-zero
//!   varint.
//!
//! # Limits
//!
//! Every value of the model encodes ([`Carries::EVERYTHING`]): doubles keep
//! their bits, timestamps are plain integers, strings are UTF-8 of any
//! content. An encoding larger than 2 GiB − 1 bytes, the limit other
//! protobuf implementations enforce, is an [`ErrorKind::Unsupported`] error.
//!
//! Decoding is safe on untrusted bytes: it never panics; unknown groups
//! stop at prost's 100 levels of nesting (the schemas nest five); and
//! memory stays proportional to the input whatever lengths it declares.
//! Every declared length is checked against the bytes that remain before
//! anything is read, a string or byte string takes at most that many bytes,
//! and repeated fields grow item by item as the items arrive.
//!
//! Encoding builds the generated message from the model and lets prost
//! write it. Decoding reads the bytes straight into the model with prost's
//! field decoders (`prost::encoding`), field by field as prost's generated
//! code does, so it accepts and refuses what prost does; it never builds
//! the generated message, which would hold every element twice. The worst
//! case is then an input of empty nested messages, 2 bytes each, every one
//! an 80-byte model `Node`: 40 bytes per input byte at peak. The one
//! exception is minecraft_savedata's player, hundreds of bytes in the
//! model from 8 bytes of input at the least (a key, a length and its three
//! required messages, empty); the reads reserve room for no more items
//! than the input can hold valid ones, so empty messages reserve nothing.
//!
//! # Two prost codecs
//!
//! [`Protobuf`] is that tuned decoder. [`ProtobufStock`] is what a prost
//! user writes: `prost::Message::decode` into the generated message, then
//! a conversion to the model that checks what the tuned decoder checks.
//! Both write the same bytes and accept the same inputs; the report times
//! both, so it shows what prost gives and what reading straight into the
//! model adds. The stock decode holds prost's message, grown by doubling,
//! while it converts: up to 120 bytes per input byte on empty graph nodes.
//!
//! # Two more libraries
//!
//! [`ProtobufRust`] writes and reads the same messages with the `protobuf`
//! crate (stepancheg's rust-protobuf 3), whose code protobuf-codegen
//! writes in the build script with its own pure-Rust parser;
//! [`ProtobufBuffa`] with buffa, whose code buffa-codegen writes from
//! protox's descriptors and is committed (`cargo xtask codegen`). All three
//! libraries write the same bytes for every dataset (`tests/it/alike.rs`):
//! fields in field-number order, repeated numbers packed, proto3 defaults
//! left out. Each decodes into its own generated message, which is moved
//! into prost's and checked by the stock codec's conversion, so they
//! refuse what it refuses, with the same errors, but for what the library
//! itself accepts: rust-protobuf reads a field of the wrong wire type as
//! an unknown field, as C++ protobuf does. Their modules say what guards
//! each decoder has (rust-protobuf's needs a pre-walk of the lengths).
//! [`ProtobufBuffa`] alone lends: its borrowed decode reads buffa's lazy
//! views, whose strings are slices of the input, through the same checks.
//!
//! # Documents
//!
//! With the `document` feature, [`Protobuf`] also carries a document of
//! `serbench measure` (a `serbench-document` value, under a `.proto`
//! written from its inferred schema or the user's own): prost-reflect's
//! `DynamicMessage` over a schema protox compiles at run time, read by
//! the same prost decoders and limits as the datasets and written within
//! the same 2 GiB − 1. The `document` module says how a document maps to
//! proto3. [`ProtobufRust`] and [`ProtobufBuffa`] carry a document too,
//! through rust-protobuf's `MessageDyn` and buffa-descriptor's
//! `DynamicMessage` over the same written `.proto` and the same mapping,
//! and write the same bytes as [`Protobuf`].

pub mod buffa_codec;
mod check;
mod declared;
#[cfg(feature = "document")]
pub mod document;
#[cfg(feature = "evolution")]
mod evolution;
mod graph;
mod log;
mod media;
mod mesh;
mod minecraft;
mod mk48;
mod read;
mod records;
pub mod rust_protobuf;
mod stock;
mod task_manager;
mod telemetry;
mod wire;

use std::fmt;

use serbench_model::{BaseCodec, Carries, Codec, Dataset, NativeCodec};
pub use serbench_model::{Error, ErrorKind};

pub use crate::buffa_codec::ProtobufBuffa;
pub use crate::rust_protobuf::ProtobufRust;
pub use crate::stock::ProtobufStock;
use crate::wire::Wire;

/// The generated messages of `schemas/*.proto` (package `serbench`). Each
/// implements prost's `Message` (prost 0.14.6), for programs that encode
/// and decode the messages themselves.
pub mod proto {
    #![allow(
        clippy::must_use_candidate,
        reason = "prost-build generates the enums' name conversions without #[must_use]"
    )]
    #![allow(
        clippy::struct_excessive_bools,
        reason = "the messages' shapes: rust_serialization_benchmark's flags, one field each"
    )]
    include!(concat!(env!("OUT_DIR"), "/serbench.rs"));
}

/// The Protocol Buffers codec.
#[derive(Clone, Copy, Debug, Default)]
pub struct Protobuf;

impl BaseCodec for Protobuf {
    const NAME: &'static str = "protobuf";
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::PROTOBUF);
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing =
        serbench_model::Borrowing::Unavailable("prost decodes into owned strings only");
    // A message cut at a field boundary is a valid, smaller message.
    const DETECTS_TRUNCATION: bool = false;
    type Error = Error;
}

serbench_model::functions!(Protobuf, "protobuf message");

serbench_model::per_dataset!(Protobuf, ProtobufGeneric, native);

impl<T: Dataset + Wire> Codec<T> for ProtobufGeneric {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        write::<Self, T>(&value.build(), out)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        // Reading from a slice we hold shows where reading stopped.
        let mut rest = bytes;
        T::read(&mut rest).map_err(|error| error.into_error::<Self, T>(bytes.len(), rest.len()))
    }
}

impl<T: Dataset + Wire> NativeCodec<T> for ProtobufGeneric {
    type Message = T::Message;

    fn build(value: &T) -> Result<T::Message, Error> {
        Ok(value.build())
    }

    fn write(message: &T::Message, out: &mut Vec<u8>) -> Result<(), Error> {
        write::<Self, T>(message, out)
    }
}

/// The largest message other implementations read or write: 2 GiB − 1.
const MAX_LEN: usize = i32::MAX as usize;

/// Appends `message`, errors naming codec `F`.
fn write<F: BaseCodec, T: Dataset + Wire>(
    message: &T::Message,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    put(message, out).map_err(|unwritten| unwritten.error_of(F::NAME, T::NAME))
}

/// Appends any prost message, a dataset's generated one or a document's
/// `DynamicMessage`, once its length is within [`MAX_LEN`].
fn put(message: &impl prost::Message, out: &mut Vec<u8>) -> Result<(), Unwritten> {
    let len = message.encoded_len();
    check_len(len)?;
    out.reserve(len);
    message.encode(out).map_err(Unwritten::Prost)
}

fn check_len(len: usize) -> Result<(), Unwritten> {
    if len > MAX_LEN {
        return Err(Unwritten::TooLong(len));
    }
    Ok(())
}

/// Why a message was not written.
#[derive(Debug)]
enum Unwritten {
    /// Its encoding would take this many bytes, past [`MAX_LEN`].
    TooLong(usize),
    /// prost's own refusal, for want of room (never in a `Vec`).
    Prost(prost::EncodeError),
}

impl Unwritten {
    /// The crate's error for codec `codec` encoding `subject` (a dataset,
    /// or a document).
    fn error_of(self, codec: &'static str, subject: &'static str) -> Error {
        let error = Error::named(ErrorKind::Unsupported, codec, subject, self.to_string());
        match self {
            Unwritten::TooLong(_) => error,
            Unwritten::Prost(source) => error.with_source(source),
        }
    }
}

impl fmt::Display for Unwritten {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unwritten::TooLong(len) => write!(
                f,
                "the message would take {len} bytes, past protobuf's limit of 2 GiB - 1"
            ),
            Unwritten::Prost(error) => error.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use serbench_model::Record;

    use super::*;

    #[test]
    fn refuses_messages_over_2_gib() {
        assert!(check_len(MAX_LEN).is_ok());
        let error = check_len(MAX_LEN + 1)
            .unwrap_err()
            .error_of(Protobuf::NAME, Record::NAME);
        assert_eq!(error.kind(), ErrorKind::Unsupported);
        assert!(!error.position().is_known(), "{error}");
    }
}
