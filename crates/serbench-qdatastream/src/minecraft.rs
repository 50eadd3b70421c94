//! The players' save data as a Qt program would stream it: every field at
//! its own Qt type (`qint8` to `qint64`, `quint8` to `quint32`, `bool`,
//! `QString`, `QStringList`, `QList`), its `f32`s as `float` (at
//! `DoublePrecision`, [`crate::float`]) and `f64`s as `double`; the game
//! types as `qint8`s, as the crate writes every enum; a UUID's four words
//! as `quint32`s; a rotation as a `QVector2D` (two `float`s); an optional
//! string as a null `QString` when absent, any other `Option` as a `bool`
//! and the value if it is `true`.

use serbench_model::Players;
use serbench_model::minecraft::{Abilities, Entity, GameType, Item, Player, RecipeBook};

use crate::Stream;
use crate::error::{Fault, Unsupported};
use crate::read::Reader;
use crate::write::Writer;

/// Count, slot and an empty id.
const MIN_ITEM: usize = 1 + 1 + 4;
/// The fields of a player with empty strings and lists and no option.
const MIN_PLAYER: usize = {
    let game_types = 1 + 1;
    let up_to_the_item = 8 + 4 + 4 + MIN_ITEM;
    let spawn = 4 + 3 * 8 + 1;
    let food_and_xp = 2 + 2 * 8 + 4 + 4 + 8 + 4 + 4;
    let items = 4 + 4;
    let abilities = 2 * 8 + 5;
    let option_flags = 4;
    let seen_credits = 1;
    let recipe_book = 4 + 4 + 8;
    game_types
        + up_to_the_item
        + spawn
        + food_and_xp
        + items
        + abilities
        + option_flags
        + seen_credits
        + recipe_book
};

impl Stream for Players {
    fn write(&self, w: &mut Writer<'_>) -> Result<(), Unsupported> {
        w.list(&self.players, "the players", write_player)
    }

    fn read(r: &mut Reader<'_>) -> Result<Self, Fault> {
        let players = r.list("the player list", MIN_PLAYER, read_player)?;
        Ok(Players { players })
    }
}

fn write_player(w: &mut Writer<'_>, player: &Player) -> Result<(), Unsupported> {
    w.i8(player.game_type as i8);
    w.i8(player.previous_game_type as i8);
    w.i64(player.score);
    w.string(&player.dimension, "a player's dimension")?;
    w.u32(player.selected_item_slot);
    write_item(w, &player.selected_item)?;
    w.optional_string(
        player.spawn_dimension.as_ref(),
        "a player's spawn_dimension",
    )?;
    w.i64(player.spawn_x);
    w.i64(player.spawn_y);
    w.i64(player.spawn_z);
    w.optional(player.spawn_forced.as_ref(), |w, forced| {
        w.bool(*forced);
        Ok(())
    })?;
    w.u16(player.sleep_timer);
    w.f32(player.food_exhaustion_level);
    w.f32(player.food_saturation_level);
    w.u32(player.food_tick_timer);
    w.u32(player.xp_level);
    w.f32(player.xp_p);
    w.i32(player.xp_total);
    w.i32(player.xp_seed);
    w.list(&player.inventory, "an inventory", write_item)?;
    w.list(&player.ender_items, "the ender items", write_item)?;
    let Abilities {
        walk_speed,
        fly_speed,
        may_fly,
        flying,
        invulnerable,
        may_build,
        instabuild,
    } = player.abilities;
    w.f32(walk_speed);
    w.f32(fly_speed);
    for flag in [may_fly, flying, invulnerable, may_build, instabuild] {
        w.bool(flag);
    }
    w.optional(player.entered_nether_position.as_ref(), |w, &(x, y, z)| {
        w.f64(x);
        w.f64(y);
        w.f64(z);
        Ok(())
    })?;
    w.optional(player.root_vehicle.as_ref(), |w, (uuid, entity)| {
        write_uuid(w, uuid);
        write_entity(w, entity)
    })?;
    w.optional(player.shoulder_entity_left.as_ref(), write_entity)?;
    w.optional(player.shoulder_entity_right.as_ref(), write_entity)?;
    w.bool(player.seen_credits);
    write_recipe_book(w, &player.recipe_book)
}

fn read_player(r: &mut Reader<'_>) -> Result<Player, Fault> {
    Ok(Player {
        game_type: read_game_type(r, "a player's game_type")?,
        previous_game_type: read_game_type(r, "a player's previous_game_type")?,
        score: r.i64("a player's score")?,
        dimension: r.string("a player's dimension")?,
        selected_item_slot: r.u32("a player's selected_item_slot")?,
        selected_item: read_item(r)?,
        spawn_dimension: r.optional_string("a player's spawn_dimension")?,
        spawn_x: r.i64("a player's spawn_x")?,
        spawn_y: r.i64("a player's spawn_y")?,
        spawn_z: r.i64("a player's spawn_z")?,
        spawn_forced: r.optional("a player's spawn_forced flag", |r| {
            r.bool("a player's spawn_forced")
        })?,
        sleep_timer: r.u16("a player's sleep_timer")?,
        food_exhaustion_level: r.f32("a player's food_exhaustion_level")?,
        food_saturation_level: r.f32("a player's food_saturation_level")?,
        food_tick_timer: r.u32("a player's food_tick_timer")?,
        xp_level: r.u32("a player's xp_level")?,
        xp_p: r.f32("a player's xp_p")?,
        xp_total: r.i32("a player's xp_total")?,
        xp_seed: r.i32("a player's xp_seed")?,
        inventory: r.list("an inventory", MIN_ITEM, read_item)?,
        ender_items: r.list("the ender item list", MIN_ITEM, read_item)?,
        abilities: Abilities {
            walk_speed: r.f32("the walk_speed")?,
            fly_speed: r.f32("the fly_speed")?,
            may_fly: r.bool("the may_fly flag")?,
            flying: r.bool("the flying flag")?,
            invulnerable: r.bool("the invulnerable flag")?,
            may_build: r.bool("the may_build flag")?,
            instabuild: r.bool("the instabuild flag")?,
        },
        entered_nether_position: r.optional("the entered_nether_position flag", |r| {
            Ok((
                r.f64("the entered_nether_position")?,
                r.f64("the entered_nether_position")?,
                r.f64("the entered_nether_position")?,
            ))
        })?,
        root_vehicle: r.optional("the root_vehicle flag", |r| {
            Ok((read_uuid(r, "the root vehicle's uuid")?, read_entity(r)?))
        })?,
        shoulder_entity_left: r.optional("the shoulder_entity_left flag", read_entity)?,
        shoulder_entity_right: r.optional("the shoulder_entity_right flag", read_entity)?,
        seen_credits: r.bool("the seen_credits flag")?,
        recipe_book: read_recipe_book(r)?,
    })
}

fn read_game_type(r: &mut Reader<'_>, what: &str) -> Result<GameType, Fault> {
    r.variant(what, &GameType::ALL, "GameType")
}

fn write_item(w: &mut Writer<'_>, item: &Item) -> Result<(), Unsupported> {
    w.i8(item.count);
    w.u8(item.slot);
    w.string(&item.id, "an item's id")
}

fn read_item(r: &mut Reader<'_>) -> Result<Item, Fault> {
    Ok(Item {
        count: r.i8("an item's count")?,
        slot: r.u8("an item's slot")?,
        id: r.string("an item's id")?,
    })
}

fn write_uuid(w: &mut Writer<'_>, uuid: &[u32; 4]) {
    for word in uuid {
        w.u32(*word);
    }
}

fn read_uuid(r: &mut Reader<'_>, what: &str) -> Result<[u32; 4], Fault> {
    let bytes: [u8; 16] = r.array(what)?;
    let (words, _) = bytes.as_chunks::<4>();
    Ok(std::array::from_fn(|i| u32::from_be_bytes(words[i])))
}

fn write_entity(w: &mut Writer<'_>, entity: &Entity) -> Result<(), Unsupported> {
    w.string(&entity.id, "an entity's id")?;
    let (x, y, z) = entity.pos;
    let (dx, dy, dz) = entity.motion;
    for value in [x, y, z, dx, dy, dz] {
        w.f64(value);
    }
    w.f32(entity.rotation.0);
    w.f32(entity.rotation.1);
    w.f32(entity.fall_distance);
    w.u16(entity.fire);
    w.u16(entity.air);
    w.bool(entity.on_ground);
    w.bool(entity.no_gravity);
    w.bool(entity.invulnerable);
    w.i32(entity.portal_cooldown);
    write_uuid(w, &entity.uuid);
    w.optional_string(entity.custom_name.as_ref(), "an entity's custom_name")?;
    w.bool(entity.custom_name_visible);
    w.bool(entity.silent);
    w.bool(entity.glowing);
    Ok(())
}

fn read_entity(r: &mut Reader<'_>) -> Result<Entity, Fault> {
    Ok(Entity {
        id: r.string("an entity's id")?,
        pos: (
            r.f64("an entity's pos")?,
            r.f64("an entity's pos")?,
            r.f64("an entity's pos")?,
        ),
        motion: (
            r.f64("an entity's motion")?,
            r.f64("an entity's motion")?,
            r.f64("an entity's motion")?,
        ),
        rotation: (
            r.f32("an entity's rotation")?,
            r.f32("an entity's rotation")?,
        ),
        fall_distance: r.f32("an entity's fall_distance")?,
        fire: r.u16("an entity's fire")?,
        air: r.u16("an entity's air")?,
        on_ground: r.bool("an entity's on_ground flag")?,
        no_gravity: r.bool("an entity's no_gravity flag")?,
        invulnerable: r.bool("an entity's invulnerable flag")?,
        portal_cooldown: r.i32("an entity's portal_cooldown")?,
        uuid: read_uuid(r, "an entity's uuid")?,
        custom_name: r.optional_string("an entity's custom_name")?,
        custom_name_visible: r.bool("an entity's custom_name_visible flag")?,
        silent: r.bool("an entity's silent flag")?,
        glowing: r.bool("an entity's glowing flag")?,
    })
}

fn write_recipe_book(w: &mut Writer<'_>, book: &RecipeBook) -> Result<(), Unsupported> {
    w.list(&book.recipes, "the recipes", |w, recipe| {
        w.string(recipe, "a recipe")
    })?;
    w.list(
        &book.to_be_displayed,
        "the recipes to be displayed",
        |w, recipe| w.string(recipe, "a recipe"),
    )?;
    for flag in [
        book.is_filtering_craftable,
        book.is_gui_open,
        book.is_furnace_filtering_craftable,
        book.is_furnace_gui_open,
        book.is_blasting_furnace_filtering_craftable,
        book.is_blasting_furnace_gui_open,
        book.is_smoker_filtering_craftable,
        book.is_smoker_gui_open,
    ] {
        w.bool(flag);
    }
    Ok(())
}

fn read_recipe_book(r: &mut Reader<'_>) -> Result<RecipeBook, Fault> {
    Ok(RecipeBook {
        recipes: r.list("the recipe list", 4, |r| r.string("a recipe"))?,
        to_be_displayed: r.list("the to_be_displayed list", 4, |r| r.string("a recipe"))?,
        is_filtering_craftable: r.bool("the is_filtering_craftable flag")?,
        is_gui_open: r.bool("the is_gui_open flag")?,
        is_furnace_filtering_craftable: r.bool("the is_furnace_filtering_craftable flag")?,
        is_furnace_gui_open: r.bool("the is_furnace_gui_open flag")?,
        is_blasting_furnace_filtering_craftable: r
            .bool("the is_blasting_furnace_filtering_craftable flag")?,
        is_blasting_furnace_gui_open: r.bool("the is_blasting_furnace_gui_open flag")?,
        is_smoker_filtering_craftable: r.bool("the is_smoker_filtering_craftable flag")?,
        is_smoker_gui_open: r.bool("the is_smoker_gui_open flag")?,
    })
}
