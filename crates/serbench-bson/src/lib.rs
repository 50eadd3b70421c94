//! BSON for the serbench model, with the [bson] crate, MongoDB's Rust
//! library.
//!
//! BSON is MongoDB's format: what its drivers send and what its server
//! stores, read by a library in most languages. Like MessagePack it
//! describes itself (field names, typed values, no schema), but every
//! document, array and string declares its length in bytes up front, so a
//! reader can skip a value without reading it and find a field without
//! parsing the rest. That costs room: an array is a document keyed `"0"`,
//! `"1"`, … (each element carries its index as text), and an integer takes
//! four or eight bytes whatever its value. This crate writes the datasets
//! as documents keyed by field name through the bson crate's serde
//! support, so a MongoDB driver reads them as the documents a program
//! would store.
//!
//! [bson]: https://docs.rs/bson
//!
//! ```
//! use serbench_model::{Dataset, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_bson::to_vec(&manager)?;
//! // The document's length, then "user": a string of 10 bytes with its
//! // final 0; then "version": an array.
//! assert_eq!(bytes[..4], u32::try_from(bytes.len()).unwrap().to_le_bytes());
//! assert!(bytes[4..].starts_with(b"\x02user\0\x0a\0\0\0Demo User\0\x04version\0"));
//! let back: TaskManager = serbench_bson::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//! # Ok::<(), serbench_bson::Error>(())
//! ```
//!
//! # Wire layout
//!
//! A document is its length (`int32`, little-endian, counting itself and
//! its final 0), its elements and a 0 byte; an element is a type byte, a
//! key (UTF-8 ended by a 0) and the value ([bsonspec.org]).
//!
//! - A struct is a document from field name to value, in declaration
//!   order. Readers take the fields in any order; unknown, missing and
//!   repeated fields are errors.
//! - A `Vec` is an array (type `0x04`): a document keyed `"0"`, `"1"`, ….
//!   A `String` is a string (`0x02`: its length counting a final 0, its
//!   UTF-8, the 0); `None` is null (`0x0A`).
//! - Integers take the type the bson crate gives serde's: `u8`, `u16` and
//!   `i32` an `int32` (`0x10`), `u32` and `i64` an `int64` (`0x12`), as a
//!   `u32` may pass `i32::MAX`. Readers take either wherever the value
//!   fits the field.
//! - An `f64` is a `double` (`0x01`: eight bytes, little-endian), so every
//!   bit pattern (NaN payloads, −0.0, subnormals) survives; a `bool` is a
//!   boolean (`0x08`), one byte 0 or 1.
//! - A unit enum variant is its name as a string: `Player` is `"JAVA"` or
//!   `"FLASH"`, `Size` is `"SMALL"` or `"LARGE"`. `Priority` is the `int32`
//!   0 to 3 (`Low`, `Medium`, `High`, `Critical`).
//!
//! The bson crate's serializer is not human-readable, so the model's leaf
//! values take their binary serde forms: an id is a binary (`0x05`) of
//! the generic subtype 0 holding its 16 bytes (BSON's UUID subtype 4 is
//! what the bson crate writes for its own `Uuid` type only); a color is
//! the `int64` `0xAARRGGBB`; `created` is the array `[seconds since 1970
//! (int64), nanoseconds (int64), UTC offset in seconds (int32)]`, so every
//! instant, nanosecond and offset the model holds round-trips; a version
//! is an array of `int64`s.
//!
//! - **task-manager**: `{user: string, version: [1, 0, 0], lists: [{header:
//!   {id: binary, name: string, color: int64, created: [s, ns, offset]},
//!   tasks: [{header: {…}, description: string, priority: int32,
//!   completed: boolean}]}]}`. 10 000 tasks take 1 916 KB (MessagePack's
//!   maps: 1 280 KB): a task's keys, its elements' array indices and its
//!   eight-byte integers.
//! - **telemetry**: `{sensor_id: string, ambient_temperature: double, …,
//!   humidity: double}`: 212 bytes a message.
//! - **graph**: `{nodes: [{id: int32, name, out_edges: [int64 …], in_edges:
//!   [int64 …]}], edges: [{from: int64, to: int64, weight: int32}]}`. The
//!   seed graph takes 246.6 MB, where postcard takes 39.0 MB: each of its
//!   3.15 million edges is a document of 43 bytes under a key of up to 7
//!   digits, and each index an `int64` under its own key, twice.
//! - **records**: `{ids: [int64 …], strings: [string …]}`: 22 409 bytes.
//! - **media**: `{media: {uri, title, width, height, format, duration, size,
//!   bitrate, persons, player, copyright}, images: [{uri, title, width,
//!   height, size}]}`; absent options are null: 509 bytes.
//! - **log**: `{logs: [{address: {x0, x1, x2, x3: int32}, identity,
//!   userid, date, request: string, code: int32, size: int64}]}`.
//! - **mesh**: `{triangles: [{v0, v1, v2, normal: {x, y, z: double}}]}`:
//!   an `f32` is the double of the same value, which reads back to the
//!   same bits.
//! - **minecraft_savedata**: `{players: [{game_type: "Survival", …}]}`:
//!   a tuple or `[u32; 4]` is an array, `i8` and `u16` an `int32`, an
//!   absent option null.
//! - **mk48**: `{updates: [{contacts: [{…, entity_type: "Yasen", …,
//!   reloads: [boolean …], …}], …, terrain_updates: [{chunk_id: [int32,
//!   int32], data: [int32 …]}]}]}`: a `Vec<u8>` is an array of `int32`s,
//!   as serde gives it, not a binary.
//!
//! [bsonspec.org]: https://bsonspec.org/spec.html
//!
//! # Limits
//!
//! The bson crate reads in place: each element's declared length is
//! checked against its document (which lies within the input) before the
//! value is read, strings are borrowed and copied only into the model's
//! `String`s, and sequences reserve at most 4 KiB ahead of their elements
//! (the model's serde impls trust a declared length no further), so a
//! short input declaring a 2^31 − 1-byte string or array allocates next
//! to nothing. BSON's lengths are `int32`: 2^32 and 2^63 cannot be
//! declared, and a negative length is an error. The library descends as
//! serde asks; the model's types go seven levels deep and refuse a wrong
//! type before descending into it, so hostile nesting fails at once.
//!
//! The top-level document's length is checked here before the library
//! sees the input: under 5 bytes it is an [`ErrorKind::Syntax`] error,
//! past the input's end an [`ErrorKind::Truncated`] one, and bytes after
//! the document are an [`ErrorKind::TrailingBytes`] error. The library
//! does not check an array's keys: it reads the elements in order,
//! whatever they are named. Nor does it look for elements past those
//! serde asks for: serde reads a time's three parts, so `created: [s, ns,
//! offset, x]` reads as `[s, ns, offset]`, where the MessagePack and CBOR
//! readers refuse the fourth; and serde's `f64` takes an integer, as the
//! nearest double.
//!
//! # Borrowed decoding
//!
//! [`Codec::borrow`] reads the same framed document through the same raw
//! deserializer into the model's borrowed forms, whose strings are slices
//! of the input: the bson crate lends every BSON string, after the same
//! length and UTF-8 checks. Where it fails, the error is the owned
//! decode's, which locates the fault.
//!
//! # Errors
//!
//! The bson crate names what it refused but no byte. Once a decode has
//! failed, a walk of the document's structure (element types, every
//! length against its document and the input, final 0 bytes, UTF-8 of
//! keys and strings, booleans of 0 or 1) finds the first fault, in the
//! order the library meets them: [`ErrorKind::Truncated`] for a length
//! past the input, [`ErrorKind::Syntax`] for malformed structure,
//! [`ErrorKind::Invalid`] for text that is not UTF-8 and a boolean byte
//! past 1, at the byte of the faulty length, type byte or character, with
//! the field path. Where serde refused a well-formed value (a wrong type,
//! an unknown enum value, a missing or repeated field: all
//! [`ErrorKind::Invalid`]), decoding again finds the field path, and the
//! byte where that element starts; in a task-manager of 40 tasks, it
//! prints as ``invalid value: integer `9`, expected a priority 0 to 3 (at
//! lists[0].tasks[1].priority, byte 564)``. Where serde's message quotes
//! over 8 KiB of input (a megabyte key), the position is left unknown
//! rather than found by copying that text again. The bson crate's error
//! is the [`source`](std::error::Error::source).
//!
//! Every value of the model encodes but one: BSON's integers are signed,
//! so a log's `size` (a `u64`) past `i64::MAX` has no BSON type, and is an
//! [`ErrorKind::Unsupported`] error at its field path (the generated
//! sizes stay below 10^8). An `f32` is written as a double, and widening a
//! signaling NaN sets its quiet bit: such an `f32` (in mesh,
//! minecraft_savedata and mk48) is refused likewise. A document past
//! 2^31 − 1 bytes,
//! which BSON's `int32` lengths cannot state, would be an
//! [`ErrorKind::Unsupported`] error: the bson crate writes each length as
//! `len as i32`, so the length is checked after writing.

mod declared;
#[cfg(feature = "document")]
pub mod document;
#[cfg(feature = "evolution")]
mod evolution;
mod read;
mod walk;

use serbench_model::minecraft::Entity;
use serbench_model::serde_forms::SerdeBorrow;
use serbench_model::{
    BaseCodec, Carries, Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record,
    SensorReading, TaskManager, Updates, lend_or_tell,
};
pub use serbench_model::{Error, ErrorKind};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::read::Failure;

/// The BSON codec.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bson;

impl BaseCodec for Bson {
    const NAME: &'static str = "bson";
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::BSON);
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

serbench_model::functions!(Bson, "BSON document");

mod private {
    /// What BSON cannot carry, checked before writing: the field path and
    /// the value. BSON's integers are signed, `int32` and `int64`, so a
    /// `u64` past `i64::MAX` has no BSON type; the bson crate refuses it
    /// too, but without saying where.
    ///
    /// And a signaling NaN `f32`: BSON's one float is a double, and
    /// widening such an `f32` sets its quiet bit, so it would read back
    /// with other bits. Every other `f32` widens and narrows to itself.
    pub trait Portable {
        fn past_int64(&self) -> Option<(String, u64)> {
            None
        }

        fn signaling_nan(&self) -> Option<(String, u32)> {
            None
        }
    }
}

impl private::Portable for TaskManager {}
impl private::Portable for SensorReading {}
impl private::Portable for Graph {}
impl private::Portable for Record {}
impl private::Portable for MediaContent {}
/// `value`'s path and bits if it is a NaN whose quiet bit is clear; the
/// path is built only then.
fn signaling(value: f32, path: impl FnOnce() -> String) -> Option<(String, u32)> {
    (value.is_nan() && value.to_bits() & 0x0040_0000 == 0).then(|| (path(), value.to_bits()))
}

impl private::Portable for Mesh {
    fn signaling_nan(&self) -> Option<(String, u32)> {
        self.triangles.iter().enumerate().find_map(|(i, t)| {
            [
                ("v0", t.v0),
                ("v1", t.v1),
                ("v2", t.v2),
                ("normal", t.normal),
            ]
            .into_iter()
            .find_map(|(vertex, v)| {
                [("x", v.x), ("y", v.y), ("z", v.z)]
                    .into_iter()
                    .find_map(|(axis, value)| {
                        signaling(value, || format!("triangles[{i}].{vertex}.{axis}"))
                    })
            })
        })
    }
}

fn entity_floats(at: &dyn Fn() -> String, e: &Entity) -> Option<(String, u32)> {
    [
        ("rotation.0", e.rotation.0),
        ("rotation.1", e.rotation.1),
        ("fall_distance", e.fall_distance),
    ]
    .into_iter()
    .find_map(|(field, value)| signaling(value, || format!("{}.{field}", at())))
}

impl private::Portable for Players {
    fn signaling_nan(&self) -> Option<(String, u32)> {
        self.players.iter().enumerate().find_map(|(i, p)| {
            [
                ("food_exhaustion_level", p.food_exhaustion_level),
                ("food_saturation_level", p.food_saturation_level),
                ("xp_p", p.xp_p),
                ("abilities.walk_speed", p.abilities.walk_speed),
                ("abilities.fly_speed", p.abilities.fly_speed),
            ]
            .into_iter()
            .find_map(|(field, value)| signaling(value, || format!("players[{i}].{field}")))
            .or_else(|| {
                let vehicle = p.root_vehicle.as_ref().map(|(_, e)| ("root_vehicle.1", e));
                let left = p.shoulder_entity_left.as_ref();
                let right = p.shoulder_entity_right.as_ref();
                [
                    vehicle,
                    left.map(|e| ("shoulder_entity_left", e)),
                    right.map(|e| ("shoulder_entity_right", e)),
                ]
                .into_iter()
                .flatten()
                .find_map(|(field, e)| entity_floats(&|| format!("players[{i}].{field}"), e))
            })
        })
    }
}

impl private::Portable for Updates {
    fn signaling_nan(&self) -> Option<(String, u32)> {
        self.updates.iter().enumerate().find_map(|(i, u)| {
            signaling(u.world_radius, || format!("updates[{i}].world_radius")).or_else(|| {
                u.contacts.iter().enumerate().find_map(|(c, contact)| {
                    let (x, y) = contact.transform.position;
                    [(0, x), (1, y)].into_iter().find_map(|(axis, value)| {
                        signaling(value, || {
                            format!("updates[{i}].contacts[{c}].transform.position.{axis}")
                        })
                    })
                })
            })
        })
    }
}

/// A log's `size` is the model's one `u64`.
impl private::Portable for Logs {
    fn past_int64(&self) -> Option<(String, u64)> {
        self.logs
            .iter()
            .position(|log| i64::try_from(log.size).is_err())
            .map(|i| (format!("logs[{i}].size"), self.logs[i].size))
    }
}

serbench_model::per_dataset!(Bson, BsonGeneric);

impl<T> Codec<T> for BsonGeneric
where
    T: Dataset + Serialize + DeserializeOwned + SerdeBorrow + private::Portable,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        if let Some((path, n)) = value.past_int64() {
            let message = format!("{n} has no BSON integer: int64 ends at i64::MAX");
            return Err(Error::new::<Self, T>(ErrorKind::Unsupported, message).at_path(path));
        }
        if let Some((path, bits)) = value.signaling_nan() {
            let message = format!("the signaling NaN f32 {bits:#010x}: a double would quiet it");
            return Err(Error::new::<Self, T>(ErrorKind::Unsupported, message).at_path(path));
        }
        write(value, out, T::NAME)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        read::read(bytes).map_err(|failure| error(failure, T::NAME))
    }

    /// The bson crate's raw deserializer lends every string: a slice of
    /// the input.
    fn borrow(bytes: &[u8]) -> Option<Result<T::Borrowed<'_>, Error>> {
        Some(lend_or_tell::<Self, T>(bytes, read::lend::<T>))
    }
}

/// Appends `value` as one BSON document to `out`: the library's
/// serializer, then the one check it leaves out; an error is about
/// `subject` (a dataset's name, the document, the evolution record).
fn write<T: Serialize + ?Sized>(
    value: &T,
    out: &mut Vec<u8>,
    subject: &'static str,
) -> Result<(), Error> {
    let start = out.len();
    // A reference serializes as what it refers to, and is sized.
    bson::serialize_to_buffer(&value, out).map_err(|error| {
        let message = error
            .message
            .clone()
            .unwrap_or_else(|| error.kind.to_string());
        Error::named(ErrorKind::Unsupported, Bson::NAME, subject, message).with_source(error)
    })?;
    // The library writes each length as `len as i32`, so a document past
    // 2 GiB would declare a wrapped length.
    let written = out.len() - start;
    if i32::try_from(written).is_err() {
        let message = format!(
            "the document takes {written} bytes; BSON's 32-bit lengths end at 2 147 483 647"
        );
        return Err(Error::named(
            ErrorKind::Unsupported,
            Bson::NAME,
            subject,
            message,
        ));
    }
    Ok(())
}

/// A failed read as the model's error about `subject`.
fn error(failure: Failure, subject: &'static str) -> Error {
    let mut error = Error::named(failure.kind, Bson::NAME, subject, failure.message);
    if let Some(path) = failure.path {
        error = error.at_path(path);
    }
    if let Some(offset) = failure.offset {
        error = error.at_offset(offset);
    }
    match failure.source {
        Some(source) => error.with_source(source),
        None => error,
    }
}
