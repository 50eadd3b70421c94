//! [`ProtobufBuffa`]: the same messages with buffa, Anthropic's
//! protobuf library in pure Rust, beside prost's codecs.
//!
//! buffa-codegen's output for `schemas/*.proto` is committed in
//! `generated/` and checked by `cargo xtask codegen --check`: its generator
//! takes a FileDescriptorSet, which protox compiles with no `protoc`
//! (`xtask/codegen/src/buffa.rs`). Encoding builds the generated message
//! from the model and lets buffa write it; decoding is buffa's decode into
//! the generated message, then a conversion that moves its fields into
//! prost's message and checks them with `Wire::from_message` (`src/wire.rs`), as the
//! stock prost codec does: the same checks, the same errors.
//!
//! buffa checks each declared length against the bytes left before it
//! reserves, stops nesting at 100 levels, and charges the elements of
//! repeated messages and strings to a memory budget; the codec sets that
//! budget from the input's length (see [`element_budget`]).
//!
//! The borrowed decode ([`Codec::borrow`]) reads buffa's lazy views
//! (`TaskManagerLazyView<'a>`, generated beside the messages), whose
//! strings are slices of the input, with the same options, and converts
//! them with the owned decode's checks (`lent.rs`); where it fails, the
//! error is the owned decode's. A lazy view keeps a nested message as its
//! bytes until it is read, where buffa's eager view boxes it, so the
//! task-manager borrow allocates for its lists only (25 blocks for the
//! default workload, against the decode's 29 868). buffa budgets a lazy
//! view's nested messages from what is left when each is found, not from
//! one pool for the whole decode: SECURITY.md says what that changes.

use buffa::{DecodeError, DecodeOptions, EnumValue, Inline, MessageField};
use serbench_model::minecraft::{Entity, Item};
use serbench_model::{
    BaseCodec, Carries, Codec, Dataset, Error, ErrorKind, Graph, Logs, MediaContent, Mesh, Players,
    Record, SensorReading, TaskManager, Updates, forms, lend_or_tell,
};

use self::lent::Lent;

use crate::proto;
use crate::read::present;
use crate::wire::Wire;

/// The generated messages of `schemas/*.proto` (package `serbench`), for
/// buffa 0.9.2; `cargo xtask codegen` writes them.
pub mod messages {
    #![allow(
        missing_docs,
        unreachable_pub,
        clippy::all,
        clippy::pedantic,
        reason = "buffa-codegen's output, compiled as it writes it"
    )]
    include!("buffa_codec/generated/serbench.mod.rs");
}

use messages as b;

#[cfg(feature = "evolution")]
mod evolution;
mod lent;

/// Protocol Buffers with buffa's generated messages.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProtobufBuffa;

impl BaseCodec for ProtobufBuffa {
    const NAME: &'static str = "protobuf-buffa";
    const DECLARED: Option<serbench_model::declared::Declared> =
        Some(crate::declared::PROTOBUF_BUFFA);
    const CARRIES: Carries = Carries::EVERYTHING;
    // Through buffa's lazy views (`lent.rs`).
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    // A message cut at a field boundary is a valid, smaller message.
    const DETECTS_TRUNCATION: bool = false;
    type Error = Error;
}

/// A dataset and its buffa root message.
pub(crate) trait BuffaWire: Wire {
    type Buffa: buffa::Message;
    fn build_buffa(&self) -> Self::Buffa;
    fn into_prost(message: Self::Buffa) -> Self::Message;
}

/// The memory budget buffa may spend on the elements of repeated messages
/// and strings for an input of `len` bytes. buffa's default, 32 MiB, is
/// sized for one network message and refuses the larger datasets; a budget
/// proportional to the input keeps its guard against dense empty elements
/// (two bytes each on the wire) while reading every dataset.
#[must_use]
pub fn element_budget(len: usize) -> usize {
    len.saturating_mul(64)
        .max(buffa::DEFAULT_ELEMENT_MEMORY_LIMIT)
}

serbench_model::per_dataset!(ProtobufBuffa, ProtobufBuffaGeneric);

impl<T: Dataset + BuffaWire + Lent> Codec<T> for ProtobufBuffaGeneric {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        write_message(&value.build_buffa(), out, Self::NAME, T::NAME)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        let (message, rest) = read_message::<T::Buffa>(bytes, Self::NAME, T::NAME)?;
        T::from_message(T::into_prost(message))
            .map_err(|error| error.into_error::<Self, T>(bytes.len(), rest))
    }

    fn borrow(bytes: &[u8]) -> Option<Result<T::Borrowed<'_>, Error>> {
        Some(lend_or_tell::<Self, T>(bytes, lend::<T>))
    }
}

/// The borrowed form of a `T` that fills `bytes`: its root message's lazy
/// view, read with [`decode`](Codec::decode)'s options, then converted
/// with the owned decode's checks. `None` where either fails, which the
/// owned decode then tells.
fn lend<T: Lent>(bytes: &[u8]) -> Option<T::Borrowed<'_>> {
    let options = DecodeOptions::new().with_element_memory_limit(element_budget(bytes.len()));
    T::lent(options.decode_lazy_view::<T::View<'_>>(bytes).ok()?)
}

/// Appends `message` through buffa, errors naming codec `codec` and
/// `subject` (a dataset, or the evolution record).
fn write_message(
    message: &impl buffa::Message,
    out: &mut Vec<u8>,
    codec: &'static str,
    subject: &'static str,
) -> Result<(), Error> {
    message.try_encode(out).map_err(|error| {
        Error::named(
            ErrorKind::Unsupported,
            codec,
            subject,
            format!("{error}: protobuf's limit is 2 GiB - 1"),
        )
        .with_source(error)
    })
}

/// Reads root message `M` from `bytes` through buffa, with the element
/// budget of [`element_budget`]. Returns the message and how many bytes
/// were left unread; errors name codec `codec` and `subject` (a dataset,
/// or the evolution record).
fn read_message<M: buffa::Message>(
    bytes: &[u8],
    codec: &'static str,
    subject: &'static str,
) -> Result<(M, usize), Error> {
    let mut rest = bytes;
    let options = DecodeOptions::new().with_element_memory_limit(element_budget(bytes.len()));
    let message = options.decode::<M>(&mut rest).map_err(|error| {
        library_error(
            error,
            bytes.len(),
            Some(bytes.len() - rest.len()),
            codec,
            subject,
        )
    })?;
    Ok((message, rest.len()))
}

/// buffa's error, with the kind its variant says, for an input of `len`
/// bytes. The offset is where buffa's cursor stood, at or after the fault,
/// where the decode shows it (its `DynamicMessage` decode does not).
pub(crate) fn library_error(
    error: DecodeError,
    len: usize,
    offset: Option<usize>,
    codec: &'static str,
    subject: &'static str,
) -> Error {
    let (kind, text) = match error {
        DecodeError::UnexpectedEof => (ErrorKind::Truncated, error.to_string()),
        // A length past 2 GiB - 1 inside an input that is no longer than
        // that (`decode` checks the input first) runs past its end.
        DecodeError::MessageTooLarge if len <= crate::MAX_LEN => (
            ErrorKind::Truncated,
            "a length runs past the end of the input (past 2 GiB - 1)".to_owned(),
        ),
        DecodeError::RecursionLimitExceeded
        | DecodeError::UnknownFieldLimitExceeded
        | DecodeError::ElementMemoryLimitExceeded
        | DecodeError::MessageTooLarge => (ErrorKind::Limit, error.to_string()),
        _ => (ErrorKind::Syntax, error.to_string()),
    };
    let told = Error::named(kind, codec, subject, format!("buffa: {text}"));
    match offset {
        Some(offset) => told.at_offset(offset),
        None => told,
    }
    .with_source(error)
}

impl BuffaWire for TaskManager {
    type Buffa = b::TaskManager;

    fn build_buffa(&self) -> b::TaskManager {
        let header = |header: &serbench_model::TaskHeader| {
            let (seconds, nanos, offset) = forms::timestamp_parts(&header.created);
            MessageField::some(b::TaskHeader {
                id: header.id.as_bytes().to_vec(),
                name: header.name.clone(),
                color: header.color.argb(),
                created_seconds: seconds,
                created_nanos: nanos,
                created_offset_seconds: offset,
                ..Default::default()
            })
        };
        b::TaskManager {
            user: self.user.clone(),
            version: self.version.segments.clone(),
            lists: self
                .lists
                .iter()
                .map(|list| b::TaskList {
                    header: header(&list.header),
                    tasks: list
                        .tasks
                        .iter()
                        .map(|task| b::Task {
                            header: header(&task.header),
                            description: task.description.clone(),
                            priority: EnumValue::from(task.priority as i32),
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

    fn into_prost(message: b::TaskManager) -> proto::TaskManager {
        let header = |header: MessageField<b::TaskHeader, Inline<b::TaskHeader>>| {
            header.into_option().map(|header| proto::TaskHeader {
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
                            priority: task.priority.to_i32(),
                            completed: task.completed,
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

impl BuffaWire for SensorReading {
    type Buffa = b::SensorReading;

    fn build_buffa(&self) -> b::SensorReading {
        let [ambient, object, x, y, z, altitude, light, humidity] = self.readings().map(Some);
        b::SensorReading {
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

    fn into_prost(message: b::SensorReading) -> proto::SensorReading {
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

impl BuffaWire for Graph {
    type Buffa = b::Graph;

    fn build_buffa(&self) -> b::Graph {
        b::Graph {
            nodes: self
                .nodes
                .iter()
                .map(|node| b::Node {
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

    fn into_prost(message: b::Graph) -> proto::Graph {
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

impl BuffaWire for Record {
    type Buffa = b::Record;

    fn build_buffa(&self) -> b::Record {
        b::Record {
            ids: self.ids.clone(),
            strings: self.strings.clone(),
            ..Default::default()
        }
    }

    fn into_prost(message: b::Record) -> proto::Record {
        proto::Record {
            ids: message.ids,
            strings: message.strings,
        }
    }
}

impl BuffaWire for MediaContent {
    type Buffa = b::MediaContent;

    fn build_buffa(&self) -> b::MediaContent {
        let media = &self.media;
        b::MediaContent {
            images: self
                .images
                .iter()
                .map(|image| b::Image {
                    uri: image.uri.clone(),
                    title: image.title.clone(),
                    width: image.width,
                    height: image.height,
                    size: EnumValue::from(image.size as i32),
                    ..Default::default()
                })
                .collect(),
            media: MessageField::some(b::Media {
                uri: media.uri.clone(),
                title: media.title.clone(),
                width: media.width,
                height: media.height,
                format: media.format.clone(),
                duration: media.duration,
                size: media.size,
                bitrate: media.bitrate,
                persons: media.persons.clone(),
                player: EnumValue::from(media.player as i32),
                copyright: media.copyright.clone(),
                ..Default::default()
            }),
            ..Default::default()
        }
    }

    fn into_prost(message: b::MediaContent) -> proto::MediaContent {
        proto::MediaContent {
            images: message
                .images
                .into_iter()
                .map(|image| proto::Image {
                    uri: image.uri,
                    title: image.title,
                    width: image.width,
                    height: image.height,
                    size: image.size.to_i32(),
                })
                .collect(),
            media: message.media.into_option().map(|media| proto::Media {
                uri: media.uri,
                title: media.title,
                width: media.width,
                height: media.height,
                format: media.format,
                duration: media.duration,
                size: media.size,
                bitrate: media.bitrate,
                persons: media.persons,
                player: media.player.to_i32(),
                copyright: media.copyright,
            }),
        }
    }
}

impl BuffaWire for Logs {
    type Buffa = b::Logs;

    fn build_buffa(&self) -> b::Logs {
        b::Logs {
            logs: self
                .logs
                .iter()
                .map(|log| b::Log {
                    address: MessageField::some(b::Address {
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

    fn into_prost(message: b::Logs) -> proto::Logs {
        proto::Logs {
            logs: message
                .logs
                .into_iter()
                .map(|log| proto::Log {
                    address: log.address.into_option().map(|address| proto::Address {
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

impl BuffaWire for Mesh {
    type Buffa = b::Mesh;

    fn build_buffa(&self) -> b::Mesh {
        let vector = |vector: serbench_model::mesh::Vector3| {
            MessageField::some(b::Vector3 {
                x: present(vector.x),
                y: present(vector.y),
                z: present(vector.z),
                ..Default::default()
            })
        };
        b::Mesh {
            triangles: self
                .triangles
                .iter()
                .map(|triangle| b::Triangle {
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

    fn into_prost(message: b::Mesh) -> proto::Mesh {
        let vector = |vector: MessageField<b::Vector3, Inline<b::Vector3>>| {
            vector.into_option().map(|vector| proto::Vector3 {
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

fn buffa_item(item: &Item) -> b::Item {
    b::Item {
        count: item.count.into(),
        slot: item.slot.into(),
        id: item.id.clone(),
        ..Default::default()
    }
}

fn prost_item(item: b::Item) -> proto::Item {
    proto::Item {
        count: item.count,
        slot: item.slot,
        id: item.id,
    }
}

fn buffa_triple((x, y, z): (f64, f64, f64)) -> b::Vector3d {
    b::Vector3d {
        x: present(x),
        y: present(y),
        z: present(z),
        ..Default::default()
    }
}

fn prost_triple(vector: &b::Vector3d) -> proto::Vector3d {
    proto::Vector3d {
        x: vector.x,
        y: vector.y,
        z: vector.z,
    }
}

fn buffa_uuid([x0, x1, x2, x3]: [u32; 4]) -> b::Uuid {
    b::Uuid {
        x0,
        x1,
        x2,
        x3,
        ..Default::default()
    }
}

fn prost_uuid(uuid: &b::Uuid) -> proto::Uuid {
    proto::Uuid {
        x0: uuid.x0,
        x1: uuid.x1,
        x2: uuid.x2,
        x3: uuid.x3,
    }
}

fn buffa_entity(entity: &Entity) -> b::Entity {
    let (yaw, pitch) = entity.rotation;
    b::Entity {
        id: entity.id.clone(),
        pos: MessageField::some(buffa_triple(entity.pos)),
        motion: MessageField::some(buffa_triple(entity.motion)),
        rotation: MessageField::some(b::Vector2f {
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
        uuid: MessageField::some(buffa_uuid(entity.uuid)),
        custom_name: entity.custom_name.clone(),
        custom_name_visible: entity.custom_name_visible,
        silent: entity.silent,
        glowing: entity.glowing,
        ..Default::default()
    }
}

fn prost_entity(entity: b::Entity) -> proto::Entity {
    proto::Entity {
        id: entity.id,
        pos: entity.pos.as_option().map(prost_triple),
        motion: entity.motion.as_option().map(prost_triple),
        rotation: entity
            .rotation
            .into_option()
            .map(|rotation| proto::Vector2f {
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
        uuid: entity.uuid.as_option().map(prost_uuid),
        custom_name: entity.custom_name,
        custom_name_visible: entity.custom_name_visible,
        silent: entity.silent,
        glowing: entity.glowing,
    }
}

impl BuffaWire for Players {
    type Buffa = b::Players;

    fn build_buffa(&self) -> b::Players {
        let players = self.players.iter().map(|player| {
            let abilities = &player.abilities;
            let book = &player.recipe_book;
            b::MinecraftPlayer {
                game_type: EnumValue::from(player.game_type as i32),
                previous_game_type: EnumValue::from(player.previous_game_type as i32),
                score: player.score,
                dimension: player.dimension.clone(),
                selected_item_slot: player.selected_item_slot,
                selected_item: MessageField::some(buffa_item(&player.selected_item)),
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
                inventory: player.inventory.iter().map(buffa_item).collect(),
                ender_items: player.ender_items.iter().map(buffa_item).collect(),
                abilities: MessageField::some(b::Abilities {
                    walk_speed: present(abilities.walk_speed),
                    fly_speed: present(abilities.fly_speed),
                    may_fly: abilities.may_fly,
                    flying: abilities.flying,
                    invulnerable: abilities.invulnerable,
                    may_build: abilities.may_build,
                    instabuild: abilities.instabuild,
                    ..Default::default()
                }),
                entered_nether_position: player.entered_nether_position.map(buffa_triple).into(),
                root_vehicle: player
                    .root_vehicle
                    .as_ref()
                    .map(|(uuid, entity)| b::Vehicle {
                        uuid: MessageField::some(buffa_uuid(*uuid)),
                        entity: MessageField::some(buffa_entity(entity)),
                        ..Default::default()
                    })
                    .into(),
                shoulder_entity_left: player
                    .shoulder_entity_left
                    .as_ref()
                    .map(buffa_entity)
                    .into(),
                shoulder_entity_right: player
                    .shoulder_entity_right
                    .as_ref()
                    .map(buffa_entity)
                    .into(),
                seen_credits: player.seen_credits,
                recipe_book: MessageField::some(b::RecipeBook {
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
        b::Players {
            players: players.collect(),
            ..Default::default()
        }
    }

    fn into_prost(message: b::Players) -> proto::Players {
        let players = message
            .players
            .into_iter()
            .map(|player| proto::MinecraftPlayer {
                game_type: player.game_type.to_i32(),
                previous_game_type: player.previous_game_type.to_i32(),
                score: player.score,
                dimension: player.dimension,
                selected_item_slot: player.selected_item_slot,
                selected_item: player.selected_item.into_option().map(prost_item),
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
                abilities: player
                    .abilities
                    .into_option()
                    .map(|abilities| proto::Abilities {
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
                    .as_option()
                    .map(prost_triple),
                root_vehicle: player
                    .root_vehicle
                    .into_option()
                    .map(|vehicle| proto::Vehicle {
                        uuid: vehicle.uuid.as_option().map(prost_uuid),
                        entity: vehicle.entity.into_option().map(prost_entity),
                    }),
                shoulder_entity_left: player.shoulder_entity_left.into_option().map(prost_entity),
                shoulder_entity_right: player.shoulder_entity_right.into_option().map(prost_entity),
                seen_credits: player.seen_credits,
                recipe_book: player
                    .recipe_book
                    .into_option()
                    .map(|book| proto::RecipeBook {
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

impl BuffaWire for Updates {
    type Buffa = b::Updates;

    fn build_buffa(&self) -> b::Updates {
        let contact = |contact: &serbench_model::mk48::Contact| {
            let guidance = contact.guidance;
            let transform = contact.transform;
            let (x, y) = transform.position;
            b::Contact {
                damage: contact.damage.into(),
                entity_id: contact.entity_id,
                entity_type: contact
                    .entity_type
                    .map(|entity_type| EnumValue::from(entity_type as i32)),
                guidance: MessageField::some(b::Guidance {
                    angle: guidance.angle.into(),
                    submerge: guidance.submerge,
                    velocity: guidance.velocity.into(),
                    ..Default::default()
                }),
                player_id: contact.player_id.map(u32::from),
                reloads: contact.reloads.clone(),
                transform: MessageField::some(b::Transform {
                    altitude: transform.altitude.into(),
                    angle: transform.angle.into(),
                    position: MessageField::some(b::Position {
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
        let updates = self.updates.iter().map(|update| b::Update {
            contacts: update.contacts.iter().map(contact).collect(),
            score: update.score,
            world_radius: present(update.world_radius),
            terrain_updates: update
                .terrain_updates
                .iter()
                .map(|terrain| b::TerrainUpdate {
                    chunk_id: MessageField::some(b::ChunkId {
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
        b::Updates {
            updates: updates.collect(),
            ..Default::default()
        }
    }

    fn into_prost(message: b::Updates) -> proto::Updates {
        let contact = |contact: b::Contact| proto::Contact {
            damage: contact.damage,
            entity_id: contact.entity_id,
            entity_type: contact.entity_type.map(|entity_type| entity_type.to_i32()),
            guidance: contact
                .guidance
                .into_option()
                .map(|guidance| proto::Guidance {
                    angle: guidance.angle,
                    submerge: guidance.submerge,
                    velocity: guidance.velocity,
                }),
            player_id: contact.player_id,
            reloads: contact.reloads,
            transform: contact
                .transform
                .into_option()
                .map(|transform| proto::Transform {
                    altitude: transform.altitude,
                    angle: transform.angle,
                    position: transform
                        .position
                        .into_option()
                        .map(|position| proto::Position {
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
                    chunk_id: terrain.chunk_id.into_option().map(|chunk| proto::ChunkId {
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
