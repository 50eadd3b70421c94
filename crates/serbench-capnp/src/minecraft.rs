//! minecraft_savedata ↔ `schemas/minecraft_savedata.capnp`.

use capnp::text;
use serbench_model::Players;
use serbench_model::minecraft::{
    Abilities, Entity, GameType, Item, MinecraftAnswer, Player, RecipeBook,
};

use crate::generated::minecraft_savedata_capnp::{
    GameType as WireGameType, abilities, entity, item, player, players, recipe_book,
};
use crate::private::Wire;
use crate::read::{self, At, Failure};
use crate::write::{TooLong, Words};

impl Wire for Players {
    type Root = players::Owned;

    fn words(&self, words: &mut Words) -> Result<(), TooLong> {
        words.add_struct::<players::Owned>();
        words.structs::<player::Owned>("players", self.players.len())?;
        for player in &self.players {
            words.text("dimension", &player.dimension)?;
            words.add_struct::<item::Owned>();
            words.text("selected_item.id", &player.selected_item.id)?;
            if let Some(dimension) = &player.spawn_dimension {
                words.text("spawn_dimension", dimension)?;
            }
            for (field, items) in [
                ("inventory", &player.inventory),
                ("ender_items", &player.ender_items),
            ] {
                words.structs::<item::Owned>(field, items.len())?;
                for item in items {
                    words.text(field, &item.id)?;
                }
            }
            words.add_struct::<abilities::Owned>();
            let entities = [
                player.root_vehicle.as_ref().map(|(_, entity)| entity),
                player.shoulder_entity_left.as_ref(),
                player.shoulder_entity_right.as_ref(),
            ];
            for entity in entities.into_iter().flatten() {
                words.add_struct::<entity::Owned>();
                words.text("entity.id", &entity.id)?;
                if let Some(name) = &entity.custom_name {
                    words.text("entity.custom_name", name)?;
                }
            }
            words.add_struct::<recipe_book::Owned>();
            let book = &player.recipe_book;
            for (field, names) in [
                ("recipe_book.recipes", &book.recipes),
                ("recipe_book.to_be_displayed", &book.to_be_displayed),
            ] {
                words.texts(field, names.len())?;
                for name in names {
                    words.text(field, name)?;
                }
            }
        }
        Ok(())
    }

    fn build(&self, root: players::Builder<'_>) {
        let mut players = root.init_players(self.players.len() as u32);
        for (index, player) in self.players.iter().enumerate() {
            build_player(player, players.reborrow().get(index as u32));
        }
    }

    fn read(root: players::Reader<'_>) -> Result<Self, Failure> {
        let wire_players = root.get_players().at("players")?;
        let mut players = Vec::with_capacity(wire_players.len() as usize);
        for (index, player) in wire_players.iter().enumerate() {
            players.push(read_player(player).at_item("players", index)?);
        }
        Ok(Players { players })
    }

    fn answer(root: players::Reader<'_>) -> Result<MinecraftAnswer, Failure> {
        let mut answer = MinecraftAnswer::default();
        for (index, player) in root.get_players().at("players")?.iter().enumerate() {
            let game_type = check_player(player).at_item("players", index)?;
            answer.players += 1;
            answer.game_types[game_type as usize] += 1;
        }
        Ok(answer)
    }
}

fn wire_game_type(game_type: GameType) -> WireGameType {
    match game_type {
        GameType::Survival => WireGameType::Survival,
        GameType::Creative => WireGameType::Creative,
        GameType::Adventure => WireGameType::Adventure,
        GameType::Spectator => WireGameType::Spectator,
    }
}

fn build_item(item: &Item, mut wire: item::Builder<'_>) {
    wire.set_count(item.count);
    wire.set_slot(item.slot);
    wire.set_id(item.id.as_str());
}

fn build_entity(entity: &Entity, mut wire: entity::Builder<'_>) {
    wire.set_id(entity.id.as_str());
    let mut pos = wire.reborrow().init_pos();
    pos.set_x(entity.pos.0);
    pos.set_y(entity.pos.1);
    pos.set_z(entity.pos.2);
    let mut motion = wire.reborrow().init_motion();
    motion.set_x(entity.motion.0);
    motion.set_y(entity.motion.1);
    motion.set_z(entity.motion.2);
    let mut rotation = wire.reborrow().init_rotation();
    rotation.set_x(entity.rotation.0);
    rotation.set_y(entity.rotation.1);
    wire.set_fall_distance(entity.fall_distance);
    wire.set_fire(entity.fire);
    wire.set_air(entity.air);
    wire.set_on_ground(entity.on_ground);
    wire.set_no_gravity(entity.no_gravity);
    wire.set_invulnerable(entity.invulnerable);
    wire.set_portal_cooldown(entity.portal_cooldown);
    let mut uuid = wire.reborrow().init_uuid();
    uuid.set_x0(entity.uuid[0]);
    uuid.set_x1(entity.uuid[1]);
    uuid.set_x2(entity.uuid[2]);
    uuid.set_x3(entity.uuid[3]);
    // An absent name stays a null pointer.
    if let Some(name) = &entity.custom_name {
        wire.set_custom_name(name.as_str());
    }
    wire.set_custom_name_visible(entity.custom_name_visible);
    wire.set_silent(entity.silent);
    wire.set_glowing(entity.glowing);
}

fn build_player(player: &Player, mut wire: player::Builder<'_>) {
    wire.set_game_type(wire_game_type(player.game_type));
    wire.set_previous_game_type(wire_game_type(player.previous_game_type));
    wire.set_score(player.score);
    wire.set_dimension(player.dimension.as_str());
    wire.set_selected_item_slot(player.selected_item_slot);
    build_item(&player.selected_item, wire.reborrow().init_selected_item());
    let mut spawn_dimension = wire.reborrow().init_spawn_dimension();
    match &player.spawn_dimension {
        Some(dimension) => spawn_dimension.set_some(dimension.as_str()),
        None => spawn_dimension.set_none(()),
    }
    let mut spawn = wire.reborrow().init_spawn();
    spawn.set_x(player.spawn_x);
    spawn.set_y(player.spawn_y);
    spawn.set_z(player.spawn_z);
    let mut spawn_forced = wire.reborrow().init_spawn_forced();
    match player.spawn_forced {
        Some(forced) => spawn_forced.set_some(forced),
        None => spawn_forced.set_none(()),
    }
    wire.set_sleep_timer(player.sleep_timer);
    wire.set_food_exhaustion_level(player.food_exhaustion_level);
    wire.set_food_saturation_level(player.food_saturation_level);
    wire.set_food_tick_timer(player.food_tick_timer);
    wire.set_xp_level(player.xp_level);
    wire.set_xp_p(player.xp_p);
    wire.set_xp_total(player.xp_total);
    wire.set_xp_seed(player.xp_seed);
    let mut inventory = wire
        .reborrow()
        .init_inventory(player.inventory.len() as u32);
    for (index, item) in player.inventory.iter().enumerate() {
        build_item(item, inventory.reborrow().get(index as u32));
    }
    let mut ender_items = wire
        .reborrow()
        .init_ender_items(player.ender_items.len() as u32);
    for (index, item) in player.ender_items.iter().enumerate() {
        build_item(item, ender_items.reborrow().get(index as u32));
    }
    let abilities = &player.abilities;
    let mut wire_abilities = wire.reborrow().init_abilities();
    wire_abilities.set_walk_speed(abilities.walk_speed);
    wire_abilities.set_fly_speed(abilities.fly_speed);
    wire_abilities.set_may_fly(abilities.may_fly);
    wire_abilities.set_flying(abilities.flying);
    wire_abilities.set_invulnerable(abilities.invulnerable);
    wire_abilities.set_may_build(abilities.may_build);
    wire_abilities.set_instabuild(abilities.instabuild);
    let mut nether = wire.reborrow().init_entered_nether_position();
    match player.entered_nether_position {
        Some((x, y, z)) => {
            let mut position = nether.init_some();
            position.set_x(x);
            position.set_y(y);
            position.set_z(z);
        }
        None => nether.set_none(()),
    }
    let mut vehicle = wire.reborrow().init_root_vehicle();
    match &player.root_vehicle {
        Some((id, entity)) => {
            let mut some = vehicle.init_some();
            let mut uuid = some.reborrow().init_uuid();
            uuid.set_x0(id[0]);
            uuid.set_x1(id[1]);
            uuid.set_x2(id[2]);
            uuid.set_x3(id[3]);
            build_entity(entity, some.init_entity());
        }
        None => vehicle.set_none(()),
    }
    let mut left = wire.reborrow().init_shoulder_entity_left();
    match &player.shoulder_entity_left {
        Some(entity) => build_entity(entity, left.init_some()),
        None => left.set_none(()),
    }
    let mut right = wire.reborrow().init_shoulder_entity_right();
    match &player.shoulder_entity_right {
        Some(entity) => build_entity(entity, right.init_some()),
        None => right.set_none(()),
    }
    wire.set_seen_credits(player.seen_credits);
    build_recipe_book(&player.recipe_book, wire.init_recipe_book());
}

fn build_recipe_book(book: &RecipeBook, mut wire_book: recipe_book::Builder<'_>) {
    let mut recipes = wire_book.reborrow().init_recipes(book.recipes.len() as u32);
    for (index, recipe) in book.recipes.iter().enumerate() {
        recipes.set(index as u32, recipe.as_str());
    }
    let mut shown = wire_book
        .reborrow()
        .init_to_be_displayed(book.to_be_displayed.len() as u32);
    for (index, recipe) in book.to_be_displayed.iter().enumerate() {
        shown.set(index as u32, recipe.as_str());
    }
    wire_book.set_is_filtering_craftable(book.is_filtering_craftable);
    wire_book.set_is_gui_open(book.is_gui_open);
    wire_book.set_is_furnace_filtering_craftable(book.is_furnace_filtering_craftable);
    wire_book.set_is_furnace_gui_open(book.is_furnace_gui_open);
    wire_book
        .set_is_blasting_furnace_filtering_craftable(book.is_blasting_furnace_filtering_craftable);
    wire_book.set_is_blasting_furnace_gui_open(book.is_blasting_furnace_gui_open);
    wire_book.set_is_smoker_filtering_craftable(book.is_smoker_filtering_craftable);
    wire_book.set_is_smoker_gui_open(book.is_smoker_gui_open);
}

/// A game type, which must be one the schema defines.
fn game_type(
    wire: Result<WireGameType, capnp::NotInSchema>,
    field: &'static str,
) -> Result<GameType, Failure> {
    Ok(match wire.at(field)? {
        WireGameType::Survival => GameType::Survival,
        WireGameType::Creative => GameType::Creative,
        WireGameType::Adventure => GameType::Adventure,
        WireGameType::Spectator => GameType::Spectator,
    })
}

/// An optional text: `None` when its pointer is null.
fn optional(
    present: bool,
    text: capnp::Result<text::Reader<'_>>,
) -> Result<Option<String>, Failure> {
    present.then(|| read::string(text)).transpose()
}

/// The texts of a list, copied into a `Vec` of the list's length.
fn read_texts(
    list: capnp::Result<capnp::text_list::Reader<'_>>,
    field: &'static str,
) -> Result<Vec<String>, Failure> {
    let list = list.at(field)?;
    let mut texts = Vec::with_capacity(list.len() as usize);
    for (index, text) in list.iter().enumerate() {
        texts.push(read::string(text).at_item(field, index)?);
    }
    Ok(texts)
}

/// Checks the texts of a list in place, as [`read_texts`] does.
fn check_texts(
    list: capnp::Result<capnp::text_list::Reader<'_>>,
    field: &'static str,
) -> Result<(), Failure> {
    for (index, text) in list.at(field)?.iter().enumerate() {
        read::text(text).at_item(field, index)?;
    }
    Ok(())
}

fn read_item(item: item::Reader<'_>) -> Result<Item, Failure> {
    Ok(Item {
        count: item.get_count(),
        slot: item.get_slot(),
        id: read::string(item.get_id()).at("id")?,
    })
}

fn read_items(
    list: capnp::Result<capnp::struct_list::Reader<'_, item::Owned>>,
    field: &'static str,
) -> Result<Vec<Item>, Failure> {
    let list = list.at(field)?;
    let mut items = Vec::with_capacity(list.len() as usize);
    for (index, item) in list.iter().enumerate() {
        items.push(read_item(item).at_item(field, index)?);
    }
    Ok(items)
}

/// Checks the items of a list in place, as [`read_items`] does.
fn check_items(
    list: capnp::Result<capnp::struct_list::Reader<'_, item::Owned>>,
    field: &'static str,
) -> Result<(), Failure> {
    for (index, item) in list.at(field)?.iter().enumerate() {
        read::text(item.get_id()).at("id").at_item(field, index)?;
    }
    Ok(())
}

fn read_entity(entity: entity::Reader<'_>) -> Result<Entity, Failure> {
    let (pos, motion, rotation, uuid) = (
        entity.get_pos(),
        entity.get_motion(),
        entity.get_rotation(),
        entity.get_uuid(),
    );
    Ok(Entity {
        id: read::string(entity.get_id()).at("id")?,
        pos: (pos.get_x(), pos.get_y(), pos.get_z()),
        motion: (motion.get_x(), motion.get_y(), motion.get_z()),
        rotation: (rotation.get_x(), rotation.get_y()),
        fall_distance: entity.get_fall_distance(),
        fire: entity.get_fire(),
        air: entity.get_air(),
        on_ground: entity.get_on_ground(),
        no_gravity: entity.get_no_gravity(),
        invulnerable: entity.get_invulnerable(),
        portal_cooldown: entity.get_portal_cooldown(),
        uuid: [uuid.get_x0(), uuid.get_x1(), uuid.get_x2(), uuid.get_x3()],
        custom_name: optional(entity.has_custom_name(), entity.get_custom_name())
            .at("custom_name")?,
        custom_name_visible: entity.get_custom_name_visible(),
        silent: entity.get_silent(),
        glowing: entity.get_glowing(),
    })
}

fn optional_entity(
    entity: Option<entity::Reader<'_>>,
    field: &'static str,
) -> Result<Option<Entity>, Failure> {
    entity.map(read_entity).transpose().at(field)
}

/// Checks an entity in place, as [`read_entity`] does.
fn check_entity(entity: entity::Reader<'_>) -> Result<(), Failure> {
    read::text(entity.get_id()).at("id")?;
    if entity.has_custom_name() {
        read::text(entity.get_custom_name()).at("custom_name")?;
    }
    Ok(())
}

/// The parts of a player with a pointer or a tag to check, read once:
/// what decoding and traversing share.
struct Parts<'a> {
    game_type: GameType,
    previous_game_type: GameType,
    spawn_dimension: Option<capnp::Result<text::Reader<'a>>>,
    spawn_forced: Option<bool>,
    entered_nether_position: Option<(f64, f64, f64)>,
    root_vehicle: Option<([u32; 4], entity::Reader<'a>)>,
    shoulder_entity_left: Option<entity::Reader<'a>>,
    shoulder_entity_right: Option<entity::Reader<'a>>,
}

fn parts(player: player::Reader<'_>) -> Result<Parts<'_>, Failure> {
    use player::{
        entered_nether_position, root_vehicle, shoulder_entity_left, shoulder_entity_right,
        spawn_dimension, spawn_forced,
    };

    let spawn_dimension = match player.get_spawn_dimension().which().at("spawn_dimension")? {
        spawn_dimension::None(()) => None,
        spawn_dimension::Some(text) => Some(text),
    };
    let spawn_forced = match player.get_spawn_forced().which().at("spawn_forced")? {
        spawn_forced::None(()) => None,
        spawn_forced::Some(forced) => Some(forced),
    };
    let entered_nether_position = match player
        .get_entered_nether_position()
        .which()
        .at("entered_nether_position")?
    {
        entered_nether_position::None(()) => None,
        entered_nether_position::Some(position) => {
            Some((position.get_x(), position.get_y(), position.get_z()))
        }
    };
    let root_vehicle = match player.get_root_vehicle().which().at("root_vehicle")? {
        root_vehicle::None(()) => None,
        root_vehicle::Some(vehicle) => {
            let uuid = vehicle.get_uuid();
            Some((
                [uuid.get_x0(), uuid.get_x1(), uuid.get_x2(), uuid.get_x3()],
                vehicle.get_entity().at("root_vehicle")?,
            ))
        }
    };
    let shoulder_entity_left = match player
        .get_shoulder_entity_left()
        .which()
        .at("shoulder_entity_left")?
    {
        shoulder_entity_left::None(()) => None,
        shoulder_entity_left::Some(entity) => Some(entity.at("shoulder_entity_left")?),
    };
    let shoulder_entity_right = match player
        .get_shoulder_entity_right()
        .which()
        .at("shoulder_entity_right")?
    {
        shoulder_entity_right::None(()) => None,
        shoulder_entity_right::Some(entity) => Some(entity.at("shoulder_entity_right")?),
    };
    Ok(Parts {
        game_type: game_type(player.get_game_type(), "game_type")?,
        previous_game_type: game_type(player.get_previous_game_type(), "previous_game_type")?,
        spawn_dimension,
        spawn_forced,
        entered_nether_position,
        root_vehicle,
        shoulder_entity_left,
        shoulder_entity_right,
    })
}

fn read_player(player: player::Reader<'_>) -> Result<Player, Failure> {
    let parts = parts(player)?;
    let abilities = player.get_abilities().at("abilities")?;
    let book = player.get_recipe_book().at("recipe_book")?;
    let recipes = read_texts(book.get_recipes(), "recipes").at("recipe_book")?;
    let to_be_displayed =
        read_texts(book.get_to_be_displayed(), "to_be_displayed").at("recipe_book")?;
    let spawn = player.get_spawn();
    Ok(Player {
        game_type: parts.game_type,
        previous_game_type: parts.previous_game_type,
        score: player.get_score(),
        dimension: read::string(player.get_dimension()).at("dimension")?,
        selected_item_slot: player.get_selected_item_slot(),
        selected_item: read_item(player.get_selected_item().at("selected_item")?)
            .at("selected_item")?,
        spawn_dimension: parts
            .spawn_dimension
            .map(read::string)
            .transpose()
            .at("spawn_dimension")?,
        spawn_x: spawn.get_x(),
        spawn_y: spawn.get_y(),
        spawn_z: spawn.get_z(),
        spawn_forced: parts.spawn_forced,
        sleep_timer: player.get_sleep_timer(),
        food_exhaustion_level: player.get_food_exhaustion_level(),
        food_saturation_level: player.get_food_saturation_level(),
        food_tick_timer: player.get_food_tick_timer(),
        xp_level: player.get_xp_level(),
        xp_p: player.get_xp_p(),
        xp_total: player.get_xp_total(),
        xp_seed: player.get_xp_seed(),
        inventory: read_items(player.get_inventory(), "inventory")?,
        ender_items: read_items(player.get_ender_items(), "ender_items")?,
        abilities: Abilities {
            walk_speed: abilities.get_walk_speed(),
            fly_speed: abilities.get_fly_speed(),
            may_fly: abilities.get_may_fly(),
            flying: abilities.get_flying(),
            invulnerable: abilities.get_invulnerable(),
            may_build: abilities.get_may_build(),
            instabuild: abilities.get_instabuild(),
        },
        entered_nether_position: parts.entered_nether_position,
        root_vehicle: parts
            .root_vehicle
            .map(|(uuid, vehicle)| read_entity(vehicle).map(|entity| (uuid, entity)))
            .transpose()
            .at("root_vehicle")?,
        shoulder_entity_left: optional_entity(parts.shoulder_entity_left, "shoulder_entity_left")?,
        shoulder_entity_right: optional_entity(
            parts.shoulder_entity_right,
            "shoulder_entity_right",
        )?,
        seen_credits: player.get_seen_credits(),
        recipe_book: RecipeBook {
            recipes,
            to_be_displayed,
            is_filtering_craftable: book.get_is_filtering_craftable(),
            is_gui_open: book.get_is_gui_open(),
            is_furnace_filtering_craftable: book.get_is_furnace_filtering_craftable(),
            is_furnace_gui_open: book.get_is_furnace_gui_open(),
            is_blasting_furnace_filtering_craftable: book
                .get_is_blasting_furnace_filtering_craftable(),
            is_blasting_furnace_gui_open: book.get_is_blasting_furnace_gui_open(),
            is_smoker_filtering_craftable: book.get_is_smoker_filtering_craftable(),
            is_smoker_gui_open: book.get_is_smoker_gui_open(),
        },
    })
}

/// Reads in place every pointer [`read_player`] reads and checks every
/// text, enum value and union tag as it does, returning the game type.
fn check_player(player: player::Reader<'_>) -> Result<GameType, Failure> {
    let parts = parts(player)?;
    read::text(player.get_dimension()).at("dimension")?;
    read::text(player.get_selected_item().at("selected_item")?.get_id())
        .at("id")
        .at("selected_item")?;
    if let Some(dimension) = parts.spawn_dimension {
        read::text(dimension).at("spawn_dimension")?;
    }
    check_items(player.get_inventory(), "inventory")?;
    check_items(player.get_ender_items(), "ender_items")?;
    player.get_abilities().at("abilities")?;
    if let Some((_, vehicle)) = parts.root_vehicle {
        check_entity(vehicle).at("root_vehicle")?;
    }
    if let Some(entity) = parts.shoulder_entity_left {
        check_entity(entity).at("shoulder_entity_left")?;
    }
    if let Some(entity) = parts.shoulder_entity_right {
        check_entity(entity).at("shoulder_entity_right")?;
    }
    let book = player.get_recipe_book().at("recipe_book")?;
    check_texts(book.get_recipes(), "recipes").at("recipe_book")?;
    check_texts(book.get_to_be_displayed(), "to_be_displayed").at("recipe_book")?;
    Ok(parts.game_type)
}
