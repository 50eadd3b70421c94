//! Avro for the serbench model, with [apache-avro](apache_avro).
//!
//! Avro is the Hadoop ecosystem's schema-first binary format (Kafka's
//! Schema Registry, Spark, Hive): the bytes hold no field names, no tags
//! and no field numbers, only the values in the order the schema lists
//! them, so a reader needs the writer's schema to read anything. The C++
//! serialization benchmark measures it beside Thrift, protobuf and Cap'n
//! Proto. This crate carries the nine datasets in the records of the
//! workspace's `schemas/*.avsc` and reads and writes them with the Apache
//! project's Rust library, through its serde reader and writer (no
//! `Value` tree in between).
//!
//! ```
//! use serbench_model::Record;
//!
//! let record = Record::canonical();
//! let bytes = serbench_avro::to_vec(&record)?;
//! // `ids`: one block of 1 000 items (zigzag 2000 = d0 0f), then the first id.
//! assert!(bytes.starts_with(b"\xd0\x0f"));
//! assert_eq!(serbench_avro::from_slice::<Record>(&bytes)?, record);
//! # Ok::<(), serbench_avro::Error>(())
//! ```
//!
//! # A message is a bare datum
//!
//! An encoding is one bare Avro datum in the binary encoding: no object
//! container file header, no schema fingerprint, no single-object marker.
//! The benchmark compares formats on the bytes of a value, and the other
//! schema formats (protobuf, Cap'n Proto, FlatBuffers, Thrift) carry no
//! schema either: both ends know it, as they do here, where it is compiled
//! into the crate. Avro's single-object encoding would add 10 bytes to
//! every message (the marker `c3 01` and an 8-byte Rabin fingerprint of
//! the schema), 14 % of a telemetry reading, to let a reader pick among
//! schemas it knows; a container file adds the schema's JSON and a sync
//! marker. A system that needs either wraps these bytes.
//!
//! # Wire layout
//!
//! Avro's binary encoding of the schemas' root records: a record is its
//! fields in order with nothing around them; `int` and `long` are zigzag
//! varints; `double` is 8 bytes little-endian; `string` and `bytes` are a
//! `long` length then the bytes; `fixed(n)` is `n` bytes; an `enum` is its
//! symbol's index as an `int`; a union (`["null", T]`) is the branch index
//! then the branch; an array is blocks of a `long` count then the items,
//! ending with a count of 0. The writer puts each array in one block.
//! `schemas/README.md` gives the reasons for each layout.
//!
//! - **task-manager**, `serbench.TaskManager`: `user`, `version` (array of
//!   `long` segments), `lists`. A `TaskList` is `header`, `tasks`; a `Task`
//!   is `header`, `description`, `priority` (enum `LOW` to `CRITICAL`),
//!   `completed`. A `TaskHeader` is `id` (`fixed(16)`, logical type
//!   `uuid`), `name`, `color` (`fixed(4)`, `0xAARRGGBB` big-endian) and
//!   `created`, a `Timestamp` record: `millis` (`long`, logical type
//!   `timestamp-millis`), `nanos` past the millisecond (`int`, 0 to
//!   999 999) and `offset_seconds` (`int`). 10 000 tasks (9 944):
//!   633 295 bytes.
//! - **telemetry**, `serbench.SensorReading`: `sensor_id`, then the eight
//!   readings as `double`: 73 bytes for an 8-character id (protobuf: 82,
//!   QDataStream: 84), as nothing in a record marks a field.
//! - **graph**, `serbench.Graph`: `nodes` (a `Node` is `id` as `int`,
//!   `name`, `out_edges` and `in_edges` as arrays of `long`) and `edges`,
//!   an array of `Edge` records (`from`, `to` as `long`, `weight` as
//!   `int`), inline: an Avro record costs no byte of its own.
//! - **records**, `serbench.Record`: `ids` (array of `long`) and `strings`
//!   (array of `string`).
//! - **media**, `serbench.MediaContent`: `media` then `images`, with
//!   `Media` and `Image` as in the model; `title`, `bitrate` and
//!   `copyright` are `["null", T]` unions, `player` and `size` the enums
//!   `Player` (`JAVA`, `FLASH`) and `Size` (`SMALL`, `LARGE`). 224 bytes.
//!
//! - **log**, **mesh**, **minecraft_savedata**, **mk48**
//!   (rust_serialization_benchmark's datasets): `serbench.Logs`,
//!   `serbench.Mesh`, `serbench.Players` and `serbench.Updates`, the
//!   records, fields and nesting of RSB's `.proto` schemas in their order:
//!   its nested messages as records (`Address`, `Vector3`, `Vector3d`,
//!   `Vector2f`, `Uuid`, `Vehicle`, `ChunkId`), which cost no byte here;
//!   the enums `GameType` and `EntityType`; the model's `Option`s as
//!   `["null", T]` unions; `u8`, `i8`, `u16` and `i16` as `int`s, `u32`s
//!   as `long`s, a log's size (`u64`) as its 64 bits in a `long`; `f32`s as
//!   Avro's own `float` (4 bytes, every bit kept); a terrain update's data
//!   as `bytes`. At RSB's counts: log 755 669 bytes, mesh 6 000 004,
//!   minecraft_savedata 390 351, mk48 1 377 156. RSB times no Avro
//!   library.
//!
//! # Against the C++ benchmark
//!
//! The C++ serialization benchmark (thekvs cpp-serializers) reports 16 384
//! bytes for its Avro record; this crate writes the same record in 13 476,
//! which is every byte the specification asks for. The ids take 4 673: a
//! block count of 1 000 (2 bytes), 4 670 bytes of zigzag varints and the
//! closing count of 0. The strings take 8 803: a count of 100 (2 bytes),
//! 88 bytes each (a 2-byte length and 86 characters) and the closing 0.
//! The C++ program's 16 384 is not the datum's size: it reads the memory
//! stream's `byteCount()` without flushing the encoder first, which counts
//! the whole 4 KiB chunks the encoder has taken from the stream (4 × 4 096);
//! the datum inside them is these 13 476 bytes.
//!
//! # What decoding checks
//!
//! Before apache-avro reads a byte, the datum is walked against the schema
//! without allocating: every string length and array count must fit in the
//! bytes that remain (else [`ErrorKind::Truncated`]), varints must end
//! within 64 bits and strings be UTF-8 ([`ErrorKind::Syntax`]), booleans
//! must be 0 or 1, `int`s fit 32 bits, enum and union indexes name a
//! symbol or branch, and numbers fit the model ([`ErrorKind::Invalid`]:
//! version segments and edge indexes past 32 bits, node ids and weights
//! past 16 bits, times out of range); and the datum must end where the
//! input does ([`ErrorKind::TrailingBytes`]). The error gives the byte
//! offset. apache-avro allocates a string's declared length before reading
//! it, up to a limit (512 MiB by default) that is one setting for the
//! whole process, set once: it cannot follow each input's length, so the
//! walk bounds what it may allocate instead. The walk follows the schema as
//! constant data, so refusing an input costs no schema parsing; apache-avro
//! parses a dataset's schema (some 40 to 70 KiB, once per process) the
//! first time a datum of it decodes, then reads the walked bytes into the
//! model.
//!
//! With the `document` feature, [`document`] carries a document
//! (`serbench-document`'s `Value`, for `serbench measure`'s `avro` row)
//! under an `.avsc` written from its inferred schema or the user's own,
//! through the same walk, over a shape built from that schema when the
//! document's codec is.
//!
//! Every value of the model encodes ([`Carries::EVERYTHING`]): doubles
//! keep their bits, strings are UTF-8 of any content, times are integers.
//!
//! The schemas nest at most five records deep (minecraft_savedata's
//! `Players`, `Player`, `Vehicle`, `Entity`, `Vector2f` too) and none
//! refers to itself, so no input nests deeper. Memory stays proportional to the input: a
//! vector is reserved for a block's count only after the walk has found
//! all of its items, each at least a byte. The most a byte of valid input
//! decodes to is an empty string in an array: 1 byte on the wire, a 24-byte
//! `String` (an empty graph node is 4 bytes and an 80-byte `Node`).

mod check;
mod declared;
#[cfg(feature = "document")]
pub mod document;
#[cfg(feature = "evolution")]
mod evolution;
mod fields;
mod graph;
mod log;
mod media;
mod mesh;
mod minecraft;
mod mk48;
mod records;
mod task_manager;
mod telemetry;
mod wire;

use serbench_model::{BaseCodec, Carries, Codec, Dataset};
pub use serbench_model::{Error, ErrorKind};

use crate::wire::Wire;

/// The Avro codec: one bare datum of the dataset's schema.
#[derive(Clone, Copy, Debug, Default)]
pub struct Avro;

impl BaseCodec for Avro {
    const NAME: &'static str = "avro";
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::AVRO);
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Unavailable(
        "apache-avro reads from a stream into owned strings",
    );
    type Error = Error;
}

serbench_model::functions!(Avro, "Avro datum");

serbench_model::per_dataset!(Avro, AvroGeneric);

impl<T: Dataset + Wire> Codec<T> for AvroGeneric {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        T::compiled()
            .writer()
            .write_ser(out, &value.out())
            .map(drop)
            .map_err(|error| library_error(ErrorKind::Unsupported, T::NAME, error))
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        check::datum(&T::SHAPE, bytes).map_err(|fault| fault.about(T::NAME))?;
        let mut rest = bytes;
        T::compiled()
            .reader()
            .read_deser::<T::In>(&mut rest)
            .map(T::into_model)
            .map_err(|error| library_error(ErrorKind::Invalid, T::NAME, error))
    }
}

/// apache-avro's error as one of `kind` about `subject` (a dataset, a
/// document, the evolution record), with its message.
fn library_error(kind: ErrorKind, subject: &'static str, error: apache_avro::Error) -> Error {
    Error::named(kind, Avro::NAME, subject, error.to_string()).with_source(error)
}
