//! The minecraft_savedata dataset of rust_serialization_benchmark: players'
//! save data, deeply nested records with enums, options, tuples, arrays
//! and short strings.

use std::fmt;

use rand::Rng;

use crate::Dataset;
use crate::answer::JsonObject;
use crate::rsb::{self, SameBits, Stream, maybe, vec_of};
use crate::text::{Lend, Text};

/// The saved players, RSB's `Players`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct Players<S = String> {
    /// The players, in the order they were drawn.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub players: Vec<Player<S>>,
}

/// A player's game mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameType {
    /// `0`
    Survival,
    /// `1`
    Creative,
    /// `2`
    Adventure,
    /// `3`
    Spectator,
}

/// A stack of items in an inventory slot.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct Item<S = String> {
    /// How many.
    pub count: i8,
    /// Which slot.
    pub slot: u8,
    /// What, such as `pickaxe`.
    pub id: S,
}

/// What a player may do. Equality compares the speeds bit for bit.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[allow(
    clippy::struct_excessive_bools,
    reason = "RSB's shape: one flag per ability"
)]
pub struct Abilities {
    /// Walking speed.
    pub walk_speed: f32,
    /// Flying speed.
    pub fly_speed: f32,
    /// Whether the player may fly.
    pub may_fly: bool,
    /// Whether the player is flying.
    pub flying: bool,
    /// Whether the player takes no damage.
    pub invulnerable: bool,
    /// Whether the player may place and break blocks.
    pub may_build: bool,
    /// Whether blocks break at once.
    pub instabuild: bool,
}

/// A mob or vehicle. Equality compares the floats bit for bit.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[allow(
    clippy::struct_excessive_bools,
    reason = "RSB's shape: one flag per entity property"
)]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct Entity<S = String> {
    /// What kind, such as `parrot`.
    pub id: S,
    /// Where.
    pub pos: (f64, f64, f64),
    /// How fast, per axis.
    pub motion: (f64, f64, f64),
    /// Yaw and pitch.
    pub rotation: (f32, f32),
    /// How far it has fallen.
    pub fall_distance: f32,
    /// Ticks it still burns.
    pub fire: u16,
    /// Air left.
    pub air: u16,
    /// Whether it stands on the ground.
    pub on_ground: bool,
    /// Whether gravity leaves it alone.
    pub no_gravity: bool,
    /// Whether it takes no damage.
    pub invulnerable: bool,
    /// Ticks before it may use a portal again.
    pub portal_cooldown: i32,
    /// Its UUID as four words.
    pub uuid: [u32; 4],
    /// Its name tag, if any.
    pub custom_name: Option<S>,
    /// Whether the name tag shows.
    pub custom_name_visible: bool,
    /// Whether it makes no sound.
    pub silent: bool,
    /// Whether it glows.
    pub glowing: bool,
}

/// The recipes a player knows.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[allow(
    clippy::struct_excessive_bools,
    reason = "RSB's shape: one flag per recipe-book setting"
)]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct RecipeBook<S = String> {
    /// Recipes known, such as `torch`.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub recipes: Vec<S>,
    /// Recipes still to be shown.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub to_be_displayed: Vec<S>,
    /// Crafting table: show only what can be made.
    pub is_filtering_craftable: bool,
    /// Crafting table: book open.
    pub is_gui_open: bool,
    /// Furnace: show only what can be made.
    pub is_furnace_filtering_craftable: bool,
    /// Furnace: book open.
    pub is_furnace_gui_open: bool,
    /// Blast furnace: show only what can be made.
    pub is_blasting_furnace_filtering_craftable: bool,
    /// Blast furnace: book open.
    pub is_blasting_furnace_gui_open: bool,
    /// Smoker: show only what can be made.
    pub is_smoker_filtering_craftable: bool,
    /// Smoker: book open.
    pub is_smoker_gui_open: bool,
}

/// One player's save data. Equality compares the floats bit for bit.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct Player<S = String> {
    /// The current game mode.
    pub game_type: GameType,
    /// The game mode before it.
    pub previous_game_type: GameType,
    /// Score.
    pub score: i64,
    /// Which world: `overworld`, `nether` or `end`.
    pub dimension: S,
    /// The hotbar slot in hand.
    pub selected_item_slot: u32,
    /// The item in hand.
    pub selected_item: Item<S>,
    /// The world of the spawn point, if set.
    pub spawn_dimension: Option<S>,
    /// Spawn point, x.
    pub spawn_x: i64,
    /// Spawn point, y.
    pub spawn_y: i64,
    /// Spawn point, z.
    pub spawn_z: i64,
    /// Whether the spawn point is forced, if known.
    pub spawn_forced: Option<bool>,
    /// Ticks asleep.
    pub sleep_timer: u16,
    /// Food exhaustion.
    pub food_exhaustion_level: f32,
    /// Food saturation.
    pub food_saturation_level: f32,
    /// Ticks of the food timer.
    pub food_tick_timer: u32,
    /// Experience level.
    pub xp_level: u32,
    /// Progress to the next level.
    pub xp_p: f32,
    /// Experience points in all.
    pub xp_total: i32,
    /// The enchantment seed.
    pub xp_seed: i32,
    /// The inventory (up to 39 stacks when generated).
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub inventory: Vec<Item<S>>,
    /// The ender chest (up to 26 stacks when generated).
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub ender_items: Vec<Item<S>>,
    /// What the player may do.
    pub abilities: Abilities,
    /// Where the player last entered the nether, if ever.
    pub entered_nether_position: Option<(f64, f64, f64)>,
    /// The vehicle ridden, with its UUID, if any.
    pub root_vehicle: Option<([u32; 4], Entity<S>)>,
    /// A parrot on the left shoulder, say.
    pub shoulder_entity_left: Option<Entity<S>>,
    /// And on the right.
    pub shoulder_entity_right: Option<Entity<S>>,
    /// Whether the credits were seen.
    pub seen_credits: bool,
    /// Recipes known.
    pub recipe_book: RecipeBook<S>,
}

impl PartialEq for Abilities {
    fn eq(&self, other: &Self) -> bool {
        // Destructured without `..`, so a new field cannot be forgotten.
        let Self {
            walk_speed,
            fly_speed,
            may_fly,
            flying,
            invulnerable,
            may_build,
            instabuild,
        } = self;
        walk_speed.same_bits(&other.walk_speed)
            && fly_speed.same_bits(&other.fly_speed)
            && *may_fly == other.may_fly
            && *flying == other.flying
            && *invulnerable == other.invulnerable
            && *may_build == other.may_build
            && *instabuild == other.instabuild
    }
}

impl Eq for Abilities {}

impl<S: PartialEq> PartialEq for Entity<S> {
    fn eq(&self, other: &Self) -> bool {
        let Self {
            id,
            pos,
            motion,
            rotation,
            fall_distance,
            fire,
            air,
            on_ground,
            no_gravity,
            invulnerable,
            portal_cooldown,
            uuid,
            custom_name,
            custom_name_visible,
            silent,
            glowing,
        } = self;
        *id == other.id
            && pos.same_bits(&other.pos)
            && motion.same_bits(&other.motion)
            && rotation.same_bits(&other.rotation)
            && fall_distance.same_bits(&other.fall_distance)
            && *fire == other.fire
            && *air == other.air
            && *on_ground == other.on_ground
            && *no_gravity == other.no_gravity
            && *invulnerable == other.invulnerable
            && *portal_cooldown == other.portal_cooldown
            && *uuid == other.uuid
            && *custom_name == other.custom_name
            && *custom_name_visible == other.custom_name_visible
            && *silent == other.silent
            && *glowing == other.glowing
    }
}

impl<S: Eq> Eq for Entity<S> {}

impl<S: PartialEq> PartialEq for Player<S> {
    fn eq(&self, other: &Self) -> bool {
        let Self {
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
            abilities,
            entered_nether_position,
            root_vehicle,
            shoulder_entity_left,
            shoulder_entity_right,
            seen_credits,
            recipe_book,
        } = self;
        *game_type == other.game_type
            && *previous_game_type == other.previous_game_type
            && *score == other.score
            && *dimension == other.dimension
            && *selected_item_slot == other.selected_item_slot
            && *selected_item == other.selected_item
            && *spawn_dimension == other.spawn_dimension
            && *spawn_x == other.spawn_x
            && *spawn_y == other.spawn_y
            && *spawn_z == other.spawn_z
            && *spawn_forced == other.spawn_forced
            && *sleep_timer == other.sleep_timer
            && food_exhaustion_level.same_bits(&other.food_exhaustion_level)
            && food_saturation_level.same_bits(&other.food_saturation_level)
            && *food_tick_timer == other.food_tick_timer
            && *xp_level == other.xp_level
            && xp_p.same_bits(&other.xp_p)
            && *xp_total == other.xp_total
            && *xp_seed == other.xp_seed
            && *inventory == other.inventory
            && *ender_items == other.ender_items
            && *abilities == other.abilities
            && entered_nether_position.same_bits(&other.entered_nether_position)
            && *root_vehicle == other.root_vehicle
            && *shoulder_entity_left == other.shoulder_entity_left
            && *shoulder_entity_right == other.shoulder_entity_right
            && *seen_credits == other.seen_credits
            && *recipe_book == other.recipe_book
    }
}

impl<S: Eq> Eq for Player<S> {}

const DIMENSIONS: [&str; 3] = ["overworld", "nether", "end"];
const ITEM_IDS: [&str; 8] = [
    "dirt",
    "stone",
    "pickaxe",
    "sand",
    "gravel",
    "shovel",
    "chestplate",
    "steak",
];
const ENTITY_IDS: [&str; 8] = [
    "cow", "sheep", "zombie", "skeleton", "spider", "creeper", "parrot", "bee",
];
const CUSTOM_NAMES: [&str; 8] = [
    "rainbow", "princess", "steve", "johnny", "missy", "coward", "fairy", "howard",
];
const RECIPES: [&str; 8] = [
    "pickaxe",
    "torch",
    "bow",
    "crafting table",
    "furnace",
    "shears",
    "arrow",
    "tnt",
];

/// A string from `table`, drawn as RSB draws an index: a `usize`.
fn pick(rng: &mut Stream, table: &[&str]) -> String {
    table[rng.gen_range(0..table.len())].to_owned()
}

impl Players {
    /// RSB's minecraft_savedata dataset at `count` players (RSB benches
    /// 500): drawn from [`rsb::STATE`] and [`rsb::STREAM`] as RSB draws it,
    /// so equal to RSB's value bit for bit.
    #[must_use]
    pub fn generate(count: usize) -> Self {
        Self {
            players: rsb::generate(count, Player::generate),
        }
    }
}

impl GameType {
    /// The game types in the order of their numbers.
    pub const ALL: [GameType; 4] = [
        GameType::Survival,
        GameType::Creative,
        GameType::Adventure,
        GameType::Spectator,
    ];

    fn generate(rng: &mut Stream) -> Self {
        // RSB draws an `i32` here, one 32-bit word.
        match rng.gen_range(0..4_i32) {
            0 => GameType::Survival,
            1 => GameType::Creative,
            2 => GameType::Adventure,
            _ => GameType::Spectator,
        }
    }
}

impl Item {
    fn generate(rng: &mut Stream) -> Self {
        Self {
            count: rng.r#gen(),
            slot: rng.r#gen(),
            id: pick(rng, &ITEM_IDS),
        }
    }
}

impl Abilities {
    fn generate(rng: &mut Stream) -> Self {
        Self {
            walk_speed: rng.r#gen(),
            fly_speed: rng.r#gen(),
            may_fly: rng.gen_bool(0.5),
            flying: rng.gen_bool(0.5),
            invulnerable: rng.gen_bool(0.5),
            may_build: rng.gen_bool(0.5),
            instabuild: rng.gen_bool(0.5),
        }
    }
}

impl Entity {
    fn generate(rng: &mut Stream) -> Self {
        Self {
            id: pick(rng, &ENTITY_IDS),
            pos: (rng.r#gen(), rng.r#gen(), rng.r#gen()),
            motion: (rng.r#gen(), rng.r#gen(), rng.r#gen()),
            rotation: (rng.r#gen(), rng.r#gen()),
            fall_distance: rng.r#gen(),
            fire: rng.r#gen(),
            air: rng.r#gen(),
            on_ground: rng.gen_bool(0.5),
            no_gravity: rng.gen_bool(0.5),
            invulnerable: rng.gen_bool(0.5),
            portal_cooldown: rng.r#gen(),
            uuid: rng.r#gen(),
            custom_name: maybe(rng, |rng| pick(rng, &CUSTOM_NAMES)),
            custom_name_visible: rng.gen_bool(0.5),
            silent: rng.gen_bool(0.5),
            glowing: rng.gen_bool(0.5),
        }
    }
}

impl RecipeBook {
    fn generate(rng: &mut Stream) -> Self {
        Self {
            recipes: vec_of(rng, 0..30, |rng| pick(rng, &RECIPES)),
            to_be_displayed: vec_of(rng, 0..10, |rng| pick(rng, &RECIPES)),
            is_filtering_craftable: rng.gen_bool(0.5),
            is_gui_open: rng.gen_bool(0.5),
            is_furnace_filtering_craftable: rng.gen_bool(0.5),
            is_furnace_gui_open: rng.gen_bool(0.5),
            is_blasting_furnace_filtering_craftable: rng.gen_bool(0.5),
            is_blasting_furnace_gui_open: rng.gen_bool(0.5),
            is_smoker_filtering_craftable: rng.gen_bool(0.5),
            is_smoker_gui_open: rng.gen_bool(0.5),
        }
    }
}

impl Player {
    fn generate(rng: &mut Stream) -> Self {
        Self {
            game_type: GameType::generate(rng),
            previous_game_type: GameType::generate(rng),
            score: rng.r#gen(),
            dimension: pick(rng, &DIMENSIONS),
            selected_item_slot: rng.r#gen(),
            selected_item: Item::generate(rng),
            spawn_dimension: maybe(rng, |rng| pick(rng, &DIMENSIONS)),
            spawn_x: rng.r#gen(),
            spawn_y: rng.r#gen(),
            spawn_z: rng.r#gen(),
            spawn_forced: maybe(rng, |rng| rng.gen_bool(0.5)),
            sleep_timer: rng.r#gen(),
            food_exhaustion_level: rng.r#gen(),
            food_saturation_level: rng.r#gen(),
            food_tick_timer: rng.r#gen(),
            xp_level: rng.r#gen(),
            xp_p: rng.r#gen(),
            xp_total: rng.r#gen(),
            xp_seed: rng.r#gen(),
            inventory: vec_of(rng, 0..40, Item::generate),
            ender_items: vec_of(rng, 0..27, Item::generate),
            abilities: Abilities::generate(rng),
            entered_nether_position: maybe(rng, |rng| (rng.r#gen(), rng.r#gen(), rng.r#gen())),
            root_vehicle: maybe(rng, |rng| (rng.r#gen(), Entity::generate(rng))),
            shoulder_entity_left: maybe(rng, Entity::generate),
            shoulder_entity_right: maybe(rng, Entity::generate),
            seen_credits: rng.gen_bool(0.5),
            recipe_book: RecipeBook::generate(rng),
        }
    }
}

/// The minecraft_savedata traverse answer: what RSB's access benches read
/// of each player, its game type, counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MinecraftAnswer {
    /// Players.
    pub players: u64,
    /// Players per game type, in [`GameType::ALL`]'s order.
    pub game_types: [u64; 4],
}

impl fmt::Display for MinecraftAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [survival, creative, adventure, spectator] = self.game_types;
        JsonObject::new(f)?
            .raw("players", self.players)?
            .raw("survival", survival)?
            .raw("creative", creative)?
            .raw("adventure", adventure)?
            .raw("spectator", spectator)?
            .end()
    }
}

impl Lend for Players {
    type Lent<'a> = Players<Text<'a>>;

    fn lend(&self) -> Players<Text<'_>> {
        Players {
            players: self.players.lend(),
        }
    }
}

impl Lend for Item {
    type Lent<'a> = Item<Text<'a>>;

    fn lend(&self) -> Item<Text<'_>> {
        Item {
            count: self.count,
            slot: self.slot,
            id: self.id.lend(),
        }
    }
}

impl Lend for Entity {
    type Lent<'a> = Entity<Text<'a>>;

    fn lend(&self) -> Entity<Text<'_>> {
        Entity {
            id: self.id.lend(),
            pos: self.pos,
            motion: self.motion,
            rotation: self.rotation,
            fall_distance: self.fall_distance,
            fire: self.fire,
            air: self.air,
            on_ground: self.on_ground,
            no_gravity: self.no_gravity,
            invulnerable: self.invulnerable,
            portal_cooldown: self.portal_cooldown,
            uuid: self.uuid,
            custom_name: self.custom_name.lend(),
            custom_name_visible: self.custom_name_visible,
            silent: self.silent,
            glowing: self.glowing,
        }
    }
}

impl Lend for RecipeBook {
    type Lent<'a> = RecipeBook<Text<'a>>;

    fn lend(&self) -> RecipeBook<Text<'_>> {
        RecipeBook {
            recipes: self.recipes.lend(),
            to_be_displayed: self.to_be_displayed.lend(),
            is_filtering_craftable: self.is_filtering_craftable,
            is_gui_open: self.is_gui_open,
            is_furnace_filtering_craftable: self.is_furnace_filtering_craftable,
            is_furnace_gui_open: self.is_furnace_gui_open,
            is_blasting_furnace_filtering_craftable: self.is_blasting_furnace_filtering_craftable,
            is_blasting_furnace_gui_open: self.is_blasting_furnace_gui_open,
            is_smoker_filtering_craftable: self.is_smoker_filtering_craftable,
            is_smoker_gui_open: self.is_smoker_gui_open,
        }
    }
}

impl Lend for Player {
    type Lent<'a> = Player<Text<'a>>;

    fn lend(&self) -> Player<Text<'_>> {
        Player {
            game_type: self.game_type,
            previous_game_type: self.previous_game_type,
            score: self.score,
            dimension: self.dimension.lend(),
            selected_item_slot: self.selected_item_slot,
            selected_item: self.selected_item.lend(),
            spawn_dimension: self.spawn_dimension.lend(),
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
            inventory: self.inventory.lend(),
            ender_items: self.ender_items.lend(),
            abilities: self.abilities,
            entered_nether_position: self.entered_nether_position,
            root_vehicle: self
                .root_vehicle
                .as_ref()
                .map(|(uuid, entity)| (*uuid, entity.lend())),
            shoulder_entity_left: self.shoulder_entity_left.lend(),
            shoulder_entity_right: self.shoulder_entity_right.lend(),
            seen_credits: self.seen_credits,
            recipe_book: self.recipe_book.lend(),
        }
    }
}

impl Dataset for Players {
    type Borrowed<'a> = Players<Text<'a>>;

    fn lend(&self) -> Players<Text<'_>> {
        Lend::lend(self)
    }

    const NAME: &'static str = "minecraft_savedata";
    const ABOUT: &'static str = "rust_serialization_benchmark's Minecraft player save data";
    const SIZE_UNIT: &'static str = "players";
    /// RSB's count.
    const DEFAULT_SIZE: usize = 500;
    /// A tenth, a prefix of the full dataset.
    const QUICK_SIZE: usize = 50;
    /// Enough players that the dumps other programs read hold every
    /// optional part: some players ride a vehicle, some do not.
    const DUMP_SIZE: usize = 10;
    /// The quick size: the benchmarks verify the full one.
    const TEST_SIZE: usize = Self::QUICK_SIZE;
    const DAMAGED_SIZE: usize = 1;
    type Answer = MinecraftAnswer;

    fn workload(size: usize) -> Vec<Self> {
        vec![Self::generate(size)]
    }

    fn traverse(&self) -> MinecraftAnswer {
        let mut answer = MinecraftAnswer::default();
        for player in &self.players {
            answer.players += 1;
            answer.game_types[player.game_type as usize] += 1;
        }
        answer
    }
}
