//! bincode's fast path: each dataset read with bincode's own decoders
//! (`bincode::Decode`, `BorrowDecode`), field by field in the order serde
//! writes them, instead of through serde's visitors.
//!
//! Measured on the task-manager, reading this way takes two thirds of the
//! time the serde path does: no visitor or field-identifier layer, strings
//! sliced out of the input and copied once (bincode's serde path zeroes a
//! buffer of the declared length first). The layout is the one the crate
//! docs give, so this reads exactly what encoding
//! writes, and the conformance kit round-trips every dataset through it.
//!
//! It is only a fast path: any input it does not read to the last byte, it
//! hands back, and the serde path decodes it again, with its decode budget,
//! its error messages and field paths. So it never needs a limit of its
//! own: strings are borrowed (bincode checks a declared length against
//! the input left before slicing, and allocates only the bytes it got) and
//! sequences reserve at most 4 KiB before their elements arrive.

use bincode::config;
use bincode::de::{BorrowDecode, BorrowDecoder, Decode, DecoderImpl};
use bincode::error::DecodeError;
use serbench_model::forms::timestamp_from_parts;
use serbench_model::log::{Address, Log};
use serbench_model::mesh::{Triangle, Vector3};
use serbench_model::minecraft::{self, Abilities, Entity, GameType, Item, RecipeBook};
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{
    Color, Edge, Graph, Image, Logs, Media, MediaContent, Mesh, Node, OffsetDateTime, Player,
    Players, Priority, Record, SensorReading, Size, Task, TaskHeader, TaskList, TaskManager,
    Updates, Uuid, Version,
};

use crate::input::Input;

/// The most bytes a sequence reserves before its elements arrive, as in
/// the model's serde forms.
const PREALLOCATION_BYTES: usize = 4096;

/// A dataset bincode's fast path reads.
///
/// Public only inside this private module, so users cannot implement it:
/// the datasets are the model's.
pub trait Native: Sized {
    /// Reads the value; an error only means "let the serde path decide".
    fn read<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Self, DecodeError>;
}

/// The value `bytes` hold, read by the fast path, or
/// `None` if it stopped early or did not reach the end.
pub(crate) fn read_whole<T: Native>(bytes: &[u8]) -> Option<T> {
    let mut decoder = DecoderImpl::new(Input::new(bytes), config::standard(), ());
    let value = T::read(&mut decoder).ok()?;
    (decoder.borrow_reader().position() == bytes.len()).then_some(value)
}

/// Any failure of the model's own checks: the serde path will name it.
const REFUSED: DecodeError = DecodeError::Other("refused by the model's checks");

fn string<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<String, DecodeError> {
    <&str>::borrow_decode(d).map(str::to_owned)
}

fn option<'de, D, T>(
    d: &mut D,
    read: impl FnOnce(&mut D) -> Result<T, DecodeError>,
) -> Result<Option<T>, DecodeError>
where
    D: BorrowDecoder<'de, Context = ()>,
{
    match u8::decode(d)? {
        0 => Ok(None),
        1 => read(d).map(Some),
        _ => Err(REFUSED),
    }
}

fn seq<'de, D, T>(
    d: &mut D,
    mut read: impl FnMut(&mut D) -> Result<T, DecodeError>,
) -> Result<Vec<T>, DecodeError>
where
    D: BorrowDecoder<'de, Context = ()>,
{
    let len = usize::try_from(u64::decode(d)?).map_err(|_| REFUSED)?;
    let mut items = Vec::with_capacity(len.min(PREALLOCATION_BYTES / size_of::<T>().max(1)));
    for _ in 0..len {
        items.push(read(d)?);
    }
    Ok(items)
}

fn timestamp<'de, D: BorrowDecoder<'de, Context = ()>>(
    d: &mut D,
) -> Result<OffsetDateTime, DecodeError> {
    let seconds = i64::decode(d)?;
    let nanos = u32::decode(d)?;
    let offset = i32::decode(d)?;
    timestamp_from_parts(seconds, nanos, offset).map_err(|_| REFUSED)
}

fn header<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<TaskHeader, DecodeError> {
    let id = Uuid::from_slice(<&[u8]>::borrow_decode(d)?).map_err(|_| REFUSED)?;
    Ok(TaskHeader {
        id,
        name: string(d)?,
        color: Color::from_argb(u32::decode(d)?),
        created: timestamp(d)?,
    })
}

fn task<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Task, DecodeError> {
    Ok(Task {
        header: header(d)?,
        description: string(d)?,
        priority: Priority::from_u8(u8::decode(d)?).ok_or(REFUSED)?,
        completed: bool::decode(d)?,
    })
}

impl Native for TaskManager {
    fn read<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Self, DecodeError> {
        Ok(Self {
            user: string(d)?,
            version: Version {
                segments: seq(d, u32::decode)?,
            },
            lists: seq(d, |d| {
                Ok(TaskList {
                    header: header(d)?,
                    tasks: seq(d, task)?,
                })
            })?,
        })
    }
}

impl Native for SensorReading {
    fn read<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Self, DecodeError> {
        Ok(Self {
            sensor_id: string(d)?,
            ambient_temperature: f64::decode(d)?,
            object_temperature: f64::decode(d)?,
            accelerometer_x: f64::decode(d)?,
            accelerometer_y: f64::decode(d)?,
            accelerometer_z: f64::decode(d)?,
            altitude: f64::decode(d)?,
            light: f64::decode(d)?,
            humidity: f64::decode(d)?,
        })
    }
}

impl Native for Graph {
    fn read<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Self, DecodeError> {
        Ok(Self {
            nodes: seq(d, |d| {
                Ok(Node {
                    id: u16::decode(d)?,
                    name: string(d)?,
                    out_edges: seq(d, u32::decode)?,
                    in_edges: seq(d, u32::decode)?,
                })
            })?,
            edges: seq(d, |d| {
                Ok(Edge {
                    from: u32::decode(d)?,
                    to: u32::decode(d)?,
                    weight: u16::decode(d)?,
                })
            })?,
        })
    }
}

impl Native for Record {
    fn read<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Self, DecodeError> {
        Ok(Self {
            ids: seq(d, i64::decode)?,
            strings: seq(d, string)?,
        })
    }
}

impl Native for MediaContent {
    fn read<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Self, DecodeError> {
        let media = Media {
            uri: string(d)?,
            title: option(d, string)?,
            width: i32::decode(d)?,
            height: i32::decode(d)?,
            format: string(d)?,
            duration: i64::decode(d)?,
            size: i64::decode(d)?,
            bitrate: option(d, i32::decode)?,
            persons: seq(d, string)?,
            player: match u32::decode(d)? {
                0 => Player::Java,
                1 => Player::Flash,
                _ => return Err(REFUSED),
            },
            copyright: option(d, string)?,
        };
        let images = seq(d, |d| {
            Ok(Image {
                uri: string(d)?,
                title: option(d, string)?,
                width: i32::decode(d)?,
                height: i32::decode(d)?,
                size: match u32::decode(d)? {
                    0 => Size::Small,
                    1 => Size::Large,
                    _ => return Err(REFUSED),
                },
            })
        })?;
        Ok(Self { media, images })
    }
}

impl Native for Logs {
    fn read<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Self, DecodeError> {
        Ok(Self {
            logs: seq(d, |d| {
                Ok(Log {
                    address: Address {
                        x0: u8::decode(d)?,
                        x1: u8::decode(d)?,
                        x2: u8::decode(d)?,
                        x3: u8::decode(d)?,
                    },
                    identity: string(d)?,
                    userid: string(d)?,
                    date: string(d)?,
                    request: string(d)?,
                    code: u16::decode(d)?,
                    size: u64::decode(d)?,
                })
            })?,
        })
    }
}

fn vector<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Vector3, DecodeError> {
    Ok(Vector3 {
        x: f32::decode(d)?,
        y: f32::decode(d)?,
        z: f32::decode(d)?,
    })
}

impl Native for Mesh {
    fn read<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Self, DecodeError> {
        Ok(Self {
            triangles: seq(d, |d| {
                Ok(Triangle {
                    v0: vector(d)?,
                    v1: vector(d)?,
                    v2: vector(d)?,
                    normal: vector(d)?,
                })
            })?,
        })
    }
}

/// A unit variant: serde's index, a `u32` varint.
fn game_type<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<GameType, DecodeError> {
    match u32::decode(d)? {
        0 => Ok(GameType::Survival),
        1 => Ok(GameType::Creative),
        2 => Ok(GameType::Adventure),
        3 => Ok(GameType::Spectator),
        _ => Err(REFUSED),
    }
}

fn item<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Item, DecodeError> {
    Ok(Item {
        count: i8::decode(d)?,
        slot: u8::decode(d)?,
        id: string(d)?,
    })
}

/// A tuple or an array is its elements, with no length: read one by one
/// (bincode evaluates them left to right, as they were written).
fn triple<'de, D: BorrowDecoder<'de, Context = ()>>(
    d: &mut D,
) -> Result<(f64, f64, f64), DecodeError> {
    Ok((f64::decode(d)?, f64::decode(d)?, f64::decode(d)?))
}

fn uuid<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<[u32; 4], DecodeError> {
    Ok([
        u32::decode(d)?,
        u32::decode(d)?,
        u32::decode(d)?,
        u32::decode(d)?,
    ])
}

fn entity<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Entity, DecodeError> {
    Ok(Entity {
        id: string(d)?,
        pos: triple(d)?,
        motion: triple(d)?,
        rotation: (f32::decode(d)?, f32::decode(d)?),
        fall_distance: f32::decode(d)?,
        fire: u16::decode(d)?,
        air: u16::decode(d)?,
        on_ground: bool::decode(d)?,
        no_gravity: bool::decode(d)?,
        invulnerable: bool::decode(d)?,
        portal_cooldown: i32::decode(d)?,
        uuid: uuid(d)?,
        custom_name: option(d, string)?,
        custom_name_visible: bool::decode(d)?,
        silent: bool::decode(d)?,
        glowing: bool::decode(d)?,
    })
}

fn player<'de, D: BorrowDecoder<'de, Context = ()>>(
    d: &mut D,
) -> Result<minecraft::Player, DecodeError> {
    Ok(minecraft::Player {
        game_type: game_type(d)?,
        previous_game_type: game_type(d)?,
        score: i64::decode(d)?,
        dimension: string(d)?,
        selected_item_slot: u32::decode(d)?,
        selected_item: item(d)?,
        spawn_dimension: option(d, string)?,
        spawn_x: i64::decode(d)?,
        spawn_y: i64::decode(d)?,
        spawn_z: i64::decode(d)?,
        spawn_forced: option(d, bool::decode)?,
        sleep_timer: u16::decode(d)?,
        food_exhaustion_level: f32::decode(d)?,
        food_saturation_level: f32::decode(d)?,
        food_tick_timer: u32::decode(d)?,
        xp_level: u32::decode(d)?,
        xp_p: f32::decode(d)?,
        xp_total: i32::decode(d)?,
        xp_seed: i32::decode(d)?,
        inventory: seq(d, item)?,
        ender_items: seq(d, item)?,
        abilities: Abilities {
            walk_speed: f32::decode(d)?,
            fly_speed: f32::decode(d)?,
            may_fly: bool::decode(d)?,
            flying: bool::decode(d)?,
            invulnerable: bool::decode(d)?,
            may_build: bool::decode(d)?,
            instabuild: bool::decode(d)?,
        },
        entered_nether_position: option(d, triple)?,
        root_vehicle: option(d, |d| Ok((uuid(d)?, entity(d)?)))?,
        shoulder_entity_left: option(d, entity)?,
        shoulder_entity_right: option(d, entity)?,
        seen_credits: bool::decode(d)?,
        recipe_book: RecipeBook {
            recipes: seq(d, string)?,
            to_be_displayed: seq(d, string)?,
            is_filtering_craftable: bool::decode(d)?,
            is_gui_open: bool::decode(d)?,
            is_furnace_filtering_craftable: bool::decode(d)?,
            is_furnace_gui_open: bool::decode(d)?,
            is_blasting_furnace_filtering_craftable: bool::decode(d)?,
            is_blasting_furnace_gui_open: bool::decode(d)?,
            is_smoker_filtering_craftable: bool::decode(d)?,
            is_smoker_gui_open: bool::decode(d)?,
        },
    })
}

impl Native for Players {
    fn read<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Self, DecodeError> {
        Ok(Self {
            players: seq(d, player)?,
        })
    }
}

fn contact<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Contact, DecodeError> {
    Ok(Contact {
        damage: u8::decode(d)?,
        entity_id: u32::decode(d)?,
        entity_type: option(d, |d| {
            let index = usize::try_from(u32::decode(d)?).map_err(|_| REFUSED)?;
            EntityType::ALL.get(index).copied().ok_or(REFUSED)
        })?,
        guidance: Guidance {
            angle: u16::decode(d)?,
            submerge: bool::decode(d)?,
            velocity: i16::decode(d)?,
        },
        player_id: option(d, u16::decode)?,
        reloads: seq(d, bool::decode)?,
        transform: Transform {
            altitude: i8::decode(d)?,
            angle: u16::decode(d)?,
            position: (f32::decode(d)?, f32::decode(d)?),
            velocity: i16::decode(d)?,
        },
        turret_angles: seq(d, u16::decode)?,
    })
}

impl Native for Updates {
    fn read<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Self, DecodeError> {
        Ok(Self {
            updates: seq(d, |d| {
                Ok(Update {
                    contacts: seq(d, contact)?,
                    score: u32::decode(d)?,
                    world_radius: f32::decode(d)?,
                    terrain_updates: seq(d, |d| {
                        Ok(TerrainUpdate {
                            chunk_id: (i8::decode(d)?, i8::decode(d)?),
                            data: seq(d, u8::decode)?,
                        })
                    })?,
                })
            })?,
        })
    }
}

#[cfg(test)]
mod tests {
    use serbench_model::{
        Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager,
        Updates,
    };
    use serde::Serialize;
    use serde::de::DeserializeOwned;

    use super::*;

    /// The fast path reads what encoding writes, for every dataset; were it
    /// to fall behind the layout, decoding would still succeed through the
    /// serde path, only slower, so this is what notices.
    fn reads_natively<T>(values: Vec<T>)
    where
        T: Dataset
            + Serialize
            + DeserializeOwned
            + serbench_model::serde_forms::SerdeBorrow
            + Native,
    {
        for value in values {
            let bytes =
                <crate::BincodeGeneric as serbench_model::Codec<T>>::to_vec(&value).unwrap();
            assert_eq!(read_whole::<T>(&bytes).as_ref(), Some(&value));
            // A cut or a trailing byte is left to the serde path.
            assert!(read_whole::<T>(&bytes[..bytes.len() - 1]).is_none());
            let mut longer = bytes.clone();
            longer.push(0);
            assert!(read_whole::<T>(&longer).is_none());
        }
    }

    #[test]
    fn the_fast_path_reads_every_dataset() {
        reads_natively(TaskManager::workload(50));
        reads_natively(SensorReading::workload(20));
        reads_natively(Graph::workload(12));
        reads_natively(Record::workload(1));
        let mut media = MediaContent::canonical();
        media.media.title = None;
        media.media.bitrate = None;
        media.media.copyright = Some("© 2009".to_owned());
        media.images[0].title = None;
        reads_natively(vec![MediaContent::canonical(), media]);
        reads_natively(vec![Logs::generate(20)]);
        reads_natively(vec![Mesh::generate(20)]);
        reads_natively(vec![Players::generate(5)]);
        reads_natively(vec![Updates::generate(5)]);
    }
}
