//! rust_serialization_benchmark's four datasets through simd-json-derive:
//! mirror types in the model's serde layout (RSB's field names and order),
//! the enums by their variant names, as [`super`] does for the five. The
//! long lists are mirrored item by item as they are written ([`Each`]),
//! not collected first.

use std::io::Write;

use serbench_model::minecraft::{self, GameType};
use serbench_model::mk48::{self, EntityType};
use serbench_model::{Logs, Mesh, Players, Updates, log, mesh};
use simd_json_derive::Deserialize as _;

use super::{Fault, Mirrored, Read, Tape, unknown_variant};

/// A slice written as a JSON array, each item through its mirror, made
/// as it is written rather than collected first.
struct Each<'a, T, M>(&'a [T], fn(&'a T) -> M);

impl<T, M: simd_json_derive::Serialize> simd_json_derive::Serialize for Each<'_, T, M> {
    fn json_write<W: Write>(&self, writer: &mut W) -> std::io::Result<()> {
        writer.write_all(b"[")?;
        for (index, item) in self.0.iter().enumerate() {
            if index > 0 {
                writer.write_all(b",")?;
            }
            (self.1)(item).json_write(writer)?;
        }
        writer.write_all(b"]")
    }
}

/// The types written: the model's strings and lists borrowed, its enums
/// as their names.
mod out {
    use serbench_model::{log, mesh, minecraft, mk48};
    use simd_json_derive::Serialize;

    use super::Each;

    #[derive(Serialize)]
    pub(super) struct Logs<'a> {
        pub(super) logs: Each<'a, log::Log, Log<'a>>,
    }

    #[derive(Serialize)]
    pub(super) struct Log<'a> {
        pub(super) address: Address,
        pub(super) identity: &'a str,
        pub(super) userid: &'a str,
        pub(super) date: &'a str,
        pub(super) request: &'a str,
        pub(super) code: u16,
        pub(super) size: u64,
    }

    #[derive(Serialize)]
    pub(super) struct Address {
        pub(super) x0: u8,
        pub(super) x1: u8,
        pub(super) x2: u8,
        pub(super) x3: u8,
    }

    #[derive(Serialize)]
    pub(super) struct Mesh<'a> {
        pub(super) triangles: Each<'a, mesh::Triangle, Triangle>,
    }

    #[derive(Serialize)]
    pub(super) struct Triangle {
        pub(super) v0: Vector3,
        pub(super) v1: Vector3,
        pub(super) v2: Vector3,
        pub(super) normal: Vector3,
    }

    #[derive(Serialize)]
    pub(super) struct Vector3 {
        pub(super) x: f32,
        pub(super) y: f32,
        pub(super) z: f32,
    }

    #[derive(Serialize)]
    pub(super) struct Players<'a> {
        pub(super) players: Each<'a, minecraft::Player, Player<'a>>,
    }

    #[derive(Serialize)]
    pub(super) struct Player<'a> {
        pub(super) game_type: &'static str,
        pub(super) previous_game_type: &'static str,
        pub(super) score: i64,
        pub(super) dimension: &'a str,
        pub(super) selected_item_slot: u32,
        pub(super) selected_item: Item<'a>,
        pub(super) spawn_dimension: Option<&'a str>,
        pub(super) spawn_x: i64,
        pub(super) spawn_y: i64,
        pub(super) spawn_z: i64,
        pub(super) spawn_forced: Option<bool>,
        pub(super) sleep_timer: u16,
        pub(super) food_exhaustion_level: f32,
        pub(super) food_saturation_level: f32,
        pub(super) food_tick_timer: u32,
        pub(super) xp_level: u32,
        pub(super) xp_p: f32,
        pub(super) xp_total: i32,
        pub(super) xp_seed: i32,
        pub(super) inventory: Each<'a, minecraft::Item, Item<'a>>,
        pub(super) ender_items: Each<'a, minecraft::Item, Item<'a>>,
        pub(super) abilities: Abilities,
        pub(super) entered_nether_position: Option<(f64, f64, f64)>,
        pub(super) root_vehicle: Option<([u32; 4], Entity<'a>)>,
        pub(super) shoulder_entity_left: Option<Entity<'a>>,
        pub(super) shoulder_entity_right: Option<Entity<'a>>,
        pub(super) seen_credits: bool,
        pub(super) recipe_book: RecipeBook<'a>,
    }

    #[derive(Serialize)]
    pub(super) struct Item<'a> {
        pub(super) count: i8,
        pub(super) slot: u8,
        pub(super) id: &'a str,
    }

    #[derive(Serialize)]
    #[allow(
        clippy::struct_excessive_bools,
        reason = "the model's shape: one flag per ability"
    )]
    pub(super) struct Abilities {
        pub(super) walk_speed: f32,
        pub(super) fly_speed: f32,
        pub(super) may_fly: bool,
        pub(super) flying: bool,
        pub(super) invulnerable: bool,
        pub(super) may_build: bool,
        pub(super) instabuild: bool,
    }

    #[derive(Serialize)]
    #[allow(
        clippy::struct_excessive_bools,
        reason = "the model's shape: one flag per entity property"
    )]
    pub(super) struct Entity<'a> {
        pub(super) id: &'a str,
        pub(super) pos: (f64, f64, f64),
        pub(super) motion: (f64, f64, f64),
        pub(super) rotation: (f32, f32),
        pub(super) fall_distance: f32,
        pub(super) fire: u16,
        pub(super) air: u16,
        pub(super) on_ground: bool,
        pub(super) no_gravity: bool,
        pub(super) invulnerable: bool,
        pub(super) portal_cooldown: i32,
        pub(super) uuid: [u32; 4],
        pub(super) custom_name: Option<&'a str>,
        pub(super) custom_name_visible: bool,
        pub(super) silent: bool,
        pub(super) glowing: bool,
    }

    #[derive(Serialize)]
    #[allow(
        clippy::struct_excessive_bools,
        reason = "the model's shape: one flag per recipe-book setting"
    )]
    pub(super) struct RecipeBook<'a> {
        pub(super) recipes: &'a [String],
        pub(super) to_be_displayed: &'a [String],
        pub(super) is_filtering_craftable: bool,
        pub(super) is_gui_open: bool,
        pub(super) is_furnace_filtering_craftable: bool,
        pub(super) is_furnace_gui_open: bool,
        pub(super) is_blasting_furnace_filtering_craftable: bool,
        pub(super) is_blasting_furnace_gui_open: bool,
        pub(super) is_smoker_filtering_craftable: bool,
        pub(super) is_smoker_gui_open: bool,
    }

    #[derive(Serialize)]
    pub(super) struct Updates<'a> {
        pub(super) updates: Each<'a, mk48::Update, Update<'a>>,
    }

    #[derive(Serialize)]
    pub(super) struct Update<'a> {
        pub(super) contacts: Each<'a, mk48::Contact, Contact<'a>>,
        pub(super) score: u32,
        pub(super) world_radius: f32,
        pub(super) terrain_updates: Each<'a, mk48::TerrainUpdate, TerrainUpdate<'a>>,
    }

    #[derive(Serialize)]
    pub(super) struct Contact<'a> {
        pub(super) damage: u8,
        pub(super) entity_id: u32,
        pub(super) entity_type: Option<&'static str>,
        pub(super) guidance: Guidance,
        pub(super) player_id: Option<u16>,
        pub(super) reloads: &'a [bool],
        pub(super) transform: Transform,
        pub(super) turret_angles: &'a [u16],
    }

    #[derive(Serialize)]
    pub(super) struct Guidance {
        pub(super) angle: u16,
        pub(super) submerge: bool,
        pub(super) velocity: i16,
    }

    #[derive(Serialize)]
    pub(super) struct Transform {
        pub(super) altitude: i8,
        pub(super) angle: u16,
        pub(super) position: (f32, f32),
        pub(super) velocity: i16,
    }

    #[derive(Serialize)]
    pub(super) struct TerrainUpdate<'a> {
        pub(super) chunk_id: (i8, i8),
        pub(super) data: &'a [u8],
    }
}

/// The types read: the model's strings and lists owned, as they move into
/// the model; the enums' names borrowed from simd-json's copy of the input.
mod read {
    use simd_json_derive::Deserialize;

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Logs {
        pub(super) logs: Vec<Log>,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Log {
        pub(super) address: Address,
        pub(super) identity: String,
        pub(super) userid: String,
        pub(super) date: String,
        pub(super) request: String,
        pub(super) code: u16,
        pub(super) size: u64,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Address {
        pub(super) x0: u8,
        pub(super) x1: u8,
        pub(super) x2: u8,
        pub(super) x3: u8,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Mesh {
        pub(super) triangles: Vec<Triangle>,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Triangle {
        pub(super) v0: Vector3,
        pub(super) v1: Vector3,
        pub(super) v2: Vector3,
        pub(super) normal: Vector3,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Vector3 {
        pub(super) x: f32,
        pub(super) y: f32,
        pub(super) z: f32,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Players<'a> {
        pub(super) players: Vec<Player<'a>>,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Player<'a> {
        pub(super) game_type: &'a str,
        pub(super) previous_game_type: &'a str,
        pub(super) score: i64,
        pub(super) dimension: String,
        pub(super) selected_item_slot: u32,
        pub(super) selected_item: Item,
        pub(super) spawn_dimension: Option<String>,
        pub(super) spawn_x: i64,
        pub(super) spawn_y: i64,
        pub(super) spawn_z: i64,
        pub(super) spawn_forced: Option<bool>,
        pub(super) sleep_timer: u16,
        pub(super) food_exhaustion_level: f32,
        pub(super) food_saturation_level: f32,
        pub(super) food_tick_timer: u32,
        pub(super) xp_level: u32,
        pub(super) xp_p: f32,
        pub(super) xp_total: i32,
        pub(super) xp_seed: i32,
        pub(super) inventory: Vec<Item>,
        pub(super) ender_items: Vec<Item>,
        pub(super) abilities: Abilities,
        pub(super) entered_nether_position: Option<(f64, f64, f64)>,
        pub(super) root_vehicle: Option<([u32; 4], Entity)>,
        pub(super) shoulder_entity_left: Option<Entity>,
        pub(super) shoulder_entity_right: Option<Entity>,
        pub(super) seen_credits: bool,
        pub(super) recipe_book: RecipeBook,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Item {
        pub(super) count: i8,
        pub(super) slot: u8,
        pub(super) id: String,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    #[allow(
        clippy::struct_excessive_bools,
        reason = "the model's shape: one flag per ability"
    )]
    pub(super) struct Abilities {
        pub(super) walk_speed: f32,
        pub(super) fly_speed: f32,
        pub(super) may_fly: bool,
        pub(super) flying: bool,
        pub(super) invulnerable: bool,
        pub(super) may_build: bool,
        pub(super) instabuild: bool,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    #[allow(
        clippy::struct_excessive_bools,
        reason = "the model's shape: one flag per entity property"
    )]
    pub(super) struct Entity {
        pub(super) id: String,
        pub(super) pos: (f64, f64, f64),
        pub(super) motion: (f64, f64, f64),
        pub(super) rotation: (f32, f32),
        pub(super) fall_distance: f32,
        pub(super) fire: u16,
        pub(super) air: u16,
        pub(super) on_ground: bool,
        pub(super) no_gravity: bool,
        pub(super) invulnerable: bool,
        pub(super) portal_cooldown: i32,
        pub(super) uuid: [u32; 4],
        pub(super) custom_name: Option<String>,
        pub(super) custom_name_visible: bool,
        pub(super) silent: bool,
        pub(super) glowing: bool,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    #[allow(
        clippy::struct_excessive_bools,
        reason = "the model's shape: one flag per recipe-book setting"
    )]
    pub(super) struct RecipeBook {
        pub(super) recipes: Vec<String>,
        pub(super) to_be_displayed: Vec<String>,
        pub(super) is_filtering_craftable: bool,
        pub(super) is_gui_open: bool,
        pub(super) is_furnace_filtering_craftable: bool,
        pub(super) is_furnace_gui_open: bool,
        pub(super) is_blasting_furnace_filtering_craftable: bool,
        pub(super) is_blasting_furnace_gui_open: bool,
        pub(super) is_smoker_filtering_craftable: bool,
        pub(super) is_smoker_gui_open: bool,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Updates<'a> {
        pub(super) updates: Vec<Update<'a>>,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Update<'a> {
        pub(super) contacts: Vec<Contact<'a>>,
        pub(super) score: u32,
        pub(super) world_radius: f32,
        pub(super) terrain_updates: Vec<TerrainUpdate>,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Contact<'a> {
        pub(super) damage: u8,
        pub(super) entity_id: u32,
        pub(super) entity_type: Option<&'a str>,
        pub(super) guidance: Guidance,
        pub(super) player_id: Option<u16>,
        pub(super) reloads: Vec<bool>,
        pub(super) transform: Transform,
        pub(super) turret_angles: Vec<u16>,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Guidance {
        pub(super) angle: u16,
        pub(super) submerge: bool,
        pub(super) velocity: i16,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Transform {
        pub(super) altitude: i8,
        pub(super) angle: u16,
        pub(super) position: (f32, f32),
        pub(super) velocity: i16,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct TerrainUpdate {
        pub(super) chunk_id: (i8, i8),
        pub(super) data: Vec<u8>,
    }
}

impl Mirrored for Logs {
    fn write(&self, out: &mut Vec<u8>) -> std::io::Result<()> {
        fn log(log: &log::Log) -> out::Log<'_> {
            let log::Address { x0, x1, x2, x3 } = log.address;
            out::Log {
                address: out::Address { x0, x1, x2, x3 },
                identity: &log.identity,
                userid: &log.userid,
                date: &log.date,
                request: &log.request,
                code: log.code,
                size: log.size,
            }
        }
        let mirror = out::Logs {
            logs: Each(&self.logs, log),
        };
        simd_json_derive::Serialize::json_write(&mirror, out)
    }

    fn read(tape: Tape<'_, '_>) -> Read<Self> {
        let read = read::Logs::from_tape(tape)?;
        let logs = read
            .logs
            .into_iter()
            .map(|log| {
                let read::Address { x0, x1, x2, x3 } = log.address;
                log::Log {
                    address: log::Address { x0, x1, x2, x3 },
                    identity: log.identity,
                    userid: log.userid,
                    date: log.date,
                    request: log.request,
                    code: log.code,
                    size: log.size,
                }
            })
            .collect();
        Ok(Ok(Logs { logs }))
    }
}

impl Mirrored for Mesh {
    fn write(&self, out: &mut Vec<u8>) -> std::io::Result<()> {
        fn vector(v: mesh::Vector3) -> out::Vector3 {
            out::Vector3 {
                x: v.x,
                y: v.y,
                z: v.z,
            }
        }
        fn triangle(triangle: &mesh::Triangle) -> out::Triangle {
            out::Triangle {
                v0: vector(triangle.v0),
                v1: vector(triangle.v1),
                v2: vector(triangle.v2),
                normal: vector(triangle.normal),
            }
        }
        let mirror = out::Mesh {
            triangles: Each(&self.triangles, triangle),
        };
        simd_json_derive::Serialize::json_write(&mirror, out)
    }

    fn read(tape: Tape<'_, '_>) -> Read<Self> {
        fn vector(v: &read::Vector3) -> mesh::Vector3 {
            mesh::Vector3 {
                x: v.x,
                y: v.y,
                z: v.z,
            }
        }
        let read = read::Mesh::from_tape(tape)?;
        let triangles = read
            .triangles
            .iter()
            .map(|triangle| mesh::Triangle {
                v0: vector(&triangle.v0),
                v1: vector(&triangle.v1),
                v2: vector(&triangle.v2),
                normal: vector(&triangle.normal),
            })
            .collect();
        Ok(Ok(Mesh { triangles }))
    }
}

/// A game type's name, as the model's serde derive writes it.
fn game_type_name(game_type: GameType) -> &'static str {
    match game_type {
        GameType::Survival => "Survival",
        GameType::Creative => "Creative",
        GameType::Adventure => "Adventure",
        GameType::Spectator => "Spectator",
    }
}

/// An entity type's name, as the model's serde derive writes it.
fn entity_type_name(entity_type: EntityType) -> &'static str {
    match entity_type {
        EntityType::ArleighBurke => "ArleighBurke",
        EntityType::Bismarck => "Bismarck",
        EntityType::Clemenceau => "Clemenceau",
        EntityType::Fletcher => "Fletcher",
        EntityType::G5 => "G5",
        EntityType::Iowa => "Iowa",
        EntityType::Kolkata => "Kolkata",
        EntityType::Osa => "Osa",
        EntityType::Yasen => "Yasen",
        EntityType::Zubr => "Zubr",
    }
}

/// The one of `variants` whose `name` is `text`, or the fault of an
/// unknown name at `path`.
fn variant_named<T: Copy>(
    variants: &[T],
    name: fn(T) -> &'static str,
    text: &str,
    path: impl FnOnce() -> String,
) -> Result<T, Fault> {
    if let Some(variant) = variants.iter().find(|variant| name(**variant) == text) {
        return Ok(*variant);
    }
    let expected = variants
        .iter()
        .map(|variant| format!("`{}`", name(*variant)))
        .collect::<Vec<_>>()
        .join(", ");
    Err(unknown_variant(&path(), text, &expected))
}

impl Mirrored for Players {
    fn write(&self, out: &mut Vec<u8>) -> std::io::Result<()> {
        let mirror = out::Players {
            players: Each(&self.players, player_out),
        };
        simd_json_derive::Serialize::json_write(&mirror, out)
    }

    fn read(tape: Tape<'_, '_>) -> Read<Self> {
        let read = read::Players::from_tape(tape)?;
        let mut players = Vec::with_capacity(read.players.len());
        for (index, player) in read.players.into_iter().enumerate() {
            match player_back(player, index) {
                Ok(player) => players.push(player),
                Err(fault) => return Ok(Err(fault)),
            }
        }
        Ok(Ok(Players { players }))
    }
}

fn item_out(item: &minecraft::Item) -> out::Item<'_> {
    out::Item {
        count: item.count,
        slot: item.slot,
        id: &item.id,
    }
}

fn entity_out(entity: &minecraft::Entity) -> out::Entity<'_> {
    out::Entity {
        id: &entity.id,
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
        custom_name: entity.custom_name.as_deref(),
        custom_name_visible: entity.custom_name_visible,
        silent: entity.silent,
        glowing: entity.glowing,
    }
}

fn player_out(player: &minecraft::Player) -> out::Player<'_> {
    let abilities = &player.abilities;
    let book = &player.recipe_book;
    out::Player {
        game_type: game_type_name(player.game_type),
        previous_game_type: game_type_name(player.previous_game_type),
        score: player.score,
        dimension: &player.dimension,
        selected_item_slot: player.selected_item_slot,
        selected_item: item_out(&player.selected_item),
        spawn_dimension: player.spawn_dimension.as_deref(),
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
        inventory: Each(&player.inventory, item_out),
        ender_items: Each(&player.ender_items, item_out),
        abilities: out::Abilities {
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
            .map(|(uuid, entity)| (*uuid, entity_out(entity))),
        shoulder_entity_left: player.shoulder_entity_left.as_ref().map(entity_out),
        shoulder_entity_right: player.shoulder_entity_right.as_ref().map(entity_out),
        seen_credits: player.seen_credits,
        recipe_book: out::RecipeBook {
            recipes: &book.recipes,
            to_be_displayed: &book.to_be_displayed,
            is_filtering_craftable: book.is_filtering_craftable,
            is_gui_open: book.is_gui_open,
            is_furnace_filtering_craftable: book.is_furnace_filtering_craftable,
            is_furnace_gui_open: book.is_furnace_gui_open,
            is_blasting_furnace_filtering_craftable: book.is_blasting_furnace_filtering_craftable,
            is_blasting_furnace_gui_open: book.is_blasting_furnace_gui_open,
            is_smoker_filtering_craftable: book.is_smoker_filtering_craftable,
            is_smoker_gui_open: book.is_smoker_gui_open,
        },
    }
}

fn item_back(item: read::Item) -> minecraft::Item {
    minecraft::Item {
        count: item.count,
        slot: item.slot,
        id: item.id,
    }
}

fn entity_back(entity: read::Entity) -> minecraft::Entity {
    minecraft::Entity {
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

/// Player `index` read back, or the fault of a game type the model does
/// not have.
fn player_back(player: read::Player<'_>, index: usize) -> Result<minecraft::Player, Fault> {
    let game_type = |text, field: &str| {
        variant_named(&GameType::ALL, game_type_name, text, || {
            format!("players[{index}].{field}")
        })
    };
    let abilities = player.abilities;
    let book = player.recipe_book;
    Ok(minecraft::Player {
        game_type: game_type(player.game_type, "game_type")?,
        previous_game_type: game_type(player.previous_game_type, "previous_game_type")?,
        score: player.score,
        dimension: player.dimension,
        selected_item_slot: player.selected_item_slot,
        selected_item: item_back(player.selected_item),
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
        inventory: player.inventory.into_iter().map(item_back).collect(),
        ender_items: player.ender_items.into_iter().map(item_back).collect(),
        abilities: minecraft::Abilities {
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
            .map(|(uuid, entity)| (uuid, entity_back(entity))),
        shoulder_entity_left: player.shoulder_entity_left.map(entity_back),
        shoulder_entity_right: player.shoulder_entity_right.map(entity_back),
        seen_credits: player.seen_credits,
        recipe_book: minecraft::RecipeBook {
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
        },
    })
}

impl Mirrored for Updates {
    fn write(&self, out: &mut Vec<u8>) -> std::io::Result<()> {
        let mirror = out::Updates {
            updates: Each(&self.updates, update_out),
        };
        simd_json_derive::Serialize::json_write(&mirror, out)
    }

    fn read(tape: Tape<'_, '_>) -> Read<Self> {
        let read = read::Updates::from_tape(tape)?;
        let mut updates = Vec::with_capacity(read.updates.len());
        for (index, update) in read.updates.into_iter().enumerate() {
            match update_back(update, index) {
                Ok(update) => updates.push(update),
                Err(fault) => return Ok(Err(fault)),
            }
        }
        Ok(Ok(Updates { updates }))
    }
}

fn contact_out(contact: &mk48::Contact) -> out::Contact<'_> {
    let guidance = contact.guidance;
    let transform = contact.transform;
    out::Contact {
        damage: contact.damage,
        entity_id: contact.entity_id,
        entity_type: contact.entity_type.map(entity_type_name),
        guidance: out::Guidance {
            angle: guidance.angle,
            submerge: guidance.submerge,
            velocity: guidance.velocity,
        },
        player_id: contact.player_id,
        reloads: &contact.reloads,
        transform: out::Transform {
            altitude: transform.altitude,
            angle: transform.angle,
            position: transform.position,
            velocity: transform.velocity,
        },
        turret_angles: &contact.turret_angles,
    }
}

fn terrain_out(terrain: &mk48::TerrainUpdate) -> out::TerrainUpdate<'_> {
    out::TerrainUpdate {
        chunk_id: terrain.chunk_id,
        data: &terrain.data,
    }
}

fn update_out(update: &mk48::Update) -> out::Update<'_> {
    out::Update {
        contacts: Each(&update.contacts, contact_out),
        score: update.score,
        world_radius: update.world_radius,
        terrain_updates: Each(&update.terrain_updates, terrain_out),
    }
}

/// Update `index` read back, or the fault of an entity type the model does
/// not have.
fn update_back(update: read::Update<'_>, index: usize) -> Result<mk48::Update, Fault> {
    let mut contacts = Vec::with_capacity(update.contacts.len());
    for (c, contact) in update.contacts.into_iter().enumerate() {
        let entity_type = match contact.entity_type {
            None => None,
            Some(text) => Some(variant_named(
                &EntityType::ALL,
                entity_type_name,
                text,
                || format!("updates[{index}].contacts[{c}].entity_type"),
            )?),
        };
        let (guidance, transform) = (contact.guidance, contact.transform);
        contacts.push(mk48::Contact {
            damage: contact.damage,
            entity_id: contact.entity_id,
            entity_type,
            guidance: mk48::Guidance {
                angle: guidance.angle,
                submerge: guidance.submerge,
                velocity: guidance.velocity,
            },
            player_id: contact.player_id,
            reloads: contact.reloads,
            transform: mk48::Transform {
                altitude: transform.altitude,
                angle: transform.angle,
                position: transform.position,
                velocity: transform.velocity,
            },
            turret_angles: contact.turret_angles,
        });
    }
    Ok(mk48::Update {
        contacts,
        score: update.score,
        world_radius: update.world_radius,
        terrain_updates: update
            .terrain_updates
            .into_iter()
            .map(|terrain| mk48::TerrainUpdate {
                chunk_id: terrain.chunk_id,
                data: terrain.data,
            })
            .collect(),
    })
}
