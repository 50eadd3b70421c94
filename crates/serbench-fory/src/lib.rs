//! Fory for the serbench model, with fory 1.7, Apache Fory's Rust
//! implementation, through its own derive, in xlang compatible mode.
//!
//! Apache Fory (formerly Fury) is a multi-language object serializer with
//! implementations in Java, Python, C++, Go, JavaScript, Rust and more: a
//! value written by one is read by another from types each language
//! declares and registers under the same ids or names. Its users pick it
//! for that cross-language object graph (with shared and circular
//! references when asked) and its speed; a program that wants the smallest
//! bytes or a fixed written schema picks postcard or Protobuf.
//! `#[derive(ForyStruct)]` (structs) and `#[derive(ForyEnum)]` (enums)
//! give a type its reader and writer; the codec derives them on types of
//! the model's shape (`src/mirror.rs`) and converts (timed with the call).
//!
//! # Mode and instance
//!
//! One `Fory` instance per dataset, built and registered once per process
//! (fory means it to be reused: registration freezes its type resolver on
//! first use, and its read and write contexts are cached per thread for
//! it), with that dataset's types alone (a thread's first call builds a
//! context that holds a share for each registered type), in fory's
//! default mode: **xlang** (the cross-language wire format; `xlang(false)`
//! is fory's Rust-only format) and **compatible** (each struct's field
//! names and types written with it, matched by name when read, so fields
//! may be added, removed or reordered). That is the mode fory documents for
//! data that crosses languages or versions; its same-schema mode
//! (`compatible(false)`) is for peers that always share one schema. Types
//! are registered by id (101 to 145 for the five datasets, a decade each,
//! and 151 to 187 for rust_serialization_benchmark's four, in each
//! dataset's `Mirrored::register`) rather than by name, so pyfory can read the dumps
//! with the same ids.
//!
//! ```
//! use serbench_model::{Dataset, MediaContent, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_fory::to_vec(&manager)?;
//! // The header byte: the xlang flag.
//! assert_eq!(bytes[0], 0x01);
//! let back: TaskManager = serbench_fory::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//!
//! let bytes = serbench_fory::to_vec(&MediaContent::canonical())?;
//! let back: MediaContent = serbench_fory::from_slice(&bytes)?;
//! assert_eq!(back, MediaContent::canonical());
//! # Ok::<(), serbench_fory::Error>(())
//! ```
//!
//! # Wire layout
//!
//! Fory's xlang specification
//! (<https://fory.apache.org/docs/specification/xlang_serialization_spec>):
//!
//! - a one-byte header (bit 0: xlang), then the root value: a reference
//!   flag (`-1`, not null), its type id as a varint (a registered struct in
//!   compatible mode: `COMPATIBLE_STRUCT` and the user id) and, the first
//!   time a struct type appears, its type meta: a hash and size header,
//!   then each field's name (a meta string, compressed to 5 or 6 bits a
//!   letter) and type, sorted by fory's field order (fixed-width
//!   primitives first, then the others by name); later values of the same
//!   type refer to that meta by index;
//! - a struct's fields in that order, no names: integers as zigzag
//!   varints (`i32`, `i64`) or unsigned varints (`u32`), `u16` and `f64`
//!   at full width little-endian, a `bool` one byte;
//! - a string a varint of `length << 2 | encoding` (latin-1, UTF-16 or
//!   UTF-8), then its bytes;
//! - a list of structs a varint count, an element header byte and each
//!   element's fields; a list of integers (`Vec<u32>`, `Vec<i64>`) a typed
//!   array: its byte count, then the values at full width; `[u8; 16]` a
//!   byte array;
//! - an `Option` a null flag before the value;
//! - an enum its ordinal as a varint;
//! - in rust_serialization_benchmark's four datasets also: `i8` and `u8`
//!   one byte, `i16` and `f32` at full width, `u64` an unsigned varint, a
//!   tuple (`(f64, f64, f64)`) a list of its elements, `[u32; 4]`,
//!   `Vec<bool>`, `Vec<u16>` and `Vec<u8>` typed arrays.
//!
//! Leaf values: an id the 16 bytes of a `[u8; 16]`; a color the `u32`
//! `0xAARRGGBB`; `created` a struct of seconds since 1970 (`i64`),
//! nanoseconds (`u32`) and UTC offset in seconds (`i32`); a version a
//! `Vec<u32>`; a priority, player or size its ordinal.
//!
//! # What it carries
//!
//! Every value of the model: `f64` and `f32` at full width (NaN payloads
//! and infinities kept), every string, every integer.
//!
//! # Limits
//!
//! fory 1.7's reader guards itself rather than trusting the input: every
//! read is bounds-checked (`Buffer out of bound`), a string's declared
//! length is checked against the bytes left before anything is copied, a
//! list's count against the bytes left where each element takes at least
//! one (and against a budget of 8 192 elements that take none), and every
//! list's count times its element size against a graph budget of 128 MiB
//! per decode; a type meta larger than its limit, or with more fields, is
//! refused, and each string's UTF-8 is checked. So the codec adds no
//! pre-walk: what fory holds is what the input can fill (SECURITY.md has
//! the measured peaks). The mirror types nest no deeper than the model's,
//! and without reference tracking (off, its default) a reference flag
//! other than "not null" is refused.
//!
//! # Errors
//!
//! fory's error is the [`source`](std::error::Error::source); its message
//! names no position, so the codec gives the offset where fory's reader
//! stood. An input that ends early is [`ErrorKind::Truncated`], a budget
//! fory keeps [`ErrorKind::Limit`], bytes after the value
//! [`ErrorKind::TrailingBytes`], and anything else (a wrong type id,
//! unknown ordinal, bad flag, invalid UTF-8, a type meta that does not
//! match) [`ErrorKind::Invalid`]; a timestamp out of range names its field
//! path.
//!
//! # No borrowed decode
//!
//! fory reads every value through its `Serializer` trait, which is
//! `'static` and reads from a context whose lifetime its result cannot
//! keep: a `String` is always a copy of the input's bytes, and no type that
//! holds a `&str` can be derived. So the codec has no borrowed decode
//! ([`BaseCodec::BORROW`] says why).

mod declared;
#[cfg(feature = "evolution")]
mod evolution;
mod mirror;

use std::sync::OnceLock;

use serbench_model::{BaseCodec, Carries, Codec, Dataset};
pub use serbench_model::{Error, ErrorKind};

use crate::mirror::Mirrored;

/// The Fory codec: fory's xlang compatible mode.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fory;

impl BaseCodec for Fory {
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::FORY);
    const DOCUMENT: serbench_model::DocumentPath = serbench_model::DocumentPath::Unavailable(
        "fory's readers are derived for Rust types at compile time",
    );
    const NAME: &'static str = "fory";
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Unavailable(
        "fory reads only 'static types: every string is a copy",
    );
    type Error = Error;
}

serbench_model::functions!(Fory, "Fory value");

/// fory's reference flag of a null value (`RefFlag::Null`, -3).
const NULL_FLAG: u8 = 0xFD;

/// A dataset's instance, built and registered once per process.
trait Instanced {
    fn instance() -> &'static fory::Fory;
}

/// A new instance with `T`'s types registered.
fn build<T: Mirrored>() -> fory::Fory {
    let mut fory = fory::Fory::builder().xlang(true).compatible(true).build();
    // Registration fails only for an id or type given twice, which
    // `register` does not do.
    T::register(&mut fory).expect("the mirror types register once each");
    fory
}

/// Copies `value` into its mirror and writes it, appending to `out`.
fn encode<T>(value: &T, out: &mut Vec<u8>) -> Result<(), Error>
where
    T: Dataset + Mirrored + Instanced,
    T::Mirror: fory::Serializer<Target = T::Mirror>,
{
    T::instance()
        .serialize_to(out, &value.to_mirror())
        .map(|_| ())
        .map_err(|error| {
            Error::new::<Fory, T>(ErrorKind::Unsupported, error.to_string()).with_source(error)
        })
}

/// Reads the mirror of a `T` that fills `bytes` and converts it into the
/// model.
fn decode<T>(bytes: &[u8]) -> Result<T, Error>
where
    T: Dataset + Mirrored + Instanced,
    T::Mirror: fory::Serializer<Target = T::Mirror>,
{
    // fory reads a null root (reference flag -3 after the header) as the
    // type's default value; a dataset is never null.
    if bytes.get(1) == Some(&NULL_FLAG) {
        return Err(Error::new::<Fory, T>(ErrorKind::Invalid, "the root is null").at_offset(1));
    }
    // An instance knows its own dataset's types alone, and fory reads a
    // root of a type it does not know by the type meta it carries,
    // matching fields by name: another dataset's bytes would read as a
    // value of defaults. So the root's type must be the dataset's own.
    if let Some(at) = bytes
        .iter()
        .zip(T::HEAD)
        .position(|(byte, own)| *byte != own)
    {
        return Err(Error::new::<Fory, T>(
            ErrorKind::Invalid,
            format!(
                "the root is not of {}'s type: its type header differs",
                T::NAME
            ),
        )
        .at_offset(at));
    }
    let mut reader = fory::Reader::new(bytes);
    let read = T::instance().deserialize_from::<T::Mirror>(&mut reader);
    let at = reader.get_cursor();
    let mirror = match read {
        Ok(_) if at < bytes.len() => Err(Error::new::<Fory, T>(
            ErrorKind::TrailingBytes,
            format!("{} bytes follow the value", bytes.len() - at),
        )),
        Ok(mirror) => Ok(mirror),
        Err(error) => Err(refused(T::NAME, error)),
    }
    .map_err(|error| error.at_offset(at))?;
    T::from_mirror(mirror).map_err(|invalid| {
        Error::new::<Fory, T>(ErrorKind::Invalid, invalid.message).at_path(invalid.path)
    })
}

/// The error of fory refusing the bytes of `subject` (a dataset, or the
/// evolution record), with its kind.
fn refused(subject: &'static str, error: fory::Error) -> Error {
    let kind = match &error {
        fory::Error::BufferOutOfBound(..) => ErrorKind::Truncated,
        fory::Error::DepthExceed(_) => ErrorKind::Limit,
        // fory's budgets (graph memory, elements not backed by input,
        // type meta size and fields) are `InvalidData` errors that name
        // the limit.
        fory::Error::InvalidData(message)
            if message.contains("exceeds max_") || message.contains("budget") =>
        {
            ErrorKind::Limit
        }
        _ => ErrorKind::Invalid,
    };
    Error::named(kind, Fory::NAME, subject, error.to_string()).with_source(error)
}

/// `Codec` for every dataset: its mirror and its instance.
macro_rules! codec {
    ($($dataset:path),* $(,)?) => {$(
        impl Instanced for $dataset {
            fn instance() -> &'static fory::Fory {
                static FORY: OnceLock<fory::Fory> = OnceLock::new();
                FORY.get_or_init(build::<$dataset>)
            }
        }

        impl Codec<$dataset> for Fory {
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
