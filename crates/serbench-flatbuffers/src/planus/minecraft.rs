//! minecraft_savedata through planus: `schemas/minecraft_savedata.fbs`.

use serbench_model::minecraft::{
    Abilities, Entity, GameType, Item, MinecraftAnswer, Player, RecipeBook,
};
use serbench_model::{Dataset as _, Error, Players};

use super::generated::minecraft_savedata::serbench as pl;
use super::{Budget, Checked as _, PlanusSchema};

impl PlanusSchema for Players {
    type Table = pl::Players;
    type Ref<'a> = pl::PlayersRef<'a>;

    fn write(&self, builder: &mut planus::Builder) -> planus::Offset<pl::Players> {
        let players: Vec<_> = self
            .players
            .iter()
            .map(|player| write_player(player, builder))
            .collect();
        let players = builder.create_vector(players.as_slice());
        pl::Players::create(builder, players)
    }

    fn read(root: pl::PlayersRef<'_>, budget: &mut Budget<Self>) -> Result<Self, Error> {
        let mut players = Vec::new();
        for (index, player) in budget.vector(root.players(), 4)?.iter().enumerate() {
            let player = budget.tabled(player)?;
            players.push(read_player(player, index, budget)?);
        }
        Ok(Players { players })
    }

    /// Checks everything [`read`](PlanusSchema::read) checks, in the same
    /// order, in place.
    fn answer(
        root: pl::PlayersRef<'_>,
        budget: &mut Budget<Self>,
    ) -> Result<MinecraftAnswer, Error> {
        let mut answer = MinecraftAnswer::default();
        for (index, player) in budget.vector(root.players(), 4)?.iter().enumerate() {
            let player = budget.tabled(player)?;
            let game_type = check_player(player, index, budget)?;
            answer.players += 1;
            answer.game_types[game_type as usize] += 1;
        }
        Ok(answer)
    }
}

fn wire_game_type(game_type: GameType) -> pl::GameType {
    match game_type {
        GameType::Survival => pl::GameType::Survival,
        GameType::Creative => pl::GameType::Creative,
        GameType::Adventure => pl::GameType::Adventure,
        GameType::Spectator => pl::GameType::Spectator,
    }
}

fn write_item(item: &Item, builder: &mut planus::Builder) -> planus::Offset<pl::Item> {
    let id = builder.create_string(item.id.as_str());
    pl::Item::create(builder, item.count, item.slot, id)
}

fn write_items(
    items: &[Item],
    builder: &mut planus::Builder,
) -> planus::Offset<[planus::Offset<pl::Item>]> {
    let items: Vec<_> = items.iter().map(|item| write_item(item, builder)).collect();
    builder.create_vector(items.as_slice())
}

fn write_names(
    names: &[String],
    builder: &mut planus::Builder,
) -> planus::Offset<[planus::Offset<str>]> {
    let names: Vec<_> = names
        .iter()
        .map(|name| builder.create_string(name.as_str()))
        .collect();
    builder.create_vector(names.as_slice())
}

fn write_entity(entity: &Entity, builder: &mut planus::Builder) -> planus::Offset<pl::Entity> {
    let id = builder.create_string(entity.id.as_str());
    let custom_name = entity
        .custom_name
        .as_deref()
        .map(|name| builder.create_string(name));
    let (x, y, z) = entity.pos;
    let pos = pl::Vector3d { x, y, z };
    let (x, y, z) = entity.motion;
    let motion = pl::Vector3d { x, y, z };
    let (x, y) = entity.rotation;
    let [x0, x1, x2, x3] = entity.uuid;
    pl::Entity::create(
        builder,
        id,
        pos,
        motion,
        pl::Vector2f { x, y },
        // Always written (see the schema).
        Some(entity.fall_distance),
        entity.fire,
        entity.air,
        entity.on_ground,
        entity.no_gravity,
        entity.invulnerable,
        entity.portal_cooldown,
        pl::Uuid { x0, x1, x2, x3 },
        custom_name,
        entity.custom_name_visible,
        entity.silent,
        entity.glowing,
    )
}

fn write_player(player: &Player, builder: &mut planus::Builder) -> planus::Offset<pl::Player> {
    let dimension = builder.create_string(player.dimension.as_str());
    let selected_item = write_item(&player.selected_item, builder);
    let spawn_dimension = player
        .spawn_dimension
        .as_deref()
        .map(|name| builder.create_string(name));
    let inventory = write_items(&player.inventory, builder);
    let ender_items = write_items(&player.ender_items, builder);
    let a = &player.abilities;
    let abilities = pl::Abilities {
        walk_speed: a.walk_speed,
        fly_speed: a.fly_speed,
        may_fly: a.may_fly,
        flying: a.flying,
        invulnerable: a.invulnerable,
        may_build: a.may_build,
        instabuild: a.instabuild,
    };
    let entered_nether_position = player
        .entered_nether_position
        .map(|(x, y, z)| pl::Vector3d { x, y, z });
    let root_vehicle = player.root_vehicle.as_ref().map(|(uuid, entity)| {
        let entity = write_entity(entity, builder);
        let [x0, x1, x2, x3] = *uuid;
        pl::Vehicle::create(builder, x0, x1, x2, x3, entity)
    });
    let shoulder_entity_left = player
        .shoulder_entity_left
        .as_ref()
        .map(|entity| write_entity(entity, builder));
    let shoulder_entity_right = player
        .shoulder_entity_right
        .as_ref()
        .map(|entity| write_entity(entity, builder));
    let book = &player.recipe_book;
    let recipes = write_names(&book.recipes, builder);
    let to_be_displayed = write_names(&book.to_be_displayed, builder);
    let recipe_book = pl::RecipeBook::create(
        builder,
        recipes,
        to_be_displayed,
        book.is_filtering_craftable,
        book.is_gui_open,
        book.is_furnace_filtering_craftable,
        book.is_furnace_gui_open,
        book.is_blasting_furnace_filtering_craftable,
        book.is_blasting_furnace_gui_open,
        book.is_smoker_filtering_craftable,
        book.is_smoker_gui_open,
    );
    pl::Player::create(
        builder,
        wire_game_type(player.game_type),
        wire_game_type(player.previous_game_type),
        player.score,
        dimension,
        player.selected_item_slot,
        selected_item,
        spawn_dimension,
        player.spawn_x,
        player.spawn_y,
        player.spawn_z,
        player.spawn_forced,
        player.sleep_timer,
        Some(player.food_exhaustion_level),
        Some(player.food_saturation_level),
        player.food_tick_timer,
        player.xp_level,
        Some(player.xp_p),
        player.xp_total,
        player.xp_seed,
        inventory,
        ender_items,
        abilities,
        entered_nether_position,
        root_vehicle,
        shoulder_entity_left,
        shoulder_entity_right,
        player.seen_credits,
        recipe_book,
    )
}

/// A game type: planus refuses a value the enum does not name.
fn game_type(
    read: planus::Result<pl::GameType>,
    index: usize,
    field: &str,
) -> Result<GameType, Error> {
    match read {
        Ok(pl::GameType::Survival) => Ok(GameType::Survival),
        Ok(pl::GameType::Creative) => Ok(GameType::Creative),
        Ok(pl::GameType::Adventure) => Ok(GameType::Adventure),
        Ok(pl::GameType::Spectator) => Ok(GameType::Spectator),
        Err(error) => {
            Err(super::planus_error(Players::NAME, error)
                .at_path(format!("players[{index}].{field}")))
        }
    }
}

/// A scalar of a table.
fn checked<V>(read: planus::Result<V>) -> Result<V, Error> {
    read.checked::<Players>()
}

/// A float a writer may have left out at its default: 0.0.
fn float(read: planus::Result<Option<f32>>) -> Result<f32, Error> {
    Ok(checked(read)?.unwrap_or(0.0))
}

fn read_item(item: pl::ItemRef<'_>, budget: &mut Budget<Players>) -> Result<Item, Error> {
    Ok(Item {
        count: checked(item.count())?,
        slot: checked(item.slot())?,
        id: budget.string(item.id())?.to_owned(),
    })
}

fn read_items(
    read: planus::Result<planus::Vector<'_, planus::Result<pl::ItemRef<'_>>>>,
    budget: &mut Budget<Players>,
) -> Result<Vec<Item>, Error> {
    let mut items = Vec::new();
    for item in budget.vector(read, 4)? {
        let item = budget.tabled(item)?;
        items.push(read_item(item, budget)?);
    }
    Ok(items)
}

/// Checks the items of a vector as [`read_items`] does, in place.
fn check_items(
    read: planus::Result<planus::Vector<'_, planus::Result<pl::ItemRef<'_>>>>,
    budget: &mut Budget<Players>,
) -> Result<(), Error> {
    for item in budget.vector(read, 4)? {
        let item = budget.tabled(item)?;
        checked(item.count())?;
        checked(item.slot())?;
        budget.string(item.id())?;
    }
    Ok(())
}

fn read_names(
    read: planus::Result<planus::Vector<'_, planus::Result<&str>>>,
    budget: &mut Budget<Players>,
) -> Result<Vec<String>, Error> {
    let mut names = Vec::new();
    for name in budget.vector(read, 4)? {
        names.push(budget.string(name)?.to_owned());
    }
    Ok(names)
}

/// Checks the names of a vector as [`read_names`] does, in place.
fn check_names(
    read: planus::Result<planus::Vector<'_, planus::Result<&str>>>,
    budget: &mut Budget<Players>,
) -> Result<(), Error> {
    for name in budget.vector(read, 4)? {
        budget.string(name)?;
    }
    Ok(())
}

fn read_entity(entity: pl::EntityRef<'_>, budget: &mut Budget<Players>) -> Result<Entity, Error> {
    let id = budget.string(entity.id())?.to_owned();
    let pos = checked(entity.pos())?;
    let motion = checked(entity.motion())?;
    let rotation = checked(entity.rotation())?;
    let fall_distance = float(entity.fall_distance())?;
    let fire = checked(entity.fire())?;
    let air = checked(entity.air())?;
    let on_ground = checked(entity.on_ground())?;
    let no_gravity = checked(entity.no_gravity())?;
    let invulnerable = checked(entity.invulnerable())?;
    let portal_cooldown = checked(entity.portal_cooldown())?;
    let uuid = checked(entity.uuid())?;
    let custom_name = budget.optional(entity.custom_name())?.map(str::to_owned);
    Ok(Entity {
        id,
        pos: (pos.x(), pos.y(), pos.z()),
        motion: (motion.x(), motion.y(), motion.z()),
        rotation: (rotation.x(), rotation.y()),
        fall_distance,
        fire,
        air,
        on_ground,
        no_gravity,
        invulnerable,
        portal_cooldown,
        uuid: [uuid.x0(), uuid.x1(), uuid.x2(), uuid.x3()],
        custom_name,
        custom_name_visible: checked(entity.custom_name_visible())?,
        silent: checked(entity.silent())?,
        glowing: checked(entity.glowing())?,
    })
}

/// Checks an entity as [`read_entity`] does, in place.
fn check_entity(entity: pl::EntityRef<'_>, budget: &mut Budget<Players>) -> Result<(), Error> {
    budget.string(entity.id())?;
    checked(entity.pos())?;
    checked(entity.motion())?;
    checked(entity.rotation())?;
    float(entity.fall_distance())?;
    checked(entity.fire())?;
    checked(entity.air())?;
    checked(entity.on_ground())?;
    checked(entity.no_gravity())?;
    checked(entity.invulnerable())?;
    checked(entity.portal_cooldown())?;
    checked(entity.uuid())?;
    budget.optional(entity.custom_name())?;
    checked(entity.custom_name_visible())?;
    checked(entity.silent())?;
    checked(entity.glowing())?;
    Ok(())
}

/// An optional entity table, counted.
fn optional_entity<'a>(
    read: planus::Result<Option<pl::EntityRef<'a>>>,
    budget: &mut Budget<Players>,
) -> Result<Option<pl::EntityRef<'a>>, Error> {
    match checked(read)? {
        Some(entity) => budget.tabled(Ok(entity)).map(Some),
        None => Ok(None),
    }
}

/// The vehicle's uuid and entity, counted.
fn vehicle<'a>(
    read: planus::Result<Option<pl::VehicleRef<'a>>>,
    budget: &mut Budget<Players>,
) -> Result<Option<([u32; 4], pl::EntityRef<'a>)>, Error> {
    let Some(vehicle) = checked(read)? else {
        return Ok(None);
    };
    let vehicle = budget.tabled(Ok(vehicle))?;
    let uuid = [
        checked(vehicle.param_0())?,
        checked(vehicle.param_1())?,
        checked(vehicle.param_2())?,
        checked(vehicle.param_3())?,
    ];
    let entity = budget.tabled(vehicle.entity())?;
    Ok(Some((uuid, entity)))
}

fn read_player(
    player: pl::PlayerRef<'_>,
    index: usize,
    budget: &mut Budget<Players>,
) -> Result<Player, Error> {
    let game_type = game_type(player.game_type(), index, "game_type")?;
    let previous_game_type = game_type_of(player.previous_game_type(), index)?;
    let score = checked(player.score())?;
    let dimension = budget.string(player.dimension())?.to_owned();
    let selected_item_slot = checked(player.selected_item_slot())?;
    let selected_item = budget.tabled(player.selected_item())?;
    let selected_item = read_item(selected_item, budget)?;
    let spawn_dimension = budget
        .optional(player.spawn_dimension())?
        .map(str::to_owned);
    let spawn_x = checked(player.spawn_x())?;
    let spawn_y = checked(player.spawn_y())?;
    let spawn_z = checked(player.spawn_z())?;
    let spawn_forced = checked(player.spawn_forced())?;
    let sleep_timer = checked(player.sleep_timer())?;
    let food_exhaustion_level = float(player.food_exhaustion_level())?;
    let food_saturation_level = float(player.food_saturation_level())?;
    let food_tick_timer = checked(player.food_tick_timer())?;
    let xp_level = checked(player.xp_level())?;
    let xp_p = float(player.xp_p())?;
    let xp_total = checked(player.xp_total())?;
    let xp_seed = checked(player.xp_seed())?;
    let inventory = read_items(player.inventory(), budget)?;
    let ender_items = read_items(player.ender_items(), budget)?;
    let a = checked(player.abilities())?;
    let entered_nether_position = checked(player.entered_nether_position())?
        .map(|position| (position.x(), position.y(), position.z()));
    let root_vehicle = match vehicle(player.root_vehicle(), budget)? {
        Some((uuid, entity)) => Some((uuid, read_entity(entity, budget)?)),
        None => None,
    };
    let shoulder_entity_left = match optional_entity(player.shoulder_entity_left(), budget)? {
        Some(entity) => Some(read_entity(entity, budget)?),
        None => None,
    };
    let shoulder_entity_right = match optional_entity(player.shoulder_entity_right(), budget)? {
        Some(entity) => Some(read_entity(entity, budget)?),
        None => None,
    };
    let seen_credits = checked(player.seen_credits())?;
    let book = budget.tabled(player.recipe_book())?;
    let recipe_book = RecipeBook {
        recipes: read_names(book.recipes(), budget)?,
        to_be_displayed: read_names(book.to_be_displayed(), budget)?,
        is_filtering_craftable: checked(book.is_filtering_craftable())?,
        is_gui_open: checked(book.is_gui_open())?,
        is_furnace_filtering_craftable: checked(book.is_furnace_filtering_craftable())?,
        is_furnace_gui_open: checked(book.is_furnace_gui_open())?,
        is_blasting_furnace_filtering_craftable: checked(
            book.is_blasting_furnace_filtering_craftable(),
        )?,
        is_blasting_furnace_gui_open: checked(book.is_blasting_furnace_gui_open())?,
        is_smoker_filtering_craftable: checked(book.is_smoker_filtering_craftable())?,
        is_smoker_gui_open: checked(book.is_smoker_gui_open())?,
    };
    Ok(Player {
        game_type,
        previous_game_type,
        score,
        dimension,
        selected_item_slot,
        selected_item,
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
        inventory,
        ender_items,
        abilities: Abilities {
            walk_speed: a.walk_speed(),
            fly_speed: a.fly_speed(),
            may_fly: a.may_fly(),
            flying: a.flying(),
            invulnerable: a.invulnerable(),
            may_build: a.may_build(),
            instabuild: a.instabuild(),
        },
        entered_nether_position,
        root_vehicle,
        shoulder_entity_left,
        shoulder_entity_right,
        seen_credits,
        recipe_book,
    })
}

fn game_type_of(read: planus::Result<pl::GameType>, index: usize) -> Result<GameType, Error> {
    game_type(read, index, "previous_game_type")
}

/// Checks a player as [`read_player`] does, in the same order, in place,
/// returning its game type.
fn check_player(
    player: pl::PlayerRef<'_>,
    index: usize,
    budget: &mut Budget<Players>,
) -> Result<GameType, Error> {
    let current = game_type(player.game_type(), index, "game_type")?;
    game_type_of(player.previous_game_type(), index)?;
    checked(player.score())?;
    budget.string(player.dimension())?;
    checked(player.selected_item_slot())?;
    let selected_item = budget.tabled(player.selected_item())?;
    checked(selected_item.count())?;
    checked(selected_item.slot())?;
    budget.string(selected_item.id())?;
    budget.optional(player.spawn_dimension())?;
    checked(player.spawn_x())?;
    checked(player.spawn_y())?;
    checked(player.spawn_z())?;
    checked(player.spawn_forced())?;
    checked(player.sleep_timer())?;
    float(player.food_exhaustion_level())?;
    float(player.food_saturation_level())?;
    checked(player.food_tick_timer())?;
    checked(player.xp_level())?;
    float(player.xp_p())?;
    checked(player.xp_total())?;
    checked(player.xp_seed())?;
    check_items(player.inventory(), budget)?;
    check_items(player.ender_items(), budget)?;
    checked(player.abilities())?;
    checked(player.entered_nether_position())?;
    if let Some((_, entity)) = vehicle(player.root_vehicle(), budget)? {
        check_entity(entity, budget)?;
    }
    if let Some(entity) = optional_entity(player.shoulder_entity_left(), budget)? {
        check_entity(entity, budget)?;
    }
    if let Some(entity) = optional_entity(player.shoulder_entity_right(), budget)? {
        check_entity(entity, budget)?;
    }
    checked(player.seen_credits())?;
    let book = budget.tabled(player.recipe_book())?;
    check_names(book.recipes(), budget)?;
    check_names(book.to_be_displayed(), budget)?;
    checked(book.is_filtering_craftable())?;
    checked(book.is_gui_open())?;
    checked(book.is_furnace_filtering_craftable())?;
    checked(book.is_furnace_gui_open())?;
    checked(book.is_blasting_furnace_filtering_craftable())?;
    checked(book.is_blasting_furnace_gui_open())?;
    checked(book.is_smoker_filtering_craftable())?;
    checked(book.is_smoker_gui_open())?;
    Ok(current)
}
