//! musli for the serbench model: musli 0.2's three binary formats of its
//! own, storage, wire and descriptive, through its derive.
//!
//! Müsli (the crate is `musli`) is a serialization framework in the style
//! of serde, with its own `Encode` and `Decode` derives, modes and
//! formats: one data model, written by the format a program picks for what
//! it needs of upgrades. Storage is the smallest and says no value's kind,
//! for data one program writes and reads; wire tags each value with its
//! kind and length, so a reader skips fields it does not know; descriptive
//! tags each value with its full type, so a reader needs no schema to walk
//! it. A Rust program that wants serde's convenience with binary formats
//! made for upgrades picks it. The model's types are not musli's to
//! derive, so the codecs derive on mirror types of the same shape, as a
//! musli user does with their own types, and convert (the conversions are
//! timed).
//!
//! Each format also decodes into the model's borrowed forms
//! ([`Codec::borrow`]), lending every text from the input: musli's derive
//! on lent mirror types, whose texts are `Cow<str>`s musli reads borrowed,
//! after the same length walk as the decode, whose errors a refusal gives.
//!
//! ```
//! use serbench_model::{Codec, Dataset, MediaContent, TaskManager};
//! use serbench_musli::{MusliDescriptive, MusliStorage, MusliWire};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_musli::to_vec(&manager)?;
//! // Storage: three fields; field 0, the user: its length, then its bytes.
//! assert!(bytes.starts_with(b"\x03\x00\x09Demo User"));
//! let back: TaskManager = serbench_musli::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//!
//! // Wire: a sequence of six (three index and value pairs), index 0, a
//! // prefix of nine bytes.
//! let bytes = MusliWire::to_vec(&manager)?;
//! assert!(bytes.starts_with(b"\x86\xc0\x49Demo User"));
//! // Descriptive: a map of three, the number 0, a string of nine bytes.
//! let bytes = MusliDescriptive::to_vec(&manager)?;
//! assert!(bytes.starts_with(b"\x83\x59\x00\xc9Demo User"));
//!
//! let bytes = MusliWire::to_vec(&MediaContent::canonical())?;
//! let back: MediaContent = MusliWire::decode(&bytes)?;
//! assert_eq!(back, MediaContent::canonical());
//! # Ok::<(), serbench_musli::Error>(())
//! ```
//!
//! # Wire layout
//!
//! musli's derive tags a field with its index (its position) in the binary
//! formats, and a unit enum value with its variant's index. All three
//! formats write a struct as its number of fields, then each field's index
//! and value; a `Vec` as its count, then its elements; a string as its
//! length, then its UTF-8 bytes; integers, a float's bits and lengths as
//! continuation numbers (7 bits a byte, least significant first; signed
//! integers zigzagged). They differ in what they put in front:
//!
//! - **storage** (`musli::storage`): nothing. A `bool` is a byte 0 or 1,
//!   an `Option` a byte 1 and the value, or 0; the 16 bytes of an id are a
//!   length (16) and the bytes.
//! - **wire** (`musli::wire`): a tag byte, the kind in its top two bits
//!   (a prefix of bytes, a sequence of values, a continuation number) and
//!   the length or the number in its low six when it fits (all ones: the
//!   number follows). A struct is a sequence of twice its fields, index and
//!   value in turn; an `Option` a sequence of 0 or 1; a `bool` a number; an
//!   id a sequence of 16 numbers.
//! - **descriptive** (`musli::descriptive`): a tag byte, the kind in its
//!   top three bits (a number, whose type is in the low five bits, a
//!   sequence, a map, bytes, a string or a mark) and the length in the low
//!   five when it fits. A struct is a map of field numbers to values; an
//!   `Option`, `true` and `false` marks; an id a sequence of 16 numbers.
//!
//! Leaf values, as serbench's other derived codecs write them: an id its 16
//! bytes; a color the `u32` `0xAARRGGBB`; `created` the seconds since 1970
//! (`i64`), the nanoseconds (`u32`) and the UTC offset in seconds (`i32`);
//! a version a `Vec<u32>`; a priority (0 to 3), player or size its
//! variant index.
//!
//! - **task-manager**: `user`, `version`, `lists`; a list is `header`,
//!   `tasks`; a task is `header`, `description`, `priority`, `completed`; a
//!   header is `id`, `name`, `color`, `created`. 10 000 tasks take 783 KB
//!   in storage, 1 007 KB in wire and 1 181 KB in descriptive (borsh 773
//!   KB): every field carries its index, and the tagged formats its kind.
//! - **telemetry**: `sensor_id`, then the eight readings: 94, 102 and 111
//!   bytes a message.
//! - **graph**: `nodes` (`id`, `name`, `out_edges`, `in_edges`), then
//!   `edges` (`from`, `to`, `weight`).
//! - **records**: `ids`, then `strings`: 13 376, 14 419 and 14 480 bytes.
//! - **media**: `media` (`uri`, `title`, `width`, `height`, `format`,
//!   `duration`, `size`, `bitrate`, `persons`, `player`, `copyright`), then
//!   `images` (`uri`, `title`, `width`, `height`, `size`): 249, 258 and 286
//!   bytes.
//! - rust_serialization_benchmark's four, **log**, **mesh**,
//!   **minecraft_savedata** and **mk48**: a struct of the dataset's one
//!   list (`logs`, `triangles`, `players`, `updates`), each item a struct
//!   of its fields in the model's order; a tuple and a `[u32; 4]` are
//!   sequences of their elements, an `f32` its bits as a number, and in
//!   storage a `u8` or `i8` one byte as it is.
//!
//! # Limits
//!
//! musli checks every string's length against the input before taking its
//! bytes, refuses invalid UTF-8, a `bool` out of range, an unknown variant
//! and a missing field, and skips a field it does not know (wire,
//! descriptive) without recursing, however deep the value. But it reserves
//! a `Vec`'s room from the declared count before it reads an element, up to
//! 1 MiB a `Vec`: a 10-byte input may make it reserve 1 MiB. So before
//! musli reads, a walk of the dataset's shape in the format's framing
//! (`check.rs`) holds every declared count to the input left (`n` elements
//! of at least `m` bytes need `n × m` bytes; [`ErrorKind::Truncated`] at
//! the count otherwise), which bounds what musli reserves to what the
//! bytes could hold. The walk reads only tags, lengths and field indexes,
//! skips everything else by its size, and is timed with the decode. It
//! guards musli's own reading rather than replacing it, so the rows stay
//! marked `stock`.
//!
//! musli reads a field given twice without error, keeping the last; the
//! storage decoder reads any `Option` tag but 1 as `None`.
//!
//! # Errors
//!
//! Decoding refuses trailing bytes ([`ErrorKind::TrailingBytes`]), a
//! truncated input ([`ErrorKind::Truncated`]), and everything else musli
//! refuses as [`ErrorKind::Invalid`], with the timestamp out of range at
//! its field path. musli's errors are text; the plain decode records no
//! position (tracing costs on every field), so on a refusal the codec
//! decodes again with musli's tracing context, whose error names the field
//! path (`.lists[0].tasks[0].priority`) and the byte. A count the walk
//! refuses is at its offset. Every value of the model encodes, so encoding
//! does not fail.

mod check;
mod declared;
#[cfg(feature = "evolution")]
mod evolution;
mod mirror;

use serbench_model::{BaseCodec, Carries, Codec, Dataset, lend_or_tell};
pub use serbench_model::{Error, ErrorKind};

use crate::check::Counts;
use crate::mirror::{Lends, Mirrored};

/// musli's storage format: fields in order, untagged.
#[derive(Clone, Copy, Debug, Default)]
pub struct MusliStorage;

/// musli's wire format: every value tagged with its kind and length, every
/// field with its index.
#[derive(Clone, Copy, Debug, Default)]
pub struct MusliWire;

/// musli's descriptive format: every value tagged with its type, every
/// field with its index.
#[derive(Clone, Copy, Debug, Default)]
pub struct MusliDescriptive;

const NOT_AT_RUN_TIME: serbench_model::DocumentPath = serbench_model::DocumentPath::Unavailable(
    "musli's Encode and Decode are derived for a Rust type at compile time; a schema known only \
     at run time cannot drive them",
);

impl BaseCodec for MusliStorage {
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::STORAGE);
    const DOCUMENT: serbench_model::DocumentPath = NOT_AT_RUN_TIME;
    const NAME: &'static str = "musli-storage";
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

impl BaseCodec for MusliWire {
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::WIRE);
    const DOCUMENT: serbench_model::DocumentPath = NOT_AT_RUN_TIME;
    const NAME: &'static str = "musli-wire";
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

impl BaseCodec for MusliDescriptive {
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::DESCRIPTIVE);
    const DOCUMENT: serbench_model::DocumentPath = NOT_AT_RUN_TIME;
    const NAME: &'static str = "musli-descriptive";
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

/// The kind of error a musli message names: musli's errors are text
/// (with a path and a byte range when traced), so the kind is read from
/// the words its decoders use.
fn kind_of(message: &str) -> ErrorKind {
    if message.contains("Trailing input") {
        ErrorKind::TrailingBytes
    } else if message.contains("bytes from slice") {
        ErrorKind::Truncated
    } else {
        ErrorKind::Invalid
    }
}

/// musli's error about `subject`, from codec `codec`: its kind, its
/// message and, when traced, the byte where it stopped.
fn refused(
    codec: &'static str,
    subject: &'static str,
    message: String,
    start: Option<usize>,
    source: impl std::error::Error + Send + Sync + 'static,
) -> Error {
    let error = Error::named(kind_of(&message), codec, subject, message).with_source(source);
    match start {
        Some(start) => error.at_offset(start),
        None => error,
    }
}

/// One of musli's formats, through its module's `Encoding`.
macro_rules! musli_format {
    ($codec:ident, $module:ident) => {
        impl $codec {
            const ENCODING: musli::$module::Encoding = musli::$module::Encoding::new();

            /// musli refusing the bytes of `subject`: decoded again, traced,
            /// for the path and the byte where it stopped (tracing costs, so
            /// the timed decode leaves it out and only a refusal pays it).
            fn refused<T>(
                subject: &'static str,
                bytes: &[u8],
                error: musli::$module::Error,
            ) -> Error
            where
                T: for<'de> musli::Decode<'de, musli::mode::Binary, musli::alloc::Global>,
            {
                let traced = Self::ENCODING.from_slice_traced::<T>(bytes).err();
                let traced = traced.as_ref().unwrap_or(&error);
                let start = traced.range().map(|range| range.start);
                let message = match traced.path() {
                    Some(path) if !path.is_empty() => format!("{path}: {error}"),
                    _ => error.to_string(),
                };
                refused(Self::NAME, subject, message, start, error)
            }

            fn encode<T>(value: &T, out: &mut Vec<u8>) -> Result<(), Error>
            where
                T: Dataset + Mirrored,
                for<'a> T::View<'a>: musli::Encode<musli::mode::Binary>,
            {
                Self::ENCODING
                    .encode(out, &value.borrowed())
                    .map_err(|error| Error::unwritable(Self::NAME, T::NAME, error))
            }

            fn decode<T>(bytes: &[u8]) -> Result<T, Error>
            where
                T: Dataset + Mirrored + Counts,
                T::Owned: for<'de> musli::Decode<'de, musli::mode::Binary, musli::alloc::Global>,
            {
                check::$module::<T>(bytes).map_err(|too_long| {
                    Error::new::<Self, T>(ErrorKind::Truncated, too_long.message)
                        .at_offset(too_long.offset)
                })?;
                let mirror = Self::ENCODING
                    .from_slice::<T::Owned>(bytes)
                    .map_err(|error| Self::refused::<T::Owned>(T::NAME, bytes, error))?;
                T::from_owned(mirror).map_err(|invalid| {
                    Error::new::<Self, T>(ErrorKind::Invalid, invalid.message).at_path(invalid.path)
                })
            }

            /// The borrowed form of a `T` that fills `bytes`, through the
            /// lent mirror, after the decode's count walk: `None` where
            /// anything fails, which the owned decode then tells.
            fn lend<'de, T>(bytes: &'de [u8]) -> Option<T::Borrowed<'de>>
            where
                T: Lends + Counts,
                T::Lent<'de>: musli::Decode<'de, musli::mode::Binary, musli::alloc::Global>,
            {
                check::$module::<T>(bytes).ok()?;
                let mirror = Self::ENCODING.from_slice::<T::Lent<'de>>(bytes).ok()?;
                T::from_lent(mirror).ok()
            }
        }
    };
}

musli_format!(MusliStorage, storage);
musli_format!(MusliWire, wire);
musli_format!(MusliDescriptive, descriptive);

/// `Codec` for every dataset, in each format.
macro_rules! codec {
    ($($dataset:path),* $(,)?) => {$(
        codec!(@one MusliStorage, $dataset);
        codec!(@one MusliWire, $dataset);
        codec!(@one MusliDescriptive, $dataset);
    )*};
    (@one $codec:ident, $dataset:path) => {
        impl Codec<$dataset> for $codec {
            fn encode(value: &$dataset, out: &mut Vec<u8>) -> Result<(), Error> {
                Self::encode(value, out)
            }

            fn decode(bytes: &[u8]) -> Result<$dataset, Error> {
                Self::decode(bytes)
            }

            fn borrow(
                bytes: &[u8],
            ) -> Option<Result<<$dataset as Dataset>::Borrowed<'_>, Error>> {
                Some(lend_or_tell::<Self, $dataset>(bytes, Self::lend::<$dataset>))
            }
        }
    };
}

serbench_model::for_each_dataset!(codec);

serbench_model::functions!(MusliStorage, "musli storage value");
