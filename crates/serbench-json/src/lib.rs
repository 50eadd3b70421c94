//! JSON for the serbench model, with [serde_json], [simd-json],
//! [simd-json-derive], [sonic-rs] and [flexon].
//!
//! JSON is the format everything reads. This crate writes the serbench
//! datasets as compact JSON, and the task-manager exactly as the Qt
//! serialization benchmark's `QJsonDocument` code does, so a Qt program
//! reads what it writes and the other way round.
//!
//! Five codecs write that layout, one per library, so a comparison of
//! JSON with other formats can use JSON's fastest library, and a comparison
//! of the libraries compares them on the same bytes:
//!
//! - [`Json`] (`json`): serde_json, the reference;
//! - [`JsonSimd`] (`json-simd`): simd-json, which parses with SIMD
//!   instructions into a tape first, in place in a mutable copy of the
//!   input;
//! - [`JsonSimdDerive`] (`json-simd-derive`): simd-json's own derive,
//!   without serde, on types of this crate in the same layout, read from
//!   simd-json's tape;
//! - [`JsonSonic`] (`json-sonic`): sonic-rs, which scans with SIMD
//!   instructions straight into serde;
//! - [`JsonFlexon`] (`json-flexon`): flexon, which also scans with SIMD
//!   instructions straight into serde.
//!
//! All but simd-json-derive go through the same serde forms of the model,
//! and simd-json-derive's types write the same forms, so they write the
//! same key order, the same string escapes, and floats in the same
//! shortest digits that read back to the same bits: the same bytes for
//! every dataset's workload and edge cases, which a test holds them to.
//! Three differences remain: simd-json (and its derive) writes a positive
//! exponent without its sign, `1e300` where serde_json, sonic-rs and
//! flexon write `1e+300`, which only floats of magnitude 10^16 and more
//! have; simd-json's serde support writes an `f32` by the shortest digits
//! of its `f64` widening, `0.10000000149011612` where the others (its own
//! derive too) write `0.1`, so its mesh, minecraft_savedata and mk48 are
//! longer; flexon writes a control character's escape with upper-case hex
//! digits, `\u001F` where the others write `\u001f`. Each reads the
//! others' bytes back exactly.
//!
//! [simd-json]: https://docs.rs/simd-json
//! [simd-json-derive]: https://docs.rs/simd-json-derive
//! [sonic-rs]: https://docs.rs/sonic-rs
//! [flexon]: https://docs.rs/flexon
//!
//! ```
//! use serbench_model::{Dataset, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_json::to_vec(&manager)?;
//! assert!(bytes.starts_with(br#"{"user":"Demo User","version":"1.0.0","lists":[{"header":{"id":""#));
//! let back: TaskManager = serbench_json::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//! # Ok::<(), serbench_json::Error>(())
//! ```
//!
//! # Wire layout
//!
//! Objects with the model's field names, in field order (readers may take
//! any order); no whitespace.
//!
//! - **task-manager**: `{"user":…,"version":"1.0.0","lists":[{"header":{"id":…,
//!   "name":…,"color":"#rrggbb","created":…},"tasks":[{"header":{…},
//!   "description":…,"priority":0..3,"completed":true}]}]}`; ids lowercase
//!   hyphenated, colors `#rrggbb` or `#aarrggbb`, `created` RFC 3339 with 3,
//!   6 or 9 fraction digits, as few as exact.
//! - **telemetry**: `{"sensor_id":"AB12CD34","ambient_temperature":21.5,…}`,
//!   floats in the shortest form that reads back to the same bits.
//! - **graph**: `{"nodes":[{"id":0,"name":…,"out_edges":[0,1],"in_edges":[0]}],
//!   "edges":[{"from":0,"to":0,"weight":17}]}`.
//! - **records**: `{"ids":[…],"strings":[…]}`, integers exact to 64 bits.
//! - **media**: `{"media":{"uri":…,"title":…,"width":640,…,"bitrate":262144,
//!   "persons":[…],"player":"JAVA","copyright":null},"images":[{…,"size":"LARGE"}]}`;
//!   absent options are `null`.
//! - **log**, **mesh**, **minecraft_savedata**, **mk48**
//!   (rust_serialization_benchmark's): the model's serde derive, RSB's own
//!   field names and order, so serde_json writes the very bytes RSB's
//!   serde_json row writes: `{"logs":[{"address":{"x0":1,"x1":2,"x2":3,
//!   "x3":4},"identity":"-","userid":"-","date":…,"request":…,"code":200,
//!   "size":1234}]}`; `{"triangles":[{"v0":{"x":0.5,"y":…,"z":…},"v1":…,
//!   "v2":…,"normal":…}]}`; a minecraft player's enums as their variant
//!   names (`"game_type":"Survival"`), tuples and `[u32; 4]` as arrays,
//!   absent options `null`; an mk48 contact's `"entity_type":"Zubr"` or
//!   `null`, `"reloads":[true,false]`, `"position":[1.5,-2.25]`. `f32`s
//!   take their own shortest digits (`0.1`, not `0.10000000149011612`).
//!
//! JSON cannot carry NaN or infinities, nor timestamps RFC 3339 cannot write
//! (years outside 0–9999, offsets with seconds): encoding such a value is an
//! [`ErrorKind::Unsupported`] error. Unknown and repeated keys are errors;
//! nesting is limited to 128 levels. A decode error's
//! [`position`](Error::position) holds the line and column, and the field
//! path when the text is JSON but not the dataset's; its
//! [`source`](std::error::Error::source) is serde_json's error.
//!
//! The other libraries differ in where they stop, and sonic-rs in one
//! value:
//!
//! - Before either reads, a pass over the bytes refuses arrays and objects
//!   nested more than 16 levels ([`ErrorKind::Limit`], where serde_json
//!   finds the wrong type first): simd-json finds every structural
//!   character of the input before it checks nesting, in buffers sized by
//!   the input, and sonic-rs's frames overflow a small stack below its own
//!   limit of 255.
//! - simd-json and flexon read a bare `-0` (no fraction or exponent) as
//!   the integer 0, where serde_json and sonic-rs read the float −0.0,
//!   which no integer field takes: the same pass refuses it for simd-json,
//!   its derive and flexon ([`ErrorKind::Invalid`]), so `"priority":-0`
//!   fails with all five. In a float field, where serde_json reads −0.0
//!   and sonic-rs 0.0, those three refuse it too rather than read 0.0;
//!   `-0.0` reads with all five.
//! - simd-json's errors hold the byte offset instead of the line and
//!   column, where simd-json or a second look at the bytes knows it; an
//!   error serde raises while reading simd-json's tape (a wrong type, a
//!   missing field) has only its field path, and says `(position
//!   unknown)`. Its decode copies the input, which it rewrites while
//!   parsing, and holds more memory than serde_json's (SECURITY.md).
//! - simd-json-derive reads after the same pass as simd-json, from a copy
//!   of the input; its derive keeps the last of a repeated key, so a walk
//!   of the tape refuses one first. Its own errors (a wrong type, a
//!   missing or unknown field) have no byte, and take the field path
//!   simd-json's serde support finds in the same bytes.
//! - flexon reads after the same pass, which also refuses bytes after the
//!   value, which flexon leaves unread, and a bare `-0`, which flexon
//!   reads as the integer 0. Its errors hold the byte offset; a value of
//!   the wrong type is named by the token found there, and reported as
//!   [`ErrorKind::Invalid`]. It would write NaN and infinities as `null`:
//!   they are refused before it writes.
//! - sonic-rs's errors hold the line and column. It would write NaN and
//!   infinities as `null`; they are refused before it writes, as for
//!   serde_json. It reads every negative zero as `0.0`, so writing a
//!   reading of `-0.0` is an [`ErrorKind::Unsupported`] error with it.

mod declared;
mod depth;
#[cfg(feature = "document")]
pub mod document;
#[cfg(feature = "evolution")]
mod evolution;
mod flexon;
mod floats;
#[cfg(feature = "document")]
mod input;
mod locate;
mod simd;
mod simd_derive;
mod sonic;

use serbench_model::serde_forms::{Lent, SerdeBorrow, with_path};
use serbench_model::{
    BaseCodec, Carries, Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record,
    SensorReading, TaskManager, Updates, lend_or_tell,
};
pub use serbench_model::{Error, ErrorKind};
use serde::Serialize;
use serde::de::{Deserialize, DeserializeOwned};

pub use crate::flexon::JsonFlexon;
use crate::floats::Floats;
pub use crate::simd::JsonSimd;
pub use crate::simd_derive::JsonSimdDerive;
pub use crate::sonic::JsonSonic;

/// The JSON codec, with serde_json.
#[derive(Clone, Copy, Debug, Default)]
pub struct Json;

impl BaseCodec for Json {
    const NAME: &'static str = "json";
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::JSON);
    const CARRIES: Carries = Carries {
        non_finite_floats: false,
        nan_payloads: false,
        xml_forbidden_chars: true,
        offsets_outside_rfc3339: false,
        years_outside_rfc3339: false,
    };
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

serbench_model::functions!(Json, "JSON value");

mod private {
    /// What only JSON cannot carry, checked before writing: the field
    /// path and what is wrong there.
    pub trait Portable {
        fn unsupported(&self) -> Option<(String, String)> {
            None
        }

        /// The field holding a negative zero, which sonic-rs reads back
        /// as a positive one.
        fn negative_zero(&self) -> Option<String> {
            None
        }
    }
}

impl private::Portable for TaskManager {}
impl private::Portable for Graph {}
impl private::Portable for Record {}
impl private::Portable for MediaContent {}
impl private::Portable for Logs {}

/// The datasets with floats: each is walked for the first float JSON has no
/// number for, and for sonic-rs the first negative zero.
macro_rules! with_floats {
    ($($dataset:ty),*) => {$(
        impl private::Portable for $dataset {
            fn unsupported(&self) -> Option<(String, String)> {
                self.find(|value| !value.is_finite()).map(|(path, value)| {
                    (path, format!("{value}, and JSON has no NaN or infinity"))
                })
            }

            fn negative_zero(&self) -> Option<String> {
                self.find(floats::negative_zero).map(|(path, _)| path)
            }
        }
    )*};
}

with_floats!(SensorReading, Mesh, Players, Updates);

serbench_model::per_dataset!(Json, JsonGeneric);

impl<T> Codec<T> for JsonGeneric
where
    T: Dataset + Serialize + DeserializeOwned + SerdeBorrow + private::Portable,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        refuse_unportable::<Self, T>(value)?;
        serde_json::to_writer(out, value)
            .map_err(|error| Error::unwritable(Self::NAME, T::NAME, error))
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        read(bytes, T::NAME)
    }

    /// serde_json lends a string that has no escape, and copies one that
    /// has (its `Text` then owns the unescaped text).
    fn borrow(bytes: &[u8]) -> Option<Result<T::Borrowed<'_>, Error>> {
        Some(lend_or_tell::<Self, T>(bytes, |bytes| {
            lend::<Lent<'_, T>>(bytes).map(|lent| lent.0)
        }))
    }
}

/// [`read`]'s read of a `T` that borrows from `bytes`; `None` where `read`
/// fails, which `read` then tells.
fn lend<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<T> {
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let value = T::deserialize(&mut deserializer).ok()?;
    deserializer.end().ok()?;
    Some(value)
}

/// A whole `T` read by serde_json from `bytes`, its errors about
/// `subject` (a dataset, or a document).
fn read<T: DeserializeOwned>(bytes: &[u8], subject: &'static str) -> Result<T, Error> {
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let value =
        T::deserialize(&mut deserializer).map_err(|error| located::<T>(bytes, error, subject))?;
    deserializer
        .end()
        .map_err(|error| library_error(ErrorKind::TrailingBytes, error, subject))?;
    Ok(value)
}

/// An [`ErrorKind::Unsupported`] error of codec `C` if `value` holds what
/// JSON cannot carry.
fn refuse_unportable<C: BaseCodec, T: Dataset + private::Portable>(value: &T) -> Result<(), Error> {
    match value.unsupported() {
        Some((path, problem)) => {
            Err(Error::new::<C, T>(ErrorKind::Unsupported, problem).at_path(path))
        }
        None => Ok(()),
    }
}

/// The error of a failed decode, with the field path found by decoding again.
fn located<T: DeserializeOwned>(
    bytes: &[u8],
    error: serde_json::Error,
    subject: &'static str,
) -> Error {
    use serde_json::error::Category;

    let kind = match error.classify() {
        Category::Eof => ErrorKind::Truncated,
        Category::Data => ErrorKind::Invalid,
        Category::Syntax if error.to_string().starts_with("recursion limit exceeded") => {
            ErrorKind::Limit
        }
        Category::Syntax | Category::Io => ErrorKind::Syntax,
    };
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let path = match with_path::<_, T>(&mut deserializer) {
        Err((path, _)) if path != "." => Some(path),
        _ => None,
    };
    let error = library_error(kind, error, subject);
    match path {
        Some(path) => error.at_path(path),
        None => error,
    }
}

/// A serde_json error as ours, about `subject`: its line and column become
/// the position, so the message drops the ` at line L column C` serde_json
/// appends.
fn library_error(kind: ErrorKind, error: serde_json::Error, subject: &'static str) -> Error {
    let (line, column) = (error.line(), error.column());
    let text = error.to_string();
    if line == 0 {
        return Error::named(kind, Json::NAME, subject, text).with_source(error);
    }
    let suffix = format!(" at line {line} column {column}");
    let message = text.strip_suffix(&suffix).unwrap_or(&text).to_owned();
    Error::named(kind, Json::NAME, subject, message)
        .at_line_column(line, column)
        .with_source(error)
}
