//! RON (Rusty Object Notation) for the serbench model, with [ron].
//!
//! RON is the text format Rust programs write their configuration and game
//! data in: self-describing like JSON, but with Rust's own shapes (structs
//! in parentheses, enum variants as bare identifiers, `Some(…)` and `None`).
//! It is read by people and by Rust; few other languages read it.
//!
//! [ron]: https://docs.rs/ron
//!
//! ```
//! use serbench_model::{Dataset, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_ron::to_vec(&manager)?;
//! assert!(bytes.starts_with(br#"(user:"Demo User",version:"1.0.0",lists:[(header:(id:""#));
//! let back: TaskManager = serbench_ron::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//! # Ok::<(), serbench_ron::Error>(())
//! ```
//!
//! Its borrowed decode (`Codec::borrow`) lends every string without an
//! escape from the input (ron's parser slices it), with the same options
//! and serde forms as the decode; a string with an escape is copied.
//!
//! # Wire layout
//!
//! ron's compact output: no whitespace, no struct names, no extensions. A
//! struct is `(field:value,…)` in field order (readers take any order); a
//! `Vec` is `[…]`; a string is `"…"` with ron's escapes; an option is
//! `Some(…)` or `None`; a unit enum variant is its bare name (`JAVA`,
//! `LARGE`). The model's serde impls give the human-readable leaf forms,
//! as for JSON: ids lowercase hyphenated, colors `#rrggbb` or `#aarrggbb`,
//! `created` RFC 3339, the version `"1.0.0"`.
//!
//! - **task-manager**: `(user:…,version:"1.0.0",lists:[(header:(id:…,name:…,
//!   color:"#rrggbb",created:…),tasks:[(header:(…),description:…,
//!   priority:0..3,completed:true)])])`.
//! - **telemetry**: `(sensor_id:"AB12CD34",ambient_temperature:21.5,…)`:
//!   floats in Rust's shortest form that reads back to the same bits
//!   (`{:?}`), always with a `.` or an exponent.
//! - **graph**: `(nodes:[(id:0,name:…,out_edges:[0,1],in_edges:[0])],
//!   edges:[(from:0,to:0,weight:17)])`.
//! - **records**: `(ids:[…],strings:[…])`, integers exact to 64 bits.
//! - **media**: `(media:(uri:…,…,player:JAVA,copyright:None),images:[(…,
//!   size:LARGE)])`.
//! - **log**: `(logs:[(address:(x0:192,x1:168,x2:0,x3:1),identity:"-",
//!   userid:…,date:…,request:…,code:404,size:5000)])`.
//! - **mesh**: `(triangles:[(v0:(x:…,y:…,z:…),v1:…,v2:…,normal:…)])`.
//! - **minecraft_savedata**: `(players:[(game_type:Survival,…)])`: a tuple
//!   or `[u32; 4]` is `(…)`, an option `Some(…)` or `None`.
//! - **mk48**: `(updates:[(contacts:[(damage:3,…,entity_type:Some(Yasen),
//!   …,reloads:[true,false],…)],…,terrain_updates:[(chunk_id:(-1,2),
//!   data:[171,…])])])`: a `Vec<u8>` is a list of numbers, as serde gives it.
//!
//! RON writes `NaN`, `inf` and `-inf`, which read back, but a NaN's payload
//! is lost: a NaN other than the canonical quiet one (of `f64` or `f32`) is
//! refused when encoding ([`ErrorKind::Unsupported`]), at its field path. Timestamps are RFC 3339, so years
//! outside 0–9999 and offsets with seconds are refused as for JSON.
//!
//! # Limits
//!
//! ron reads from the input in place and allocates only for what it
//! builds. Nesting beyond [`MAX_DEPTH`] levels is an [`ErrorKind::Limit`]
//! error (ron's recursion limit; the model's types go seven levels deep).
//! Characters after the value other than whitespace and comments are an
//! [`ErrorKind::TrailingBytes`] error. Unknown and repeated fields are
//! errors. A decode error's [`position`](Error::position) holds the line
//! and column where ron stopped, and the field path when the text is RON
//! but not the dataset's; its [`source`](std::error::Error::source) is
//! ron's error.

mod declared;
#[cfg(feature = "document")]
pub mod document;
#[cfg(feature = "evolution")]
mod evolution;

use serbench_model::minecraft::{Entity, Player};
use serbench_model::serde_forms::{Lent, SerdeBorrow, with_path};
use serbench_model::{
    BaseCodec, Carries, Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record,
    SensorReading, TaskManager, Updates, lend_or_tell,
};
pub use serbench_model::{Error, ErrorKind};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The deepest the dataset decoder nests (ron's recursion limit): twice
/// the model's seven levels, so no valid input comes near it.
pub const MAX_DEPTH: usize = 16;

/// The RON codec.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ron;

impl BaseCodec for Ron {
    const NAME: &'static str = "ron";
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::RON);
    const CARRIES: Carries = Carries {
        non_finite_floats: true,
        // ron writes every NaN as `NaN` (or `-NaN`), which reads back as
        // the canonical one.
        nan_payloads: false,
        xml_forbidden_chars: true,
        offsets_outside_rfc3339: false,
        years_outside_rfc3339: false,
    };
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

serbench_model::functions!(Ron, "RON value");

mod private {
    /// What RON cannot carry, checked before writing: the field path and
    /// what is wrong there.
    pub trait Portable {
        fn unsupported(&self) -> Option<(String, String)> {
            None
        }
    }
}

impl private::Portable for TaskManager {}
impl private::Portable for Graph {}
impl private::Portable for Record {}
impl private::Portable for MediaContent {}
impl private::Portable for Logs {}

/// The first float RON cannot write as it is: a NaN other than the
/// canonical quiet one, of either width. The path is built only for that
/// one, so a scan of a valid value allocates nothing.
#[derive(Default)]
struct Scan(Option<(String, String)>);

impl Scan {
    fn refuse(&mut self, bits: u64, path: impl FnOnce() -> String) {
        if self.0.is_none() {
            let problem =
                format!("a NaN with payload {bits:#018x}, and RON writes every NaN as `NaN`");
            self.0 = Some((path(), problem));
        }
    }

    fn f64(&mut self, value: f64, path: impl FnOnce() -> String) {
        if value.is_nan() && value.to_bits() != f64::NAN.to_bits() {
            self.refuse(value.to_bits(), path);
        }
    }

    fn f32(&mut self, value: f32, path: impl FnOnce() -> String) {
        if value.is_nan() && value.to_bits() != f32::NAN.to_bits() {
            self.refuse(u64::from(value.to_bits()), path);
        }
    }

    fn entity(&mut self, at: &dyn Fn() -> String, e: &Entity) {
        let (px, py, pz) = e.pos;
        let (mx, my, mz) = e.motion;
        for (field, value) in [
            ("pos.0", px),
            ("pos.1", py),
            ("pos.2", pz),
            ("motion.0", mx),
            ("motion.1", my),
            ("motion.2", mz),
        ] {
            self.f64(value, || format!("{}.{field}", at()));
        }
        let (yaw, pitch) = e.rotation;
        for (field, value) in [
            ("rotation.0", yaw),
            ("rotation.1", pitch),
            ("fall_distance", e.fall_distance),
        ] {
            self.f32(value, || format!("{}.{field}", at()));
        }
    }

    fn player(&mut self, i: usize, p: &Player) {
        for (field, value) in [
            ("food_exhaustion_level", p.food_exhaustion_level),
            ("food_saturation_level", p.food_saturation_level),
            ("xp_p", p.xp_p),
            ("abilities.walk_speed", p.abilities.walk_speed),
            ("abilities.fly_speed", p.abilities.fly_speed),
        ] {
            self.f32(value, || format!("players[{i}].{field}"));
        }
        if let Some((x, y, z)) = p.entered_nether_position {
            for (axis, value) in [(0, x), (1, y), (2, z)] {
                self.f64(value, || {
                    format!("players[{i}].entered_nether_position.{axis}")
                });
            }
        }
        if let Some((_, entity)) = &p.root_vehicle {
            self.entity(&|| format!("players[{i}].root_vehicle.1"), entity);
        }
        for (field, entity) in [
            ("shoulder_entity_left", &p.shoulder_entity_left),
            ("shoulder_entity_right", &p.shoulder_entity_right),
        ] {
            if let Some(entity) = entity {
                self.entity(&|| format!("players[{i}].{field}"), entity);
            }
        }
    }
}

impl private::Portable for SensorReading {
    fn unsupported(&self) -> Option<(String, String)> {
        let mut scan = Scan::default();
        for (name, value) in SensorReading::READING_NAMES
            .into_iter()
            .zip(self.readings())
        {
            scan.f64(value, || name.to_owned());
        }
        scan.0
    }
}

impl private::Portable for Mesh {
    fn unsupported(&self) -> Option<(String, String)> {
        let mut scan = Scan::default();
        for (i, t) in self.triangles.iter().enumerate() {
            for (vertex, v) in [
                ("v0", t.v0),
                ("v1", t.v1),
                ("v2", t.v2),
                ("normal", t.normal),
            ] {
                for (axis, value) in [("x", v.x), ("y", v.y), ("z", v.z)] {
                    scan.f32(value, || format!("triangles[{i}].{vertex}.{axis}"));
                }
            }
        }
        scan.0
    }
}

impl private::Portable for Players {
    fn unsupported(&self) -> Option<(String, String)> {
        let mut scan = Scan::default();
        for (i, player) in self.players.iter().enumerate() {
            scan.player(i, player);
        }
        scan.0
    }
}

impl private::Portable for Updates {
    fn unsupported(&self) -> Option<(String, String)> {
        let mut scan = Scan::default();
        for (i, update) in self.updates.iter().enumerate() {
            scan.f32(update.world_radius, || format!("updates[{i}].world_radius"));
            for (c, contact) in update.contacts.iter().enumerate() {
                let (x, y) = contact.transform.position;
                for (axis, value) in [(0, x), (1, y)] {
                    scan.f32(value, || {
                        format!("updates[{i}].contacts[{c}].transform.position.{axis}")
                    });
                }
            }
        }
        scan.0
    }
}

serbench_model::per_dataset!(Ron, RonGeneric);

impl<T> Codec<T> for RonGeneric
where
    T: Dataset + Serialize + DeserializeOwned + SerdeBorrow + private::Portable,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        if let Some((path, problem)) = value.unsupported() {
            return Err(Error::new::<Self, T>(ErrorKind::Unsupported, problem).at_path(path));
        }
        write(value, out, T::NAME)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        read(bytes, T::NAME, MAX_DEPTH)
    }

    /// ron lends a string without an escape, and copies one that has;
    /// with the same options (nesting bound) as the decode.
    fn borrow(bytes: &[u8]) -> Option<Result<T::Borrowed<'_>, Error>> {
        Some(lend_or_tell::<Self, T>(bytes, |bytes| {
            options(MAX_DEPTH)
                .from_bytes::<Lent<'_, T>>(bytes)
                .ok()
                .map(|lent| lent.0)
        }))
    }
}

/// `value` written by ron at the end of `out`, its errors about `subject`
/// (a dataset, or a document).
fn write<T: Serialize + ?Sized>(
    value: &T,
    out: &mut Vec<u8>,
    subject: &'static str,
) -> Result<(), Error> {
    ron::Options::default()
        .to_io_writer(out, value)
        .map_err(|error| {
            Error::named(
                ErrorKind::Unsupported,
                Ron::NAME,
                subject,
                error.to_string(),
            )
            .with_source(error)
        })
}

/// The options every read takes: ron's defaults (no extensions unless the
/// text enables them) with nesting bounded at `depth`.
fn options(depth: usize) -> ron::Options {
    ron::Options::default().with_recursion_limit(depth)
}

/// A whole `T` read by ron from `bytes`, nesting at most `depth` levels,
/// its errors about `subject` (a dataset, or a document).
fn read<T: DeserializeOwned>(
    bytes: &[u8],
    subject: &'static str,
    depth: usize,
) -> Result<T, Error> {
    options(depth)
        .from_bytes(bytes)
        .map_err(|error| located::<T>(bytes, error, subject, depth))
}

/// The error of a failed decode, with the field path found by decoding
/// again (only on failure, so the fast path pays nothing for it).
fn located<T: DeserializeOwned>(
    bytes: &[u8],
    error: ron::error::SpannedError,
    subject: &'static str,
    depth: usize,
) -> Error {
    use ron::Error as E;

    let kind = match &error.code {
        E::Eof | E::UnclosedBlockComment | E::UnclosedLineComment => ErrorKind::Truncated,
        E::TrailingCharacters => ErrorKind::TrailingBytes,
        E::ExceededRecursionLimit => ErrorKind::Limit,
        // A value of another type than the field's is RON, but not the
        // dataset's: as serde's own errors, it is invalid, not a syntax
        // error.
        E::ExpectedArray
        | E::ExpectedBoolean
        | E::ExpectedChar
        | E::ExpectedByteLiteral
        | E::ExpectedFloat
        | E::ExpectedInteger
        | E::ExpectedOption
        | E::ExpectedMap
        | E::ExpectedStructLike
        | E::ExpectedNamedStructLike(_)
        | E::ExpectedDifferentStructName { .. }
        | E::ExpectedUnit
        | E::ExpectedString
        | E::ExpectedByteString
        | E::ExpectedIdentifier
        | E::Message(_)
        | E::InvalidValueForType { .. }
        | E::ExpectedDifferentLength { .. }
        | E::NoSuchEnumVariant { .. }
        | E::NoSuchStructField { .. }
        | E::MissingStructField { .. }
        | E::DuplicateStructField { .. }
        | E::IntegerOutOfBounds => ErrorKind::Invalid,
        _ => ErrorKind::Syntax,
    };
    let start = error.span.start;
    // ron's own words for its limit suggest raising it and mention a
    // stack overflow; the limit is ours, so say what it is.
    let message = if kind == ErrorKind::Limit {
        format!("nesting deeper than ron's recursion limit of {depth}")
    } else {
        error.code.to_string()
    };
    let located = Error::named(kind, Ron::NAME, subject, message)
        .at_line_column(start.line, start.col)
        .with_source(error);
    if kind == ErrorKind::TrailingBytes {
        return located;
    }
    let path = ron::Deserializer::from_bytes_with_options(bytes, &options(depth))
        .ok()
        .and_then(
            |mut deserializer| match with_path::<_, T>(&mut deserializer) {
                Err((path, _)) if path != "." => Some(path),
                _ => None,
            },
        );
    match path {
        Some(path) => located.at_path(path),
        None => located,
    }
}
