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
use serbench_model::{
    BaseCodec, Carries, Codec, Dataset, Error, ErrorKind, Graph, MediaContent, Record,
    SensorReading, TaskManager, forms,
};

use crate::check::{self, FLAT, Shape};
use crate::proto;
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

use messages::{graph as g, media as m, records as r, task_manager as tm, telemetry as t};

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

impl<T: Dataset + RustWire> Codec<T> for ProtobufRust {
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
