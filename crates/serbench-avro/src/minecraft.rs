//! minecraft_savedata as `schemas/minecraft_savedata.avsc`'s
//! `serbench.Players`, in the shape of rust_serialization_benchmark's
//! `minecraft_savedata.proto`: its tuples and `[u32; 4]` as records
//! (`Vector3d`, `Vector2f`, `Uuid`, `Vehicle`), its `Option`s as
//! `["null", T]` unions, its `f32`s Avro `float`s.

use std::sync::OnceLock;

use serbench_model::Players;
use serbench_model::minecraft::{Abilities, Entity, GameType, Item, Player, RecipeBook};
use serde::{Deserialize, Serialize};

use crate::check::Shape;
use crate::fields::{IntoModel, Items, items};
use crate::wire::{self, Compiled, Wire};

const ITEM: Shape = Shape::record(&[Shape::I8, Shape::U8, Shape::String]);
const VECTOR3D: Shape = Shape::record(&[Shape::Double, Shape::Double, Shape::Double]);
const UUID: Shape = Shape::record(&[Shape::U32, Shape::U32, Shape::U32, Shape::U32]);
const ENTITY: Shape = Shape::record(&[
    Shape::String,
    VECTOR3D,
    VECTOR3D,
    Shape::record(&[Shape::Float, Shape::Float]),
    Shape::Float,
    Shape::U16,
    Shape::U16,
    Shape::Boolean,
    Shape::Boolean,
    Shape::Boolean,
    Shape::Int,
    UUID,
    Shape::nullable(&Shape::String),
    Shape::Boolean,
    Shape::Boolean,
    Shape::Boolean,
]);

impl Wire for Players {
    const SCHEMA: &'static str = include_str!("../../../schemas/minecraft_savedata.avsc");
    const SHAPE: Shape = Shape::record(&[Shape::array(&Shape::record(&[
        Shape::Enum(4),
        Shape::Enum(4),
        Shape::Long,
        Shape::String,
        Shape::U32,
        ITEM,
        Shape::nullable(&Shape::String),
        Shape::Long,
        Shape::Long,
        Shape::Long,
        Shape::nullable(&Shape::Boolean),
        Shape::U16,
        Shape::Float,
        Shape::Float,
        Shape::U32,
        Shape::U32,
        Shape::Float,
        Shape::Int,
        Shape::Int,
        Shape::array(&ITEM),
        Shape::array(&ITEM),
        Shape::record(&[
            Shape::Float,
            Shape::Float,
            Shape::Boolean,
            Shape::Boolean,
            Shape::Boolean,
            Shape::Boolean,
            Shape::Boolean,
        ]),
        Shape::nullable(&VECTOR3D),
        Shape::nullable(&Shape::record(&[UUID, ENTITY])),
        Shape::nullable(&ENTITY),
        Shape::nullable(&ENTITY),
        Shape::Boolean,
        Shape::record(&[
            Shape::array(&Shape::String),
            Shape::array(&Shape::String),
            Shape::Boolean,
            Shape::Boolean,
            Shape::Boolean,
            Shape::Boolean,
            Shape::Boolean,
            Shape::Boolean,
            Shape::Boolean,
            Shape::Boolean,
        ]),
    ]))]);
    type Out<'a> = PlayersOut<'a>;
    type In = PlayersIn;

    fn out(&self) -> PlayersOut<'_> {
        PlayersOut {
            players: Items(&self.players, PlayerOut::new),
        }
    }

    fn compiled() -> &'static Compiled {
        static COMPILED: OnceLock<Compiled> = OnceLock::new();
        wire::compiled(&COMPILED, Self::SCHEMA)
    }

    fn into_model(read: PlayersIn) -> Players {
        Players {
            players: read.players,
        }
    }
}

#[derive(Serialize)]
#[serde(rename = "Players")]
pub(crate) struct PlayersOut<'a> {
    players: Items<'a, Player, PlayerOut<'a>>,
}

#[derive(Deserialize)]
#[serde(rename = "Players")]
pub(crate) struct PlayersIn {
    #[serde(deserialize_with = "items::<_, PlayerIn, _>")]
    players: Vec<Player>,
}

/// The schema's `GameType` enum: `SURVIVAL` to `SPECTATOR`.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(rename = "GameType", rename_all = "SCREAMING_SNAKE_CASE")]
enum GameTypeForm {
    Survival,
    Creative,
    Adventure,
    Spectator,
}

impl From<GameType> for GameTypeForm {
    fn from(game_type: GameType) -> Self {
        match game_type {
            GameType::Survival => Self::Survival,
            GameType::Creative => Self::Creative,
            GameType::Adventure => Self::Adventure,
            GameType::Spectator => Self::Spectator,
        }
    }
}

impl From<GameTypeForm> for GameType {
    fn from(form: GameTypeForm) -> Self {
        match form {
            GameTypeForm::Survival => Self::Survival,
            GameTypeForm::Creative => Self::Creative,
            GameTypeForm::Adventure => Self::Adventure,
            GameTypeForm::Spectator => Self::Spectator,
        }
    }
}

/// `u8`, `i8` and `u16` fields are `int`s, `u32`s `long`s: apache-avro's
/// serde refuses a read value out of their range (and the walk before it).
#[derive(Serialize)]
#[serde(rename = "Player")]
struct PlayerOut<'a> {
    game_type: GameTypeForm,
    previous_game_type: GameTypeForm,
    score: i64,
    dimension: &'a str,
    selected_item_slot: u32,
    selected_item: ItemOut<'a>,
    spawn_dimension: Option<&'a str>,
    spawn_x: i64,
    spawn_y: i64,
    spawn_z: i64,
    spawn_forced: Option<bool>,
    sleep_timer: u16,
    food_exhaustion_level: f32,
    food_saturation_level: f32,
    food_tick_timer: u32,
    xp_level: u32,
    xp_p: f32,
    xp_total: i32,
    xp_seed: i32,
    inventory: Items<'a, Item, ItemOut<'a>>,
    ender_items: Items<'a, Item, ItemOut<'a>>,
    abilities: AbilitiesForm,
    entered_nether_position: Option<Vector3dForm>,
    root_vehicle: Option<VehicleOut<'a>>,
    shoulder_entity_left: Option<EntityOut<'a>>,
    shoulder_entity_right: Option<EntityOut<'a>>,
    seen_credits: bool,
    recipe_book: RecipeBookOut<'a>,
}

impl<'a> PlayerOut<'a> {
    fn new(player: &'a Player) -> Self {
        Self {
            game_type: player.game_type.into(),
            previous_game_type: player.previous_game_type.into(),
            score: player.score,
            dimension: &player.dimension,
            selected_item_slot: player.selected_item_slot,
            selected_item: ItemOut::new(&player.selected_item),
            spawn_dimension: player.spawn_dimension.as_deref(),
            spawn_x: player.spawn_x,
            spawn_y: player.spawn_y,
            spawn_z: player.spawn_z,
            spawn_forced: player.spawn_forced,
            sleep_timer: player.sleep_timer,
            food_exhaustion_level: player.food_exhaustion_level,
            food_saturation_level: player.food_saturation_level,
            food_tick_timer: player.food_tick_timer,
            xp_level: player.xp_level,
            xp_p: player.xp_p,
            xp_total: player.xp_total,
            xp_seed: player.xp_seed,
            inventory: Items(&player.inventory, ItemOut::new),
            ender_items: Items(&player.ender_items, ItemOut::new),
            abilities: player.abilities.into(),
            entered_nether_position: player.entered_nether_position.map(Vector3dForm::from),
            root_vehicle: player
                .root_vehicle
                .as_ref()
                .map(|(uuid, entity)| VehicleOut {
                    uuid: (*uuid).into(),
                    entity: EntityOut::new(entity),
                }),
            shoulder_entity_left: player.shoulder_entity_left.as_ref().map(EntityOut::new),
            shoulder_entity_right: player.shoulder_entity_right.as_ref().map(EntityOut::new),
            seen_credits: player.seen_credits,
            recipe_book: RecipeBookOut::new(&player.recipe_book),
        }
    }
}

#[derive(Deserialize)]
#[serde(rename = "Player")]
struct PlayerIn {
    game_type: GameTypeForm,
    previous_game_type: GameTypeForm,
    score: i64,
    dimension: String,
    selected_item_slot: u32,
    selected_item: ItemIn,
    spawn_dimension: Option<String>,
    spawn_x: i64,
    spawn_y: i64,
    spawn_z: i64,
    spawn_forced: Option<bool>,
    sleep_timer: u16,
    food_exhaustion_level: f32,
    food_saturation_level: f32,
    food_tick_timer: u32,
    xp_level: u32,
    xp_p: f32,
    xp_total: i32,
    xp_seed: i32,
    #[serde(deserialize_with = "items::<_, ItemIn, _>")]
    inventory: Vec<Item>,
    #[serde(deserialize_with = "items::<_, ItemIn, _>")]
    ender_items: Vec<Item>,
    abilities: AbilitiesForm,
    entered_nether_position: Option<Vector3dForm>,
    root_vehicle: Option<VehicleIn>,
    shoulder_entity_left: Option<EntityIn>,
    shoulder_entity_right: Option<EntityIn>,
    seen_credits: bool,
    recipe_book: RecipeBookIn,
}

impl IntoModel<Player> for PlayerIn {
    fn into_model<E: serde::de::Error>(self) -> Result<Player, E> {
        Ok(Player {
            game_type: self.game_type.into(),
            previous_game_type: self.previous_game_type.into(),
            score: self.score,
            dimension: self.dimension,
            selected_item_slot: self.selected_item_slot,
            selected_item: self.selected_item.into(),
            spawn_dimension: self.spawn_dimension,
            spawn_x: self.spawn_x,
            spawn_y: self.spawn_y,
            spawn_z: self.spawn_z,
            spawn_forced: self.spawn_forced,
            sleep_timer: self.sleep_timer,
            food_exhaustion_level: self.food_exhaustion_level,
            food_saturation_level: self.food_saturation_level,
            food_tick_timer: self.food_tick_timer,
            xp_level: self.xp_level,
            xp_p: self.xp_p,
            xp_total: self.xp_total,
            xp_seed: self.xp_seed,
            inventory: self.inventory,
            ender_items: self.ender_items,
            abilities: self.abilities.into(),
            entered_nether_position: self.entered_nether_position.map(Into::into),
            root_vehicle: self
                .root_vehicle
                .map(|vehicle| (vehicle.uuid.into(), vehicle.entity.into())),
            shoulder_entity_left: self.shoulder_entity_left.map(Into::into),
            shoulder_entity_right: self.shoulder_entity_right.map(Into::into),
            seen_credits: self.seen_credits,
            recipe_book: self.recipe_book.into(),
        })
    }
}

#[derive(Serialize)]
#[serde(rename = "Item")]
struct ItemOut<'a> {
    count: i8,
    slot: u8,
    id: &'a str,
}

impl<'a> ItemOut<'a> {
    fn new(item: &'a Item) -> Self {
        Self {
            count: item.count,
            slot: item.slot,
            id: &item.id,
        }
    }
}

#[derive(Deserialize)]
#[serde(rename = "Item")]
struct ItemIn {
    count: i8,
    slot: u8,
    id: String,
}

impl From<ItemIn> for Item {
    fn from(ItemIn { count, slot, id }: ItemIn) -> Self {
        Item { count, slot, id }
    }
}

impl IntoModel<Item> for ItemIn {
    fn into_model<E: serde::de::Error>(self) -> Result<Item, E> {
        Ok(self.into())
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Abilities")]
#[allow(
    clippy::struct_excessive_bools,
    reason = "RSB's shape: one flag per ability"
)]
struct AbilitiesForm {
    walk_speed: f32,
    fly_speed: f32,
    may_fly: bool,
    flying: bool,
    invulnerable: bool,
    may_build: bool,
    instabuild: bool,
}

impl From<Abilities> for AbilitiesForm {
    fn from(abilities: Abilities) -> Self {
        let Abilities {
            walk_speed,
            fly_speed,
            may_fly,
            flying,
            invulnerable,
            may_build,
            instabuild,
        } = abilities;
        Self {
            walk_speed,
            fly_speed,
            may_fly,
            flying,
            invulnerable,
            may_build,
            instabuild,
        }
    }
}

impl From<AbilitiesForm> for Abilities {
    fn from(form: AbilitiesForm) -> Self {
        let AbilitiesForm {
            walk_speed,
            fly_speed,
            may_fly,
            flying,
            invulnerable,
            may_build,
            instabuild,
        } = form;
        Self {
            walk_speed,
            fly_speed,
            may_fly,
            flying,
            invulnerable,
            may_build,
            instabuild,
        }
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Vector3d")]
struct Vector3dForm {
    x: f64,
    y: f64,
    z: f64,
}

impl From<(f64, f64, f64)> for Vector3dForm {
    fn from((x, y, z): (f64, f64, f64)) -> Self {
        Self { x, y, z }
    }
}

impl From<Vector3dForm> for (f64, f64, f64) {
    fn from(Vector3dForm { x, y, z }: Vector3dForm) -> Self {
        (x, y, z)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Vector2f")]
struct Vector2fForm {
    x: f32,
    y: f32,
}

/// A UUID as four `u32` words, each a `long`.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Uuid")]
struct UuidForm {
    x0: u32,
    x1: u32,
    x2: u32,
    x3: u32,
}

impl From<[u32; 4]> for UuidForm {
    fn from([x0, x1, x2, x3]: [u32; 4]) -> Self {
        Self { x0, x1, x2, x3 }
    }
}

impl From<UuidForm> for [u32; 4] {
    fn from(UuidForm { x0, x1, x2, x3 }: UuidForm) -> Self {
        [x0, x1, x2, x3]
    }
}

#[derive(Serialize)]
#[serde(rename = "Vehicle")]
struct VehicleOut<'a> {
    uuid: UuidForm,
    entity: EntityOut<'a>,
}

#[derive(Deserialize)]
#[serde(rename = "Vehicle")]
struct VehicleIn {
    uuid: UuidForm,
    entity: EntityIn,
}

#[derive(Serialize)]
#[serde(rename = "Entity")]
#[allow(
    clippy::struct_excessive_bools,
    reason = "RSB's shape: one flag per entity property"
)]
struct EntityOut<'a> {
    id: &'a str,
    pos: Vector3dForm,
    motion: Vector3dForm,
    rotation: Vector2fForm,
    fall_distance: f32,
    fire: u16,
    air: u16,
    on_ground: bool,
    no_gravity: bool,
    invulnerable: bool,
    portal_cooldown: i32,
    uuid: UuidForm,
    custom_name: Option<&'a str>,
    custom_name_visible: bool,
    silent: bool,
    glowing: bool,
}

impl<'a> EntityOut<'a> {
    fn new(entity: &'a Entity) -> Self {
        let (x, y) = entity.rotation;
        Self {
            id: &entity.id,
            pos: entity.pos.into(),
            motion: entity.motion.into(),
            rotation: Vector2fForm { x, y },
            fall_distance: entity.fall_distance,
            fire: entity.fire,
            air: entity.air,
            on_ground: entity.on_ground,
            no_gravity: entity.no_gravity,
            invulnerable: entity.invulnerable,
            portal_cooldown: entity.portal_cooldown,
            uuid: entity.uuid.into(),
            custom_name: entity.custom_name.as_deref(),
            custom_name_visible: entity.custom_name_visible,
            silent: entity.silent,
            glowing: entity.glowing,
        }
    }
}

#[derive(Deserialize)]
#[serde(rename = "Entity")]
#[allow(
    clippy::struct_excessive_bools,
    reason = "RSB's shape: one flag per entity property"
)]
struct EntityIn {
    id: String,
    pos: Vector3dForm,
    motion: Vector3dForm,
    rotation: Vector2fForm,
    fall_distance: f32,
    fire: u16,
    air: u16,
    on_ground: bool,
    no_gravity: bool,
    invulnerable: bool,
    portal_cooldown: i32,
    uuid: UuidForm,
    custom_name: Option<String>,
    custom_name_visible: bool,
    silent: bool,
    glowing: bool,
}

impl From<EntityIn> for Entity {
    fn from(entity: EntityIn) -> Self {
        Entity {
            id: entity.id,
            pos: entity.pos.into(),
            motion: entity.motion.into(),
            rotation: (entity.rotation.x, entity.rotation.y),
            fall_distance: entity.fall_distance,
            fire: entity.fire,
            air: entity.air,
            on_ground: entity.on_ground,
            no_gravity: entity.no_gravity,
            invulnerable: entity.invulnerable,
            portal_cooldown: entity.portal_cooldown,
            uuid: entity.uuid.into(),
            custom_name: entity.custom_name,
            custom_name_visible: entity.custom_name_visible,
            silent: entity.silent,
            glowing: entity.glowing,
        }
    }
}

#[derive(Serialize)]
#[serde(rename = "RecipeBook")]
#[allow(
    clippy::struct_excessive_bools,
    reason = "RSB's shape: one flag per recipe-book setting"
)]
struct RecipeBookOut<'a> {
    recipes: &'a [String],
    to_be_displayed: &'a [String],
    is_filtering_craftable: bool,
    is_gui_open: bool,
    is_furnace_filtering_craftable: bool,
    is_furnace_gui_open: bool,
    is_blasting_furnace_filtering_craftable: bool,
    is_blasting_furnace_gui_open: bool,
    is_smoker_filtering_craftable: bool,
    is_smoker_gui_open: bool,
}

impl<'a> RecipeBookOut<'a> {
    fn new(book: &'a RecipeBook) -> Self {
        Self {
            recipes: &book.recipes,
            to_be_displayed: &book.to_be_displayed,
            is_filtering_craftable: book.is_filtering_craftable,
            is_gui_open: book.is_gui_open,
            is_furnace_filtering_craftable: book.is_furnace_filtering_craftable,
            is_furnace_gui_open: book.is_furnace_gui_open,
            is_blasting_furnace_filtering_craftable: book.is_blasting_furnace_filtering_craftable,
            is_blasting_furnace_gui_open: book.is_blasting_furnace_gui_open,
            is_smoker_filtering_craftable: book.is_smoker_filtering_craftable,
            is_smoker_gui_open: book.is_smoker_gui_open,
        }
    }
}

#[derive(Deserialize)]
#[serde(rename = "RecipeBook")]
#[allow(
    clippy::struct_excessive_bools,
    reason = "RSB's shape: one flag per recipe-book setting"
)]
struct RecipeBookIn {
    recipes: Vec<String>,
    to_be_displayed: Vec<String>,
    is_filtering_craftable: bool,
    is_gui_open: bool,
    is_furnace_filtering_craftable: bool,
    is_furnace_gui_open: bool,
    is_blasting_furnace_filtering_craftable: bool,
    is_blasting_furnace_gui_open: bool,
    is_smoker_filtering_craftable: bool,
    is_smoker_gui_open: bool,
}

impl From<RecipeBookIn> for RecipeBook {
    fn from(book: RecipeBookIn) -> Self {
        RecipeBook {
            recipes: book.recipes,
            to_be_displayed: book.to_be_displayed,
            is_filtering_craftable: book.is_filtering_craftable,
            is_gui_open: book.is_gui_open,
            is_furnace_filtering_craftable: book.is_furnace_filtering_craftable,
            is_furnace_gui_open: book.is_furnace_gui_open,
            is_blasting_furnace_filtering_craftable: book.is_blasting_furnace_filtering_craftable,
            is_blasting_furnace_gui_open: book.is_blasting_furnace_gui_open,
            is_smoker_filtering_craftable: book.is_smoker_filtering_craftable,
            is_smoker_gui_open: book.is_smoker_gui_open,
        }
    }
}
