//! Bilrost for the serbench model, with bilrost 0.1016, the format's Rust
//! implementation, through its own derive.
//!
//! Bilrost is a protobuf-like binary encoding: fields carry numeric tags,
//! not names, so a message can gain and lose fields over the years, as a
//! protobuf message does. It differs where protobuf leaves room for
//! several encodings of one value: fields can only come in tag order (a
//! key holds the distance from the previous tag), varints are bijective
//! (one encoding per number) and the decoder never coerces: a value out
//! of its field's range, an unknown enumeration value, a `bool` other
//! than 0 or 1 or a non-repeated field given twice is an error. Its
//! derive can also give *distinguished* decoding, which tells whether the
//! bytes were the one canonical encoding of the value. A Rust program that
//! wants protobuf's evolution without a schema compiler, or bytes it can
//! hash or sign, picks it; there is no implementation in another language,
//! so one that needs other readers picks protobuf.
//!
//! ```
//! use serbench_model::{Dataset, MediaContent, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_bilrost::to_vec(&manager)?;
//! // Field 1 (`user`) is length-delimited: key 0x05 (tag distance 1,
//! // wire type 1), length 9, the text.
//! assert!(bytes.starts_with(b"\x05\x09Demo User"));
//! let back: TaskManager = serbench_bilrost::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//!
//! let bytes = serbench_bilrost::to_vec(&MediaContent::canonical())?;
//! let back: MediaContent = serbench_bilrost::from_slice(&bytes)?;
//! assert_eq!(back, MediaContent::canonical());
//! # Ok::<(), serbench_bilrost::Error>(())
//! ```
//!
//! # Wire layout
//!
//! The README's encoding specification
//! (<https://github.com/mumbleskates/bilrost#encoding-specification>), as
//! bilrost's derive writes the messages of this crate's `messages` module:
//!
//! - a message is its fields in tag order; each field is a key, the varint
//!   of (tag − previous tag) × 4 + wire type (0 varint, 1 length-delimited,
//!   2 fixed 32 bits, 3 fixed 64 bits), then its value;
//! - varints are bijective base 128, little-endian, at most nine bytes;
//!   signed integers are zigzagged;
//! - a field whose value is empty (0, `false`, `+0.0`, `""`, an empty list,
//!   a nested message with every field empty) is left out; an `Option`
//!   that is `Some` is written even when its value is empty;
//! - a text, a byte array, a nested message and a packed list are
//!   length-delimited; a list of texts or messages repeats its field, one
//!   per element.
//!
//! Leaf values: an id is 16 length-delimited bytes; a color the fixed
//! 32-bit `0xAARRGGBB`; `created` three varints, the seconds since 1970,
//! the nanoseconds and the UTC offset in seconds; a version a packed list
//! of varints; a priority, player or size its enumeration value (Low 0 to
//! Critical 3; Java 0, Flash 1; Small 0, Large 1); a reading 8 bytes.
//!
//! - **task-manager**: `user` (1), `version` (2, packed), `lists` (3); a
//!   list holds `header` (1) and `tasks` (2); a task `header` (1),
//!   `description` (2), `priority` (3) and `completed` (4); a header `id`
//!   (1), `name` (2), `color` (3) and `created` as seconds (4),
//!   nanoseconds (5) and offset (6). The same tags as serbench-protobuf.
//!   10 000 tasks take 701 KB (protobuf 890 KB, Borsh 773 KB).
//! - **telemetry**: `sensor_id` (1), then the eight readings (2 to 9),
//!   fixed 64 bits, each left out when it is `+0.0`: 82 bytes a
//!   generated message.
//! - **graph**: `nodes` (1: `id`, `name`, packed `out_edges` and
//!   `in_edges`), then `edges` (2: `from`, `to`, `weight`), one message
//!   per edge: 54.7 MB.
//! - **records**: `ids` (1, packed signed varints), `strings` (2):
//!   13 351 bytes.
//! - **media**: `media` (1: `uri`, `title`, `width`, `height`, `format`,
//!   `duration`, `size`, `bitrate`, `persons`, `player`, `copyright`, tags
//!   1 to 11), then `images` (2: `uri`, `title`, `width`, `height`,
//!   `size`): 238 bytes.
//!
//! rust_serialization_benchmark's four datasets take RSB's own bilrost
//! types (the `messages::rsb` module), so that their sizes are RSB's: the
//! fields in the model's order, tagged from 1; every list of messages
//! packed (one length-delimited field of length-delimited elements) but a
//! player's `inventory` and `ender_items` (a field per item); `u8` and
//! `i8` as varints; `f32` fixed 32 bits; tuples as bilrost's tuple
//! messages (fields tagged from 0).
//!
//! - **log**: `logs` (1, packed): `address` (1, its four bytes one fixed
//!   32-bit value), `identity`, `userid`, `date`, `request` (2 to 5),
//!   `code`, `size` (6, 7).
//! - **mesh**: `triangles` (1, packed): `v0`, `v1`, `v2`, `normal` (1 to
//!   4), each `x`, `y`, `z` (1 to 3).
//! - **minecraft_savedata**: `players` (1, packed): the 28 fields of a
//!   player in order; an entity's `uuid` four packed fixed 32-bit values,
//!   a `root_vehicle` a tuple of those and an entity; recipes packed.
//! - **mk48**: `updates` (1, packed): `contacts` (1, packed), `score`,
//!   `world_radius`, `terrain_updates` (4, packed); a contact's `reloads`
//!   and `turret_angles` packed, a terrain update's `chunk_id` a tuple of
//!   two varints and its `data` plain bytes.
//!
//! The model's `mirror!` types cannot carry this: an enumeration needs its
//! values and a color or packed list its encoding on the field, so the
//! crate declares its own messages, one set for both directions. Their
//! texts and integer lists are `Cow`s: encoding borrows them from the
//! model, decoding owns them, and the borrowed decode borrows the texts
//! from the input (the conversions are timed).
//!
//! # What it carries
//!
//! Every value of the model ([`Carries::EVERYTHING`]): floats keep their
//! bits (NaN payloads, `-0.0`), integers their full range, texts any
//! UTF-8.
//!
//! # Decoding mode, and what it checks
//!
//! The codec times bilrost's relaxed decoding, `OwnedMessage::decode`,
//! the one its README starts a user with. bilrost refuses to derive its
//! distinguished (canonical) decoding for a message with a float, so the
//! telemetry reading could not have it; and its canonical mode refuses a
//! field with a tag it does not know, which a newer writer's field is, so
//! it would undo the evolution every bilrost user is promised (see the
//! `evolution` feature). Relaxed decoding still refuses, with an
//! [`ErrorKind`] and bilrost's field path (`lists.tasks.priority`, without
//! list indexes): a declared length past the input or a cut value
//! ([`ErrorKind::Truncated`]); a varint past 2^64, a tag past 2^32 or a
//! wire type the field cannot have ([`ErrorKind::Syntax`]); invalid
//! UTF-8, an id of other than 16 bytes, a number out of its field's range,
//! an enumeration value the enum does not have, a `bool` other than 0 or
//! 1 and a non-repeated field given twice ([`ErrorKind::Invalid`]); a
//! timestamp out of range (the conversion, [`ErrorKind::Invalid`] with its
//! path). bilrost's error is the [`source`](std::error::Error::source);
//! it does not say where it stopped, so the codec reads through a slice it
//! keeps and gives the offset where bilrost's reader stood.
//!
//! What relaxed decoding lets through, as protobuf does: unknown fields
//! are skipped; a message cut at a field boundary is a valid, smaller
//! message (so [`BaseCodec::DETECTS_TRUNCATION`] is false), and complete
//! fields after the value are part of it; a field left out is empty, so a
//! missing header reads as the nil id, an empty name, a transparent black
//! color and 1970-01-01 UTC. An empty value written explicitly reads as
//! the value (distinguished decoding would call it not canonical).
//!
//! # Limits
//!
//! Decoding is safe on untrusted bytes, with no check of the codec's own.
//! bilrost holds every declared length to the bytes left before it reads
//! the value, and reserves no more than a length it has checked: a list
//! has no declared count (a repeated field is as many fields as come, a
//! packed list a byte length), and its `Vec` grows as elements arrive.
//! The messages nest five deep (a minecraft player's vehicle, an mk48
//! contact's position) and none recurses; an unknown length-delimited
//! field is skipped by its length, unread; bilrost's own limit of 100
//! nested messages (`RECURSION_LIMIT`) is never reached. What a decode
//! holds is linear in the input, but large for the smallest elements: an
//! empty log record in RSB's packed list is one byte (its length, 0) and
//! becomes a 112-byte message in a `Vec` that bilrost grows by doubling:
//! 336 bytes per input byte at the peak; a task written as its two-byte
//! empty field, a 96-byte message, then a model task: 144 (SECURITY.md).
//!
//! # Borrowed decoding
//!
//! [`Codec::borrow`] decodes with bilrost's borrowed decoding
//! (`BorrowedMessage::decode_borrowed`): the same messages then hold every
//! text as a slice of the input, which the model's borrowed form keeps
//! (packed integer lists are still decoded into owned vectors). The
//! conversion is the owned decode's, with its checks; since a message's
//! task or list has the layout of the model's, the model's lists reuse the
//! message's allocations, so a task-manager borrow allocates only its lists
//! and its version. Where it fails, the error is the owned decode's.
//!
//! # Documents
//!
//! None: bilrost encodes only the Rust types its derive implements at
//! compile time. Its `Schema` derive renders those types for people; it
//! cannot drive a message whose schema is known only at run time.

mod declared;
#[cfg(feature = "evolution")]
mod evolution;
mod messages;

use serbench_model::{BaseCodec, Carries, Codec, Dataset, lend_or_tell};
pub use serbench_model::{Error, ErrorKind};

use crate::messages::Messaged;

/// The Bilrost codec.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bilrost;

impl BaseCodec for Bilrost {
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::BILROST);
    const DOCUMENT: serbench_model::DocumentPath = serbench_model::DocumentPath::Unavailable(
        "bilrost encodes only the Rust types its derive implements at compile time; its `Schema` renders those types for people and cannot drive a message whose schema is known only at run time",
    );
    const NAME: &'static str = "bilrost";
    // Like protobuf, a message cut between two fields is a valid message
    // with fewer fields.
    const DETECTS_TRUNCATION: bool = false;
    // Floats keep their exact bits, NaN payloads and -0.0 included.
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

serbench_model::functions!(Bilrost, "Bilrost value");

/// Writes the message of `value`, appending to `out`.
fn encode<T: Dataset + Messaged>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
    bilrost::Message::encode(&value.message(), out).map_err(|error| {
        Error::new::<Bilrost, T>(ErrorKind::Unsupported, error.to_string()).with_source(error)
    })
}

/// Reads the message of a `T` in bilrost's relaxed mode and converts it
/// into the model.
fn decode<T>(bytes: &[u8]) -> Result<T, Error>
where
    T: Dataset + Messaged,
    T::Message<'static>: bilrost::OwnedMessage,
{
    // bilrost reads from a `Buf`; through the slice kept here, where it
    // stopped is the error's offset, which bilrost's own error lacks.
    let mut rest = bytes;
    let message = <T::Message<'static> as bilrost::OwnedMessage>::decode(&mut rest)
        .map_err(|error| refused(T::NAME, error).at_offset(bytes.len() - rest.len()))?;
    T::from_message(message).map_err(|invalid| {
        Error::new::<Bilrost, T>(ErrorKind::Invalid, invalid.message).at_path(invalid.path)
    })
}

/// The borrowed form of a `T` that fills `bytes`: its message read by
/// bilrost's borrowed decoding, whose texts are slices of `bytes`, then
/// the conversion the owned decode runs. `None` where either fails, which
/// the owned decode then tells.
fn lend<'a, T>(bytes: &'a [u8]) -> Option<T::Borrowed<'a>>
where
    T: Dataset + Messaged,
    T::Message<'a>: bilrost::BorrowedMessage<'a>,
{
    let message = <T::Message<'a> as bilrost::BorrowedMessage<'a>>::decode_borrowed(bytes).ok()?;
    T::lent(message).ok()
}

/// The error of bilrost refusing the bytes of `subject` (a dataset, or the
/// evolution record), with its kind and the field path bilrost gives.
fn refused(subject: &'static str, error: bilrost::DecodeError) -> Error {
    use bilrost::DecodeErrorKind as Kind;
    let kind = match error.kind() {
        Kind::Truncated => ErrorKind::Truncated,
        Kind::InvalidVarint | Kind::TagOverflowed | Kind::WrongWireType => ErrorKind::Syntax,
        Kind::RecursionLimitReached | Kind::Oversize => ErrorKind::Limit,
        _ => ErrorKind::Invalid,
    };
    // bilrost names the fields it was in, deepest first: the path from the
    // root message is theirs reversed (without list indexes, which bilrost
    // does not count).
    let path = error
        .path()
        .iter()
        .rev()
        .map(|name| name.field)
        .collect::<Vec<_>>()
        .join(".");
    let named = Error::named(kind, Bilrost::NAME, subject, error.kind().to_string());
    let named = if path.is_empty() {
        named
    } else {
        named.at_path(path)
    };
    named.with_source(error)
}

/// `Codec` for every dataset, through its message.
macro_rules! codec {
    ($($dataset:path),* $(,)?) => {$(
        impl Codec<$dataset> for Bilrost {
            fn encode(value: &$dataset, out: &mut Vec<u8>) -> Result<(), Error> {
                encode(value, out)
            }

            fn decode(bytes: &[u8]) -> Result<$dataset, Error> {
                decode(bytes)
            }

            fn borrow(
                bytes: &[u8],
            ) -> Option<Result<<$dataset as Dataset>::Borrowed<'_>, Error>> {
                Some(lend_or_tell::<Self, $dataset>(bytes, lend::<$dataset>))
            }
        }
    )*};
}

serbench_model::for_each_dataset!(codec);
