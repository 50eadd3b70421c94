//! The zerompk codec: the same bytes as [`MsgPack`](crate::MsgPack)
//! (rmp-serde with structs as maps), through zerompk's own derive
//! (`FromMessagePack`, `ToMessagePack`) on types of this module.
//!
//! zerompk has no serde support; its users derive its traits on their own
//! types, as this module does for the model's shape. Three attributes of
//! the derive give rmp-serde's layout: `#[msgpack(map)]` keys each struct
//! by its field names in declaration order, `#[msgpack(key = "JAVA")]`
//! writes a unit variant as its name, and `#[msgpack(c_enum)]` writes
//! `Priority` as its index. Two small leaf types, written by hand over
//! zerompk's `Read` and `Write`, do what its derive does otherwise:
//!
//! - [`Signed`]: zerompk writes a non-negative `i16`, `i32` or `i64` in a
//!   signed form (`200` as int 16), where rmp-serde, like MessagePack's other
//!   writers, takes the smallest form of either sign (uint 8); and it
//!   reads a signed field from signed forms only, so it would refuse
//!   rmp-serde's bytes. `Signed` writes the smallest form and reads any
//!   integer form whose value fits.
//! - `created` is the array `[seconds, nanoseconds, offset]`
//!   (`#[msgpack(array)]`), as the model's serde form is.
//!
//! An `i8` needs no `Signed`: zerompk writes its non-negative values as a
//! positive fixint, as rmp-serde does. A tuple or `[u32; 4]` is an array,
//! an `Option` nil or its value, a `Vec<u8>` an array of integers (not a
//! bin: its elements are `Octet`s), and an `f32` a float 32, as rmp-serde
//! writes them.
//!
//! An id is a `&[u8]` field, which the derive writes as bin 8, and a
//! decoded one must hold 16 bytes. Texts are `Cow<str>` fields, which
//! zerompk reads borrowed from the input: the owned decode copies each
//! once, into the model, and the borrowed decode ([`Codec::borrow`])
//! lends every one, through the same reader, walk and checks.
//!
//! # Limits
//!
//! zerompk reserves room for a whole `Vec` before its first element as
//! soon as the input has as many bytes left as the array declares
//! elements, so 100 KiB of nils declared as 100 000 tasks would reserve
//! 100 000 tasks' room (about 8 MB). [`check`] walks the layout first and
//! refuses a count of `n` elements when `n` times the fewest bytes one
//! element takes is more than the input left; every length it does not
//! see is one zerompk refuses before reading it. zerompk refuses nesting
//! past 500 arrays and maps itself, and its derive refuses unknown,
//! repeated and missing keys; the model's types go seven levels deep, so
//! hostile nesting fails at the first container in a wrong place. Errors
//! of zerompk have no position: those of the walk and trailing bytes
//! name their byte, the others say `(position unknown)`.

mod check;
#[cfg(feature = "document")]
mod document;

use std::borrow::Cow;

use ::zerompk::{FromMessagePack, Read, ToMessagePack, Write};
use serbench_model::excerpt::shown_name;
use serbench_model::{BaseCodec, Carries, Codec, Dataset, Error, ErrorKind, Str, forms};

/// MessagePack through zerompk's derive: the same bytes as
/// [`MsgPack`](crate::MsgPack).
#[derive(Clone, Copy, Debug, Default)]
pub struct MsgPackZerompk;

impl BaseCodec for MsgPackZerompk {
    const NAME: &'static str = "msgpack-zerompk";
    const DECLARED: Option<serbench_model::declared::Declared> =
        Some(crate::declared::MSGPACK_ZEROMPK);
    const CARRIES: Carries = crate::MsgPack::CARRIES;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

/// A dataset's types in zerompk's derive: borrowed from a model value to
/// write it, and borrowed from the input when read.
pub trait Derived: Dataset + Sized {
    /// The dataset's shape with zerompk's traits.
    type Own<'a>: ToMessagePack + FromMessagePack<'a>
    where
        Self: 'a;

    /// The value borrowed into its own type.
    fn own(&self) -> Self::Own<'_>;

    /// The model value the decoded type holds.
    ///
    /// # Errors
    ///
    /// What the types cannot refuse (an id that is not 16 bytes, an
    /// integer out of its field's range, a timestamp the model does not
    /// hold), at its field path.
    fn model(own: Self::Own<'_>) -> Result<Self, Invalid>;

    /// The model's borrowed form the decoded type holds, its text the
    /// input's: the same conversion as [`Derived::model`], with the same
    /// checks, over the model's other string type.
    ///
    /// # Errors
    ///
    /// As [`Derived::model`].
    fn lent(own: Self::Own<'_>) -> Result<Self::Borrowed<'_>, Invalid>;

    /// The layout the length check walks before zerompk reads.
    const SHAPE: &'static check::Shape;
}

serbench_model::per_dataset!(MsgPackZerompk, MsgPackZerompkGeneric);

impl<T: Derived> Codec<T> for MsgPackZerompkGeneric {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        ::zerompk::write_msgpack(out, &value.own())
            .map_err(|error| Error::unwritable(Self::NAME, T::NAME, error))
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        read::<T>(bytes).and_then(|own| T::model(own).map_err(invalid::<T>))
    }

    /// The owned decode's reader and checks, its text kept as zerompk
    /// lends it: only the conversion differs.
    fn borrow(bytes: &[u8]) -> Option<Result<T::Borrowed<'_>, Error>> {
        Some(read::<T>(bytes).and_then(|own| T::lent(own).map_err(invalid::<T>)))
    }
}

/// zerompk's value of `T` that fills `bytes`, after the length walk.
fn read<T: Derived>(bytes: &[u8]) -> Result<T::Own<'_>, Error> {
    let end = check::check(T::SHAPE, bytes)
        .map_err(|too_long| refused::<T>(too_long.kind, too_long.message, too_long.at))?;
    let own = ::zerompk::from_msgpack::<T::Own<'_>>(bytes)
        .map_err(|error| decode_error(T::NAME, error))?;
    // zerompk reads one value from the front and does not say where it
    // ended; the walk does, and it walked all of a value zerompk read.
    let end = match end {
        Some(end) => end,
        // zerompk read it, so it nests no deeper than zerompk reads.
        None => crate::walk::skip(bytes, 0, ZEROMPK_DEPTH)
            .map_err(|refusal| refused::<T>(refusal.kind, refusal.message, refusal.at))?,
    };
    if end < bytes.len() {
        let message = format!("{} bytes follow the value", bytes.len() - end);
        return Err(refused::<T>(ErrorKind::TrailingBytes, message, end));
    }
    Ok(own)
}

/// A value of the bytes the model does not hold, as this codec's error.
fn invalid<T: Dataset>(invalid: Invalid) -> Error {
    Error::new::<MsgPackZerompk, T>(ErrorKind::Invalid, invalid.message).at_path(invalid.path)
}

/// zerompk's nesting limit (`zerompk::read::MAX_DEPTH`, not exported).
const ZEROMPK_DEPTH: usize = 500;

/// An error of this codec about dataset `T`, at byte `at`.
fn refused<T: Dataset>(kind: ErrorKind, message: impl Into<String>, at: usize) -> Error {
    Error::new::<MsgPackZerompk, T>(kind, message).at_offset(at)
}

/// zerompk's decode error as ours, about `subject` (a dataset, or a
/// document); zerompk names no position.
pub(crate) fn decode_error(subject: &'static str, error: ::zerompk::Error) -> Error {
    use ::zerompk::Error as Z;
    let (kind, message) = match &error {
        Z::BufferTooSmall => (
            ErrorKind::Truncated,
            "the input ends inside the value".to_owned(),
        ),
        Z::InvalidMarker(0xc1) => (
            ErrorKind::Syntax,
            "the reserved marker 0xc1 is not MessagePack".to_owned(),
        ),
        Z::InvalidMarker(marker) => (
            ErrorKind::Invalid,
            format!("a value of a kind or size the field does not take (marker 0x{marker:02x})"),
        ),
        Z::InvalidUtf8(_) => (ErrorKind::Syntax, "a str that is not UTF-8".to_owned()),
        Z::DepthLimitExceeded { max } => (
            ErrorKind::Limit,
            format!("arrays and maps nest deeper than {max} levels"),
        ),
        // A key is quoted by a short prefix, so a megabyte key makes no
        // megabyte error.
        Z::UnknownKey(key) => (
            ErrorKind::Invalid,
            format!("unknown key {}", shown_name(key)),
        ),
        Z::KeyNotFound(key) => (
            ErrorKind::Invalid,
            format!("missing key {}", shown_name(key)),
        ),
        Z::KeyDuplicated(key) => (
            ErrorKind::Invalid,
            format!("repeated key {}", shown_name(key)),
        ),
        other => (ErrorKind::Invalid, other.to_string()),
    };
    let source = match error {
        Z::UnknownKey(_) | Z::KeyNotFound(_) | Z::KeyDuplicated(_) => None,
        error => Some(error),
    };
    let error = Error::named(kind, MsgPackZerompk::NAME, subject, message);
    match source {
        Some(source) => error.with_source(source),
        None => error,
    }
}

/// A value the bytes hold that the model does not: where, and what.
#[derive(Debug)]
pub struct Invalid {
    path: String,
    message: String,
}

impl Invalid {
    fn new(path: &str, message: impl Into<String>) -> Self {
        Self {
            path: path.to_owned(),
            message: message.into(),
        }
    }

    /// The same error one level out: `field` then the path within it.
    fn within(mut self, field: &str) -> Self {
        self.path = if self.path.starts_with('[') {
            format!("{field}{}", self.path)
        } else {
            format!("{field}.{}", self.path)
        };
        self
    }
}

/// Converts every element, naming the index of the first that fails.
fn each<M, T>(
    items: Vec<M>,
    field: &str,
    convert: impl Fn(M) -> Result<T, Invalid>,
) -> Result<Vec<T>, Invalid> {
    items
        .into_iter()
        .enumerate()
        .map(|(index, item)| {
            convert(item).map_err(|error| error.within(&format!("{field}[{index}]")))
        })
        .collect()
}

/// A signed integer in the smallest MessagePack form of its value, of
/// either sign, as rmp-serde writes it; read from any integer form whose
/// value fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Signed<T>(T);

/// The markers of uint 8, 16, 32 and 64.
const UINTS: std::ops::RangeInclusive<u8> = 0xcc..=0xcf;

macro_rules! signed {
    ($type:ty) => {
        impl ToMessagePack for Signed<$type> {
            fn write<W: Write>(&self, writer: &mut W) -> ::zerompk::Result<()> {
                match u64::try_from(self.0) {
                    Ok(n) => writer.write_u64(n),
                    Err(_) => writer.write_i64(i64::from(self.0)),
                }
            }
        }

        impl<'a> FromMessagePack<'a> for Signed<$type> {
            fn read<R: Read<'a>>(reader: &mut R) -> ::zerompk::Result<Self> {
                let marker = reader.peek_marker()?;
                let value = if UINTS.contains(&marker) {
                    <$type>::try_from(reader.read_u64()?).ok()
                } else {
                    <$type>::try_from(reader.read_i64()?).ok()
                };
                // Too wide for the field: zerompk's own integers refuse a
                // form wider than their type with the same error.
                value
                    .map(Signed)
                    .ok_or(::zerompk::Error::InvalidMarker(marker))
            }
        }
    };
}

signed!(i16);
signed!(i32);
signed!(i64);

/// A byte of a `Vec<u8>` as an integer: zerompk writes a `Vec<u8>` as a
/// bin, where rmp-serde writes serde's sequence of `u8`s as an array of
/// integers, so mk48's terrain data holds these instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Octet(u8);

impl ToMessagePack for Octet {
    fn write<W: Write>(&self, writer: &mut W) -> ::zerompk::Result<()> {
        writer.write_u8(self.0)
    }
}

impl<'a> FromMessagePack<'a> for Octet {
    fn read<R: Read<'a>>(reader: &mut R) -> ::zerompk::Result<Self> {
        reader.read_u8().map(Octet)
    }
}

/// A text as zerompk reads it from a slice, borrowed from the input: a
/// `Cow`, so it has the layout of the model's `String` and `Text` both
/// (see [`Str`]). zerompk's own `Cow<str>` would do but for its lifetime,
/// which must be the input's exactly, where its derive bounds a field's
/// lifetime by the input's only.
#[repr(transparent)]
pub(crate) struct Chars<'a>(Cow<'a, str>);

impl ToMessagePack for Chars<'_> {
    fn write<W: Write>(&self, writer: &mut W) -> ::zerompk::Result<()> {
        writer.write_string(&self.0)
    }
}

impl<'de: 'a, 'a> FromMessagePack<'de> for Chars<'a> {
    fn read<R: Read<'de>>(reader: &mut R) -> ::zerompk::Result<Self> {
        reader.read_string().map(Chars)
    }
}

/// The derive's types, keyed as rmp-serde keys the model's. Public only
/// as [`Derived`]'s associated types, which no other crate names.
#[allow(unreachable_pub, reason = "reachable only through `Derived::Own`")]
mod types {
    use ::zerompk::{FromMessagePack, ToMessagePack};

    use super::{Chars, Octet, Signed};

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct TaskManager<'a> {
        pub(super) user: Chars<'a>,
        pub(super) version: Vec<u32>,
        pub(super) lists: Vec<TaskList<'a>>,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct TaskList<'a> {
        pub(super) header: Header<'a>,
        pub(super) tasks: Vec<Task<'a>>,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Task<'a> {
        pub(super) header: Header<'a>,
        pub(super) description: Chars<'a>,
        pub(super) priority: Priority,
        pub(super) completed: bool,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Header<'a> {
        /// 16 bytes, as bin 8.
        pub(super) id: &'a [u8],
        pub(super) name: Chars<'a>,
        /// `0xAARRGGBB`.
        pub(super) color: u32,
        pub(super) created: Created,
    }

    /// `forms::timestamp_parts`, as the array the model's serde form is.
    #[derive(Clone, Copy, ToMessagePack, FromMessagePack)]
    #[msgpack(array)]
    pub struct Created {
        pub(super) seconds: Signed<i64>,
        pub(super) nanos: u32,
        pub(super) offset_seconds: Signed<i32>,
    }

    #[derive(Clone, Copy, ToMessagePack, FromMessagePack)]
    #[msgpack(c_enum)]
    #[repr(u8)]
    pub enum Priority {
        Low = 0,
        Medium = 1,
        High = 2,
        Critical = 3,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct SensorReading<'a> {
        pub(super) sensor_id: Chars<'a>,
        pub(super) ambient_temperature: f64,
        pub(super) object_temperature: f64,
        pub(super) accelerometer_x: f64,
        pub(super) accelerometer_y: f64,
        pub(super) accelerometer_z: f64,
        pub(super) altitude: f64,
        pub(super) light: f64,
        pub(super) humidity: f64,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Graph<'a> {
        pub(super) nodes: Vec<Node<'a>>,
        pub(super) edges: Vec<Edge>,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Node<'a> {
        pub(super) id: u16,
        pub(super) name: Chars<'a>,
        pub(super) out_edges: Vec<u32>,
        pub(super) in_edges: Vec<u32>,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Edge {
        pub(super) from: u32,
        pub(super) to: u32,
        pub(super) weight: u16,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Record<'a> {
        pub(super) ids: Vec<Signed<i64>>,
        pub(super) strings: Vec<Chars<'a>>,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct MediaContent<'a> {
        pub(super) media: Media<'a>,
        pub(super) images: Vec<Image<'a>>,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Media<'a> {
        pub(super) uri: Chars<'a>,
        pub(super) title: Option<Chars<'a>>,
        pub(super) width: Signed<i32>,
        pub(super) height: Signed<i32>,
        pub(super) format: Chars<'a>,
        pub(super) duration: Signed<i64>,
        pub(super) size: Signed<i64>,
        pub(super) bitrate: Option<Signed<i32>>,
        pub(super) persons: Vec<Chars<'a>>,
        pub(super) player: Player,
        pub(super) copyright: Option<Chars<'a>>,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Image<'a> {
        pub(super) uri: Chars<'a>,
        pub(super) title: Option<Chars<'a>>,
        pub(super) width: Signed<i32>,
        pub(super) height: Signed<i32>,
        pub(super) size: Size,
    }

    /// A unit variant is written as its tag alone: here, its serde name.
    #[derive(Clone, Copy, ToMessagePack, FromMessagePack)]
    pub enum Player {
        #[msgpack(key = "JAVA")]
        Java,
        #[msgpack(key = "FLASH")]
        Flash,
    }

    #[derive(Clone, Copy, ToMessagePack, FromMessagePack)]
    pub enum Size {
        #[msgpack(key = "SMALL")]
        Small,
        #[msgpack(key = "LARGE")]
        Large,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Logs<'a> {
        pub(super) logs: Vec<Log<'a>>,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Log<'a> {
        pub(super) address: Address,
        pub(super) identity: Chars<'a>,
        pub(super) userid: Chars<'a>,
        pub(super) date: Chars<'a>,
        pub(super) request: Chars<'a>,
        pub(super) code: u16,
        pub(super) size: u64,
    }

    #[derive(Clone, Copy, ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Address {
        pub(super) x0: u8,
        pub(super) x1: u8,
        pub(super) x2: u8,
        pub(super) x3: u8,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Mesh {
        pub(super) triangles: Vec<Triangle>,
    }

    #[derive(Clone, Copy, ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Triangle {
        pub(super) v0: Vector3,
        pub(super) v1: Vector3,
        pub(super) v2: Vector3,
        pub(super) normal: Vector3,
    }

    #[derive(Clone, Copy, ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Vector3 {
        pub(super) x: f32,
        pub(super) y: f32,
        pub(super) z: f32,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Players<'a> {
        pub(super) players: Vec<PlayerData<'a>>,
    }

    #[derive(Clone, Copy, ToMessagePack, FromMessagePack)]
    pub enum GameType {
        #[msgpack(key = "Survival")]
        Survival,
        #[msgpack(key = "Creative")]
        Creative,
        #[msgpack(key = "Adventure")]
        Adventure,
        #[msgpack(key = "Spectator")]
        Spectator,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Item<'a> {
        pub(super) count: i8,
        pub(super) slot: u8,
        pub(super) id: Chars<'a>,
    }

    #[derive(Clone, Copy, ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    #[allow(clippy::struct_excessive_bools, reason = "the model's shape")]
    pub struct Abilities {
        pub(super) walk_speed: f32,
        pub(super) fly_speed: f32,
        pub(super) may_fly: bool,
        pub(super) flying: bool,
        pub(super) invulnerable: bool,
        pub(super) may_build: bool,
        pub(super) instabuild: bool,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    #[allow(clippy::struct_excessive_bools, reason = "the model's shape")]
    pub struct Entity<'a> {
        pub(super) id: Chars<'a>,
        pub(super) pos: (f64, f64, f64),
        pub(super) motion: (f64, f64, f64),
        pub(super) rotation: (f32, f32),
        pub(super) fall_distance: f32,
        pub(super) fire: u16,
        pub(super) air: u16,
        pub(super) on_ground: bool,
        pub(super) no_gravity: bool,
        pub(super) invulnerable: bool,
        pub(super) portal_cooldown: Signed<i32>,
        pub(super) uuid: [u32; 4],
        pub(super) custom_name: Option<Chars<'a>>,
        pub(super) custom_name_visible: bool,
        pub(super) silent: bool,
        pub(super) glowing: bool,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    #[allow(clippy::struct_excessive_bools, reason = "the model's shape")]
    pub struct RecipeBook<'a> {
        pub(super) recipes: Vec<Chars<'a>>,
        pub(super) to_be_displayed: Vec<Chars<'a>>,
        pub(super) is_filtering_craftable: bool,
        pub(super) is_gui_open: bool,
        pub(super) is_furnace_filtering_craftable: bool,
        pub(super) is_furnace_gui_open: bool,
        pub(super) is_blasting_furnace_filtering_craftable: bool,
        pub(super) is_blasting_furnace_gui_open: bool,
        pub(super) is_smoker_filtering_craftable: bool,
        pub(super) is_smoker_gui_open: bool,
    }

    /// A minecraft player (media's `Player` is the enum above).
    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct PlayerData<'a> {
        pub(super) game_type: GameType,
        pub(super) previous_game_type: GameType,
        pub(super) score: Signed<i64>,
        pub(super) dimension: Chars<'a>,
        pub(super) selected_item_slot: u32,
        pub(super) selected_item: Item<'a>,
        pub(super) spawn_dimension: Option<Chars<'a>>,
        pub(super) spawn_x: Signed<i64>,
        pub(super) spawn_y: Signed<i64>,
        pub(super) spawn_z: Signed<i64>,
        pub(super) spawn_forced: Option<bool>,
        pub(super) sleep_timer: u16,
        pub(super) food_exhaustion_level: f32,
        pub(super) food_saturation_level: f32,
        pub(super) food_tick_timer: u32,
        pub(super) xp_level: u32,
        pub(super) xp_p: f32,
        pub(super) xp_total: Signed<i32>,
        pub(super) xp_seed: Signed<i32>,
        pub(super) inventory: Vec<Item<'a>>,
        pub(super) ender_items: Vec<Item<'a>>,
        pub(super) abilities: Abilities,
        pub(super) entered_nether_position: Option<(f64, f64, f64)>,
        pub(super) root_vehicle: Option<([u32; 4], Entity<'a>)>,
        pub(super) shoulder_entity_left: Option<Entity<'a>>,
        pub(super) shoulder_entity_right: Option<Entity<'a>>,
        pub(super) seen_credits: bool,
        pub(super) recipe_book: RecipeBook<'a>,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Updates {
        pub(super) updates: Vec<Update>,
    }

    #[derive(Clone, Copy, ToMessagePack, FromMessagePack)]
    pub enum EntityType {
        #[msgpack(key = "ArleighBurke")]
        ArleighBurke,
        #[msgpack(key = "Bismarck")]
        Bismarck,
        #[msgpack(key = "Clemenceau")]
        Clemenceau,
        #[msgpack(key = "Fletcher")]
        Fletcher,
        #[msgpack(key = "G5")]
        G5,
        #[msgpack(key = "Iowa")]
        Iowa,
        #[msgpack(key = "Kolkata")]
        Kolkata,
        #[msgpack(key = "Osa")]
        Osa,
        #[msgpack(key = "Yasen")]
        Yasen,
        #[msgpack(key = "Zubr")]
        Zubr,
    }

    #[derive(Clone, Copy, ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Transform {
        pub(super) altitude: i8,
        pub(super) angle: u16,
        pub(super) position: (f32, f32),
        pub(super) velocity: Signed<i16>,
    }

    #[derive(Clone, Copy, ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Guidance {
        pub(super) angle: u16,
        pub(super) submerge: bool,
        pub(super) velocity: Signed<i16>,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Contact {
        pub(super) damage: u8,
        pub(super) entity_id: u32,
        pub(super) entity_type: Option<EntityType>,
        pub(super) guidance: Guidance,
        pub(super) player_id: Option<u16>,
        pub(super) reloads: Vec<bool>,
        pub(super) transform: Transform,
        pub(super) turret_angles: Vec<u16>,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct TerrainUpdate {
        pub(super) chunk_id: (i8, i8),
        pub(super) data: Vec<Octet>,
    }

    #[derive(ToMessagePack, FromMessagePack)]
    #[msgpack(map)]
    pub struct Update {
        pub(super) contacts: Vec<Contact>,
        pub(super) score: u32,
        pub(super) world_radius: f32,
        pub(super) terrain_updates: Vec<TerrainUpdate>,
    }
}

use types::{Created, Header, Player, Priority, Size};

/// A model text as the types hold it, borrowed: encoding copies none.
fn lend(text: &str) -> Chars<'_> {
    Chars(Cow::Borrowed(text))
}

fn header(header: &serbench_model::TaskHeader) -> Header<'_> {
    let (seconds, nanos, offset_seconds) = forms::timestamp_parts(&header.created);
    Header {
        id: header.id.as_bytes(),
        name: lend(&header.name),
        color: serbench_model::Color::argb(header.color),
        created: Created {
            seconds: Signed(seconds),
            nanos,
            offset_seconds: Signed(offset_seconds),
        },
    }
}

/// The model's string of a derive type's text.
fn text<'a, S: Str<'a>>(Chars(text): Chars<'a>) -> S {
    S::of(text)
}

fn header_model<'a, S: Str<'a>>(
    header: Header<'a>,
) -> Result<serbench_model::TaskHeader<S>, Invalid> {
    let id = <[u8; 16]>::try_from(header.id).map_err(|_| {
        let message = format!("an id of {} bytes, not 16", header.id.len());
        Invalid::new("id", message)
    })?;
    let Created {
        seconds: Signed(seconds),
        nanos,
        offset_seconds: Signed(offset_seconds),
    } = header.created;
    let created = forms::timestamp_from_parts(seconds, nanos, offset_seconds)
        .map_err(|error| Invalid::new("created", error.to_string()))?;
    Ok(serbench_model::TaskHeader {
        id: serbench_model::Uuid::from_bytes(id),
        name: text::<S>(header.name),
        color: serbench_model::Color::from_argb(header.color),
        created,
    })
}

impl Derived for serbench_model::TaskManager {
    type Own<'a> = types::TaskManager<'a>;

    const SHAPE: &'static check::Shape = &check::TASK_MANAGER;

    fn own(&self) -> types::TaskManager<'_> {
        types::TaskManager {
            user: lend(&self.user),
            version: self.version.segments.clone(),
            lists: self
                .lists
                .iter()
                .map(|list| types::TaskList {
                    header: header(&list.header),
                    tasks: list
                        .tasks
                        .iter()
                        .map(|task| types::Task {
                            header: header(&task.header),
                            description: lend(&task.description),
                            priority: match task.priority {
                                serbench_model::Priority::Low => Priority::Low,
                                serbench_model::Priority::Medium => Priority::Medium,
                                serbench_model::Priority::High => Priority::High,
                                serbench_model::Priority::Critical => Priority::Critical,
                            },
                            completed: task.completed,
                        })
                        .collect(),
                })
                .collect(),
        }
    }

    fn model(own: types::TaskManager<'_>) -> Result<Self, Invalid> {
        task_manager(own)
    }

    fn lent(own: Self::Own<'_>) -> Result<Self::Borrowed<'_>, Invalid> {
        task_manager(own)
    }
}

fn task_manager<'a, S: Str<'a>>(
    own: types::TaskManager<'a>,
) -> Result<serbench_model::TaskManager<S>, Invalid> {
    let task = |task: types::Task<'a>| {
        Ok(serbench_model::Task {
            header: header_model(task.header).map_err(|e| e.within("header"))?,
            description: text::<S>(task.description),
            priority: match task.priority {
                Priority::Low => serbench_model::Priority::Low,
                Priority::Medium => serbench_model::Priority::Medium,
                Priority::High => serbench_model::Priority::High,
                Priority::Critical => serbench_model::Priority::Critical,
            },
            completed: task.completed,
        })
    };
    let list = |list: types::TaskList<'a>| {
        Ok(serbench_model::TaskList {
            header: header_model(list.header).map_err(|e| e.within("header"))?,
            tasks: each(list.tasks, "tasks", task)?,
        })
    };
    Ok(serbench_model::TaskManager {
        user: text::<S>(own.user),
        version: serbench_model::Version {
            segments: own.version,
        },
        lists: each(own.lists, "lists", list)?,
    })
}

impl Derived for serbench_model::SensorReading {
    type Own<'a> = types::SensorReading<'a>;

    const SHAPE: &'static check::Shape = &check::SENSOR_READING;

    fn own(&self) -> types::SensorReading<'_> {
        types::SensorReading {
            sensor_id: lend(&self.sensor_id),
            ambient_temperature: self.ambient_temperature,
            object_temperature: self.object_temperature,
            accelerometer_x: self.accelerometer_x,
            accelerometer_y: self.accelerometer_y,
            accelerometer_z: self.accelerometer_z,
            altitude: self.altitude,
            light: self.light,
            humidity: self.humidity,
        }
    }

    fn model(own: types::SensorReading<'_>) -> Result<Self, Invalid> {
        Ok(sensor_reading(own))
    }

    fn lent(own: Self::Own<'_>) -> Result<Self::Borrowed<'_>, Invalid> {
        Ok(sensor_reading(own))
    }
}

fn sensor_reading<'a, S: Str<'a>>(
    own: types::SensorReading<'a>,
) -> serbench_model::SensorReading<S> {
    serbench_model::SensorReading {
        sensor_id: text::<S>(own.sensor_id),
        ambient_temperature: own.ambient_temperature,
        object_temperature: own.object_temperature,
        accelerometer_x: own.accelerometer_x,
        accelerometer_y: own.accelerometer_y,
        accelerometer_z: own.accelerometer_z,
        altitude: own.altitude,
        light: own.light,
        humidity: own.humidity,
    }
}

impl Derived for serbench_model::Graph {
    type Own<'a> = types::Graph<'a>;

    const SHAPE: &'static check::Shape = &check::GRAPH;

    fn own(&self) -> types::Graph<'_> {
        types::Graph {
            nodes: self
                .nodes
                .iter()
                .map(|node| types::Node {
                    id: node.id,
                    name: lend(&node.name),
                    out_edges: node.out_edges.clone(),
                    in_edges: node.in_edges.clone(),
                })
                .collect(),
            edges: self
                .edges
                .iter()
                .map(|edge| types::Edge {
                    from: edge.from,
                    to: edge.to,
                    weight: edge.weight,
                })
                .collect(),
        }
    }

    fn model(own: types::Graph<'_>) -> Result<Self, Invalid> {
        Ok(graph(own))
    }

    fn lent(own: Self::Own<'_>) -> Result<Self::Borrowed<'_>, Invalid> {
        Ok(graph(own))
    }
}

fn graph<'a, S: Str<'a>>(own: types::Graph<'a>) -> serbench_model::Graph<S> {
    serbench_model::Graph {
        nodes: own
            .nodes
            .into_iter()
            .map(|node| serbench_model::Node {
                id: node.id,
                name: text::<S>(node.name),
                out_edges: node.out_edges,
                in_edges: node.in_edges,
            })
            .collect(),
        edges: own
            .edges
            .into_iter()
            .map(|edge| serbench_model::Edge {
                from: edge.from,
                to: edge.to,
                weight: edge.weight,
            })
            .collect(),
    }
}

impl Derived for serbench_model::Record {
    type Own<'a> = types::Record<'a>;

    const SHAPE: &'static check::Shape = &check::RECORD;

    fn own(&self) -> types::Record<'_> {
        types::Record {
            ids: self.ids.iter().copied().map(Signed).collect(),
            strings: self.strings.iter().map(|text| lend(text)).collect(),
        }
    }

    fn model(own: types::Record<'_>) -> Result<Self, Invalid> {
        Ok(record(own))
    }

    fn lent(own: Self::Own<'_>) -> Result<Self::Borrowed<'_>, Invalid> {
        Ok(record(own))
    }
}

fn record<'a, S: Str<'a>>(own: types::Record<'a>) -> serbench_model::Record<S> {
    serbench_model::Record {
        ids: own.ids.into_iter().map(|Signed(id)| id).collect(),
        strings: own.strings.into_iter().map(text::<S>).collect(),
    }
}

impl Derived for serbench_model::MediaContent {
    type Own<'a> = types::MediaContent<'a>;

    const SHAPE: &'static check::Shape = &check::MEDIA_CONTENT;

    fn own(&self) -> types::MediaContent<'_> {
        let media = &self.media;
        types::MediaContent {
            media: types::Media {
                uri: lend(&media.uri),
                title: media.title.as_deref().map(lend),
                width: Signed(media.width),
                height: Signed(media.height),
                format: lend(&media.format),
                duration: Signed(media.duration),
                size: Signed(media.size),
                bitrate: media.bitrate.map(Signed),
                persons: media.persons.iter().map(|text| lend(text)).collect(),
                player: match media.player {
                    serbench_model::Player::Java => Player::Java,
                    serbench_model::Player::Flash => Player::Flash,
                },
                copyright: media.copyright.as_deref().map(lend),
            },
            images: self
                .images
                .iter()
                .map(|image| types::Image {
                    uri: lend(&image.uri),
                    title: image.title.as_deref().map(lend),
                    width: Signed(image.width),
                    height: Signed(image.height),
                    size: match image.size {
                        serbench_model::Size::Small => Size::Small,
                        serbench_model::Size::Large => Size::Large,
                    },
                })
                .collect(),
        }
    }

    fn model(own: types::MediaContent<'_>) -> Result<Self, Invalid> {
        Ok(media_content(own))
    }

    fn lent(own: Self::Own<'_>) -> Result<Self::Borrowed<'_>, Invalid> {
        Ok(media_content(own))
    }
}

fn media_content<'a, S: Str<'a>>(own: types::MediaContent<'a>) -> serbench_model::MediaContent<S> {
    let media = own.media;
    let owned = |chars: Option<Chars<'a>>| chars.map(text::<S>);
    serbench_model::MediaContent {
        media: serbench_model::Media {
            uri: text::<S>(media.uri),
            title: owned(media.title),
            width: media.width.0,
            height: media.height.0,
            format: text::<S>(media.format),
            duration: media.duration.0,
            size: media.size.0,
            bitrate: media.bitrate.map(|Signed(bitrate)| bitrate),
            persons: media.persons.into_iter().map(text::<S>).collect(),
            player: match media.player {
                Player::Java => serbench_model::Player::Java,
                Player::Flash => serbench_model::Player::Flash,
            },
            copyright: owned(media.copyright),
        },
        images: own
            .images
            .into_iter()
            .map(|image| serbench_model::Image {
                uri: text::<S>(image.uri),
                title: owned(image.title),
                width: image.width.0,
                height: image.height.0,
                size: match image.size {
                    Size::Small => serbench_model::Size::Small,
                    Size::Large => serbench_model::Size::Large,
                },
            })
            .collect(),
    }
}

impl Derived for serbench_model::Logs {
    type Own<'a> = types::Logs<'a>;

    const SHAPE: &'static check::Shape = &check::LOGS;

    fn own(&self) -> types::Logs<'_> {
        types::Logs {
            logs: self
                .logs
                .iter()
                .map(|log| types::Log {
                    address: types::Address {
                        x0: log.address.x0,
                        x1: log.address.x1,
                        x2: log.address.x2,
                        x3: log.address.x3,
                    },
                    identity: lend(&log.identity),
                    userid: lend(&log.userid),
                    date: lend(&log.date),
                    request: lend(&log.request),
                    code: log.code,
                    size: log.size,
                })
                .collect(),
        }
    }

    fn model(own: types::Logs<'_>) -> Result<Self, Invalid> {
        Ok(logs(own))
    }

    fn lent(own: Self::Own<'_>) -> Result<Self::Borrowed<'_>, Invalid> {
        Ok(logs(own))
    }
}

fn logs<'a, S: Str<'a>>(own: types::Logs<'a>) -> serbench_model::Logs<S> {
    use serbench_model::log::{Address, Log};
    serbench_model::Logs {
        logs: own
            .logs
            .into_iter()
            .map(|log| Log {
                address: Address {
                    x0: log.address.x0,
                    x1: log.address.x1,
                    x2: log.address.x2,
                    x3: log.address.x3,
                },
                identity: text::<S>(log.identity),
                userid: text::<S>(log.userid),
                date: text::<S>(log.date),
                request: text::<S>(log.request),
                code: log.code,
                size: log.size,
            })
            .collect(),
    }
}

/// The mesh's vectors, field for field both ways.
mod vectors {
    use serbench_model::mesh::{Triangle, Vector3};

    use super::types;

    pub(super) fn own(v: Vector3) -> types::Vector3 {
        types::Vector3 {
            x: v.x,
            y: v.y,
            z: v.z,
        }
    }

    pub(super) fn model(v: types::Vector3) -> Vector3 {
        Vector3 {
            x: v.x,
            y: v.y,
            z: v.z,
        }
    }

    pub(super) fn own_triangle(t: &Triangle) -> types::Triangle {
        types::Triangle {
            v0: own(t.v0),
            v1: own(t.v1),
            v2: own(t.v2),
            normal: own(t.normal),
        }
    }

    pub(super) fn model_triangle(t: types::Triangle) -> Triangle {
        Triangle {
            v0: model(t.v0),
            v1: model(t.v1),
            v2: model(t.v2),
            normal: model(t.normal),
        }
    }
}

impl Derived for serbench_model::Mesh {
    type Own<'a> = types::Mesh;

    const SHAPE: &'static check::Shape = &check::MESH;

    fn own(&self) -> types::Mesh {
        types::Mesh {
            triangles: self.triangles.iter().map(vectors::own_triangle).collect(),
        }
    }

    fn model(own: types::Mesh) -> Result<Self, Invalid> {
        Ok(serbench_model::Mesh {
            triangles: own
                .triangles
                .into_iter()
                .map(vectors::model_triangle)
                .collect(),
        })
    }

    /// The mesh holds no text: its borrowed form is the value itself.
    fn lent(own: Self::Own<'_>) -> Result<Self::Borrowed<'_>, Invalid> {
        Self::model(own)
    }
}

/// Minecraft's types, field for field both ways.
mod minecraft {
    use serbench_model::Str;
    use serbench_model::minecraft::{Abilities, Entity, GameType, Item, Player, RecipeBook};

    use super::{Signed, lend, text, types};

    fn own_game_type(game_type: GameType) -> types::GameType {
        match game_type {
            GameType::Survival => types::GameType::Survival,
            GameType::Creative => types::GameType::Creative,
            GameType::Adventure => types::GameType::Adventure,
            GameType::Spectator => types::GameType::Spectator,
        }
    }

    fn game_type(game_type: types::GameType) -> GameType {
        match game_type {
            types::GameType::Survival => GameType::Survival,
            types::GameType::Creative => GameType::Creative,
            types::GameType::Adventure => GameType::Adventure,
            types::GameType::Spectator => GameType::Spectator,
        }
    }

    fn own_item(item: &Item) -> types::Item<'_> {
        types::Item {
            count: item.count,
            slot: item.slot,
            id: lend(&item.id),
        }
    }

    fn item<'a, S: Str<'a>>(item: types::Item<'a>) -> Item<S> {
        Item {
            count: item.count,
            slot: item.slot,
            id: text::<S>(item.id),
        }
    }

    fn own_abilities(a: &Abilities) -> types::Abilities {
        types::Abilities {
            walk_speed: a.walk_speed,
            fly_speed: a.fly_speed,
            may_fly: a.may_fly,
            flying: a.flying,
            invulnerable: a.invulnerable,
            may_build: a.may_build,
            instabuild: a.instabuild,
        }
    }

    fn abilities(a: types::Abilities) -> Abilities {
        Abilities {
            walk_speed: a.walk_speed,
            fly_speed: a.fly_speed,
            may_fly: a.may_fly,
            flying: a.flying,
            invulnerable: a.invulnerable,
            may_build: a.may_build,
            instabuild: a.instabuild,
        }
    }

    fn own_entity(e: &Entity) -> types::Entity<'_> {
        types::Entity {
            id: lend(&e.id),
            pos: e.pos,
            motion: e.motion,
            rotation: e.rotation,
            fall_distance: e.fall_distance,
            fire: e.fire,
            air: e.air,
            on_ground: e.on_ground,
            no_gravity: e.no_gravity,
            invulnerable: e.invulnerable,
            portal_cooldown: Signed(e.portal_cooldown),
            uuid: e.uuid,
            custom_name: e.custom_name.as_deref().map(lend),
            custom_name_visible: e.custom_name_visible,
            silent: e.silent,
            glowing: e.glowing,
        }
    }

    fn entity<'a, S: Str<'a>>(e: types::Entity<'a>) -> Entity<S> {
        Entity {
            id: text::<S>(e.id),
            pos: e.pos,
            motion: e.motion,
            rotation: e.rotation,
            fall_distance: e.fall_distance,
            fire: e.fire,
            air: e.air,
            on_ground: e.on_ground,
            no_gravity: e.no_gravity,
            invulnerable: e.invulnerable,
            portal_cooldown: e.portal_cooldown.0,
            uuid: e.uuid,
            custom_name: e.custom_name.map(text::<S>),
            custom_name_visible: e.custom_name_visible,
            silent: e.silent,
            glowing: e.glowing,
        }
    }

    fn own_recipe_book(r: &RecipeBook) -> types::RecipeBook<'_> {
        types::RecipeBook {
            recipes: r.recipes.iter().map(|text| lend(text)).collect(),
            to_be_displayed: r.to_be_displayed.iter().map(|text| lend(text)).collect(),
            is_filtering_craftable: r.is_filtering_craftable,
            is_gui_open: r.is_gui_open,
            is_furnace_filtering_craftable: r.is_furnace_filtering_craftable,
            is_furnace_gui_open: r.is_furnace_gui_open,
            is_blasting_furnace_filtering_craftable: r.is_blasting_furnace_filtering_craftable,
            is_blasting_furnace_gui_open: r.is_blasting_furnace_gui_open,
            is_smoker_filtering_craftable: r.is_smoker_filtering_craftable,
            is_smoker_gui_open: r.is_smoker_gui_open,
        }
    }

    fn recipe_book<'a, S: Str<'a>>(r: types::RecipeBook<'a>) -> RecipeBook<S> {
        RecipeBook {
            recipes: r.recipes.into_iter().map(text::<S>).collect(),
            to_be_displayed: r.to_be_displayed.into_iter().map(text::<S>).collect(),
            is_filtering_craftable: r.is_filtering_craftable,
            is_gui_open: r.is_gui_open,
            is_furnace_filtering_craftable: r.is_furnace_filtering_craftable,
            is_furnace_gui_open: r.is_furnace_gui_open,
            is_blasting_furnace_filtering_craftable: r.is_blasting_furnace_filtering_craftable,
            is_blasting_furnace_gui_open: r.is_blasting_furnace_gui_open,
            is_smoker_filtering_craftable: r.is_smoker_filtering_craftable,
            is_smoker_gui_open: r.is_smoker_gui_open,
        }
    }

    pub(super) fn own_player(p: &Player) -> types::PlayerData<'_> {
        types::PlayerData {
            game_type: own_game_type(p.game_type),
            previous_game_type: own_game_type(p.previous_game_type),
            score: Signed(p.score),
            dimension: lend(&p.dimension),
            selected_item_slot: p.selected_item_slot,
            selected_item: own_item(&p.selected_item),
            spawn_dimension: p.spawn_dimension.as_deref().map(lend),
            spawn_x: Signed(p.spawn_x),
            spawn_y: Signed(p.spawn_y),
            spawn_z: Signed(p.spawn_z),
            spawn_forced: p.spawn_forced,
            sleep_timer: p.sleep_timer,
            food_exhaustion_level: p.food_exhaustion_level,
            food_saturation_level: p.food_saturation_level,
            food_tick_timer: p.food_tick_timer,
            xp_level: p.xp_level,
            xp_p: p.xp_p,
            xp_total: Signed(p.xp_total),
            xp_seed: Signed(p.xp_seed),
            inventory: p.inventory.iter().map(own_item).collect(),
            ender_items: p.ender_items.iter().map(own_item).collect(),
            abilities: own_abilities(&p.abilities),
            entered_nether_position: p.entered_nether_position,
            root_vehicle: p
                .root_vehicle
                .as_ref()
                .map(|(uuid, vehicle)| (*uuid, own_entity(vehicle))),
            shoulder_entity_left: p.shoulder_entity_left.as_ref().map(own_entity),
            shoulder_entity_right: p.shoulder_entity_right.as_ref().map(own_entity),
            seen_credits: p.seen_credits,
            recipe_book: own_recipe_book(&p.recipe_book),
        }
    }

    pub(super) fn player<'a, S: Str<'a>>(p: types::PlayerData<'a>) -> Player<S> {
        Player {
            game_type: game_type(p.game_type),
            previous_game_type: game_type(p.previous_game_type),
            score: p.score.0,
            dimension: text::<S>(p.dimension),
            selected_item_slot: p.selected_item_slot,
            selected_item: item(p.selected_item),
            spawn_dimension: p.spawn_dimension.map(text::<S>),
            spawn_x: p.spawn_x.0,
            spawn_y: p.spawn_y.0,
            spawn_z: p.spawn_z.0,
            spawn_forced: p.spawn_forced,
            sleep_timer: p.sleep_timer,
            food_exhaustion_level: p.food_exhaustion_level,
            food_saturation_level: p.food_saturation_level,
            food_tick_timer: p.food_tick_timer,
            xp_level: p.xp_level,
            xp_p: p.xp_p,
            xp_total: p.xp_total.0,
            xp_seed: p.xp_seed.0,
            inventory: p.inventory.into_iter().map(item).collect(),
            ender_items: p.ender_items.into_iter().map(item).collect(),
            abilities: abilities(p.abilities),
            entered_nether_position: p.entered_nether_position,
            root_vehicle: p
                .root_vehicle
                .map(|(uuid, vehicle)| (uuid, entity(vehicle))),
            shoulder_entity_left: p.shoulder_entity_left.map(entity),
            shoulder_entity_right: p.shoulder_entity_right.map(entity),
            seen_credits: p.seen_credits,
            recipe_book: recipe_book(p.recipe_book),
        }
    }
}

impl Derived for serbench_model::Players {
    type Own<'a> = types::Players<'a>;

    const SHAPE: &'static check::Shape = &check::PLAYERS;

    fn own(&self) -> types::Players<'_> {
        types::Players {
            players: self.players.iter().map(minecraft::own_player).collect(),
        }
    }

    fn model(own: types::Players<'_>) -> Result<Self, Invalid> {
        Ok(serbench_model::Players {
            players: own.players.into_iter().map(minecraft::player).collect(),
        })
    }

    fn lent(own: Self::Own<'_>) -> Result<Self::Borrowed<'_>, Invalid> {
        Ok(serbench_model::Players {
            players: own.players.into_iter().map(minecraft::player).collect(),
        })
    }
}

/// mk48's types, field for field both ways.
mod mk48 {
    use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};

    use super::{Octet, Signed, types};

    fn own_entity_type(kind: EntityType) -> types::EntityType {
        match kind {
            EntityType::ArleighBurke => types::EntityType::ArleighBurke,
            EntityType::Bismarck => types::EntityType::Bismarck,
            EntityType::Clemenceau => types::EntityType::Clemenceau,
            EntityType::Fletcher => types::EntityType::Fletcher,
            EntityType::G5 => types::EntityType::G5,
            EntityType::Iowa => types::EntityType::Iowa,
            EntityType::Kolkata => types::EntityType::Kolkata,
            EntityType::Osa => types::EntityType::Osa,
            EntityType::Yasen => types::EntityType::Yasen,
            EntityType::Zubr => types::EntityType::Zubr,
        }
    }

    fn entity_type(kind: types::EntityType) -> EntityType {
        match kind {
            types::EntityType::ArleighBurke => EntityType::ArleighBurke,
            types::EntityType::Bismarck => EntityType::Bismarck,
            types::EntityType::Clemenceau => EntityType::Clemenceau,
            types::EntityType::Fletcher => EntityType::Fletcher,
            types::EntityType::G5 => EntityType::G5,
            types::EntityType::Iowa => EntityType::Iowa,
            types::EntityType::Kolkata => EntityType::Kolkata,
            types::EntityType::Osa => EntityType::Osa,
            types::EntityType::Yasen => EntityType::Yasen,
            types::EntityType::Zubr => EntityType::Zubr,
        }
    }

    fn own_contact(c: &Contact) -> types::Contact {
        types::Contact {
            damage: c.damage,
            entity_id: c.entity_id,
            entity_type: c.entity_type.map(own_entity_type),
            guidance: types::Guidance {
                angle: c.guidance.angle,
                submerge: c.guidance.submerge,
                velocity: Signed(c.guidance.velocity),
            },
            player_id: c.player_id,
            reloads: c.reloads.clone(),
            transform: types::Transform {
                altitude: c.transform.altitude,
                angle: c.transform.angle,
                position: c.transform.position,
                velocity: Signed(c.transform.velocity),
            },
            turret_angles: c.turret_angles.clone(),
        }
    }

    fn contact(c: types::Contact) -> Contact {
        Contact {
            damage: c.damage,
            entity_id: c.entity_id,
            entity_type: c.entity_type.map(entity_type),
            guidance: Guidance {
                angle: c.guidance.angle,
                submerge: c.guidance.submerge,
                velocity: c.guidance.velocity.0,
            },
            player_id: c.player_id,
            reloads: c.reloads,
            transform: Transform {
                altitude: c.transform.altitude,
                angle: c.transform.angle,
                position: c.transform.position,
                velocity: c.transform.velocity.0,
            },
            turret_angles: c.turret_angles,
        }
    }

    pub(super) fn own_update(u: &Update) -> types::Update {
        types::Update {
            contacts: u.contacts.iter().map(own_contact).collect(),
            score: u.score,
            world_radius: u.world_radius,
            terrain_updates: u
                .terrain_updates
                .iter()
                .map(|t| types::TerrainUpdate {
                    chunk_id: t.chunk_id,
                    data: t.data.iter().copied().map(Octet).collect(),
                })
                .collect(),
        }
    }

    pub(super) fn update(u: types::Update) -> Update {
        Update {
            contacts: u.contacts.into_iter().map(contact).collect(),
            score: u.score,
            world_radius: u.world_radius,
            terrain_updates: u
                .terrain_updates
                .into_iter()
                .map(|t| TerrainUpdate {
                    chunk_id: t.chunk_id,
                    data: t.data.into_iter().map(|Octet(byte)| byte).collect(),
                })
                .collect(),
        }
    }
}

impl Derived for serbench_model::Updates {
    type Own<'a> = types::Updates;

    const SHAPE: &'static check::Shape = &check::UPDATES;

    fn own(&self) -> types::Updates {
        types::Updates {
            updates: self.updates.iter().map(mk48::own_update).collect(),
        }
    }

    fn model(own: types::Updates) -> Result<Self, Invalid> {
        Ok(serbench_model::Updates {
            updates: own.updates.into_iter().map(mk48::update).collect(),
        })
    }

    /// The updates hold no text: their borrowed form is the value itself.
    fn lent(own: Self::Own<'_>) -> Result<Self::Borrowed<'_>, Invalid> {
        Self::model(own)
    }
}
