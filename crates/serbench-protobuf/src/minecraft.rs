//! minecraft_savedata ↔ `serbench.Players`
//! (`schemas/minecraft_savedata.proto`).
//!
//! The tuned read goes field by field down to each player and reads the
//! items of its inventories straight into the model; the messages below a
//! player that hold no list of their own (an item, an entity, the
//! abilities, the recipe book) are read by prost's generated code into a
//! value that is then moved into the model, their strings with it.

use prost::encoding::{self, WireType};
use serbench_model::Players;
use serbench_model::minecraft::{Abilities, Entity, GameType, Item, Player, RecipeBook};

use crate::proto;
use crate::read::{
    Delimited, ReadError, Within, ctx, narrow_i8, narrow_u8, narrow_u16, or_zero, present,
    required, skip,
};
use crate::wire::Wire;

impl Wire for Players {
    type Message = proto::Players;

    fn build(&self) -> proto::Players {
        proto::Players {
            players: self.players.iter().map(build_player).collect(),
        }
    }

    fn read(buf: &mut &[u8]) -> Result<Self, ReadError> {
        let message = Delimited::root(buf);
        let mut players = Vec::new();
        if let Some(tally) = message.tally() {
            // A player is the model's largest item, hundreds of bytes: room
            // for no more players than the input holds valid ones, each at
            // least 8 bytes (a key, a length and its three required
            // messages, empty), so that empty messages of two bytes each
            // reserve nothing they could not fill.
            players.reserve_exact(tally.count(1).min(message.body_len() / 8));
        }
        while let Some((tag, wire_type)) = message.next_key(buf)? {
            match tag {
                1 => {
                    let player = read_player(wire_type, buf).item("players", players.len())?;
                    players.push(player);
                }
                _ => skip(tag, wire_type, buf)?,
            }
        }
        Ok(Players { players })
    }

    fn from_message(message: proto::Players) -> Result<Self, ReadError> {
        let players = message
            .players
            .into_iter()
            .enumerate()
            .map(|(index, player)| player_from(player).item("players", index))
            .collect::<Result<_, ReadError>>()?;
        Ok(Players { players })
    }
}

fn build_game_type(game_type: GameType) -> proto::GameType {
    match game_type {
        GameType::Survival => proto::GameType::Survival,
        GameType::Creative => proto::GameType::Creative,
        GameType::Adventure => proto::GameType::Adventure,
        GameType::Spectator => proto::GameType::Spectator,
    }
}

pub(crate) fn game_type_from(value: i32) -> Result<GameType, ReadError> {
    match proto::GameType::try_from(value) {
        Ok(proto::GameType::Survival) => Ok(GameType::Survival),
        Ok(proto::GameType::Creative) => Ok(GameType::Creative),
        Ok(proto::GameType::Adventure) => Ok(GameType::Adventure),
        Ok(proto::GameType::Spectator) => Ok(GameType::Spectator),
        Err(_) => Err(ReadError::invalid(format!(
            "is {value}, not a GameType (0 to 3)"
        ))),
    }
}

fn build_item(item: &Item) -> proto::Item {
    proto::Item {
        count: item.count.into(),
        slot: item.slot.into(),
        id: item.id.clone(),
    }
}

/// An item from its message's fields: count within -128 to 127, slot
/// within 0 to 255. The owned decodes' check and the borrowed one's.
pub(crate) fn item_from<S>(count: i32, slot: u32, id: S) -> Result<Item<S>, ReadError> {
    Ok(Item {
        count: narrow_i8(count).field("count")?,
        slot: narrow_u8(slot).field("slot")?,
        id,
    })
}

fn build_abilities(abilities: &Abilities) -> proto::Abilities {
    proto::Abilities {
        walk_speed: present(abilities.walk_speed),
        fly_speed: present(abilities.fly_speed),
        may_fly: abilities.may_fly,
        flying: abilities.flying,
        invulnerable: abilities.invulnerable,
        may_build: abilities.may_build,
        instabuild: abilities.instabuild,
    }
}

pub(crate) fn abilities_from(abilities: proto::Abilities) -> Abilities {
    Abilities {
        walk_speed: or_zero(abilities.walk_speed),
        fly_speed: or_zero(abilities.fly_speed),
        may_fly: abilities.may_fly,
        flying: abilities.flying,
        invulnerable: abilities.invulnerable,
        may_build: abilities.may_build,
        instabuild: abilities.instabuild,
    }
}

pub(crate) fn build_triple((x, y, z): (f64, f64, f64)) -> proto::Vector3d {
    proto::Vector3d {
        x: present(x),
        y: present(y),
        z: present(z),
    }
}

pub(crate) fn triple_from(vector: proto::Vector3d) -> (f64, f64, f64) {
    (or_zero(vector.x), or_zero(vector.y), or_zero(vector.z))
}

fn build_uuid(uuid: [u32; 4]) -> proto::Uuid {
    let [x0, x1, x2, x3] = uuid;
    proto::Uuid { x0, x1, x2, x3 }
}

pub(crate) fn uuid_from(uuid: proto::Uuid) -> [u32; 4] {
    [uuid.x0, uuid.x1, uuid.x2, uuid.x3]
}

fn build_entity(entity: &Entity) -> proto::Entity {
    let (yaw, pitch) = entity.rotation;
    proto::Entity {
        id: entity.id.clone(),
        pos: Some(build_triple(entity.pos)),
        motion: Some(build_triple(entity.motion)),
        rotation: Some(proto::Vector2f {
            x: present(yaw),
            y: present(pitch),
        }),
        fall_distance: present(entity.fall_distance),
        fire: entity.fire.into(),
        air: entity.air.into(),
        on_ground: entity.on_ground,
        no_gravity: entity.no_gravity,
        invulnerable: entity.invulnerable,
        portal_cooldown: entity.portal_cooldown,
        uuid: Some(build_uuid(entity.uuid)),
        custom_name: entity.custom_name.clone(),
        custom_name_visible: entity.custom_name_visible,
        silent: entity.silent,
        glowing: entity.glowing,
    }
}

/// An `Entity` message's fields, its text `String`s or, for buffa's
/// borrowed decode, lent: the model's entity once
/// [`EntityFields::finish`] has checked what protobuf cannot.
#[allow(
    clippy::struct_excessive_bools,
    reason = "the message's shape: one flag per entity property"
)]
pub(crate) struct EntityFields<S = String> {
    pub(crate) id: S,
    pub(crate) pos: Option<proto::Vector3d>,
    pub(crate) motion: Option<proto::Vector3d>,
    pub(crate) rotation: Option<proto::Vector2f>,
    pub(crate) fall_distance: Option<f32>,
    pub(crate) fire: u32,
    pub(crate) air: u32,
    pub(crate) on_ground: bool,
    pub(crate) no_gravity: bool,
    pub(crate) invulnerable: bool,
    pub(crate) portal_cooldown: i32,
    pub(crate) uuid: Option<proto::Uuid>,
    pub(crate) custom_name: Option<S>,
    pub(crate) custom_name_visible: bool,
    pub(crate) silent: bool,
    pub(crate) glowing: bool,
}

impl EntityFields {
    fn of(entity: proto::Entity) -> Self {
        EntityFields {
            id: entity.id,
            pos: entity.pos,
            motion: entity.motion,
            rotation: entity.rotation,
            fall_distance: entity.fall_distance,
            fire: entity.fire,
            air: entity.air,
            on_ground: entity.on_ground,
            no_gravity: entity.no_gravity,
            invulnerable: entity.invulnerable,
            portal_cooldown: entity.portal_cooldown,
            uuid: entity.uuid,
            custom_name: entity.custom_name,
            custom_name_visible: entity.custom_name_visible,
            silent: entity.silent,
            glowing: entity.glowing,
        }
    }
}

impl<S> EntityFields<S> {
    /// The entity: its position, motion, rotation and uuid required, fire
    /// and air within 0 to 65535.
    pub(crate) fn finish(self) -> Result<Entity<S>, ReadError> {
        let rotation = required(self.rotation, "rotation")?;
        Ok(Entity {
            id: self.id,
            pos: triple_from(required(self.pos, "pos")?),
            motion: triple_from(required(self.motion, "motion")?),
            rotation: (or_zero(rotation.x), or_zero(rotation.y)),
            fall_distance: or_zero(self.fall_distance),
            fire: narrow_u16(self.fire).field("fire")?,
            air: narrow_u16(self.air).field("air")?,
            on_ground: self.on_ground,
            no_gravity: self.no_gravity,
            invulnerable: self.invulnerable,
            portal_cooldown: self.portal_cooldown,
            uuid: uuid_from(required(self.uuid, "uuid")?),
            custom_name: self.custom_name,
            custom_name_visible: self.custom_name_visible,
            silent: self.silent,
            glowing: self.glowing,
        })
    }
}

fn build_recipe_book(book: &RecipeBook) -> proto::RecipeBook {
    proto::RecipeBook {
        recipes: book.recipes.clone(),
        to_be_displayed: book.to_be_displayed.clone(),
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

/// The recipe book a message holds: every message is one.
fn recipe_book_from(book: proto::RecipeBook) -> RecipeBook {
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

fn build_player(player: &Player) -> proto::MinecraftPlayer {
    proto::MinecraftPlayer {
        game_type: build_game_type(player.game_type).into(),
        previous_game_type: build_game_type(player.previous_game_type).into(),
        score: player.score,
        dimension: player.dimension.clone(),
        selected_item_slot: player.selected_item_slot,
        selected_item: Some(build_item(&player.selected_item)),
        spawn_dimension: player.spawn_dimension.clone(),
        spawn_x: player.spawn_x,
        spawn_y: player.spawn_y,
        spawn_z: player.spawn_z,
        spawn_forced: player.spawn_forced,
        sleep_timer: player.sleep_timer.into(),
        food_exhaustion_level: present(player.food_exhaustion_level),
        food_saturation_level: present(player.food_saturation_level),
        food_tick_timer: player.food_tick_timer,
        xp_level: player.xp_level,
        xp_p: present(player.xp_p),
        xp_total: player.xp_total,
        xp_seed: player.xp_seed,
        inventory: player.inventory.iter().map(build_item).collect(),
        ender_items: player.ender_items.iter().map(build_item).collect(),
        abilities: Some(build_abilities(&player.abilities)),
        entered_nether_position: player.entered_nether_position.map(build_triple),
        root_vehicle: player
            .root_vehicle
            .as_ref()
            .map(|(uuid, entity)| proto::Vehicle {
                uuid: Some(build_uuid(*uuid)),
                entity: Some(build_entity(entity)),
            }),
        shoulder_entity_left: player.shoulder_entity_left.as_ref().map(build_entity),
        shoulder_entity_right: player.shoulder_entity_right.as_ref().map(build_entity),
        seen_credits: player.seen_credits,
        recipe_book: Some(build_recipe_book(&player.recipe_book)),
    }
}

/// A `MinecraftPlayer` message's fields, its text `String`s or, for
/// buffa's borrowed decode, lent, with its inventories already checked:
/// the model's player once [`PlayerFields::finish`] has checked the rest.
pub(crate) struct PlayerFields<S = String> {
    pub(crate) game_type: i32,
    pub(crate) previous_game_type: i32,
    pub(crate) score: i64,
    pub(crate) dimension: S,
    pub(crate) selected_item_slot: u32,
    /// The selected item, checked.
    pub(crate) selected_item: Option<Result<Item<S>, ReadError>>,
    pub(crate) spawn_dimension: Option<S>,
    pub(crate) spawn_x: i64,
    pub(crate) spawn_y: i64,
    pub(crate) spawn_z: i64,
    pub(crate) spawn_forced: Option<bool>,
    pub(crate) sleep_timer: u32,
    pub(crate) food_exhaustion_level: Option<f32>,
    pub(crate) food_saturation_level: Option<f32>,
    pub(crate) food_tick_timer: u32,
    pub(crate) xp_level: u32,
    pub(crate) xp_p: Option<f32>,
    pub(crate) xp_total: i32,
    pub(crate) xp_seed: i32,
    pub(crate) inventory: Vec<Item<S>>,
    pub(crate) ender_items: Vec<Item<S>>,
    pub(crate) abilities: Option<proto::Abilities>,
    pub(crate) entered_nether_position: Option<proto::Vector3d>,
    /// The vehicle's uuid and entity, each required.
    pub(crate) root_vehicle: Option<(Option<proto::Uuid>, Option<EntityFields<S>>)>,
    pub(crate) shoulder_entity_left: Option<EntityFields<S>>,
    pub(crate) shoulder_entity_right: Option<EntityFields<S>>,
    pub(crate) seen_credits: bool,
    pub(crate) recipe_book: Option<RecipeBook<S>>,
}

impl<S> PlayerFields<S> {
    /// The player: its game types known, its selected item, abilities and
    /// recipe book required, its sleep timer within 0 to 65535, and its
    /// entities checked.
    pub(crate) fn finish(self) -> Result<Player<S>, ReadError> {
        let entity = |entity: Option<EntityFields<S>>, name: &'static str| {
            entity.map(EntityFields::finish).transpose().field(name)
        };
        let root_vehicle = match self.root_vehicle {
            None => None,
            Some((uuid, vehicle)) => {
                let uuid = required(uuid, "uuid").field("root_vehicle")?;
                let vehicle = required(vehicle, "entity")
                    .and_then(|entity| entity.finish().field("entity"))
                    .field("root_vehicle")?;
                Some((uuid_from(uuid), vehicle))
            }
        };
        Ok(Player {
            game_type: game_type_from(self.game_type).field("game_type")?,
            previous_game_type: game_type_from(self.previous_game_type)
                .field("previous_game_type")?,
            score: self.score,
            dimension: self.dimension,
            selected_item_slot: self.selected_item_slot,
            selected_item: required(self.selected_item, "selected_item")?.field("selected_item")?,
            spawn_dimension: self.spawn_dimension,
            spawn_x: self.spawn_x,
            spawn_y: self.spawn_y,
            spawn_z: self.spawn_z,
            spawn_forced: self.spawn_forced,
            sleep_timer: narrow_u16(self.sleep_timer).field("sleep_timer")?,
            food_exhaustion_level: or_zero(self.food_exhaustion_level),
            food_saturation_level: or_zero(self.food_saturation_level),
            food_tick_timer: self.food_tick_timer,
            xp_level: self.xp_level,
            xp_p: or_zero(self.xp_p),
            xp_total: self.xp_total,
            xp_seed: self.xp_seed,
            inventory: self.inventory,
            ender_items: self.ender_items,
            abilities: abilities_from(required(self.abilities, "abilities")?),
            entered_nether_position: self.entered_nether_position.map(triple_from),
            root_vehicle,
            shoulder_entity_left: entity(self.shoulder_entity_left, "shoulder_entity_left")?,
            shoulder_entity_right: entity(self.shoulder_entity_right, "shoulder_entity_right")?,
            seen_credits: self.seen_credits,
            recipe_book: required(self.recipe_book, "recipe_book")?,
        })
    }
}

/// The items of a decoded message's inventory called `name`, checked.
fn items_from(items: Vec<proto::Item>, name: &'static str) -> Result<Vec<Item>, ReadError> {
    items
        .into_iter()
        .enumerate()
        .map(|(index, item)| item_from(item.count, item.slot, item.id).item(name, index))
        .collect()
}

/// The stock decode's conversion of a whole player message.
fn player_from(player: proto::MinecraftPlayer) -> Result<Player, ReadError> {
    PlayerFields {
        game_type: player.game_type,
        previous_game_type: player.previous_game_type,
        score: player.score,
        dimension: player.dimension,
        selected_item_slot: player.selected_item_slot,
        selected_item: player
            .selected_item
            .map(|item| item_from(item.count, item.slot, item.id)),
        spawn_dimension: player.spawn_dimension,
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
        inventory: items_from(player.inventory, "inventory")?,
        ender_items: items_from(player.ender_items, "ender_items")?,
        abilities: player.abilities,
        entered_nether_position: player.entered_nether_position,
        root_vehicle: player
            .root_vehicle
            .map(|vehicle| (vehicle.uuid, vehicle.entity.map(EntityFields::of))),
        shoulder_entity_left: player.shoulder_entity_left.map(EntityFields::of),
        shoulder_entity_right: player.shoulder_entity_right.map(EntityFields::of),
        seen_credits: player.seen_credits,
        recipe_book: player.recipe_book.map(recipe_book_from),
    }
    .finish()
}

/// Reads the next item of an inventory called `name` (its `index`th)
/// straight into the model's list.
fn read_item(
    wire_type: WireType,
    buf: &mut &[u8],
    items: &mut Vec<Item>,
    name: &'static str,
) -> Result<(), ReadError> {
    let index = items.len();
    let mut item = proto::Item::default();
    encoding::message::merge(wire_type, &mut item, buf, ctx()).item(name, index)?;
    items.push(item_from(item.count, item.slot, item.id).item(name, index)?);
    Ok(())
}

#[allow(
    clippy::too_many_lines,
    reason = "one arm per field of a message of 28 fields"
)]
fn read_player(wire_type: WireType, buf: &mut &[u8]) -> Result<Player, ReadError> {
    let message = Delimited::read(wire_type, buf)?;
    // Everything but the inventories, which go straight into the model's
    // lists, sized once from a count of their items.
    let mut player = proto::MinecraftPlayer::default();
    let mut inventory = Vec::new();
    let mut ender_items = Vec::new();
    if let Some(tally) = message.tally() {
        inventory.reserve_exact(tally.count(20));
        ender_items.reserve_exact(tally.count(21));
    }
    let p = &mut player;
    while let Some((tag, wire_type)) = message.next_key(buf)? {
        match tag {
            1 => encoding::int32::merge(wire_type, &mut p.game_type, buf, ctx())
                .field("game_type")?,
            2 => encoding::int32::merge(wire_type, &mut p.previous_game_type, buf, ctx())
                .field("previous_game_type")?,
            3 => encoding::int64::merge(wire_type, &mut p.score, buf, ctx()).field("score")?,
            4 => encoding::string::merge(wire_type, &mut p.dimension, buf, ctx())
                .field("dimension")?,
            5 => encoding::uint32::merge(wire_type, &mut p.selected_item_slot, buf, ctx())
                .field("selected_item_slot")?,
            6 => encoding::message::merge(
                wire_type,
                p.selected_item.get_or_insert_default(),
                buf,
                ctx(),
            )
            .field("selected_item")?,
            7 => encoding::string::merge(
                wire_type,
                p.spawn_dimension.get_or_insert_default(),
                buf,
                ctx(),
            )
            .field("spawn_dimension")?,
            8 => encoding::int64::merge(wire_type, &mut p.spawn_x, buf, ctx()).field("spawn_x")?,
            9 => encoding::int64::merge(wire_type, &mut p.spawn_y, buf, ctx()).field("spawn_y")?,
            10 => {
                encoding::int64::merge(wire_type, &mut p.spawn_z, buf, ctx()).field("spawn_z")?;
            }
            11 => encoding::bool::merge(wire_type, p.spawn_forced.get_or_insert(false), buf, ctx())
                .field("spawn_forced")?,
            12 => encoding::uint32::merge(wire_type, &mut p.sleep_timer, buf, ctx())
                .field("sleep_timer")?,
            13 => encoding::float::merge(
                wire_type,
                p.food_exhaustion_level.get_or_insert(0.0),
                buf,
                ctx(),
            )
            .field("food_exhaustion_level")?,
            14 => encoding::float::merge(
                wire_type,
                p.food_saturation_level.get_or_insert(0.0),
                buf,
                ctx(),
            )
            .field("food_saturation_level")?,
            15 => encoding::uint32::merge(wire_type, &mut p.food_tick_timer, buf, ctx())
                .field("food_tick_timer")?,
            16 => {
                encoding::uint32::merge(wire_type, &mut p.xp_level, buf, ctx())
                    .field("xp_level")?;
            }
            17 => encoding::float::merge(wire_type, p.xp_p.get_or_insert(0.0), buf, ctx())
                .field("xp_p")?,
            18 => {
                encoding::int32::merge(wire_type, &mut p.xp_total, buf, ctx()).field("xp_total")?;
            }
            19 => {
                encoding::int32::merge(wire_type, &mut p.xp_seed, buf, ctx()).field("xp_seed")?;
            }
            20 => read_item(wire_type, buf, &mut inventory, "inventory")?,
            21 => read_item(wire_type, buf, &mut ender_items, "ender_items")?,
            22 => {
                encoding::message::merge(
                    wire_type,
                    p.abilities.get_or_insert_default(),
                    buf,
                    ctx(),
                )
                .field("abilities")?;
            }
            23 => encoding::message::merge(
                wire_type,
                p.entered_nether_position.get_or_insert_default(),
                buf,
                ctx(),
            )
            .field("entered_nether_position")?,
            24 => encoding::message::merge(
                wire_type,
                p.root_vehicle.get_or_insert_default(),
                buf,
                ctx(),
            )
            .field("root_vehicle")?,
            25 => encoding::message::merge(
                wire_type,
                p.shoulder_entity_left.get_or_insert_default(),
                buf,
                ctx(),
            )
            .field("shoulder_entity_left")?,
            26 => encoding::message::merge(
                wire_type,
                p.shoulder_entity_right.get_or_insert_default(),
                buf,
                ctx(),
            )
            .field("shoulder_entity_right")?,
            27 => encoding::bool::merge(wire_type, &mut p.seen_credits, buf, ctx())
                .field("seen_credits")?,
            28 => encoding::message::merge(
                wire_type,
                p.recipe_book.get_or_insert_default(),
                buf,
                ctx(),
            )
            .field("recipe_book")?,
            _ => skip(tag, wire_type, buf)?,
        }
    }
    // The message's inventories are empty: the checks of the stock
    // decode's conversion, then the items read.
    let mut read = player_from(player)?;
    read.inventory = inventory;
    read.ender_items = ender_items;
    Ok(read)
}
