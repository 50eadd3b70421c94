//! [`ProtobufRust`]: the same messages with the `protobuf` crate
//! (stepancheg's rust-protobuf), beside prost's codecs.
//!
//! protobuf-codegen writes the message types from `schemas/*.proto` with
//! its own pure-Rust parser in this crate's build script, as prost-build
//! does, so neither needs `protoc`. Encoding builds the generated message
//! from the model and lets the library write it; decoding is the
//! library's `merge_from` into the generated message, then a conversion
//! that moves its fields into prost's message and checks them with
//! `Wire::from_message` (`src/wire.rs`), as the stock prost codec does: the same checks
//! (ids, ranges, enum values, required fields), the same errors.
//!
//! Before the library reads a byte, `check::lengths` (`src/check.rs`) refuses lengths the
//! input cannot fill: rust-protobuf reserves a packed field's room from its
//! declared length before it checks that length.

use protobuf::{
    CodedInputStream, CodedOutputStream, EnumOrUnknown, Message, MessageDyn, MessageField,
};
use serbench_model::minecraft::{Entity, Item};
use serbench_model::{
    BaseCodec, Carries, Codec, Dataset, Error, ErrorKind, Graph, Logs, MediaContent, Mesh, Players,
    Record, SensorReading, TaskManager, Updates, forms,
};

use crate::check::{self, FLAT, Shape};
use crate::proto;
use crate::read::present;
use crate::wire::Wire;

/// The generated messages of `schemas/*.proto`, one module per schema, for
/// the `protobuf` crate (3.7.2).
pub mod messages {
    #![allow(
        missing_docs,
        unreachable_pub,
        clippy::all,
        clippy::pedantic,
        reason = "protobuf-codegen's output, compiled as it writes it"
    )]
    include!(concat!(env!("OUT_DIR"), "/rust_protobuf/mod.rs"));
}

use messages::{
    graph as g, log as l, media as m, mesh as me, minecraft_savedata as mc, mk48 as mk,
    records as r, task_manager as tm, telemetry as t,
};

#[cfg(feature = "evolution")]
mod evolution;

/// Protocol Buffers with the `protobuf` crate's generated messages.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProtobufRust;

impl BaseCodec for ProtobufRust {
    const NAME: &'static str = "protobuf-rust";
    const DECLARED: Option<serbench_model::declared::Declared> =
        Some(crate::declared::PROTOBUF_RUST);
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing =
        serbench_model::Borrowing::Unavailable("rust-protobuf decodes into owned strings only");
    // A message cut at a field boundary is a valid, smaller message.
    const DETECTS_TRUNCATION: bool = false;
    type Error = Error;
}

/// A dataset and its rust-protobuf root message.
pub(crate) trait RustWire: Wire {
    type Rust: protobuf::MessageFull;
    /// Which of its fields hold messages, for the pre-walk.
    const SHAPE: &'static Shape;
    fn build_rust(&self) -> Self::Rust;
    fn into_prost(message: Self::Rust) -> Self::Message;
}

serbench_model::per_dataset!(ProtobufRust, ProtobufRustGeneric);

impl<T: Dataset + RustWire> Codec<T> for ProtobufRustGeneric {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        write_message(&value.build_rust(), out, Self::NAME, T::NAME)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        let (message, rest) = read_message::<T::Rust>(bytes, T::SHAPE, Self::NAME, T::NAME)?;
        T::from_message(T::into_prost(message))
            .map_err(|error| error.into_error::<Self, T>(bytes.len(), rest))
    }
}

/// Appends `message` through the library, errors naming codec `codec`
/// and `subject` (a dataset, or the evolution record).
pub(crate) fn write_message(
    message: &(impl MessageDyn + ?Sized),
    out: &mut Vec<u8>,
    codec: &'static str,
    subject: &'static str,
) -> Result<(), Error> {
    let len = message.compute_size_dyn();
    if len > crate::MAX_LEN as u64 {
        return Err(Error::named(
            ErrorKind::Unsupported,
            codec,
            subject,
            format!("the message would take {len} bytes, past protobuf's limit of 2 GiB - 1"),
        ));
    }
    out.reserve(len as usize);
    let mut stream = CodedOutputStream::vec(out);
    message
        .write_to_with_cached_sizes_dyn(&mut stream)
        .and_then(|()| stream.flush())
        .map_err(|error| Error::unwritable(codec, subject, error))
}

/// Reads root message `M`, whose message fields `shape` gives, from
/// `bytes`: the pre-walk, then the library's `merge_from`. Returns the
/// message and how many bytes were left unread; errors name codec `codec`
/// and `subject` (a dataset, or the evolution record).
fn read_message<M: Message>(
    bytes: &[u8],
    shape: &Shape,
    codec: &'static str,
    subject: &'static str,
) -> Result<(M, usize), Error> {
    if let Err(overlong) = check::lengths(bytes, shape) {
        return Err(overlong_error(&overlong, codec, subject));
    }
    let mut message = M::new();
    let mut stream = CodedInputStream::from_bytes(bytes);
    if let Err(error) = message.merge_from(&mut stream) {
        let offset = usize::try_from(stream.pos()).unwrap_or(bytes.len());
        let text = error.to_string();
        return Err(library_error(&text, offset, codec, subject).with_source(error));
    }
    let rest = bytes.len().saturating_sub(stream.pos() as usize);
    Ok((message, rest))
}

/// The error of a length the pre-walk refused, as a library names it.
pub(crate) fn overlong_error(
    overlong: &check::Overlong,
    codec: &'static str,
    subject: &'static str,
) -> Error {
    let check::Overlong {
        offset,
        declared,
        left,
    } = overlong;
    Error::named(
        ErrorKind::Truncated,
        codec,
        subject,
        format!("a field declares {declared} bytes, but its message has {left} left"),
    )
    .at_offset(*offset)
}

/// rust-protobuf's error, whose kinds it shows only as text (the release
/// is pinned, and the crafted inputs hold each text to its kind).
pub(crate) fn library_error(
    text: &str,
    offset: usize,
    codec: &'static str,
    subject: &'static str,
) -> Error {
    let kind = match text {
        "Unexpected EOF"
        | "Truncated message"
        | "New limit must not be greater than current limit" => ErrorKind::Truncated,
        "Over recursion limit" => ErrorKind::Limit,
        _ => ErrorKind::Syntax,
    };
    Error::named(kind, codec, subject, format!("rust-protobuf: {text}")).at_offset(offset)
}

const TASK_HEADER: Shape = FLAT;
const TASK: Shape = Shape(&[(1, &TASK_HEADER)]);
const TASK_LIST: Shape = Shape(&[(1, &TASK_HEADER), (2, &TASK)]);
const TASK_MANAGER: Shape = Shape(&[(3, &TASK_LIST)]);
const GRAPH: Shape = Shape(&[(1, &FLAT)]);
const MEDIA_CONTENT: Shape = Shape(&[(1, &FLAT), (2, &FLAT)]);
const LOG: Shape = Shape(&[(1, &FLAT)]);
const LOGS: Shape = Shape(&[(1, &LOG)]);
const TRIANGLE: Shape = Shape(&[(1, &FLAT), (2, &FLAT), (3, &FLAT), (4, &FLAT)]);
const MESH: Shape = Shape(&[(1, &TRIANGLE)]);
const ENTITY: Shape = Shape(&[(2, &FLAT), (3, &FLAT), (4, &FLAT), (12, &FLAT)]);
const VEHICLE: Shape = Shape(&[(1, &FLAT), (2, &ENTITY)]);
const PLAYER: Shape = Shape(&[
    (6, &FLAT),
    (20, &FLAT),
    (21, &FLAT),
    (22, &FLAT),
    (23, &FLAT),
    (24, &VEHICLE),
    (25, &ENTITY),
    (26, &ENTITY),
    (28, &FLAT),
]);
const PLAYERS: Shape = Shape(&[(1, &PLAYER)]);
const TRANSFORM: Shape = Shape(&[(3, &FLAT)]);
const CONTACT: Shape = Shape(&[(4, &FLAT), (7, &TRANSFORM)]);
const UPDATE: Shape = Shape(&[(1, &CONTACT), (4, &FLAT)]);
const UPDATES: Shape = Shape(&[(1, &UPDATE)]);

impl RustWire for TaskManager {
    type Rust = tm::TaskManager;
    const SHAPE: &'static Shape = &TASK_MANAGER;

    fn build_rust(&self) -> tm::TaskManager {
        let header = |header: &serbench_model::TaskHeader| {
            let (seconds, nanos, offset) = forms::timestamp_parts(&header.created);
            MessageField::some(tm::TaskHeader {
                id: header.id.as_bytes().to_vec(),
                name: header.name.clone(),
                color: header.color.argb(),
                created_seconds: seconds,
                created_nanos: nanos,
                created_offset_seconds: offset,
                ..Default::default()
            })
        };
        tm::TaskManager {
            user: self.user.clone(),
            version: self.version.segments.clone(),
            lists: self
                .lists
                .iter()
                .map(|list| tm::TaskList {
                    header: header(&list.header),
                    tasks: list
                        .tasks
                        .iter()
                        .map(|task| tm::Task {
                            header: header(&task.header),
                            description: task.description.clone(),
                            priority: EnumOrUnknown::from_i32(task.priority as i32),
                            completed: task.completed,
                            ..Default::default()
                        })
                        .collect(),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }
    }

    fn into_prost(message: tm::TaskManager) -> proto::TaskManager {
        let header = |header: MessageField<tm::TaskHeader>| {
            header.0.map(|header| proto::TaskHeader {
                id: header.id,
                name: header.name,
                color: header.color,
                created_seconds: header.created_seconds,
                created_nanos: header.created_nanos,
                created_offset_seconds: header.created_offset_seconds,
            })
        };
        proto::TaskManager {
            user: message.user,
            version: message.version,
            lists: message
                .lists
                .into_iter()
                .map(|list| proto::TaskList {
                    header: header(list.header),
                    tasks: list
                        .tasks
                        .into_iter()
                        .map(|task| proto::Task {
                            header: header(task.header),
                            description: task.description,
                            priority: task.priority.value(),
                            completed: task.completed,
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

impl RustWire for SensorReading {
    type Rust = t::SensorReading;
    const SHAPE: &'static Shape = &FLAT;

    fn build_rust(&self) -> t::SensorReading {
        let [ambient, object, x, y, z, altitude, light, humidity] = self.readings().map(Some);
        t::SensorReading {
            sensor_id: self.sensor_id.clone(),
            ambient_temperature: ambient,
            object_temperature: object,
            accelerometer_x: x,
            accelerometer_y: y,
            accelerometer_z: z,
            altitude,
            light,
            humidity,
            ..Default::default()
        }
    }

    fn into_prost(message: t::SensorReading) -> proto::SensorReading {
        proto::SensorReading {
            sensor_id: message.sensor_id,
            ambient_temperature: message.ambient_temperature,
            object_temperature: message.object_temperature,
            accelerometer_x: message.accelerometer_x,
            accelerometer_y: message.accelerometer_y,
            accelerometer_z: message.accelerometer_z,
            altitude: message.altitude,
            light: message.light,
            humidity: message.humidity,
        }
    }
}

impl RustWire for Graph {
    type Rust = g::Graph;
    const SHAPE: &'static Shape = &GRAPH;

    fn build_rust(&self) -> g::Graph {
        g::Graph {
            nodes: self
                .nodes
                .iter()
                .map(|node| g::Node {
                    id: u32::from(node.id),
                    name: node.name.clone(),
                    out_edges: node.out_edges.clone(),
                    in_edges: node.in_edges.clone(),
                    ..Default::default()
                })
                .collect(),
            edge_from: self.edges.iter().map(|edge| edge.from).collect(),
            edge_to: self.edges.iter().map(|edge| edge.to).collect(),
            edge_weight: self
                .edges
                .iter()
                .map(|edge| u32::from(edge.weight))
                .collect(),
            ..Default::default()
        }
    }

    fn into_prost(message: g::Graph) -> proto::Graph {
        proto::Graph {
            nodes: message
                .nodes
                .into_iter()
                .map(|node| proto::Node {
                    id: node.id,
                    name: node.name,
                    out_edges: node.out_edges,
                    in_edges: node.in_edges,
                })
                .collect(),
            edge_from: message.edge_from,
            edge_to: message.edge_to,
            edge_weight: message.edge_weight,
        }
    }
}

impl RustWire for Record {
    type Rust = r::Record;
    const SHAPE: &'static Shape = &FLAT;

    fn build_rust(&self) -> r::Record {
        r::Record {
            ids: self.ids.clone(),
            strings: self.strings.clone(),
            ..Default::default()
        }
    }

    fn into_prost(message: r::Record) -> proto::Record {
        proto::Record {
            ids: message.ids,
            strings: message.strings,
        }
    }
}

impl RustWire for MediaContent {
    type Rust = m::MediaContent;
    const SHAPE: &'static Shape = &MEDIA_CONTENT;

    fn build_rust(&self) -> m::MediaContent {
        let media = &self.media;
        m::MediaContent {
            images: self
                .images
                .iter()
                .map(|image| m::Image {
                    uri: image.uri.clone(),
                    title: image.title.clone(),
                    width: image.width,
                    height: image.height,
                    size: EnumOrUnknown::from_i32(image.size as i32),
                    ..Default::default()
                })
                .collect(),
            media: MessageField::some(m::Media {
                uri: media.uri.clone(),
                title: media.title.clone(),
                width: media.width,
                height: media.height,
                format: media.format.clone(),
                duration: media.duration,
                size: media.size,
                bitrate: media.bitrate,
                persons: media.persons.clone(),
                player: EnumOrUnknown::from_i32(media.player as i32),
                copyright: media.copyright.clone(),
                ..Default::default()
            }),
            ..Default::default()
        }
    }

    fn into_prost(message: m::MediaContent) -> proto::MediaContent {
        proto::MediaContent {
            images: message
                .images
                .into_iter()
                .map(|image| proto::Image {
                    uri: image.uri,
                    title: image.title,
                    width: image.width,
                    height: image.height,
                    size: image.size.value(),
                })
                .collect(),
            media: message.media.0.map(|media| proto::Media {
                uri: media.uri,
                title: media.title,
                width: media.width,
                height: media.height,
                format: media.format,
                duration: media.duration,
                size: media.size,
                bitrate: media.bitrate,
                persons: media.persons,
                player: media.player.value(),
                copyright: media.copyright,
            }),
        }
    }
}

impl RustWire for Logs {
    type Rust = l::Logs;
    const SHAPE: &'static Shape = &LOGS;

    fn build_rust(&self) -> l::Logs {
        l::Logs {
            logs: self
                .logs
                .iter()
                .map(|log| l::Log {
                    address: MessageField::some(l::Address {
                        x0: log.address.x0.into(),
                        x1: log.address.x1.into(),
                        x2: log.address.x2.into(),
                        x3: log.address.x3.into(),
                        ..Default::default()
                    }),
                    identity: log.identity.clone(),
                    userid: log.userid.clone(),
                    date: log.date.clone(),
                    request: log.request.clone(),
                    code: log.code.into(),
                    size: log.size,
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }
    }

    fn into_prost(message: l::Logs) -> proto::Logs {
        proto::Logs {
            logs: message
                .logs
                .into_iter()
                .map(|log| proto::Log {
                    address: log.address.0.map(|address| proto::Address {
                        x0: address.x0,
                        x1: address.x1,
                        x2: address.x2,
                        x3: address.x3,
                    }),
                    identity: log.identity,
                    userid: log.userid,
                    date: log.date,
                    request: log.request,
                    code: log.code,
                    size: log.size,
                })
                .collect(),
        }
    }
}

impl RustWire for Mesh {
    type Rust = me::Mesh;
    const SHAPE: &'static Shape = &MESH;

    fn build_rust(&self) -> me::Mesh {
        let vector = |vector: serbench_model::mesh::Vector3| {
            MessageField::some(me::Vector3 {
                x: present(vector.x),
                y: present(vector.y),
                z: present(vector.z),
                ..Default::default()
            })
        };
        me::Mesh {
            triangles: self
                .triangles
                .iter()
                .map(|triangle| me::Triangle {
                    v0: vector(triangle.v0),
                    v1: vector(triangle.v1),
                    v2: vector(triangle.v2),
                    normal: vector(triangle.normal),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }
    }

    fn into_prost(message: me::Mesh) -> proto::Mesh {
        let vector = |vector: MessageField<me::Vector3>| {
            vector.0.map(|vector| proto::Vector3 {
                x: vector.x,
                y: vector.y,
                z: vector.z,
            })
        };
        proto::Mesh {
            triangles: message
                .triangles
                .into_iter()
                .map(|triangle| proto::Triangle {
                    v0: vector(triangle.v0),
                    v1: vector(triangle.v1),
                    v2: vector(triangle.v2),
                    normal: vector(triangle.normal),
                })
                .collect(),
        }
    }
}

fn rust_item(item: &Item) -> mc::Item {
    mc::Item {
        count: item.count.into(),
        slot: item.slot.into(),
        id: item.id.clone(),
        ..Default::default()
    }
}

fn prost_item(item: mc::Item) -> proto::Item {
    proto::Item {
        count: item.count,
        slot: item.slot,
        id: item.id,
    }
}

fn rust_triple((x, y, z): (f64, f64, f64)) -> mc::Vector3d {
    mc::Vector3d {
        x: present(x),
        y: present(y),
        z: present(z),
        ..Default::default()
    }
}

fn prost_triple(vector: &mc::Vector3d) -> proto::Vector3d {
    proto::Vector3d {
        x: vector.x,
        y: vector.y,
        z: vector.z,
    }
}

fn rust_uuid([x0, x1, x2, x3]: [u32; 4]) -> mc::Uuid {
    mc::Uuid {
        x0,
        x1,
        x2,
        x3,
        ..Default::default()
    }
}

fn prost_uuid(uuid: &mc::Uuid) -> proto::Uuid {
    proto::Uuid {
        x0: uuid.x0,
        x1: uuid.x1,
        x2: uuid.x2,
        x3: uuid.x3,
    }
}

fn rust_entity(entity: &Entity) -> mc::Entity {
    let (yaw, pitch) = entity.rotation;
    mc::Entity {
        id: entity.id.clone(),
        pos: MessageField::some(rust_triple(entity.pos)),
        motion: MessageField::some(rust_triple(entity.motion)),
        rotation: MessageField::some(mc::Vector2f {
            x: present(yaw),
            y: present(pitch),
            ..Default::default()
        }),
        fall_distance: present(entity.fall_distance),
        fire: entity.fire.into(),
        air: entity.air.into(),
        on_ground: entity.on_ground,
        no_gravity: entity.no_gravity,
        invulnerable: entity.invulnerable,
        portal_cooldown: entity.portal_cooldown,
        uuid: MessageField::some(rust_uuid(entity.uuid)),
        custom_name: entity.custom_name.clone(),
        custom_name_visible: entity.custom_name_visible,
        silent: entity.silent,
        glowing: entity.glowing,
        ..Default::default()
    }
}

fn prost_entity(entity: mc::Entity) -> proto::Entity {
    proto::Entity {
        id: entity.id,
        pos: entity.pos.0.as_deref().map(prost_triple),
        motion: entity.motion.0.as_deref().map(prost_triple),
        rotation: entity.rotation.0.map(|rotation| proto::Vector2f {
            x: rotation.x,
            y: rotation.y,
        }),
        fall_distance: entity.fall_distance,
        fire: entity.fire,
        air: entity.air,
        on_ground: entity.on_ground,
        no_gravity: entity.no_gravity,
        invulnerable: entity.invulnerable,
        portal_cooldown: entity.portal_cooldown,
        uuid: entity.uuid.0.as_deref().map(prost_uuid),
        custom_name: entity.custom_name,
        custom_name_visible: entity.custom_name_visible,
        silent: entity.silent,
        glowing: entity.glowing,
    }
}

impl RustWire for Players {
    type Rust = mc::Players;
    const SHAPE: &'static Shape = &PLAYERS;

    fn build_rust(&self) -> mc::Players {
        let players = self.players.iter().map(|player| {
            let abilities = &player.abilities;
            let book = &player.recipe_book;
            mc::MinecraftPlayer {
                game_type: EnumOrUnknown::from_i32(player.game_type as i32),
                previous_game_type: EnumOrUnknown::from_i32(player.previous_game_type as i32),
                score: player.score,
                dimension: player.dimension.clone(),
                selected_item_slot: player.selected_item_slot,
                selected_item: MessageField::some(rust_item(&player.selected_item)),
                spawn_dimension: player.spawn_dimension.clone(),
                spawn_x: player.spawn_x,
                spawn_y: player.spawn_y,
                spawn_z: player.spawn_z,
                spawn_forced: player.spawn_forced,
                sleep_timer: player.sleep_timer.into(),
                food_exhaustion_level: present(player.food_exhaustion_level),
                food_saturation_level: present(player.food_saturation_level),
                food_tick_timer: player.food_tick_timer,
                xp_level: player.xp_level,
                xp_p: present(player.xp_p),
                xp_total: player.xp_total,
                xp_seed: player.xp_seed,
                inventory: player.inventory.iter().map(rust_item).collect(),
                ender_items: player.ender_items.iter().map(rust_item).collect(),
                abilities: MessageField::some(mc::Abilities {
                    walk_speed: present(abilities.walk_speed),
                    fly_speed: present(abilities.fly_speed),
                    may_fly: abilities.may_fly,
                    flying: abilities.flying,
                    invulnerable: abilities.invulnerable,
                    may_build: abilities.may_build,
                    instabuild: abilities.instabuild,
                    ..Default::default()
                }),
                entered_nether_position: player.entered_nether_position.map(rust_triple).into(),
                root_vehicle: player
                    .root_vehicle
                    .as_ref()
                    .map(|(uuid, entity)| mc::Vehicle {
                        uuid: MessageField::some(rust_uuid(*uuid)),
                        entity: MessageField::some(rust_entity(entity)),
                        ..Default::default()
                    })
                    .into(),
                shoulder_entity_left: player.shoulder_entity_left.as_ref().map(rust_entity).into(),
                shoulder_entity_right: player
                    .shoulder_entity_right
                    .as_ref()
                    .map(rust_entity)
                    .into(),
                seen_credits: player.seen_credits,
                recipe_book: MessageField::some(mc::RecipeBook {
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
                    ..Default::default()
                }),
                ..Default::default()
            }
        });
        mc::Players {
            players: players.collect(),
            ..Default::default()
        }
    }

    fn into_prost(message: mc::Players) -> proto::Players {
        let players = message
            .players
            .into_iter()
            .map(|player| proto::MinecraftPlayer {
                game_type: player.game_type.value(),
                previous_game_type: player.previous_game_type.value(),
                score: player.score,
                dimension: player.dimension,
                selected_item_slot: player.selected_item_slot,
                selected_item: player.selected_item.0.map(|item| prost_item(*item)),
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
                inventory: player.inventory.into_iter().map(prost_item).collect(),
                ender_items: player.ender_items.into_iter().map(prost_item).collect(),
                abilities: player.abilities.0.map(|abilities| proto::Abilities {
                    walk_speed: abilities.walk_speed,
                    fly_speed: abilities.fly_speed,
                    may_fly: abilities.may_fly,
                    flying: abilities.flying,
                    invulnerable: abilities.invulnerable,
                    may_build: abilities.may_build,
                    instabuild: abilities.instabuild,
                }),
                entered_nether_position: player
                    .entered_nether_position
                    .0
                    .as_deref()
                    .map(prost_triple),
                root_vehicle: player.root_vehicle.0.map(|vehicle| proto::Vehicle {
                    uuid: vehicle.uuid.0.as_deref().map(prost_uuid),
                    entity: vehicle.entity.0.map(|entity| prost_entity(*entity)),
                }),
                shoulder_entity_left: player
                    .shoulder_entity_left
                    .0
                    .map(|entity| prost_entity(*entity)),
                shoulder_entity_right: player
                    .shoulder_entity_right
                    .0
                    .map(|entity| prost_entity(*entity)),
                seen_credits: player.seen_credits,
                recipe_book: player.recipe_book.0.map(|book| proto::RecipeBook {
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
                }),
            });
        proto::Players {
            players: players.collect(),
        }
    }
}

impl RustWire for Updates {
    type Rust = mk::Updates;
    const SHAPE: &'static Shape = &UPDATES;

    fn build_rust(&self) -> mk::Updates {
        let contact = |contact: &serbench_model::mk48::Contact| {
            let guidance = contact.guidance;
            let transform = contact.transform;
            let (x, y) = transform.position;
            mk::Contact {
                damage: contact.damage.into(),
                entity_id: contact.entity_id,
                entity_type: contact
                    .entity_type
                    .map(|entity_type| EnumOrUnknown::from_i32(entity_type as i32)),
                guidance: MessageField::some(mk::Guidance {
                    angle: guidance.angle.into(),
                    submerge: guidance.submerge,
                    velocity: guidance.velocity.into(),
                    ..Default::default()
                }),
                player_id: contact.player_id.map(u32::from),
                reloads: contact.reloads.clone(),
                transform: MessageField::some(mk::Transform {
                    altitude: transform.altitude.into(),
                    angle: transform.angle.into(),
                    position: MessageField::some(mk::Position {
                        x: present(x),
                        y: present(y),
                        ..Default::default()
                    }),
                    velocity: transform.velocity.into(),
                    ..Default::default()
                }),
                turret_angles: contact
                    .turret_angles
                    .iter()
                    .copied()
                    .map(u32::from)
                    .collect(),
                ..Default::default()
            }
        };
        let updates = self.updates.iter().map(|update| mk::Update {
            contacts: update.contacts.iter().map(contact).collect(),
            score: update.score,
            world_radius: present(update.world_radius),
            terrain_updates: update
                .terrain_updates
                .iter()
                .map(|terrain| mk::TerrainUpdate {
                    chunk_id: MessageField::some(mk::ChunkId {
                        x: terrain.chunk_id.0.into(),
                        y: terrain.chunk_id.1.into(),
                        ..Default::default()
                    }),
                    data: terrain.data.clone(),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        });
        mk::Updates {
            updates: updates.collect(),
            ..Default::default()
        }
    }

    fn into_prost(message: mk::Updates) -> proto::Updates {
        let contact = |contact: mk::Contact| proto::Contact {
            damage: contact.damage,
            entity_id: contact.entity_id,
            entity_type: contact.entity_type.map(|entity_type| entity_type.value()),
            guidance: contact.guidance.0.map(|guidance| proto::Guidance {
                angle: guidance.angle,
                submerge: guidance.submerge,
                velocity: guidance.velocity,
            }),
            player_id: contact.player_id,
            reloads: contact.reloads,
            transform: contact.transform.0.map(|transform| proto::Transform {
                altitude: transform.altitude,
                angle: transform.angle,
                position: transform.position.0.map(|position| proto::Position {
                    x: position.x,
                    y: position.y,
                }),
                velocity: transform.velocity,
            }),
            turret_angles: contact.turret_angles,
        };
        let updates = message.updates.into_iter().map(|update| proto::Update {
            contacts: update.contacts.into_iter().map(contact).collect(),
            score: update.score,
            world_radius: update.world_radius,
            terrain_updates: update
                .terrain_updates
                .into_iter()
                .map(|terrain| proto::TerrainUpdate {
                    chunk_id: terrain.chunk_id.0.map(|chunk| proto::ChunkId {
                        x: chunk.x,
                        y: chunk.y,
                    }),
                    data: terrain.data,
                })
                .collect(),
        });
        proto::Updates {
            updates: updates.collect(),
        }
    }
}
