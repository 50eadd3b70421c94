//! The kit's values of rust_serialization_benchmark's four datasets:
//! arbitrary values, edge cases, dense values and what each needs of a
//! codec, as `arbitrary`, `dense` and `needs` have them for the five.

use proptest::collection::vec;
use proptest::prelude::*;

use serbench_model::log::{Address, Log};
use serbench_model::mesh::{Triangle, Vector3};
use serbench_model::minecraft::{Abilities, Entity, GameType, Item, Player, RecipeBook};
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{Carries, Logs, Mesh, Players, Updates};

use crate::arbitrary::{Arbitrary, float, string};
use crate::dense::{Dense, ELEMENTS};
use crate::needs::{NOTHING, Needs, float as float_needs, text};

/// `f32`s: plausible values, every class and arbitrary bit patterns.
fn float32() -> BoxedStrategy<f32> {
    prop_oneof![
        4 => -1.0e4_f32..1.0e4,
        2 => prop::num::f32::ANY,
        2 => any::<u32>().prop_map(f32::from_bits),
        1 => prop::sample::select(vec![
            f32::NAN,
            -f32::NAN,
            f32::from_bits(0x7f80_0001),
            f32::INFINITY,
            f32::NEG_INFINITY,
            0.0,
            -0.0,
            f32::MIN_POSITIVE,
            f32::from_bits(1),
            f32::MAX,
            f32::MIN,
        ]),
    ]
    .boxed()
}

fn float32_needs(needs: &mut Carries, value: f32) {
    float_needs(needs, f64::from(value));
}

fn log() -> impl Strategy<Value = Log> {
    (
        any::<[u8; 4]>(),
        (string(), string(), string(), string()),
        any::<u16>(),
        any::<u64>(),
    )
        .prop_map(
            |([x0, x1, x2, x3], (identity, userid, date, request), code, size)| Log {
                address: Address { x0, x1, x2, x3 },
                identity,
                userid,
                date,
                request,
                code,
                size,
            },
        )
}

impl Arbitrary for Logs {
    fn strategy() -> BoxedStrategy<Self> {
        vec(log(), 0..6).prop_map(|logs| Logs { logs }).boxed()
    }

    fn edge_cases() -> Vec<Self> {
        let mut extreme = Logs::generate(2);
        let log = &mut extreme.logs[0];
        log.address = Address {
            x0: 255,
            x1: 0,
            x2: 255,
            x3: 0,
        };
        log.identity = String::new();
        "\u{10ffff}".clone_into(&mut log.userid);
        log.code = u16::MAX;
        log.size = u64::MAX;
        extreme.logs[1].size = 0;
        vec![Logs::default(), Logs::generate(1), extreme]
    }
}

impl Needs for Logs {
    fn needs(&self) -> Carries {
        let mut needs = NOTHING;
        for log in &self.logs {
            for string in [&log.identity, &log.userid, &log.date, &log.request] {
                text(&mut needs, string);
            }
        }
        needs
    }
}

impl Dense for Logs {
    fn dense() -> Vec<(&'static str, Self)> {
        let log = Log {
            address: Address {
                x0: 0,
                x1: 0,
                x2: 0,
                x3: 0,
            },
            identity: String::new(),
            userid: String::new(),
            date: String::new(),
            request: String::new(),
            code: 0,
            size: 0,
        };
        vec![(
            "records of empty strings and zeros",
            Logs {
                logs: vec![log; ELEMENTS],
            },
        )]
    }
}

fn vector() -> impl Strategy<Value = Vector3> {
    (float32(), float32(), float32()).prop_map(|(x, y, z)| Vector3 { x, y, z })
}

impl Arbitrary for Mesh {
    fn strategy() -> BoxedStrategy<Self> {
        let triangle = (vector(), vector(), vector(), vector())
            .prop_map(|(v0, v1, v2, normal)| Triangle { v0, v1, v2, normal });
        vec(triangle, 0..6)
            .prop_map(|triangles| Mesh { triangles })
            .boxed()
    }

    fn edge_cases() -> Vec<Self> {
        let mut extreme = Mesh::generate(2);
        extreme.triangles[0].v0 = Vector3 {
            x: f32::MAX,
            y: f32::MIN,
            z: -0.0,
        };
        extreme.triangles[0].normal = Vector3 {
            x: f32::MIN_POSITIVE,
            y: f32::from_bits(1),
            z: f32::EPSILON,
        };
        vec![Mesh::default(), Mesh::generate(1), extreme]
    }
}

impl Needs for Mesh {
    fn needs(&self) -> Carries {
        let mut needs = NOTHING;
        for triangle in &self.triangles {
            for vector in [triangle.v0, triangle.v1, triangle.v2, triangle.normal] {
                for value in [vector.x, vector.y, vector.z] {
                    float32_needs(&mut needs, value);
                }
            }
        }
        needs
    }
}

impl Dense for Mesh {
    /// A triangle is twelve floats of fixed size: nothing is smaller.
    fn dense() -> Vec<(&'static str, Self)> {
        let zero = Vector3 {
            x: 0.0,
            y: 0.0,
            z: 0.0,
        };
        let triangle = Triangle {
            v0: zero,
            v1: zero,
            v2: zero,
            normal: zero,
        };
        vec![(
            "triangles of zeros",
            Mesh {
                triangles: vec![triangle; ELEMENTS],
            },
        )]
    }
}

fn game_type() -> impl Strategy<Value = GameType> {
    prop::sample::select(GameType::ALL.to_vec())
}

fn item() -> impl Strategy<Value = Item> {
    (any::<i8>(), any::<u8>(), string()).prop_map(|(count, slot, id)| Item { count, slot, id })
}

fn triple() -> impl Strategy<Value = (f64, f64, f64)> {
    (float(), float(), float())
}

fn entity() -> impl Strategy<Value = Entity> {
    (
        (
            string(),
            triple(),
            triple(),
            (float32(), float32()),
            float32(),
        ),
        (any::<u16>(), any::<u16>(), any::<[bool; 3]>(), any::<i32>()),
        (
            any::<[u32; 4]>(),
            prop::option::of(string()),
            any::<[bool; 3]>(),
        ),
    )
        .prop_map(
            |(
                (id, pos, motion, rotation, fall_distance),
                (fire, air, [on_ground, no_gravity, invulnerable], portal_cooldown),
                (uuid, custom_name, [custom_name_visible, silent, glowing]),
            )| Entity {
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
            },
        )
}

fn abilities() -> impl Strategy<Value = Abilities> {
    (float32(), float32(), any::<[bool; 5]>()).prop_map(
        |(walk_speed, fly_speed, [may_fly, flying, invulnerable, may_build, instabuild])| {
            Abilities {
                walk_speed,
                fly_speed,
                may_fly,
                flying,
                invulnerable,
                may_build,
                instabuild,
            }
        },
    )
}

fn recipe_book() -> impl Strategy<Value = RecipeBook> {
    (vec(string(), 0..4), vec(string(), 0..4), any::<[bool; 8]>()).prop_map(
        |(recipes, to_be_displayed, flags)| {
            let [
                is_filtering_craftable,
                is_gui_open,
                is_furnace_filtering_craftable,
                is_furnace_gui_open,
                is_blasting_furnace_filtering_craftable,
                is_blasting_furnace_gui_open,
                is_smoker_filtering_craftable,
                is_smoker_gui_open,
            ] = flags;
            RecipeBook {
                recipes,
                to_be_displayed,
                is_filtering_craftable,
                is_gui_open,
                is_furnace_filtering_craftable,
                is_furnace_gui_open,
                is_blasting_furnace_filtering_craftable,
                is_blasting_furnace_gui_open,
                is_smoker_filtering_craftable,
                is_smoker_gui_open,
            }
        },
    )
}

fn player() -> impl Strategy<Value = Player> {
    (
        (
            game_type(),
            game_type(),
            any::<i64>(),
            string(),
            any::<u32>(),
            item(),
            prop::option::of(string()),
            any::<[i64; 3]>(),
            prop::option::of(any::<bool>()),
        ),
        (
            any::<u16>(),
            (float32(), float32()),
            any::<[u32; 2]>(),
            float32(),
            any::<[i32; 2]>(),
        ),
        (vec(item(), 0..4), vec(item(), 0..3), abilities()),
        (
            prop::option::of(triple()),
            prop::option::of((any::<[u32; 4]>(), entity())),
            prop::option::of(entity()),
            prop::option::of(entity()),
            any::<bool>(),
            recipe_book(),
        ),
    )
        .prop_map(
            |(
                (
                    game_type,
                    previous_game_type,
                    score,
                    dimension,
                    selected_item_slot,
                    selected_item,
                    spawn_dimension,
                    [spawn_x, spawn_y, spawn_z],
                    spawn_forced,
                ),
                (
                    sleep_timer,
                    (food_exhaustion_level, food_saturation_level),
                    [food_tick_timer, xp_level],
                    xp_p,
                    [xp_total, xp_seed],
                ),
                (inventory, ender_items, abilities),
                (
                    entered_nether_position,
                    root_vehicle,
                    shoulder_entity_left,
                    shoulder_entity_right,
                    seen_credits,
                    recipe_book,
                ),
            )| Player {
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
            },
        )
}

impl Arbitrary for Players {
    fn strategy() -> BoxedStrategy<Self> {
        vec(player(), 0..3)
            .prop_map(|players| Players { players })
            .boxed()
    }

    fn edge_cases() -> Vec<Self> {
        let generated = Players::generate(4);
        let mut extreme = generated.clone();
        let player = &mut extreme.players[0];
        player.score = i64::MIN;
        player.spawn_x = i64::MAX;
        player.selected_item_slot = u32::MAX;
        player.xp_total = i32::MIN;
        player.spawn_dimension = Some(String::new());
        player.spawn_forced = Some(false);
        player.inventory.clear();
        player.entered_nether_position = Some((f64::MAX, -0.0, f64::MIN_POSITIVE));
        player.selected_item = Item {
            count: i8::MIN,
            slot: u8::MAX,
            id: "\u{10ffff}".to_owned(),
        };
        let mut bare = generated.players[1].clone();
        bare.spawn_dimension = None;
        bare.spawn_forced = None;
        bare.entered_nether_position = None;
        bare.root_vehicle = None;
        bare.shoulder_entity_left = None;
        bare.shoulder_entity_right = None;
        bare.recipe_book.recipes.clear();
        bare.recipe_book.to_be_displayed.clear();
        extreme.players.push(bare);
        vec![Players::default(), Players::generate(1), extreme]
    }
}

impl Needs for Players {
    fn needs(&self) -> Carries {
        let mut needs = NOTHING;
        let entity = |needs: &mut Carries, entity: &Entity| {
            text(needs, &entity.id);
            if let Some(name) = &entity.custom_name {
                text(needs, name);
            }
            let (x, y, z) = entity.pos;
            let (dx, dy, dz) = entity.motion;
            for value in [x, y, z, dx, dy, dz] {
                float_needs(needs, value);
            }
            let (yaw, pitch) = entity.rotation;
            for value in [yaw, pitch, entity.fall_distance] {
                float32_needs(needs, value);
            }
        };
        for player in &self.players {
            text(&mut needs, &player.dimension);
            let items = [&player.selected_item]
                .into_iter()
                .chain(&player.inventory)
                .chain(&player.ender_items);
            for item in items {
                text(&mut needs, &item.id);
            }
            let texts = player
                .spawn_dimension
                .iter()
                .chain(&player.recipe_book.recipes)
                .chain(&player.recipe_book.to_be_displayed);
            for string in texts {
                text(&mut needs, string);
            }
            let floats = [
                player.food_exhaustion_level,
                player.food_saturation_level,
                player.xp_p,
                player.abilities.walk_speed,
                player.abilities.fly_speed,
            ];
            for value in floats {
                float32_needs(&mut needs, value);
            }
            if let Some((x, y, z)) = player.entered_nether_position {
                for value in [x, y, z] {
                    float_needs(&mut needs, value);
                }
            }
            let entities = player
                .root_vehicle
                .iter()
                .map(|(_, entity)| entity)
                .chain(&player.shoulder_entity_left)
                .chain(&player.shoulder_entity_right);
            for each in entities {
                entity(&mut needs, each);
            }
        }
        needs
    }
}

impl Dense for Players {
    fn dense() -> Vec<(&'static str, Self)> {
        let mut player = Players::generate(1).players.remove(0);
        player.dimension.clear();
        player.selected_item.id.clear();
        player.spawn_dimension = None;
        player.spawn_forced = None;
        player.inventory.clear();
        player.ender_items.clear();
        player.entered_nether_position = None;
        player.root_vehicle = None;
        player.shoulder_entity_left = None;
        player.shoulder_entity_right = None;
        player.recipe_book.recipes.clear();
        player.recipe_book.to_be_displayed.clear();
        let item = Item {
            count: 0,
            slot: 0,
            id: String::new(),
        };
        let mut items = player.clone();
        items.inventory = vec![item; ELEMENTS];
        let mut recipes = player;
        recipes.recipe_book.recipes = vec![String::new(); ELEMENTS];
        vec![
            (
                "empty inventory items",
                Players {
                    players: vec![items],
                },
            ),
            (
                "empty recipes",
                Players {
                    players: vec![recipes],
                },
            ),
        ]
    }
}

fn guidance() -> impl Strategy<Value = Guidance> {
    (any::<u16>(), any::<bool>(), any::<i16>()).prop_map(|(angle, submerge, velocity)| Guidance {
        angle,
        submerge,
        velocity,
    })
}

fn transform() -> impl Strategy<Value = Transform> {
    (
        any::<i8>(),
        any::<u16>(),
        (float32(), float32()),
        any::<i16>(),
    )
        .prop_map(|(altitude, angle, position, velocity)| Transform {
            altitude,
            angle,
            position,
            velocity,
        })
}

fn contact() -> impl Strategy<Value = Contact> {
    (
        (any::<u8>(), any::<u32>()),
        prop::option::of(prop::sample::select(EntityType::ALL.to_vec())),
        guidance(),
        prop::option::of(any::<u16>()),
        vec(any::<bool>(), 0..24),
        transform(),
        vec(any::<u16>(), 0..5),
    )
        .prop_map(
            |(
                (damage, entity_id),
                entity_type,
                guidance,
                player_id,
                reloads,
                transform,
                turret_angles,
            )| Contact {
                damage,
                entity_id,
                entity_type,
                guidance,
                player_id,
                reloads,
                transform,
                turret_angles,
            },
        )
}

fn update() -> impl Strategy<Value = Update> {
    let terrain = (any::<(i8, i8)>(), vec(any::<u8>(), 0..16))
        .prop_map(|(chunk_id, data)| TerrainUpdate { chunk_id, data });
    (
        vec(contact(), 0..4),
        any::<u32>(),
        float32(),
        vec(terrain, 0..3),
    )
        .prop_map(|(contacts, score, world_radius, terrain_updates)| Update {
            contacts,
            score,
            world_radius,
            terrain_updates,
        })
}

impl Arbitrary for Updates {
    fn strategy() -> BoxedStrategy<Self> {
        vec(update(), 0..3)
            .prop_map(|updates| Updates { updates })
            .boxed()
    }

    fn edge_cases() -> Vec<Self> {
        let mut extreme = Updates::generate(2);
        let update = &mut extreme.updates[0];
        update.score = u32::MAX;
        update.world_radius = -0.0;
        update.terrain_updates[0].chunk_id = (i8::MIN, i8::MAX);
        update.terrain_updates[0].data = vec![0, 255];
        let contact = &mut update.contacts[0];
        contact.entity_id = u32::MAX;
        contact.entity_type = Some(EntityType::Zubr);
        contact.player_id = Some(u16::MAX);
        contact.transform.altitude = i8::MIN;
        contact.transform.velocity = i16::MIN;
        contact.transform.position = (f32::MAX, f32::MIN_POSITIVE);
        contact.guidance.velocity = i16::MAX;
        extreme.updates[1].contacts.clear();
        extreme.updates[1].terrain_updates.clear();
        vec![Updates::default(), Updates::generate(1), extreme]
    }
}

impl Needs for Updates {
    fn needs(&self) -> Carries {
        let mut needs = NOTHING;
        for update in &self.updates {
            float32_needs(&mut needs, update.world_radius);
            for contact in &update.contacts {
                let (x, y) = contact.transform.position;
                float32_needs(&mut needs, x);
                float32_needs(&mut needs, y);
            }
        }
        needs
    }
}

impl Dense for Updates {
    fn dense() -> Vec<(&'static str, Self)> {
        let contact = Contact {
            damage: 0,
            entity_id: 0,
            entity_type: None,
            guidance: Guidance {
                angle: 0,
                submerge: false,
                velocity: 0,
            },
            player_id: None,
            reloads: Vec::new(),
            transform: Transform {
                altitude: 0,
                angle: 0,
                position: (0.0, 0.0),
                velocity: 0,
            },
            turret_angles: Vec::new(),
        };
        let update = Update {
            contacts: Vec::new(),
            score: 0,
            world_radius: 0.0,
            terrain_updates: Vec::new(),
        };
        vec![
            (
                "minimal contacts",
                Updates {
                    updates: vec![Update {
                        contacts: vec![contact.clone(); ELEMENTS],
                        ..update.clone()
                    }],
                },
            ),
            (
                "reload flags of false",
                Updates {
                    updates: vec![Update {
                        contacts: vec![Contact {
                            reloads: vec![false; ELEMENTS],
                            ..contact
                        }],
                        ..update.clone()
                    }],
                },
            ),
            (
                "empty updates",
                Updates {
                    updates: vec![update; ELEMENTS],
                },
            ),
        ]
    }
}
