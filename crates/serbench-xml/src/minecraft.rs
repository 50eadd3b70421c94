//! Minecraft save data: `<players>` holding a `<player>` per player, its
//! scalars as attributes (an absent option an absent attribute, a tuple an
//! `xs:list`), its nested records as child elements: `<selected_item>`,
//! an `<item>` per inventory item and an `<ender_item>` per ender item,
//! `<abilities>`, an optional `<root_vehicle uuid="…">` holding its
//! `<entity>`, optional `<shoulder_entity_left>` and
//! `<shoulder_entity_right>`, and `<recipe_book>` holding a `<recipe>` per
//! recipe and a `<to_be_displayed>` per recipe still to be shown.

use serbench_model::excerpt::shown;
use serbench_model::minecraft::{Abilities, Entity, GameType, Item, Player, RecipeBook};
use serbench_model::{Error, Players, Str};

use crate::float::{self, items, parse_double, parse_float};
use crate::read::{Attributes, Element, Input, parse_bool};
use crate::write::{Output, Tag};

const GAME_TYPES: [&str; 4] = ["SURVIVAL", "CREATIVE", "ADVENTURE", "SPECTATOR"];

fn parse_game_type(text: &str) -> Result<GameType, String> {
    GAME_TYPES
        .iter()
        .position(|name| *name == text)
        .map(|index| GameType::ALL[index])
        .ok_or_else(|| format!("{} is not a game type (SURVIVAL to SPECTATOR)", shown(text)))
}

fn bool_text(value: bool) -> &'static str {
    if value { "true" } else { "false" }
}

/// `<player>`'s attributes, in wire order.
const PLAYER: [&str; 20] = [
    "game_type",
    "previous_game_type",
    "score",
    "dimension",
    "selected_item_slot",
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
    "entered_nether_position",
    "seen_credits",
];
const ITEM: [&str; 3] = ["count", "slot", "id"];
const ABILITIES: [&str; 7] = [
    "walk_speed",
    "fly_speed",
    "may_fly",
    "flying",
    "invulnerable",
    "may_build",
    "instabuild",
];
const ENTITY: [&str; 16] = [
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
const RECIPE_BOOK: [&str; 8] = [
    "is_filtering_craftable",
    "is_gui_open",
    "is_furnace_filtering_craftable",
    "is_furnace_gui_open",
    "is_blasting_furnace_filtering_craftable",
    "is_blasting_furnace_gui_open",
    "is_smoker_filtering_craftable",
    "is_smoker_gui_open",
];

/// The tags of the elements a player is written with, made once.
struct Tags {
    player: Tag,
    selected_item: Tag,
    item: Tag,
    ender_item: Tag,
    abilities: Tag,
    root_vehicle: Tag,
    entity: Tag,
    shoulder_entity_left: Tag,
    shoulder_entity_right: Tag,
    recipe_book: Tag,
}

pub(crate) fn encode(players: &Players, out: &mut Vec<u8>) -> Result<(), Error> {
    let mut out = Output::new::<Players>(out);
    out.declaration()?;
    if !out.open(&Tag::new("players"), !players.players.is_empty())? {
        return Ok(());
    }
    let mut tags = Tags {
        player: Tag::new("player"),
        selected_item: Tag::new("selected_item"),
        item: Tag::new("item"),
        ender_item: Tag::new("ender_item"),
        abilities: Tag::new("abilities"),
        root_vehicle: Tag::new("root_vehicle"),
        entity: Tag::new("entity"),
        shoulder_entity_left: Tag::new("shoulder_entity_left"),
        shoulder_entity_right: Tag::new("shoulder_entity_right"),
        recipe_book: Tag::new("recipe_book"),
    };
    for (index, player) in players.players.iter().enumerate() {
        write_player(&mut out, &mut tags, player, &|| format!("players[{index}]"))?;
    }
    out.end("players")
}

fn write_player(
    out: &mut Output<'_>,
    tags: &mut Tags,
    player: &Player,
    path: &dyn Fn() -> String,
) -> Result<(), Error> {
    let tag = tags.player.clear();
    tag.plain("game_type", GAME_TYPES[player.game_type as usize])
        .plain(
            "previous_game_type",
            GAME_TYPES[player.previous_game_type as usize],
        );
    out.number(tag, "score", player.score);
    tag.text(
        "dimension",
        out.check(&player.dimension, || format!("{}.dimension", path()))?,
    );
    out.number(tag, "selected_item_slot", player.selected_item_slot);
    if let Some(dimension) = &player.spawn_dimension {
        tag.text(
            "spawn_dimension",
            out.check(dimension, || format!("{}.spawn_dimension", path()))?,
        );
    }
    out.number(tag, "spawn_x", player.spawn_x);
    out.number(tag, "spawn_y", player.spawn_y);
    out.number(tag, "spawn_z", player.spawn_z);
    if let Some(forced) = player.spawn_forced {
        tag.plain("spawn_forced", bool_text(forced));
    }
    out.number(tag, "sleep_timer", player.sleep_timer);
    for (key, value) in [
        ("food_exhaustion_level", player.food_exhaustion_level),
        ("food_saturation_level", player.food_saturation_level),
    ] {
        let value = float::float(out, value, || format!("{}.{key}", path()))?;
        out.number(tag, key, value);
    }
    out.number(tag, "food_tick_timer", player.food_tick_timer);
    out.number(tag, "xp_level", player.xp_level);
    let xp_p = float::float(out, player.xp_p, || format!("{}.xp_p", path()))?;
    out.number(tag, "xp_p", xp_p);
    out.number(tag, "xp_total", player.xp_total);
    out.number(tag, "xp_seed", player.xp_seed);
    if let Some((x, y, z)) = player.entered_nether_position {
        let at = || format!("{}.entered_nether_position", path());
        let xyz = [
            float::double(out, x, at)?,
            float::double(out, y, at)?,
            float::double(out, z, at)?,
        ];
        out.list(tag, "entered_nether_position", xyz);
    }
    tag.plain("seen_credits", bool_text(player.seen_credits));
    out.start(&tags.player)?;

    write_item(out, &mut tags.selected_item, &player.selected_item, &|| {
        format!("{}.selected_item", path())
    })?;
    for (index, item) in player.inventory.iter().enumerate() {
        write_item(out, &mut tags.item, item, &|| {
            format!("{}.inventory[{index}]", path())
        })?;
    }
    for (index, item) in player.ender_items.iter().enumerate() {
        write_item(out, &mut tags.ender_item, item, &|| {
            format!("{}.ender_items[{index}]", path())
        })?;
    }
    write_abilities(out, &mut tags.abilities, &player.abilities, &|| {
        format!("{}.abilities", path())
    })?;
    if let Some((uuid, entity)) = &player.root_vehicle {
        out.list(tags.root_vehicle.clear(), "uuid", uuid);
        out.start(&tags.root_vehicle)?;
        write_entity(out, &mut tags.entity, entity, &|| {
            format!("{}.root_vehicle.entity", path())
        })?;
        out.end("root_vehicle")?;
    }
    if let Some(entity) = &player.shoulder_entity_left {
        write_entity(out, &mut tags.shoulder_entity_left, entity, &|| {
            format!("{}.shoulder_entity_left", path())
        })?;
    }
    if let Some(entity) = &player.shoulder_entity_right {
        write_entity(out, &mut tags.shoulder_entity_right, entity, &|| {
            format!("{}.shoulder_entity_right", path())
        })?;
    }
    write_recipe_book(out, &mut tags.recipe_book, &player.recipe_book, &|| {
        format!("{}.recipe_book", path())
    })?;
    out.end("player")
}

fn write_item(
    out: &mut Output<'_>,
    tag: &mut Tag,
    item: &Item,
    path: &dyn Fn() -> String,
) -> Result<(), Error> {
    out.number(tag.clear(), "count", item.count);
    out.number(tag, "slot", item.slot);
    tag.text("id", out.check(&item.id, || format!("{}.id", path()))?);
    out.empty(tag)
}

fn write_abilities(
    out: &mut Output<'_>,
    tag: &mut Tag,
    abilities: &Abilities,
    path: &dyn Fn() -> String,
) -> Result<(), Error> {
    let Abilities {
        walk_speed,
        fly_speed,
        may_fly,
        flying,
        invulnerable,
        may_build,
        instabuild,
    } = *abilities;
    tag.clear();
    for (key, value) in [("walk_speed", walk_speed), ("fly_speed", fly_speed)] {
        let value = float::float(out, value, || format!("{}.{key}", path()))?;
        out.number(tag, key, value);
    }
    for (key, value) in
        ABILITIES[2..]
            .iter()
            .copied()
            .zip([may_fly, flying, invulnerable, may_build, instabuild])
    {
        tag.plain(key, bool_text(value));
    }
    out.empty(tag)
}

fn write_entity(
    out: &mut Output<'_>,
    tag: &mut Tag,
    entity: &Entity,
    path: &dyn Fn() -> String,
) -> Result<(), Error> {
    tag.clear()
        .text("id", out.check(&entity.id, || format!("{}.id", path()))?);
    for (key, (x, y, z)) in [("pos", entity.pos), ("motion", entity.motion)] {
        let at = || format!("{}.{key}", path());
        let xyz = [
            float::double(out, x, at)?,
            float::double(out, y, at)?,
            float::double(out, z, at)?,
        ];
        out.list(tag, key, xyz);
    }
    let at = || format!("{}.rotation", path());
    let rotation = [
        float::float(out, entity.rotation.0, at)?,
        float::float(out, entity.rotation.1, at)?,
    ];
    out.list(tag, "rotation", rotation);
    let fall_distance = float::float(out, entity.fall_distance, || {
        format!("{}.fall_distance", path())
    })?;
    out.number(tag, "fall_distance", fall_distance);
    out.number(tag, "fire", entity.fire);
    out.number(tag, "air", entity.air);
    tag.plain("on_ground", bool_text(entity.on_ground))
        .plain("no_gravity", bool_text(entity.no_gravity))
        .plain("invulnerable", bool_text(entity.invulnerable));
    out.number(tag, "portal_cooldown", entity.portal_cooldown);
    out.list(tag, "uuid", entity.uuid);
    if let Some(name) = &entity.custom_name {
        tag.text(
            "custom_name",
            out.check(name, || format!("{}.custom_name", path()))?,
        );
    }
    tag.plain("custom_name_visible", bool_text(entity.custom_name_visible))
        .plain("silent", bool_text(entity.silent))
        .plain("glowing", bool_text(entity.glowing));
    out.empty(tag)
}

fn write_recipe_book(
    out: &mut Output<'_>,
    tag: &mut Tag,
    book: &RecipeBook,
    path: &dyn Fn() -> String,
) -> Result<(), Error> {
    tag.clear();
    for (key, value) in RECIPE_BOOK.into_iter().zip([
        book.is_filtering_craftable,
        book.is_gui_open,
        book.is_furnace_filtering_craftable,
        book.is_furnace_gui_open,
        book.is_blasting_furnace_filtering_craftable,
        book.is_blasting_furnace_gui_open,
        book.is_smoker_filtering_craftable,
        book.is_smoker_gui_open,
    ]) {
        tag.plain(key, bool_text(value));
    }
    if !out.open(
        tag,
        !book.recipes.is_empty() || !book.to_be_displayed.is_empty(),
    )? {
        return Ok(());
    }
    for (index, recipe) in book.recipes.iter().enumerate() {
        out.text_element("recipe", recipe, || format!("{}.recipes[{index}]", path()))?;
    }
    for (index, recipe) in book.to_be_displayed.iter().enumerate() {
        out.text_element("to_be_displayed", recipe, || {
            format!("{}.to_be_displayed[{index}]", path())
        })?;
    }
    out.end("recipe_book")
}

/// The players `input` holds, their strings of type `S`.
pub(crate) fn decode<'a, S: Str<'a>>(mut input: Input<'a>) -> Result<Players<S>, Error> {
    let root = input.root("players")?;
    root.attributes([])?;
    let mut players = Vec::new();
    while let Some(element) = input.child(&root)? {
        if element.name() != "player" {
            return Err(input.unexpected(&element, &root));
        }
        players.push(read_player(&mut input, &element)?);
    }
    input.finish()?;
    Ok(Players { players })
}

/// A player's child elements, each as it arrives; the ones the model
/// needs once are `None` until then.
struct Children<S> {
    selected_item: Option<Item<S>>,
    inventory: Vec<Item<S>>,
    ender_items: Vec<Item<S>>,
    abilities: Option<Abilities>,
    root_vehicle: Option<([u32; 4], Entity<S>)>,
    shoulder_entity_left: Option<Entity<S>>,
    shoulder_entity_right: Option<Entity<S>>,
    recipe_book: Option<RecipeBook<S>>,
}

fn read_player<'a, S: Str<'a>>(
    input: &mut Input<'a>,
    element: &Element<'a>,
) -> Result<Player<S>, Error> {
    let mut attributes = element.attributes(PLAYER)?;
    let game_type = attributes.parse(0, parse_game_type)?;
    let previous_game_type = attributes.parse(1, parse_game_type)?;
    let score = attributes.integer(2)?;
    let dimension = attributes.string(3)?;
    let selected_item_slot = attributes.integer(4)?;
    let spawn_dimension = attributes.optional(5);
    let spawn_x = attributes.integer(6)?;
    let spawn_y = attributes.integer(7)?;
    let spawn_z = attributes.integer(8)?;
    let spawn_forced = optional_parse(&attributes, 9, parse_bool)?;
    let sleep_timer = attributes.integer(10)?;
    let food_exhaustion_level = attributes.parse(11, parse_float)?;
    let food_saturation_level = attributes.parse(12, parse_float)?;
    let food_tick_timer = attributes.integer(13)?;
    let xp_level = attributes.integer(14)?;
    let xp_p = attributes.parse(15, parse_float)?;
    let xp_total = attributes.integer(16)?;
    let xp_seed = attributes.integer(17)?;
    let entered_nether_position = optional_parse(&attributes, 18, parse_vector3d)?;
    let seen_credits = attributes.parse(19, parse_bool)?;
    let mut children = Children {
        selected_item: None,
        inventory: Vec::new(),
        ender_items: Vec::new(),
        abilities: None,
        root_vehicle: None,
        shoulder_entity_left: None,
        shoulder_entity_right: None,
        recipe_book: None,
    };
    while let Some(child) = input.child(element)? {
        read_child(input, element, &child, &mut children)?;
    }
    Ok(Player {
        game_type,
        previous_game_type,
        score,
        dimension,
        selected_item_slot,
        selected_item: children
            .selected_item
            .ok_or_else(|| input.missing("selected_item", element))?,
        spawn_dimension,
        spawn_x,
        spawn_y,
        spawn_z,
        spawn_forced,
        sleep_timer,
        food_exhaustion_level,
        food_saturation_level,
        food_tick_timer,
        xp_level,
        xp_p,
        xp_total,
        xp_seed,
        inventory: children.inventory,
        ender_items: children.ender_items,
        abilities: children
            .abilities
            .ok_or_else(|| input.missing("abilities", element))?,
        entered_nether_position,
        root_vehicle: children.root_vehicle,
        shoulder_entity_left: children.shoulder_entity_left,
        shoulder_entity_right: children.shoulder_entity_right,
        seen_credits,
        recipe_book: children
            .recipe_book
            .ok_or_else(|| input.missing("recipe_book", element))?,
    })
}

/// Reads `child` of the player `parent` into its place in `children`.
fn read_child<'a, S: Str<'a>>(
    input: &mut Input<'a>,
    parent: &Element<'a>,
    child: &Element<'a>,
    children: &mut Children<S>,
) -> Result<(), Error> {
    /// `value` into `slot`, unless the element already filled it.
    fn once<'a, T>(
        input: &Input<'a>,
        slot: &mut Option<T>,
        value: T,
        child: &Element<'a>,
        parent: &Element<'a>,
    ) -> Result<(), Error> {
        if slot.is_some() {
            return Err(input.repeated(child, parent));
        }
        *slot = Some(value);
        Ok(())
    }

    match child.name() {
        "selected_item" => {
            let item = read_item(child)?;
            input.close(child)?;
            once(input, &mut children.selected_item, item, child, parent)
        }
        "item" => {
            children.inventory.push(read_item(child)?);
            input.close(child)
        }
        "ender_item" => {
            children.ender_items.push(read_item(child)?);
            input.close(child)
        }
        "abilities" => {
            let abilities = read_abilities(child)?;
            input.close(child)?;
            once(input, &mut children.abilities, abilities, child, parent)
        }
        "root_vehicle" => {
            let uuid = child.attributes(["uuid"])?.parse(0, parse_uuid)?;
            let mut entity = None;
            while let Some(grandchild) = input.child(child)? {
                if grandchild.name() != "entity" {
                    return Err(input.unexpected(&grandchild, child));
                }
                let value = read_entity(&grandchild)?;
                input.close(&grandchild)?;
                once(input, &mut entity, value, &grandchild, child)?;
            }
            let entity = entity.ok_or_else(|| input.missing("entity", child))?;
            once(
                input,
                &mut children.root_vehicle,
                (uuid, entity),
                child,
                parent,
            )
        }
        "shoulder_entity_left" => {
            let entity = read_entity(child)?;
            input.close(child)?;
            once(
                input,
                &mut children.shoulder_entity_left,
                entity,
                child,
                parent,
            )
        }
        "shoulder_entity_right" => {
            let entity = read_entity(child)?;
            input.close(child)?;
            once(
                input,
                &mut children.shoulder_entity_right,
                entity,
                child,
                parent,
            )
        }
        "recipe_book" => {
            let book = read_recipe_book(input, child)?;
            once(input, &mut children.recipe_book, book, child, parent)
        }
        _ => Err(input.unexpected(child, parent)),
    }
}

/// Attribute `index` read by `parse`, if present.
fn optional_parse<T, const N: usize>(
    attributes: &Attributes<'_, '_, N>,
    index: usize,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Result<Option<T>, Error> {
    if attributes.has(index) {
        attributes.parse(index, parse).map(Some)
    } else {
        Ok(None)
    }
}

fn parse_vector3d(text: &str) -> Result<(f64, f64, f64), String> {
    let [x, y, z] = items(text, parse_double)?;
    Ok((x, y, z))
}

fn parse_uuid(text: &str) -> Result<[u32; 4], String> {
    items(text, |word| {
        word.parse::<u32>()
            .map_err(|_| format!("{} is not an integer in range for u32", shown(word)))
    })
}

fn read_item<'a, S: Str<'a>>(element: &Element<'a>) -> Result<Item<S>, Error> {
    let mut attributes = element.attributes(ITEM)?;
    Ok(Item {
        count: attributes.integer(0)?,
        slot: attributes.integer(1)?,
        id: attributes.string(2)?,
    })
}

fn read_abilities(element: &Element<'_>) -> Result<Abilities, Error> {
    let attributes = element.attributes(ABILITIES)?;
    Ok(Abilities {
        walk_speed: attributes.parse(0, parse_float)?,
        fly_speed: attributes.parse(1, parse_float)?,
        may_fly: attributes.parse(2, parse_bool)?,
        flying: attributes.parse(3, parse_bool)?,
        invulnerable: attributes.parse(4, parse_bool)?,
        may_build: attributes.parse(5, parse_bool)?,
        instabuild: attributes.parse(6, parse_bool)?,
    })
}

fn read_entity<'a, S: Str<'a>>(element: &Element<'a>) -> Result<Entity<S>, Error> {
    let mut attributes = element.attributes(ENTITY)?;
    Ok(Entity {
        id: attributes.string(0)?,
        pos: attributes.parse(1, parse_vector3d)?,
        motion: attributes.parse(2, parse_vector3d)?,
        rotation: attributes.parse(3, |text| {
            items(text, parse_float).map(|[yaw, pitch]| (yaw, pitch))
        })?,
        fall_distance: attributes.parse(4, parse_float)?,
        fire: attributes.integer(5)?,
        air: attributes.integer(6)?,
        on_ground: attributes.parse(7, parse_bool)?,
        no_gravity: attributes.parse(8, parse_bool)?,
        invulnerable: attributes.parse(9, parse_bool)?,
        portal_cooldown: attributes.integer(10)?,
        uuid: attributes.parse(11, parse_uuid)?,
        custom_name: attributes.optional(12),
        custom_name_visible: attributes.parse(13, parse_bool)?,
        silent: attributes.parse(14, parse_bool)?,
        glowing: attributes.parse(15, parse_bool)?,
    })
}

fn read_recipe_book<'a, S: Str<'a>>(
    input: &mut Input<'a>,
    element: &Element<'a>,
) -> Result<RecipeBook<S>, Error> {
    let attributes = element.attributes(RECIPE_BOOK)?;
    let mut flags = [false; 8];
    for (index, flag) in flags.iter_mut().enumerate() {
        *flag = attributes.parse(index, parse_bool)?;
    }
    let [
        is_filtering_craftable,
        is_gui_open,
        is_furnace_filtering_craftable,
        is_furnace_gui_open,
        is_blasting_furnace_filtering_craftable,
        is_blasting_furnace_gui_open,
        is_smoker_filtering_craftable,
        is_smoker_gui_open,
    ] = flags;
    let (mut recipes, mut to_be_displayed) = (Vec::new(), Vec::new());
    while let Some(child) = input.child(element)? {
        match child.name() {
            "recipe" => recipes.push(input.text(&child)?),
            "to_be_displayed" => to_be_displayed.push(input.text(&child)?),
            _ => return Err(input.unexpected(&child, element)),
        }
    }
    Ok(RecipeBook {
        recipes,
        to_be_displayed,
        is_filtering_craftable,
        is_gui_open,
        is_furnace_filtering_craftable,
        is_furnace_gui_open,
        is_blasting_furnace_filtering_craftable,
        is_blasting_furnace_gui_open,
        is_smoker_filtering_craftable,
        is_smoker_gui_open,
    })
}
