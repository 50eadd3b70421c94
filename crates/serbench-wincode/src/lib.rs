//! wincode for the serbench model: wincode 0.6, which writes bincode's
//! layout and reads it in place, through schemas its derive writes.
//!
//! wincode is the fast successor of bincode 1 from the Solana ecosystem:
//! `#[derive(SchemaWrite, SchemaRead)]` on a type gives a schema that
//! writes its fields straight into the output and reads them straight
//! into their final place, without serde's visitor calls in between, and
//! produces the same bytes as bincode 1's default configuration. A program
//! that speaks bincode 1 and wants its speed picks it; a new format picks
//! postcard or bitcode, which are smaller. The model's types are not
//! wincode's to derive, so the codec derives on mirror types of the same
//! shape, as a wincode user does with their own types, and converts (the
//! conversions are timed).
//!
//! Its borrowed decode (`Codec::borrow`) lends every string: wincode reads
//! a `Cow<str>` borrowed from the input into mirror types whose layout is
//! the model's borrowed form's, so their lists become the model's in
//! place and the borrow allocates once per list, after the same count
//! check as the decode.
//!
//! ```
//! use serbench_model::{Dataset, MediaContent, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_wincode::to_vec(&manager)?;
//! // The user name: its length as a u64, then its UTF-8 bytes.
//! assert!(bytes.starts_with(b"\x09\0\0\0\0\0\0\0Demo User"));
//! let back: TaskManager = serbench_wincode::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//!
//! let bytes = serbench_wincode::to_vec(&MediaContent::canonical())?;
//! let back: MediaContent = serbench_wincode::from_slice(&bytes)?;
//! assert_eq!(back, MediaContent::canonical());
//! # Ok::<(), serbench_wincode::Error>(())
//! ```
//!
//! # Wire layout
//!
//! bincode 1's default layout, which wincode's derive writes for a struct:
//!
//! - a struct is its fields in declaration order, with nothing between
//!   them;
//! - a `Vec` or `String` is its length as a `u64`, then its elements or its
//!   UTF-8 bytes;
//! - integers and `f64` take their full width, little-endian (so every
//!   `f64` bit pattern survives); a `bool` is one byte, 0 or 1;
//! - an `Option` is a byte 0 (`None`) or 1 followed by the value;
//! - an enum is its variant index as a `u32` (a `u8` for the enums of
//!   RSB's datasets, as RSB's wincode types have it).
//!
//! Leaf values: an id is its 16 bytes (a `[u8; 16]`, no length); a color
//! the `u32` `0xAARRGGBB`; `created` the seconds since 1970 (`i64`), the
//! nanoseconds (`u32`) and the UTC offset in seconds (`i32`); a version a
//! `Vec<u32>`; a priority (0 to 3), player or size its variant index.
//!
//! - **task-manager**: `user`, `version`, `lists`; a list is `header`,
//!   `tasks`; a task is `header`, `description`, `priority`, `completed`; a
//!   header is `id`, `name`, `color`, `created`. 10 000 tasks take 882 KB
//!   (postcard 643 KB: every length and tag takes its full width here).
//! - **telemetry**: `sensor_id` (8-byte length, 8 bytes), then the eight
//!   readings: 80 bytes a message.
//! - **graph**: `nodes` (`id`, `name`, `out_edges`, `in_edges`), then
//!   `edges` (`from`, `to`, `weight`: 10 bytes each): 56.7 MB.
//! - **records**: `ids` (8 bytes each), then `strings`: 17 416 bytes.
//! - **media**: `media` (`uri`, `title`, `width`, `height`, `format`,
//!   `duration`, `size`, `bitrate`, `persons`, `player`, `copyright`), then
//!   `images` (`uri`, `title`, `width`, `height`, `size`): 329 bytes.
//! - **log**, **mesh**, **minecraft_savedata**, **mk48**: RSB's types,
//!   fields and field order (the model's), with RSB's `u8` tags for their
//!   enums (a game type, an entity type), so the codec writes RSB's bytes,
//!   to the byte: at RSB's counts 1 045 784 bytes, 6 000 008, 566 975 and
//!   1 791 489.
//!
//! # Limits
//!
//! wincode checks every string's length against the input before taking
//! its bytes, and refuses a `bool` byte other than 0 or 1, an `Option` tag
//! other than 0 or 1 and an unknown variant. But it reserves a `Vec`'s room
//! from the declared length, checked only against its preallocation limit
//! (4 MiB by default): a 30-byte input may make it reserve 4 MB, and the
//! seed graph's 38 MB of edges cannot be written or read at all. So the
//! codec lifts the limit and, before wincode
//! reads, a walk of the layout written here holds every declared count to
//! the input left (`n` elements of at least `m` bytes need `n × m` bytes;
//! [`ErrorKind::Truncated`] at the length otherwise), which bounds what
//! wincode reserves to about three times the input. The walk reads only
//! lengths and tags, skipping everything else by its size, and is timed
//! with the decode. It guards wincode's own reading rather than replacing
//! it, so the row stays marked `stock` (the registry's `tuned` marks a
//! timed path that replaces the library's decoding with code written
//! here).
//!
//! # Errors
//!
//! Decoding refuses trailing bytes ([`ErrorKind::TrailingBytes`]), a
//! truncated input ([`ErrorKind::Truncated`]), a `bool`, `Option` tag or
//! variant out of range, invalid UTF-8 and a timestamp out of range
//! ([`ErrorKind::Invalid`]; the timestamp with its field path,
//! `lists[0].tasks[1].header.created`). wincode's error is the
//! [`source`](std::error::Error::source); it does not say where it
//! stopped, so the codec reads through a slice it keeps and gives the
//! offset where wincode's reader stood: just past the item it refused (a
//! `bool`, a tag, a string whose bytes are not UTF-8; past a run of
//! fixed-width fields wincode takes at once), or at the start of the one
//! the input ends inside. A count the walk refuses is at its length; a
//! timestamp out of range names its path, not a byte. Every value of the
//! model encodes, so encoding does not fail.

mod check;
mod declared;
#[cfg(feature = "evolution")]
mod evolution;
mod mirror;

use serbench_model::{BaseCodec, Carries, Codec, Dataset, lend_or_tell};
pub use serbench_model::{Error, ErrorKind};

use crate::check::Counts;
use crate::mirror::{Lends, Mirrored};

/// The wincode codec.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wincode;

impl BaseCodec for Wincode {
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::WINCODE);
    const DOCUMENT: serbench_model::DocumentPath = serbench_model::DocumentPath::Unavailable(
        "wincode's SchemaWrite and SchemaRead are derived for a Rust type at compile time and it has no serde support; a schema known only at run time cannot drive it",
    );
    const NAME: &'static str = "wincode";
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

serbench_model::functions!(Wincode, "wincode value");

/// bincode 1's layout, as wincode's default configuration, without its
/// preallocation limit: the limit also refuses to write or read any `Vec`
/// of more than 4 MiB (the seed graph's edges take 38 MB), and the length
/// check bounds what wincode reserves instead.
type Config =
    wincode::config::Configuration<true, { wincode::config::PREALLOCATION_SIZE_LIMIT_DISABLED }>;

const CONFIG: Config = wincode::config::DefaultConfig::new().disable_preallocation_size_limit();

/// Writes the borrowed mirror of a value, appending to `out`.
fn encode<T, M>(mirror: &M, out: &mut Vec<u8>) -> Result<(), Error>
where
    T: Dataset,
    M: wincode::SchemaWrite<Config, Src = M>,
{
    wincode::config::serialize_into(out, mirror, CONFIG).map_err(|error| unwritable(T::NAME, error))
}

/// Wincode's library refusing to write, about `subject`.
fn unwritable(subject: &'static str, error: wincode::WriteError) -> Error {
    Error::unwritable(Wincode::NAME, subject, error)
}

/// Checks the counts `bytes` declare, reads the owned mirror of a `T`
/// and converts it into the model.
fn decode<T>(bytes: &[u8]) -> Result<T, Error>
where
    T: Dataset + Counts + Mirrored,
    T::Owned: for<'de> wincode::SchemaRead<'de, Config, Dst = T::Owned>,
{
    T::check(bytes).map_err(|too_long| {
        Error::new::<Wincode, T>(ErrorKind::Truncated, too_long.message).at_offset(too_long.offset)
    })?;
    // wincode's `deserialize_exact`, with the reader at hand: where it
    // stopped is the offset of the error, which wincode's own lacks.
    let mut rest = bytes;
    let read = <T::Owned as wincode::SchemaRead<'_, Config>>::get(&mut rest);
    let at = bytes.len() - rest.len();
    let mirror = match read {
        Ok(_) if !rest.is_empty() => Err(wincode::ReadError::TrailingBytes),
        read => read,
    }
    .map_err(|error| refused(T::NAME, error).at_offset(at))?;
    T::from_owned(mirror).map_err(|invalid| {
        Error::new::<Wincode, T>(ErrorKind::Invalid, invalid.message).at_path(invalid.path)
    })
}

/// The borrowed form of a `T` that fills `bytes`, through the lent mirror,
/// after the same count check as [`decode`]; `None` where anything
/// fails, which the owned decode then tells.
fn lend<T>(bytes: &[u8]) -> Option<T::Borrowed<'_>>
where
    T: Counts + Lends,
    for<'de> T::Lent<'de>: wincode::SchemaRead<'de, Config, Dst = T::Lent<'de>>,
{
    T::check(bytes).ok()?;
    let mut rest = bytes;
    let mirror = <T::Lent<'_> as wincode::SchemaRead<'_, Config>>::get(&mut rest).ok()?;
    if !rest.is_empty() {
        return None;
    }
    T::from_lent(mirror).ok()
}

/// The error of wincode refusing the bytes of a `subject` (a dataset, or
/// the evolution record), with its kind.
fn refused(subject: &'static str, error: wincode::ReadError) -> Error {
    use wincode::ReadError as E;

    let kind = match &error {
        E::Io(_) => ErrorKind::Truncated,
        E::TrailingBytes => ErrorKind::TrailingBytes,
        _ => ErrorKind::Invalid,
    };
    let message = match &error {
        E::Io(_) => "the input ends inside the value".to_owned(),
        other => other.to_string(),
    };
    Error::named(kind, Wincode::NAME, subject, message).with_source(error)
}

/// `Codec` for every dataset: its mirrors and its length check.
macro_rules! codec {
    ($($dataset:path),* $(,)?) => {$(
        impl Codec<$dataset> for Wincode {
            fn encode(value: &$dataset, out: &mut Vec<u8>) -> Result<(), Error> {
                encode::<$dataset, _>(&value.borrowed(), out)
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
