//! minecraft_savedata ↔ its buffer: options as one-byte-tagged enums (0
//! none, 1 some and the value), game types as one-byte enums, tuples and
//! UUIDs as arrays, the entities inline.

use musli_zerocopy::{OwnedBuf, Ref, ZeroCopy};
use serbench_model::Players;
use serbench_model::minecraft::{
    Abilities, Entity, GameType, Item, MinecraftAnswer, Player, RecipeBook,
};

use crate::wire::{Failure, Reader, Wire};

/// The root.
#[derive(ZeroCopy)]
#[repr(C)]
pub(crate) struct Save {
    pub(crate) len: u64,
    players: Ref<[Gamer]>,
}

/// [`GameType`]; a load holds the tag to its four values.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(u8)]
enum Mode {
    Survival,
    Creative,
    Adventure,
    Spectator,
}

/// An [`Item`].
#[derive(ZeroCopy, Clone, Copy)]
#[repr(C)]
struct Stack {
    count: i8,
    slot: u8,
    id: Ref<str>,
}

/// [`Abilities`].
#[derive(ZeroCopy, Clone, Copy)]
#[repr(C)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "RSB's shape: one flag per ability"
)]
struct Powers {
    walk_speed: f32,
    fly_speed: f32,
    may_fly: bool,
    flying: bool,
    invulnerable: bool,
    may_build: bool,
    instabuild: bool,
}

/// An optional string; a load holds the tag to its two values.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(u8)]
enum Text {
    None,
    Some { text: Ref<str> },
}

/// An [`Entity`].
#[derive(ZeroCopy, Clone, Copy)]
#[repr(C)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "RSB's shape: one flag per entity property"
)]
struct Creature {
    id: Ref<str>,
    pos: [f64; 3],
    motion: [f64; 3],
    rotation: [f32; 2],
    fall_distance: f32,
    fire: u16,
    air: u16,
    on_ground: bool,
    no_gravity: bool,
    invulnerable: bool,
    portal_cooldown: i32,
    uuid: [u32; 4],
    custom_name: Text,
    custom_name_visible: bool,
    silent: bool,
    glowing: bool,
}

/// A [`RecipeBook`].
#[derive(ZeroCopy, Clone, Copy)]
#[repr(C)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "RSB's shape: one flag per recipe-book setting"
)]
struct Book {
    recipes: Ref<[Ref<str>]>,
    to_be_displayed: Ref<[Ref<str>]>,
    is_filtering_craftable: bool,
    is_gui_open: bool,
    is_furnace_filtering_craftable: bool,
    is_furnace_gui_open: bool,
    is_blasting_furnace_filtering_craftable: bool,
    is_blasting_furnace_gui_open: bool,
    is_smoker_filtering_craftable: bool,
    is_smoker_gui_open: bool,
}

/// An optional `bool`.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(u8)]
enum Flag {
    None,
    Some { flag: bool },
}

/// An optional position.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(u8)]
enum Position {
    None,
    Some { at: [f64; 3] },
}

/// An optional vehicle: its UUID and the entity.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(u8)]
enum Vehicle {
    None,
    Some { uuid: [u32; 4], entity: Creature },
}

/// An optional entity.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(u8)]
enum Rider {
    None,
    Some { entity: Creature },
}

/// A [`Player`], its fields in the model's order.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(C)]
struct Gamer {
    game_type: Mode,
    previous_game_type: Mode,
    score: i64,
    dimension: Ref<str>,
    selected_item_slot: u32,
    selected_item: Stack,
    spawn_dimension: Text,
    spawn_x: i64,
    spawn_y: i64,
    spawn_z: i64,
    spawn_forced: Flag,
    sleep_timer: u16,
    food_exhaustion_level: f32,
    food_saturation_level: f32,
    food_tick_timer: u32,
    xp_level: u32,
    xp_p: f32,
    xp_total: i32,
    xp_seed: i32,
    inventory: Ref<[Stack]>,
    ender_items: Ref<[Stack]>,
    abilities: Powers,
    entered_nether_position: Position,
    root_vehicle: Vehicle,
    shoulder_entity_left: Rider,
    shoulder_entity_right: Rider,
    seen_credits: bool,
    recipe_book: Book,
}

impl Mode {
    fn new(game_type: GameType) -> Self {
        match game_type {
            GameType::Survival => Mode::Survival,
            GameType::Creative => Mode::Creative,
            GameType::Adventure => Mode::Adventure,
            GameType::Spectator => Mode::Spectator,
        }
    }

    fn model(self) -> GameType {
        match self {
            Mode::Survival => GameType::Survival,
            Mode::Creative => GameType::Creative,
            Mode::Adventure => GameType::Adventure,
            Mode::Spectator => GameType::Spectator,
        }
    }
}

impl Text {
    fn new(text: Option<&String>, buf: &mut OwnedBuf) -> Result<Self, musli_zerocopy::Error> {
        Ok(match text {
            None => Text::None,
            Some(text) => Text::Some {
                text: buf.store_unsized(text.as_str())?,
            },
        })
    }

    fn read<'a>(
        self,
        reader: &mut Reader<'a>,
        path: &dyn Fn() -> String,
    ) -> Result<Option<&'a str>, Failure> {
        match self {
            Text::None => Ok(None),
            Text::Some { text } => reader.text(text, path).map(Some),
        }
    }
}

impl Stack {
    fn new(item: &Item, buf: &mut OwnedBuf) -> Result<Self, musli_zerocopy::Error> {
        Ok(Self {
            count: item.count,
            slot: item.slot,
            id: buf.store_unsized(item.id.as_str())?,
        })
    }

    fn read(&self, reader: &mut Reader<'_>, path: &dyn Fn() -> String) -> Result<Item, Failure> {
        Ok(Item {
            count: self.count,
            slot: self.slot,
            id: reader.text(self.id, path)?.to_owned(),
        })
    }
}

fn stacks(items: &[Item], buf: &mut OwnedBuf) -> Result<Ref<[Stack]>, musli_zerocopy::Error> {
    let stacks = items
        .iter()
        .map(|item| Stack::new(item, buf))
        .collect::<Result<Vec<_>, _>>()?;
    buf.store_slice(&stacks)
}

fn names(names: &[String], buf: &mut OwnedBuf) -> Result<Ref<[Ref<str>]>, musli_zerocopy::Error> {
    let refs = names
        .iter()
        .map(|name| buf.store_unsized(name.as_str()))
        .collect::<Result<Vec<_>, _>>()?;
    buf.store_slice(&refs)
}

impl Creature {
    fn new(entity: &Entity, buf: &mut OwnedBuf) -> Result<Self, musli_zerocopy::Error> {
        let (px, py, pz) = entity.pos;
        let (mx, my, mz) = entity.motion;
        let (yaw, pitch) = entity.rotation;
        Ok(Self {
            id: buf.store_unsized(entity.id.as_str())?,
            pos: [px, py, pz],
            motion: [mx, my, mz],
            rotation: [yaw, pitch],
            fall_distance: entity.fall_distance,
            fire: entity.fire,
            air: entity.air,
            on_ground: entity.on_ground,
            no_gravity: entity.no_gravity,
            invulnerable: entity.invulnerable,
            portal_cooldown: entity.portal_cooldown,
            uuid: entity.uuid,
            custom_name: Text::new(entity.custom_name.as_ref(), buf)?,
            custom_name_visible: entity.custom_name_visible,
            silent: entity.silent,
            glowing: entity.glowing,
        })
    }

    fn read(&self, reader: &mut Reader<'_>, path: &str) -> Result<Entity, Failure> {
        let [px, py, pz] = self.pos;
        let [mx, my, mz] = self.motion;
        let [yaw, pitch] = self.rotation;
        Ok(Entity {
            id: reader.text(self.id, &|| format!("{path}.id"))?.to_owned(),
            pos: (px, py, pz),
            motion: (mx, my, mz),
            rotation: (yaw, pitch),
            fall_distance: self.fall_distance,
            fire: self.fire,
            air: self.air,
            on_ground: self.on_ground,
            no_gravity: self.no_gravity,
            invulnerable: self.invulnerable,
            portal_cooldown: self.portal_cooldown,
            uuid: self.uuid,
            custom_name: self
                .custom_name
                .read(reader, &|| format!("{path}.custom_name"))?
                .map(str::to_owned),
            custom_name_visible: self.custom_name_visible,
            silent: self.silent,
            glowing: self.glowing,
        })
    }

    /// Loads the strings [`Creature::read`] loads.
    fn check(&self, reader: &mut Reader<'_>, path: &str) -> Result<(), Failure> {
        reader.text(self.id, &|| format!("{path}.id"))?;
        self.custom_name
            .read(reader, &|| format!("{path}.custom_name"))?;
        Ok(())
    }
}

impl Rider {
    fn new(entity: Option<&Entity>, buf: &mut OwnedBuf) -> Result<Self, musli_zerocopy::Error> {
        Ok(match entity {
            None => Rider::None,
            Some(entity) => Rider::Some {
                entity: Creature::new(entity, buf)?,
            },
        })
    }

    fn entity(&self) -> Option<&Creature> {
        match self {
            Rider::None => None,
            Rider::Some { entity } => Some(entity),
        }
    }
}

impl Gamer {
    fn new(player: &Player, buf: &mut OwnedBuf) -> Result<Self, musli_zerocopy::Error> {
        let a = &player.abilities;
        let book = &player.recipe_book;
        Ok(Self {
            game_type: Mode::new(player.game_type),
            previous_game_type: Mode::new(player.previous_game_type),
            score: player.score,
            dimension: buf.store_unsized(player.dimension.as_str())?,
            selected_item_slot: player.selected_item_slot,
            selected_item: Stack::new(&player.selected_item, buf)?,
            spawn_dimension: Text::new(player.spawn_dimension.as_ref(), buf)?,
            spawn_x: player.spawn_x,
            spawn_y: player.spawn_y,
            spawn_z: player.spawn_z,
            spawn_forced: match player.spawn_forced {
                None => Flag::None,
                Some(flag) => Flag::Some { flag },
            },
            sleep_timer: player.sleep_timer,
            food_exhaustion_level: player.food_exhaustion_level,
            food_saturation_level: player.food_saturation_level,
            food_tick_timer: player.food_tick_timer,
            xp_level: player.xp_level,
            xp_p: player.xp_p,
            xp_total: player.xp_total,
            xp_seed: player.xp_seed,
            inventory: stacks(&player.inventory, buf)?,
            ender_items: stacks(&player.ender_items, buf)?,
            abilities: Powers {
                walk_speed: a.walk_speed,
                fly_speed: a.fly_speed,
                may_fly: a.may_fly,
                flying: a.flying,
                invulnerable: a.invulnerable,
                may_build: a.may_build,
                instabuild: a.instabuild,
            },
            entered_nether_position: match player.entered_nether_position {
                None => Position::None,
                Some((x, y, z)) => Position::Some { at: [x, y, z] },
            },
            root_vehicle: match &player.root_vehicle {
                None => Vehicle::None,
                Some((uuid, entity)) => Vehicle::Some {
                    uuid: *uuid,
                    entity: Creature::new(entity, buf)?,
                },
            },
            shoulder_entity_left: Rider::new(player.shoulder_entity_left.as_ref(), buf)?,
            shoulder_entity_right: Rider::new(player.shoulder_entity_right.as_ref(), buf)?,
            seen_credits: player.seen_credits,
            recipe_book: Book {
                recipes: names(&book.recipes, buf)?,
                to_be_displayed: names(&book.to_be_displayed, buf)?,
                is_filtering_craftable: book.is_filtering_craftable,
                is_gui_open: book.is_gui_open,
                is_furnace_filtering_craftable: book.is_furnace_filtering_craftable,
                is_furnace_gui_open: book.is_furnace_gui_open,
                is_blasting_furnace_filtering_craftable: book
                    .is_blasting_furnace_filtering_craftable,
                is_blasting_furnace_gui_open: book.is_blasting_furnace_gui_open,
                is_smoker_filtering_craftable: book.is_smoker_filtering_craftable,
                is_smoker_gui_open: book.is_smoker_gui_open,
            },
        })
    }

    /// Loads, so validates, every reference [`Gamer::read`] loads, in the
    /// same order, building nothing.
    fn check(&self, reader: &mut Reader<'_>, i: usize) -> Result<(), Failure> {
        reader.text(self.dimension, &|| format!("players[{i}].dimension"))?;
        reader.text(self.selected_item.id, &|| {
            format!("players[{i}].selected_item.id")
        })?;
        self.spawn_dimension
            .read(reader, &|| format!("players[{i}].spawn_dimension"))?;
        for (field, list) in [
            ("inventory", self.inventory),
            ("ender_items", self.ender_items),
        ] {
            let stacks = reader.list(list, &|| format!("players[{i}].{field}"))?;
            for (j, stack) in stacks.iter().enumerate() {
                reader.text(stack.id, &|| format!("players[{i}].{field}[{j}].id"))?;
            }
        }
        if let Vehicle::Some { entity, .. } = &self.root_vehicle {
            entity.check(reader, &format!("players[{i}].root_vehicle"))?;
        }
        if let Some(entity) = self.shoulder_entity_left.entity() {
            entity.check(reader, &format!("players[{i}].shoulder_entity_left"))?;
        }
        if let Some(entity) = self.shoulder_entity_right.entity() {
            entity.check(reader, &format!("players[{i}].shoulder_entity_right"))?;
        }
        let book = &self.recipe_book;
        for (field, list) in [
            ("recipes", book.recipes),
            ("to_be_displayed", book.to_be_displayed),
        ] {
            let names = reader.list(list, &|| format!("players[{i}].recipe_book.{field}"))?;
            for (j, name) in names.iter().enumerate() {
                reader.text(*name, &|| format!("players[{i}].recipe_book.{field}[{j}]"))?;
            }
        }
        Ok(())
    }

    fn read(&self, reader: &mut Reader<'_>, i: usize) -> Result<Player, Failure> {
        let dimension = reader
            .text(self.dimension, &|| format!("players[{i}].dimension"))?
            .to_owned();
        let selected_item = self
            .selected_item
            .read(reader, &|| format!("players[{i}].selected_item.id"))?;
        let spawn_dimension = self
            .spawn_dimension
            .read(reader, &|| format!("players[{i}].spawn_dimension"))?
            .map(str::to_owned);
        let inventory = read_items(reader, self.inventory, &format!("players[{i}].inventory"))?;
        let ender_items = read_items(
            reader,
            self.ender_items,
            &format!("players[{i}].ender_items"),
        )?;
        let root_vehicle = match &self.root_vehicle {
            Vehicle::None => None,
            Vehicle::Some { uuid, entity } => Some((
                *uuid,
                entity.read(reader, &format!("players[{i}].root_vehicle"))?,
            )),
        };
        let shoulder_entity_left = match self.shoulder_entity_left.entity() {
            None => None,
            Some(entity) => {
                Some(entity.read(reader, &format!("players[{i}].shoulder_entity_left"))?)
            }
        };
        let shoulder_entity_right = match self.shoulder_entity_right.entity() {
            None => None,
            Some(entity) => {
                Some(entity.read(reader, &format!("players[{i}].shoulder_entity_right"))?)
            }
        };
        let recipe_book = self.recipe_book.read(reader, i)?;
        let powers = &self.abilities;
        Ok(Player {
            game_type: self.game_type.model(),
            previous_game_type: self.previous_game_type.model(),
            score: self.score,
            dimension,
            selected_item_slot: self.selected_item_slot,
            selected_item,
            spawn_dimension,
            spawn_x: self.spawn_x,
            spawn_y: self.spawn_y,
            spawn_z: self.spawn_z,
            spawn_forced: match self.spawn_forced {
                Flag::None => None,
                Flag::Some { flag } => Some(flag),
            },
            sleep_timer: self.sleep_timer,
            food_exhaustion_level: self.food_exhaustion_level,
            food_saturation_level: self.food_saturation_level,
            food_tick_timer: self.food_tick_timer,
            xp_level: self.xp_level,
            xp_p: self.xp_p,
            xp_total: self.xp_total,
            xp_seed: self.xp_seed,
            inventory,
            ender_items,
            abilities: Abilities {
                walk_speed: powers.walk_speed,
                fly_speed: powers.fly_speed,
                may_fly: powers.may_fly,
                flying: powers.flying,
                invulnerable: powers.invulnerable,
                may_build: powers.may_build,
                instabuild: powers.instabuild,
            },
            entered_nether_position: match self.entered_nether_position {
                Position::None => None,
                Position::Some { at } => Some(at.into()),
            },
            root_vehicle,
            shoulder_entity_left,
            shoulder_entity_right,
            seen_credits: self.seen_credits,
            recipe_book,
        })
    }
}

/// The items of a list at `path`, sized up front (a collect through
/// `Result` would grow the `Vec`).
fn read_items(
    reader: &mut Reader<'_>,
    list: Ref<[Stack]>,
    path: &str,
) -> Result<Vec<Item>, Failure> {
    let stacks = reader.list(list, &|| path.to_owned())?;
    let mut items = Vec::with_capacity(stacks.len());
    for (index, stack) in stacks.iter().enumerate() {
        items.push(stack.read(reader, &|| format!("{path}[{index}].id"))?);
    }
    Ok(items)
}

/// The names of a list at `path`, sized up front.
fn read_names(
    reader: &mut Reader<'_>,
    list: Ref<[Ref<str>]>,
    path: &str,
) -> Result<Vec<String>, Failure> {
    let names = reader.list(list, &|| path.to_owned())?;
    let mut texts = Vec::with_capacity(names.len());
    for (index, name) in names.iter().enumerate() {
        texts.push(
            reader
                .text(*name, &|| format!("{path}[{index}]"))?
                .to_owned(),
        );
    }
    Ok(texts)
}

impl Book {
    fn read(&self, reader: &mut Reader<'_>, i: usize) -> Result<RecipeBook, Failure> {
        let path = format!("players[{i}].recipe_book");
        let recipes = read_names(reader, self.recipes, &format!("{path}.recipes"))?;
        let to_be_displayed = read_names(
            reader,
            self.to_be_displayed,
            &format!("{path}.to_be_displayed"),
        )?;
        let book = self;
        Ok(RecipeBook {
            recipes,
            to_be_displayed,
            is_filtering_craftable: book.is_filtering_craftable,
            is_gui_open: book.is_gui_open,
            is_furnace_filtering_craftable: book.is_furnace_filtering_craftable,
            is_furnace_gui_open: book.is_furnace_gui_open,
            is_blasting_furnace_filtering_craftable: book.is_blasting_furnace_filtering_craftable,
            is_blasting_furnace_gui_open: book.is_blasting_furnace_gui_open,
            is_smoker_filtering_craftable: book.is_smoker_filtering_craftable,
            is_smoker_gui_open: book.is_smoker_gui_open,
        })
    }
}

impl Wire for Players {
    type Root = Save;

    fn write(&self, buf: &mut OwnedBuf) -> Result<Save, musli_zerocopy::Error> {
        let gamers = self
            .players
            .iter()
            .map(|player| Gamer::new(player, buf))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Save {
            len: 0,
            players: buf.store_slice(&gamers)?,
        })
    }

    fn len_field(root: &mut Save) -> &mut u64 {
        &mut root.len
    }

    fn read(root: &Save, reader: &mut Reader<'_>) -> Result<Self, Failure> {
        let gamers = reader.list(root.players, &|| "players".to_owned())?;
        let mut players = Vec::with_capacity(gamers.len());
        for (i, gamer) in gamers.iter().enumerate() {
            players.push(gamer.read(reader, i)?);
        }
        Ok(Players { players })
    }

    fn answer(root: &Save, reader: &mut Reader<'_>) -> Result<MinecraftAnswer, Failure> {
        let gamers = reader.list(root.players, &|| "players".to_owned())?;
        let mut answer = MinecraftAnswer::default();
        for (i, gamer) in gamers.iter().enumerate() {
            gamer.check(reader, i)?;
            answer.players += 1;
            answer.game_types[gamer.game_type.model() as usize] += 1;
        }
        Ok(answer)
    }
}
