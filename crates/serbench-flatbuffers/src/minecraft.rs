//! minecraft_savedata: `schemas/minecraft_savedata.fbs`, RSB's shape,
//! built in RSB's order (each table's strings, vectors and child tables
//! first, then its fields in schema order).

use flatbuffers::{FlatBufferBuilder, ForwardsUOffset, Vector, WIPOffset};
use serbench_model::minecraft::{
    Abilities, Entity, GameType, Item, MinecraftAnswer, Player, RecipeBook,
};
use serbench_model::{Error, Players};

use crate::generated::minecraft_savedata::serbench as fb;
use crate::private::Schema;
use crate::{bound, invalid};

/// An item table and its slot in a vector: count, slot, id. Its vtables
/// are counted apart: they differ only in whether the count and the slot
/// are left out at their defaults, so a player's items have at most four.
const ITEM: usize = bound::shared_table(1 + 1 + 4) + 4;
/// The vtables of a player's items.
const ITEM_VTABLES: usize = bound::vtables(3, 4);
/// An entity table: id, pos, motion, rotation, fall distance, fire, air,
/// three flags, portal cooldown, uuid, custom name, three flags.
const ENTITY: usize = bound::table(16, 4 + 24 + 24 + 8 + 4 + 2 + 2 + 3 + 4 + 16 + 4 + 3);
/// A vehicle table: the uuid's four words and the entity.
const VEHICLE: usize = bound::table(5, 4 * 4 + 4);
/// A recipe book table: two vectors, eight flags.
const RECIPE_BOOK: usize = bound::table(10, 4 + 4 + 8);
/// A player table and its slot in the players vector.
const PLAYER: usize = bound::table(
    28,
    1 + 1
        + 8
        + 4
        + 4
        + 4
        + 4
        + 8 * 3
        + 1
        + 2
        + 4
        + 4
        + 4
        + 4
        + 4
        + 4
        + 4
        + 4
        + 4
        + 16
        + 24
        + 4
        + 4
        + 4
        + 1
        + 4,
) + 4;

impl Schema for Players {
    type Root<'a> = fb::Players<'a>;

    fn size_bound(&self) -> usize {
        let players: usize = self.players.iter().map(player_bound).sum();
        bound::FRAME + bound::table(1, 4) + bound::vector(self.players.len(), 4) + players
    }

    fn build<'b>(&self, builder: &mut FlatBufferBuilder<'b>) -> WIPOffset<fb::Players<'b>> {
        let players: Vec<_> = self
            .players
            .iter()
            .map(|player| build_player(player, builder))
            .collect();
        let players = builder.create_vector(&players);
        let mut table = fb::PlayersBuilder::new(builder);
        table.add_players(players);
        table.finish()
    }

    fn read(root: fb::Players<'_>) -> Result<Self, Error> {
        Ok(Players {
            players: root
                .players()
                .iter()
                .enumerate()
                .map(|(index, player)| read_player(player, index))
                .collect::<Result<_, Error>>()?,
        })
    }

    /// Checks everything [`read`](Schema::read) checks beyond the verifier,
    /// the game types, in place.
    fn answer(root: fb::Players<'_>) -> Result<MinecraftAnswer, Error> {
        let mut answer = MinecraftAnswer::default();
        for (index, player) in root.players().iter().enumerate() {
            let current = game_type(player.game_type(), index, "game_type")?;
            game_type(player.previous_game_type(), index, "previous_game_type")?;
            answer.players += 1;
            answer.game_types[current as usize] += 1;
        }
        Ok(answer)
    }
}

fn items_bound(items: &[Item]) -> usize {
    bound::vector(items.len(), 4)
        + items
            .iter()
            .map(|item| ITEM + bound::string(item.id.len()))
            .sum::<usize>()
}

fn entity_bound(entity: &Entity) -> usize {
    ENTITY
        + bound::string(entity.id.len())
        + entity
            .custom_name
            .as_ref()
            .map_or(0, |name| bound::string(name.len()))
}

fn player_bound(player: &Player) -> usize {
    let names = |names: &[String]| {
        bound::vector(names.len(), 4)
            + names
                .iter()
                .map(|name| bound::string(name.len()))
                .sum::<usize>()
    };
    let book = &player.recipe_book;
    PLAYER
        + ITEM_VTABLES
        + bound::string(player.dimension.len())
        + ITEM
        + bound::string(player.selected_item.id.len())
        + player
            .spawn_dimension
            .as_ref()
            .map_or(0, |name| bound::string(name.len()))
        + items_bound(&player.inventory)
        + items_bound(&player.ender_items)
        + player
            .root_vehicle
            .as_ref()
            .map_or(0, |(_, entity)| VEHICLE + entity_bound(entity))
        + player.shoulder_entity_left.as_ref().map_or(0, entity_bound)
        + player
            .shoulder_entity_right
            .as_ref()
            .map_or(0, entity_bound)
        + RECIPE_BOOK
        + names(&book.recipes)
        + names(&book.to_be_displayed)
}

fn build_item<'b>(item: &Item, builder: &mut FlatBufferBuilder<'b>) -> WIPOffset<fb::Item<'b>> {
    let id = builder.create_string(&item.id);
    let mut table = fb::ItemBuilder::new(builder);
    table.add_count(item.count);
    table.add_slot(item.slot);
    table.add_id(id);
    table.finish()
}

fn build_items<'b>(
    items: &[Item],
    builder: &mut FlatBufferBuilder<'b>,
) -> WIPOffset<Vector<'b, ForwardsUOffset<fb::Item<'b>>>> {
    let items: Vec<_> = items.iter().map(|item| build_item(item, builder)).collect();
    builder.create_vector(&items)
}

fn build_entity<'b>(
    entity: &Entity,
    builder: &mut FlatBufferBuilder<'b>,
) -> WIPOffset<fb::Entity<'b>> {
    let id = builder.create_string(&entity.id);
    let custom_name = entity
        .custom_name
        .as_ref()
        .map(|name| builder.create_string(name));
    let (x, y, z) = entity.pos;
    let pos = fb::Vector3d::new(x, y, z);
    let (x, y, z) = entity.motion;
    let motion = fb::Vector3d::new(x, y, z);
    let rotation = fb::Vector2f::new(entity.rotation.0, entity.rotation.1);
    let [x0, x1, x2, x3] = entity.uuid;
    let uuid = fb::Uuid::new(x0, x1, x2, x3);
    let mut table = fb::EntityBuilder::new(builder);
    table.add_id(id);
    table.add_pos(&pos);
    table.add_motion(&motion);
    table.add_rotation(&rotation);
    table.add_fall_distance(entity.fall_distance);
    table.add_fire(entity.fire);
    table.add_air(entity.air);
    table.add_on_ground(entity.on_ground);
    table.add_no_gravity(entity.no_gravity);
    table.add_invulnerable(entity.invulnerable);
    table.add_portal_cooldown(entity.portal_cooldown);
    table.add_uuid(&uuid);
    if let Some(custom_name) = custom_name {
        table.add_custom_name(custom_name);
    }
    table.add_custom_name_visible(entity.custom_name_visible);
    table.add_silent(entity.silent);
    table.add_glowing(entity.glowing);
    table.finish()
}

fn build_names<'b>(
    names: &[String],
    builder: &mut FlatBufferBuilder<'b>,
) -> WIPOffset<Vector<'b, ForwardsUOffset<&'b str>>> {
    let names: Vec<_> = names
        .iter()
        .map(|name| builder.create_string(name))
        .collect();
    builder.create_vector(&names)
}

fn build_recipe_book<'b>(
    book: &RecipeBook,
    builder: &mut FlatBufferBuilder<'b>,
) -> WIPOffset<fb::RecipeBook<'b>> {
    let recipes = build_names(&book.recipes, builder);
    let to_be_displayed = build_names(&book.to_be_displayed, builder);
    let mut table = fb::RecipeBookBuilder::new(builder);
    table.add_recipes(recipes);
    table.add_to_be_displayed(to_be_displayed);
    table.add_is_filtering_craftable(book.is_filtering_craftable);
    table.add_is_gui_open(book.is_gui_open);
    table.add_is_furnace_filtering_craftable(book.is_furnace_filtering_craftable);
    table.add_is_furnace_gui_open(book.is_furnace_gui_open);
    table.add_is_blasting_furnace_filtering_craftable(book.is_blasting_furnace_filtering_craftable);
    table.add_is_blasting_furnace_gui_open(book.is_blasting_furnace_gui_open);
    table.add_is_smoker_filtering_craftable(book.is_smoker_filtering_craftable);
    table.add_is_smoker_gui_open(book.is_smoker_gui_open);
    table.finish()
}

fn wire_game_type(game_type: GameType) -> fb::GameType {
    match game_type {
        GameType::Survival => fb::GameType::Survival,
        GameType::Creative => fb::GameType::Creative,
        GameType::Adventure => fb::GameType::Adventure,
        GameType::Spectator => fb::GameType::Spectator,
    }
}

fn build_player<'b>(
    player: &Player,
    builder: &mut FlatBufferBuilder<'b>,
) -> WIPOffset<fb::Player<'b>> {
    let dimension = builder.create_string(&player.dimension);
    let selected_item = build_item(&player.selected_item, builder);
    let spawn_dimension = player
        .spawn_dimension
        .as_ref()
        .map(|name| builder.create_string(name));
    let inventory = build_items(&player.inventory, builder);
    let ender_items = build_items(&player.ender_items, builder);
    let abilities = &player.abilities;
    let abilities = fb::Abilities::new(
        abilities.walk_speed,
        abilities.fly_speed,
        abilities.may_fly,
        abilities.flying,
        abilities.invulnerable,
        abilities.may_build,
        abilities.instabuild,
    );
    let entered_nether_position = player
        .entered_nether_position
        .map(|(x, y, z)| fb::Vector3d::new(x, y, z));
    let root_vehicle = player.root_vehicle.as_ref().map(|(uuid, entity)| {
        let entity = Some(build_entity(entity, builder));
        let [param_0, param_1, param_2, param_3] = *uuid;
        fb::Vehicle::create(
            builder,
            &fb::VehicleArgs {
                param_0,
                param_1,
                param_2,
                param_3,
                entity,
            },
        )
    });
    let shoulder_entity_left = player
        .shoulder_entity_left
        .as_ref()
        .map(|entity| build_entity(entity, builder));
    let shoulder_entity_right = player
        .shoulder_entity_right
        .as_ref()
        .map(|entity| build_entity(entity, builder));
    let recipe_book = build_recipe_book(&player.recipe_book, builder);

    let mut table = fb::PlayerBuilder::new(builder);
    table.add_game_type(wire_game_type(player.game_type));
    table.add_previous_game_type(wire_game_type(player.previous_game_type));
    table.add_score(player.score);
    table.add_dimension(dimension);
    table.add_selected_item_slot(player.selected_item_slot);
    table.add_selected_item(selected_item);
    if let Some(spawn_dimension) = spawn_dimension {
        table.add_spawn_dimension(spawn_dimension);
    }
    table.add_spawn_x(player.spawn_x);
    table.add_spawn_y(player.spawn_y);
    table.add_spawn_z(player.spawn_z);
    // Optional scalars: written whenever present, default or not.
    if let Some(forced) = player.spawn_forced {
        table.add_spawn_forced(forced);
    }
    table.add_sleep_timer(player.sleep_timer);
    table.add_food_exhaustion_level(player.food_exhaustion_level);
    table.add_food_saturation_level(player.food_saturation_level);
    table.add_food_tick_timer(player.food_tick_timer);
    table.add_xp_level(player.xp_level);
    table.add_xp_p(player.xp_p);
    table.add_xp_total(player.xp_total);
    table.add_xp_seed(player.xp_seed);
    table.add_inventory(inventory);
    table.add_ender_items(ender_items);
    table.add_abilities(&abilities);
    if let Some(position) = &entered_nether_position {
        table.add_entered_nether_position(position);
    }
    if let Some(vehicle) = root_vehicle {
        table.add_root_vehicle(vehicle);
    }
    if let Some(entity) = shoulder_entity_left {
        table.add_shoulder_entity_left(entity);
    }
    if let Some(entity) = shoulder_entity_right {
        table.add_shoulder_entity_right(entity);
    }
    table.add_seen_credits(player.seen_credits);
    table.add_recipe_book(recipe_book);
    table.finish()
}

/// A game type, which must be a known one.
fn game_type(wire: fb::GameType, index: usize, field: &str) -> Result<GameType, Error> {
    match wire {
        fb::GameType::Survival => Ok(GameType::Survival),
        fb::GameType::Creative => Ok(GameType::Creative),
        fb::GameType::Adventure => Ok(GameType::Adventure),
        fb::GameType::Spectator => Ok(GameType::Spectator),
        other => Err(invalid::<Players>(
            format_args!("game type {} is not 0 to 3", other.0),
            format_args!("players[{index}].{field}"),
        )),
    }
}

/// A float a writer may have left out at its default: 0.0.
fn float(value: Option<f32>) -> f32 {
    value.unwrap_or(0.0)
}

fn read_item(item: fb::Item<'_>) -> Item {
    Item {
        count: item.count(),
        slot: item.slot(),
        id: item.id().to_owned(),
    }
}

fn read_items(items: Vector<'_, ForwardsUOffset<fb::Item<'_>>>) -> Vec<Item> {
    items.iter().map(read_item).collect()
}

fn read_names(names: Vector<'_, ForwardsUOffset<&str>>) -> Vec<String> {
    names.iter().map(str::to_owned).collect()
}

fn read_entity(entity: fb::Entity<'_>) -> Entity {
    let (pos, motion, rotation, uuid) = (
        entity.pos(),
        entity.motion(),
        entity.rotation(),
        entity.uuid(),
    );
    Entity {
        id: entity.id().to_owned(),
        pos: (pos.x(), pos.y(), pos.z()),
        motion: (motion.x(), motion.y(), motion.z()),
        rotation: (rotation.x(), rotation.y()),
        fall_distance: float(entity.fall_distance()),
        fire: entity.fire(),
        air: entity.air(),
        on_ground: entity.on_ground(),
        no_gravity: entity.no_gravity(),
        invulnerable: entity.invulnerable(),
        portal_cooldown: entity.portal_cooldown(),
        uuid: [uuid.x0(), uuid.x1(), uuid.x2(), uuid.x3()],
        custom_name: entity.custom_name().map(str::to_owned),
        custom_name_visible: entity.custom_name_visible(),
        silent: entity.silent(),
        glowing: entity.glowing(),
    }
}

fn read_player(player: fb::Player<'_>, index: usize) -> Result<Player, Error> {
    let abilities = player.abilities();
    let book = player.recipe_book();
    Ok(Player {
        game_type: game_type(player.game_type(), index, "game_type")?,
        previous_game_type: game_type(player.previous_game_type(), index, "previous_game_type")?,
        score: player.score(),
        dimension: player.dimension().to_owned(),
        selected_item_slot: player.selected_item_slot(),
        selected_item: read_item(player.selected_item()),
        spawn_dimension: player.spawn_dimension().map(str::to_owned),
        spawn_x: player.spawn_x(),
        spawn_y: player.spawn_y(),
        spawn_z: player.spawn_z(),
        spawn_forced: player.spawn_forced(),
        sleep_timer: player.sleep_timer(),
        food_exhaustion_level: float(player.food_exhaustion_level()),
        food_saturation_level: float(player.food_saturation_level()),
        food_tick_timer: player.food_tick_timer(),
        xp_level: player.xp_level(),
        xp_p: float(player.xp_p()),
        xp_total: player.xp_total(),
        xp_seed: player.xp_seed(),
        inventory: read_items(player.inventory()),
        ender_items: read_items(player.ender_items()),
        abilities: Abilities {
            walk_speed: abilities.walk_speed(),
            fly_speed: abilities.fly_speed(),
            may_fly: abilities.may_fly(),
            flying: abilities.flying(),
            invulnerable: abilities.invulnerable(),
            may_build: abilities.may_build(),
            instabuild: abilities.instabuild(),
        },
        entered_nether_position: player
            .entered_nether_position()
            .map(|position| (position.x(), position.y(), position.z())),
        root_vehicle: player.root_vehicle().map(|vehicle| {
            (
                [
                    vehicle.param_0(),
                    vehicle.param_1(),
                    vehicle.param_2(),
                    vehicle.param_3(),
                ],
                read_entity(vehicle.entity()),
            )
        }),
        shoulder_entity_left: player.shoulder_entity_left().map(read_entity),
        shoulder_entity_right: player.shoulder_entity_right().map(read_entity),
        seen_credits: player.seen_credits(),
        recipe_book: RecipeBook {
            recipes: read_names(book.recipes()),
            to_be_displayed: read_names(book.to_be_displayed()),
            is_filtering_craftable: book.is_filtering_craftable(),
            is_gui_open: book.is_gui_open(),
            is_furnace_filtering_craftable: book.is_furnace_filtering_craftable(),
            is_furnace_gui_open: book.is_furnace_gui_open(),
            is_blasting_furnace_filtering_craftable: book.is_blasting_furnace_filtering_craftable(),
            is_blasting_furnace_gui_open: book.is_blasting_furnace_gui_open(),
            is_smoker_filtering_craftable: book.is_smoker_filtering_craftable(),
            is_smoker_gui_open: book.is_smoker_gui_open(),
        },
    })
}
