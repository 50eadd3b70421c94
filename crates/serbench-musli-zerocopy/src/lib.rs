//! musli-zerocopy for the serbench model: buffers of `repr(C)` types read
//! in place, each reference validated as it is loaded.
//!
//! musli-zerocopy (by musli's author) stores values as their memory:
//! `repr(C)` structs that derive its `ZeroCopy`, with [`Ref`]s (a 32-bit
//! offset, and a 32-bit length for strings and slices) to what they point
//! to. A reader loads a `Ref` from the buffer and gets a `&T` into the
//! bytes, checked for bounds, alignment and the values `T` allows, only
//! for what it loads: the "incremental validation" its docs put against
//! rkyv's validation of the whole archive up front. It is the other Rust
//! zero-copy design beside rkyv's: the reader writes the layout types
//! itself rather than deriving them from the model's.
//!
//! ```
//! use serbench_model::{Codec, Dataset, MediaContent};
//! use serbench_musli_zerocopy::MusliZerocopy;
//!
//! let media = MediaContent::canonical();
//! let bytes = serbench_musli_zerocopy::to_vec(&media)?;
//! assert_eq!(serbench_musli_zerocopy::from_slice::<MediaContent>(&bytes)?, media);
//! // The traverse question, answered from the buffer in place.
//! assert_eq!(<MusliZerocopy as Codec<MediaContent>>::traverse(&bytes)?, media.traverse());
//! # Ok::<(), serbench_model::Error>(())
//! ```
//!
//! [`Ref`]: musli_zerocopy::Ref
//!
//! # The codec
//!
//! [`MusliZerocopy`] (`musli-zerocopy`): encode copies the model into the
//! layout types below and stores them in an `OwnedBuf`, appended to the
//! caller's buffer; decode loads every reference and converts to the
//! model; traverse loads the same references and answers in place.
//! Because musli-zerocopy validates a reference only when it is loaded, a
//! traverse loads every one a decode does (every string is checked for
//! UTF-8), so the two refuse the same bytes.
//!
//! # Alignment
//!
//! Loads give references into the bytes, so the buffer must sit at an
//! address aligned for its widest field (8 bytes); musli-zerocopy refuses
//! any other. Buffers from the global allocator are aligned; decode and
//! traverse copy bytes at an odd address into an aligned buffer first (one
//! memcpy, counted in that call).
//!
//! # Wire layout
//!
//! Native byte order, which the crate requires to be little-endian (it
//! does not build for a big-endian target), so the bytes are the same on
//! every machine it builds for. Each struct is `repr(C)`: fields in order,
//! each at its alignment, padding zeroed by musli-zerocopy. A
//! string is a `Ref<str>`, `{offset: u32, len: u32}` to its UTF-8 bytes; a
//! list a `Ref<[T]>`, `{offset: u32, len: u32}` to `len` elements of `T`
//! stored back to back; an optional value a one-byte tag (0 none, 1 some)
//! then the value at its alignment; a unit enum one byte, its index.
//! The root sits at offset 0 and starts with `len: u64`, the buffer's
//! total length, which frames it: a reader checks it before loading
//! anything else. Every object a reference reaches is stored before the
//! object holding it, so a buffer is the root, then the leaves, then the
//! structs that point to them.
//!
//! - **task-manager**: root `{len: u64, user: Ref<str>, version:
//!   Ref<[u32]>, lists: Ref<[List]>}`; `List {header: Header, tasks:
//!   Ref<[Task]>}`; `Task {header: Header, description: Ref<str>,
//!   priority: u8 enum (0 Low … 3 Critical), completed: bool}`; `Header
//!   {id: [u8; 16] (the UUID's bytes), name: Ref<str>, color: [u8; 4] (r,
//!   g, b, a), created: Stamp}`; `Stamp {seconds: i64 (Unix), nanos: u32,
//!   offset: i32 (UTC offset in seconds)}`. A task is 64 bytes plus its
//!   name and description.
//! - **telemetry**: root `{len: u64, sensor_id: Ref<str>, readings: [f64;
//!   8]}`, the readings in the model's field order: 80 bytes, then the id's.
//! - **graph**: root `{len: u64, nodes: Ref<[Node]>, edges: Ref<[Edge]>}`;
//!   `Node {id: u16, name: Ref<str>, out_edges: Ref<[u32]>, in_edges:
//!   Ref<[u32]>}` (28 bytes); `Edge {from: u32, to: u32, weight: u16}` (12
//!   bytes).
//! - **records**: root `{len: u64, ids: Ref<[i64]>, strings:
//!   Ref<[Ref<str>]>}`.
//! - **media**: root `{len: u64, media: Media, images: Ref<[Image]>}`;
//!   `Media {uri: Ref<str>, title: Option<Ref<str>>, width: i32, height:
//!   i32, format: Ref<str>, duration: i64, size: i64, bitrate:
//!   Option<i32>, persons: Ref<[Ref<str>]>, player: u8 enum (0 Java, 1
//!   Flash), copyright: Option<Ref<str>>}`; `Image {uri: Ref<str>, title:
//!   Option<Ref<str>>, width: i32, height: i32, size: u8 enum (0 Small, 1
//!   Large)}`.
//! - **log**: root `{len: u64, logs: Ref<[Log]>}`; `Log {address: [u8;
//!   4], identity, userid, date, request: Ref<str>, code: u16, size: u64}`
//!   (48 bytes).
//! - **mesh**: root `{len: u64, triangles: Ref<[Triangle]>}`; `Triangle
//!   {v0, v1, v2, normal: [f32; 3]}` (48 bytes).
//! - **minecraft_savedata**: root `{len: u64, players: Ref<[Player]>}`;
//!   `Player` in the model's field order, game types as `u8` enums (0
//!   Survival … 3 Spectator), tuples and UUIDs as arrays, the optional
//!   strings, flag, position, vehicle (`{uuid: [u32; 4], entity:
//!   Entity}`) and shoulder entities as tagged options inline; `Item
//!   {count: i8, slot: u8, id: Ref<str>}`; `RecipeBook` with its names as
//!   `Ref<[Ref<str>]>`.
//! - **mk48**: root `{len: u64, updates: Ref<[Update]>}`; `Update
//!   {contacts: Ref<[Contact]>, score: u32, world_radius: f32,
//!   terrain_updates: Ref<[TerrainUpdate]>}`; `Contact {damage: u8,
//!   entity_id: u32, entity_type: u8 (0 none, 1 ArleighBurke … 10 Zubr),
//!   guidance: {angle: u16, submerge: bool, velocity: i16}, player_id:
//!   Option<u16>, reloads: Ref<[bool]>, transform: {altitude: i8, angle:
//!   u16, position: [f32; 2], velocity: i16}, turret_angles: Ref<[u16]>}`
//!   (52 bytes); `TerrainUpdate {chunk_id: [i8; 2], data: Ref<[u8]>}`.
//!
//! # What the reader refuses, and its limits
//!
//! A length other than the input's (cut or followed by other bytes), then
//! what musli-zerocopy refuses as each reference is loaded: an offset or
//! length outside the input, a misaligned offset, a `bool` other than 0 or
//! 1, an enum or option tag out of range, a string that is not UTF-8; then
//! a timestamp outside what the model holds. musli-zerocopy does not check
//! that objects are distinct: references may share or overlap bytes. A
//! valid buffer stores each object once, so the reader charges every
//! string's and list's bytes against the input's length and refuses the
//! reference that overdraws it: a decode builds at most a few times the
//! input, and a traverse reads each byte about once (SECURITY.md). Every
//! error is [`ErrorKind::Invalid`], with the field path of the refused
//! reference, except the length check's [`ErrorKind::Truncated`] and
//! [`ErrorKind::TrailingBytes`], which are at offset 0. The layout is not
//! recursive, so nesting is fixed by the types. Bytes nothing points to
//! (padding, or bytes a hostile writer adds) are not read.
//!
//! # Schema evolution
//!
//! musli-zerocopy has no versioning of its own: a reader must know the
//! root's type, and a buffer names nothing. Its users write a version
//! number in the root's header and load the record as the type it names,
//! as users of positional formats put a version tag in front. The
//! `evolution` feature tests that practice and the bare root for the
//! evolution matrix, through the datasets' framing and reader
//! (`src/evolution.rs`).
//!
//! CARRIES: everything. Floats are stored as bits, strings as UTF-8 of any
//! content, timestamps as integers. A value whose buffer would pass 4 GiB
//! (32-bit offsets) is an [`ErrorKind::Unsupported`] encode error.

#[cfg(target_endian = "big")]
compile_error!(
    "serbench-musli-zerocopy writes native-endian buffers and documents them as little-endian"
);

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
mod wire;

use serbench_model::{BaseCodec, Borrowing, Carries, Codec};
pub use serbench_model::{Error, ErrorKind};

use crate::wire::Wire;

/// The musli-zerocopy codec.
#[derive(Clone, Copy, Debug, Default)]
pub struct MusliZerocopy;

impl BaseCodec for MusliZerocopy {
    const DECLARED: Option<serbench_model::declared::Declared> =
        Some(crate::declared::MUSLI_ZEROCOPY);
    const DOCUMENT: serbench_model::DocumentPath = serbench_model::DocumentPath::Unavailable(
        "musli-zerocopy's layouts are Rust types derived at compile time; it has no schema a program can give it at run time",
    );
    const NAME: &'static str = "musli-zerocopy";
    const ZERO_COPY: bool = true;
    // Floats are stored as their bits, strings as any UTF-8, timestamps as
    // integers.
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: Borrowing =
        Borrowing::Unavailable("zero-copy: its traverse reads the bytes in place");
    type Error = Error;
}

serbench_model::per_dataset!(MusliZerocopy, MusliZerocopyGeneric);

impl<T: Wire> Codec<T> for MusliZerocopyGeneric {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        wire::write::<Self, T>(value, out)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        wire::with_root::<Self, T, _>(bytes, T::read)
    }

    fn traverse(bytes: &[u8]) -> Result<T::Answer, Error> {
        wire::with_root::<Self, T, _>(bytes, T::answer)
    }
}

serbench_model::functions!(MusliZerocopy, "validated musli-zerocopy buffer");
