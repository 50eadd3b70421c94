//! Apache Thrift's binary and compact protocols for the serbench model,
//! written over the `thrift` crate's protocol types
//! (`TBinaryInputProtocol`, `TCompactOutputProtocol`, …), without
//! generated code: building and testing need no Thrift compiler.
//!
//! Thrift is in the C++ serializers benchmark this project reproduces
//! (thekvs cpp-serializers), in both protocols. Each codec here writes
//! exactly what the `.thrift` files in `schemas/` describe, so any Thrift
//! implementation with those schemas reads our bytes and writes bytes we
//! read: `cargo xtask interop` has Python's `thriftpy2` load the shipped
//! schemas and read every dump in both protocols.
//!
//! ```
//! use serbench_model::{Record, SensorReading};
//!
//! let record = Record::canonical();
//! let binary = serbench_thrift::to_binary(&record)?;
//! let compact = serbench_thrift::to_compact(&record)?;
//! // The C++ benchmark's sizes for the same record, to the byte.
//! assert_eq!((binary.len(), compact.len()), (17_017, 13_378));
//! assert_eq!(serbench_thrift::from_compact::<Record>(&compact)?, record);
//!
//! let reading = &SensorReading::generate(1)[0];
//! assert_eq!(serbench_thrift::to_compact(reading)?.len(), 83);
//! # Ok::<(), serbench_thrift::Error>(())
//! ```
//!
//! # Framing
//!
//! An encoding is one bare struct, the dataset's root struct, as Thrift's
//! `TSerializer` and `thriftpy2.utils.serialize` write it: no message
//! envelope (those belong to RPC calls), no frame length. Fields are
//! written in id order; every `required` field always, an `optional` one
//! only when the model has a value.
//!
//! - **Binary protocol**: a field is its type byte, its id as a big-endian
//!   `i16`, then its value; the struct ends with a 0 byte. Integers are
//!   big-endian and fixed width, a `double` its IEEE 754 bits big-endian, a
//!   `bool` one byte, a string or `binary` a big-endian `i32` length and
//!   the bytes, a list its element type byte and an `i32` count.
//! - **Compact protocol**: a field header is one byte (the id's distance
//!   from the previous field's, 1 to 15, and the type) or the type byte
//!   and the id as a zigzag varint; a `bool` field's value is in its type.
//!   Integers are zigzag varints, a `double` its bits little-endian, a
//!   length an unsigned varint; a list of fewer than 15 items has its
//!   count in the header byte.
//!
//! # Schemas
//!
//! The structs are those of `schemas/*.thrift` (the field ids and types are
//! in the schemas and `schemas/README.md`):
//!
//! - **task-manager**: `TaskManager{user, version: list<i32>, lists:
//!   list<TaskList>}`, `TaskList{header, tasks: list<Task>}`,
//!   `Task{header, description, priority: Priority, completed: bool}` and
//!   `TaskHeader{id: binary, name, color: i32, created_seconds: i64,
//!   created_nanos: i32, created_offset_seconds: i32}`. The id is the
//!   UUID's 16 bytes, the color Qt's `0xAARRGGBB` as an `i32`, the creation
//!   time Unix seconds, nanoseconds and the UTC offset in seconds, so
//!   every instant and offset of the model round-trips. `Priority` is an
//!   enum (an `i32` on the wire). 10 000 tasks (9 944): 1 160 828 bytes in
//!   the binary protocol, 737 815 in the compact one.
//! - **telemetry**: `SensorReading{sensor_id, ambient_temperature, …,
//!   humidity}`, the readings as `double`s: 104 bytes a message in the
//!   binary protocol, 83 in the compact one (an 8-character id).
//! - **graph**: `Graph{nodes: list<Node>, edges: list<Edge>}`,
//!   `Node{id: i32, name, out_edges, in_edges: list<i32>}` and
//!   `Edge{source, target, weight: i32}` (the model's `from` and `to`:
//!   Thrift reserves `from`). Thrift has no unsigned integers: ids and
//!   weights (`u16`) fit an `i32`; edge indices (`u32`) are written as
//!   their 32 bits, so an index above `i32::MAX` round-trips here and
//!   reads as negative elsewhere.
//! - **records**: `Record{ids: list<i64>, strings: list<string>}`, the C++
//!   benchmark's own `Record`.
//! - **media**: `MediaContent{images: list<Image>, media: Media}` with
//!   jvm-serializers' field ids; `title`, `bitrate` and `copyright` are
//!   `optional` (absent for `None`), `Player` and `Size` enums. The
//!   canonical value: 352 bytes binary, 243 compact.
//!
//! - **log**, **mesh**, **minecraft_savedata**, **mk48**
//!   (rust_serialization_benchmark's datasets): the shape of its `.proto`
//!   schemas, with their field ids and their nesting (`Address`,
//!   `Vector3`, `Vector3d`, `Vector2f`, `Uuid`, `Vehicle`, `ChunkId`
//!   structs), the enums `GameType` and `EntityType`, and the model's
//!   `Option`s as `optional` fields. Thrift has no unsigned integers: a
//!   `u8` is an `i16`, a `u16` an `i32`, and a `u32` or `u64` its bits as
//!   an `i32` or `i64`; an `i8` is a `byte`. Thrift has no 32-bit float: an
//!   `f32` is the `double` of the same value, a NaN's sign and payload
//!   moved by hand so that every bit pattern round-trips, and the reader
//!   refuses a `double` that is no `f32`'s. At RSB's counts (binary,
//!   compact): log 1 295 785 and 885 670 bytes; mesh 18 625 009 and
//!   14 625 006; minecraft_savedata 786 886 and 499 088; mk48 3 762 607
//!   and 2 142 936. RSB times no Thrift library.
//!
//! The version segments (`u32`) are, like edge indices, their 32 bits as
//! an `i32`. Every value of the model round-trips
//! ([`Carries::EVERYTHING`]); a string or list longer than `i32::MAX`
//! bytes or items is refused with [`ErrorKind::Unsupported`].
//!
//! # The C++ benchmark's sizes
//!
//! thekvs cpp-serializers writes its `Record` (the records dataset: 1 000
//! `i64`s and 100 strings of 86 bytes) in 17 017 bytes with the binary
//! protocol and 13 378 with the compact one. This crate writes the same
//! numbers, byte for byte the same layout:
//!
//! - binary: field header (3) + list header (5) + 1 000 × 8 = 8 008 for the
//!   ids; 3 + 5 + 100 × (4 + 86) = 9 008 for the strings; the stop byte:
//!   17 017.
//! - compact: field header (1) + list header (1 + a 2-byte count) + the
//!   ids' zigzag varints (4 670 bytes): 4 674; 1 + 2 + 100 × (1 + 86) = 8 703
//!   for the strings; the stop byte: 13 378.
//!
//! # Limits
//!
//! Decoding is safe on untrusted bytes and never panics. The `thrift`
//! crate (0.17) allocates whatever length a string declares before reading
//! it, and turns a negative binary-protocol length into a huge one; so
//! every length is read ahead of the protocol and checked against the
//! bytes left ([`ErrorKind::Truncated`] past them, [`ErrorKind::Syntax`]
//! when negative). A list's count is checked against the fewest bytes its
//! items take, and a list reserves at most one byte of memory per input
//! byte left, growing from there as items arrive. The compact protocol's
//! varints are defined on their type's width, but the crate reads each
//! into that width and drops the bits past it (a length of 2^32 + 9 reads
//! as 9, a field id of 65 537 as 1, an `i64` of 2^64 as 0): so every
//! varint, field ids, counts and lengths included, is checked first to
//! take at most the bytes its type needs (3 for an `i16`, 5 for an `i32`,
//! 10 for an `i64`) and to fit it, else an [`ErrorKind::Syntax`] error.
//! The binary protocol's integers have their type's width, and cannot be
//! too wide. A varint longer than needed but within those bytes (`0x80
//! 0x00` for 0) is accepted: the format asks for no shortest form.
//! Nothing recurses past
//! the schema's depth: Thrift readers usually skip unknown fields, but
//! these refuse them ([`ErrorKind::Invalid`]) before reading their value,
//! as they refuse a field of the wrong type, a field given twice, a
//! missing `required` field, an enum value outside the schema, a UUID that
//! is not 16 bytes, and timestamp parts the model cannot hold. Invalid
//! UTF-8 is [`ErrorKind::Syntax`]; bytes after the struct are
//! [`ErrorKind::TrailingBytes`]. Every error names the item and its byte
//! offset.

mod declared;
#[cfg(feature = "document")]
pub mod document;
mod error;
#[cfg(feature = "evolution")]
mod evolution;
mod float;
mod graph;
mod input;
mod log;
mod media;
mod mesh;
mod minecraft;
mod mk48;
mod protocol;
mod read;
mod records;
mod task_manager;
mod telemetry;
mod write;

use serbench_model::{BaseCodec, Carries, Codec, Dataset};
pub use serbench_model::{Error, ErrorKind};

use crate::error::{Fail, Fault, decode_error, encode_error};
use crate::input::Input;
use crate::protocol::Protocol;
use crate::read::Reader;
use crate::write::Writer;

/// Thrift's binary protocol: a bare struct, as `TSerializer` writes it.
#[derive(Clone, Copy, Debug, Default)]
pub struct ThriftBinary;

/// Thrift's compact protocol: a bare struct, as `TSerializer` writes it.
#[derive(Clone, Copy, Debug, Default)]
pub struct ThriftCompact;

impl BaseCodec for ThriftBinary {
    const NAME: &'static str = "thrift-binary";
    const DECLARED: Option<serbench_model::declared::Declared> =
        Some(crate::declared::THRIFT_BINARY);
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Unavailable(
        "the thrift crate reads from a stream into owned strings",
    );
    type Error = Error;
}

impl BaseCodec for ThriftCompact {
    const NAME: &'static str = "thrift-compact";
    const DECLARED: Option<serbench_model::declared::Declared> =
        Some(crate::declared::THRIFT_COMPACT);
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Unavailable(
        "the thrift crate reads from a stream into owned strings",
    );
    type Error = Error;
}

/// Encodes `value` in the binary protocol.
pub fn to_binary<T: Dataset>(value: &T) -> Result<Vec<u8>, Error>
where
    ThriftBinary: Codec<T>,
{
    ThriftBinary::to_vec(value)
}

/// Decodes the value that fills `bytes`, in the binary protocol.
pub fn from_binary<T: Dataset>(bytes: &[u8]) -> Result<T, Error>
where
    ThriftBinary: Codec<T>,
{
    ThriftBinary::decode(bytes)
}

/// Encodes `value` in the compact protocol.
pub fn to_compact<T: Dataset>(value: &T) -> Result<Vec<u8>, Error>
where
    ThriftCompact: Codec<T>,
{
    ThriftCompact::to_vec(value)
}

/// Decodes the value that fills `bytes`, in the compact protocol.
pub fn from_compact<T: Dataset>(bytes: &[u8]) -> Result<T, Error>
where
    ThriftCompact: Codec<T>,
{
    ThriftCompact::decode(bytes)
}

/// A dataset's struct as its schema in `schemas/` describes it, in either
/// protocol.
trait Thrift: Sized {
    fn write<P: Protocol>(&self, w: &mut Writer<'_, P>) -> Result<(), Fail>;
    fn read<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Self, Fault>;
}

/// Both codecs: the dataset's struct over the protocol's types.
fn encode<P: Protocol + BaseCodec, T: Dataset + Thrift>(
    value: &T,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    value
        .write(&mut Writer::<P>::new(out))
        .map_err(|fail| encode_error::<P>(T::NAME, fail))
}

fn decode<P: Protocol + BaseCodec, T: Dataset + Thrift>(bytes: &[u8]) -> Result<T, Error> {
    let input = Input::new(bytes);
    let mut reader = Reader::<P>::new(&input);
    T::read(&mut reader)
        .and_then(|value| reader.finish().map(|()| value))
        .map_err(|fault| decode_error::<P>(T::NAME, fault))
}

serbench_model::per_dataset!(ThriftBinary, ThriftBinaryGeneric);

impl<T: Dataset + Thrift> Codec<T> for ThriftBinaryGeneric {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        encode::<ThriftBinary, T>(value, out)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        decode::<ThriftBinary, T>(bytes)
    }
}

serbench_model::per_dataset!(ThriftCompact, ThriftCompactGeneric);

impl<T: Dataset + Thrift> Codec<T> for ThriftCompactGeneric {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        encode::<ThriftCompact, T>(value, out)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        decode::<ThriftCompact, T>(bytes)
    }
}
