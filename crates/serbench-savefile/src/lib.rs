//! savefile for the serbench model, with savefile 0.20, through its own
//! derive and the entry points its documentation gives, `savefile::save`
//! and `savefile::load`.
//!
//! savefile stores a Rust program's own types in files that later versions
//! of the program still read: `#[derive(Savefile)]` on a type gives its
//! reader, writer and schema, every file carries that schema and a version
//! number, and a field marked with the versions it exists in
//! (`#[savefile_versions = "1.."]`) lets a new program read every older
//! file. A Rust program that saves its state and must open last year's
//! files picks it; one that exchanges data with other languages cannot
//! (savefile is Rust only, and its schema records Rust's memory layout),
//! and one that wants small messages picks postcard or bitcode. The
//! model's types are not savefile's to derive, so the codec derives on
//! mirror types of the same shape, as a savefile user does with their own
//! types, and converts (the conversions are timed).
//!
//! The timed path is the one savefile's documentation teaches:
//! `savefile::save(writer, version, &value)` and `savefile::load(reader,
//! version)`, which is `save_to_mem`/`load_from_mem` over a reader the
//! codec keeps to learn where savefile stopped. Both write and read the
//! header and the schema in front of the data, so they are part of the
//! timed bytes and of every size the report shows: 110 to 1 044 bytes per
//! file, whatever the data. savefile's
//! `save_noschema`/`load_noschema` (no schema) and `bare_serialize` (no
//! header either) are offered for data whose reader is known in advance;
//! they are not what its users are told to use, and not timed.
//!
//! ```
//! use serbench_model::{Dataset, MediaContent, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_savefile::to_vec(&manager)?;
//! // The magic, savefile's format version 2 and the data's version 0.
//! assert!(bytes.starts_with(b"savefile\0\x02\0\0\0\0\0"));
//! let back: TaskManager = serbench_savefile::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//!
//! let bytes = serbench_savefile::to_vec(&MediaContent::canonical())?;
//! let back: MediaContent = serbench_savefile::from_slice(&bytes)?;
//! assert_eq!(back, MediaContent::canonical());
//! # Ok::<(), serbench_savefile::Error>(())
//! ```
//!
//! # Wire layout
//!
//! savefile's (it has no specification but its code, savefile 0.20.6's
//! `save` and the derive's `serialize`):
//!
//! - the header: `savefile\0`, savefile's format version as a `u16` (2),
//!   the data's version as a `u32` (0: the codec has one version of each
//!   dataset), a byte 0 (not compressed);
//! - the schema: the type tree, with every struct's and enum's name, each
//!   field's name, type and offset in memory (Rust's layout of the type,
//!   which savefile uses to copy plain arrays in one go), written with the
//!   layout below; the reader compares it with its own types' and refuses
//!   a file of another shape (names and offsets are not compared);
//! - the data: a struct is its fields in declaration order, with nothing
//!   between them; a `Vec` or `String` is its length as a `u64`, then its
//!   elements or its UTF-8 bytes (a `Vec<u32>` or `Vec<i64>` is copied as
//!   its memory, little-endian on the machines savefile supports);
//!   integers and `f64` take their full width, little-endian, so every
//!   `f64` bit pattern survives; a `bool` is a byte 0 or 1, an `Option` a
//!   byte 0 (`None`) or 1 followed by the value, an enum its variant index
//!   as a `u8`.
//!
//! Leaf values: an id is its 16 bytes (a `[u8; 16]`, no length); a color
//! the `u32` `0xAARRGGBB`; `created` the seconds since 1970 (`i64`), the
//! nanoseconds (`u32`) and the UTC offset in seconds (`i32`); a version a
//! `Vec<u32>`; a priority (0 to 3), player or size its variant index.
//!
//! - **task-manager**: `user`, `version`, `lists`; a list is `header`,
//!   `tasks`; a task is `header`, `description`, `priority`, `completed`; a
//!   header is `id`, `name`, `color`, `created`. The header and schema
//!   take 1 044 bytes; the data is wincode's layout with `u8` tags.
//! - **telemetry**: `sensor_id` (8-byte length, 8 bytes), then the eight
//!   readings: 80 bytes of data after 348 of header and schema, 428 a
//!   message.
//! - **graph**: `nodes` (`id`, `name`, `out_edges`, `in_edges`), then
//!   `edges` (`from`, `to`, `weight`: 10 bytes each), after 355 bytes of
//!   header and schema.
//! - **records**: `ids` (8 bytes each), then `strings`, after 110 bytes.
//! - **media**: `media` (`uri`, `title`, `width`, `height`, `format`,
//!   `duration`, `size`, `bitrate`, `persons`, `player`, `copyright`), then
//!   `images` (`uri`, `title`, `width`, `height`, `size`): 320 bytes of
//!   data after 763 of header and schema.
//! - rust_serialization_benchmark's four, **log**, **mesh**,
//!   **minecraft_savedata** and **mk48**: the dataset's one list (`logs`,
//!   `triangles`, `players`, `updates`), then each item's fields in the
//!   model's order, which is RSB's; an `f32` takes 4 bytes, a `u8` or
//!   `i8` one, a tuple or a `[u32; 4]` its elements with no length. RSB
//!   saves its own types of those fields with `save_noschema`, so its
//!   files are this data after the 16-byte header alone; the codec's
//!   carry their schema too, as every file it writes does.
//!
//! # What it carries
//!
//! Every value of the model: floats as their bits (NaN payloads and the
//! infinities too), every integer at its width, strings as UTF-8. Its
//! output is deterministic: the schema is a function of the types, and
//! the data of the value. But the schema's offsets are Rust's layout of
//! the mirror types, which the Rust compiler chooses: another compiler
//! release may write other schema bytes for the same value, which
//! savefile reads (it does not compare offsets) and this codec refuses
//! (see *Limits*).
//!
//! # Limits
//!
//! savefile reads the schema a file carries with the data's own reader
//! before comparing it: it nests as deep as the input says (one call per
//! level, so a deep one overflows the stack), its comparison panics on a
//! schema only savefile-abi writes, and the data's reader trusts declared
//! lengths: a string's `u64` length is zeroed at once, a list reserves its
//! count, and a list of plain numbers allocates count × element size
//! unchecked for overflow, before it reads a byte. So before savefile
//! reads, `src/check.rs` holds the header and schema to the bytes this codec
//! writes for the dataset (any other is refused, [`ErrorKind::Invalid`]
//! at the first byte that differs), and walks the data's layout, holding
//! every length and count to the input left ([`ErrorKind::Truncated`] at
//! the length) and every `bool` and `Option` tag to 0 or 1, which savefile
//! would read as `false` for any byte but 1. What savefile then allocates
//! is what the input can fill (see SECURITY.md for the figures). The
//! check reads only lengths and tags and compares the prefix with one
//! built once per dataset, and is timed with the decode; it guards
//! savefile's own reading rather than replacing it, so the row stays
//! marked `stock`. The data nests no deeper than the model's types.
//! savefile's own guard, its `size_sanity_checks` feature (off by
//! default, and not enabled here), caps a string's length and a list's
//! count at 1 000 000 whatever the input holds: it refuses larger valid
//! data, lets a few bytes reserve a million elements (100 MB of tasks),
//! and does not cover the lists of plain numbers.
//!
//! # Errors
//!
//! Decoding refuses trailing bytes ([`ErrorKind::TrailingBytes`]), a
//! truncated input ([`ErrorKind::Truncated`]), another header or schema, a
//! flag out of range, an unknown variant, invalid UTF-8 and a timestamp out
//! of range ([`ErrorKind::Invalid`]; the timestamp with its field path,
//! `lists[0].tasks[1].header.created`). savefile's error is the
//! [`source`](std::error::Error::source); it does not say where it
//! stopped, so the codec reads through a slice it keeps and gives the
//! offset where savefile's reader stood.

mod check;
mod declared;
#[cfg(feature = "evolution")]
mod evolution;
mod mirror;

use std::sync::OnceLock;

use savefile::SavefileError;
use serbench_model::{BaseCodec, Carries, Codec, Dataset};
pub use serbench_model::{Error, ErrorKind};

use crate::check::Check;
use crate::mirror::{Mirrored, Owned};

/// The savefile codec.
#[derive(Clone, Copy, Debug, Default)]
pub struct Savefile;

/// The version every dataset is saved and loaded at: the model has one.
const VERSION: u32 = 0;

impl BaseCodec for Savefile {
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::SAVEFILE);
    const DOCUMENT: serbench_model::DocumentPath = serbench_model::DocumentPath::Unavailable(
        "savefile's readers and writers are derived for a Rust type at compile time; its Schema \
         describes a type but neither reads nor writes data",
    );
    const NAME: &'static str = "savefile";
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing =
        serbench_model::Borrowing::Unavailable("savefile reads from a stream into owned strings");
    type Error = Error;
}

serbench_model::functions!(Savefile, "savefile value");

/// Writes the owned mirror of `value` after savefile's header and schema,
/// appending to `out`.
fn encode<T>(value: &T, out: &mut Vec<u8>) -> Result<(), Error>
where
    T: Dataset + Owned,
    T::Owned: savefile::Serialize + savefile::WithSchema,
{
    savefile::save(out, VERSION, &value.own()).map_err(|error| unwritable(T::NAME, error))
}

/// The error of savefile failing to write `subject` (a dataset, or the
/// evolution record): only a writer's own failure, which memory has none
/// of.
fn unwritable(subject: &'static str, error: SavefileError) -> Error {
    Error::named(
        ErrorKind::Unsupported,
        Savefile::NAME,
        subject,
        error.to_string(),
    )
    .with_source(error)
}

/// Checks what `bytes` declare against `prefix` (the header and schema
/// the codec writes for `T`) and the input left, reads the owned mirror
/// of a `T` and converts it into the model.
fn decode<T>(bytes: &[u8], prefix: &[u8]) -> Result<T, Error>
where
    T: Dataset + Check + Mirrored,
    T::Owned: savefile::Deserialize + savefile::WithSchema,
{
    T::check(bytes, prefix).map_err(|refused| {
        let kind = if refused.too_long {
            ErrorKind::Truncated
        } else {
            ErrorKind::Invalid
        };
        Error::new::<Savefile, T>(kind, refused.message).at_offset(refused.offset)
    })?;
    // `load_from_mem`, with the reader at hand: where it stopped is the
    // offset of the error, which savefile's own lacks.
    let mut rest = bytes;
    let read = savefile::load::<T::Owned>(&mut rest, VERSION);
    let at = bytes.len() - rest.len();
    let mirror = match read {
        Ok(_) if !rest.is_empty() => Err(Error::new::<Savefile, T>(
            ErrorKind::TrailingBytes,
            format!("{} bytes follow the value", rest.len()),
        )),
        Ok(mirror) => Ok(mirror),
        Err(error) => Err(refused(T::NAME, error)),
    }
    .map_err(|error| error.at_offset(at))?;
    T::from_owned(mirror).map_err(|invalid| {
        Error::new::<Savefile, T>(ErrorKind::Invalid, invalid.message).at_path(invalid.path)
    })
}

/// The error of savefile refusing the bytes of `subject` (a dataset, or
/// the evolution record), with its kind.
fn refused(subject: &'static str, error: SavefileError) -> Error {
    let (kind, message) = match &error {
        // Every read past the end is `read_exact`'s.
        SavefileError::IOError { io_error }
            if io_error.kind() == std::io::ErrorKind::UnexpectedEof =>
        {
            (
                ErrorKind::Truncated,
                "the input ends inside the value".to_owned(),
            )
        }
        _ => (ErrorKind::Invalid, error.to_string()),
    };
    Error::named(kind, Savefile::NAME, subject, message).with_source(error)
}

/// `Codec` for every dataset: its mirrors, its check and the header and
/// schema it writes, built once.
macro_rules! codec {
    ($($dataset:path),* $(,)?) => {$(
        impl Codec<$dataset> for Savefile {
            fn encode(value: &$dataset, out: &mut Vec<u8>) -> Result<(), Error> {
                encode(value, out)
            }

            fn decode(bytes: &[u8]) -> Result<$dataset, Error> {
                static PREFIX: OnceLock<Vec<u8>> = OnceLock::new();
                let prefix = PREFIX.get_or_init(
                    check::prefix::<<$dataset as Mirrored>::Owned>,
                );
                decode(bytes, prefix)
            }
        }
    )*};
}

serbench_model::for_each_dataset!(codec);
