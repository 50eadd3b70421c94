//! The mirror types of rust_serialization_benchmark's four datasets,
//! field for field the model's (and so RSB's own types, which derive
//! nanoserde in the same order), and their conversions.
//!
//! Each dataset has a module of its own, as in the model, so its names
//! (`Player`, `EntityType`) stand beside the five's without a prefix. The
//! conversions collect a mirror's `Vec` into the model's through
//! `into_iter().map(..)`, which reuses the mirror's buffer where the two
//! element types have one size, so decoding holds one copy of the list.

use super::{Invalid, Mirrored};

pub mod log {
    use nanoserde::{DeBin, SerBin};

    #[derive(SerBin, DeBin)]
    pub struct Logs {
        pub logs: Vec<Log>,
    }

    #[derive(SerBin, DeBin)]
    pub struct Log {
        pub address: Address,
        pub identity: String,
        pub userid: String,
        pub date: String,
        pub request: String,
        pub code: u16,
        pub size: u64,
    }

    #[derive(SerBin, DeBin)]
    pub struct Address {
        pub x0: u8,
        pub x1: u8,
        pub x2: u8,
        pub x3: u8,
    }
}

pub mod mesh {
    use nanoserde::{DeBin, SerBin};

    #[derive(SerBin, DeBin)]
    pub struct Mesh {
        pub triangles: Vec<Triangle>,
    }

    #[derive(SerBin, DeBin)]
    pub struct Triangle {
        pub v0: Vector3,
        pub v1: Vector3,
        pub v2: Vector3,
        pub normal: Vector3,
    }

    #[derive(SerBin, DeBin)]
    pub struct Vector3 {
        pub x: f32,
        pub y: f32,
        pub z: f32,
    }
}

pub mod minecraft {
    #![allow(
        clippy::struct_excessive_bools,
        reason = "RSB's shape: one flag per ability, entity property and recipe-book setting"
    )]

    use nanoserde::{DeBin, SerBin};

    #[derive(SerBin, DeBin)]
    pub struct Players {
        pub players: Vec<Player>,
    }

    #[derive(SerBin, DeBin)]
    pub enum GameType {
        Survival,
        Creative,
        Adventure,
        Spectator,
    }

    #[derive(SerBin, DeBin)]
    pub struct Item {
        pub count: i8,
        pub slot: u8,
        pub id: String,
    }

    #[derive(SerBin, DeBin)]
    pub struct Abilities {
        pub walk_speed: f32,
        pub fly_speed: f32,
        pub may_fly: bool,
        pub flying: bool,
        pub invulnerable: bool,
        pub may_build: bool,
        pub instabuild: bool,
    }

    #[derive(SerBin, DeBin)]
    pub struct Entity {
        pub id: String,
        pub pos: (f64, f64, f64),
        pub motion: (f64, f64, f64),
        pub rotation: (f32, f32),
        pub fall_distance: f32,
        pub fire: u16,
        pub air: u16,
        pub on_ground: bool,
        pub no_gravity: bool,
        pub invulnerable: bool,
        pub portal_cooldown: i32,
        pub uuid: [u32; 4],
        pub custom_name: Option<String>,
        pub custom_name_visible: bool,
        pub silent: bool,
        pub glowing: bool,
    }

    #[derive(SerBin, DeBin)]
    pub struct RecipeBook {
        pub recipes: Vec<String>,
        pub to_be_displayed: Vec<String>,
        pub is_filtering_craftable: bool,
        pub is_gui_open: bool,
        pub is_furnace_filtering_craftable: bool,
        pub is_furnace_gui_open: bool,
        pub is_blasting_furnace_filtering_craftable: bool,
        pub is_blasting_furnace_gui_open: bool,
        pub is_smoker_filtering_craftable: bool,
        pub is_smoker_gui_open: bool,
    }

    #[derive(SerBin, DeBin)]
    pub struct Player {
        pub game_type: GameType,
        pub previous_game_type: GameType,
        pub score: i64,
        pub dimension: String,
        pub selected_item_slot: u32,
        pub selected_item: Item,
        pub spawn_dimension: Option<String>,
        pub spawn_x: i64,
        pub spawn_y: i64,
        pub spawn_z: i64,
        pub spawn_forced: Option<bool>,
        pub sleep_timer: u16,
        pub food_exhaustion_level: f32,
        pub food_saturation_level: f32,
        pub food_tick_timer: u32,
        pub xp_level: u32,
        pub xp_p: f32,
        pub xp_total: i32,
        pub xp_seed: i32,
        pub inventory: Vec<Item>,
        pub ender_items: Vec<Item>,
        pub abilities: Abilities,
        pub entered_nether_position: Option<(f64, f64, f64)>,
        pub root_vehicle: Option<([u32; 4], Entity)>,
        pub shoulder_entity_left: Option<Entity>,
        pub shoulder_entity_right: Option<Entity>,
        pub seen_credits: bool,
        pub recipe_book: RecipeBook,
    }
}

pub mod mk48 {
    use nanoserde::{DeBin, SerBin};

    #[derive(SerBin, DeBin)]
    pub struct Updates {
        pub updates: Vec<Update>,
    }

    #[derive(SerBin, DeBin)]
    pub enum EntityType {
        ArleighBurke,
        Bismarck,
        Clemenceau,
        Fletcher,
        G5,
        Iowa,
        Kolkata,
        Osa,
        Yasen,
        Zubr,
    }

    #[derive(SerBin, DeBin)]
    pub struct Transform {
        pub altitude: i8,
        pub angle: u16,
        pub position: (f32, f32),
        pub velocity: i16,
    }

    #[derive(SerBin, DeBin)]
    pub struct Guidance {
        pub angle: u16,
        pub submerge: bool,
        pub velocity: i16,
    }

    #[derive(SerBin, DeBin)]
    pub struct Contact {
        pub damage: u8,
        pub entity_id: u32,
        pub entity_type: Option<EntityType>,
        pub guidance: Guidance,
        pub player_id: Option<u16>,
        pub reloads: Vec<bool>,
        pub transform: Transform,
        pub turret_angles: Vec<u16>,
    }

    #[derive(SerBin, DeBin)]
    pub struct TerrainUpdate {
        pub chunk_id: (i8, i8),
        pub data: Vec<u8>,
    }

    #[derive(SerBin, DeBin)]
    pub struct Update {
        pub contacts: Vec<Contact>,
        pub score: u32,
        pub world_radius: f32,
        pub terrain_updates: Vec<TerrainUpdate>,
    }
}

mod model {
    pub(super) use serbench_model::log::{Address, Log};
    pub(super) use serbench_model::mesh::{Triangle, Vector3};
    pub(super) use serbench_model::minecraft::{
        Abilities, Entity, GameType, Item, Player, RecipeBook,
    };
    pub(super) use serbench_model::mk48::{
        Contact, EntityType, Guidance, TerrainUpdate, Transform, Update,
    };
}

impl Mirrored for serbench_model::Logs {
    type Mirror = log::Logs;

    fn mirror(&self) -> log::Logs {
        log::Logs {
            logs: self
                .logs
                .iter()
                .map(|log| log::Log {
                    address: log::Address {
                        x0: log.address.x0,
                        x1: log.address.x1,
                        x2: log.address.x2,
                        x3: log.address.x3,
                    },
                    identity: log.identity.clone(),
                    userid: log.userid.clone(),
                    date: log.date.clone(),
                    request: log.request.clone(),
                    code: log.code,
                    size: log.size,
                })
                .collect(),
        }
    }

    fn from_mirror(mirror: log::Logs) -> Result<Self, Invalid> {
        Ok(Self {
            logs: mirror
                .logs
                .into_iter()
                .map(|log| model::Log {
                    address: model::Address {
                        x0: log.address.x0,
                        x1: log.address.x1,
                        x2: log.address.x2,
                        x3: log.address.x3,
                    },
                    identity: log.identity,
                    userid: log.userid,
                    date: log.date,
                    request: log.request,
                    code: log.code,
                    size: log.size,
                })
                .collect(),
        })
    }
}

impl mesh::Vector3 {
    fn of(vector: model::Vector3) -> Self {
        Self {
            x: vector.x,
            y: vector.y,
            z: vector.z,
        }
    }

    fn into_model(self) -> model::Vector3 {
        model::Vector3 {
            x: self.x,
            y: self.y,
            z: self.z,
        }
    }
}

impl Mirrored for serbench_model::Mesh {
    type Mirror = mesh::Mesh;

    fn mirror(&self) -> mesh::Mesh {
        mesh::Mesh {
            triangles: self
                .triangles
                .iter()
                .map(|triangle| mesh::Triangle {
                    v0: mesh::Vector3::of(triangle.v0),
                    v1: mesh::Vector3::of(triangle.v1),
                    v2: mesh::Vector3::of(triangle.v2),
                    normal: mesh::Vector3::of(triangle.normal),
                })
                .collect(),
        }
    }

    fn from_mirror(mirror: mesh::Mesh) -> Result<Self, Invalid> {
        Ok(Self {
            triangles: mirror
                .triangles
                .into_iter()
                .map(|triangle| model::Triangle {
                    v0: triangle.v0.into_model(),
                    v1: triangle.v1.into_model(),
                    v2: triangle.v2.into_model(),
                    normal: triangle.normal.into_model(),
                })
                .collect(),
        })
    }
}

impl minecraft::GameType {
    fn of(game_type: model::GameType) -> Self {
        match game_type {
            model::GameType::Survival => Self::Survival,
            model::GameType::Creative => Self::Creative,
            model::GameType::Adventure => Self::Adventure,
            model::GameType::Spectator => Self::Spectator,
        }
    }

    fn into_model(self) -> model::GameType {
        match self {
            Self::Survival => model::GameType::Survival,
            Self::Creative => model::GameType::Creative,
            Self::Adventure => model::GameType::Adventure,
            Self::Spectator => model::GameType::Spectator,
        }
    }
}

impl minecraft::Item {
    fn of(item: &model::Item) -> Self {
        Self {
            count: item.count,
            slot: item.slot,
            id: item.id.clone(),
        }
    }

    fn into_model(self) -> model::Item {
        model::Item {
            count: self.count,
            slot: self.slot,
            id: self.id,
        }
    }
}

impl minecraft::Entity {
    fn of(entity: &model::Entity) -> Self {
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

    fn into_model(self) -> model::Entity {
        model::Entity {
            id: self.id,
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
            custom_name: self.custom_name,
            custom_name_visible: self.custom_name_visible,
            silent: self.silent,
            glowing: self.glowing,
        }
    }
}

impl minecraft::Player {
    fn of(player: &model::Player) -> Self {
        let abilities = &player.abilities;
        let book = &player.recipe_book;
        Self {
            game_type: minecraft::GameType::of(player.game_type),
            previous_game_type: minecraft::GameType::of(player.previous_game_type),
            score: player.score,
            dimension: player.dimension.clone(),
            selected_item_slot: player.selected_item_slot,
            selected_item: minecraft::Item::of(&player.selected_item),
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
            inventory: player.inventory.iter().map(minecraft::Item::of).collect(),
            ender_items: player.ender_items.iter().map(minecraft::Item::of).collect(),
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
                .as_ref()
                .map(|(uuid, entity)| (*uuid, minecraft::Entity::of(entity))),
            shoulder_entity_left: player
                .shoulder_entity_left
                .as_ref()
                .map(minecraft::Entity::of),
            shoulder_entity_right: player
                .shoulder_entity_right
                .as_ref()
                .map(minecraft::Entity::of),
            seen_credits: player.seen_credits,
            recipe_book: minecraft::RecipeBook {
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

    fn into_model(self) -> model::Player {
        let abilities = self.abilities;
        let book = self.recipe_book;
        model::Player {
            game_type: self.game_type.into_model(),
            previous_game_type: self.previous_game_type.into_model(),
            score: self.score,
            dimension: self.dimension,
            selected_item_slot: self.selected_item_slot,
            selected_item: self.selected_item.into_model(),
            spawn_dimension: self.spawn_dimension,
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
            inventory: self
                .inventory
                .into_iter()
                .map(minecraft::Item::into_model)
                .collect(),
            ender_items: self
                .ender_items
                .into_iter()
                .map(minecraft::Item::into_model)
                .collect(),
            abilities: model::Abilities {
                walk_speed: abilities.walk_speed,
                fly_speed: abilities.fly_speed,
                may_fly: abilities.may_fly,
                flying: abilities.flying,
                invulnerable: abilities.invulnerable,
                may_build: abilities.may_build,
                instabuild: abilities.instabuild,
            },
            entered_nether_position: self.entered_nether_position,
            root_vehicle: self
                .root_vehicle
                .map(|(uuid, entity)| (uuid, entity.into_model())),
            shoulder_entity_left: self.shoulder_entity_left.map(minecraft::Entity::into_model),
            shoulder_entity_right: self
                .shoulder_entity_right
                .map(minecraft::Entity::into_model),
            seen_credits: self.seen_credits,
            recipe_book: model::RecipeBook {
                recipes: book.recipes,
                to_be_displayed: book.to_be_displayed,
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

impl Mirrored for serbench_model::Players {
    type Mirror = minecraft::Players;

    fn mirror(&self) -> minecraft::Players {
        minecraft::Players {
            players: self.players.iter().map(minecraft::Player::of).collect(),
        }
    }

    fn from_mirror(mirror: minecraft::Players) -> Result<Self, Invalid> {
        Ok(Self {
            players: mirror
                .players
                .into_iter()
                .map(minecraft::Player::into_model)
                .collect(),
        })
    }
}

impl mk48::EntityType {
    fn of(entity_type: model::EntityType) -> Self {
        match entity_type {
            model::EntityType::ArleighBurke => Self::ArleighBurke,
            model::EntityType::Bismarck => Self::Bismarck,
            model::EntityType::Clemenceau => Self::Clemenceau,
            model::EntityType::Fletcher => Self::Fletcher,
            model::EntityType::G5 => Self::G5,
            model::EntityType::Iowa => Self::Iowa,
            model::EntityType::Kolkata => Self::Kolkata,
            model::EntityType::Osa => Self::Osa,
            model::EntityType::Yasen => Self::Yasen,
            model::EntityType::Zubr => Self::Zubr,
        }
    }

    fn into_model(self) -> model::EntityType {
        match self {
            Self::ArleighBurke => model::EntityType::ArleighBurke,
            Self::Bismarck => model::EntityType::Bismarck,
            Self::Clemenceau => model::EntityType::Clemenceau,
            Self::Fletcher => model::EntityType::Fletcher,
            Self::G5 => model::EntityType::G5,
            Self::Iowa => model::EntityType::Iowa,
            Self::Kolkata => model::EntityType::Kolkata,
            Self::Osa => model::EntityType::Osa,
            Self::Yasen => model::EntityType::Yasen,
            Self::Zubr => model::EntityType::Zubr,
        }
    }
}

impl mk48::Contact {
    fn of(contact: &model::Contact) -> Self {
        let guidance = contact.guidance;
        let transform = contact.transform;
        Self {
            damage: contact.damage,
            entity_id: contact.entity_id,
            entity_type: contact.entity_type.map(mk48::EntityType::of),
            guidance: mk48::Guidance {
                angle: guidance.angle,
                submerge: guidance.submerge,
                velocity: guidance.velocity,
            },
            player_id: contact.player_id,
            reloads: contact.reloads.clone(),
            transform: mk48::Transform {
                altitude: transform.altitude,
                angle: transform.angle,
                position: transform.position,
                velocity: transform.velocity,
            },
            turret_angles: contact.turret_angles.clone(),
        }
    }

    fn into_model(self) -> model::Contact {
        let guidance = self.guidance;
        let transform = self.transform;
        model::Contact {
            damage: self.damage,
            entity_id: self.entity_id,
            entity_type: self.entity_type.map(mk48::EntityType::into_model),
            guidance: model::Guidance {
                angle: guidance.angle,
                submerge: guidance.submerge,
                velocity: guidance.velocity,
            },
            player_id: self.player_id,
            reloads: self.reloads,
            transform: model::Transform {
                altitude: transform.altitude,
                angle: transform.angle,
                position: transform.position,
                velocity: transform.velocity,
            },
            turret_angles: self.turret_angles,
        }
    }
}

impl Mirrored for serbench_model::Updates {
    type Mirror = mk48::Updates;

    fn mirror(&self) -> mk48::Updates {
        mk48::Updates {
            updates: self
                .updates
                .iter()
                .map(|update| mk48::Update {
                    contacts: update.contacts.iter().map(mk48::Contact::of).collect(),
                    score: update.score,
                    world_radius: update.world_radius,
                    terrain_updates: update
                        .terrain_updates
                        .iter()
                        .map(|terrain| mk48::TerrainUpdate {
                            chunk_id: terrain.chunk_id,
                            data: terrain.data.clone(),
                        })
                        .collect(),
                })
                .collect(),
        }
    }

    fn from_mirror(mirror: mk48::Updates) -> Result<Self, Invalid> {
        Ok(Self {
            updates: mirror
                .updates
                .into_iter()
                .map(|update| model::Update {
                    contacts: update
                        .contacts
                        .into_iter()
                        .map(mk48::Contact::into_model)
                        .collect(),
                    score: update.score,
                    world_radius: update.world_radius,
                    terrain_updates: update
                        .terrain_updates
                        .into_iter()
                        .map(|terrain| model::TerrainUpdate {
                            chunk_id: terrain.chunk_id,
                            data: terrain.data,
                        })
                        .collect(),
                })
                .collect(),
        })
    }
}
