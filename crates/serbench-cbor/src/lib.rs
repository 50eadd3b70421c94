//! CBOR for the serbench model, with [ciborium], [cbor4ii] and [minicbor].
//!
//! CBOR (RFC 8949) is JSON's data model in binary: self-describing like JSON,
//! with byte strings, exact integers and floats, and tags that give an item a
//! meaning such as "a UUID" or "a date". Qt reads and writes it with
//! `QCborValue`, so the Qt serialization benchmark measures it beside JSON.
//! This crate writes the serbench datasets as CBOR, and the task-manager
//! exactly as the benchmark's `QCborValue` code does, so a Qt program reads
//! what it writes and the other way round.
//!
//! ```
//! use serbench_model::{Dataset, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_cbor::to_vec(&manager)?;
//! // A map of 3 pairs, the first being "user": "Demo User".
//! assert!(bytes.starts_with(b"\xa3\x64user\x69Demo User"));
//! let back: TaskManager = serbench_cbor::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//! # Ok::<(), serbench_cbor::Error>(())
//! ```
//!
//! Three codecs write that layout, one per library, so a comparison of
//! CBOR with other formats can use CBOR's fastest library, and a comparison
//! of the libraries compares them on the same bytes:
//!
//! - [`Cbor`] (`cbor`): ciborium through serde, the reference;
//! - [`CborCbor4ii`] (`cbor-cbor4ii`): cbor4ii through its serde support,
//!   and through its core `Encode`/`Decode` traits for the task-manager,
//!   whose tags its serde support cannot write or read;
//! - [`CborMinicbor`] (`cbor-minicbor`): minicbor through its `Encode` and
//!   `Decode` traits, implemented here for the model's types (minicbor's
//!   derive keys maps by integers, not by names).
//!
//! cbor4ii and minicbor also decode into the datasets' borrowed forms
//! (`Codec::borrow`), lending every text string of definite length from
//! the input (one of indefinite length is joined into an owned string):
//! the same readers as their decode, generic over the string type, behind
//! the same pass. ciborium reads from a stream and builds owned strings.
//!
//! All three write the same bytes for every dataset's workload, which a
//! test holds them to, and read each other's. One difference remains, in
//! floats: ciborium and minicbor write each float in the shortest of half,
//! single and double precision that keeps its bits, while cbor4ii writes
//! every `f64` as a double (9 bytes) and every `f32` as a single (5), and
//! reads only a double where an `f64` belongs and a single (or a double
//! holding one exactly) where an `f32` does. The telemetry workload's
//! readings all need a double, so its bytes agree; a reading such as `0.0`
//! or `21.5` takes 3 bytes from ciborium and minicbor and 9 from cbor4ii,
//! and cbor4ii refuses the shorter form ([`ErrorKind::Invalid`]); the
//! `f32`s of mesh, minecraft_savedata and mk48 that a half holds (`0.5`)
//! take 3 bytes from ciborium and minicbor and 5 from cbor4ii, as
//! rust_serialization_benchmark's sizes for the two libraries show. Every
//! codec reads its own bytes back exactly.
//!
//! [cbor4ii]: https://docs.rs/cbor4ii
//! [minicbor]: https://docs.rs/minicbor
//!
//! # Wire layout
//!
//! Maps keyed by the model's field names as text, in field order; definite
//! lengths; every integer and length in its shortest head. Readers take keys
//! in any order and indefinite lengths too. In CBOR's diagnostic notation:
//!
//! - **task-manager**, the Qt benchmark's layout: `{"user": "Demo User",
//!   "version": "1.0.0", "lists": [{"header": {"id": 37(h'…'), "name":
//!   "Work", "color": "#ff0000", "created": 0("2025-11-03T09:00:00.000Z")},
//!   "tasks": [{"header": {…}, "description": "…", "priority": 0,
//!   "completed": true}]}]}`. `id` is tag 37 (binary UUID) over a 16-byte
//!   byte string, as `QCborValue(QUuid)` writes it; `created` is tag 0
//!   (date/time string) over RFC 3339 text with at least millisecond digits,
//!   as `QCborValue(QDateTime)` writes it; `color` is `#rrggbb` when opaque,
//!   else `#aarrggbb`; `priority` is 0 to 3: the text forms JSON and XML
//!   write too.
//! - **telemetry**: `{"sensor_id": "AB12CD34", "ambient_temperature": 21.5,
//!   …, "humidity": 57.25}`; each float in the shortest of half, single and
//!   double precision that holds its exact bits (so `0.0` takes 3 bytes and a
//!   full-precision reading 9), NaN payloads, signalling NaNs, −0.0 and
//!   subnormals included.
//! - **graph**: `{"nodes": [{"id": 0, "name": "…", "out_edges": [0, 1],
//!   "in_edges": [0]}], "edges": [{"from": 0, "to": 0, "weight": 17}]}`.
//! - **records**: `{"ids": [-7363025924956902506, 433747491, …], "strings":
//!   ["shgf…", …]}`.
//! - **media**: `{"media": {"uri": …, "title": "Javaone Keynote", "width":
//!   640, "height": 480, "format": …, "duration": 18000000, "size": 58982400,
//!   "bitrate": 262144, "persons": […], "player": "JAVA", "copyright": null},
//!   "images": [{"uri": …, "title": …, "width": 1024, "height": 768, "size":
//!   "LARGE"}]}`; absent options are `null`.
//! - **log**, **mesh**, **minecraft_savedata**, **mk48**
//!   (rust_serialization_benchmark's): the model's serde layout, RSB's
//!   field names and order, as ciborium writes it through serde: `{"logs":
//!   [{"address": {"x0": 1, "x1": 2, "x2": 3, "x3": 4}, "identity": "-",
//!   …, "code": 200, "size": 1234}]}`; `{"triangles": [{"v0": {"x": 0.5,
//!   "y": …, "z": …}, "v1": …, "v2": …, "normal": …}]}`; enums as their
//!   variant names (`"game_type": "Survival"`, `"entity_type": "Zubr"` or
//!   `null`), tuples and `[u32; 4]` as arrays, `Vec<u8>` as an array of
//!   integers, absent options `null`. An `f32` takes the shortest of half
//!   and single precision that keeps its bits (cbor4ii: always single);
//!   a signalling NaN, which ciborium's widening to `f64` would quiet,
//!   travels as the double of the same payload with all three.
//!
//! # Limits
//!
//! CBOR carries every value of the model but the timestamps RFC 3339 cannot
//! write (years outside 0–9999, offsets with seconds or of a day or more):
//! encoding one is an [`ErrorKind::Unsupported`] error.
//!
//! Decoding is safe on untrusted bytes: it never panics, and allocates in
//! proportion to the input, whatever lengths the input declares (strings
//! and byte strings grow as their bytes arrive, and arrays reserve at most
//! 4 KiB ahead).
//!
//! Before any of the three libraries reads anything, one pass over the
//! input (a loop, not recursion, with a fixed stack) checks what ciborium
//! lets through. cbor4ii and minicbor read behind the same pass, so the
//! three accept and refuse the same inputs up to the messages:
//!
//! - the input is one well-formed CBOR item (RFC 8949 §3): no reserved
//!   additional information (28 to 30), no integer or tag of indefinite
//!   length, no simple value below 32 in two bytes, a string of indefinite
//!   length made only of definite-length strings of its own type (so never
//!   one nested in another), each chunk of a text string valid UTF-8 by
//!   itself (§3.2.3: no character split between two chunks, which cbor4ii
//!   alone would join and read), and a break only where it closes an
//!   array, map or string of indefinite length; else an
//!   [`ErrorKind::Syntax`] error, or [`ErrorKind::Truncated`] where the
//!   input ends first;
//! - arrays and maps nest at most 16 levels, where the deepest layout
//!   (mk48's) needs 7; else an [`ErrorKind::Limit`] error;
//! - every map key is a text string of definite length, and tags are where
//!   the layout has them and nowhere else: exactly tag 37 on every `id` and
//!   tag 0 on every `created` of the task-manager, one each, and none on
//!   any other item of any dataset; else an [`ErrorKind::Invalid`] error.
//!
//! ciborium then reads the value: unknown, missing and repeated keys, wrong
//! types, values out of range, an id of other than 16 bytes, invalid UTF-8
//! and trailing bytes are errors too. Every decode error's
//! [`position`](Error::position) holds the byte offset and, below the top
//! level, the field path; ciborium's error, where it found the fault, is
//! the [`source`](std::error::Error::source). cbor4ii and minicbor check
//! the same after the pass, and their errors hold the byte offset where
//! they stopped, without a field path.
//!
//! What stays accepted, all of it well formed: keys in any order;
//! indefinite lengths; integers, lengths and floats in a longer head than
//! their value needs (RFC 8949 prefers the shortest, which this crate
//! writes, but calls the others well formed, and other encoders write
//! them). Where an array of integers belongs, ciborium also reads a byte
//! string as the array of its bytes, and where a value is optional (in
//! media), `undefined` as null. Media's `player` and image `size`, and the
//! game and entity types of minecraft_savedata and mk48, are read as text
//! only: ciborium would also take a map of one entry, `{"JAVA": x}`, and
//! leave `x` unread, so that what follows reads out of place.

mod declared;
#[cfg(feature = "document")]
pub mod document;
#[cfg(feature = "evolution")]
mod evolution;
mod media;
mod rsb;
mod task_manager;
mod via_cbor4ii;
mod via_minicbor;
mod wellformed;

use std::marker::PhantomData;

use serbench_model::serde_forms::with_path;
use serbench_model::{BaseCodec, Carries, Codec, Dataset, Graph, Logs, Record, SensorReading};
pub use serbench_model::{Error, ErrorKind};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use crate::via_cbor4ii::CborCbor4ii;
pub use crate::via_minicbor::CborMinicbor;

/// The CBOR codec, with ciborium.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cbor;

impl BaseCodec for Cbor {
    const NAME: &'static str = "cbor";
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::CBOR);
    // Floats travel as their IEEE 754 bits; only the timestamps, written as
    // RFC 3339 text as Qt does, have limits.
    const CARRIES: Carries = Carries {
        non_finite_floats: true,
        nan_payloads: true,
        xml_forbidden_chars: true,
        offsets_outside_rfc3339: false,
        years_outside_rfc3339: false,
    };
    const BORROW: serbench_model::Borrowing =
        serbench_model::Borrowing::Unavailable("ciborium reads from a stream into owned strings");
    type Error = Error;
}

serbench_model::functions!(Cbor, "CBOR value");

mod private {
    use serde::{Deserializer, Serializer};

    use crate::wellformed::Tags;

    /// How a model type meets serde in CBOR: through the model's derive, or
    /// for the task-manager's types in the Qt layout ([`crate::task_manager`]).
    pub trait Wire: Sized {
        /// Where the type's layout has tags, which the pass before ciborium
        /// admits there and nowhere else.
        const TAGS: &'static Tags = &Tags::None;

        fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>;
        fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;
    }
}

use private::Wire;

/// Datasets written by the model's serde derive.
macro_rules! derived {
    ($($dataset:ty),*) => {$(
        impl Wire for $dataset {
            fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                self.serialize(serializer)
            }

            fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                Self::deserialize(deserializer)
            }
        }
    )*};
}

derived!(SensorReading, Graph, Record, Logs);

/// A model type as serde sees it in CBOR.
struct Out<'a, T>(&'a T);

impl<T: Wire> Serialize for Out<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.write(serializer)
    }
}

/// A model type read from CBOR; transparent, so a `Vec<In<T>>` unwraps in
/// place.
#[repr(transparent)]
struct In<T>(T);

impl<'de, T: Wire> Deserialize<'de> for In<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::read(deserializer).map(In)
    }
}

serbench_model::per_dataset!(Cbor, CborGeneric);

impl<T: Dataset + Wire> Codec<T> for CborGeneric {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        ciborium::into_writer(&Out(value), out).map_err(|error| unwritable(T::NAME, error))
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        // ciborium reads only what this pass has found well formed, keyed
        // by text and tagged as the layout says.
        checked::<Self, T>(bytes)?;
        // Reading from a slice we hold shows how far ciborium read.
        let mut rest = bytes;
        ciborium::from_reader::<In<T>, _>(&mut rest)
            .map(|In(value)| value)
            .map_err(|error| decode_error::<T>(bytes, bytes.len() - rest.len(), error))
    }
}

/// ciborium's write failing, about `subject` (a dataset, or a document):
/// what the value holds that it cannot write.
fn unwritable(subject: &'static str, error: ciborium::ser::Error<std::io::Error>) -> Error {
    let message = match &error {
        ciborium::ser::Error::Value(message) => message.clone(),
        ciborium::ser::Error::Io(error) => error.to_string(),
    };
    Error::named(ErrorKind::Unsupported, Cbor::NAME, subject, message).with_source(error)
}

/// The pass every decoder of this crate runs before its library reads:
/// `bytes` hold exactly one well-formed item, nested at most 16 levels,
/// keyed by text and tagged as `T`'s layout says ([`wellformed`]), so no
/// library reads a length the input cannot hold.
fn checked<C: BaseCodec, T: Dataset + Wire>(bytes: &[u8]) -> Result<(), Error> {
    whole::<C>(T::NAME, bytes, wellformed::check(bytes, T::TAGS))
}

/// What the pass found of `bytes` as an error of codec `C` about
/// `subject` (a dataset, or a document): the problem, or bytes left after
/// the one item, which ends at `Ok`'s offset.
fn whole<C: BaseCodec>(
    subject: &'static str,
    bytes: &[u8],
    checked: Result<usize, wellformed::Problem>,
) -> Result<(), Error> {
    let end = checked.map_err(|problem| {
        let error =
            Error::named(problem.kind, C::NAME, subject, problem.message).at_offset(problem.at);
        at_path(error, problem.path)
    })?;
    if end < bytes.len() {
        let follow = match bytes.len() - end {
            1 => "1 byte follows the value".to_owned(),
            more => format!("{more} bytes follow the value"),
        };
        return Err(
            Error::named(ErrorKind::TrailingBytes, C::NAME, subject, follow).at_offset(end),
        );
    }
    Ok(())
}

/// `error` at field `path`, unless the path is empty (the top level).
fn at_path(error: Error, path: String) -> Error {
    if path.is_empty() {
        error
    } else {
        error.at_path(path)
    }
}

/// The error of a failed decode that stopped after reading `read` bytes,
/// with the field path found by decoding again.
fn decode_error<T: Dataset + Wire>(
    bytes: &[u8],
    read: usize,
    error: ciborium::de::Error<std::io::Error>,
) -> Error {
    let located = library_error(T::NAME, bytes, read, error);
    match ciborium::from_reader::<FailurePath<T>, _>(bytes) {
        Ok(FailurePath(Some(path), _)) => located.at_path(path),
        _ => located,
    }
}

/// ciborium's error of a decode of `bytes` that stopped after reading
/// `read` of them, about `subject` (a dataset, or a document), at its
/// offset or where reading stopped.
fn library_error(
    subject: &'static str,
    bytes: &[u8],
    read: usize,
    error: ciborium::de::Error<std::io::Error>,
) -> Error {
    use ciborium::de::Error as E;

    let (kind, message, offset) = match &error {
        // A slice fails to read only at its end, which the pass before
        // ciborium finds first; as for the recursion limit below, the arm
        // keeps the mapping whole.
        E::Io(_) => (
            ErrorKind::Truncated,
            "the input ends inside the value".to_owned(),
            bytes.len(),
        ),
        // ciborium reports invalid UTF-8 at the text string's head.
        E::Syntax(offset) if bytes.get(*offset).is_some_and(|head| head >> 5 == 3) => (
            ErrorKind::Syntax,
            "invalid UTF-8 in the text string".to_owned(),
            *offset,
        ),
        E::Syntax(offset) => (ErrorKind::Syntax, "malformed CBOR item".to_owned(), *offset),
        E::Semantic(Some(offset), message) => (ErrorKind::Invalid, message.clone(), *offset),
        // serde's own errors carry no offset; they concern the last item
        // read, so the position is where reading stopped.
        E::Semantic(None, message) => (ErrorKind::Invalid, reworded(message.clone()), read),
        E::RecursionLimitExceeded => (
            ErrorKind::Limit,
            "items nest more than 256 levels deep".to_owned(),
            read,
        ),
    };
    Error::named(kind, Cbor::NAME, subject, message)
        .at_offset(offset)
        .with_source(error)
}

/// ciborium's message for an item it refuses to lend from its 4 KiB scratch
/// buffer, which names the item's type as the one expected, reworded to
/// say what was wrong. The short forms are read that way so that they
/// allocate nothing (see `task_manager` and `media`).
fn reworded(message: String) -> String {
    let (what, forms) = match message.as_str() {
        "invalid type: bytes, expected bytes" => ("a byte string", "an id"),
        "invalid type: string, expected str" => {
            ("a text string", "a color, time, player or image size")
        }
        _ => return message,
    };
    format!("{what} of indefinite length or longer than 4 KiB where a short one belongs ({forms})")
}

/// Where decoding `T` fails, as a field path such as
/// `lists[3].tasks[10].header.id`; `None` at the top level.
struct FailurePath<T>(Option<String>, PhantomData<T>);

impl<'de, T: Wire> Deserialize<'de> for FailurePath<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let path = with_path::<D, In<T>>(deserializer)
            .err()
            .and_then(|(path, _)| {
                // Cut what names no field: a map key that failed to read is `?`.
                let path = path.trim_end_matches(".?");
                (path != "." && path != "?").then(|| path.to_owned())
            });
        Ok(FailurePath(path, PhantomData))
    }
}
