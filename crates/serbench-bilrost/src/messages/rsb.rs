//! The Bilrost messages of rust_serialization_benchmark's four datasets:
//! RSB's own bilrost types, field for field (the same fields in the same
//! order, so the same tags, counted from 1, and the same encodings on the
//! fields RSB gives one), so that a dataset's bytes have RSB's length.
//!
//! RSB packs every list of messages (`encoding(packed)`: one
//! length-delimited field holding each element's length and bytes, rather
//! than a field per element), writes its `u8` and `i8` fields as varints
//! and an IPv4 address as a fixed 32-bit value; the two inventories of a
//! player are the exception, one field per item, and so they are here.
//! Texts, flags and small integer lists are `Cow`s, as in the five's
//! messages: borrowed from the model when encoding, from the input in the
//! borrowed decode.

use std::borrow::Cow;

use super::Messaged;

pub(crate) mod log {
    use std::borrow::Cow;

    use bilrost::Message;
    use serbench_model::Str;
    use serbench_model::log::Address;

    #[derive(Message)]
    pub(crate) struct Logs<'a> {
        #[bilrost(tag(1), encoding(packed))]
        logs: Vec<Log<'a>>,
    }

    #[derive(Message)]
    pub(crate) struct Log<'a> {
        /// `x0` to `x3`, the bytes of one fixed 32-bit value, as RSB's
        /// proxy for its `Address` writes them.
        #[bilrost(tag(1), encoding(fixed))]
        address: [u8; 4],
        #[bilrost(2)]
        identity: Cow<'a, str>,
        #[bilrost(3)]
        userid: Cow<'a, str>,
        #[bilrost(4)]
        date: Cow<'a, str>,
        #[bilrost(5)]
        request: Cow<'a, str>,
        #[bilrost(6)]
        code: u16,
        #[bilrost(7)]
        size: u64,
    }

    impl super::Messaged for serbench_model::Logs {
        type Message<'a> = Logs<'a>;

        fn message(&self) -> Logs<'_> {
            Logs {
                logs: self
                    .logs
                    .iter()
                    .map(|log| {
                        let Address { x0, x1, x2, x3 } = log.address;
                        Log {
                            address: [x0, x1, x2, x3],
                            identity: Cow::Borrowed(&log.identity),
                            userid: Cow::Borrowed(&log.userid),
                            date: Cow::Borrowed(&log.date),
                            request: Cow::Borrowed(&log.request),
                            code: log.code,
                            size: log.size,
                        }
                    })
                    .collect(),
            }
        }

        fn from_message(message: Logs<'static>) -> Result<Self, super::super::Invalid> {
            Ok(logs(message))
        }

        fn lent(message: Self::Message<'_>) -> Result<Self::Borrowed<'_>, super::super::Invalid> {
            Ok(logs(message))
        }
    }

    fn logs<'a, S: Str<'a>>(message: Logs<'a>) -> serbench_model::Logs<S> {
        serbench_model::Logs {
            logs: message
                .logs
                .into_iter()
                .map(|log| {
                    let [x0, x1, x2, x3] = log.address;
                    serbench_model::log::Log {
                        address: Address { x0, x1, x2, x3 },
                        identity: S::of(log.identity),
                        userid: S::of(log.userid),
                        date: S::of(log.date),
                        request: S::of(log.request),
                        code: log.code,
                        size: log.size,
                    }
                })
                .collect(),
        }
    }
}

pub(crate) mod mesh {
    use bilrost::Message;

    /// No text to lend: the borrowed decode reads the same owned values.
    #[derive(Message)]
    pub(crate) struct Mesh {
        #[bilrost(tag(1), encoding(packed))]
        triangles: Vec<Triangle>,
    }

    #[derive(Message)]
    pub(crate) struct Triangle {
        #[bilrost(1)]
        v0: Vector3,
        #[bilrost(2)]
        v1: Vector3,
        #[bilrost(3)]
        v2: Vector3,
        #[bilrost(4)]
        normal: Vector3,
    }

    /// Each `f32` fixed 32 bits, its exact bits; a `+0.0` is empty and
    /// left out.
    #[derive(Message)]
    pub(crate) struct Vector3 {
        #[bilrost(1)]
        x: f32,
        #[bilrost(2)]
        y: f32,
        #[bilrost(3)]
        z: f32,
    }

    impl Vector3 {
        fn new(vector: serbench_model::mesh::Vector3) -> Self {
            Self {
                x: vector.x,
                y: vector.y,
                z: vector.z,
            }
        }

        fn into_model(self) -> serbench_model::mesh::Vector3 {
            serbench_model::mesh::Vector3 {
                x: self.x,
                y: self.y,
                z: self.z,
            }
        }
    }

    impl super::Messaged for serbench_model::Mesh {
        type Message<'a> = Mesh;

        fn message(&self) -> Mesh {
            Mesh {
                triangles: self
                    .triangles
                    .iter()
                    .map(|triangle| Triangle {
                        v0: Vector3::new(triangle.v0),
                        v1: Vector3::new(triangle.v1),
                        v2: Vector3::new(triangle.v2),
                        normal: Vector3::new(triangle.normal),
                    })
                    .collect(),
            }
        }

        fn from_message(message: Mesh) -> Result<Self, super::super::Invalid> {
            Ok(mesh(message))
        }

        fn lent(message: Self::Message<'_>) -> Result<Self::Borrowed<'_>, super::super::Invalid> {
            Ok(mesh(message))
        }
    }

    fn mesh(message: Mesh) -> serbench_model::Mesh {
        serbench_model::Mesh {
            triangles: message
                .triangles
                .into_iter()
                .map(|triangle| serbench_model::mesh::Triangle {
                    v0: triangle.v0.into_model(),
                    v1: triangle.v1.into_model(),
                    v2: triangle.v2.into_model(),
                    normal: triangle.normal.into_model(),
                })
                .collect(),
        }
    }
}

pub(crate) mod minecraft {
    #![allow(
        clippy::struct_excessive_bools,
        reason = "RSB's shape: one flag per ability, entity property and recipe-book setting"
    )]

    use std::borrow::Cow;

    use bilrost::{Enumeration, Message};
    use serbench_model::Str;
    use serbench_model::minecraft as model;

    use super::{borrowed, texts};

    #[derive(Message)]
    pub(crate) struct Players<'a> {
        #[bilrost(tag(1), encoding(packed))]
        players: Vec<Player<'a>>,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Enumeration)]
    pub(crate) enum GameType {
        Survival = 0,
        Creative = 1,
        Adventure = 2,
        Spectator = 3,
    }

    #[derive(Message)]
    pub(crate) struct Item<'a> {
        #[bilrost(tag(1), encoding(varint))]
        count: i8,
        #[bilrost(tag(2), encoding(varint))]
        slot: u8,
        #[bilrost(3)]
        id: Cow<'a, str>,
    }

    #[derive(Message)]
    pub(crate) struct Abilities {
        #[bilrost(1)]
        walk_speed: f32,
        #[bilrost(2)]
        fly_speed: f32,
        #[bilrost(3)]
        may_fly: bool,
        #[bilrost(4)]
        flying: bool,
        #[bilrost(5)]
        invulnerable: bool,
        #[bilrost(6)]
        may_build: bool,
        #[bilrost(7)]
        instabuild: bool,
    }

    /// The tuples are bilrost's tuple messages (a field per element,
    /// tagged from 0); `uuid` is four fixed 32-bit values, packed.
    #[derive(Message)]
    pub(crate) struct Entity<'a> {
        #[bilrost(1)]
        id: Cow<'a, str>,
        #[bilrost(2)]
        pos: (f64, f64, f64),
        #[bilrost(3)]
        motion: (f64, f64, f64),
        #[bilrost(4)]
        rotation: (f32, f32),
        #[bilrost(5)]
        fall_distance: f32,
        #[bilrost(6)]
        fire: u16,
        #[bilrost(7)]
        air: u16,
        #[bilrost(8)]
        on_ground: bool,
        #[bilrost(9)]
        no_gravity: bool,
        #[bilrost(10)]
        invulnerable: bool,
        #[bilrost(11)]
        portal_cooldown: i32,
        #[bilrost(tag(12), encoding(packed<fixed>))]
        uuid: [u32; 4],
        #[bilrost(13)]
        custom_name: Option<Cow<'a, str>>,
        #[bilrost(14)]
        custom_name_visible: bool,
        #[bilrost(15)]
        silent: bool,
        #[bilrost(16)]
        glowing: bool,
    }

    #[derive(Message)]
    pub(crate) struct RecipeBook<'a> {
        #[bilrost(tag(1), encoding(packed))]
        recipes: Vec<Cow<'a, str>>,
        #[bilrost(tag(2), encoding(packed))]
        to_be_displayed: Vec<Cow<'a, str>>,
        #[bilrost(3)]
        is_filtering_craftable: bool,
        #[bilrost(4)]
        is_gui_open: bool,
        #[bilrost(5)]
        is_furnace_filtering_craftable: bool,
        #[bilrost(6)]
        is_furnace_gui_open: bool,
        #[bilrost(7)]
        is_blasting_furnace_filtering_craftable: bool,
        #[bilrost(8)]
        is_blasting_furnace_gui_open: bool,
        #[bilrost(9)]
        is_smoker_filtering_craftable: bool,
        #[bilrost(10)]
        is_smoker_gui_open: bool,
    }

    #[derive(Message)]
    pub(crate) struct Player<'a> {
        #[bilrost(1)]
        game_type: GameType,
        #[bilrost(2)]
        previous_game_type: GameType,
        #[bilrost(3)]
        score: i64,
        #[bilrost(4)]
        dimension: Cow<'a, str>,
        #[bilrost(5)]
        selected_item_slot: u32,
        #[bilrost(6)]
        selected_item: Item<'a>,
        #[bilrost(7)]
        spawn_dimension: Option<Cow<'a, str>>,
        #[bilrost(8)]
        spawn_x: i64,
        #[bilrost(9)]
        spawn_y: i64,
        #[bilrost(10)]
        spawn_z: i64,
        #[bilrost(11)]
        spawn_forced: Option<bool>,
        #[bilrost(12)]
        sleep_timer: u16,
        #[bilrost(13)]
        food_exhaustion_level: f32,
        #[bilrost(14)]
        food_saturation_level: f32,
        #[bilrost(15)]
        food_tick_timer: u32,
        #[bilrost(16)]
        xp_level: u32,
        #[bilrost(17)]
        xp_p: f32,
        #[bilrost(18)]
        xp_total: i32,
        #[bilrost(19)]
        xp_seed: i32,
        /// One field per item, as RSB leaves the inventories unpacked.
        #[bilrost(20)]
        inventory: Vec<Item<'a>>,
        #[bilrost(21)]
        ender_items: Vec<Item<'a>>,
        #[bilrost(22)]
        abilities: Abilities,
        #[bilrost(23)]
        entered_nether_position: Option<(f64, f64, f64)>,
        #[bilrost(tag(24), encoding((packed<fixed>, general)))]
        root_vehicle: Option<([u32; 4], Entity<'a>)>,
        #[bilrost(25)]
        shoulder_entity_left: Option<Entity<'a>>,
        #[bilrost(26)]
        shoulder_entity_right: Option<Entity<'a>>,
        #[bilrost(27)]
        seen_credits: bool,
        #[bilrost(28)]
        recipe_book: RecipeBook<'a>,
    }

    impl GameType {
        fn new(game_type: model::GameType) -> Self {
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

    impl<'a> Item<'a> {
        fn new(item: &'a model::Item) -> Self {
            Self {
                count: item.count,
                slot: item.slot,
                id: Cow::Borrowed(&item.id),
            }
        }

        fn into_model<S: Str<'a>>(self) -> model::Item<S> {
            model::Item {
                count: self.count,
                slot: self.slot,
                id: S::of(self.id),
            }
        }
    }

    impl<'a> Entity<'a> {
        fn new(entity: &'a model::Entity) -> Self {
            Self {
                id: Cow::Borrowed(&entity.id),
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
                custom_name: borrowed(entity.custom_name.as_ref()),
                custom_name_visible: entity.custom_name_visible,
                silent: entity.silent,
                glowing: entity.glowing,
            }
        }

        fn into_model<S: Str<'a>>(self) -> model::Entity<S> {
            model::Entity {
                id: S::of(self.id),
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
                custom_name: self.custom_name.map(S::of),
                custom_name_visible: self.custom_name_visible,
                silent: self.silent,
                glowing: self.glowing,
            }
        }
    }

    impl<'a> Player<'a> {
        fn new(player: &'a model::Player) -> Self {
            let abilities = &player.abilities;
            let book = &player.recipe_book;
            Self {
                game_type: GameType::new(player.game_type),
                previous_game_type: GameType::new(player.previous_game_type),
                score: player.score,
                dimension: Cow::Borrowed(&player.dimension),
                selected_item_slot: player.selected_item_slot,
                selected_item: Item::new(&player.selected_item),
                spawn_dimension: borrowed(player.spawn_dimension.as_ref()),
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
                inventory: player.inventory.iter().map(Item::new).collect(),
                ender_items: player.ender_items.iter().map(Item::new).collect(),
                abilities: Abilities {
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
                    .map(|(uuid, entity)| (*uuid, Entity::new(entity))),
                shoulder_entity_left: player.shoulder_entity_left.as_ref().map(Entity::new),
                shoulder_entity_right: player.shoulder_entity_right.as_ref().map(Entity::new),
                seen_credits: player.seen_credits,
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

        fn into_model<S: Str<'a>>(self) -> model::Player<S> {
            let abilities = self.abilities;
            let book = self.recipe_book;
            model::Player {
                game_type: self.game_type.into_model(),
                previous_game_type: self.previous_game_type.into_model(),
                score: self.score,
                dimension: S::of(self.dimension),
                selected_item_slot: self.selected_item_slot,
                selected_item: self.selected_item.into_model(),
                spawn_dimension: self.spawn_dimension.map(S::of),
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
                inventory: self.inventory.into_iter().map(Item::into_model).collect(),
                ender_items: self.ender_items.into_iter().map(Item::into_model).collect(),
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
                shoulder_entity_left: self.shoulder_entity_left.map(Entity::into_model),
                shoulder_entity_right: self.shoulder_entity_right.map(Entity::into_model),
                seen_credits: self.seen_credits,
                recipe_book: model::RecipeBook {
                    recipes: book.recipes.into_iter().map(S::of).collect(),
                    to_be_displayed: book.to_be_displayed.into_iter().map(S::of).collect(),
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

    impl super::Messaged for serbench_model::Players {
        type Message<'a> = Players<'a>;

        fn message(&self) -> Players<'_> {
            Players {
                players: self.players.iter().map(Player::new).collect(),
            }
        }

        fn from_message(message: Players<'static>) -> Result<Self, super::super::Invalid> {
            Ok(players(message))
        }

        fn lent(message: Self::Message<'_>) -> Result<Self::Borrowed<'_>, super::super::Invalid> {
            Ok(players(message))
        }
    }

    fn players<'a, S: Str<'a>>(message: Players<'a>) -> serbench_model::Players<S> {
        serbench_model::Players {
            players: message
                .players
                .into_iter()
                .map(Player::into_model)
                .collect(),
        }
    }
}

pub(crate) mod mk48 {
    use std::borrow::Cow;

    use bilrost::{Enumeration, Message};
    use serbench_model::mk48 as model;

    #[derive(Message)]
    pub(crate) struct Updates<'a> {
        #[bilrost(tag(1), encoding(packed))]
        updates: Vec<Update<'a>>,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Enumeration)]
    pub(crate) enum EntityType {
        ArleighBurke = 0,
        Bismarck = 1,
        Clemenceau = 2,
        Fletcher = 3,
        G5 = 4,
        Iowa = 5,
        Kolkata = 6,
        Osa = 7,
        Yasen = 8,
        Zubr = 9,
    }

    #[derive(Message)]
    pub(crate) struct Transform {
        #[bilrost(tag(1), encoding(varint))]
        altitude: i8,
        #[bilrost(2)]
        angle: u16,
        #[bilrost(3)]
        position: (f32, f32),
        #[bilrost(4)]
        velocity: i16,
    }

    #[derive(Message)]
    pub(crate) struct Guidance {
        #[bilrost(1)]
        angle: u16,
        #[bilrost(2)]
        submerge: bool,
        #[bilrost(3)]
        velocity: i16,
    }

    #[derive(Message)]
    pub(crate) struct Contact<'a> {
        #[bilrost(tag(1), encoding(varint))]
        damage: u8,
        #[bilrost(2)]
        entity_id: u32,
        #[bilrost(3)]
        entity_type: Option<EntityType>,
        #[bilrost(4)]
        guidance: Guidance,
        #[bilrost(5)]
        player_id: Option<u16>,
        #[bilrost(tag(6), encoding(packed))]
        reloads: Cow<'a, [bool]>,
        #[bilrost(7)]
        transform: Transform,
        #[bilrost(tag(8), encoding(packed))]
        turret_angles: Cow<'a, [u16]>,
    }

    #[derive(Message)]
    pub(crate) struct TerrainUpdate<'a> {
        #[bilrost(tag(1), encoding((varint, varint)))]
        chunk_id: (i8, i8),
        #[bilrost(tag(2), encoding(plainbytes))]
        data: Cow<'a, [u8]>,
    }

    #[derive(Message)]
    pub(crate) struct Update<'a> {
        #[bilrost(tag(1), encoding(packed))]
        contacts: Vec<Contact<'a>>,
        #[bilrost(2)]
        score: u32,
        #[bilrost(3)]
        world_radius: f32,
        #[bilrost(tag(4), encoding(packed))]
        terrain_updates: Vec<TerrainUpdate<'a>>,
    }

    impl EntityType {
        fn new(entity_type: model::EntityType) -> Self {
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

    impl<'a> Contact<'a> {
        fn new(contact: &'a model::Contact) -> Self {
            let guidance = contact.guidance;
            let transform = contact.transform;
            Self {
                damage: contact.damage,
                entity_id: contact.entity_id,
                entity_type: contact.entity_type.map(EntityType::new),
                guidance: Guidance {
                    angle: guidance.angle,
                    submerge: guidance.submerge,
                    velocity: guidance.velocity,
                },
                player_id: contact.player_id,
                reloads: Cow::Borrowed(&contact.reloads),
                transform: Transform {
                    altitude: transform.altitude,
                    angle: transform.angle,
                    position: transform.position,
                    velocity: transform.velocity,
                },
                turret_angles: Cow::Borrowed(&contact.turret_angles),
            }
        }

        fn into_model(self) -> model::Contact {
            let guidance = self.guidance;
            let transform = self.transform;
            model::Contact {
                damage: self.damage,
                entity_id: self.entity_id,
                entity_type: self.entity_type.map(EntityType::into_model),
                guidance: model::Guidance {
                    angle: guidance.angle,
                    submerge: guidance.submerge,
                    velocity: guidance.velocity,
                },
                player_id: self.player_id,
                reloads: self.reloads.into_owned(),
                transform: model::Transform {
                    altitude: transform.altitude,
                    angle: transform.angle,
                    position: transform.position,
                    velocity: transform.velocity,
                },
                turret_angles: self.turret_angles.into_owned(),
            }
        }
    }

    impl super::Messaged for serbench_model::Updates {
        type Message<'a> = Updates<'a>;

        fn message(&self) -> Updates<'_> {
            Updates {
                updates: self
                    .updates
                    .iter()
                    .map(|update| Update {
                        contacts: update.contacts.iter().map(Contact::new).collect(),
                        score: update.score,
                        world_radius: update.world_radius,
                        terrain_updates: update
                            .terrain_updates
                            .iter()
                            .map(|terrain| TerrainUpdate {
                                chunk_id: terrain.chunk_id,
                                data: Cow::Borrowed(&terrain.data),
                            })
                            .collect(),
                    })
                    .collect(),
            }
        }

        fn from_message(message: Updates<'static>) -> Result<Self, super::super::Invalid> {
            Ok(updates(message))
        }

        fn lent(message: Self::Message<'_>) -> Result<Self::Borrowed<'_>, super::super::Invalid> {
            Ok(updates(message))
        }
    }

    /// The model's updates; in the borrowed decode too, as the dataset has
    /// no text to lend.
    fn updates(message: Updates<'_>) -> serbench_model::Updates {
        serbench_model::Updates {
            updates: message
                .updates
                .into_iter()
                .map(|update| model::Update {
                    contacts: update
                        .contacts
                        .into_iter()
                        .map(Contact::into_model)
                        .collect(),
                    score: update.score,
                    world_radius: update.world_radius,
                    terrain_updates: update
                        .terrain_updates
                        .into_iter()
                        .map(|terrain| model::TerrainUpdate {
                            chunk_id: terrain.chunk_id,
                            data: terrain.data.into_owned(),
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

/// An optional text, borrowed from the model.
fn borrowed(text: Option<&String>) -> Option<Cow<'_, str>> {
    text.map(|text| Cow::Borrowed(text.as_str()))
}

/// A list of texts, borrowed from the model.
fn texts(texts: &[String]) -> Vec<Cow<'_, str>> {
    texts
        .iter()
        .map(|text| Cow::Borrowed(text.as_str()))
        .collect()
}
