//! The mirror types of rust_serialization_benchmark's four datasets,
//! field for field the model's, and their conversions.
//!
//! Each dataset has a module of its own, as in the model, so its names
//! (`Player`, `EntityType`) stand beside the five's without a prefix. An
//! enum has an `Unknown` default, as the five's have, for the ordinals
//! fory reads as the default rather than refuse. The
//! conversions collect a mirror's `Vec` into the model's through
//! `into_iter().map(..)`, which reuses the mirror's buffer where the two
//! element types have one size, so decoding holds one copy of the list.

use super::{Invalid, Mirrored, unknown};

pub(crate) mod log {
    use fory::ForyStruct;

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct Logs {
        pub(crate) logs: Vec<Log>,
    }

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct Log {
        pub(crate) address: Address,
        pub(crate) identity: String,
        pub(crate) userid: String,
        pub(crate) date: String,
        pub(crate) request: String,
        pub(crate) code: u16,
        pub(crate) size: u64,
    }

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct Address {
        pub(crate) x0: u8,
        pub(crate) x1: u8,
        pub(crate) x2: u8,
        pub(crate) x3: u8,
    }
}

pub(crate) mod mesh {
    use fory::ForyStruct;

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct Mesh {
        pub(crate) triangles: Vec<Triangle>,
    }

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct Triangle {
        pub(crate) v0: Vector3,
        pub(crate) v1: Vector3,
        pub(crate) v2: Vector3,
        pub(crate) normal: Vector3,
    }

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct Vector3 {
        pub(crate) x: f32,
        pub(crate) y: f32,
        pub(crate) z: f32,
    }
}

pub(crate) mod minecraft {
    #![allow(
        clippy::struct_excessive_bools,
        reason = "RSB's shape: one flag per ability, entity property and recipe-book setting"
    )]

    use fory::{ForyEnum, ForyStruct};

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct Players {
        pub(crate) players: Vec<Player>,
    }

    #[derive(ForyEnum, Debug, Default, Clone, Copy, PartialEq, Eq)]
    pub(crate) enum GameType {
        Survival,
        Creative,
        Adventure,
        Spectator,
        /// An ordinal the model does not have: fory reads one it does
        /// not know as the default variant, which the codec never writes
        /// and refuses when read (as the five datasets' enums do).
        #[default]
        Unknown,
    }

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct Item {
        pub(crate) count: i8,
        pub(crate) slot: u8,
        pub(crate) id: String,
    }

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct Abilities {
        pub(crate) walk_speed: f32,
        pub(crate) fly_speed: f32,
        pub(crate) may_fly: bool,
        pub(crate) flying: bool,
        pub(crate) invulnerable: bool,
        pub(crate) may_build: bool,
        pub(crate) instabuild: bool,
    }

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct Entity {
        pub(crate) id: String,
        pub(crate) pos: (f64, f64, f64),
        pub(crate) motion: (f64, f64, f64),
        pub(crate) rotation: (f32, f32),
        pub(crate) fall_distance: f32,
        pub(crate) fire: u16,
        pub(crate) air: u16,
        pub(crate) on_ground: bool,
        pub(crate) no_gravity: bool,
        pub(crate) invulnerable: bool,
        pub(crate) portal_cooldown: i32,
        pub(crate) uuid: [u32; 4],
        pub(crate) custom_name: Option<String>,
        pub(crate) custom_name_visible: bool,
        pub(crate) silent: bool,
        pub(crate) glowing: bool,
    }

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct RecipeBook {
        pub(crate) recipes: Vec<String>,
        pub(crate) to_be_displayed: Vec<String>,
        pub(crate) is_filtering_craftable: bool,
        pub(crate) is_gui_open: bool,
        pub(crate) is_furnace_filtering_craftable: bool,
        pub(crate) is_furnace_gui_open: bool,
        pub(crate) is_blasting_furnace_filtering_craftable: bool,
        pub(crate) is_blasting_furnace_gui_open: bool,
        pub(crate) is_smoker_filtering_craftable: bool,
        pub(crate) is_smoker_gui_open: bool,
    }

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct Player {
        pub(crate) game_type: GameType,
        pub(crate) previous_game_type: GameType,
        pub(crate) score: i64,
        pub(crate) dimension: String,
        pub(crate) selected_item_slot: u32,
        pub(crate) selected_item: Item,
        pub(crate) spawn_dimension: Option<String>,
        pub(crate) spawn_x: i64,
        pub(crate) spawn_y: i64,
        pub(crate) spawn_z: i64,
        pub(crate) spawn_forced: Option<bool>,
        pub(crate) sleep_timer: u16,
        pub(crate) food_exhaustion_level: f32,
        pub(crate) food_saturation_level: f32,
        pub(crate) food_tick_timer: u32,
        pub(crate) xp_level: u32,
        pub(crate) xp_p: f32,
        pub(crate) xp_total: i32,
        pub(crate) xp_seed: i32,
        pub(crate) inventory: Vec<Item>,
        pub(crate) ender_items: Vec<Item>,
        pub(crate) abilities: Abilities,
        pub(crate) entered_nether_position: Option<(f64, f64, f64)>,
        pub(crate) root_vehicle: Option<([u32; 4], Entity)>,
        pub(crate) shoulder_entity_left: Option<Entity>,
        pub(crate) shoulder_entity_right: Option<Entity>,
        pub(crate) seen_credits: bool,
        pub(crate) recipe_book: RecipeBook,
    }
}

pub(crate) mod mk48 {
    use fory::{ForyEnum, ForyStruct};

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct Updates {
        pub(crate) updates: Vec<Update>,
    }

    #[derive(ForyEnum, Debug, Default, Clone, Copy, PartialEq, Eq)]
    pub(crate) enum EntityType {
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
        /// An ordinal the model does not have: fory reads one it does
        /// not know as the default variant, which the codec never writes
        /// and refuses when read (as the five datasets' enums do).
        #[default]
        Unknown,
    }

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct Transform {
        pub(crate) altitude: i8,
        pub(crate) angle: u16,
        pub(crate) position: (f32, f32),
        pub(crate) velocity: i16,
    }

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct Guidance {
        pub(crate) angle: u16,
        pub(crate) submerge: bool,
        pub(crate) velocity: i16,
    }

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct Contact {
        pub(crate) damage: u8,
        pub(crate) entity_id: u32,
        pub(crate) entity_type: Option<EntityType>,
        pub(crate) guidance: Guidance,
        pub(crate) player_id: Option<u16>,
        pub(crate) reloads: Vec<bool>,
        pub(crate) transform: Transform,
        pub(crate) turret_angles: Vec<u16>,
    }

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct TerrainUpdate {
        pub(crate) chunk_id: (i8, i8),
        pub(crate) data: Vec<u8>,
    }

    #[derive(ForyStruct, Debug, Default)]
    pub(crate) struct Update {
        pub(crate) contacts: Vec<Contact>,
        pub(crate) score: u32,
        pub(crate) world_radius: f32,
        pub(crate) terrain_updates: Vec<TerrainUpdate>,
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
    const HEAD: [u8; 12] = [
        0x01, 0xff, 0x1c, 0x00, 0x09, 0x70, 0x24, 0x31, 0x2d, 0xc4, 0x4a, 0x76,
    ];

    fn register(fory: &mut fory::Fory) -> Result<(), fory::Error> {
        fory.register::<log::Logs>(151)?;
        fory.register::<log::Log>(152)?;
        fory.register::<log::Address>(153)?;
        Ok(())
    }

    fn to_mirror(&self) -> log::Logs {
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
    const HEAD: [u8; 12] = [
        0x01, 0xff, 0x1c, 0x00, 0x0c, 0xb0, 0x7c, 0x87, 0xd3, 0xe0, 0xb3, 0x7c,
    ];

    fn register(fory: &mut fory::Fory) -> Result<(), fory::Error> {
        fory.register::<mesh::Mesh>(161)?;
        fory.register::<mesh::Triangle>(162)?;
        fory.register::<mesh::Vector3>(163)?;
        Ok(())
    }

    fn to_mirror(&self) -> mesh::Mesh {
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

    fn into_model(self, path: impl FnOnce() -> String) -> Result<model::GameType, Invalid> {
        Ok(match self {
            Self::Survival => model::GameType::Survival,
            Self::Creative => model::GameType::Creative,
            Self::Adventure => model::GameType::Adventure,
            Self::Spectator => model::GameType::Spectator,
            Self::Unknown => return Err(unknown(path(), "game type")),
        })
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

    /// The model's player, or the error of an unknown game type, its path
    /// within the player.
    fn into_model(self) -> Result<model::Player, Invalid> {
        let abilities = self.abilities;
        let book = self.recipe_book;
        Ok(model::Player {
            game_type: self.game_type.into_model(|| "game_type".to_owned())?,
            previous_game_type: self
                .previous_game_type
                .into_model(|| "previous_game_type".to_owned())?,
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
        })
    }
}

impl Mirrored for serbench_model::Players {
    type Mirror = minecraft::Players;
    const HEAD: [u8; 12] = [
        0x01, 0xff, 0x1c, 0x00, 0x0b, 0x80, 0xf9, 0x8a, 0xe1, 0xd2, 0x64, 0x09,
    ];

    fn register(fory: &mut fory::Fory) -> Result<(), fory::Error> {
        fory.register::<minecraft::Players>(171)?;
        fory.register::<minecraft::Player>(172)?;
        fory.register::<minecraft::Item>(173)?;
        fory.register::<minecraft::Abilities>(174)?;
        fory.register::<minecraft::Entity>(175)?;
        fory.register::<minecraft::RecipeBook>(176)?;
        fory.register::<minecraft::GameType>(177)?;
        Ok(())
    }

    fn to_mirror(&self) -> minecraft::Players {
        minecraft::Players {
            players: self.players.iter().map(minecraft::Player::of).collect(),
        }
    }

    fn from_mirror(mirror: minecraft::Players) -> Result<Self, Invalid> {
        Ok(Self {
            players: mirror
                .players
                .into_iter()
                .enumerate()
                .map(|(p, player)| {
                    player
                        .into_model()
                        .map_err(|e| e.within(&format!("players[{p}]")))
                })
                .collect::<Result<_, _>>()?,
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

    fn into_model(self, path: impl FnOnce() -> String) -> Result<model::EntityType, Invalid> {
        Ok(match self {
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
            Self::Unknown => return Err(unknown(path(), "entity type")),
        })
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

    /// The model's contact, or the error of an unknown entity type.
    fn into_model(self) -> Result<model::Contact, Invalid> {
        let guidance = self.guidance;
        let transform = self.transform;
        let entity_type = self
            .entity_type
            .map(|entity_type| entity_type.into_model(|| "entity_type".to_owned()))
            .transpose()?;
        Ok(model::Contact {
            damage: self.damage,
            entity_id: self.entity_id,
            entity_type,
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
        })
    }
}

impl Mirrored for serbench_model::Updates {
    type Mirror = mk48::Updates;
    const HEAD: [u8; 12] = [
        0x01, 0xff, 0x1c, 0x00, 0x0b, 0x90, 0x29, 0x2e, 0x74, 0x14, 0x77, 0x39,
    ];

    fn register(fory: &mut fory::Fory) -> Result<(), fory::Error> {
        fory.register::<mk48::Updates>(181)?;
        fory.register::<mk48::Update>(182)?;
        fory.register::<mk48::Contact>(183)?;
        fory.register::<mk48::Guidance>(184)?;
        fory.register::<mk48::Transform>(185)?;
        fory.register::<mk48::TerrainUpdate>(186)?;
        fory.register::<mk48::EntityType>(187)?;
        Ok(())
    }

    fn to_mirror(&self) -> mk48::Updates {
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
                .enumerate()
                .map(|(u, update)| {
                    Ok(model::Update {
                        contacts: update
                            .contacts
                            .into_iter()
                            .enumerate()
                            .map(|(c, contact)| {
                                contact
                                    .into_model()
                                    .map_err(|e| e.within(&format!("updates[{u}].contacts[{c}]")))
                            })
                            .collect::<Result<_, _>>()?,
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
                })
                .collect::<Result<_, Invalid>>()?,
        })
    }
}
