//! Model values built from fuzz bytes with `arbitrary`'s `Unstructured`.
//!
//! They follow the conformance kit's strategies (same sizes, same edge
//! values) rather than driving those strategies: proptest's pass-through
//! generator halves its remaining bytes at every `prop_oneof!` and then
//! yields zeros, which rand's rejection sampling turns into an endless loop.
//! Here running out of bytes gives the smallest choice, so every input ends.

use arbitrary::{Result, Unstructured};
use serbench_model::forms;
use serbench_model::log::{Address, Log};
use serbench_model::mesh::{Triangle, Vector3};
use serbench_model::minecraft::{Abilities, Entity, GameType, Item, Player, RecipeBook};
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{
    Color, Edge, Graph, Image, Logs, Media, MediaContent, Mesh, Node, OffsetDateTime, Players,
    Priority, Record, SensorReading, Size, Task, TaskHeader, TaskList, TaskManager, Updates, Uuid,
    Version,
};
use time::{Date, Time};

/// A dataset the round-trip targets build from fuzz bytes.
pub trait Generate: Sized {
    /// The workload size whose encoding seeds the decode target: a document
    /// small enough to mutate quickly that still has every kind of field.
    const SEED_SIZE: usize;

    /// Any value of the type, edge values weighted up.
    ///
    /// # Errors
    ///
    /// `arbitrary`'s, when the bytes cannot make a value.
    fn generate(u: &mut Unstructured<'_>) -> Result<Self>;
}

/// Strings that have broken codecs before or sit at a format's edges.
const EDGE_STRINGS: [&str; 10] = [
    "",
    "nul \0 bell \u{7} esc \u{1b}",
    "\u{fffe}\u{ffff}",
    "]]> --> <!-- &amp; &#0; <![CDATA[",
    "Ünïcødé 用户 🦀 \"quoted\" <tag> & 'apos' \\ \t\n\r",
    "  leading and trailing  \n",
    "\r\n\r",
    "\u{85}\u{2028}\u{feff}",
    "\u{10ffff}\u{d7ff}\u{e000}",
    "1.0e400",
];

/// Mostly short and printable, sometimes any characters (controls
/// included), an edge string, or tens of kilobytes.
fn string(u: &mut Unstructured<'_>) -> Result<String> {
    Ok(match u.int_in_range(0u8..=9)? {
        0..=3 => {
            let len = u.int_in_range(0..=24)?;
            (0..len)
                .map(|_| u.int_in_range(b' '..=b'~').map(char::from))
                .collect::<Result<_>>()?
        }
        4..=6 => {
            let len = u.int_in_range(0..=16)?;
            (0..len)
                .map(|_| u.arbitrary::<char>())
                .collect::<Result<_>>()?
        }
        7 | 8 => (*u.choose(&EDGE_STRINGS)?).to_owned(),
        _ => format!("{}스", "x".repeat(u.int_in_range(0..=70_000)?)),
    })
}

/// Every NaN payload, signed zero and extreme a format might mangle.
fn edge_float() -> [f64; 17] {
    [
        f64::NAN,
        -f64::NAN,
        f64::from_bits(0x7ff0_0000_0000_0001),
        f64::from_bits(0xfff8_0000_dead_beef),
        f64::INFINITY,
        f64::NEG_INFINITY,
        0.0,
        -0.0,
        f64::MIN_POSITIVE,
        f64::from_bits(1),
        f64::MAX,
        f64::MIN,
        f64::EPSILON,
        0.1,
        1.0 / 3.0,
        -1e-300,
        9_007_199_254_740_993.0,
    ]
}

/// Plausible readings, arbitrary bit patterns and the edge values.
fn float(u: &mut Unstructured<'_>) -> Result<f64> {
    Ok(match u.int_in_range(0u8..=8)? {
        0..=3 => f64::from(u.int_in_range(-1_000_000_000..=1_000_000_000)?) / 1_000.0,
        4..=6 => f64::from_bits(u.arbitrary()?),
        _ => *u.choose(&edge_float())?,
    })
}

fn uuid(u: &mut Unstructured<'_>) -> Result<Uuid> {
    Ok(match u.int_in_range(0u8..=7)? {
        0 => Uuid::nil(),
        1 => Uuid::max(),
        _ => Uuid::from_u128(u.arbitrary()?),
    })
}

/// Any instant the model can hold, with nanoseconds and offsets of every
/// kind (UTC, whole minutes, seconds, beyond ±24 h).
fn timestamp(u: &mut Unstructured<'_>) -> Result<OffsetDateTime> {
    let min = OffsetDateTime::new_utc(Date::MIN, Time::MIDNIGHT).unix_timestamp();
    let max = OffsetDateTime::new_utc(Date::MAX, Time::MAX).unix_timestamp();
    let seconds = match u.int_in_range(0u8..=3)? {
        0 => u.int_in_range(min..=max)?,
        // The ends of the range and of RFC 3339's years 0 to 9999.
        1 => *u.choose(&[min, max, -62_167_219_201, -62_167_219_200, 0, -1])?,
        _ => u.int_in_range(0..=4_102_444_800)?,
    };
    let nanos = match u.int_in_range(0u8..=6)? {
        0 | 1 => 0,
        2 | 3 => u.int_in_range(0..=999)? * 1_000_000,
        4 => u.int_in_range(0..=999_999)? * 1_000,
        _ => u.int_in_range(0..=999_999_999)?,
    };
    let offset = match u.int_in_range(0u8..=6)? {
        0..=2 => 0,
        3..=5 => u.int_in_range(-1_439..=1_439)? * 60,
        _ => u.int_in_range(-93_599..=93_599)?,
    };
    Ok(forms::timestamp_from_parts(seconds, nanos, offset)
        .or_else(|_| forms::timestamp_from_parts(seconds, nanos, 0))
        .expect("seconds and nanos are in range"))
}

fn color(u: &mut Unstructured<'_>) -> Result<Color> {
    Ok(if u.ratio(1, 4)? {
        Color::from_argb(u.arbitrary()?)
    } else {
        Color::rgb(u.arbitrary()?, u.arbitrary()?, u.arbitrary()?)
    })
}

fn header(u: &mut Unstructured<'_>) -> Result<TaskHeader> {
    Ok(TaskHeader {
        id: uuid(u)?,
        name: string(u)?,
        color: color(u)?,
        created: timestamp(u)?,
    })
}

/// Up to `max` items made by `item`.
fn list<'a, T>(
    u: &mut Unstructured<'a>,
    max: usize,
    mut item: impl FnMut(&mut Unstructured<'a>) -> Result<T>,
) -> Result<Vec<T>> {
    let len = u.int_in_range(0..=max)?;
    (0..len).map(|_| item(u)).collect()
}

impl Generate for TaskManager {
    const SEED_SIZE: usize = 50;

    fn generate(u: &mut Unstructured<'_>) -> Result<Self> {
        let task = |u: &mut Unstructured<'_>| {
            Ok(Task {
                header: header(u)?,
                description: string(u)?,
                priority: *u.choose(&Priority::ALL)?,
                completed: u.arbitrary()?,
            })
        };
        Ok(TaskManager {
            user: string(u)?,
            version: Version {
                segments: list(u, 5, Unstructured::arbitrary)?,
            },
            lists: list(u, 3, |u| {
                Ok(TaskList {
                    header: header(u)?,
                    tasks: list(u, 5, task)?,
                })
            })?,
        })
    }
}

impl Generate for SensorReading {
    // One message, as `serbench dump` writes it.
    const SEED_SIZE: usize = 1;

    fn generate(u: &mut Unstructured<'_>) -> Result<Self> {
        Ok(SensorReading {
            sensor_id: string(u)?,
            ambient_temperature: float(u)?,
            object_temperature: float(u)?,
            accelerometer_x: float(u)?,
            accelerometer_y: float(u)?,
            accelerometer_z: float(u)?,
            altitude: float(u)?,
            light: float(u)?,
            humidity: float(u)?,
        })
    }
}

impl Generate for Graph {
    const SEED_SIZE: usize = 12;

    fn generate(u: &mut Unstructured<'_>) -> Result<Self> {
        // Mostly indices that exist, sometimes any: a graph need not be valid.
        let index = |u: &mut Unstructured<'_>| {
            if u.ratio(1, 5)? {
                u.arbitrary()
            } else {
                u.int_in_range(0..=7)
            }
        };
        Ok(Graph {
            nodes: list(u, 7, |u| {
                Ok(Node {
                    id: u.arbitrary()?,
                    name: string(u)?,
                    out_edges: list(u, 5, index)?,
                    in_edges: list(u, 5, index)?,
                })
            })?,
            edges: list(u, 11, |u| {
                Ok(Edge {
                    from: index(u)?,
                    to: index(u)?,
                    weight: u.arbitrary()?,
                })
            })?,
        })
    }
}

impl Generate for Record {
    // A fixed value: the workload ignores the size.
    const SEED_SIZE: usize = 1;

    fn generate(u: &mut Unstructured<'_>) -> Result<Self> {
        Ok(Record {
            ids: list(u, 63, |u| {
                if u.ratio(1, 4)? {
                    u.choose(&[i64::MIN, i64::MAX, -1, 0, 127, 128, -129, 65_536])
                        .copied()
                } else {
                    u.arbitrary()
                }
            })?,
            strings: list(u, 5, string)?,
        })
    }
}

impl Generate for MediaContent {
    // A fixed value: the workload ignores the size.
    const SEED_SIZE: usize = 1;

    fn generate(u: &mut Unstructured<'_>) -> Result<Self> {
        let optional = |u: &mut Unstructured<'_>| -> Result<Option<String>> {
            if u.arbitrary()? {
                string(u).map(Some)
            } else {
                Ok(None)
            }
        };
        let media = Media {
            uri: string(u)?,
            title: optional(u)?,
            width: u.arbitrary()?,
            height: u.arbitrary()?,
            format: string(u)?,
            duration: u.arbitrary()?,
            size: u.arbitrary()?,
            bitrate: u.arbitrary()?,
            persons: list(u, 3, string)?,
            player: *u.choose(&[serbench_model::Player::Java, serbench_model::Player::Flash])?,
            copyright: optional(u)?,
        };
        let images = list(u, 3, |u| {
            Ok(Image {
                uri: string(u)?,
                title: optional(u)?,
                width: u.arbitrary()?,
                height: u.arbitrary()?,
                size: *u.choose(&[Size::Small, Size::Large])?,
            })
        })?;
        Ok(MediaContent { media, images })
    }
}

/// `f32`s as [`float`] makes `f64`s: plausible values, any bit pattern,
/// every NaN payload, signed zero and extreme.
fn float32(u: &mut Unstructured<'_>) -> Result<f32> {
    const EDGES: [f32; 12] = [
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7f80_0001),
        f32::from_bits(0xffc0_dead),
        f32::INFINITY,
        f32::NEG_INFINITY,
        0.0,
        -0.0,
        f32::MIN_POSITIVE,
        f32::from_bits(1),
        f32::MAX,
        f32::MIN,
    ];
    Ok(match u.int_in_range(0u8..=8)? {
        0..=3 => u.int_in_range(-1_000_000i32..=1_000_000)? as f32 / 1_000.0,
        4..=6 => f32::from_bits(u.arbitrary()?),
        _ => *u.choose(&EDGES)?,
    })
}

impl Generate for Logs {
    const SEED_SIZE: usize = 3;

    fn generate(u: &mut Unstructured<'_>) -> Result<Self> {
        Ok(Logs {
            logs: list(u, 5, |u| {
                let [x0, x1, x2, x3]: [u8; 4] = u.arbitrary()?;
                Ok(Log {
                    address: Address { x0, x1, x2, x3 },
                    identity: string(u)?,
                    userid: string(u)?,
                    date: string(u)?,
                    request: string(u)?,
                    code: u.arbitrary()?,
                    size: u.arbitrary()?,
                })
            })?,
        })
    }
}

impl Generate for Mesh {
    const SEED_SIZE: usize = 3;

    fn generate(u: &mut Unstructured<'_>) -> Result<Self> {
        let vector = |u: &mut Unstructured<'_>| -> Result<Vector3> {
            Ok(Vector3 {
                x: float32(u)?,
                y: float32(u)?,
                z: float32(u)?,
            })
        };
        Ok(Mesh {
            triangles: list(u, 5, |u| {
                Ok(Triangle {
                    v0: vector(u)?,
                    v1: vector(u)?,
                    v2: vector(u)?,
                    normal: vector(u)?,
                })
            })?,
        })
    }
}

fn item(u: &mut Unstructured<'_>) -> Result<Item> {
    Ok(Item {
        count: u.arbitrary()?,
        slot: u.arbitrary()?,
        id: string(u)?,
    })
}

fn triple(u: &mut Unstructured<'_>) -> Result<(f64, f64, f64)> {
    Ok((float(u)?, float(u)?, float(u)?))
}

fn optional<'a, T>(
    u: &mut Unstructured<'a>,
    value: impl FnOnce(&mut Unstructured<'a>) -> Result<T>,
) -> Result<Option<T>> {
    if u.arbitrary()? {
        value(u).map(Some)
    } else {
        Ok(None)
    }
}

fn entity(u: &mut Unstructured<'_>) -> Result<Entity> {
    Ok(Entity {
        id: string(u)?,
        pos: triple(u)?,
        motion: triple(u)?,
        rotation: (float32(u)?, float32(u)?),
        fall_distance: float32(u)?,
        fire: u.arbitrary()?,
        air: u.arbitrary()?,
        on_ground: u.arbitrary()?,
        no_gravity: u.arbitrary()?,
        invulnerable: u.arbitrary()?,
        portal_cooldown: u.arbitrary()?,
        uuid: u.arbitrary()?,
        custom_name: optional(u, string)?,
        custom_name_visible: u.arbitrary()?,
        silent: u.arbitrary()?,
        glowing: u.arbitrary()?,
    })
}

impl Generate for Players {
    const SEED_SIZE: usize = 1;

    fn generate(u: &mut Unstructured<'_>) -> Result<Self> {
        Ok(Players {
            players: list(u, 2, |u| {
                Ok(Player {
                    game_type: *u.choose(&GameType::ALL)?,
                    previous_game_type: *u.choose(&GameType::ALL)?,
                    score: u.arbitrary()?,
                    dimension: string(u)?,
                    selected_item_slot: u.arbitrary()?,
                    selected_item: item(u)?,
                    spawn_dimension: optional(u, string)?,
                    spawn_x: u.arbitrary()?,
                    spawn_y: u.arbitrary()?,
                    spawn_z: u.arbitrary()?,
                    spawn_forced: u.arbitrary()?,
                    sleep_timer: u.arbitrary()?,
                    food_exhaustion_level: float32(u)?,
                    food_saturation_level: float32(u)?,
                    food_tick_timer: u.arbitrary()?,
                    xp_level: u.arbitrary()?,
                    xp_p: float32(u)?,
                    xp_total: u.arbitrary()?,
                    xp_seed: u.arbitrary()?,
                    inventory: list(u, 3, item)?,
                    ender_items: list(u, 2, item)?,
                    abilities: Abilities {
                        walk_speed: float32(u)?,
                        fly_speed: float32(u)?,
                        may_fly: u.arbitrary()?,
                        flying: u.arbitrary()?,
                        invulnerable: u.arbitrary()?,
                        may_build: u.arbitrary()?,
                        instabuild: u.arbitrary()?,
                    },
                    entered_nether_position: optional(u, triple)?,
                    root_vehicle: optional(u, |u| Ok((u.arbitrary()?, entity(u)?)))?,
                    shoulder_entity_left: optional(u, entity)?,
                    shoulder_entity_right: optional(u, entity)?,
                    seen_credits: u.arbitrary()?,
                    recipe_book: RecipeBook {
                        recipes: list(u, 3, string)?,
                        to_be_displayed: list(u, 2, string)?,
                        is_filtering_craftable: u.arbitrary()?,
                        is_gui_open: u.arbitrary()?,
                        is_furnace_filtering_craftable: u.arbitrary()?,
                        is_furnace_gui_open: u.arbitrary()?,
                        is_blasting_furnace_filtering_craftable: u.arbitrary()?,
                        is_blasting_furnace_gui_open: u.arbitrary()?,
                        is_smoker_filtering_craftable: u.arbitrary()?,
                        is_smoker_gui_open: u.arbitrary()?,
                    },
                })
            })?,
        })
    }
}

impl Generate for Updates {
    const SEED_SIZE: usize = 1;

    fn generate(u: &mut Unstructured<'_>) -> Result<Self> {
        let contact = |u: &mut Unstructured<'_>| -> Result<Contact> {
            Ok(Contact {
                damage: u.arbitrary()?,
                entity_id: u.arbitrary()?,
                entity_type: optional(u, |u| u.choose(&EntityType::ALL).copied())?,
                guidance: Guidance {
                    angle: u.arbitrary()?,
                    submerge: u.arbitrary()?,
                    velocity: u.arbitrary()?,
                },
                player_id: u.arbitrary()?,
                reloads: list(u, 23, Unstructured::arbitrary)?,
                transform: Transform {
                    altitude: u.arbitrary()?,
                    angle: u.arbitrary()?,
                    position: (float32(u)?, float32(u)?),
                    velocity: u.arbitrary()?,
                },
                turret_angles: list(u, 4, Unstructured::arbitrary)?,
            })
        };
        Ok(Updates {
            updates: list(u, 2, |u| {
                Ok(Update {
                    contacts: list(u, 3, contact)?,
                    score: u.arbitrary()?,
                    world_radius: float32(u)?,
                    terrain_updates: list(u, 2, |u| {
                        Ok(TerrainUpdate {
                            chunk_id: u.arbitrary()?,
                            data: list(u, 15, Unstructured::arbitrary)?,
                        })
                    })?,
                })
            })?,
        })
    }
}
