//! FlatBuffers for the serbench model, with the official [flatbuffers]
//! runtime.
//!
//! FlatBuffers (Google) stores a message the way a program would hold it in
//! memory: tables reached through relative offsets, fixed-size structs and
//! vectors of scalars inline, everything little-endian. A reader checks the
//! buffer once with the verifier and can then read any field in place,
//! without parsing or allocating. That is why serbench measures it: besides
//! decode (verify, then build the model) it reports a zero-copy
//! [`traverse`](Codec::traverse) that answers each dataset's question
//! straight from the verified bytes.
//!
//! The schemas are `schemas/*.fbs`; the Rust code flatc 25.12.19 generated
//! from them is committed (`cargo xtask codegen` refreshes it), so building
//! this crate needs no flatc, and any FlatBuffers implementation reads what
//! it writes.
//!
//! A second codec, [`FlatBuffersPlanus`] (`flatbuffers-planus`), writes and
//! reads the same buffers with [planus](https://docs.rs/planus), another
//! implementation of the format with its own generator (its code for the
//! same schemas is committed under `src/planus/generated/`) and a reader
//! that checks each field as it is read instead of verifying first. Its
//! module's docs say how its buffers differ in layout and what it checks.
//!
//! ```
//! use serbench_flatbuffers::FlatBuffers;
//! use serbench_model::{Codec, Dataset, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_flatbuffers::to_vec(&manager)?;
//! // A size prefix, then the FlatBuffer it measures.
//! let declared = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
//! assert_eq!(declared as usize, bytes.len() - 4);
//!
//! // Decode builds the model; traverse reads the answer in place.
//! let back: TaskManager = serbench_flatbuffers::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//! let answer = <FlatBuffers as Codec<TaskManager>>::traverse(&bytes)?;
//! assert_eq!(answer, manager.traverse());
//! # Ok::<(), serbench_flatbuffers::Error>(())
//! ```
//!
//! # Wire layout
//!
//! Every encoding is one **size-prefixed** FlatBuffer: a little-endian
//! `u32` holding the number of bytes after it, then the buffer (root
//! offset, tables, vtables, strings, vectors) as `finish_size_prefixed`
//! writes it, with no file identifier. A plain FlatBuffer does not record
//! its length, so neither a truncated buffer nor bytes appended to one can
//! be told from a valid one; the prefix makes both detectable, and decoding
//! requires it to equal the input's length exactly. The official tool reads
//! such a file with `flatc --json --raw-binary --size-prefixed --strict-json
//! schemas/<dataset>.fbs -- <file>`.
//!
//! The schemas, in brief (`schemas/README.md` has the details):
//!
//! - **task-manager**: tables `TaskManager{user, version: [uint], lists}`,
//!   `TaskList{header, tasks}`, `Task{header, description, priority,
//!   completed}` and `TaskHeader{id, name, color, created}`; `id` is a
//!   struct of the UUID's 16 bytes, `color` a `uint` `0xAARRGGBB`, `created`
//!   a struct `Timestamp{seconds: long, nanos: uint, offset_seconds: int}`
//!   and `priority` an enum `ubyte` 0 to 3.
//! - **telemetry**: `SensorReading{sensor_id, readings}` with the eight
//!   doubles in a 64-byte struct `Readings`, so every bit of each is stored
//!   (a table field equal to its default would be left out, turning −0.0
//!   into 0.0).
//! - **graph**: `Graph{nodes: [Node], edges: [Edge]}`, `Node{id: ushort,
//!   name, out_edges: [uint], in_edges: [uint]}`; `Edge{from: uint, to:
//!   uint, weight: ushort}` is a 12-byte struct stored inline.
//! - **records**: `Record{ids: [long], strings: [string]}`.
//! - **media**: `MediaContent{media, images}`; `Media` and `Image` as in the
//!   model, `player` and `size` enums of `byte`. An absent `title` or
//!   `copyright` is `None` (an empty one is `Some("")`); `bitrate` is an
//!   optional scalar (`int = null`), absent when `None`.
//!
//! The four datasets of rust_serialization_benchmark (RSB) have RSB's own
//! schemas' shape (the same tables, structs, fields and types), built in
//! the order RSB builds them, so a buffer is laid out as RSB's is:
//!
//! - **log**: `Logs{logs: [Log]}`; `Log{address, identity, userid, date,
//!   request, code: ushort, size: ulong}`, the address a struct of four
//!   `ubyte`s.
//! - **mesh**: `Mesh{triangles: [Triangle]}`, a triangle a 48-byte struct
//!   of four `Vector3{x, y, z: float}`.
//! - **minecraft_savedata**: `Players{players: [Player]}`; `Player`,
//!   `Item`, `Entity`, `RecipeBook` and `Vehicle` tables, `Abilities`,
//!   `Vector3d`, `Vector2f` and `Uuid` structs, `GameType` an enum of
//!   `byte`; an absent optional string, struct or table is `None`.
//! - **mk48**: `Updates{updates: [Update]}`; `Update`, `Contact` and
//!   `TerrainUpdate` tables; `Transform`, `Guidance`, `Vector2f` and
//!   `ChunkId` structs; `EntityType` an enum of `byte`.
//!
//! Where RSB's schemas cannot hold a value exactly they differ in a
//! field's default alone: mk48's `entity_type` and `player_id` and
//! minecraft_savedata's `spawn_forced` are optional scalars (`= null`,
//! absent for `None`; RSB's plain fields read `None` and the default
//! alike), and the `float`s of tables are optional scalars this crate
//! always writes (a plain one equal to its default 0.0 is left out, and
//! −0.0 compares equal to it); an absent one reads as 0.0. The bytes
//! equal RSB's wherever a value is not its field's default.
//!
//! Every field that is not a scalar is `(required)`, but for media's
//! optional strings and minecraft_savedata's optional strings, structs and
//! tables.
//!
//! # Limits
//!
//! FlatBuffers carries every value of the model bit for bit (NaN payloads,
//! −0.0, any timestamp and offset `time` holds), except that one buffer
//! holds at most 2 GiB: encoding a larger value is an
//! [`ErrorKind::Unsupported`] error.
//!
//! Decoding is safe on untrusted bytes. It never uses the runtime's
//! unchecked accessors: the size prefix must match the input, then the
//! verifier checks every offset, string (UTF-8 included) and vector against
//! the buffer's bounds and every required field's presence, with limits set
//! from the input's length (at most one table per 8 bytes, at most 3 times
//! the input's length of data reachable from the root, nesting at most as
//! deep as the schemas go), so memory stays in proportion to the input even
//! when offsets share data. Only then are fields read, and enums must be
//! known values and timestamps in range. Failures say what was wrong, and
//! their [`position`](Error::position) says where: the field path, and the
//! byte offset where the prefix or the verifier names one (for an offset
//! pointing outside the input, the field that holds it); the verifier's
//! error is the [`source`](std::error::Error::source). A wrong prefix is [`ErrorKind::Truncated`] or
//! [`ErrorKind::TrailingBytes`], a malformed buffer [`ErrorKind::Syntax`],
//! a verifier limit [`ErrorKind::Limit`], a missing field or unknown value
//! [`ErrorKind::Invalid`]. As FlatBuffers defines them, a `bool` byte other
//! than 0 is `true`, and vectors of tables may share elements within the
//! limits above.
//!
//! [`traverse`](Codec::traverse) verifies the whole buffer the same way and
//! then checks in place what [`decode`](Codec::decode) checks beyond the
//! verifier (every header's time range, with the check decoding's
//! conversion uses, every priority, the player, every image size), even
//! where its answer needs none of it: it fails exactly when `decode` does,
//! as the trait requires, without building the model or copying a string.
//!
//! Encoding builds in a builder that each thread keeps between calls, so a
//! stream of messages reuses one buffer; a message that may exceed 8 MiB
//! gets a builder of its own, sized for it, and the thread keeps no more.

mod declared;
#[cfg(feature = "evolution")]
mod evolution;
mod generated;
mod graph;
mod log;
mod media;
mod mesh;
mod minecraft;
mod mk48;
mod planus;
mod records;
mod task_manager;
mod telemetry;

use std::cell::Cell;
use std::fmt::Write as _;

use flatbuffers::{
    ErrorTraceDetail, FLATBUFFERS_MAX_BUFFER_SIZE, FlatBufferBuilder, InvalidFlatbuffer,
    VerifierOptions,
};
use serbench_model::{BaseCodec, Carries, Codec, Dataset, NativeCodec};
pub use serbench_model::{Error, ErrorKind};

pub use crate::planus::FlatBuffersPlanus;
use crate::private::Schema;

/// The FlatBuffers codec.
#[derive(Clone, Copy, Debug, Default)]
pub struct FlatBuffers;

impl BaseCodec for FlatBuffers {
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::FLATBUFFERS);
    const DOCUMENT: serbench_model::DocumentPath = serbench_model::DocumentPath::Unavailable(
        "the flatbuffers crate builds and reads tables only through code flatc generates; it has no reflection-driven builder for a schema known at run time",
    );
    const NAME: &'static str = "flatbuffers";
    const ZERO_COPY: bool = true;
    // Doubles travel as their IEEE 754 bits and timestamps as integers.
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing =
        serbench_model::Borrowing::Unavailable("zero-copy: its traverse reads the bytes in place");
    type Error = Error;
}

serbench_model::functions!(FlatBuffers, "size-prefixed FlatBuffer");

/// A finished FlatBuffer, built by [`NativeCodec::build`]: the message as
/// the runtime's builder left it, ready to write or send.
pub struct Finished(FlatBufferBuilder<'static>);

impl std::fmt::Debug for Finished {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Finished")
            .field("len", &self.as_bytes().len())
            .finish_non_exhaustive()
    }
}

impl Finished {
    /// Builds `value` in a builder sized for it up front.
    fn build<T: Schema>(value: &T) -> Result<Self, Error> {
        let mut builder = FlatBufferBuilder::with_capacity(checked_size(value)?);
        let root = value.build(&mut builder);
        builder.finish_size_prefixed(root, None);
        Ok(Self(builder))
    }

    /// The encoded bytes, size prefix included.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        self.0.finished_data()
    }
}

mod private {
    use flatbuffers::{FlatBufferBuilder, Follow, Verifiable, WIPOffset};
    use serbench_model::{Dataset, Error};

    /// How a dataset maps onto its schema's generated code.
    pub trait Schema: Dataset {
        /// The generated accessor of the schema's root table.
        type Root<'a>: Follow<'a, Inner = Self::Root<'a>> + Verifiable + 'a;

        /// An upper bound of the encoding's size, to size the builder and to
        /// refuse values beyond FlatBuffers' 2 GiB before building them.
        fn size_bound(&self) -> usize;

        /// Writes the value into `builder`, returning its root table.
        fn build<'b>(&self, builder: &mut FlatBufferBuilder<'b>) -> WIPOffset<Self::Root<'b>>;

        /// Converts a verified root to the model, checking what the verifier
        /// does not (enum values, timestamp ranges).
        fn read(root: Self::Root<'_>) -> Result<Self, Error>;

        /// Answers the traverse question from a verified root in place,
        /// checking all that [`Schema::read`] checks, so it fails exactly
        /// when `read` does.
        fn answer(root: Self::Root<'_>) -> Result<Self::Answer, Error>;
    }
}

/// Messages whose size bound is at most this are built in the thread's
/// reused builder; larger ones get a builder of their own, sized up front,
/// so one huge message does not pin its memory to the thread.
const REUSE_LIMIT: usize = 8 << 20;

thread_local! {
    /// The thread's builder, kept between encodes so that a stream of
    /// messages reuses one buffer instead of allocating and growing one
    /// each time.
    static BUILDER: Cell<FlatBufferBuilder<'static>> = Cell::new(FlatBufferBuilder::new());
}

serbench_model::per_dataset!(FlatBuffers, FlatBuffersGeneric, native);

impl<T: Schema> Codec<T> for FlatBuffersGeneric {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        if checked_size(value)? > REUSE_LIMIT {
            out.extend_from_slice(Finished::build(value)?.as_bytes());
            return Ok(());
        }
        let mut builder = BUILDER.take();
        builder.reset();
        let root = value.build(&mut builder);
        builder.finish_size_prefixed(root, None);
        out.extend_from_slice(builder.finished_data());
        BUILDER.set(builder);
        Ok(())
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        T::read(root::<T>(bytes)?)
    }

    fn traverse(bytes: &[u8]) -> Result<T::Answer, Error> {
        T::answer(root::<T>(bytes)?)
    }
}

impl<T: Schema> NativeCodec<T> for FlatBuffersGeneric {
    type Message = Finished;

    fn build(value: &T) -> Result<Finished, Error> {
        Finished::build(value)
    }

    fn write(message: &Finished, out: &mut Vec<u8>) -> Result<(), Error> {
        out.extend_from_slice(message.as_bytes());
        Ok(())
    }
}

/// The value's size bound, or an error when it may not fit in a FlatBuffer.
fn checked_size<T: Schema>(value: &T) -> Result<usize, Error> {
    let size = value.size_bound();
    if size > FLATBUFFERS_MAX_BUFFER_SIZE {
        return Err(error::<T>(
            ErrorKind::Unsupported,
            format!(
                "the encoding may take up to {size} bytes, more than the \
                 {FLATBUFFERS_MAX_BUFFER_SIZE} one FlatBuffer can hold"
            ),
        ));
    }
    Ok(size)
}

/// The deepest nesting of tables in any schema (task-manager's `TaskManager`,
/// `TaskList`, `Task`, `TaskHeader`; minecraft_savedata's `Players`,
/// `Player`, `Vehicle`, `Entity`). No schema is recursive, so an honest
/// buffer never goes deeper.
const MAX_DEPTH: usize = 4;

/// How many times its own length the data reachable from the root may add
/// up to. The verifier counts a shared vtable, string or vector at every
/// reference, so honest buffers come to at most about 1.6 times their
/// length (many small tables sharing one vtable); a buffer whose offsets
/// point many times at the same data would decode to a model far larger
/// than itself.
const APPARENT_SIZE_FACTOR: usize = 3;

/// The verifier's limits for an input of `len` bytes.
fn verifier_options(len: usize) -> VerifierOptions {
    VerifierOptions {
        max_depth: MAX_DEPTH,
        // A table takes its 4-byte vtable offset and the 4-byte offset that
        // reaches it; one reached twice counts twice.
        max_tables: len / 8,
        max_apparent_size: len.saturating_mul(APPARENT_SIZE_FACTOR),
        ignore_missing_null_terminator: false,
    }
}

/// Checks the size prefix against `bytes` and verifies the buffer,
/// returning its root table.
fn root<T: Schema>(bytes: &[u8]) -> Result<T::Root<'_>, Error> {
    let Some((prefix, rest)) = bytes.split_first_chunk::<4>() else {
        return Err(error::<T>(
            ErrorKind::Truncated,
            "the input ends before the 4-byte size prefix does".to_owned(),
        )
        .at_offset(bytes.len()));
    };
    let declared = u32::from_le_bytes(*prefix) as usize;
    if declared > rest.len() {
        return Err(error::<T>(
            ErrorKind::Truncated,
            format!(
                "the size prefix declares {declared} bytes after it, but {} follow",
                rest.len()
            ),
        )
        .at_offset(bytes.len()));
    }
    if declared < rest.len() {
        let extra = rest.len() - declared;
        return Err(error::<T>(
            ErrorKind::TrailingBytes,
            format!("{extra} bytes follow the buffer its size prefix declares"),
        )
        .at_offset(declared + 4));
    }
    let options = verifier_options(bytes.len());
    flatbuffers::size_prefixed_root_with_opts::<T::Root<'_>>(&options, bytes)
        .map_err(|invalid| verifier_error(T::NAME, invalid, &options, bytes.len()))
}

/// Turns a verifier failure into an error about `subject` (a dataset, or
/// the evolution record) that says what and where: the field path from the
/// verifier's trace, and the byte offset where the failure names one.
fn verifier_error(
    subject: &'static str,
    invalid: InvalidFlatbuffer,
    options: &VerifierOptions,
    len: usize,
) -> Error {
    use InvalidFlatbuffer as E;
    let (kind, message, trace): (_, _, &[ErrorTraceDetail]) = match &invalid {
        E::MissingRequiredField {
            required,
            error_trace,
        } => (
            ErrorKind::Invalid,
            format!("missing field `{required}`"),
            error_trace.as_ref(),
        ),
        E::InconsistentUnion {
            field,
            field_type,
            error_trace,
        } => (
            ErrorKind::Syntax,
            format!("union `{field}` and its type `{field_type}` are not both present"),
            error_trace.as_ref(),
        ),
        E::Utf8Error {
            error,
            range,
            error_trace,
        } => (
            ErrorKind::Syntax,
            format!(
                "the string at bytes {}..{} is not UTF-8: {error}",
                range.start, range.end
            ),
            error_trace.as_ref(),
        ),
        E::MissingNullTerminator { range, error_trace } => (
            ErrorKind::Syntax,
            format!(
                "the string at bytes {}..{} lacks its terminating zero byte",
                range.start, range.end
            ),
            error_trace.as_ref(),
        ),
        E::Unaligned {
            unaligned_type,
            error_trace,
            ..
        } => {
            let name = unaligned_type.rsplit("::").next().unwrap_or_default();
            (
                ErrorKind::Syntax,
                format!("the {name} is misaligned"),
                error_trace.as_ref(),
            )
        }
        E::RangeOutOfBounds { range, error_trace } => (
            ErrorKind::Syntax,
            format!(
                "an offset points to bytes {}..{}, outside the buffer",
                range.start, range.end
            ),
            error_trace.as_ref(),
        ),
        E::SignedOffsetOutOfBounds {
            soffset,
            error_trace,
            ..
        } => (
            ErrorKind::Syntax,
            format!("the vtable offset {soffset} points outside the buffer"),
            error_trace.as_ref(),
        ),
        E::TooManyTables => (
            ErrorKind::Limit,
            format!(
                "more than {} tables (counting each reference) in a buffer of this size",
                options.max_tables
            ),
            &[],
        ),
        E::ApparentSizeTooLarge => (
            ErrorKind::Limit,
            format!(
                "the data reachable from the root (counting each reference) exceeds {} bytes, \
                 {APPARENT_SIZE_FACTOR} times the buffer",
                options.max_apparent_size
            ),
            &[],
        ),
        E::DepthLimitReached => (
            ErrorKind::Limit,
            format!("tables nest deeper than {}", options.max_depth),
            &[],
        ),
    };
    let path = field_path(trace);
    let mut error = Error::named(kind, FlatBuffers::NAME, subject, message);
    if !path.is_empty() {
        error = error.at_path(path);
    }
    if let Some(offset) = fault_offset(&invalid, trace, len) {
        error = error.at_offset(offset);
    }
    error.with_source(invalid)
}

/// The byte a verifier failure names, if it names one: where a string or
/// range begins, where a misaligned value or bad vtable offset is.
fn verifier_offset(invalid: &InvalidFlatbuffer) -> Option<usize> {
    use InvalidFlatbuffer as E;
    match invalid {
        E::Utf8Error { range, .. }
        | E::MissingNullTerminator { range, .. }
        | E::RangeOutOfBounds { range, .. } => Some(range.start),
        E::Unaligned { position, .. } | E::SignedOffsetOutOfBounds { position, .. } => {
            Some(*position)
        }
        _ => None,
    }
}

/// The byte offset of a verifier failure in an input of `len` bytes:
/// where the failure names one inside it. Where it names bytes past the
/// input (an offset pointing outside it, a misaligned target there), the
/// fault is the field or element that holds that offset: the trace's
/// innermost place.
fn fault_offset(
    invalid: &InvalidFlatbuffer,
    trace: &[ErrorTraceDetail],
    len: usize,
) -> Option<usize> {
    match verifier_offset(invalid) {
        Some(at) if at <= len => Some(at),
        Some(_) => trace.first().map(trace_position).filter(|&at| at <= len),
        None => None,
    }
}

/// Where in the buffer a step of the verifier's trace is.
fn trace_position(detail: &ErrorTraceDetail) -> usize {
    match detail {
        ErrorTraceDetail::TableField { position, .. }
        | ErrorTraceDetail::VectorElement { position, .. }
        | ErrorTraceDetail::UnionVariant { position, .. } => *position,
    }
}

/// The verifier's trace, innermost first, as a path from the root:
/// `lists[3].tasks[5].header`.
fn field_path(trace: &[ErrorTraceDetail]) -> String {
    let mut path = String::new();
    for detail in trace.iter().rev() {
        match detail {
            ErrorTraceDetail::TableField { field_name, .. } => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(field_name);
            }
            ErrorTraceDetail::VectorElement { index, .. } => {
                let _ = write!(path, "[{index}]");
            }
            ErrorTraceDetail::UnionVariant { variant, .. } => {
                let _ = write!(path, "({variant})");
            }
        }
    }
    path
}

/// An error of `kind` for dataset `T`.
fn error<T: Dataset>(kind: ErrorKind, message: String) -> Error {
    Error::new::<FlatBuffers, T>(kind, message)
}

/// A decoded value that is not one of dataset `T`'s, at `path`.
fn invalid<T: Dataset>(message: impl std::fmt::Display, path: impl std::fmt::Display) -> Error {
    error::<T>(ErrorKind::Invalid, message.to_string()).at_path(path.to_string())
}

/// Encoded size bounds of the pieces every schema is made of.
mod bound {
    /// A string of `len` bytes: length, bytes, zero byte, padding.
    pub(crate) const fn string(len: usize) -> usize {
        len + 8
    }

    /// A vector of `count` elements of `size` bytes: length, padding.
    pub(crate) const fn vector(count: usize, size: usize) -> usize {
        count * size + 11
    }

    /// A table with `fields` fields of `inline` bytes in all: its vtable
    /// offset, its vtable (counted as if not shared) and padding.
    pub(crate) const fn table(fields: usize, inline: usize) -> usize {
        11 + inline + 9 * fields
    }

    /// A table of `inline` bytes whose vtable is counted apart (with
    /// [`vtables`]): its vtable offset, its fields and padding. The
    /// builder writes each distinct vtable once, so a vector of many tables
    /// that differ only in which defaults they leave out has few vtables.
    pub(crate) const fn shared_table(inline: usize) -> usize {
        11 + inline
    }

    /// `variants` distinct vtables of a table of `fields` fields.
    pub(crate) const fn vtables(fields: usize, variants: usize) -> usize {
        variants * (7 + 2 * fields)
    }

    /// The size prefix, the root offset and padding to the root's alignment.
    pub(crate) const FRAME: usize = 15;
}

#[cfg(test)]
mod tests {
    use serbench_model::{
        Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager, Updates,
    };
    use serbench_testkit::Arbitrary;

    use super::*;

    /// The size bound holds, and is close enough to size the builder.
    fn bound_holds<T: Schema + Arbitrary>(size: usize) {
        for value in T::workload(size).iter().take(3).chain(&T::edge_cases()) {
            let len = FlatBuffersGeneric::to_vec(value).unwrap().len();
            let bound = value.size_bound();
            assert!(len <= bound, "{}: {len} bytes, bound {bound}", T::NAME);
            assert!(
                bound <= len * 2 + 256,
                "{}: {len} bytes, bound {bound}",
                T::NAME
            );
        }
    }

    #[test]
    fn size_bounds_hold() {
        bound_holds::<TaskManager>(10_000);
        bound_holds::<SensorReading>(3);
        bound_holds::<Graph>(300);
        bound_holds::<Record>(1);
        bound_holds::<MediaContent>(1);
        bound_holds::<Logs>(100);
        bound_holds::<Mesh>(100);
        bound_holds::<Players>(20);
        bound_holds::<Updates>(10);
    }
}
