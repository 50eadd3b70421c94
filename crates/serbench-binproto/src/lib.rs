//! bin-proto for the serbench model, with bin-proto 0.12.8 and its
//! `prepend-tags` feature, through its own derive.
//!
//! bin-proto (<https://github.com/wojciech-graj/bin-proto>) is a library
//! for binary protocols: `#[derive(BitEncode, BitDecode)]` on a type gives
//! its reader and writer over a bit stream, with attributes for bit
//! fields, magic bytes, padding and length tags held in other fields, so
//! that a Rust type can spell out a packet layout someone else fixed. A
//! program that speaks such a protocol picks it; one that only stores its
//! own values has smaller or faster choices (bitcode, wincode). The
//! reference benchmark (rust_serialization_benchmark) times it with
//! `prepend-tags`, which writes each string's and list's length and each
//! `Option`'s tag before it, and so does this codec. bin-proto opts out of
//! serde. The model's types are not bin-proto's to derive, so the codec
//! derives on mirror types of the same shape, as a bin-proto user does with
//! their own types, and converts (the conversions are timed).
//!
//! ```
//! use serbench_model::{Dataset, MediaContent, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_binproto::to_vec(&manager)?;
//! // The user name: its length as a `usize` (8 bytes), then its UTF-8.
//! assert!(bytes.starts_with(b"\x09\0\0\0\0\0\0\0Demo User"));
//! let back: TaskManager = serbench_binproto::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//!
//! let bytes = serbench_binproto::to_vec(&MediaContent::canonical())?;
//! let back: MediaContent = serbench_binproto::from_slice(&bytes)?;
//! assert_eq!(back, MediaContent::canonical());
//! # Ok::<(), serbench_binproto::Error>(())
//! ```
//!
//! # Wire layout
//!
//! bin-proto has no specification apart from its code: the layout is
//! what its derive and its impls write, read from 0.12.8 and held by
//! `tests/it/layout.rs`. The codec writes little-endian, as the reference
//! benchmark does (bin-proto takes the byte order per call; a reader must
//! use the same one):
//!
//! - a struct is its fields in declaration order, with nothing between
//!   them;
//! - a `Vec` or `String` is its length as a `usize`, then its elements or
//!   its UTF-8 bytes (`prepend-tags`). A `usize` is as wide as the target's
//!   pointers, which bin-proto's docs warn of: 8 bytes on the 64-bit
//!   targets serbench runs on, and a 32-bit build would write and read
//!   4-byte lengths, another layout;
//! - integers and `f64` take their full width; a `bool` is one byte, 1 for
//!   true;
//! - an `Option` is a `bool`, then the value when it is `true`;
//! - an enum is its discriminant as a `u8`, here its variant's index
//!   (`#[bin_proto(discriminant_type = u8)]`, through `mirror!`).
//!
//! Leaf values: an id is its 16 bytes (a `[u8; 16]`, no length); a color
//! the `u32` `0xAARRGGBB`; `created` the seconds since 1970 (`i64`), the
//! nanoseconds (`u32`) and the UTC offset in seconds (`i32`); a version a
//! `Vec<u32>`; a priority (0 to 3), player or size its discriminant.
//! So the bytes are Borsh's with 8-byte lengths.
//!
//! - **task-manager**: `user`, `version`, `lists`; a list is `header`,
//!   `tasks`; a task is `header`, `description`, `priority`, `completed`;
//!   a header is `id`, `name`, `color`, `created`. 10 000 tasks take
//!   852 KB (Borsh 773 KB with `u32` lengths).
//! - **telemetry**: `sensor_id` (8-byte length, 8 bytes), then the eight
//!   readings: 80 bytes a message.
//! - **graph**: `nodes` (`id`, `name`, `out_edges`, `in_edges`), then
//!   `edges` (`from`, `to`, `weight`: 10 bytes each).
//! - **records**: `ids` (8 bytes each), then `strings`: 17 416 bytes.
//! - **media**: `media` (`uri`, `title`, `width`, `height`, `format`,
//!   `duration`, `size`, `bitrate`, `persons`, `player`, `copyright`), then
//!   `images` (`uri`, `title`, `width`, `height`, `size`): 316 bytes.
//! - rust_serialization_benchmark's four, **log**, **mesh**,
//!   **minecraft_savedata** and **mk48**: the dataset's one list (`logs`,
//!   `triangles`, `players`, `updates`), then each item's fields in the
//!   model's order, which is RSB's; an `f32` takes 4 bytes, a `u8` or
//!   `i8` one, a tuple or a `[u32; 4]` its elements with no length. RSB
//!   derives bin-proto on its own types of those fields, with the same
//!   `u8` discriminants, so the bytes are RSB's (a mesh is 8 + 48 bytes a
//!   triangle).
//!
//! # What it carries
//!
//! Every value of the model: floats are written bit for bit (NaN payloads
//! and the infinities too), and a `usize` length holds any length a
//! value in memory has.
//!
//! # Limits
//!
//! bin-proto reads a length and reserves room for that many elements
//! before it reads the first (`Vec::with_capacity`), so on its own a few
//! bytes declaring 2^63 elements panic (capacity overflow) and a length
//! past the machine's memory aborts the process. So before bin-proto
//! reads, a walk of the layout written here holds every declared length
//! and count to the input left (`n` elements of at least `m` bytes need
//! `n × m` bytes; [`ErrorKind::Truncated`] at the length otherwise). What
//! bin-proto then allocates is what the input can fill: at most 4 bytes
//! per byte of input (minimal images, 18 bytes on the wire and a 64-byte
//! `Image`; see SECURITY.md), and as bin-proto reserves each list at its
//! declared length, no list doubles. The walk reads only lengths and tags,
//! skipping everything else by its size, and is timed with the decode. It
//! guards bin-proto's own reading rather than replacing it, so the row
//! stays marked `stock`. The layout nests no deeper than the model's
//! types.
//!
//! bin-proto reads a `bool` and an `Option` tag as any byte, nonzero for
//! `true` and `Some`, so such a byte other than 0 or 1 is read, not
//! refused (the codec writes 0 and 1 only): the format has no byte of a
//! wrong type to refuse.
//!
//! # Schema evolution
//!
//! bin-proto has no versioning mechanism of its own (no field tags,
//! defaults or schema): a type is its layout. Its users put the version
//! in front, as borsh's do, with what bin-proto has for telling messages
//! apart: an enum whose variants are the versions, its `u8`
//! discriminant read first. The `evolution` feature tests that practice
//! and the bare record for the evolution matrix, through the same reader
//! as the datasets, the length walk included (`src/evolution.rs`).
//!
//! # Errors
//!
//! Decoding refuses trailing bytes ([`ErrorKind::TrailingBytes`]), a
//! truncated input ([`ErrorKind::Truncated`]), an unknown discriminant,
//! invalid UTF-8 and a timestamp out of range ([`ErrorKind::Invalid`]; the
//! timestamp with its field path, `lists[0].tasks[1].header.created`).
//! bin-proto's error is the [`source`](std::error::Error::source); it does
//! not say where it stopped, so the codec reads through a slice it keeps
//! and gives the offset where bin-proto's reader stood: just past the item
//! it refused (a discriminant, a string whose bytes are not UTF-8), or the
//! end of the input for one that ends inside a value. A length the walk
//! refuses is at its first byte; a timestamp out of range names its path,
//! not a byte.

mod check;
mod declared;
#[cfg(feature = "evolution")]
mod evolution;
mod mirror;

use bin_proto::bitstream_io::{BitReader, BitWriter};
use bin_proto::{BitDecode, BitEncode, LittleEndian};
use serbench_model::{BaseCodec, Carries, Codec, Dataset};
pub use serbench_model::{Error, ErrorKind};

use crate::check::Lengths;
use crate::mirror::Mirrored;

/// The bin-proto codec.
#[derive(Clone, Copy, Debug, Default)]
pub struct BinProto;

impl BaseCodec for BinProto {
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::BIN_PROTO);
    const DOCUMENT: serbench_model::DocumentPath = serbench_model::DocumentPath::Unavailable(
        "bin-proto's BitEncode and BitDecode are derived for a Rust type at compile time, and it has no serde support or value type: a schema known only at run time cannot drive it",
    );
    const NAME: &'static str = "bin-proto";
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Unavailable(
        "bin-proto reads from a bit stream into owned strings",
    );
    type Error = Error;
}

serbench_model::functions!(BinProto, "bin-proto value");

/// Writes the borrowed mirror of `value`, appending to `out`.
fn encode<T>(value: &T, out: &mut Vec<u8>) -> Result<(), Error>
where
    T: Dataset + Mirrored,
    for<'a> T::View<'a>: BitEncode,
{
    write(&value.borrowed(), out, T::NAME)
}

/// Checks the lengths `bytes` declare, reads the owned mirror of a `T`
/// and converts it into the model.
fn decode<T>(bytes: &[u8]) -> Result<T, Error>
where
    T: Dataset + Lengths + Mirrored,
    T::Owned: BitDecode,
{
    T::check(bytes).map_err(|too_long| too_long.into_error(T::NAME))?;
    let mirror = read::<T::Owned>(bytes, T::NAME)?;
    T::from_owned(mirror).map_err(|invalid| {
        Error::new::<BinProto, T>(ErrorKind::Invalid, invalid.message).at_path(invalid.path)
    })
}

/// bin-proto's write of `value`, little-endian, appended to `out`; an
/// error names `subject` (a dataset, or the evolution record).
fn write<M: BitEncode>(value: &M, out: &mut Vec<u8>, subject: &'static str) -> Result<(), Error> {
    let mut writer = BitWriter::endian(out, LittleEndian);
    value
        .encode::<_, LittleEndian>(&mut writer, &mut (), ())
        .map_err(|error| {
            // Writing to a `Vec` cannot fail, nor can a length that is a
            // `usize` already: bin-proto has nothing else to refuse here.
            Error::named(
                ErrorKind::Unsupported,
                BinProto::NAME,
                subject,
                error.to_string(),
            )
            .with_source(error)
        })
}

/// bin-proto's read of an `M` that fills `bytes`, little-endian; an error
/// names `subject`. Every length `bytes` declare for `M` must have been
/// checked first (bin-proto reserves a declared length's room before it
/// reads).
fn read<M: BitDecode>(bytes: &[u8], subject: &'static str) -> Result<M, Error> {
    // bin-proto's `decode_bytes`, with the reader at hand: where it
    // stopped is the offset of the error, which bin-proto's own lacks, and
    // what is left is the trailing bytes. The reader holds no bytes of its
    // own past a whole byte, and every field here is whole bytes.
    let mut rest = bytes;
    let read =
        M::decode::<_, LittleEndian>(&mut BitReader::endian(&mut rest, LittleEndian), &mut (), ());
    let at = bytes.len() - rest.len();
    match read {
        Ok(_) if !rest.is_empty() => Err(Error::named(
            ErrorKind::TrailingBytes,
            BinProto::NAME,
            subject,
            format!("{} bytes follow the value", rest.len()),
        )),
        Ok(value) => Ok(value),
        Err(error) => Err(refused(subject, error)),
    }
    .map_err(|error| error.at_offset(at))
}

/// The error of bin-proto refusing the bytes of `subject`, with its kind.
fn refused(subject: &'static str, error: bin_proto::Error) -> Error {
    let (kind, message) = match &error {
        bin_proto::Error::Io(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => (
            ErrorKind::Truncated,
            "the input ends inside the value".to_owned(),
        ),
        bin_proto::Error::Discriminant => (
            ErrorKind::Invalid,
            "an enum discriminant no variant has".to_owned(),
        ),
        bin_proto::Error::FromUtf8(utf8) => (
            ErrorKind::Invalid,
            format!("a string is not UTF-8: {}", utf8.utf8_error()),
        ),
        other => (ErrorKind::Invalid, other.to_string()),
    };
    Error::named(kind, BinProto::NAME, subject, message).with_source(error)
}

/// `Codec` for every dataset: its mirrors and its length check.
macro_rules! codec {
    ($($dataset:path),* $(,)?) => {$(
        impl Codec<$dataset> for BinProto {
            fn encode(value: &$dataset, out: &mut Vec<u8>) -> Result<(), Error> {
                encode(value, out)
            }

            fn decode(bytes: &[u8]) -> Result<$dataset, Error> {
                decode(bytes)
            }
        }
    )*};
}

serbench_model::for_each_dataset!(codec);
