//! Cap'n Proto for the serbench model, with the [capnp] crate.
//!
//! Cap'n Proto's encoding *is* its in-memory layout: fixed-size structs of
//! little-endian words with relative pointers to texts, lists and other
//! structs. There is no parsing step, so a reader answers a question
//! straight from the received bytes without building anything. That makes
//! it one of the two zero-copy formats serbench compares (with
//! FlatBuffers): besides the usual encode and decode, [`Codec::traverse`]
//! here walks the bytes in place to answer each dataset's traverse question,
//! and the benchmark labels those rows as zero-copy. The price is size:
//! fields have fixed widths and everything is padded to 8-byte words.
//!
//! ```
//! use serbench_capnp::Capnp;
//! use serbench_model::{Codec, Dataset, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_capnp::to_vec(&manager)?;
//! // One segment (segment count − 1 = 0), then its length in words.
//! assert_eq!(bytes[..4], [0, 0, 0, 0]);
//! let back: TaskManager = serbench_capnp::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//! // The traverse answer, read from the bytes without decoding.
//! let answer = <Capnp as Codec<TaskManager>>::traverse(&bytes)?;
//! assert_eq!(answer, manager.traverse());
//! # Ok::<(), serbench_capnp::Error>(())
//! ```
//!
//! # Wire layout
//!
//! A message in Cap'n Proto's standard stream framing: the segment table
//! (segment count − 1, each segment's length in words, all little-endian
//! `u32`, padded to a word), then the segments. This crate writes one
//! segment, sized up front from the value. The schemas are
//! `schemas/<dataset>.capnp` in the repository, with root structs
//! `TaskManager`, `SensorReading`, `Graph`, `Record` and `MediaContent` (and
//! the four below), so
//! the official tool reads a file this crate wrote:
//! `capnp decode schemas/task-manager.capnp TaskManager < task-manager.capnp`.
//!
//! - **task-manager**: `TaskManager{user: Text, version: List(UInt32),
//!   lists: List(TaskList)}`; `TaskList{header: TaskHeader, tasks:
//!   List(Task)}`; `Task{header: TaskHeader, description: Text, priority:
//!   Priority, completed: Bool}`; `TaskHeader{id: group{high, low: UInt64},
//!   name: Text, color: UInt32, created: group{seconds: Int64, nanos: UInt32,
//!   offsetSeconds: Int32}}`. The id's halves are its 16 bytes read as two
//!   big-endian numbers, inline in the header (no pointer, no length to
//!   check); `color` is `0xAARRGGBB`; `created` keeps the nanoseconds and the
//!   UTC offset; `Priority` is an enum `low`..`critical` (0 to 3).
//! - **telemetry**: `SensorReading{sensorId: Text, ambientTemperature, …,
//!   humidity: Float64}`, each float as its exact IEEE 754 bits.
//! - **graph**: `Graph{nodes: List(Node), edges: List(Edge)}`;
//!   `Node{id: UInt16, name: Text, outEdges, inEdges: List(UInt32)}`;
//!   `Edge{from, to: UInt32, weight: UInt16}`.
//! - **records**: `Record{ids: List(Int64), strings: List(Text)}`.
//! - **media**: `MediaContent{media: Media, images: List(Image)}`; optional
//!   texts (`title`, `copyright`) are null pointers when absent (an empty
//!   text is present); the optional `bitrate` is a union of `unknown: Void`
//!   and `bitsPerSecond: Int32`; `Player` and `Size` are enums.
//!
//! The four datasets of rust_serialization_benchmark (RSB) have RSB's own
//! schemas' shape (the same fields, ordinals and types), so a message is
//! laid out as RSB's is (roots `Logs`, `Mesh`, `Players`, `Updates`):
//!
//! - **log**: `Logs{logs: List(Log)}`; `Log{address: Address, identity,
//!   userid, date, request: Text, code: UInt16, size: UInt64}`;
//!   `Address{x0, x1, x2, x3: UInt8}`, a struct of its own.
//! - **mesh**: `Mesh{triangles: List(Triangle)}`; `Triangle{v0, v1, v2,
//!   normal: Vector3}`, four pointers to `Vector3{x, y, z: Float32}`.
//! - **minecraft_savedata**: `Players{players: List(Player)}`; `Player`
//!   in the model's order, tuples and UUIDs as groups, `GameType` an enum,
//!   options as unions of `none: Void` and `some` (an entity's optional
//!   `customName` a null pointer when absent); `Item`, `Abilities`,
//!   `Entity` and `RecipeBook` structs of their own.
//! - **mk48**: `Updates{updates: List(Update)}`; `Update{contacts:
//!   List(Contact), score: UInt32, worldRadius: Float32, terrainUpdates:
//!   List(TerrainUpdate)}`; `Contact{damage: UInt8, entityId: UInt32,
//!   entityType: union{none, some: EntityType}, guidance: Guidance,
//!   playerId: union{none, some: UInt16}, reloads: List(Bool), transform:
//!   Transform, turretAngles: List(UInt16)}`; `TerrainUpdate{chunkId:
//!   group{x, y: Int8}, data: List(UInt8)}`.
//!
//! # Limits
//!
//! Cap'n Proto carries every value of the model bit for bit
//! ([`Carries::EVERYTHING`]), except what its lists cannot hold: a text of
//! 2^29 − 1 bytes or more, a list of 2^29 elements or more, or a list of
//! structs of 2^29 words or more is an [`ErrorKind::Unsupported`] encode
//! error.
//!
//! Decoding and traversing are safe on untrusted bytes and work on any
//! `&[u8]`. Cap'n Proto reads 8-byte words in place, so input that is not
//! 8-byte aligned is first copied into an aligned buffer: one allocation and
//! copy of the input. (A `Vec<u8>`'s buffer is aligned in practice and is
//! read in place; capnp's `unaligned` feature would avoid the copy, but it
//! applies to every user of capnp in a build and takes away their
//! `as_slice` on lists of numbers.) A segment table that declares more than
//! the input holds is an [`ErrorKind::Truncated`] error before anything
//! else is read. The reader then visits at most as many words as the message
//! holds, so pointers that alias each other cannot make a small message
//! decode to a large value, and follows pointers at most 16 levels deep.
//! An error's [`position`](Error::position) holds the field path, such as
//! `lists[2].tasks[5].header.created`, or, for framing, the byte offset;
//! capnp's error, where it found the fault, is the
//! [`source`](std::error::Error::source). Bytes that end early are `Truncated`, bytes after the message
//! `TrailingBytes`, a bad segment table, pointer or UTF-8 `Syntax`, an
//! unknown enum value or union tag or an out-of-range timestamp `Invalid`,
//! and the read and nesting limits `Limit`.
//!
//! [`Codec::traverse`] fails exactly when decoding does, as the trait
//! requires: bytes that hold no valid value have no answer. It follows
//! every pointer decoding follows, once each, so the read limit counts the
//! same words, and checks in place, with the functions decoding uses,
//! every text's UTF-8, every enum value and union tag and every
//! timestamp's range, even where its answer needs none of them. It builds
//! nothing and copies no text; graph's search adds one flag per node,
//! marking the nodes whose out-edges it has read.
//!
//! # Building and writing
//!
//! As a [`NativeCodec`], [`Capnp`] also splits encoding in two:
//! [`NativeCodec::build`] makes a [`capnp::message::Builder`] whose first
//! segment is sized for the value, and [`NativeCodec::write`] appends a
//! prebuilt message in the stream framing, the bytes `encode` writes.

mod declared;
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
mod task_manager;
mod telemetry;
#[cfg(test)]
mod tests;
mod write;

/// The code capnpc generates from `schemas/*.capnp`, committed and refreshed
/// by `cargo xtask codegen`.
#[rustfmt::skip]
#[allow(
    unreachable_pub,
    clippy::semicolon_if_nothing_returned,
    clippy::expl_impl_clone_on_copy,
    clippy::match_same_arms,
    clippy::used_underscore_binding,
    reason = "generated by capnpc; kept as the tool writes it so `cargo xtask codegen --check` can compare"
)]
mod generated {
    pub(crate) mod graph_capnp;
    pub(crate) mod log_capnp;
    pub(crate) mod media_capnp;
    pub(crate) mod mesh_capnp;
    pub(crate) mod minecraft_savedata_capnp;
    pub(crate) mod mk48_capnp;
    pub(crate) mod records_capnp;
    pub(crate) mod task_manager_capnp;
    pub(crate) mod telemetry_capnp;
}

use capnp::message::{Builder, HeapAllocator};
use capnp::traits::Owned;
use serbench_model::{BaseCodec, Carries, Codec, NativeCodec};
pub use serbench_model::{Error, ErrorKind};

use crate::write::{TooLong, Words};

/// The Cap'n Proto codec.
#[derive(Clone, Copy, Debug, Default)]
pub struct Capnp;

impl BaseCodec for Capnp {
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::CAPNP);
    const DOCUMENT: serbench_model::DocumentPath = serbench_model::DocumentPath::Unavailable(
        "the capnp crate reads and builds dynamic values only through schemas compiled in by capnpc, which needs the capnp tool; a schema inferred at run time cannot be loaded",
    );
    const NAME: &'static str = "capnp";
    const ZERO_COPY: bool = true;
    // Floats are stored as their bits, timestamps as integers.
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing =
        serbench_model::Borrowing::Unavailable("zero-copy: its traverse reads the bytes in place");
    type Error = Error;
}

serbench_model::functions!(Capnp, "Cap'n Proto message (standard stream framing)");

mod private {
    use capnp::traits::Owned;

    use crate::read::Failure;
    use crate::write::{TooLong, Words};

    /// How a dataset meets its schema: the root struct, and the four walks
    /// over the model or the message.
    pub trait Wire: serbench_model::Dataset {
        /// The schema's root struct.
        type Root: Owned;

        /// Counts the words the message takes, and checks that every text
        /// and list fits Cap'n Proto's limits, so building cannot fail.
        fn words(&self, words: &mut Words) -> Result<(), TooLong>;

        /// Writes the value into a fresh root.
        fn build(&self, root: <Self::Root as Owned>::Builder<'_>);

        /// Converts a message to the model, checking every value.
        fn read(root: <Self::Root as Owned>::Reader<'_>) -> Result<Self, Failure>;

        /// Answers the traverse question from the message in place, reading
        /// every pointer `read` reads, once, and checking all it checks.
        fn answer(root: <Self::Root as Owned>::Reader<'_>) -> Result<Self::Answer, Failure>;
    }
}

use private::Wire;

serbench_model::per_dataset!(Capnp, CapnpGeneric, native);

impl<T: Wire> Codec<T> for CapnpGeneric {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        let message = <Self as NativeCodec<T>>::build(value)?;
        <Self as NativeCodec<T>>::write(&message, out)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        read::with_root::<T, _>(bytes, T::read)
    }

    fn traverse(bytes: &[u8]) -> Result<T::Answer, Error> {
        read::with_root::<T, _>(bytes, T::answer)
    }
}

impl<T: Wire> NativeCodec<T> for CapnpGeneric {
    /// A message built in one heap segment sized for the value.
    type Message = Builder<HeapAllocator>;

    fn build(value: &T) -> Result<Self::Message, Error> {
        let mut words = Words::new();
        value.words(&mut words).map_err(TooLong::into_error::<T>)?;
        let mut message = Builder::new(HeapAllocator::new().first_segment_words(words.segment()));
        value.build(message.init_root::<<T::Root as Owned>::Builder<'_>>());
        Ok(message)
    }

    fn write(message: &Self::Message, out: &mut Vec<u8>) -> Result<(), Error> {
        write::message(message, out);
        Ok(())
    }
}
