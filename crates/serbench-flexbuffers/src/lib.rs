//! FlexBuffers for the serbench model, with [flexbuffers], Google's
//! schemaless sibling of FlatBuffers, through its serde support.
//!
//! A FlexBuffer is read from its end: the last byte is the root's width,
//! the one before it the root's packed type (six bits of type, two of
//! width), and before them the root's slot. Containers and strings are
//! written before whatever points at them, and a slot holds either an
//! inline scalar or an unsigned offset back to its value. Every value
//! carries its type, so the format is self-describing like JSON or CBOR,
//! and readers (C++, Java, JavaScript, Python, Rust) index into the bytes
//! in place.
//!
//! [flexbuffers]: https://docs.rs/flexbuffers
//!
//! ```
//! use serbench_model::{Dataset, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_flexbuffers::to_vec(&manager)?;
//! // The root's type byte (a map, type 9, of 2-byte slots) and the width
//! // of the root's own slot, 1 byte.
//! assert_eq!(bytes[bytes.len() - 2..], [9 << 2 | 1, 1]);
//! let back: TaskManager = serbench_flexbuffers::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//! # Ok::<(), serbench_flexbuffers::Error>(())
//! ```
//!
//! # Wire layout
//!
//! flexbuffers' serializer with its default options (keys shared, strings
//! not). A struct is a map: a vector of values, each slot as wide as the
//! widest value needs, followed by one type byte per value, and before it
//! the offset of its keys vector, that vector's width and the length. Keys
//! are NUL-terminated and sorted by their bytes, so a struct's fields are
//! stored in the order of their names, whatever the order of the struct,
//! and each distinct name is written once in the buffer. A `Vec` is an
//! untyped vector (a vector of one number type is still untyped: serde
//! gives no type before the elements); a string a length, its UTF-8 and
//! a NUL; an option `Null` or the value; a unit enum variant its name as
//! a string. The model's serde impls give the compact leaf forms
//! (flexbuffers' serializer is not human-readable): ids as 16 bytes in a
//! blob, colors as numbers, `created` as seconds, nanoseconds and offset.
//! Integers take the fewest bytes of 1, 2, 4 or 8 that hold them; a float
//! takes 4 bytes when `f32` holds it exactly, else 8, so every `f64`,
//! NaN payloads included, reads back bit for bit.
//!
//! - **task-manager**: `{lists: [{header: {color, created, id, name},
//!   tasks: [{completed, description, header, priority}]}], user,
//!   version}`: `color` an ARGB number, `created` `[seconds, nanoseconds,
//!   offset]`, `id` a 16-byte blob, `version` `[1, 0, 0]`.
//! - **telemetry**: one map of the reading's fields, floats as above.
//! - **graph**: `{edges: [{from, to, weight}], nodes: [{id, in_edges,
//!   name, out_edges}]}`.
//! - **records**: `{ids: […], strings: […]}`, integers exact to 64 bits.
//! - **media**: `{images: [{…, size: "LARGE"}], media: {…, player:
//!   "JAVA", copyright: null}}`.
//! - **log**: `{logs: [{address: {x0, x1, x2, x3}, code, date, identity,
//!   request, size, userid}]}`.
//! - **mesh**: `{triangles: [{normal: {x, y, z}, v0, v1, v2}]}`, every
//!   float 4 bytes.
//! - **minecraft_savedata**: `{players: [{abilities: {…}, …, game_type:
//!   "Survival", …}]}`: a tuple or `[u32; 4]` is an untyped vector, an
//!   absent option null.
//! - **mk48**: `{updates: [{contacts: [{damage, entity_id, entity_type:
//!   "Yasen", …}], score, terrain_updates: [{chunk_id: [x, y], data: […]}],
//!   world_radius}]}`: `data`, a `Vec<u8>`, is an untyped vector of
//!   numbers, as serde gives it.
//!
//! flexbuffers reads every float through an `f64`, which sets the quiet
//! bit of a signaling NaN `f32`: such an `f32` (in mesh, minecraft_savedata
//! and mk48) is an [`ErrorKind::Unsupported`] error when encoding, at its
//! field path, rather than a value that would read back with other bits.
//!
//! # Limits
//!
//! flexbuffers' reader trusts the buffer (it panics on offsets past the
//! end, and reads what it cannot as null, `""` or 0), so before it reads,
//! a walk written here (`src/check.rs`, whose docs list it) checks the whole
//! buffer: every offset, length, type and width in bounds and pointing
//! back, strings and keys UTF-8, booleans 0 or 1, map keys in strictly
//! ascending order, containers nested at most [`MAX_DEPTH`] levels, and at
//! most 8 bytes visited per byte of buffer, a shared value counted at
//! each reference. What the walk refuses is an [`ErrorKind::Syntax`],
//! [`ErrorKind::Truncated`], [`ErrorKind::Invalid`] or
//! [`ErrorKind::Limit`] error at the offset where it stopped; a buffer that
//! passes and is not the dataset's is refused by serde, with the field
//! path. A FlexBuffer is read from its end, so bytes after it are read as
//! its root and refused; bytes before its values that nothing points at
//! are not seen.
//!
//! # Borrowed decoding
//!
//! [`Codec::borrow`] reads the model's borrowed forms through the same
//! walk and the same reader, whose serde deserializer lends every string:
//! a slice of the input, checked as UTF-8 by the walk. Where it fails, the
//! error is the owned decode's.

mod check;
mod declared;
#[cfg(feature = "document")]
pub mod document;
#[cfg(feature = "evolution")]
mod evolution;

use serbench_model::minecraft::Entity;
use serbench_model::serde_forms::{Lent, SerdeBorrow, with_path};
use serbench_model::{
    BaseCodec, Carries, Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record,
    SensorReading, TaskManager, Updates, lend_or_tell,
};
pub use serbench_model::{Error, ErrorKind};
use serde::de::DeserializeOwned;
use serde::{Deserialize as _, Serialize};

/// The deepest containers nest in a dataset: twice the model's seven
/// levels, so no valid input comes near it, and far below what the
/// reader's recursion (one serde call per level) can take on a small stack.
pub const MAX_DEPTH: usize = 16;

/// The FlexBuffers codec.
#[derive(Clone, Copy, Debug, Default)]
pub struct FlexBuffers;

impl BaseCodec for FlexBuffers {
    const NAME: &'static str = "flexbuffers";
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::FLEXBUFFERS);
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

serbench_model::functions!(FlexBuffers, "FlexBuffer");

mod private {
    /// What FlexBuffers cannot carry, checked before writing: the field
    /// path and the bits. flexbuffers reads every float through an `f64`
    /// (`Reader::as_f32` is `as_f64() as f32`), and widening a signaling
    /// NaN `f32` sets its quiet bit, so such an `f32` would read back with
    /// other bits. Every other `f32`, NaN payloads included, widens and
    /// narrows back to itself.
    pub trait Portable {
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
impl private::Portable for Logs {}

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

serbench_model::per_dataset!(FlexBuffers, FlexBuffersGeneric);

impl<T> Codec<T> for FlexBuffersGeneric
where
    T: Dataset + Serialize + DeserializeOwned + SerdeBorrow + private::Portable,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        if let Some((path, bits)) = value.signaling_nan() {
            let message = format!(
                "the signaling NaN f32 {bits:#010x}: flexbuffers reads every f32 through an \
                 f64, which sets its quiet bit"
            );
            return Err(Error::new::<Self, T>(ErrorKind::Unsupported, message).at_path(path));
        }
        write(value, out, T::NAME)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        read(bytes, T::NAME, MAX_DEPTH)
    }

    /// flexbuffers' reader over a slice lends every string and key: a
    /// slice of the input, behind the same walk as the decode.
    fn borrow(bytes: &[u8]) -> Option<Result<T::Borrowed<'_>, Error>> {
        Some(lend_or_tell::<Self, T>(bytes, |bytes| {
            let root = root(bytes, T::NAME, MAX_DEPTH).ok()?;
            Lent::<T>::deserialize(root).ok().map(|lent| lent.0)
        }))
    }
}

/// `value` written by flexbuffers at the end of `out`, its errors about
/// `subject` (a dataset, or a document).
fn write<T: Serialize + ?Sized>(
    value: &T,
    out: &mut Vec<u8>,
    subject: &'static str,
) -> Result<(), Error> {
    let mut serializer = flexbuffers::FlexbufferSerializer::new();
    value.serialize(&mut serializer).map_err(|error| {
        Error::named(
            ErrorKind::Unsupported,
            FlexBuffers::NAME,
            subject,
            error.to_string(),
        )
        .with_source(error)
    })?;
    out.extend_from_slice(serializer.view());
    Ok(())
}

/// A whole `T` read from `bytes` once the walk has checked them, nesting
/// at most `depth` levels, its errors about `subject`.
fn read<T: DeserializeOwned>(
    bytes: &[u8],
    subject: &'static str,
    depth: usize,
) -> Result<T, Error> {
    let root = root(bytes, subject, depth)?;
    T::deserialize(root.clone()).map_err(|error| located::<T>(root, error, subject))
}

/// The reader of the root of `bytes`, once the walk has checked them to
/// nest at most `depth` levels: what both decodes read from.
fn root<'a>(
    bytes: &'a [u8],
    subject: &'static str,
    depth: usize,
) -> Result<flexbuffers::Reader<&'a [u8]>, Error> {
    if let Err(refused) = check::check(bytes, depth) {
        return Err(
            Error::named(refused.kind, FlexBuffers::NAME, subject, refused.message)
                .at_offset(refused.offset),
        );
    }
    flexbuffers::Reader::get_root(bytes).map_err(|error| reader_error(error, subject))
}

/// flexbuffers' reader error, which the walk leaves no room for but which
/// is still reported as what it is.
fn reader_error(error: flexbuffers::ReaderError, subject: &'static str) -> Error {
    Error::named(
        ErrorKind::Syntax,
        FlexBuffers::NAME,
        subject,
        format!("flexbuffers refused the buffer: {error}"),
    )
    .with_source(error)
}

/// The error of a failed decode, with the field path found by decoding
/// again (only on failure, so the fast path pays nothing for it).
fn located<T: DeserializeOwned>(
    root: flexbuffers::Reader<&[u8]>,
    error: flexbuffers::DeserializationError,
    subject: &'static str,
) -> Error {
    // A buffer the walk took is a FlexBuffer: what serde refuses, and what
    // the reader refuses under it (a map where an enum's name belongs, a
    // number where a string does), is a value of another shape than the
    // dataset's.
    let located = match error {
        flexbuffers::DeserializationError::Reader(error) => Error::named(
            ErrorKind::Invalid,
            FlexBuffers::NAME,
            subject,
            error.to_string(),
        )
        .with_source(error),
        // serde's message may quote a whole string of the input (`unknown
        // variant` and the name): it is cut to the head the model's error
        // keeps and dropped before the second decode builds its own.
        flexbuffers::DeserializationError::Serde(message) => Error::named(
            ErrorKind::Invalid,
            FlexBuffers::NAME,
            subject,
            head(&message),
        ),
    };
    match with_path::<_, T>(root) {
        Err((path, _)) if path != "." => located.at_path(path),
        _ => located,
    }
}

/// The first [`MESSAGE_HEAD`] characters of `message`, marked as cut when
/// there were more.
fn head(message: &str) -> String {
    match message.char_indices().nth(MESSAGE_HEAD) {
        Some((end, _)) => format!("{}…", &message[..end]),
        None => message.to_owned(),
    }
}

/// How much of serde's message an error keeps: enough for what it expected
/// and the start of what it found.
const MESSAGE_HEAD: usize = 120;
