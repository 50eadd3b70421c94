//! Borsh for the serbench model, with borsh 1.8, the format's Rust
//! implementation, through its own derive.
//!
//! Borsh (Binary Object Representation Serializer for Hashing) comes from
//! the NEAR blockchain and is widely used by Solana programs for their
//! accounts and instructions: a positional binary layout with a written
//! specification, built so that a value has exactly one encoding, which a
//! program can hash or sign. It has readers in TypeScript, Go, Python, Java and more, so a
//! value written here is read there from the same Rust-like schema. A
//! program that needs that canonical form or those readers picks it; one
//! that wants the smallest bytes picks postcard or bitcode. borsh opts out
//! of serde: `#[derive(BorshSerialize, BorshDeserialize)]` on a type gives
//! its reader and writer. The model's types are not borsh's to derive, so
//! the codec derives on mirror types of the same shape, as a borsh user
//! does with their own types, and converts (the conversions are timed).
//!
//! ```
//! use serbench_model::{Dataset, MediaContent, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_borsh::to_vec(&manager)?;
//! // The user name: its length as a u32, then its UTF-8 bytes.
//! assert!(bytes.starts_with(b"\x09\0\0\0Demo User"));
//! let back: TaskManager = serbench_borsh::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//!
//! let bytes = serbench_borsh::to_vec(&MediaContent::canonical())?;
//! let back: MediaContent = serbench_borsh::from_slice(&bytes)?;
//! assert_eq!(back, MediaContent::canonical());
//! # Ok::<(), serbench_borsh::Error>(())
//! ```
//!
//! # Wire layout
//!
//! The specification's (<https://github.com/near/borsh#specification>),
//! which borsh's derive writes for a struct:
//!
//! - a struct is its fields in declaration order, with nothing between
//!   them;
//! - a `Vec` or `String` is its length as a `u32`, then its elements or its
//!   UTF-8 bytes;
//! - integers and `f64` take their full width, little-endian; a `bool` is
//!   one byte, 0 or 1;
//! - an `Option` is a byte 0 (`None`) or 1 followed by the value;
//! - an enum is its variant index as a `u8`.
//!
//! Leaf values: an id is its 16 bytes (a `[u8; 16]`, no length); a color
//! the `u32` `0xAARRGGBB`; `created` the seconds since 1970 (`i64`), the
//! nanoseconds (`u32`) and the UTC offset in seconds (`i32`); a version a
//! `Vec<u32>`; a priority (0 to 3), player or size its variant index.
//!
//! - **task-manager**: `user`, `version`, `lists`; a list is `header`,
//!   `tasks`; a task is `header`, `description`, `priority`, `completed`; a
//!   header is `id`, `name`, `color`, `created`. 10 000 tasks take 773 KB
//!   (wincode 882 KB with `u64` lengths and `u32` tags, postcard 643 KB
//!   with varints).
//! - **telemetry**: `sensor_id` (4-byte length, 8 bytes), then the eight
//!   readings: 76 bytes a message.
//! - **graph**: `nodes` (`id`, `name`, `out_edges`, `in_edges`), then
//!   `edges` (`from`, `to`, `weight`: 10 bytes each): 56.7 MB.
//! - **records**: `ids` (8 bytes each), then `strings`: 17 008 bytes.
//! - **media**: `media` (`uri`, `title`, `width`, `height`, `format`,
//!   `duration`, `size`, `bitrate`, `persons`, `player`, `copyright`), then
//!   `images` (`uri`, `title`, `width`, `height`, `size`): 276 bytes
//!   (wincode 329).
//! - **log**, **mesh**, **minecraft_savedata**, **mk48**: RSB's types,
//!   fields and field order (the model's), as RSB's borsh derive writes
//!   them, to the byte: at RSB's counts 885 780 bytes, 6 000 004, 446 595
//!   and 1 521 989.
//!   Their floats are `f32`s (`f64`s in minecraft's positions and
//!   motions), four bytes each, NaN refused as for the readings.
//!
//! # What it carries
//!
//! The specification forbids NaN (`err_if_nan`), for portability: borsh
//! refuses to write or read one. The model's capabilities ([`Carries`])
//! put NaN and the infinities under one flag, so the codec refuses an
//! infinite reading too, before borsh writes anything
//! ([`ErrorKind::Unsupported`], with the field's path), though borsh would
//! write it; it still reads an infinity another Borsh writer wrote. Every
//! other value of the model encodes; a string or list of 2^32 bytes or
//! elements or more, past a `u32` length, is refused by borsh.
//!
//! # Limits
//!
//! borsh refuses a `bool` byte other than 0 or 1, an `Option` tag other
//! than 0 or 1, an unknown variant and a NaN, and checks each string's
//! UTF-8. But it trusts a declared length up to a cap rather than the
//! input: a string's length makes it zero up to 1 MiB before it reads a
//! byte, so 8 bytes declaring `0xFFFF_FFFF` cost a megabyte, and a `Vec`
//! reserves up to 4 KiB before its first element. So before borsh reads, a
//! walk of the layout written here holds every declared length and count
//! to the input left (`n` elements of at least `m` bytes need `n × m`
//! bytes; [`ErrorKind::Truncated`] at the length otherwise). What borsh
//! then allocates is what the input can fill: decoding holds at most 18
//! bytes per byte of input (empty strings in a `Vec` borsh grows by
//! doubling; see SECURITY.md). The walk reads only lengths and tags,
//! skipping everything else by its size, and is timed with the decode. It
//! guards borsh's own reading rather than replacing it, so the row stays
//! marked `stock`. The layout nests no deeper than the model's types.
//!
//! # Errors
//!
//! Decoding refuses trailing bytes ([`ErrorKind::TrailingBytes`]), a
//! truncated input ([`ErrorKind::Truncated`]), a `bool`, `Option` tag or
//! variant out of range, a NaN, invalid UTF-8 and a timestamp out of range
//! ([`ErrorKind::Invalid`]; the timestamp with its field path,
//! `lists[0].tasks[1].header.created`). borsh's error, a
//! [`std::io::Error`], is the [`source`](std::error::Error::source); it
//! does not say where it stopped, so the codec reads through a slice it
//! keeps and gives the offset where borsh's reader stood: just past the
//! item it refused (a `bool`, a tag, a float, a string whose bytes are not
//! UTF-8), or the end of the input for one that ends inside a value. A
//! length the walk refuses is at its first byte; a timestamp out of range
//! names its path, not a byte.

mod check;
mod declared;
#[cfg(feature = "evolution")]
mod evolution;
mod mirror;

use serbench_model::minecraft::Entity;
use serbench_model::{
    BaseCodec, Carries, Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record,
    SensorReading, TaskManager, Updates,
};
pub use serbench_model::{Error, ErrorKind};

use crate::check::Lengths;
use crate::mirror::Mirrored;

/// The Borsh codec.
#[derive(Clone, Copy, Debug, Default)]
pub struct Borsh;

impl BaseCodec for Borsh {
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::BORSH);
    const DOCUMENT: serbench_model::DocumentPath = serbench_model::DocumentPath::Unavailable(
        "borsh's BorshSerialize and BorshDeserialize are derived for a Rust type at compile time, and it has no serde support: a schema known only at run time cannot drive it",
    );
    const NAME: &'static str = "borsh";
    // The specification refuses NaN, and the model's one flag for NaN and
    // the infinities makes the codec refuse both (see the crate docs).
    const CARRIES: Carries = Carries {
        non_finite_floats: false,
        nan_payloads: false,
        ..Carries::EVERYTHING
    };
    const BORROW: serbench_model::Borrowing =
        serbench_model::Borrowing::Unavailable("borsh reads from a stream into owned strings");
    type Error = Error;
}

serbench_model::functions!(Borsh, "Borsh value");

/// What of a value the codec does not write: the first float that is not
/// finite, by its field path.
trait Floats {
    fn non_finite(&self) -> Option<(String, f64)> {
        None
    }
}

/// The first of `fields` that is not finite, its name after the path
/// `within` gives (made only then).
fn first(within: impl FnOnce() -> String, fields: &[(&str, f64)]) -> Option<(String, f64)> {
    let &(field, value) = fields.iter().find(|(_, value)| !value.is_finite())?;
    Some((within() + field, value))
}

impl Floats for TaskManager {}
impl Floats for Graph {}
impl Floats for Record {}
impl Floats for MediaContent {}
impl Floats for Logs {}

impl Floats for SensorReading {
    fn non_finite(&self) -> Option<(String, f64)> {
        first(
            String::new,
            &[
                ("ambient_temperature", self.ambient_temperature),
                ("object_temperature", self.object_temperature),
                ("accelerometer_x", self.accelerometer_x),
                ("accelerometer_y", self.accelerometer_y),
                ("accelerometer_z", self.accelerometer_z),
                ("altitude", self.altitude),
                ("light", self.light),
                ("humidity", self.humidity),
            ],
        )
    }
}

impl Floats for Mesh {
    fn non_finite(&self) -> Option<(String, f64)> {
        self.triangles
            .iter()
            .enumerate()
            .find_map(|(index, triangle)| {
                let vertices = [
                    ("v0", triangle.v0),
                    ("v1", triangle.v1),
                    ("v2", triangle.v2),
                    ("normal", triangle.normal),
                ];
                vertices.into_iter().find_map(|(vertex, v)| {
                    first(
                        || format!("triangles[{index}].{vertex}."),
                        &[
                            ("x", f64::from(v.x)),
                            ("y", f64::from(v.y)),
                            ("z", f64::from(v.z)),
                        ],
                    )
                })
            })
    }
}

/// An entity's floats, by field.
fn entity_floats(entity: &Entity) -> [(&'static str, f64); 9] {
    [
        ("pos.0", entity.pos.0),
        ("pos.1", entity.pos.1),
        ("pos.2", entity.pos.2),
        ("motion.0", entity.motion.0),
        ("motion.1", entity.motion.1),
        ("motion.2", entity.motion.2),
        ("rotation.0", f64::from(entity.rotation.0)),
        ("rotation.1", f64::from(entity.rotation.1)),
        ("fall_distance", f64::from(entity.fall_distance)),
    ]
}

impl Floats for Players {
    fn non_finite(&self) -> Option<(String, f64)> {
        self.players.iter().enumerate().find_map(|(index, player)| {
            let (x, y, z) = player.entered_nether_position.unwrap_or_default();
            let own = first(
                || format!("players[{index}]."),
                &[
                    (
                        "food_exhaustion_level",
                        f64::from(player.food_exhaustion_level),
                    ),
                    (
                        "food_saturation_level",
                        f64::from(player.food_saturation_level),
                    ),
                    ("xp_p", f64::from(player.xp_p)),
                    (
                        "abilities.walk_speed",
                        f64::from(player.abilities.walk_speed),
                    ),
                    ("abilities.fly_speed", f64::from(player.abilities.fly_speed)),
                    ("entered_nether_position.0", x),
                    ("entered_nether_position.1", y),
                    ("entered_nether_position.2", z),
                ],
            );
            let entities = [
                (
                    "root_vehicle.1",
                    player.root_vehicle.as_ref().map(|(_, entity)| entity),
                ),
                ("shoulder_entity_left", player.shoulder_entity_left.as_ref()),
                (
                    "shoulder_entity_right",
                    player.shoulder_entity_right.as_ref(),
                ),
            ];
            own.or_else(|| {
                entities.into_iter().find_map(|(field, entity)| {
                    first(
                        || format!("players[{index}].{field}."),
                        &entity_floats(entity?),
                    )
                })
            })
        })
    }
}

impl Floats for Updates {
    fn non_finite(&self) -> Option<(String, f64)> {
        self.updates.iter().enumerate().find_map(|(index, update)| {
            let radius = [("world_radius", f64::from(update.world_radius))];
            first(|| format!("updates[{index}]."), &radius).or_else(|| {
                update
                    .contacts
                    .iter()
                    .enumerate()
                    .find_map(|(at, contact)| {
                        let (x, y) = contact.transform.position;
                        first(
                            || format!("updates[{index}].contacts[{at}].transform."),
                            &[("position.0", f64::from(x)), ("position.1", f64::from(y))],
                        )
                    })
            })
        })
    }
}

/// Writes the borrowed mirror of `value`, appending to `out`.
fn encode<T>(value: &T, out: &mut Vec<u8>) -> Result<(), Error>
where
    T: Dataset + Floats + Mirrored,
    for<'a> T::View<'a>: borsh::BorshSerialize,
{
    if let Some((field, float)) = value.non_finite() {
        let message = format!(
            "{field} is {float}: Borsh forbids NaN, and the codec refuses the infinities with it"
        );
        return Err(Error::new::<Borsh, T>(ErrorKind::Unsupported, message).at_path(field));
    }
    borsh::BorshSerialize::serialize(&value.borrowed(), out).map_err(|error| {
        // borsh's one error without a message of its own is a length past
        // `u32::MAX`.
        let message = if error.get_ref().is_some() {
            error.to_string()
        } else {
            "a string or list is longer than a Borsh length (u32) can say".to_owned()
        };
        Error::new::<Borsh, T>(ErrorKind::Unsupported, message).with_source(error)
    })
}

/// Checks the lengths `bytes` declare, reads the owned mirror of a `T`
/// and converts it into the model.
fn decode<T>(bytes: &[u8]) -> Result<T, Error>
where
    T: Dataset + Lengths + Mirrored,
    T::Owned: borsh::BorshDeserialize,
{
    T::check(bytes).map_err(|too_long| {
        Error::new::<Borsh, T>(ErrorKind::Truncated, too_long.message).at_offset(too_long.offset)
    })?;
    // borsh's `from_slice`, with the reader at hand: where it stopped is
    // the offset of the error, which borsh's own lacks.
    let mut rest = bytes;
    let read = <T::Owned as borsh::BorshDeserialize>::deserialize(&mut rest);
    let at = bytes.len() - rest.len();
    let mirror = match read {
        Ok(_) if !rest.is_empty() => Err(Error::new::<Borsh, T>(
            ErrorKind::TrailingBytes,
            format!("{} bytes follow the value", rest.len()),
        )),
        Ok(mirror) => Ok(mirror),
        Err(error) => Err(refused(T::NAME, error)),
    }
    .map_err(|error| error.at_offset(at))?;
    T::from_owned(mirror).map_err(|invalid| {
        Error::new::<Borsh, T>(ErrorKind::Invalid, invalid.message).at_path(invalid.path)
    })
}

/// The error of borsh refusing the bytes of `subject` (a dataset, or the
/// evolution record), with its kind.
fn refused(subject: &'static str, error: std::io::Error) -> Error {
    // borsh reports every read past the end as this `InvalidData` error
    // (its `ERROR_UNEXPECTED_LENGTH_OF_INPUT`), and nothing else with it.
    let (kind, message) = if error.to_string() == "Unexpected length of input" {
        (
            ErrorKind::Truncated,
            "the input ends inside the value".to_owned(),
        )
    } else {
        (ErrorKind::Invalid, error.to_string())
    };
    Error::named(kind, Borsh::NAME, subject, message).with_source(error)
}

/// `Codec` for every dataset: its mirrors and its length check.
macro_rules! codec {
    ($($dataset:path),* $(,)?) => {$(
        impl Codec<$dataset> for Borsh {
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
