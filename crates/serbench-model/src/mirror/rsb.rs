//! The part of [`mirror!`](crate::mirror) that declares the types of
//! rust_serialization_benchmark's four datasets (log, mesh,
//! minecraft_savedata, mk48), in a macro of its own so that each file
//! does one job. `mirror!` calls it where it declares the five datasets'
//! types, with the same derives and options; it is no API of its own.

/// `mirror!`'s types for RSB's four datasets: the owned types (`@owned`),
/// the borrowed types' shapes (`@borrowed_shapes`, for the borrowed and
/// the lent types) and constructors (`@borrowed_new`), the lent types'
/// conversions (`@into_lent`), and the views and lent mirrors of the two
/// datasets without text.
#[doc(hidden)]
#[macro_export]
macro_rules! __mirror_rsb {
    (
        @owned [$(#[$owned:meta])*] [$(#[$enums:meta])*]
        [$($variant:ident($key:ident))?] [$(#[$rsb_enums:meta])*]
    ) => {
        $(#[$owned])*
        pub(crate) struct Logs {
            pub(crate) logs: Vec<Log>,
        }

        $(#[$owned])*
        pub(crate) struct Log {
            pub(crate) address: Address,
            pub(crate) identity: String,
            pub(crate) userid: String,
            pub(crate) date: String,
            pub(crate) request: String,
            pub(crate) code: u16,
            pub(crate) size: u64,
        }

        #[derive(Clone, Copy)]
        $(#[$owned])*
        pub(crate) struct Address {
            pub(crate) x0: u8,
            pub(crate) x1: u8,
            pub(crate) x2: u8,
            pub(crate) x3: u8,
        }

        impl Logs {
            #[allow(
                clippy::unnecessary_wraps,
                reason = "every mirror converts the same way"
            )]
            pub(crate) fn into_model(self) -> Result<$crate::Logs, Invalid> {
                Ok($crate::Logs {
                    logs: self
                        .logs
                        .into_iter()
                        .map(|log| $crate::log::Log {
                            address: log.address.into(),
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

        impl From<Address> for $crate::log::Address {
            fn from(address: Address) -> Self {
                Self {
                    x0: address.x0,
                    x1: address.x1,
                    x2: address.x2,
                    x3: address.x3,
                }
            }
        }

        impl From<$crate::log::Address> for Address {
            fn from(address: $crate::log::Address) -> Self {
                Self {
                    x0: address.x0,
                    x1: address.x1,
                    x2: address.x2,
                    x3: address.x3,
                }
            }
        }

        $(#[$owned])*
        pub(crate) struct Mesh {
            pub(crate) triangles: Vec<Triangle>,
        }

        #[derive(Clone, Copy)]
        $(#[$owned])*
        pub(crate) struct Triangle {
            pub(crate) v0: Vector3,
            pub(crate) v1: Vector3,
            pub(crate) v2: Vector3,
            pub(crate) normal: Vector3,
        }

        #[derive(Clone, Copy)]
        $(#[$owned])*
        pub(crate) struct Vector3 {
            pub(crate) x: f32,
            pub(crate) y: f32,
            pub(crate) z: f32,
        }

        impl Mesh {
            #[allow(
                clippy::unnecessary_wraps,
                reason = "every mirror converts the same way"
            )]
            pub(crate) fn into_model(self) -> Result<$crate::Mesh, Invalid> {
                Ok($crate::Mesh {
                    triangles: self.triangles.into_iter().map(Into::into).collect(),
                })
            }

            /// The mirror of `value`, copied: a `Vec` of the model's
            /// triangles cannot be borrowed as a slice of these.
            fn from_model(value: &$crate::Mesh) -> Self {
                Self {
                    triangles: value.triangles.iter().copied().map(Triangle::from).collect(),
                }
            }
        }

        impl From<Triangle> for $crate::mesh::Triangle {
            fn from(triangle: Triangle) -> Self {
                Self {
                    v0: triangle.v0.into(),
                    v1: triangle.v1.into(),
                    v2: triangle.v2.into(),
                    normal: triangle.normal.into(),
                }
            }
        }

        impl From<$crate::mesh::Triangle> for Triangle {
            fn from(triangle: $crate::mesh::Triangle) -> Self {
                Self {
                    v0: triangle.v0.into(),
                    v1: triangle.v1.into(),
                    v2: triangle.v2.into(),
                    normal: triangle.normal.into(),
                }
            }
        }

        impl From<Vector3> for $crate::mesh::Vector3 {
            fn from(vector: Vector3) -> Self {
                Self {
                    x: vector.x,
                    y: vector.y,
                    z: vector.z,
                }
            }
        }

        impl From<$crate::mesh::Vector3> for Vector3 {
            fn from(vector: $crate::mesh::Vector3) -> Self {
                Self {
                    x: vector.x,
                    y: vector.y,
                    z: vector.z,
                }
            }
        }

        $(#[$owned])*
        pub(crate) struct Players {
            pub(crate) players: Vec<SavedPlayer>,
        }

        /// minecraft_savedata's `Player`, named apart from media's.
        $(#[$owned])*
        pub(crate) struct SavedPlayer {
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

        $(#[$owned])*
        pub(crate) struct Item {
            pub(crate) count: i8,
            pub(crate) slot: u8,
            pub(crate) id: String,
        }

        #[derive(Clone, Copy)]
        $(#[$owned])*
        #[allow(
            clippy::struct_excessive_bools,
            reason = "RSB's shape: one flag per ability"
        )]
        pub(crate) struct Abilities {
            pub(crate) walk_speed: f32,
            pub(crate) fly_speed: f32,
            pub(crate) may_fly: bool,
            pub(crate) flying: bool,
            pub(crate) invulnerable: bool,
            pub(crate) may_build: bool,
            pub(crate) instabuild: bool,
        }

        $(#[$owned])*
        #[allow(
            clippy::struct_excessive_bools,
            reason = "RSB's shape: one flag per entity property"
        )]
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

        $(#[$owned])*
        #[allow(
            clippy::struct_excessive_bools,
            reason = "RSB's shape: one flag per recipe-book setting"
        )]
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

        #[derive(Clone, Copy)]
        $(#[$owned])*
        $(#[$enums])*
        $(#[$rsb_enums])*
        pub(crate) enum GameType {
            $(#[$variant($key = 0)])?
            Survival,
            $(#[$variant($key = 1)])?
            Creative,
            $(#[$variant($key = 2)])?
            Adventure,
            $(#[$variant($key = 3)])?
            Spectator,
        }

        impl Players {
            #[allow(
                clippy::unnecessary_wraps,
                reason = "every mirror converts the same way"
            )]
            pub(crate) fn into_model(self) -> Result<$crate::Players, Invalid> {
                Ok($crate::Players {
                    players: self.players.into_iter().map(SavedPlayer::into_model).collect(),
                })
            }
        }

        impl SavedPlayer {
            fn into_model(self) -> $crate::minecraft::Player {
                $crate::minecraft::Player {
                    game_type: self.game_type.into(),
                    previous_game_type: self.previous_game_type.into(),
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
                    inventory: self.inventory.into_iter().map(Item::into_model).collect(),
                    ender_items: self.ender_items.into_iter().map(Item::into_model).collect(),
                    abilities: self.abilities.into(),
                    entered_nether_position: self.entered_nether_position,
                    root_vehicle: self
                        .root_vehicle
                        .map(|(uuid, entity)| (uuid, entity.into_model())),
                    shoulder_entity_left: self.shoulder_entity_left.map(Entity::into_model),
                    shoulder_entity_right: self.shoulder_entity_right.map(Entity::into_model),
                    seen_credits: self.seen_credits,
                    recipe_book: self.recipe_book.into_model(),
                }
            }
        }

        impl Item {
            fn into_model(self) -> $crate::minecraft::Item {
                $crate::minecraft::Item {
                    count: self.count,
                    slot: self.slot,
                    id: self.id,
                }
            }
        }

        impl Entity {
            fn into_model(self) -> $crate::minecraft::Entity {
                $crate::minecraft::Entity {
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

        impl RecipeBook {
            fn into_model(self) -> $crate::minecraft::RecipeBook {
                $crate::minecraft::RecipeBook {
                    recipes: self.recipes,
                    to_be_displayed: self.to_be_displayed,
                    is_filtering_craftable: self.is_filtering_craftable,
                    is_gui_open: self.is_gui_open,
                    is_furnace_filtering_craftable: self.is_furnace_filtering_craftable,
                    is_furnace_gui_open: self.is_furnace_gui_open,
                    is_blasting_furnace_filtering_craftable: self
                        .is_blasting_furnace_filtering_craftable,
                    is_blasting_furnace_gui_open: self.is_blasting_furnace_gui_open,
                    is_smoker_filtering_craftable: self.is_smoker_filtering_craftable,
                    is_smoker_gui_open: self.is_smoker_gui_open,
                }
            }
        }

        impl From<Abilities> for $crate::minecraft::Abilities {
            fn from(abilities: Abilities) -> Self {
                let Abilities {
                    walk_speed,
                    fly_speed,
                    may_fly,
                    flying,
                    invulnerable,
                    may_build,
                    instabuild,
                } = abilities;
                Self {
                    walk_speed,
                    fly_speed,
                    may_fly,
                    flying,
                    invulnerable,
                    may_build,
                    instabuild,
                }
            }
        }

        impl From<$crate::minecraft::Abilities> for Abilities {
            fn from(abilities: $crate::minecraft::Abilities) -> Self {
                let $crate::minecraft::Abilities {
                    walk_speed,
                    fly_speed,
                    may_fly,
                    flying,
                    invulnerable,
                    may_build,
                    instabuild,
                } = abilities;
                Self {
                    walk_speed,
                    fly_speed,
                    may_fly,
                    flying,
                    invulnerable,
                    may_build,
                    instabuild,
                }
            }
        }

        impl From<GameType> for $crate::minecraft::GameType {
            fn from(game_type: GameType) -> Self {
                match game_type {
                    GameType::Survival => Self::Survival,
                    GameType::Creative => Self::Creative,
                    GameType::Adventure => Self::Adventure,
                    GameType::Spectator => Self::Spectator,
                }
            }
        }

        impl From<$crate::minecraft::GameType> for GameType {
            fn from(game_type: $crate::minecraft::GameType) -> Self {
                use $crate::minecraft::GameType as Model;
                match game_type {
                    Model::Survival => Self::Survival,
                    Model::Creative => Self::Creative,
                    Model::Adventure => Self::Adventure,
                    Model::Spectator => Self::Spectator,
                }
            }
        }

        $(#[$owned])*
        pub(crate) struct Updates {
            pub(crate) updates: Vec<Update>,
        }

        $(#[$owned])*
        pub(crate) struct Update {
            pub(crate) contacts: Vec<Contact>,
            pub(crate) score: u32,
            pub(crate) world_radius: f32,
            pub(crate) terrain_updates: Vec<TerrainUpdate>,
        }

        $(#[$owned])*
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

        #[derive(Clone, Copy)]
        $(#[$owned])*
        pub(crate) struct Guidance {
            pub(crate) angle: u16,
            pub(crate) submerge: bool,
            pub(crate) velocity: i16,
        }

        #[derive(Clone, Copy)]
        $(#[$owned])*
        pub(crate) struct Transform {
            pub(crate) altitude: i8,
            pub(crate) angle: u16,
            pub(crate) position: (f32, f32),
            pub(crate) velocity: i16,
        }

        $(#[$owned])*
        pub(crate) struct TerrainUpdate {
            pub(crate) chunk_id: (i8, i8),
            pub(crate) data: Vec<u8>,
        }

        #[derive(Clone, Copy)]
        $(#[$owned])*
        $(#[$enums])*
        $(#[$rsb_enums])*
        pub(crate) enum EntityType {
            $(#[$variant($key = 0)])?
            ArleighBurke,
            $(#[$variant($key = 1)])?
            Bismarck,
            $(#[$variant($key = 2)])?
            Clemenceau,
            $(#[$variant($key = 3)])?
            Fletcher,
            $(#[$variant($key = 4)])?
            G5,
            $(#[$variant($key = 5)])?
            Iowa,
            $(#[$variant($key = 6)])?
            Kolkata,
            $(#[$variant($key = 7)])?
            Osa,
            $(#[$variant($key = 8)])?
            Yasen,
            $(#[$variant($key = 9)])?
            Zubr,
        }

        impl Updates {
            #[allow(
                clippy::unnecessary_wraps,
                reason = "every mirror converts the same way"
            )]
            pub(crate) fn into_model(self) -> Result<$crate::Updates, Invalid> {
                Ok($crate::Updates {
                    updates: self
                        .updates
                        .into_iter()
                        .map(|update| $crate::mk48::Update {
                            contacts: update
                                .contacts
                                .into_iter()
                                .map(|contact| $crate::mk48::Contact {
                                    damage: contact.damage,
                                    entity_id: contact.entity_id,
                                    entity_type: contact.entity_type.map(Into::into),
                                    guidance: contact.guidance.into(),
                                    player_id: contact.player_id,
                                    reloads: contact.reloads,
                                    transform: contact.transform.into(),
                                    turret_angles: contact.turret_angles,
                                })
                                .collect(),
                            score: update.score,
                            world_radius: update.world_radius,
                            terrain_updates: update
                                .terrain_updates
                                .into_iter()
                                .map(|terrain| $crate::mk48::TerrainUpdate {
                                    chunk_id: terrain.chunk_id,
                                    data: terrain.data,
                                })
                                .collect(),
                        })
                        .collect(),
                })
            }
        }

        impl From<Guidance> for $crate::mk48::Guidance {
            fn from(guidance: Guidance) -> Self {
                let Guidance {
                    angle,
                    submerge,
                    velocity,
                } = guidance;
                Self {
                    angle,
                    submerge,
                    velocity,
                }
            }
        }

        impl From<$crate::mk48::Guidance> for Guidance {
            fn from(guidance: $crate::mk48::Guidance) -> Self {
                let $crate::mk48::Guidance {
                    angle,
                    submerge,
                    velocity,
                } = guidance;
                Self {
                    angle,
                    submerge,
                    velocity,
                }
            }
        }

        impl From<Transform> for $crate::mk48::Transform {
            fn from(transform: Transform) -> Self {
                let Transform {
                    altitude,
                    angle,
                    position,
                    velocity,
                } = transform;
                Self {
                    altitude,
                    angle,
                    position,
                    velocity,
                }
            }
        }

        impl From<$crate::mk48::Transform> for Transform {
            fn from(transform: $crate::mk48::Transform) -> Self {
                let $crate::mk48::Transform {
                    altitude,
                    angle,
                    position,
                    velocity,
                } = transform;
                Self {
                    altitude,
                    angle,
                    position,
                    velocity,
                }
            }
        }

        impl From<EntityType> for $crate::mk48::EntityType {
            fn from(entity_type: EntityType) -> Self {
                match entity_type {
                    EntityType::ArleighBurke => Self::ArleighBurke,
                    EntityType::Bismarck => Self::Bismarck,
                    EntityType::Clemenceau => Self::Clemenceau,
                    EntityType::Fletcher => Self::Fletcher,
                    EntityType::G5 => Self::G5,
                    EntityType::Iowa => Self::Iowa,
                    EntityType::Kolkata => Self::Kolkata,
                    EntityType::Osa => Self::Osa,
                    EntityType::Yasen => Self::Yasen,
                    EntityType::Zubr => Self::Zubr,
                }
            }
        }

        impl From<$crate::mk48::EntityType> for EntityType {
            fn from(entity_type: $crate::mk48::EntityType) -> Self {
                use $crate::mk48::EntityType as Model;
                match entity_type {
                    Model::ArleighBurke => Self::ArleighBurke,
                    Model::Bismarck => Self::Bismarck,
                    Model::Clemenceau => Self::Clemenceau,
                    Model::Fletcher => Self::Fletcher,
                    Model::G5 => Self::G5,
                    Model::Iowa => Self::Iowa,
                    Model::Kolkata => Self::Kolkata,
                    Model::Osa => Self::Osa,
                    Model::Yasen => Self::Yasen,
                    Model::Zubr => Self::Zubr,
                }
            }
        }
    };
    (@borrowed_new $lists:ident [$(#[$borrowed:meta])*]) => {
        impl<'a> Logs<'a> {
            pub(crate) fn new(value: &'a $crate::Logs) -> Self {
                Self {
                    logs: value
                        .logs
                        .iter()
                        .map(|log| Log {
                            address: log.address.into(),
                            identity: text(&log.identity),
                            userid: text(&log.userid),
                            date: text(&log.date),
                            request: text(&log.request),
                            code: log.code,
                            size: log.size,
                        })
                        .collect(),
                }
            }
        }

        impl<'a> Players<'a> {
            pub(crate) fn new(value: &'a $crate::Players) -> Self {
                Self {
                    players: value.players.iter().map(SavedPlayer::new).collect(),
                }
            }
        }

        impl<'a> SavedPlayer<'a> {
            fn new(player: &'a $crate::minecraft::Player) -> Self {
                Self {
                    game_type: player.game_type.into(),
                    previous_game_type: player.previous_game_type.into(),
                    score: player.score,
                    dimension: text(&player.dimension),
                    selected_item_slot: player.selected_item_slot,
                    selected_item: Item::new(&player.selected_item),
                    spawn_dimension: player.spawn_dimension.as_deref().map(text),
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
                    abilities: player.abilities.into(),
                    entered_nether_position: player.entered_nether_position,
                    root_vehicle: player
                        .root_vehicle
                        .as_ref()
                        .map(|(uuid, entity)| (*uuid, Entity::new(entity))),
                    shoulder_entity_left: player.shoulder_entity_left.as_ref().map(Entity::new),
                    shoulder_entity_right: player
                        .shoulder_entity_right
                        .as_ref()
                        .map(Entity::new),
                    seen_credits: player.seen_credits,
                    recipe_book: RecipeBook::new(&player.recipe_book),
                }
            }
        }

        impl<'a> Item<'a> {
            fn new(item: &'a $crate::minecraft::Item) -> Self {
                Self {
                    count: item.count,
                    slot: item.slot,
                    id: text(&item.id),
                }
            }
        }

        impl<'a> Entity<'a> {
            fn new(entity: &'a $crate::minecraft::Entity) -> Self {
                Self {
                    id: text(&entity.id),
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
                    custom_name: entity.custom_name.as_deref().map(text),
                    custom_name_visible: entity.custom_name_visible,
                    silent: entity.silent,
                    glowing: entity.glowing,
                }
            }
        }

        impl<'a> RecipeBook<'a> {
            fn new(book: &'a $crate::minecraft::RecipeBook) -> Self {
                Self {
                    recipes: book.recipes.iter().map(|recipe| text(recipe)).collect(),
                    to_be_displayed: book
                        .to_be_displayed
                        .iter()
                        .map(|recipe| text(recipe))
                        .collect(),
                    is_filtering_craftable: book.is_filtering_craftable,
                    is_gui_open: book.is_gui_open,
                    is_furnace_filtering_craftable: book.is_furnace_filtering_craftable,
                    is_furnace_gui_open: book.is_furnace_gui_open,
                    is_blasting_furnace_filtering_craftable: book
                        .is_blasting_furnace_filtering_craftable,
                    is_blasting_furnace_gui_open: book.is_blasting_furnace_gui_open,
                    is_smoker_filtering_craftable: book.is_smoker_filtering_craftable,
                    is_smoker_gui_open: book.is_smoker_gui_open,
                }
            }
        }

        $crate::__mirror_rsb!(@updates_view $lists [$(#[$borrowed])*]);
    };
    (@borrowed_shapes [$(#[$derives:meta])*] [$str:ty]) => {
        $(#[$derives])*
        pub(crate) struct Logs<'a> {
            logs: Vec<Log<'a>>,
        }

        $(#[$derives])*
        pub(crate) struct Log<'a> {
            address: Address,
            identity: $str,
            userid: $str,
            date: $str,
            request: $str,
            code: u16,
            size: u64,
        }

        $(#[$derives])*
        pub(crate) struct Players<'a> {
            players: Vec<SavedPlayer<'a>>,
        }

        $(#[$derives])*
        pub(crate) struct SavedPlayer<'a> {
            game_type: GameType,
            previous_game_type: GameType,
            score: i64,
            dimension: $str,
            selected_item_slot: u32,
            selected_item: Item<'a>,
            spawn_dimension: Option<$str>,
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
            inventory: Vec<Item<'a>>,
            ender_items: Vec<Item<'a>>,
            abilities: Abilities,
            entered_nether_position: Option<(f64, f64, f64)>,
            root_vehicle: Option<([u32; 4], Entity<'a>)>,
            shoulder_entity_left: Option<Entity<'a>>,
            shoulder_entity_right: Option<Entity<'a>>,
            seen_credits: bool,
            recipe_book: RecipeBook<'a>,
        }

        $(#[$derives])*
        pub(crate) struct Item<'a> {
            count: i8,
            slot: u8,
            id: $str,
        }

        $(#[$derives])*
        #[allow(
            clippy::struct_excessive_bools,
            reason = "RSB's shape: one flag per entity property"
        )]
        pub(crate) struct Entity<'a> {
            id: $str,
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
            custom_name: Option<$str>,
            custom_name_visible: bool,
            silent: bool,
            glowing: bool,
        }

        $(#[$derives])*
        #[allow(
            clippy::struct_excessive_bools,
            reason = "RSB's shape: one flag per recipe-book setting"
        )]
        pub(crate) struct RecipeBook<'a> {
            recipes: Vec<$str>,
            to_be_displayed: Vec<$str>,
            is_filtering_craftable: bool,
            is_gui_open: bool,
            is_furnace_filtering_craftable: bool,
            is_furnace_gui_open: bool,
            is_blasting_furnace_filtering_craftable: bool,
            is_blasting_furnace_gui_open: bool,
            is_smoker_filtering_craftable: bool,
            is_smoker_gui_open: bool,
        }
    };
    (@into_lent) => {
        impl<'a> Logs<'a> {
            #[allow(
                clippy::unnecessary_wraps,
                reason = "every mirror converts the same way"
            )]
            pub(crate) fn into_lent(self) -> Result<$crate::Logs<Text<'a>>, Invalid> {
                Ok($crate::Logs {
                    logs: self
                        .logs
                        .into_iter()
                        .map(|log| $crate::log::Log {
                            address: log.address.into(),
                            identity: lend(log.identity),
                            userid: lend(log.userid),
                            date: lend(log.date),
                            request: lend(log.request),
                            code: log.code,
                            size: log.size,
                        })
                        .collect(),
                })
            }
        }

        impl<'a> Players<'a> {
            #[allow(
                clippy::unnecessary_wraps,
                reason = "every mirror converts the same way"
            )]
            pub(crate) fn into_lent(self) -> Result<$crate::Players<Text<'a>>, Invalid> {
                Ok($crate::Players {
                    players: self.players.into_iter().map(SavedPlayer::into_lent).collect(),
                })
            }
        }

        impl<'a> SavedPlayer<'a> {
            fn into_lent(self) -> $crate::minecraft::Player<Text<'a>> {
                $crate::minecraft::Player {
                    game_type: self.game_type.into(),
                    previous_game_type: self.previous_game_type.into(),
                    score: self.score,
                    dimension: lend(self.dimension),
                    selected_item_slot: self.selected_item_slot,
                    selected_item: self.selected_item.into_lent(),
                    spawn_dimension: self.spawn_dimension.map(lend),
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
                    inventory: self.inventory.into_iter().map(Item::into_lent).collect(),
                    ender_items: self.ender_items.into_iter().map(Item::into_lent).collect(),
                    abilities: self.abilities.into(),
                    entered_nether_position: self.entered_nether_position,
                    root_vehicle: self
                        .root_vehicle
                        .map(|(uuid, entity)| (uuid, entity.into_lent())),
                    shoulder_entity_left: self.shoulder_entity_left.map(Entity::into_lent),
                    shoulder_entity_right: self.shoulder_entity_right.map(Entity::into_lent),
                    seen_credits: self.seen_credits,
                    recipe_book: self.recipe_book.into_lent(),
                }
            }
        }

        impl<'a> Item<'a> {
            fn into_lent(self) -> $crate::minecraft::Item<Text<'a>> {
                $crate::minecraft::Item {
                    count: self.count,
                    slot: self.slot,
                    id: lend(self.id),
                }
            }
        }

        impl<'a> Entity<'a> {
            fn into_lent(self) -> $crate::minecraft::Entity<Text<'a>> {
                $crate::minecraft::Entity {
                    id: lend(self.id),
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
                    custom_name: self.custom_name.map(lend),
                    custom_name_visible: self.custom_name_visible,
                    silent: self.silent,
                    glowing: self.glowing,
                }
            }
        }

        impl<'a> RecipeBook<'a> {
            fn into_lent(self) -> $crate::minecraft::RecipeBook<Text<'a>> {
                $crate::minecraft::RecipeBook {
                    recipes: self.recipes.into_iter().map(lend).collect(),
                    to_be_displayed: self.to_be_displayed.into_iter().map(lend).collect(),
                    is_filtering_craftable: self.is_filtering_craftable,
                    is_gui_open: self.is_gui_open,
                    is_furnace_filtering_craftable: self.is_furnace_filtering_craftable,
                    is_furnace_gui_open: self.is_furnace_gui_open,
                    is_blasting_furnace_filtering_craftable: self
                        .is_blasting_furnace_filtering_craftable,
                    is_blasting_furnace_gui_open: self.is_blasting_furnace_gui_open,
                    is_smoker_filtering_craftable: self.is_smoker_filtering_craftable,
                    is_smoker_gui_open: self.is_smoker_gui_open,
                }
            }
        }
    };
    // A dataset whose view is its owned mirror, made by copying: mesh,
    // whose model triangles no slice of mirror triangles can borrow, and
    // mk48 under `integer_lists: copied`.
    (@mirrored_owned $dataset:ident) => {
        impl Mirrored for $crate::$dataset {
            type Owned = $dataset;
            type View<'a> = $dataset;

            fn borrowed(&self) -> Self::View<'_> {
                $dataset::from_model(self)
            }

            fn from_owned(owned: Self::Owned) -> Result<Self, Invalid> {
                owned.into_model()
            }
        }
    };
    // mk48's view: the owned mirror where the lists are copied (a borrowed
    // view would hold nothing borrowed), else the borrowed types of
    // `@updates_view`.
    (@mirrored_updates copied) => {
        impl Updates {
            /// The mirror of `value`, copied.
            fn from_model(value: &$crate::Updates) -> Self {
                Self {
                    updates: value
                        .updates
                        .iter()
                        .map(|update| Update {
                            contacts: update
                                .contacts
                                .iter()
                                .map(|contact| Contact {
                                    damage: contact.damage,
                                    entity_id: contact.entity_id,
                                    entity_type: contact.entity_type.map(EntityType::from),
                                    guidance: contact.guidance.into(),
                                    player_id: contact.player_id,
                                    reloads: contact.reloads.clone(),
                                    transform: contact.transform.into(),
                                    turret_angles: contact.turret_angles.clone(),
                                })
                                .collect(),
                            score: update.score,
                            world_radius: update.world_radius,
                            terrain_updates: update
                                .terrain_updates
                                .iter()
                                .map(|terrain| TerrainUpdate {
                                    chunk_id: terrain.chunk_id,
                                    data: terrain.data.clone(),
                                })
                                .collect(),
                        })
                        .collect(),
                }
            }
        }

        $crate::__mirror_rsb!(@mirrored_owned Updates);
    };
    (@mirrored_updates $lists:ident) => {
        $crate::mirror!(@mirrored Updates);
    };
    // mk48's borrowed types, which borrow its `bool`, `u16` and `u8` lists
    // as the integer lists are borrowed; none where those are copied.
    (@updates_view copied $derives:tt) => {};
    (@updates_view borrowed [$(#[$derives:meta])*]) => {
        $crate::__mirror_rsb!(
            @updates_shapes [$(#[$derives])*] [&'a [bool]] [&'a [u16]] [&'a [u8]]
        );
    };
    (@updates_view cow [$(#[$derives:meta])*]) => {
        $crate::__mirror_rsb!(
            @updates_shapes [$(#[$derives])*]
            [::std::borrow::Cow<'a, [bool]>]
            [::std::borrow::Cow<'a, [u16]>]
            [::std::borrow::Cow<'a, [u8]>]
        );
    };
    (@updates_shapes [$(#[$derives:meta])*] [$bools:ty] [$u16s:ty] [$u8s:ty]) => {
        $(#[$derives])*
        pub(crate) struct Updates<'a> {
            updates: Vec<Update<'a>>,
        }

        $(#[$derives])*
        pub(crate) struct Update<'a> {
            contacts: Vec<Contact<'a>>,
            score: u32,
            world_radius: f32,
            terrain_updates: Vec<TerrainUpdate<'a>>,
        }

        $(#[$derives])*
        pub(crate) struct Contact<'a> {
            damage: u8,
            entity_id: u32,
            entity_type: Option<super::EntityType>,
            guidance: super::Guidance,
            player_id: Option<u16>,
            reloads: $bools,
            transform: super::Transform,
            turret_angles: $u16s,
        }

        $(#[$derives])*
        pub(crate) struct TerrainUpdate<'a> {
            chunk_id: (i8, i8),
            data: $u8s,
        }

        impl<'a> Updates<'a> {
            pub(crate) fn new(value: &'a $crate::Updates) -> Self {
                Self {
                    updates: value
                        .updates
                        .iter()
                        .map(|update| Update {
                            contacts: update
                                .contacts
                                .iter()
                                .map(|contact| Contact {
                                    damage: contact.damage,
                                    entity_id: contact.entity_id,
                                    entity_type: contact.entity_type.map(super::EntityType::from),
                                    guidance: contact.guidance.into(),
                                    player_id: contact.player_id,
                                    reloads: list(&contact.reloads),
                                    transform: contact.transform.into(),
                                    turret_angles: list(&contact.turret_angles),
                                })
                                .collect(),
                            score: update.score,
                            world_radius: update.world_radius,
                            terrain_updates: update
                                .terrain_updates
                                .iter()
                                .map(|terrain| TerrainUpdate {
                                    chunk_id: terrain.chunk_id,
                                    data: list(&terrain.data),
                                })
                                .collect(),
                        })
                        .collect(),
                }
            }
        }
    };
    (@lends_owned $dataset:ident) => {
        impl Lends for $crate::$dataset {
            type Lent<'a> = $dataset;

            fn from_lent(lent: Self::Lent<'_>) -> Result<Self::Borrowed<'_>, Invalid> {
                lent.into_model()
            }
        }
    };
}
