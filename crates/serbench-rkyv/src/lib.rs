//! rkyv 0.8 for the serbench model: a zero-copy archive, read in place
//! after validation.
//!
//! rkyv writes a value as it lies in memory (fixed-size structs, relative
//! 32-bit pointers to strings and arrays, little-endian numbers), so a
//! reader can use the bytes where they are instead of building the value.
//! It is the fastest Rust binary format people pick for that, and the Rust
//! counterpart of the C++ zero-copy family (Cista++, zpp_bits). The price
//! is a layout only rkyv (of the same major version) reads, and bytes that
//! must be *validated* before they are trusted: a relative pointer can
//! point anywhere. serbench validates with rkyv's `bytecheck` support
//! (`rkyv::access`), which checks every pointer, length, `bool`, enum tag,
//! option tag and string (UTF-8) in place, and that no two objects overlap.
//!
//! ```
//! use serbench_model::{Codec, Dataset, MediaContent};
//! use serbench_rkyv::Rkyv;
//!
//! let media = MediaContent::canonical();
//! let bytes = serbench_rkyv::to_vec(&media)?;
//! assert_eq!(serbench_rkyv::from_slice::<MediaContent>(&bytes)?, media);
//! // The traverse question, answered from the archive in place.
//! assert_eq!(<Rkyv as Codec<MediaContent>>::traverse(&bytes)?, media.traverse());
//! # Ok::<(), serbench_model::Error>(())
//! ```
//!
//! # Two codecs
//!
//! - [`Rkyv`] (`rkyv`): encode converts the model into archive types
//!   derived with rkyv's `Archive`/`Serialize` and writes them; decode
//!   validates and converts back; traverse validates and answers in place.
//!   It also builds and writes the archive types apart
//!   ([`NativeCodec`]: the `build` and `write` rows).
//! - [`RkyvUnvalidated`] (`rkyv-unvalidated`): the same bytes and the same
//!   validated decode, but a traverse that reads *trusted* bytes with
//!   `rkyv::access_unchecked`, the figure rkyv users quote. Bytes are
//!   trusted only through [`BaseCodec::trust`], which takes a
//!   `&'static [u8]` (never freed, never changed); the first traverse of
//!   such bytes as a dataset validates them, and later traverses of the
//!   same address and length skip validation. Any other input, hostile input included, is validated
//!   exactly as [`Rkyv`]'s, so the codec is never unsafe on untrusted
//!   bytes and passes the same conformance kit. The benchmark trusts its
//!   verified encodings, which it keeps for the whole run, and traverses
//!   once before timing; the report labels the row by its id. It is a
//!   codec of its own, not a separate kind of bench row, because the
//!   registry, the reports and the result files already show every codec
//!   with its own encode, decode and traverse rows; its encode and decode
//!   rows repeat [`Rkyv`]'s. The lookup of the address costs a read lock
//!   and a hash (tens of nanoseconds), which the row includes.
//!
//! # Alignment
//!
//! rkyv reads archives in place, so they must sit at an address aligned
//! for their widest field (8 bytes here); bytecheck refuses any other.
//! Buffers from the global allocator are aligned; [`from_slice`] and
//! traverse copy bytes at an odd address into an `AlignedVec` first (one
//! memcpy, counted in the time and memory of that call).
//!
//! # Wire layout
//!
//! Little-endian, rkyv 0.8's default layout (`repr(C)` structs, 32-bit
//! relative pointers and lengths): out-of-line data (string bytes, array
//! elements) first, each object after what it points to, and the root
//! last, at the end of the buffer. A string of up to 8 bytes is stored
//! inline in its 8-byte field, a longer one as a relative pointer and a
//! length. A `Vec<T>` is a 4-byte relative pointer and a 4-byte length; an
//! `Option<T>` a tag byte (0 none, 1 some) then `T`; a unit enum one byte,
//! the variant's index. Every root starts with `len: u64`, the archive's
//! total length: rkyv has no framing (the root is simply the last bytes),
//! so without it an archive cut at, or followed by, a multiple of the
//! root's alignment could read as some other root. A reader checks it
//! before following any pointer.
//!
//! - **task-manager**: root `{len: u64, user: String, version: Vec<u32>,
//!   lists: Vec<List>}`; `List {header: Header, tasks: Vec<Task>}`;
//!   `Task {header: Header, description: String, priority: u8 enum (0 Low
//!   … 3 Critical), completed: bool}`; `Header {id: [u8; 16] (the UUID's
//!   bytes), name: String, color: [u8; 4] (r, g, b, a), created: Stamp}`;
//!   `Stamp {seconds: i64 (Unix), nanos: u32, offset: i32 (UTC offset in
//!   seconds)}`. A task archives to 64 bytes plus its strings past 8 bytes.
//! - **telemetry**: root `{len: u64, sensor_id: String, readings: [f64;
//!   8]}`, the readings in the model's field order as their bits: 80 bytes
//!   for an 8-character id, inline.
//! - **graph**: root `{len: u64, nodes: Vec<Node>, edges: Vec<Edge>}`;
//!   `Node {id: u16, name: String, out_edges: Vec<u32>, in_edges:
//!   Vec<u32>}`; `Edge {from: u32, to: u32, weight: u16}` (12 bytes).
//! - **records**: root `{len: u64, ids: Vec<i64>, strings: Vec<String>}`.
//! - **media**: root `{len: u64, media: Media, images: Vec<Image>}`;
//!   `Media {uri: String, title: Option<String>, width: i32, height: i32,
//!   format: String, duration: i64, size: i64, bitrate: Option<i32>,
//!   persons: Vec<String>, player: u8 enum (0 Java, 1 Flash), copyright:
//!   Option<String>}`; `Image {uri: String, title: Option<String>, width:
//!   i32, height: i32, size: u8 enum (0 Small, 1 Large)}`.
//!
//! The four datasets of rust_serialization_benchmark (RSB) archive as
//! RSB's own types do (its types derive `Archive` as they are: fields in
//! the model's order, tuples and arrays inline, options as a tag byte then
//! the value, enums as their index in one byte), behind the root's `len`:
//!
//! - **log**: root `{len: u64, logs: Vec<Log>}`; `Log {address: [u8; 4],
//!   identity, userid, date, request: String, code: u16, size: u64}`
//!   (48 bytes plus the strings past 8 bytes).
//! - **mesh**: root `{len: u64, triangles: Vec<Triangle>}`; `Triangle
//!   {v0, v1, v2, normal: [f32; 3]}` (48 bytes).
//! - **minecraft_savedata**: root `{len: u64, players: Vec<Player>}`;
//!   `Player` in the model's field order, game types as `u8` enums (0
//!   Survival … 3 Spectator), `Option<(f64, f64, f64)>`, `Option<([u32;
//!   4], Entity)>` and `Option<Entity>` inline; `Item {count: i8, slot:
//!   u8, id: String}`, `Abilities`, `Entity` and `RecipeBook` likewise.
//! - **mk48**: root `{len: u64, updates: Vec<Update>}`; `Update {contacts:
//!   Vec<Contact>, score: u32, world_radius: f32, terrain_updates:
//!   Vec<TerrainUpdate>}`; `Contact {damage: u8, entity_id: u32,
//!   entity_type: Option<u8 enum> (0 ArleighBurke … 9 Zubr), guidance:
//!   Guidance, player_id: Option<u16>, reloads: Vec<bool>, transform:
//!   Transform, turret_angles: Vec<u16>}`; `TerrainUpdate {chunk_id: (i8,
//!   i8), data: Vec<u8>}`.
//!
//! An RSB archive and ours of the same value differ only by the root's
//! `len` (8 bytes, and up to 4 of padding that aligns the root to 8).
//!
//! # What the reader refuses, and its limits
//!
//! A length other than the input's (cut or followed by other bytes), then
//! everything bytecheck refuses: a pointer or length outside the input or
//! misaligned, objects that overlap or are out of order, a `bool` other
//! than 0 or 1, an enum or option tag out of range, a string that is not
//! UTF-8. After validation, a timestamp outside what the model holds.
//! Every error is [`ErrorKind::Invalid`] except the length check's
//! [`ErrorKind::Truncated`] and [`ErrorKind::TrailingBytes`], which are
//! at the root. bytecheck's message says what it refused, with the
//! addresses it names written as offsets into the input; the error's
//! offset is the refused pointer's where that lies in the input, and
//! there is none where bytecheck names no place (a string that is not
//! UTF-8, a tag out of range), nor for a timestamp, which has its field
//! path. The layout
//! is not recursive, so nesting is fixed by the types (bytecheck's own
//! subtree depth limit never binds). Objects cannot overlap, so every
//! archived string and element has bytes of its own, and a decode
//! allocates at most a few times the input (SECURITY.md). Bytes before
//! the first object nothing points to are not read: rkyv cannot tell them
//! from padding.
//!
//! CARRIES: everything. Floats are stored as bits, strings as UTF-8 of any
//! content, timestamps as integers.

mod access;
mod declared;
#[cfg(feature = "evolution")]
mod evolution;
mod graph;
mod log;
mod media;
mod mesh;
mod minecraft;
mod mk48;
mod records;
mod task_manager;
mod telemetry;
#[cfg(test)]
mod tests;
mod trusted;
mod wire;

use serbench_model::{BaseCodec, Carries, Codec, NativeCodec};
pub use serbench_model::{Error, ErrorKind};

use crate::wire::Wire;

/// The rkyv codec: validated access for decode and traverse.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rkyv;

impl BaseCodec for Rkyv {
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::RKYV);
    const DOCUMENT: serbench_model::DocumentPath = serbench_model::DocumentPath::Unavailable(
        "rkyv's archived layouts are Rust types derived at compile time; it has no schema a program can give it at run time",
    );
    const NAME: &'static str = "rkyv";
    const ZERO_COPY: bool = true;
    // Floats are stored as their bits, strings as any UTF-8, timestamps as
    // integers.
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing =
        serbench_model::Borrowing::Unavailable("zero-copy: its traverse reads the bytes in place");
    type Error = Error;
}

serbench_model::per_dataset!(Rkyv, RkyvGeneric, native);

impl<T: Wire> Codec<T> for RkyvGeneric {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        access::write::<Self, T>(&value.build(), out)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        access::with_archive::<Self, T, _>(bytes, T::read)
    }

    fn traverse(bytes: &[u8]) -> Result<T::Answer, Error> {
        access::with_archive::<Self, T, _>(bytes, T::answer)
    }
}

impl<T: Wire> NativeCodec<T> for RkyvGeneric {
    /// The archive types, built from the model.
    type Message = T::Mirror;

    fn build(value: &T) -> Result<T::Mirror, Error> {
        Ok(value.build())
    }

    fn write(message: &T::Mirror, out: &mut Vec<u8>) -> Result<(), Error> {
        access::write::<Self, T>(message, out)
    }
}

/// The rkyv codec whose traverse reads [trusted](BaseCodec::trust) bytes without
/// validation; see the crate docs.
#[derive(Clone, Copy, Debug, Default)]
pub struct RkyvUnvalidated;

impl BaseCodec for RkyvUnvalidated {
    const DECLARED: Option<serbench_model::declared::Declared> =
        Some(crate::declared::RKYV_UNVALIDATED);
    const DOCUMENT: serbench_model::DocumentPath = serbench_model::DocumentPath::Elsewhere {
        by: "rkyv",
        why: "rkyv has no run-time schema at all (the rkyv row says why)",
    };
    const NAME: &'static str = "rkyv-unvalidated";
    const ZERO_COPY: bool = true;
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing =
        serbench_model::Borrowing::Unavailable("zero-copy: its traverse reads the bytes in place");
    type Error = Error;

    /// Marks `bytes` as bytes the traverse may read without validation
    /// once it has validated them for a dataset. Bytes at an address rkyv
    /// cannot read in place are not marked.
    fn trust(bytes: &'static [u8]) {
        trusted::trust(bytes);
    }
}

serbench_model::per_dataset!(RkyvUnvalidated, RkyvUnvalidatedGeneric);

impl<T: Wire> Codec<T> for RkyvUnvalidatedGeneric {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        access::write::<Self, T>(&value.build(), out)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        access::with_archive::<Self, T, _>(bytes, T::read)
    }

    fn traverse(bytes: &[u8]) -> Result<T::Answer, Error> {
        trusted::traverse::<T>(bytes)
    }
}

serbench_model::functions!(Rkyv, "validated rkyv archive");
