//! rust_serialization_benchmark's four datasets as minicbor `Encode`/`Decode`
//! impls: maps keyed by the model's field names in field order, the layout
//! ciborium writes through the model's serde derive ([`crate::rsb`]): enums
//! by name, tuples and `[u32; 4]` as arrays, `f32`s in the shortest width
//! that keeps their bits (a signalling NaN as a double, as ciborium must).
//!
//! RSB times minicbor through its own derive, keyed by `#[n(…)]` indices
//! into arrays; this layout is the one ciborium and cbor4ii write, so its
//! sizes are theirs, not RSB's minicbor row's.

use minicbor::data::Type;
use minicbor::decode::Error as DecodeError;
use minicbor::encode::{Error as EncodeError, Write};
use minicbor::{Decode, Decoder, Encode, Encoder};
use serbench_model::log::{Address, Log};
use serbench_model::mesh::{Triangle, Vector3};
use serbench_model::minecraft::{Abilities, Entity, GameType, Item, Player, RecipeBook};
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{Logs, Mesh, Players, Updates};

use super::datasets::variant;
use super::{Ctx, Str, decoded, fields, float, items, need, optional, string, write_optional};
use crate::rsb::single::{narrowed, widened_signalling};

type Encoded<W> = Result<(), EncodeError<<W as Write>::Error>>;

/// Writes an `f32` as ciborium does: a signalling NaN as the double of the
/// same payload, any other value in the shortest of half and single
/// precision that keeps its bits.
fn single<W: Write>(e: &mut Encoder<W>, value: f32) -> Encoded<W> {
    match widened_signalling(value) {
        Some(double) => e.f64(double).map(|_| ()),
        None => float(e, f64::from(value)),
    }
}

/// Reads an `f32`: a half or a single, or a double that holds one exactly.
fn read_single(d: &mut Decoder<'_>) -> Result<f32, DecodeError> {
    if d.datatype()? != Type::F64 {
        return d.f32();
    }
    let at = d.position();
    let value = d.f64()?;
    narrowed(value).ok_or_else(|| {
        DecodeError::message(format!("{value}, which no single-precision float holds")).at(at)
    })
}

/// Writes a pair of `f32`s as an array.
fn single_pair<W: Write>(e: &mut Encoder<W>, (a, b): (f32, f32)) -> Encoded<W> {
    e.array(2)?;
    single(e, a)?;
    single(e, b)
}

/// Reads a pair of `f32`s from an array of exactly two.
fn read_single_pair(d: &mut Decoder<'_>) -> Result<(f32, f32), DecodeError> {
    let [a, b] = array(d, read_single)?;
    Ok((a, b))
}

/// Writes three `f64`s as an array, each as `float` writes it.
fn triple<W: Write>(e: &mut Encoder<W>, (x, y, z): (f64, f64, f64)) -> Encoded<W> {
    e.array(3)?;
    float(e, x)?;
    float(e, y)?;
    float(e, z)
}

fn read_triple(d: &mut Decoder<'_>) -> Result<(f64, f64, f64), DecodeError> {
    let [x, y, z] = array(d, Decoder::f64)?;
    Ok((x, y, z))
}

/// An array of exactly `N` items, of definite or indefinite length.
fn array<'b, T: Default + Copy, const N: usize>(
    d: &mut Decoder<'b>,
    mut item: impl FnMut(&mut Decoder<'b>) -> Result<T, DecodeError>,
) -> Result<[T; N], DecodeError> {
    let at = d.position();
    let wrong = || DecodeError::message(format!("an array of other than {N} items")).at(at);
    let mut values = [T::default(); N];
    match d.array()? {
        Some(len) if usize::try_from(len) == Ok(N) => {
            for value in &mut values {
                *value = item(d)?;
            }
        }
        Some(_) => return Err(wrong()),
        None => {
            for value in &mut values {
                if super::at_break(d)? {
                    return Err(wrong());
                }
                *value = item(d)?;
            }
            if !super::at_break(d)? {
                return Err(wrong());
            }
        }
    }
    Ok(values)
}

impl Encode<Ctx> for Logs {
    fn encode<W: Write>(&self, e: &mut Encoder<W>, ctx: &mut Ctx) -> Encoded<W> {
        e.map(1)?.str("logs")?.encode_with(&self.logs, ctx)?;
        Ok(())
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for Logs<S> {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        let mut logs = None;
        fields(d, &["logs"], |_, d| {
            logs = Some(decoded(d)?);
            Ok(())
        })?;
        Ok(Logs {
            logs: need(logs, "logs", d)?,
        })
    }
}

impl Encode<Ctx> for Log {
    fn encode<W: Write>(&self, e: &mut Encoder<W>, _: &mut Ctx) -> Encoded<W> {
        let Address { x0, x1, x2, x3 } = self.address;
        e.map(7)?.str("address")?.map(4)?;
        e.str("x0")?.u8(x0)?.str("x1")?.u8(x1)?;
        e.str("x2")?.u8(x2)?.str("x3")?.u8(x3)?;
        e.str("identity")?.str(&self.identity)?;
        e.str("userid")?.str(&self.userid)?;
        e.str("date")?.str(&self.date)?;
        e.str("request")?.str(&self.request)?;
        e.str("code")?.u16(self.code)?;
        e.str("size")?.u64(self.size)?;
        Ok(())
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for Log<S> {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        const NAMES: [&str; 7] = [
            "address", "identity", "userid", "date", "request", "code", "size",
        ];
        let (mut address, mut identity, mut userid, mut date) = (None, None, None, None);
        let (mut request, mut code, mut size) = (None, None, None);
        fields(d, &NAMES, |field, d| {
            match field {
                0 => address = Some(read_address(d)?),
                1 => identity = Some(string(d)?),
                2 => userid = Some(string(d)?),
                3 => date = Some(string(d)?),
                4 => request = Some(string(d)?),
                5 => code = Some(d.u16()?),
                _ => size = Some(d.u64()?),
            }
            Ok(())
        })?;
        Ok(Log {
            address: need(address, "address", d)?,
            identity: need(identity, "identity", d)?,
            userid: need(userid, "userid", d)?,
            date: need(date, "date", d)?,
            request: need(request, "request", d)?,
            code: need(code, "code", d)?,
            size: need(size, "size", d)?,
        })
    }
}

fn read_address(d: &mut Decoder<'_>) -> Result<Address, DecodeError> {
    let mut bytes = [None; 4];
    fields(d, &["x0", "x1", "x2", "x3"], |field, d| {
        bytes[field] = Some(d.u8()?);
        Ok(())
    })?;
    let [x0, x1, x2, x3] = bytes;
    Ok(Address {
        x0: need(x0, "x0", d)?,
        x1: need(x1, "x1", d)?,
        x2: need(x2, "x2", d)?,
        x3: need(x3, "x3", d)?,
    })
}

impl Encode<Ctx> for Mesh {
    fn encode<W: Write>(&self, e: &mut Encoder<W>, ctx: &mut Ctx) -> Encoded<W> {
        e.map(1)?
            .str("triangles")?
            .encode_with(&self.triangles, ctx)?;
        Ok(())
    }
}

impl<'b> Decode<'b, Ctx> for Mesh {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        let mut triangles = None;
        fields(d, &["triangles"], |_, d| {
            triangles = Some(decoded(d)?);
            Ok(())
        })?;
        Ok(Mesh {
            triangles: need(triangles, "triangles", d)?,
        })
    }
}

const VERTICES: [&str; 4] = ["v0", "v1", "v2", "normal"];

impl Encode<Ctx> for Triangle {
    fn encode<W: Write>(&self, e: &mut Encoder<W>, _: &mut Ctx) -> Encoded<W> {
        e.map(4)?;
        for (name, vector) in VERTICES
            .into_iter()
            .zip([self.v0, self.v1, self.v2, self.normal])
        {
            e.str(name)?.map(3)?;
            e.str("x")?;
            single(e, vector.x)?;
            e.str("y")?;
            single(e, vector.y)?;
            e.str("z")?;
            single(e, vector.z)?;
        }
        Ok(())
    }
}

impl<'b> Decode<'b, Ctx> for Triangle {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        let mut vertices = [None; 4];
        fields(d, &VERTICES, |field, d| {
            vertices[field] = Some(read_vector(d)?);
            Ok(())
        })?;
        let [v0, v1, v2, normal] = vertices;
        Ok(Triangle {
            v0: need(v0, "v0", d)?,
            v1: need(v1, "v1", d)?,
            v2: need(v2, "v2", d)?,
            normal: need(normal, "normal", d)?,
        })
    }
}

fn read_vector(d: &mut Decoder<'_>) -> Result<Vector3, DecodeError> {
    let mut axes = [None; 3];
    fields(d, &["x", "y", "z"], |field, d| {
        axes[field] = Some(read_single(d)?);
        Ok(())
    })?;
    let [x, y, z] = axes;
    Ok(Vector3 {
        x: need(x, "x", d)?,
        y: need(y, "y", d)?,
        z: need(z, "z", d)?,
    })
}

/// The game types by the names the model's serde derive writes.
const GAME_TYPES: [(&str, GameType); 4] = [
    ("Survival", GameType::Survival),
    ("Creative", GameType::Creative),
    ("Adventure", GameType::Adventure),
    ("Spectator", GameType::Spectator),
];

fn game_type_name(game_type: GameType) -> &'static str {
    match game_type {
        GameType::Survival => "Survival",
        GameType::Creative => "Creative",
        GameType::Adventure => "Adventure",
        GameType::Spectator => "Spectator",
    }
}

impl Encode<Ctx> for Players {
    fn encode<W: Write>(&self, e: &mut Encoder<W>, ctx: &mut Ctx) -> Encoded<W> {
        e.map(1)?.str("players")?.encode_with(&self.players, ctx)?;
        Ok(())
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for Players<S> {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        let mut players = None;
        fields(d, &["players"], |_, d| {
            players = Some(decoded(d)?);
            Ok(())
        })?;
        Ok(Players {
            players: need(players, "players", d)?,
        })
    }
}

impl Encode<Ctx> for Player {
    fn encode<W: Write>(&self, e: &mut Encoder<W>, ctx: &mut Ctx) -> Encoded<W> {
        e.map(28)?;
        e.str("game_type")?.str(game_type_name(self.game_type))?;
        e.str("previous_game_type")?
            .str(game_type_name(self.previous_game_type))?;
        e.str("score")?.i64(self.score)?;
        e.str("dimension")?.str(&self.dimension)?;
        e.str("selected_item_slot")?.u32(self.selected_item_slot)?;
        e.str("selected_item")?
            .encode_with(&self.selected_item, ctx)?;
        e.str("spawn_dimension")?;
        write_optional(e, self.spawn_dimension.as_ref(), |e, text| {
            e.str(text).map(|_| ())
        })?;
        e.str("spawn_x")?.i64(self.spawn_x)?;
        e.str("spawn_y")?.i64(self.spawn_y)?;
        e.str("spawn_z")?.i64(self.spawn_z)?;
        e.str("spawn_forced")?;
        write_optional(e, self.spawn_forced.as_ref(), |e, forced| {
            e.bool(*forced).map(|_| ())
        })?;
        e.str("sleep_timer")?.u16(self.sleep_timer)?;
        e.str("food_exhaustion_level")?;
        single(e, self.food_exhaustion_level)?;
        e.str("food_saturation_level")?;
        single(e, self.food_saturation_level)?;
        e.str("food_tick_timer")?.u32(self.food_tick_timer)?;
        e.str("xp_level")?.u32(self.xp_level)?;
        e.str("xp_p")?;
        single(e, self.xp_p)?;
        e.str("xp_total")?.i32(self.xp_total)?;
        e.str("xp_seed")?.i32(self.xp_seed)?;
        e.str("inventory")?.encode_with(&self.inventory, ctx)?;
        e.str("ender_items")?.encode_with(&self.ender_items, ctx)?;
        e.str("abilities")?.encode_with(self.abilities, ctx)?;
        e.str("entered_nether_position")?;
        write_optional(e, self.entered_nether_position.as_ref(), |e, position| {
            triple(e, *position)
        })?;
        e.str("root_vehicle")?;
        write_optional(e, self.root_vehicle.as_ref(), |e, (uuid, entity)| {
            e.array(2)?
                .encode_with(uuid, ctx)?
                .encode_with(entity, ctx)?;
            Ok(())
        })?;
        e.str("shoulder_entity_left")?;
        write_optional(e, self.shoulder_entity_left.as_ref(), |e, entity| {
            e.encode_with(entity, ctx).map(|_| ())
        })?;
        e.str("shoulder_entity_right")?;
        write_optional(e, self.shoulder_entity_right.as_ref(), |e, entity| {
            e.encode_with(entity, ctx).map(|_| ())
        })?;
        e.str("seen_credits")?.bool(self.seen_credits)?;
        e.str("recipe_book")?.encode_with(&self.recipe_book, ctx)?;
        Ok(())
    }
}

/// A player's fields, in the model's order.
const PLAYER_FIELDS: [&str; 28] = [
    "game_type",
    "previous_game_type",
    "score",
    "dimension",
    "selected_item_slot",
    "selected_item",
    "spawn_dimension",
    "spawn_x",
    "spawn_y",
    "spawn_z",
    "spawn_forced",
    "sleep_timer",
    "food_exhaustion_level",
    "food_saturation_level",
    "food_tick_timer",
    "xp_level",
    "xp_p",
    "xp_total",
    "xp_seed",
    "inventory",
    "ender_items",
    "abilities",
    "entered_nether_position",
    "root_vehicle",
    "shoulder_entity_left",
    "shoulder_entity_right",
    "seen_credits",
    "recipe_book",
];

/// A player's fields as they are read, each `None` until its key.
#[allow(
    clippy::option_option,
    reason = "an optional field read as null, `Some(None)`, is not one missing, `None`"
)]
struct PlayerFields<S> {
    game_type: Option<GameType>,
    previous_game_type: Option<GameType>,
    score: Option<i64>,
    dimension: Option<S>,
    selected_item_slot: Option<u32>,
    selected_item: Option<Item<S>>,
    spawn_dimension: Option<Option<S>>,
    spawn: [Option<i64>; 3],
    spawn_forced: Option<Option<bool>>,
    sleep_timer: Option<u16>,
    food_exhaustion_level: Option<f32>,
    food_saturation_level: Option<f32>,
    food_tick_timer: Option<u32>,
    xp_level: Option<u32>,
    xp_p: Option<f32>,
    xp_total: Option<i32>,
    xp_seed: Option<i32>,
    inventory: Option<Vec<Item<S>>>,
    ender_items: Option<Vec<Item<S>>>,
    abilities: Option<Abilities>,
    entered_nether_position: Option<Option<(f64, f64, f64)>>,
    root_vehicle: Option<Option<([u32; 4], Entity<S>)>>,
    shoulder_entity_left: Option<Option<Entity<S>>>,
    shoulder_entity_right: Option<Option<Entity<S>>>,
    seen_credits: Option<bool>,
    recipe_book: Option<RecipeBook<S>>,
}

impl<S> Default for PlayerFields<S> {
    fn default() -> Self {
        Self {
            game_type: None,
            previous_game_type: None,
            score: None,
            dimension: None,
            selected_item_slot: None,
            selected_item: None,
            spawn_dimension: None,
            spawn: [None; 3],
            spawn_forced: None,
            sleep_timer: None,
            food_exhaustion_level: None,
            food_saturation_level: None,
            food_tick_timer: None,
            xp_level: None,
            xp_p: None,
            xp_total: None,
            xp_seed: None,
            inventory: None,
            ender_items: None,
            abilities: None,
            entered_nether_position: None,
            root_vehicle: None,
            shoulder_entity_left: None,
            shoulder_entity_right: None,
            seen_credits: None,
            recipe_book: None,
        }
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for Player<S> {
    fn decode(d: &mut Decoder<'b>, ctx: &mut Ctx) -> Result<Self, DecodeError> {
        let mut f = PlayerFields::<S>::default();
        fields(d, &PLAYER_FIELDS, |field, d| {
            match field {
                0 => f.game_type = Some(variant(d, &GAME_TYPES)?),
                1 => f.previous_game_type = Some(variant(d, &GAME_TYPES)?),
                2 => f.score = Some(d.i64()?),
                3 => f.dimension = Some(string(d)?),
                4 => f.selected_item_slot = Some(d.u32()?),
                5 => f.selected_item = Some(Item::decode(d, ctx)?),
                6 => f.spawn_dimension = Some(optional(d, string)?),
                7..=9 => f.spawn[field - 7] = Some(d.i64()?),
                10 => f.spawn_forced = Some(optional(d, Decoder::bool)?),
                11 => f.sleep_timer = Some(d.u16()?),
                12 => f.food_exhaustion_level = Some(read_single(d)?),
                13 => f.food_saturation_level = Some(read_single(d)?),
                14 => f.food_tick_timer = Some(d.u32()?),
                15 => f.xp_level = Some(d.u32()?),
                16 => f.xp_p = Some(read_single(d)?),
                17 => f.xp_total = Some(d.i32()?),
                18 => f.xp_seed = Some(d.i32()?),
                19 => f.inventory = Some(decoded(d)?),
                20 => f.ender_items = Some(decoded(d)?),
                21 => f.abilities = Some(read_abilities(d)?),
                22 => f.entered_nether_position = Some(optional(d, read_triple)?),
                23 => f.root_vehicle = Some(optional(d, read_vehicle)?),
                24 => f.shoulder_entity_left = Some(optional(d, |d| Entity::decode(d, ctx))?),
                25 => f.shoulder_entity_right = Some(optional(d, |d| Entity::decode(d, ctx))?),
                26 => f.seen_credits = Some(d.bool()?),
                _ => f.recipe_book = Some(RecipeBook::decode(d, ctx)?),
            }
            Ok(())
        })?;
        let [spawn_x, spawn_y, spawn_z] = f.spawn;
        Ok(Player {
            game_type: need(f.game_type, "game_type", d)?,
            previous_game_type: need(f.previous_game_type, "previous_game_type", d)?,
            score: need(f.score, "score", d)?,
            dimension: need(f.dimension, "dimension", d)?,
            selected_item_slot: need(f.selected_item_slot, "selected_item_slot", d)?,
            selected_item: need(f.selected_item, "selected_item", d)?,
            spawn_dimension: need(f.spawn_dimension, "spawn_dimension", d)?,
            spawn_x: need(spawn_x, "spawn_x", d)?,
            spawn_y: need(spawn_y, "spawn_y", d)?,
            spawn_z: need(spawn_z, "spawn_z", d)?,
            spawn_forced: need(f.spawn_forced, "spawn_forced", d)?,
            sleep_timer: need(f.sleep_timer, "sleep_timer", d)?,
            food_exhaustion_level: need(f.food_exhaustion_level, "food_exhaustion_level", d)?,
            food_saturation_level: need(f.food_saturation_level, "food_saturation_level", d)?,
            food_tick_timer: need(f.food_tick_timer, "food_tick_timer", d)?,
            xp_level: need(f.xp_level, "xp_level", d)?,
            xp_p: need(f.xp_p, "xp_p", d)?,
            xp_total: need(f.xp_total, "xp_total", d)?,
            xp_seed: need(f.xp_seed, "xp_seed", d)?,
            inventory: need(f.inventory, "inventory", d)?,
            ender_items: need(f.ender_items, "ender_items", d)?,
            abilities: need(f.abilities, "abilities", d)?,
            entered_nether_position: need(f.entered_nether_position, "entered_nether_position", d)?,
            root_vehicle: need(f.root_vehicle, "root_vehicle", d)?,
            shoulder_entity_left: need(f.shoulder_entity_left, "shoulder_entity_left", d)?,
            shoulder_entity_right: need(f.shoulder_entity_right, "shoulder_entity_right", d)?,
            seen_credits: need(f.seen_credits, "seen_credits", d)?,
            recipe_book: need(f.recipe_book, "recipe_book", d)?,
        })
    }
}

/// The root vehicle: its UUID and the entity, as an array of two.
fn read_vehicle<'b, S: Str<'b>>(d: &mut Decoder<'b>) -> Result<([u32; 4], Entity<S>), DecodeError> {
    let at = d.position();
    let wrong = || DecodeError::message("a vehicle of other than a UUID and an entity").at(at);
    let len = d.array()?;
    if len.is_some_and(|len| len != 2) {
        return Err(wrong());
    }
    let uuid = array(d, Decoder::u32)?;
    let entity = Entity::decode(d, &mut Ctx)?;
    if len.is_none() && !super::at_break(d)? {
        return Err(wrong());
    }
    Ok((uuid, entity))
}

impl Encode<Ctx> for Item {
    fn encode<W: Write>(&self, e: &mut Encoder<W>, _: &mut Ctx) -> Encoded<W> {
        e.map(3)?.str("count")?.i8(self.count)?;
        e.str("slot")?.u8(self.slot)?.str("id")?.str(&self.id)?;
        Ok(())
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for Item<S> {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        let (mut count, mut slot, mut id) = (None, None, None);
        fields(d, &["count", "slot", "id"], |field, d| {
            match field {
                0 => count = Some(d.i8()?),
                1 => slot = Some(d.u8()?),
                _ => id = Some(string(d)?),
            }
            Ok(())
        })?;
        Ok(Item {
            count: need(count, "count", d)?,
            slot: need(slot, "slot", d)?,
            id: need(id, "id", d)?,
        })
    }
}

const ABILITY_FLAGS: [&str; 5] = [
    "may_fly",
    "flying",
    "invulnerable",
    "may_build",
    "instabuild",
];

impl Encode<Ctx> for Abilities {
    fn encode<W: Write>(&self, e: &mut Encoder<W>, _: &mut Ctx) -> Encoded<W> {
        e.map(7)?.str("walk_speed")?;
        single(e, self.walk_speed)?;
        e.str("fly_speed")?;
        single(e, self.fly_speed)?;
        let flags = [
            self.may_fly,
            self.flying,
            self.invulnerable,
            self.may_build,
            self.instabuild,
        ];
        for (name, flag) in ABILITY_FLAGS.into_iter().zip(flags) {
            e.str(name)?.bool(flag)?;
        }
        Ok(())
    }
}

fn read_abilities(d: &mut Decoder<'_>) -> Result<Abilities, DecodeError> {
    const NAMES: [&str; 7] = [
        "walk_speed",
        "fly_speed",
        "may_fly",
        "flying",
        "invulnerable",
        "may_build",
        "instabuild",
    ];
    let (mut walk_speed, mut fly_speed) = (None, None);
    let mut flags = [None; 5];
    fields(d, &NAMES, |field, d| {
        match field {
            0 => walk_speed = Some(read_single(d)?),
            1 => fly_speed = Some(read_single(d)?),
            flag => flags[flag - 2] = Some(d.bool()?),
        }
        Ok(())
    })?;
    let flag = |index: usize| need(flags[index], ABILITY_FLAGS[index], d);
    Ok(Abilities {
        walk_speed: need(walk_speed, "walk_speed", d)?,
        fly_speed: need(fly_speed, "fly_speed", d)?,
        may_fly: flag(0)?,
        flying: flag(1)?,
        invulnerable: flag(2)?,
        may_build: flag(3)?,
        instabuild: flag(4)?,
    })
}

const ENTITY_FIELDS: [&str; 16] = [
    "id",
    "pos",
    "motion",
    "rotation",
    "fall_distance",
    "fire",
    "air",
    "on_ground",
    "no_gravity",
    "invulnerable",
    "portal_cooldown",
    "uuid",
    "custom_name",
    "custom_name_visible",
    "silent",
    "glowing",
];

impl Encode<Ctx> for Entity {
    fn encode<W: Write>(&self, e: &mut Encoder<W>, ctx: &mut Ctx) -> Encoded<W> {
        e.map(16)?.str("id")?.str(&self.id)?;
        e.str("pos")?;
        triple(e, self.pos)?;
        e.str("motion")?;
        triple(e, self.motion)?;
        e.str("rotation")?;
        single_pair(e, self.rotation)?;
        e.str("fall_distance")?;
        single(e, self.fall_distance)?;
        e.str("fire")?.u16(self.fire)?.str("air")?.u16(self.air)?;
        e.str("on_ground")?.bool(self.on_ground)?;
        e.str("no_gravity")?.bool(self.no_gravity)?;
        e.str("invulnerable")?.bool(self.invulnerable)?;
        e.str("portal_cooldown")?.i32(self.portal_cooldown)?;
        e.str("uuid")?.encode_with(self.uuid, ctx)?;
        e.str("custom_name")?;
        write_optional(e, self.custom_name.as_ref(), |e, name| {
            e.str(name).map(|_| ())
        })?;
        e.str("custom_name_visible")?
            .bool(self.custom_name_visible)?;
        e.str("silent")?.bool(self.silent)?;
        e.str("glowing")?.bool(self.glowing)?;
        Ok(())
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for Entity<S> {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        let (mut id, mut pos, mut motion, mut rotation) = (None, None, None, None);
        let (mut fall_distance, mut fire, mut air, mut portal_cooldown) = (None, None, None, None);
        let (mut uuid, mut custom_name) = (None, None);
        // on_ground, no_gravity, invulnerable, custom_name_visible, silent, glowing
        let mut flags = [None; 6];
        fields(d, &ENTITY_FIELDS, |field, d| {
            match field {
                0 => id = Some(string(d)?),
                1 => pos = Some(read_triple(d)?),
                2 => motion = Some(read_triple(d)?),
                3 => rotation = Some(read_single_pair(d)?),
                4 => fall_distance = Some(read_single(d)?),
                5 => fire = Some(d.u16()?),
                6 => air = Some(d.u16()?),
                7..=9 => flags[field - 7] = Some(d.bool()?),
                10 => portal_cooldown = Some(d.i32()?),
                11 => uuid = Some(array(d, Decoder::u32)?),
                12 => custom_name = Some(optional(d, string)?),
                _ => flags[field - 10] = Some(d.bool()?),
            }
            Ok(())
        })?;
        let flag = |index: usize, name: &str| need(flags[index], name, d);
        Ok(Entity {
            id: need(id, "id", d)?,
            pos: need(pos, "pos", d)?,
            motion: need(motion, "motion", d)?,
            rotation: need(rotation, "rotation", d)?,
            fall_distance: need(fall_distance, "fall_distance", d)?,
            fire: need(fire, "fire", d)?,
            air: need(air, "air", d)?,
            on_ground: flag(0, "on_ground")?,
            no_gravity: flag(1, "no_gravity")?,
            invulnerable: flag(2, "invulnerable")?,
            portal_cooldown: need(portal_cooldown, "portal_cooldown", d)?,
            uuid: need(uuid, "uuid", d)?,
            custom_name: need(custom_name, "custom_name", d)?,
            custom_name_visible: flag(3, "custom_name_visible")?,
            silent: flag(4, "silent")?,
            glowing: flag(5, "glowing")?,
        })
    }
}

const BOOK_FLAGS: [&str; 8] = [
    "is_filtering_craftable",
    "is_gui_open",
    "is_furnace_filtering_craftable",
    "is_furnace_gui_open",
    "is_blasting_furnace_filtering_craftable",
    "is_blasting_furnace_gui_open",
    "is_smoker_filtering_craftable",
    "is_smoker_gui_open",
];

impl Encode<Ctx> for RecipeBook {
    fn encode<W: Write>(&self, e: &mut Encoder<W>, ctx: &mut Ctx) -> Encoded<W> {
        e.map(10)?.str("recipes")?.encode_with(&self.recipes, ctx)?;
        e.str("to_be_displayed")?
            .encode_with(&self.to_be_displayed, ctx)?;
        let flags = [
            self.is_filtering_craftable,
            self.is_gui_open,
            self.is_furnace_filtering_craftable,
            self.is_furnace_gui_open,
            self.is_blasting_furnace_filtering_craftable,
            self.is_blasting_furnace_gui_open,
            self.is_smoker_filtering_craftable,
            self.is_smoker_gui_open,
        ];
        for (name, flag) in BOOK_FLAGS.into_iter().zip(flags) {
            e.str(name)?.bool(flag)?;
        }
        Ok(())
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for RecipeBook<S> {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        const NAMES: [&str; 10] = [
            "recipes",
            "to_be_displayed",
            BOOK_FLAGS[0],
            BOOK_FLAGS[1],
            BOOK_FLAGS[2],
            BOOK_FLAGS[3],
            BOOK_FLAGS[4],
            BOOK_FLAGS[5],
            BOOK_FLAGS[6],
            BOOK_FLAGS[7],
        ];
        let (mut recipes, mut to_be_displayed) = (None, None);
        let mut flags = [None; 8];
        fields(d, &NAMES, |field, d| {
            match field {
                0 => recipes = Some(items(d, string)?),
                1 => to_be_displayed = Some(items(d, string)?),
                flag => flags[flag - 2] = Some(d.bool()?),
            }
            Ok(())
        })?;
        let flag = |index: usize| need(flags[index], BOOK_FLAGS[index], d);
        Ok(RecipeBook {
            recipes: need(recipes, "recipes", d)?,
            to_be_displayed: need(to_be_displayed, "to_be_displayed", d)?,
            is_filtering_craftable: flag(0)?,
            is_gui_open: flag(1)?,
            is_furnace_filtering_craftable: flag(2)?,
            is_furnace_gui_open: flag(3)?,
            is_blasting_furnace_filtering_craftable: flag(4)?,
            is_blasting_furnace_gui_open: flag(5)?,
            is_smoker_filtering_craftable: flag(6)?,
            is_smoker_gui_open: flag(7)?,
        })
    }
}

/// The entity types by the names the model's serde derive writes.
const ENTITY_TYPES: [(&str, EntityType); 10] = [
    ("ArleighBurke", EntityType::ArleighBurke),
    ("Bismarck", EntityType::Bismarck),
    ("Clemenceau", EntityType::Clemenceau),
    ("Fletcher", EntityType::Fletcher),
    ("G5", EntityType::G5),
    ("Iowa", EntityType::Iowa),
    ("Kolkata", EntityType::Kolkata),
    ("Osa", EntityType::Osa),
    ("Yasen", EntityType::Yasen),
    ("Zubr", EntityType::Zubr),
];

fn entity_type_name(entity_type: EntityType) -> &'static str {
    match entity_type {
        EntityType::ArleighBurke => "ArleighBurke",
        EntityType::Bismarck => "Bismarck",
        EntityType::Clemenceau => "Clemenceau",
        EntityType::Fletcher => "Fletcher",
        EntityType::G5 => "G5",
        EntityType::Iowa => "Iowa",
        EntityType::Kolkata => "Kolkata",
        EntityType::Osa => "Osa",
        EntityType::Yasen => "Yasen",
        EntityType::Zubr => "Zubr",
    }
}

impl Encode<Ctx> for Updates {
    fn encode<W: Write>(&self, e: &mut Encoder<W>, ctx: &mut Ctx) -> Encoded<W> {
        e.map(1)?.str("updates")?.encode_with(&self.updates, ctx)?;
        Ok(())
    }
}

impl<'b> Decode<'b, Ctx> for Updates {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        let mut updates = None;
        fields(d, &["updates"], |_, d| {
            updates = Some(decoded(d)?);
            Ok(())
        })?;
        Ok(Updates {
            updates: need(updates, "updates", d)?,
        })
    }
}

impl Encode<Ctx> for Update {
    fn encode<W: Write>(&self, e: &mut Encoder<W>, ctx: &mut Ctx) -> Encoded<W> {
        e.map(4)?
            .str("contacts")?
            .encode_with(&self.contacts, ctx)?;
        e.str("score")?.u32(self.score)?.str("world_radius")?;
        single(e, self.world_radius)?;
        e.str("terrain_updates")?
            .encode_with(&self.terrain_updates, ctx)?;
        Ok(())
    }
}

impl<'b> Decode<'b, Ctx> for Update {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        const NAMES: [&str; 4] = ["contacts", "score", "world_radius", "terrain_updates"];
        let (mut contacts, mut score, mut world_radius, mut terrain_updates) =
            (None, None, None, None);
        fields(d, &NAMES, |field, d| {
            match field {
                0 => contacts = Some(decoded(d)?),
                1 => score = Some(d.u32()?),
                2 => world_radius = Some(read_single(d)?),
                _ => terrain_updates = Some(decoded(d)?),
            }
            Ok(())
        })?;
        Ok(Update {
            contacts: need(contacts, "contacts", d)?,
            score: need(score, "score", d)?,
            world_radius: need(world_radius, "world_radius", d)?,
            terrain_updates: need(terrain_updates, "terrain_updates", d)?,
        })
    }
}

impl Encode<Ctx> for Contact {
    fn encode<W: Write>(&self, e: &mut Encoder<W>, ctx: &mut Ctx) -> Encoded<W> {
        e.map(8)?.str("damage")?.u8(self.damage)?;
        e.str("entity_id")?.u32(self.entity_id)?;
        e.str("entity_type")?;
        write_optional(e, self.entity_type.as_ref(), |e, entity_type| {
            e.str(entity_type_name(*entity_type)).map(|_| ())
        })?;
        let Guidance {
            angle,
            submerge,
            velocity,
        } = self.guidance;
        e.str("guidance")?.map(3)?.str("angle")?.u16(angle)?;
        e.str("submerge")?.bool(submerge)?;
        e.str("velocity")?.i16(velocity)?;
        e.str("player_id")?;
        write_optional(e, self.player_id.as_ref(), |e, id| e.u16(*id).map(|_| ()))?;
        e.str("reloads")?.encode_with(&self.reloads, ctx)?;
        let Transform {
            altitude,
            angle,
            position,
            velocity,
        } = self.transform;
        e.str("transform")?.map(4)?.str("altitude")?.i8(altitude)?;
        e.str("angle")?.u16(angle)?.str("position")?;
        single_pair(e, position)?;
        e.str("velocity")?.i16(velocity)?;
        e.str("turret_angles")?
            .encode_with(&self.turret_angles, ctx)?;
        Ok(())
    }
}

impl<'b> Decode<'b, Ctx> for Contact {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        const NAMES: [&str; 8] = [
            "damage",
            "entity_id",
            "entity_type",
            "guidance",
            "player_id",
            "reloads",
            "transform",
            "turret_angles",
        ];
        let (mut damage, mut entity_id, mut entity_type, mut guidance) = (None, None, None, None);
        let (mut player_id, mut reloads, mut transform, mut turret_angles) =
            (None, None, None, None);
        fields(d, &NAMES, |field, d| {
            match field {
                0 => damage = Some(d.u8()?),
                1 => entity_id = Some(d.u32()?),
                2 => entity_type = Some(optional(d, |d| variant(d, &ENTITY_TYPES))?),
                3 => guidance = Some(read_guidance(d)?),
                4 => player_id = Some(optional(d, Decoder::u16)?),
                5 => reloads = Some(items(d, Decoder::bool)?),
                6 => transform = Some(read_transform(d)?),
                _ => turret_angles = Some(items(d, Decoder::u16)?),
            }
            Ok(())
        })?;
        Ok(Contact {
            damage: need(damage, "damage", d)?,
            entity_id: need(entity_id, "entity_id", d)?,
            entity_type: need(entity_type, "entity_type", d)?,
            guidance: need(guidance, "guidance", d)?,
            player_id: need(player_id, "player_id", d)?,
            reloads: need(reloads, "reloads", d)?,
            transform: need(transform, "transform", d)?,
            turret_angles: need(turret_angles, "turret_angles", d)?,
        })
    }
}

fn read_guidance(d: &mut Decoder<'_>) -> Result<Guidance, DecodeError> {
    let (mut angle, mut submerge, mut velocity) = (None, None, None);
    fields(d, &["angle", "submerge", "velocity"], |field, d| {
        match field {
            0 => angle = Some(d.u16()?),
            1 => submerge = Some(d.bool()?),
            _ => velocity = Some(d.i16()?),
        }
        Ok(())
    })?;
    Ok(Guidance {
        angle: need(angle, "angle", d)?,
        submerge: need(submerge, "submerge", d)?,
        velocity: need(velocity, "velocity", d)?,
    })
}

fn read_transform(d: &mut Decoder<'_>) -> Result<Transform, DecodeError> {
    let (mut altitude, mut angle, mut position, mut velocity) = (None, None, None, None);
    fields(
        d,
        &["altitude", "angle", "position", "velocity"],
        |field, d| {
            match field {
                0 => altitude = Some(d.i8()?),
                1 => angle = Some(d.u16()?),
                2 => position = Some(read_single_pair(d)?),
                _ => velocity = Some(d.i16()?),
            }
            Ok(())
        },
    )?;
    Ok(Transform {
        altitude: need(altitude, "altitude", d)?,
        angle: need(angle, "angle", d)?,
        position: need(position, "position", d)?,
        velocity: need(velocity, "velocity", d)?,
    })
}

impl Encode<Ctx> for TerrainUpdate {
    fn encode<W: Write>(&self, e: &mut Encoder<W>, ctx: &mut Ctx) -> Encoded<W> {
        let (x, y) = self.chunk_id;
        e.map(2)?.str("chunk_id")?.array(2)?.i8(x)?.i8(y)?;
        e.str("data")?.encode_with(&self.data, ctx)?;
        Ok(())
    }
}

impl<'b> Decode<'b, Ctx> for TerrainUpdate {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        let (mut chunk_id, mut data) = (None, None);
        fields(d, &["chunk_id", "data"], |field, d| {
            match field {
                0 => {
                    let [x, y] = array(d, Decoder::i8)?;
                    chunk_id = Some((x, y));
                }
                _ => data = Some(items(d, Decoder::u8)?),
            }
            Ok(())
        })?;
        Ok(TerrainUpdate {
            chunk_id: need(chunk_id, "chunk_id", d)?,
            data: need(data, "data", d)?,
        })
    }
}
