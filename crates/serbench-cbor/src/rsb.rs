//! rust_serialization_benchmark's mesh, minecraft_savedata and mk48 in
//! CBOR through serde: the model's layout (its serde derive's, RSB's field
//! names and order), with two things the model's derive leaves to the
//! library done here, by serde's remote derive, which reads and writes the
//! model's structs directly:
//!
//! - **enums are read as text only.** ciborium and cbor4ii also read a
//!   unit variant written as a map of one entry, `{"Survival": x}`, and
//!   never read `x`, so the items after it read out of place (see
//!   [`crate::media`]); the game types and entity types are read through
//!   [`text_enum`].
//! - **every `f32` keeps its bits** ([`single`]). ciborium widens an `f32`
//!   to an `f64` before it picks the shortest width, and reads a single
//!   by widening it too; the hardware's widening sets a signalling NaN's
//!   quiet bit. So a signalling NaN travels as the double of the same
//!   payload (the narrowing back is by bits), and every other `f32` as
//!   the library writes it: the shortest of half and single precision
//!   that keeps its bits with ciborium, a single with cbor4ii. A reader
//!   takes a single, or a double that holds an `f32` exactly; ciborium
//!   also a half, cbor4ii (without its `half-f16` feature) not, as for
//!   `f64`s.
//!
//! log has no enum and no float: the model's derive writes and reads it.

use std::fmt;

use serbench_model::mesh::{Triangle, Vector3};
use serbench_model::minecraft::{Abilities, Entity, GameType, Item, Player, RecipeBook};
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::serde_forms::bounded_vec;
use serbench_model::{Mesh, Players, Text, Updates};
use serde::de::{self, DeserializeOwned, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::Wire;
use crate::media::text_enum;

impl Wire for Mesh {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        MeshDef::serialize(self, serializer)
    }

    fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        MeshDef::deserialize(deserializer)
    }
}

impl Wire for Players {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PlayersDef::serialize(self, serializer)
    }

    fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        PlayersDef::deserialize(deserializer)
    }
}

impl Wire for Updates {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        UpdatesDef::serialize(self, serializer)
    }

    fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        UpdatesDef::deserialize(deserializer)
    }
}

/// The borrowed form of minecraft_savedata, read as [`Wire::read`] reads
/// the owned one.
pub(crate) fn lend_players<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Players<Text<'de>>, D::Error> {
    PlayersDef::deserialize(deserializer)
}

/// The borrowed form of mesh, which has no text: the owned value.
pub(crate) fn lend_mesh<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Mesh, D::Error> {
    MeshDef::deserialize(deserializer)
}

/// The borrowed form of mk48, which has no text: the owned value.
pub(crate) fn lend_updates<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Updates, D::Error> {
    UpdatesDef::deserialize(deserializer)
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Mesh", deny_unknown_fields)]
struct MeshDef {
    #[serde(serialize_with = "items", deserialize_with = "read_items")]
    triangles: Vec<Triangle>,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Triangle", deny_unknown_fields)]
struct TriangleDef {
    #[serde(with = "Vector3Def")]
    v0: Vector3,
    #[serde(with = "Vector3Def")]
    v1: Vector3,
    #[serde(with = "Vector3Def")]
    v2: Vector3,
    #[serde(with = "Vector3Def")]
    normal: Vector3,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Vector3", deny_unknown_fields)]
struct Vector3Def {
    #[serde(with = "single")]
    x: f32,
    #[serde(with = "single")]
    y: f32,
    #[serde(with = "single")]
    z: f32,
}

// Generic over the string type, so that the borrowed form (`Text`, for the
// libraries that lend) reads the same layout with the same checks.
#[derive(Serialize, Deserialize)]
#[serde(
    remote = "Players",
    deny_unknown_fields,
    bound(serialize = "S: Serialize", deserialize = "S: Deserialize<'de>")
)]
struct PlayersDef<S> {
    #[serde(serialize_with = "items", deserialize_with = "read_items")]
    players: Vec<Player<S>>,
}

#[derive(Serialize, Deserialize)]
#[serde(
    remote = "Player",
    deny_unknown_fields,
    bound(serialize = "S: Serialize", deserialize = "S: Deserialize<'de>")
)]
struct PlayerDef<S> {
    #[serde(deserialize_with = "text_enum")]
    game_type: GameType,
    #[serde(deserialize_with = "text_enum")]
    previous_game_type: GameType,
    score: i64,
    dimension: S,
    selected_item_slot: u32,
    selected_item: Item<S>,
    spawn_dimension: Option<S>,
    spawn_x: i64,
    spawn_y: i64,
    spawn_z: i64,
    spawn_forced: Option<bool>,
    sleep_timer: u16,
    #[serde(with = "single")]
    food_exhaustion_level: f32,
    #[serde(with = "single")]
    food_saturation_level: f32,
    food_tick_timer: u32,
    xp_level: u32,
    #[serde(with = "single")]
    xp_p: f32,
    xp_total: i32,
    xp_seed: i32,
    #[serde(deserialize_with = "bounded_vec")]
    inventory: Vec<Item<S>>,
    #[serde(deserialize_with = "bounded_vec")]
    ender_items: Vec<Item<S>>,
    #[serde(with = "AbilitiesDef")]
    abilities: Abilities,
    entered_nether_position: Option<(f64, f64, f64)>,
    #[serde(serialize_with = "vehicle", deserialize_with = "read_vehicle")]
    root_vehicle: Option<([u32; 4], Entity<S>)>,
    #[serde(serialize_with = "optional", deserialize_with = "read_optional")]
    shoulder_entity_left: Option<Entity<S>>,
    #[serde(serialize_with = "optional", deserialize_with = "read_optional")]
    shoulder_entity_right: Option<Entity<S>>,
    seen_credits: bool,
    recipe_book: RecipeBook<S>,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Abilities", deny_unknown_fields)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "the model's shape: one flag per ability"
)]
struct AbilitiesDef {
    #[serde(with = "single")]
    walk_speed: f32,
    #[serde(with = "single")]
    fly_speed: f32,
    may_fly: bool,
    flying: bool,
    invulnerable: bool,
    may_build: bool,
    instabuild: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(
    remote = "Entity",
    deny_unknown_fields,
    bound(serialize = "S: Serialize", deserialize = "S: Deserialize<'de>")
)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "the model's shape: one flag per entity property"
)]
struct EntityDef<S> {
    id: S,
    pos: (f64, f64, f64),
    motion: (f64, f64, f64),
    #[serde(with = "single_pair")]
    rotation: (f32, f32),
    #[serde(with = "single")]
    fall_distance: f32,
    fire: u16,
    air: u16,
    on_ground: bool,
    no_gravity: bool,
    invulnerable: bool,
    portal_cooldown: i32,
    uuid: [u32; 4],
    custom_name: Option<S>,
    custom_name_visible: bool,
    silent: bool,
    glowing: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Updates", deny_unknown_fields)]
struct UpdatesDef {
    #[serde(serialize_with = "items", deserialize_with = "read_items")]
    updates: Vec<Update>,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Update", deny_unknown_fields)]
struct UpdateDef {
    #[serde(serialize_with = "items", deserialize_with = "read_items")]
    contacts: Vec<Contact>,
    score: u32,
    #[serde(with = "single")]
    world_radius: f32,
    #[serde(deserialize_with = "bounded_vec")]
    terrain_updates: Vec<TerrainUpdate>,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Contact", deny_unknown_fields)]
struct ContactDef {
    damage: u8,
    entity_id: u32,
    #[serde(deserialize_with = "optional_text_enum")]
    entity_type: Option<EntityType>,
    guidance: Guidance,
    player_id: Option<u16>,
    #[serde(deserialize_with = "bounded_vec")]
    reloads: Vec<bool>,
    #[serde(with = "TransformDef")]
    transform: Transform,
    #[serde(deserialize_with = "bounded_vec")]
    turret_angles: Vec<u16>,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Transform", deny_unknown_fields)]
struct TransformDef {
    altitude: i8,
    angle: u16,
    #[serde(with = "single_pair")]
    position: (f32, f32),
    velocity: i16,
}

/// A model type written through its remote derive here, for the lists and
/// options that hold it.
trait Writes {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>;
}

/// A model type read through its remote derive here.
trait Reads<'de>: Sized {
    fn read<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;
}

/// Implements [`Writes`] and [`Reads`] by a remote derive.
macro_rules! remote {
    ($($model:ty => $def:ident),*) => {$(
        impl Writes for $model {
            fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                $def::serialize(self, serializer)
            }
        }

        impl<'de> Reads<'de> for $model {
            fn read<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $def::deserialize(deserializer)
            }
        }
    )*};
}

remote!(Triangle => TriangleDef, Update => UpdateDef, Contact => ContactDef);

impl<T: Serialize> Writes for Player<T> {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PlayerDef::serialize(self, serializer)
    }
}

impl<'de, T: Deserialize<'de>> Reads<'de> for Player<T> {
    fn read<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        PlayerDef::deserialize(deserializer)
    }
}

impl<T: Serialize> Writes for Entity<T> {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        EntityDef::serialize(self, serializer)
    }
}

impl<'de, T: Deserialize<'de>> Reads<'de> for Entity<T> {
    fn read<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        EntityDef::deserialize(deserializer)
    }
}

/// A borrowed model value, written through its remote derive.
struct Out<'a, T>(&'a T);

impl<T: Writes> Serialize for Out<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.write(serializer)
    }
}

/// A model value read through its remote derive; transparent, so a `Vec`
/// of them unwraps in place.
#[repr(transparent)]
struct In<T>(T);

impl<'de, T: Reads<'de>> Deserialize<'de> for In<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::read(deserializer).map(In)
    }
}

fn items<T: Writes, S: Serializer>(items: &[T], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(items.iter().map(Out))
}

fn read_items<'de, T: Reads<'de>, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<T>, D::Error> {
    // The model's bounded preallocation; unwrapping reuses the allocation.
    let items: Vec<In<T>> = bounded_vec(deserializer)?;
    Ok(items.into_iter().map(|In(item)| item).collect())
}

#[allow(
    clippy::ref_option,
    reason = "serde's `serialize_with` hands over the field by reference"
)]
fn optional<T: Writes, S: Serializer>(value: &Option<T>, serializer: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => serializer.serialize_some(&Out(value)),
        None => serializer.serialize_none(),
    }
}

fn read_optional<'de, T: Reads<'de>, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    Ok(Option::<In<T>>::deserialize(deserializer)?.map(|In(value)| value))
}

/// A player's vehicle: its UUID and the entity.
type Vehicle<T> = Option<([u32; 4], Entity<T>)>;

/// The vehicle: its UUID and the entity, as a pair.
#[allow(
    clippy::ref_option,
    reason = "serde's `serialize_with` hands over the field by reference"
)]
fn vehicle<T: Serialize, S: Serializer>(
    value: &Vehicle<T>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some((uuid, entity)) => serializer.serialize_some(&(uuid, Out(entity))),
        None => serializer.serialize_none(),
    }
}

fn read_vehicle<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vehicle<T>, D::Error> {
    let vehicle = Option::<([u32; 4], In<Entity<T>>)>::deserialize(deserializer)?;
    Ok(vehicle.map(|(uuid, In(entity))| (uuid, entity)))
}

/// An optional unit enum variant: `null`, or its name as text only.
fn optional_text_enum<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned,
{
    /// A variant read by [`text_enum`].
    struct ByName<T>(T);

    impl<'de, T: DeserializeOwned> Deserialize<'de> for ByName<T> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            text_enum(deserializer).map(ByName)
        }
    }

    Ok(Option::<ByName<T>>::deserialize(deserializer)?.map(|ByName(value)| value))
}

/// An `f32` whose every bit pattern survives: a signalling NaN as the double
/// of the same payload, any other value as the library writes an `f32`.
pub(crate) mod single {
    use serde::{Deserializer, Serializer};

    use super::SingleVisitor;

    #[allow(
        clippy::trivially_copy_pass_by_ref,
        reason = "serde's `serialize_with` hands over the field by reference"
    )]
    pub(crate) fn serialize<S: Serializer>(value: &f32, serializer: S) -> Result<S::Ok, S::Error> {
        match widened_signalling(*value) {
            Some(double) => serializer.serialize_f64(double),
            None => serializer.serialize_f32(*value),
        }
    }

    /// Any float: cbor4ii reads only a single where an `f32` belongs, and
    /// only a double where an `f64` does; the visitor takes both.
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f32, D::Error> {
        deserializer.deserialize_any(SingleVisitor)
    }

    /// The double that carries `value`'s bits, if it is a signalling NaN
    /// (which a widening by the hardware would quiet): the same sign and
    /// payload, the payload in the double's top bits.
    pub(crate) fn widened_signalling(value: f32) -> Option<f64> {
        let bits = value.to_bits();
        let signalling = value.is_nan() && bits & 0x0040_0000 == 0;
        signalling.then(|| {
            let sign = u64::from(bits >> 31) << 63;
            let payload = u64::from(bits & 0x007f_ffff) << 29;
            f64::from_bits(sign | 0x7ff0_0000_0000_0000 | payload)
        })
    }

    /// The `f32` that `value` holds exactly, if one does: a NaN narrowed by
    /// its bits (its payload's low 29 bits, which a single has no room
    /// for, zero), any other value when it converts back to the same
    /// bits.
    pub(crate) fn narrowed(value: f64) -> Option<f32> {
        let bits = value.to_bits();
        if value.is_nan() {
            let low = bits & ((1 << 29) - 1);
            return (low == 0).then(|| {
                let sign = ((bits >> 63) as u32) << 31;
                let payload = ((bits >> 29) as u32) & 0x007f_ffff;
                f32::from_bits(sign | 0x7f80_0000 | payload)
            });
        }
        let single = value as f32;
        (f64::from(single).to_bits() == bits).then_some(single)
    }
}

/// What [`single::deserialize`] reads.
struct SingleVisitor;

impl Visitor<'_> for SingleVisitor {
    type Value = f32;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a float that a single-precision float holds")
    }

    fn visit_f32<E: de::Error>(self, value: f32) -> Result<f32, E> {
        Ok(value)
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<f32, E> {
        single::narrowed(value).ok_or_else(|| E::invalid_value(de::Unexpected::Float(value), &self))
    }
}

/// An `f32` through [`single`], for the pairs.
struct Single(f32);

impl Serialize for Single {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        single::serialize(&self.0, serializer)
    }
}

impl<'de> Deserialize<'de> for Single {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        single::deserialize(deserializer).map(Single)
    }
}

/// A pair of `f32`s through [`single`].
mod single_pair {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::Single;

    #[allow(
        clippy::trivially_copy_pass_by_ref,
        reason = "serde's `serialize_with` hands over the field by reference"
    )]
    pub(super) fn serialize<S: Serializer>(
        &(a, b): &(f32, f32),
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        (Single(a), Single(b)).serialize(serializer)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<(f32, f32), D::Error> {
        let (Single(a), Single(b)) = Deserialize::deserialize(deserializer)?;
        Ok((a, b))
    }
}
