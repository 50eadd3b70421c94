//! bitcode for the serbench model: bitcode 0.6, the smallest Rust binary
//! encoding and among the fastest, in two codecs:
//!
//! - [`Bitcode`] (`bitcode`): bitcode's own derive, `Encode` and `Decode`,
//!   on types of the model's shape, as a bitcode user writes them; the
//!   model converts to and from them (the conversions are timed);
//! - [`BitcodeSerde`] (`bitcode-serde`): bitcode's serde support over the
//!   model's serde forms, for a program that already has serde types.
//!
//! The derive codec also decodes into the datasets' borrowed forms
//! (`Codec::borrow`), lending every string: bitcode decodes a `&str`
//! borrowed from the input into mirror types of their own, behind the same
//! walk and canonical check as the decode, which the model's borrowed form
//! then takes. bitcode decodes no `Cow<str>` and its decoders cannot be
//! written outside the library, so it cannot fill the model's `Text`
//! itself: the borrow builds each list twice. The serde codec lends every
//! string too, through the same budget and canonical check as its decode.
//!
//! bitcode packs where other binary formats lay out: it splits a value
//! into columns, one per primitive field, and stores each column with the
//! fewest bits its values need. Its output is the smallest here before
//! compression and compresses well after, and neither reading nor writing
//! needs a schema file; but the format is private to the library and "may
//! change between major versions", so it suits messages between programs
//! built from the same source, not files kept for years. The version is
//! pinned exactly.
//!
//! ```
//! use serbench_model::{Codec, MediaContent, Record, TaskManager};
//! use serbench_bitcode::BitcodeSerde;
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_bitcode::to_vec(&manager)?;
//! let back: TaskManager = serbench_bitcode::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//!
//! let media = MediaContent::canonical();
//! let bytes = BitcodeSerde::to_vec(&media)?;
//! let back: MediaContent = BitcodeSerde::decode(&bytes)?;
//! assert_eq!(back, media);
//!
//! // One task: its `completed` is the last column, one bit in a byte.
//! // bitcode reads the byte with an unused bit set as the same value;
//! // the codecs refuse it (see Limits).
//! let mut bytes = serbench_bitcode::to_vec(&TaskManager::generate(1))?;
//! assert_eq!(bytes.last(), Some(&1));
//! let last = bytes.len() - 1;
//! bytes[last] |= 2;
//! assert!(serbench_bitcode::from_slice::<TaskManager>(&bytes).is_err());
//!
//! // 100 000 empty strings take 12.5 KB and would become 2.4 MB of
//! // `String`s: past the size limit (see Limits), refused before decoding.
//! let dense = Record { ids: Vec::new(), strings: vec![String::new(); 100_000] };
//! let bytes = serbench_bitcode::to_vec(&dense)?;
//! let error = serbench_bitcode::from_slice::<Record>(&bytes).unwrap_err();
//! assert_eq!(error.kind(), serbench_bitcode::ErrorKind::Limit);
//! # Ok::<(), serbench_bitcode::Error>(())
//! ```
//!
//! # Wire layout
//!
//! The two codecs write the same kinds of columns, in the order of the
//! fields, depth first:
//!
//! - a struct is its fields' columns in declaration order, with nothing
//!   between them; one value is a column of length 1, and the elements of a
//!   `Vec` (of every `Vec` at that place in the value, one after another)
//!   make one column per field of the element;
//! - a `Vec` or `String` adds a column of lengths before its elements: one
//!   byte per length under 255 (packed as below), 255 marking a length
//!   stored in a following integer column; a `String`'s bytes follow as one
//!   byte column, checked to be UTF-8;
//! - a column of bytes (`u8`, lengths) is stored raw up to two values, else
//!   behind a packing byte: values below 2, 3, 4, 6 or 16 (less the
//!   column's minimum, when that helps) pack 8, 5, 4, 3 or 2 to a byte,
//!   others take a byte each;
//! - a column of wider integers is a packing byte, the column's minimum
//!   when the values are stored as their distance from it, then each value
//!   in the fewest whole bytes (1, 2, 4 or 8) that hold them, little-endian;
//!   an `f64` is its bit pattern in such a column, so every bit pattern
//!   (NaN payloads, −0.0) survives;
//! - a `bool` column packs 8 values to a byte; an `Option` is a `bool`
//!   column (present or not), then the columns of the values present;
//! - an enum is a column of variant indices packed by the number of
//!   variants, without a packing byte: 4 to a byte for a priority, 8 for a
//!   player or image size.
//!
//! Leaf values: an id is 16 bytes (a `[u8; 16]`, bitcode's fixed array:
//! 16 values of a byte column, no length); a color the `u32`
//! `0xAARRGGBB`; `created` three integers, seconds since 1970 (`i64`),
//! nanoseconds (`u32`) and the UTC offset in seconds (`i32`); a version a
//! `Vec<u32>`; a priority, player or size the variant index. The serde
//! codec writes the model's serde forms, which have the same leaves except
//! the id, a byte string (its length, then 16 values of a byte column),
//! and the priority, a `u8` 0 to 3; and bitcode's serde decoder places a
//! nested column where a value first uses it, so a sequence or option
//! whose first instance is empty has its elements' column after the
//! columns of the fields that follow it.
//!
//! - **task-manager**: `user`, `version`, `lists`; a list is `header`,
//!   `tasks`; a task is `header`, `description`, `priority`, `completed`; a
//!   header is `id`, `name`, `color`, `created`. 10 000 tasks take 567 KB
//!   (serde: 569 KB; postcard 643 KB): a priority takes two bits, a
//!   `completed` one, while the random ids and the text take their bytes.
//! - **telemetry**: `sensor_id` (length, then 8 bytes), then the eight
//!   readings as `f64`, each a column of one value behind its packing byte:
//!   81 bytes a message.
//! - **graph**: `nodes` (`id`, `name`, `out_edges`, `in_edges`), then
//!   `edges` (`from`, `to`, `weight`): the edges' node indices (below
//!   1 870) take two bytes each, the nodes' edge indices (up to 3.15 M)
//!   four, so the seed graph takes 44.1 MB, more than postcard's 39.0 MB,
//!   whose varints spend three bytes on most of those indices.
//! - **records**: `ids` (one integer column, eight bytes each, as they
//!   span the `i64` range), then `strings`: 16 621 bytes.
//! - **media**: `media` (`uri`, `title`, `width`, `height`, `format`,
//!   `duration`, `size`, `bitrate`, `persons`, `player`, `copyright`), then
//!   `images` (`uri`, `title`, `width`, `height`, `size`): 228 bytes (serde:
//!   230).
//! - **log**, **mesh**, **minecraft_savedata**, **mk48**: RSB's types,
//!   fields and field order (the model's), with bitcode's derive as RSB
//!   has it, so the derive codec writes RSB's bytes, to the byte: at RSB's
//!   counts 703 710 bytes, 6 000 006 (every `f32` a column of its four
//!   bytes, the low three apart from the high one), 327 688 and 971 318.
//!   A minecraft game type is a variant index packed 4 to a byte, an mk48
//!   entity type 2 to a byte. The serde codec writes 703 710, 6 000 006,
//!   327 711 and 971 321: bitcode's serde support stores each enum's
//!   variants in a column of bytes behind a packing byte, where the derive
//!   packs them by the count of variants.
//!
//! # Limits
//!
//! bitcode checks every declared length against the input before it
//! allocates for it: a column of `n` values must find its packed bytes in
//! the input, and lengths summing past 2^51 are refused. It does not check
//! that the bits a column leaves unused are zero, nor that a column is
//! packed the way its encoder would pack it: a `bool` stored in a byte `2`
//! reads as `false`. Both codecs therefore encode what they decoded and
//! refuse the input unless it is byte for byte the encoding bitcode writes
//! for that value ([`ErrorKind::Syntax`], at the first byte that differs):
//! every value has one encoding, as in the other binary codecs here. The
//! check costs one encode per decode, timed with it; it is a layer of
//! bitcode's own calls, not a decoder written here, so the rows stay
//! marked `stock` (the registry's `tuned` marks a timed path that replaces
//! the library's decoding).
//!
//! Memory is the part bitcode does not bound: it packs a column down to one
//! bit a value, then builds every element at once, a 24-byte `String`
//! from one bit of empty string, an 80-byte graph node from four. Its
//! checks hold the bits to the input, not what they become, and a failed
//! allocation aborts the process: 16 MB of empty strings asked for 3 GB
//! (issue 25). A cap on the input's size cannot help, since the seed
//! graph's valid encoding takes 44 MB and 16 MB of empty nodes decode to
//! 2.7 GB. So both codecs hold what an input declares to 32 bytes of
//! decoded value per byte of input, plus 16 KiB, and refuse more with
//! [`ErrorKind::Limit`]:
//!
//! - the derive codec walks bitcode's columns before bitcode reads them
//!   (the `walk` module). bitcode writes every `Vec`'s and `String`'s
//!   lengths as a column ahead of the elements, so the walk reads the
//!   length columns where they lie, skips every other column by the bytes
//!   its header gives, and charges each count times its element's size in
//!   the mirror types. It allocates nothing, so a refusal costs nothing.
//!   `bitcode::decode` has no hook to count inside it, hence a walk; its
//!   tests hold it to what bitcode decodes, so a bitcode release that
//!   moves a column fails them;
//! - the serde codec decodes through a budget layer (the `budget`
//!   module) between bitcode's serde decoder and the model's
//!   `Deserialize` impls: a sequence is charged its length times its
//!   element's size before its first element is decoded, a string its
//!   bytes. bitcode's serde decoder unpacks a column only when a value
//!   first needs it, so a top-level sequence past the limit is refused
//!   before bitcode unpacks any of it; a sequence nested in each element
//!   of another is refused as its elements arrive, after bitcode has
//!   unpacked their column. A walk would have to follow bitcode's serde
//!   layout value by value, as it places a column where a value first
//!   uses it; the layer follows it for free.
//!
//! Valid data stays far below the limit (the seed graph declares 1.4
//! bytes per byte of input, 10 000 tasks 2.2, the records 1.1); it
//! refuses input made mostly of empty strings, empty elements, zeros and
//! absent options (a column of empty strings declares 192 bytes per
//! byte, of `u64` zeros 64). Accepted input decodes within 104 bytes per
//! byte (derive, its borrowed decode holding bitcode's unpacked column,
//! the mirror and the borrowed form at once) and 136 (serde), where bitcode alone reached 201 and 392
//! and was not bounded at all (SECURITY.md). Like the canonical check,
//! the walk and the layer guard bitcode's own decoding rather than
//! replacing it, so the rows stay marked `stock`; both are timed with the
//! decode.
//!
//! # Errors
//!
//! An input that declares more than its limit is an [`ErrorKind::Limit`]
//! error saying what it declares (the derive codec's at the count that
//! passed the limit). bitcode's errors carry no reason in builds without
//! debug assertions (release builds print "bitcode error"), so every
//! other error bitcode gives is an [`ErrorKind::Syntax`] error naming the
//! dataset, with bitcode's error
//! as the [`source`](std::error::Error::source); a timestamp out of range
//! is an [`ErrorKind::Invalid`] error with the field path
//! (`lists[0].tasks[1].header.created`). The serde codec's model checks
//! run inside bitcode, whose error keeps no message in release builds: its
//! errors are all [`ErrorKind::Syntax`]. Every value of the model encodes,
//! so encoding does not fail.

mod budget;
mod declared;
mod derive;
#[cfg(feature = "document")]
pub mod document;
#[cfg(feature = "evolution")]
mod evolution;
mod mirror;
mod serde;
mod walk;

use serbench_model::{BaseCodec, Carries, Dataset};
pub use serbench_model::{Error, ErrorKind};

/// The bitcode codec over bitcode's own derive.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bitcode;

impl BaseCodec for Bitcode {
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::BITCODE);
    const DOCUMENT: serbench_model::DocumentPath = serbench_model::DocumentPath::Unavailable(
        "bitcode's Encode and Decode are derived for a Rust type at compile time; a schema known only at run time cannot drive them",
    );
    const NAME: &'static str = "bitcode";
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

/// The bitcode codec over the model's serde forms.
#[derive(Clone, Copy, Debug, Default)]
pub struct BitcodeSerde;

impl BaseCodec for BitcodeSerde {
    const NAME: &'static str = "bitcode-serde";
    const DECLARED: Option<serbench_model::declared::Declared> =
        Some(crate::declared::BITCODE_SERDE);
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

serbench_model::functions!(Bitcode, "bitcode value");

/// The error of bitcode refusing the bytes of a `subject` (a dataset, a
/// document, the evolution record), as codec `C`'s.
fn refused<C: BaseCodec>(subject: &'static str, error: bitcode::Error) -> Error {
    let message = format!("not a bitcode {subject} value: {error}");
    Error::named(ErrorKind::Syntax, C::NAME, subject, message).with_source(error)
}

/// Refuses `bytes` unless they are `again`, the encoding bitcode writes
/// for the value they decoded to.
fn canonical<C: BaseCodec, T: Dataset>(bytes: &[u8], again: &[u8]) -> Result<(), Error> {
    if bytes == again {
        return Ok(());
    }
    let at = bytes
        .iter()
        .zip(again)
        .position(|(byte, canonical)| byte != canonical)
        .unwrap_or(bytes.len().min(again.len()));
    let message = "the bytes decode, but are not the encoding bitcode writes for their value \
                   (bits a column leaves unused are set, or a column is packed another way)";
    Err(Error::new::<C, T>(ErrorKind::Syntax, message).at_offset(at))
}
