//! postcard for the serbench model through facet 0.42 (`facet-postcard`):
//! one derive, `#[derive(Facet)]`, whose reflection drives the format at
//! run time.
//!
//! facet is serde's younger rival: where serde's derive writes a
//! serializer and a deserializer for each type, facet's writes a `Shape`,
//! a description of the type (its fields, their offsets, its attributes),
//! and each format crate walks shapes at run time. One derive serves every
//! format, and what a type adds to a binary is a table rather than code
//! per format; the price is a walk through the description where serde
//! runs straight-line code. This codec writes postcard's bytes exactly, as
//! the `postcard` row's serde codec does (`tests/it/alike.rs` holds it),
//! so the two rows compare the approaches on equal bytes.
//!
//! facet's JSON and MessagePack crates of the same release are not
//! codecs here: facet-json 0.42.0 reads a string escape that follows a
//! non-ASCII character as its two characters (`"xé\n"` reads as `xé\n`
//! with a backslash), and facet-msgpack 0.42.0 writes every list of
//! structs with a count of 0, which it then reads back as an empty list
//! (README, "Libraries tried and not added").
//!
//! The model's types derive serde, not `Facet`; the codec derives on
//! mirror types of the same shape (`shape.rs`), as a facet user does with
//! their own types, and converts (the conversions are timed).
//!
//! ```
//! use serbench_model::{Dataset, MediaContent, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_facet::to_vec(&manager)?;
//! // The user name: its length, then its UTF-8 bytes; then the version.
//! assert!(bytes.starts_with(b"\x09Demo User\x03\x01\x00\x00"));
//! let back: TaskManager = serbench_facet::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//!
//! let media = MediaContent::canonical();
//! let bytes = serbench_facet::to_vec(&media)?;
//! assert!(bytes.starts_with(b"\x1ehttp://javaone.com/keynote.mpg"));
//! assert_eq!(serbench_facet::from_slice::<MediaContent>(&bytes)?, media);
//! # Ok::<(), serbench_facet::Error>(())
//! ```
//!
//! # Wire layout
//!
//! postcard's, as `serbench-postcard` documents it for every dataset: a
//! struct is its fields in order with nothing between them; a `Vec` or
//! `String` its length as a varint, then its elements or UTF-8 bytes; an
//! `Option` a byte 0 or 1 before the value; integers wider than a byte
//! LEB128 varints, zigzag for signed ones; an `f64` its eight bytes,
//! little-endian; a unit variant its index. An id is a length (16) and
//! its bytes: the mirror holds it as a `Vec<u8>`, which facet-postcard
//! writes as a list of bytes, one byte each, the same bytes as serde's
//! byte string. The color is the `u32` `0xAARRGGBB`; `created` the tuple
//! `(seconds, nanos, offset)`; a version its segments; a priority one
//! byte.
//!
//! The crate's code: `src/shape.rs` (the mirrors and their conversions),
//! `src/declared.rs` (the capability table's facts).
//!
//! # Limits
//!
//! facet reserves nothing for a declared length: a list starts empty and
//! grows by doubling as its elements arrive, and a string's length is
//! checked against the input left before its bytes are taken. So a
//! length past the input costs nothing until the elements run out, and
//! decoding holds what the input fills: at most 72 bytes per byte of
//! input (empty strings, 1 byte each, 24-byte `String`s in a `Vec` grown
//! by doubling; see SECURITY.md). The layout is positional and nests no
//! deeper than the model's types.
//!
//! facet-postcard reads a varint into a `u16`, `u32` or `i32` with `as`,
//! keeping its low bits, where postcard refuses one past the type. The
//! mirrors therefore hold those integers at 64 bits (the same bytes: a
//! varint does not say its type's width) and the conversion refuses a
//! value past the model's type.
//!
//! # Errors
//!
//! facet-postcard's errors say where it stopped (the offset of the item
//! refused, or the end of the input) and what was wrong, by a code:
//! [`ErrorKind::Truncated`] for an input that ends inside the value,
//! [`ErrorKind::Syntax`] for a varint past its type, and
//! [`ErrorKind::Invalid`] for a `bool`, `Option` tag or variant index out
//! of range and invalid UTF-8. A value the model refuses (an id not of 16
//! bytes, an integer past its type, a priority past 3, a time out of
//! range) is
//! [`ErrorKind::Invalid`] with its field path. facet's parser stops after
//! the value and does not look further: the codec checks for trailing
//! bytes itself ([`ErrorKind::TrailingBytes`]). Every value of the model
//! encodes.

mod declared;
mod shape;

use facet::{Facet, Peek};
use facet_format::{DeserializeError, FormatDeserializer, FormatParser, ScalarTypeHint};
use facet_postcard::{PostcardError, PostcardParser};
use serbench_model::{
    BaseCodec, Carries, Codec, Dataset, Graph, MediaContent, Record, SensorReading, TaskManager,
};
pub use serbench_model::{Error, ErrorKind};

use crate::shape::{Invalid, binary, plain};

/// postcard through facet-postcard.
#[derive(Clone, Copy, Debug, Default)]
pub struct FacetPostcard;

impl BaseCodec for FacetPostcard {
    const NAME: &'static str = "postcard-facet";
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::POSTCARD);
    const DOCUMENT: serbench_model::DocumentPath = serbench_model::DocumentPath::Unavailable(
        "facet reads derived types; facet-value not wired",
    );
    const CARRIES: Carries = Carries::EVERYTHING;
    type Error = Error;
}

serbench_model::functions!(FacetPostcard, "postcard value");

/// A dataset with its mirror, the type facet reads and writes.
trait Mirrored: Dataset {
    type Mirror: Facet<'static>;

    fn mirror(&self) -> Self::Mirror;
    fn from_mirror(mirror: Self::Mirror) -> Result<Self, Invalid>;
}

macro_rules! mirrored {
    ($($dataset:ty => $mirror:ty, $to:path, $from:expr;)*) => {$(
        impl Mirrored for $dataset {
            type Mirror = $mirror;

            fn mirror(&self) -> Self::Mirror {
                $to(self)
            }

            fn from_mirror(mirror: Self::Mirror) -> Result<Self, Invalid> {
                ($from)(mirror)
            }
        }
    )*};
}

mirrored! {
    TaskManager => binary::TaskManager, binary::task_manager, binary::from_task_manager;
    SensorReading => plain::SensorReading, plain::sensor, |mirror| Ok(plain::from_sensor(mirror));
    Graph => plain::Graph, plain::graph, plain::from_graph;
    Record => plain::Record, plain::record, |mirror| Ok(plain::from_record(mirror));
    MediaContent => plain::MediaContent, plain::media, plain::from_media;
}

/// facet-postcard's error codes (`facet_postcard::error::codes`, which
/// the crate does not export), as 0.42.0 numbers them.
mod code {
    pub(super) const UNEXPECTED_EOF: i32 = -100;
    pub(super) const VARINT_OVERFLOW: i32 = -102;
    pub(super) const SEQ_UNDERFLOW: i32 = -103;
    pub(super) const UNEXPECTED_END_OF_INPUT: i32 = -108;
}

/// facet refusing the bytes of a `T`, as the model's error.
fn refused<T: Dataset>(error: DeserializeError<PostcardError>) -> Error {
    match error {
        DeserializeError::Parser(parser) => {
            let kind = match parser.code {
                code::UNEXPECTED_EOF | code::UNEXPECTED_END_OF_INPUT => ErrorKind::Truncated,
                code::VARINT_OVERFLOW | code::SEQ_UNDERFLOW => ErrorKind::Syntax,
                _ => ErrorKind::Invalid,
            };
            let at = parser.pos;
            Error::new::<FacetPostcard, T>(kind, parser.message.clone())
                .at_offset(at)
                .with_source(Source(parser.message))
        }
        DeserializeError::UnexpectedEof { .. } => {
            Error::new::<FacetPostcard, T>(ErrorKind::Truncated, error.to_string())
        }
        other => {
            let message = other.to_string();
            Error::new::<FacetPostcard, T>(ErrorKind::Invalid, message.clone())
                .with_source(Source(message))
        }
    }
}

/// facet's message as an error source: its errors hold types that need
/// not be `Send`.
#[derive(Debug)]
struct Source(String);

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Source {}

impl<T: Mirrored> Codec<T> for FacetPostcard {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        let mirror = value.mirror();
        let bytes = facet_postcard::peek_to_vec(Peek::new(&mirror))
            .map_err(|error| Error::unwritable(Self::NAME, T::NAME, error))?;
        out.extend_from_slice(&bytes);
        Ok(())
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        // `facet_postcard::from_slice`, with the parser kept: it knows
        // whether bytes follow the value.
        let mut deserializer = FormatDeserializer::new_owned(PostcardParser::new(bytes));
        let mirror: T::Mirror = deserializer.deserialize().map_err(refused::<T>)?;
        // postcard's values do not say where they end, and facet's parser
        // keeps its position to itself: one more byte read as a `u8` is
        // there exactly when bytes follow the value.
        let parser = deserializer.parser_mut();
        parser.hint_scalar_type(ScalarTypeHint::U8);
        if parser.next_event().is_ok() {
            return Err(Error::new::<Self, T>(
                ErrorKind::TrailingBytes,
                "bytes follow the value",
            ));
        }
        T::from_mirror(mirror).map_err(|invalid| {
            Error::new::<Self, T>(ErrorKind::Invalid, invalid.message).at_path(invalid.path)
        })
    }
}
