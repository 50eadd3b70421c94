//! The players' save data as `schemas/minecraft_savedata.thrift` describes
//! it, in the shape of rust_serialization_benchmark's
//! `minecraft_savedata.proto` with its field ids: the model's `Option`s
//! are `optional` fields (absent for `None`), its tuples and `[u32; 4]`
//! structs (`Vector3d`, `Vector2f`, `Uuid`, `Vehicle`), its `f32`s
//! `double`s of the same value ([`crate::float`]), its `u8` an `i16`, its
//! `u16`s `i32`s and its `u32`s their bits as `i32`s.

use serbench_model::Players;
use serbench_model::minecraft::{Abilities, Entity, GameType, Item, Player, RecipeBook};
use thrift::protocol::TType;

use crate::Thrift;
use crate::error::{Fail, Fault};
use crate::float::{read_vector2f, write_vector2f};
use crate::protocol::{MIN_STRUCT, Protocol};
use crate::read::{Fields, Reader, required};
use crate::write::Writer;

const PLAYERS: &Fields = &[("players", TType::List)];
const PLAYER: &Fields = &[
    ("game_type", TType::I32),
    ("previous_game_type", TType::I32),
    ("score", TType::I64),
    ("dimension", TType::String),
    ("selected_item_slot", TType::I32),
    ("selected_item", TType::Struct),
    ("spawn_dimension", TType::String),
    ("spawn_x", TType::I64),
    ("spawn_y", TType::I64),
    ("spawn_z", TType::I64),
    ("spawn_forced", TType::Bool),
    ("sleep_timer", TType::I32),
    ("food_exhaustion_level", TType::Double),
    ("food_saturation_level", TType::Double),
    ("food_tick_timer", TType::I32),
    ("xp_level", TType::I32),
    ("xp_p", TType::Double),
    ("xp_total", TType::I32),
    ("xp_seed", TType::I32),
    ("inventory", TType::List),
    ("ender_items", TType::List),
    ("abilities", TType::Struct),
    ("entered_nether_position", TType::Struct),
    ("root_vehicle", TType::Struct),
    ("shoulder_entity_left", TType::Struct),
    ("shoulder_entity_right", TType::Struct),
    ("seen_credits", TType::Bool),
    ("recipe_book", TType::Struct),
];
const ITEM: &Fields = &[
    ("count", TType::I08),
    ("slot", TType::I16),
    ("id", TType::String),
];
const ABILITIES: &Fields = &[
    ("walk_speed", TType::Double),
    ("fly_speed", TType::Double),
    ("may_fly", TType::Bool),
    ("flying", TType::Bool),
    ("invulnerable", TType::Bool),
    ("may_build", TType::Bool),
    ("instabuild", TType::Bool),
];
const VECTOR3D: &Fields = &[
    ("x", TType::Double),
    ("y", TType::Double),
    ("z", TType::Double),
];
const UUID: &Fields = &[
    ("x0", TType::I32),
    ("x1", TType::I32),
    ("x2", TType::I32),
    ("x3", TType::I32),
];
const ENTITY: &Fields = &[
    ("id", TType::String),
    ("pos", TType::Struct),
    ("motion", TType::Struct),
    ("rotation", TType::Struct),
    ("fall_distance", TType::Double),
    ("fire", TType::I32),
    ("air", TType::I32),
    ("on_ground", TType::Bool),
    ("no_gravity", TType::Bool),
    ("invulnerable", TType::Bool),
    ("portal_cooldown", TType::I32),
    ("uuid", TType::Struct),
    ("custom_name", TType::String),
    ("custom_name_visible", TType::Bool),
    ("silent", TType::Bool),
    ("glowing", TType::Bool),
];
const RECIPE_BOOK: &Fields = &[
    ("recipes", TType::List),
    ("to_be_displayed", TType::List),
    ("is_filtering_craftable", TType::Bool),
    ("is_gui_open", TType::Bool),
    ("is_furnace_filtering_craftable", TType::Bool),
    ("is_furnace_gui_open", TType::Bool),
    ("is_blasting_furnace_filtering_craftable", TType::Bool),
    ("is_blasting_furnace_gui_open", TType::Bool),
    ("is_smoker_filtering_craftable", TType::Bool),
    ("is_smoker_gui_open", TType::Bool),
];
const VEHICLE: &Fields = &[("uuid", TType::Struct), ("entity", TType::Struct)];

impl Thrift for Players {
    fn write<P: Protocol>(&self, w: &mut Writer<'_, P>) -> Result<(), Fail> {
        w.structure(|w| w.list_field(1, &self.players, TType::Struct, "the players", write_player))
    }

    fn read<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Self, Fault> {
        let at = r.pos();
        let mut players = None;
        r.fields("Players", PLAYERS, |r, _| {
            players = Some(r.list("the players", TType::Struct, MIN_STRUCT, read_player)?);
            Ok(())
        })?;
        Ok(Players {
            players: required(players, at, "Players", "players")?,
        })
    }
}

fn read_game_type<P: Protocol>(r: &mut Reader<'_, P>, what: &str) -> Result<GameType, Fault> {
    r.variant(what, &GameType::ALL, "GameType")
}

fn write_player<P: Protocol>(w: &mut Writer<'_, P>, player: &Player) -> Result<(), Fail> {
    w.structure(|w| {
        w.field(1, TType::I32, |w| w.i32(player.game_type as i32))?;
        w.field(2, TType::I32, |w| w.i32(player.previous_game_type as i32))?;
        w.field(3, TType::I64, |w| w.i64(player.score))?;
        w.string_field(4, &player.dimension, "a player's dimension")?;
        w.field(5, TType::I32, |w| {
            w.i32(player.selected_item_slot.cast_signed())
        })?;
        w.field(6, TType::Struct, |w| write_item(w, &player.selected_item))?;
        if let Some(dimension) = &player.spawn_dimension {
            w.string_field(7, dimension, "a player's spawn_dimension")?;
        }
        w.field(8, TType::I64, |w| w.i64(player.spawn_x))?;
        w.field(9, TType::I64, |w| w.i64(player.spawn_y))?;
        w.field(10, TType::I64, |w| w.i64(player.spawn_z))?;
        if let Some(forced) = player.spawn_forced {
            w.field(11, TType::Bool, |w| w.bool(forced))?;
        }
        w.field(12, TType::I32, |w| w.i32(player.sleep_timer.into()))?;
        w.field(13, TType::Double, |w| w.float(player.food_exhaustion_level))?;
        w.field(14, TType::Double, |w| w.float(player.food_saturation_level))?;
        w.field(15, TType::I32, |w| {
            w.i32(player.food_tick_timer.cast_signed())
        })?;
        w.field(16, TType::I32, |w| w.i32(player.xp_level.cast_signed()))?;
        w.field(17, TType::Double, |w| w.float(player.xp_p))?;
        w.field(18, TType::I32, |w| w.i32(player.xp_total))?;
        w.field(19, TType::I32, |w| w.i32(player.xp_seed))?;
        w.list_field(
            20,
            &player.inventory,
            TType::Struct,
            "an inventory",
            write_item,
        )?;
        w.list_field(
            21,
            &player.ender_items,
            TType::Struct,
            "the ender items",
            write_item,
        )?;
        w.field(22, TType::Struct, |w| write_abilities(w, &player.abilities))?;
        if let Some(position) = &player.entered_nether_position {
            w.field(23, TType::Struct, |w| write_vector3d(w, position))?;
        }
        if let Some((uuid, entity)) = &player.root_vehicle {
            w.field(24, TType::Struct, |w| {
                w.structure(|w| {
                    w.field(1, TType::Struct, |w| write_uuid(w, uuid))?;
                    w.field(2, TType::Struct, |w| write_entity(w, entity))
                })
            })?;
        }
        if let Some(entity) = &player.shoulder_entity_left {
            w.field(25, TType::Struct, |w| write_entity(w, entity))?;
        }
        if let Some(entity) = &player.shoulder_entity_right {
            w.field(26, TType::Struct, |w| write_entity(w, entity))?;
        }
        w.field(27, TType::Bool, |w| w.bool(player.seen_credits))?;
        w.field(28, TType::Struct, |w| {
            write_recipe_book(w, &player.recipe_book)
        })
    })
}

#[allow(
    clippy::too_many_lines,
    reason = "one arm per field of RSB's 28-field Player"
)]
fn read_player<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Player, Fault> {
    let at = r.pos();
    let (mut game_type, mut previous_game_type, mut score) = (None, None, None);
    let (mut dimension, mut selected_item_slot, mut selected_item) = (None, None, None);
    let (mut spawn_dimension, mut spawn_x, mut spawn_y, mut spawn_z) = (None, None, None, None);
    let (mut spawn_forced, mut sleep_timer) = (None, None);
    let (mut food_exhaustion_level, mut food_saturation_level) = (None, None);
    let (mut food_tick_timer, mut xp_level, mut xp_p) = (None, None, None);
    let (mut xp_total, mut xp_seed, mut inventory, mut ender_items) = (None, None, None, None);
    let (mut abilities, mut entered_nether_position, mut root_vehicle) = (None, None, None);
    let (mut shoulder_entity_left, mut shoulder_entity_right) = (None, None);
    let (mut seen_credits, mut recipe_book) = (None, None);
    r.fields("Player", PLAYER, |r, field| {
        match field {
            0 => game_type = Some(read_game_type(r, "a player's game_type")?),
            1 => previous_game_type = Some(read_game_type(r, "a player's previous_game_type")?),
            2 => score = Some(r.i64("a player's score")?),
            3 => dimension = Some(r.string("a player's dimension")?),
            4 => {
                selected_item_slot = Some(r.i32("a player's selected_item_slot")?.cast_unsigned());
            }
            5 => selected_item = Some(read_item(r)?),
            6 => spawn_dimension = Some(r.string("a player's spawn_dimension")?),
            7 => spawn_x = Some(r.i64("a player's spawn_x")?),
            8 => spawn_y = Some(r.i64("a player's spawn_y")?),
            9 => spawn_z = Some(r.i64("a player's spawn_z")?),
            10 => spawn_forced = Some(r.bool("a player's spawn_forced")?),
            11 => sleep_timer = Some(r.u16("a player's sleep_timer")?),
            12 => food_exhaustion_level = Some(r.float("a player's food_exhaustion_level")?),
            13 => food_saturation_level = Some(r.float("a player's food_saturation_level")?),
            14 => food_tick_timer = Some(r.i32("a player's food_tick_timer")?.cast_unsigned()),
            15 => xp_level = Some(r.i32("a player's xp_level")?.cast_unsigned()),
            16 => xp_p = Some(r.float("a player's xp_p")?),
            17 => xp_total = Some(r.i32("a player's xp_total")?),
            18 => xp_seed = Some(r.i32("a player's xp_seed")?),
            19 => inventory = Some(r.list("an inventory", TType::Struct, MIN_STRUCT, read_item)?),
            20 => {
                ender_items =
                    Some(r.list("the ender items", TType::Struct, MIN_STRUCT, read_item)?);
            }
            21 => abilities = Some(read_abilities(r)?),
            22 => entered_nether_position = Some(read_vector3d(r)?),
            23 => root_vehicle = Some(read_vehicle(r)?),
            24 => shoulder_entity_left = Some(read_entity(r)?),
            25 => shoulder_entity_right = Some(read_entity(r)?),
            26 => seen_credits = Some(r.bool("a player's seen_credits")?),
            _ => recipe_book = Some(read_recipe_book(r)?),
        }
        Ok(())
    })?;
    Ok(Player {
        game_type: required(game_type, at, "Player", "game_type")?,
        previous_game_type: required(previous_game_type, at, "Player", "previous_game_type")?,
        score: required(score, at, "Player", "score")?,
        dimension: required(dimension, at, "Player", "dimension")?,
        selected_item_slot: required(selected_item_slot, at, "Player", "selected_item_slot")?,
        selected_item: required(selected_item, at, "Player", "selected_item")?,
        spawn_dimension,
        spawn_x: required(spawn_x, at, "Player", "spawn_x")?,
        spawn_y: required(spawn_y, at, "Player", "spawn_y")?,
        spawn_z: required(spawn_z, at, "Player", "spawn_z")?,
        spawn_forced,
        sleep_timer: required(sleep_timer, at, "Player", "sleep_timer")?,
        food_exhaustion_level: required(
            food_exhaustion_level,
            at,
            "Player",
            "food_exhaustion_level",
        )?,
        food_saturation_level: required(
            food_saturation_level,
            at,
            "Player",
            "food_saturation_level",
        )?,
        food_tick_timer: required(food_tick_timer, at, "Player", "food_tick_timer")?,
        xp_level: required(xp_level, at, "Player", "xp_level")?,
        xp_p: required(xp_p, at, "Player", "xp_p")?,
        xp_total: required(xp_total, at, "Player", "xp_total")?,
        xp_seed: required(xp_seed, at, "Player", "xp_seed")?,
        inventory: required(inventory, at, "Player", "inventory")?,
        ender_items: required(ender_items, at, "Player", "ender_items")?,
        abilities: required(abilities, at, "Player", "abilities")?,
        entered_nether_position,
        root_vehicle,
        shoulder_entity_left,
        shoulder_entity_right,
        seen_credits: required(seen_credits, at, "Player", "seen_credits")?,
        recipe_book: required(recipe_book, at, "Player", "recipe_book")?,
    })
}

fn write_item<P: Protocol>(w: &mut Writer<'_, P>, item: &Item) -> Result<(), Fail> {
    w.structure(|w| {
        w.field(1, TType::I08, |w| w.i8(item.count))?;
        w.field(2, TType::I16, |w| w.i16(item.slot.into()))?;
        w.string_field(3, &item.id, "an item's id")
    })
}

fn read_item<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Item, Fault> {
    let at = r.pos();
    let (mut count, mut slot, mut id) = (None, None, None);
    r.fields("Item", ITEM, |r, field| {
        match field {
            0 => count = Some(r.i8("an item's count")?),
            1 => slot = Some(r.u8("an item's slot")?),
            _ => id = Some(r.string("an item's id")?),
        }
        Ok(())
    })?;
    Ok(Item {
        count: required(count, at, "Item", "count")?,
        slot: required(slot, at, "Item", "slot")?,
        id: required(id, at, "Item", "id")?,
    })
}

fn write_abilities<P: Protocol>(w: &mut Writer<'_, P>, abilities: &Abilities) -> Result<(), Fail> {
    w.structure(|w| {
        w.field(1, TType::Double, |w| w.float(abilities.walk_speed))?;
        w.field(2, TType::Double, |w| w.float(abilities.fly_speed))?;
        let flags = [
            abilities.may_fly,
            abilities.flying,
            abilities.invulnerable,
            abilities.may_build,
            abilities.instabuild,
        ];
        for (id, flag) in (3..).zip(flags) {
            w.field(id, TType::Bool, |w| w.bool(flag))?;
        }
        Ok(())
    })
}

fn read_abilities<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Abilities, Fault> {
    let at = r.pos();
    let (mut walk_speed, mut fly_speed) = (None, None);
    let mut flags = [None; 5];
    r.fields("Abilities", ABILITIES, |r, field| {
        match field {
            0 => walk_speed = Some(r.float("the walk_speed")?),
            1 => fly_speed = Some(r.float("the fly_speed")?),
            _ => flags[field - 2] = Some(r.bool(ABILITIES[field].0)?),
        }
        Ok(())
    })?;
    let flag = |index: usize| required(flags[index], at, "Abilities", ABILITIES[index + 2].0);
    Ok(Abilities {
        walk_speed: required(walk_speed, at, "Abilities", "walk_speed")?,
        fly_speed: required(fly_speed, at, "Abilities", "fly_speed")?,
        may_fly: flag(0)?,
        flying: flag(1)?,
        invulnerable: flag(2)?,
        may_build: flag(3)?,
        instabuild: flag(4)?,
    })
}

fn write_vector3d<P: Protocol>(
    w: &mut Writer<'_, P>,
    (x, y, z): &(f64, f64, f64),
) -> Result<(), Fail> {
    w.structure(|w| {
        w.field(1, TType::Double, |w| w.double(*x))?;
        w.field(2, TType::Double, |w| w.double(*y))?;
        w.field(3, TType::Double, |w| w.double(*z))
    })
}

fn read_vector3d<P: Protocol>(r: &mut Reader<'_, P>) -> Result<(f64, f64, f64), Fault> {
    let at = r.pos();
    let mut xyz = [None; 3];
    r.fields("Vector3d", VECTOR3D, |r, field| {
        xyz[field] = Some(r.double(VECTOR3D[field].0)?);
        Ok(())
    })?;
    let [x, y, z] = xyz;
    Ok((
        required(x, at, "Vector3d", "x")?,
        required(y, at, "Vector3d", "y")?,
        required(z, at, "Vector3d", "z")?,
    ))
}

fn write_uuid<P: Protocol>(w: &mut Writer<'_, P>, uuid: &[u32; 4]) -> Result<(), Fail> {
    w.structure(|w| {
        for (id, word) in (1..).zip(uuid) {
            w.field(id, TType::I32, |w| w.i32(word.cast_signed()))?;
        }
        Ok(())
    })
}

fn read_uuid<P: Protocol>(r: &mut Reader<'_, P>) -> Result<[u32; 4], Fault> {
    let at = r.pos();
    let mut words = [None; 4];
    r.fields("Uuid", UUID, |r, field| {
        words[field] = Some(r.i32(UUID[field].0)?.cast_unsigned());
        Ok(())
    })?;
    let mut uuid = [0; 4];
    for (index, (word, read)) in uuid.iter_mut().zip(words).enumerate() {
        *word = required(read, at, "Uuid", UUID[index].0)?;
    }
    Ok(uuid)
}

fn read_vehicle<P: Protocol>(r: &mut Reader<'_, P>) -> Result<([u32; 4], Entity), Fault> {
    let at = r.pos();
    let (mut uuid, mut entity) = (None, None);
    r.fields("Vehicle", VEHICLE, |r, field| {
        if field == 0 {
            uuid = Some(read_uuid(r)?);
        } else {
            entity = Some(read_entity(r)?);
        }
        Ok(())
    })?;
    Ok((
        required(uuid, at, "Vehicle", "uuid")?,
        required(entity, at, "Vehicle", "entity")?,
    ))
}

fn write_entity<P: Protocol>(w: &mut Writer<'_, P>, entity: &Entity) -> Result<(), Fail> {
    w.structure(|w| {
        w.string_field(1, &entity.id, "an entity's id")?;
        w.field(2, TType::Struct, |w| write_vector3d(w, &entity.pos))?;
        w.field(3, TType::Struct, |w| write_vector3d(w, &entity.motion))?;
        w.field(4, TType::Struct, |w| write_vector2f(w, entity.rotation))?;
        w.field(5, TType::Double, |w| w.float(entity.fall_distance))?;
        w.field(6, TType::I32, |w| w.i32(entity.fire.into()))?;
        w.field(7, TType::I32, |w| w.i32(entity.air.into()))?;
        w.field(8, TType::Bool, |w| w.bool(entity.on_ground))?;
        w.field(9, TType::Bool, |w| w.bool(entity.no_gravity))?;
        w.field(10, TType::Bool, |w| w.bool(entity.invulnerable))?;
        w.field(11, TType::I32, |w| w.i32(entity.portal_cooldown))?;
        w.field(12, TType::Struct, |w| write_uuid(w, &entity.uuid))?;
        if let Some(name) = &entity.custom_name {
            w.string_field(13, name, "an entity's custom_name")?;
        }
        w.field(14, TType::Bool, |w| w.bool(entity.custom_name_visible))?;
        w.field(15, TType::Bool, |w| w.bool(entity.silent))?;
        w.field(16, TType::Bool, |w| w.bool(entity.glowing))
    })
}

fn read_entity<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Entity, Fault> {
    let at = r.pos();
    let (mut id, mut pos, mut motion, mut rotation) = (None, None, None, None);
    let (mut fall_distance, mut fire, mut air) = (None, None, None);
    let (mut portal_cooldown, mut uuid, mut custom_name) = (None, None, None);
    // on_ground, no_gravity, invulnerable, custom_name_visible, silent,
    // glowing.
    let mut flags = [None; 6];
    r.fields("Entity", ENTITY, |r, field| {
        match field {
            0 => id = Some(r.string("an entity's id")?),
            1 => pos = Some(read_vector3d(r)?),
            2 => motion = Some(read_vector3d(r)?),
            3 => rotation = Some(read_vector2f(r)?),
            4 => fall_distance = Some(r.float("an entity's fall_distance")?),
            5 => fire = Some(r.u16("an entity's fire")?),
            6 => air = Some(r.u16("an entity's air")?),
            7..=9 => flags[field - 7] = Some(r.bool(ENTITY[field].0)?),
            10 => portal_cooldown = Some(r.i32("an entity's portal_cooldown")?),
            11 => uuid = Some(read_uuid(r)?),
            12 => custom_name = Some(r.string("an entity's custom_name")?),
            _ => flags[field - 10] = Some(r.bool(ENTITY[field].0)?),
        }
        Ok(())
    })?;
    let flag = |index: usize, field: usize| required(flags[index], at, "Entity", ENTITY[field].0);
    Ok(Entity {
        id: required(id, at, "Entity", "id")?,
        pos: required(pos, at, "Entity", "pos")?,
        motion: required(motion, at, "Entity", "motion")?,
        rotation: required(rotation, at, "Entity", "rotation")?,
        fall_distance: required(fall_distance, at, "Entity", "fall_distance")?,
        fire: required(fire, at, "Entity", "fire")?,
        air: required(air, at, "Entity", "air")?,
        on_ground: flag(0, 7)?,
        no_gravity: flag(1, 8)?,
        invulnerable: flag(2, 9)?,
        portal_cooldown: required(portal_cooldown, at, "Entity", "portal_cooldown")?,
        uuid: required(uuid, at, "Entity", "uuid")?,
        custom_name,
        custom_name_visible: flag(3, 13)?,
        silent: flag(4, 14)?,
        glowing: flag(5, 15)?,
    })
}

fn write_recipe_book<P: Protocol>(w: &mut Writer<'_, P>, book: &RecipeBook) -> Result<(), Fail> {
    w.structure(|w| {
        w.list_field(
            1,
            &book.recipes,
            TType::String,
            "the recipes",
            |w, recipe| w.string(recipe, "a recipe"),
        )?;
        w.list_field(
            2,
            &book.to_be_displayed,
            TType::String,
            "the recipes to be displayed",
            |w, recipe| w.string(recipe, "a recipe"),
        )?;
        let flags = [
            book.is_filtering_craftable,
            book.is_gui_open,
            book.is_furnace_filtering_craftable,
            book.is_furnace_gui_open,
            book.is_blasting_furnace_filtering_craftable,
            book.is_blasting_furnace_gui_open,
            book.is_smoker_filtering_craftable,
            book.is_smoker_gui_open,
        ];
        for (id, flag) in (3..).zip(flags) {
            w.field(id, TType::Bool, |w| w.bool(flag))?;
        }
        Ok(())
    })
}

fn read_recipe_book<P: Protocol>(r: &mut Reader<'_, P>) -> Result<RecipeBook, Fault> {
    let at = r.pos();
    let (mut recipes, mut to_be_displayed) = (None, None);
    let mut flags = [None; 8];
    r.fields("RecipeBook", RECIPE_BOOK, |r, field| {
        let recipes_in = |r: &mut Reader<'_, P>, what| {
            r.list(what, TType::String, P::MIN_STRING, |r| r.string("a recipe"))
        };
        match field {
            0 => recipes = Some(recipes_in(r, "the recipes")?),
            1 => to_be_displayed = Some(recipes_in(r, "the recipes to be displayed")?),
            _ => flags[field - 2] = Some(r.bool(RECIPE_BOOK[field].0)?),
        }
        Ok(())
    })?;
    let flag = |index: usize| required(flags[index], at, "RecipeBook", RECIPE_BOOK[index + 2].0);
    Ok(RecipeBook {
        recipes: required(recipes, at, "RecipeBook", "recipes")?,
        to_be_displayed: required(to_be_displayed, at, "RecipeBook", "to_be_displayed")?,
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
