//! minecraft_savedata ↔ its archive: RSB's own rkyv layout (its types
//! derive `Archive` as they are), options as rkyv options (a tag byte,
//! then the value), game types as one-byte enums, tuples and the UUIDs
//! inline.

use rkyv::option::ArchivedOption;
use rkyv::rend::{f64_le, u32_le};
use rkyv::string::ArchivedString;
use rkyv::tuple::{ArchivedTuple2, ArchivedTuple3};
use rkyv::{Archive, Serialize};
use serbench_model::Players;
use serbench_model::minecraft::{
    Abilities, Entity, GameType, Item, MinecraftAnswer, Player, RecipeBook,
};

use crate::wire::{Failure, Wire};

/// The root.
#[derive(Archive, Serialize)]
pub struct Save {
    /// The archive's length (see [`Wire`]).
    pub len: u64,
    players: Vec<Gamer>,
}

/// [`GameType`], whose archive bytecheck holds to the four tags.
#[derive(Archive, Serialize, Clone, Copy)]
enum Mode {
    Survival,
    Creative,
    Adventure,
    Spectator,
}

/// An [`Item`].
#[derive(Archive, Serialize)]
struct Stack {
    count: i8,
    slot: u8,
    id: String,
}

/// [`Abilities`].
#[derive(Archive, Serialize)]
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

/// An [`Entity`].
#[derive(Archive, Serialize)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "RSB's shape: one flag per entity property"
)]
struct Creature {
    id: String,
    pos: (f64, f64, f64),
    motion: (f64, f64, f64),
    rotation: (f32, f32),
    fall_distance: f32,
    fire: u16,
    air: u16,
    on_ground: bool,
    no_gravity: bool,
    invulnerable: bool,
    portal_cooldown: i32,
    uuid: [u32; 4],
    custom_name: Option<String>,
    custom_name_visible: bool,
    silent: bool,
    glowing: bool,
}

/// A [`RecipeBook`].
#[derive(Archive, Serialize)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "RSB's shape: one flag per recipe-book setting"
)]
struct Book {
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

/// A [`Player`], its fields in the model's (and RSB's) order.
#[derive(Archive, Serialize)]
struct Gamer {
    game_type: Mode,
    previous_game_type: Mode,
    score: i64,
    dimension: String,
    selected_item_slot: u32,
    selected_item: Stack,
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
    inventory: Vec<Stack>,
    ender_items: Vec<Stack>,
    abilities: Powers,
    entered_nether_position: Option<(f64, f64, f64)>,
    root_vehicle: Option<([u32; 4], Creature)>,
    shoulder_entity_left: Option<Creature>,
    shoulder_entity_right: Option<Creature>,
    seen_credits: bool,
    recipe_book: Book,
}

impl From<GameType> for Mode {
    fn from(game_type: GameType) -> Self {
        match game_type {
            GameType::Survival => Mode::Survival,
            GameType::Creative => Mode::Creative,
            GameType::Adventure => Mode::Adventure,
            GameType::Spectator => Mode::Spectator,
        }
    }
}

impl ArchivedMode {
    fn model(&self) -> GameType {
        match self {
            ArchivedMode::Survival => GameType::Survival,
            ArchivedMode::Creative => GameType::Creative,
            ArchivedMode::Adventure => GameType::Adventure,
            ArchivedMode::Spectator => GameType::Spectator,
        }
    }
}

impl Stack {
    fn new(item: &Item) -> Self {
        Self {
            count: item.count,
            slot: item.slot,
            id: item.id.clone(),
        }
    }
}

impl ArchivedStack {
    fn model(&self) -> Item {
        Item {
            count: self.count,
            slot: self.slot,
            id: self.id.as_str().to_owned(),
        }
    }
}

impl Creature {
    fn new(entity: &Entity) -> Self {
        Self {
            id: entity.id.clone(),
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
            custom_name: entity.custom_name.clone(),
            custom_name_visible: entity.custom_name_visible,
            silent: entity.silent,
            glowing: entity.glowing,
        }
    }
}

fn triple(archived: &ArchivedTuple3<f64_le, f64_le, f64_le>) -> (f64, f64, f64) {
    (
        archived.0.to_native(),
        archived.1.to_native(),
        archived.2.to_native(),
    )
}

fn uuid(archived: &[u32_le; 4]) -> [u32; 4] {
    archived.map(u32_le::to_native)
}

fn text(archived: &ArchivedOption<ArchivedString>) -> Option<String> {
    archived.as_ref().map(|text| text.as_str().to_owned())
}

fn texts(archived: &[ArchivedString]) -> Vec<String> {
    archived
        .iter()
        .map(|text| text.as_str().to_owned())
        .collect()
}

impl ArchivedCreature {
    fn model(&self) -> Entity {
        let ArchivedTuple2(yaw, pitch) = &self.rotation;
        Entity {
            id: self.id.as_str().to_owned(),
            pos: triple(&self.pos),
            motion: triple(&self.motion),
            rotation: (yaw.to_native(), pitch.to_native()),
            fall_distance: self.fall_distance.to_native(),
            fire: self.fire.to_native(),
            air: self.air.to_native(),
            on_ground: self.on_ground,
            no_gravity: self.no_gravity,
            invulnerable: self.invulnerable,
            portal_cooldown: self.portal_cooldown.to_native(),
            uuid: uuid(&self.uuid),
            custom_name: text(&self.custom_name),
            custom_name_visible: self.custom_name_visible,
            silent: self.silent,
            glowing: self.glowing,
        }
    }
}

impl Gamer {
    fn new(player: &Player) -> Self {
        let abilities = &player.abilities;
        let book = &player.recipe_book;
        Self {
            game_type: player.game_type.into(),
            previous_game_type: player.previous_game_type.into(),
            score: player.score,
            dimension: player.dimension.clone(),
            selected_item_slot: player.selected_item_slot,
            selected_item: Stack::new(&player.selected_item),
            spawn_dimension: player.spawn_dimension.clone(),
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
            inventory: player.inventory.iter().map(Stack::new).collect(),
            ender_items: player.ender_items.iter().map(Stack::new).collect(),
            abilities: Powers {
                walk_speed: abilities.walk_speed,
                fly_speed: abilities.fly_speed,
                may_fly: abilities.may_fly,
                flying: abilities.flying,
                invulnerable: abilities.invulnerable,
                may_build: abilities.may_build,
                instabuild: abilities.instabuild,
            },
            entered_nether_position: player.entered_nether_position,
            root_vehicle: player
                .root_vehicle
                .as_ref()
                .map(|(uuid, entity)| (*uuid, Creature::new(entity))),
            shoulder_entity_left: player.shoulder_entity_left.as_ref().map(Creature::new),
            shoulder_entity_right: player.shoulder_entity_right.as_ref().map(Creature::new),
            seen_credits: player.seen_credits,
            recipe_book: Book {
                recipes: book.recipes.clone(),
                to_be_displayed: book.to_be_displayed.clone(),
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
        }
    }
}

impl ArchivedGamer {
    fn model(&self) -> Player {
        let abilities = &self.abilities;
        let book = &self.recipe_book;
        Player {
            game_type: self.game_type.model(),
            previous_game_type: self.previous_game_type.model(),
            score: self.score.to_native(),
            dimension: self.dimension.as_str().to_owned(),
            selected_item_slot: self.selected_item_slot.to_native(),
            selected_item: self.selected_item.model(),
            spawn_dimension: text(&self.spawn_dimension),
            spawn_x: self.spawn_x.to_native(),
            spawn_y: self.spawn_y.to_native(),
            spawn_z: self.spawn_z.to_native(),
            spawn_forced: self.spawn_forced.as_ref().copied(),
            sleep_timer: self.sleep_timer.to_native(),
            food_exhaustion_level: self.food_exhaustion_level.to_native(),
            food_saturation_level: self.food_saturation_level.to_native(),
            food_tick_timer: self.food_tick_timer.to_native(),
            xp_level: self.xp_level.to_native(),
            xp_p: self.xp_p.to_native(),
            xp_total: self.xp_total.to_native(),
            xp_seed: self.xp_seed.to_native(),
            inventory: self.inventory.iter().map(ArchivedStack::model).collect(),
            ender_items: self.ender_items.iter().map(ArchivedStack::model).collect(),
            abilities: Abilities {
                walk_speed: abilities.walk_speed.to_native(),
                fly_speed: abilities.fly_speed.to_native(),
                may_fly: abilities.may_fly,
                flying: abilities.flying,
                invulnerable: abilities.invulnerable,
                may_build: abilities.may_build,
                instabuild: abilities.instabuild,
            },
            entered_nether_position: self.entered_nether_position.as_ref().map(triple),
            root_vehicle: self
                .root_vehicle
                .as_ref()
                .map(|ArchivedTuple2(id, entity)| (uuid(id), entity.model())),
            shoulder_entity_left: self
                .shoulder_entity_left
                .as_ref()
                .map(ArchivedCreature::model),
            shoulder_entity_right: self
                .shoulder_entity_right
                .as_ref()
                .map(ArchivedCreature::model),
            seen_credits: self.seen_credits,
            recipe_book: RecipeBook {
                recipes: texts(&book.recipes),
                to_be_displayed: texts(&book.to_be_displayed),
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
        }
    }
}

impl Wire for Players {
    type Mirror = Save;
    type Archive = ArchivedSave;

    fn build(&self) -> Save {
        Save {
            len: 0,
            players: self.players.iter().map(Gamer::new).collect(),
        }
    }

    fn read(archive: &ArchivedSave) -> Result<Self, Failure> {
        Ok(Players {
            players: archive.players.iter().map(ArchivedGamer::model).collect(),
        })
    }

    fn answer(archive: &ArchivedSave) -> Result<MinecraftAnswer, Failure> {
        let mut answer = MinecraftAnswer::default();
        for player in archive.players.iter() {
            answer.players += 1;
            answer.game_types[player.game_type.model() as usize] += 1;
        }
        Ok(answer)
    }
}
