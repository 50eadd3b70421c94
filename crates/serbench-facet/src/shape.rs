//! The types facet reads and writes: the model's shape with facet's
//! derive, as a facet user writes their own types, and their conversions
//! to and from the model's.
//!
//! The model's types derive serde, not `Facet`, and their leaf values
//! (ids, colors, times, versions) take the forms the model's serde impls
//! give a binary format. The task-manager, the one dataset with such
//! leaves, has its mirror in [`binary`] (an id as a list of its 16 bytes,
//! which postcard writes as serde's byte string, the color's `u32`,
//! `created` as `(seconds, nanos, offset)`, the version's segments); the
//! other datasets hold plain fields ([`plain`]).
//!
//! Integers narrower than 64 bits (ids of nodes, edges, widths, the
//! color, the version's segments) are `u64` or `i64` in the mirrors and
//! narrowed in the conversion ([`narrow`]): facet-postcard keeps the low
//! bits of a varint too wide for its type.
//!
//! The mirrors own their strings: facet 0.42 derives no `Facet` for a
//! `Vec` of a type with a lifetime, so a mirror that borrows the model's
//! text cannot hold its lists. Encoding copies every string into a
//! mirror; decoding moves them out. The conversions are timed with the
//! codec.

use facet::Facet;

/// A value the bytes hold that the model does not: where, and what.
#[derive(Debug)]
pub(crate) struct Invalid {
    pub(crate) path: String,
    pub(crate) message: String,
}

impl Invalid {
    fn new(field: &str, message: impl Into<String>) -> Self {
        Self {
            path: field.to_owned(),
            message: message.into(),
        }
    }

    /// The same error one level out: `field` then the path within it.
    fn within(mut self, field: &str) -> Self {
        self.path = if self.path.is_empty() {
            field.to_owned()
        } else if self.path.starts_with('[') {
            format!("{field}{}", self.path)
        } else {
            format!("{field}.{}", self.path)
        };
        self
    }
}

/// Converts every element, naming the index of the first that fails.
fn each<M, T>(
    items: Vec<M>,
    field: &str,
    convert: impl Fn(M) -> Result<T, Invalid>,
) -> Result<Vec<T>, Invalid> {
    items
        .into_iter()
        .enumerate()
        .map(|(index, item)| {
            convert(item).map_err(|error| error.within(&format!("{field}[{index}]")))
        })
        .collect()
}

/// A list of integers widened to the mirror's 64 bits.
fn wide<N: Copy + Into<u64>>(items: &[N]) -> Vec<u64> {
    items.iter().map(|&item| item.into()).collect()
}

/// An integer the mirror reads at 64 bits, held to the model's width:
/// facet-postcard 0.42.0 reads a varint into a narrower integer with
/// `as`, keeping its low bits, where postcard refuses it. The varint of a
/// value is the same at any width (zigzag too), so the wide mirror reads
/// and writes postcard's bytes.
fn narrow<W, N>(value: W, field: &str) -> Result<N, Invalid>
where
    W: Copy + std::fmt::Display,
    N: TryFrom<W>,
{
    N::try_from(value).map_err(|_| {
        Invalid::new(
            field,
            format!("{value} is past a {}", std::any::type_name::<N>()),
        )
    })
}

/// Every integer of a list held to the model's width, naming the first
/// that is past it.
fn narrow_all<W, N>(items: Vec<W>, field: &str) -> Result<Vec<N>, Invalid>
where
    W: Copy + std::fmt::Display,
    N: TryFrom<W>,
{
    each(items, field, |item| narrow(item, ""))
}

fn priority(value: u8) -> Result<serbench_model::Priority, Invalid> {
    serbench_model::Priority::from_u8(value)
        .ok_or_else(|| Invalid::new("priority", format!("priority {value} is not one of 0 to 3")))
}

/// The datasets whose fields are plain values: their mirrors field for
/// field.
pub(crate) mod plain {
    use super::{Facet, Invalid, each, narrow, narrow_all, wide};
    use serbench_model as model;

    #[derive(Facet)]
    pub(crate) struct SensorReading {
        pub(crate) sensor_id: String,
        pub(crate) ambient_temperature: f64,
        pub(crate) object_temperature: f64,
        pub(crate) accelerometer_x: f64,
        pub(crate) accelerometer_y: f64,
        pub(crate) accelerometer_z: f64,
        pub(crate) altitude: f64,
        pub(crate) light: f64,
        pub(crate) humidity: f64,
    }

    #[derive(Facet)]
    pub(crate) struct Graph {
        pub(crate) nodes: Vec<Node>,
        pub(crate) edges: Vec<Edge>,
    }

    #[derive(Facet)]
    pub(crate) struct Node {
        pub(crate) id: u64,
        pub(crate) name: String,
        pub(crate) out_edges: Vec<u64>,
        pub(crate) in_edges: Vec<u64>,
    }

    #[derive(Facet)]
    pub(crate) struct Edge {
        pub(crate) from: u64,
        pub(crate) to: u64,
        pub(crate) weight: u64,
    }

    #[derive(Facet)]
    pub(crate) struct Record {
        pub(crate) ids: Vec<i64>,
        pub(crate) strings: Vec<String>,
    }

    #[derive(Facet)]
    pub(crate) struct MediaContent {
        pub(crate) media: Media,
        pub(crate) images: Vec<Image>,
    }

    #[derive(Facet)]
    pub(crate) struct Media {
        pub(crate) uri: String,
        pub(crate) title: Option<String>,
        pub(crate) width: i64,
        pub(crate) height: i64,
        pub(crate) format: String,
        pub(crate) duration: i64,
        pub(crate) size: i64,
        pub(crate) bitrate: Option<i64>,
        pub(crate) persons: Vec<String>,
        pub(crate) player: Player,
        pub(crate) copyright: Option<String>,
    }

    #[derive(Facet)]
    pub(crate) struct Image {
        pub(crate) uri: String,
        pub(crate) title: Option<String>,
        pub(crate) width: i64,
        pub(crate) height: i64,
        pub(crate) size: Size,
    }

    /// The model's `Player`, written as its variant's index.
    #[derive(Facet, Clone, Copy)]
    #[repr(u8)]
    pub(crate) enum Player {
        Java,
        Flash,
    }

    /// The model's `Size`, written as its variant's index.
    #[derive(Facet, Clone, Copy)]
    #[repr(u8)]
    pub(crate) enum Size {
        Small,
        Large,
    }

    pub(crate) fn sensor(value: &model::SensorReading) -> SensorReading {
        SensorReading {
            sensor_id: value.sensor_id.clone(),
            ambient_temperature: value.ambient_temperature,
            object_temperature: value.object_temperature,
            accelerometer_x: value.accelerometer_x,
            accelerometer_y: value.accelerometer_y,
            accelerometer_z: value.accelerometer_z,
            altitude: value.altitude,
            light: value.light,
            humidity: value.humidity,
        }
    }

    pub(crate) fn from_sensor(value: SensorReading) -> model::SensorReading {
        model::SensorReading {
            sensor_id: value.sensor_id,
            ambient_temperature: value.ambient_temperature,
            object_temperature: value.object_temperature,
            accelerometer_x: value.accelerometer_x,
            accelerometer_y: value.accelerometer_y,
            accelerometer_z: value.accelerometer_z,
            altitude: value.altitude,
            light: value.light,
            humidity: value.humidity,
        }
    }

    pub(crate) fn graph(value: &model::Graph) -> Graph {
        Graph {
            nodes: value
                .nodes
                .iter()
                .map(|node| Node {
                    id: node.id.into(),
                    name: node.name.clone(),
                    out_edges: wide(&node.out_edges),
                    in_edges: wide(&node.in_edges),
                })
                .collect(),
            edges: value
                .edges
                .iter()
                .map(|edge| Edge {
                    from: edge.from.into(),
                    to: edge.to.into(),
                    weight: edge.weight.into(),
                })
                .collect(),
        }
    }

    pub(crate) fn from_graph(value: Graph) -> Result<model::Graph, Invalid> {
        Ok(model::Graph {
            nodes: each(value.nodes, "nodes", |node| {
                Ok(model::Node {
                    id: narrow(node.id, "id")?,
                    name: node.name,
                    out_edges: narrow_all(node.out_edges, "out_edges")?,
                    in_edges: narrow_all(node.in_edges, "in_edges")?,
                })
            })?,
            edges: each(value.edges, "edges", |edge| {
                Ok(model::Edge {
                    from: narrow(edge.from, "from")?,
                    to: narrow(edge.to, "to")?,
                    weight: narrow(edge.weight, "weight")?,
                })
            })?,
        })
    }

    pub(crate) fn record(value: &model::Record) -> Record {
        Record {
            ids: value.ids.clone(),
            strings: value.strings.clone(),
        }
    }

    pub(crate) fn from_record(value: Record) -> model::Record {
        model::Record {
            ids: value.ids,
            strings: value.strings,
        }
    }

    pub(crate) fn media(value: &model::MediaContent) -> MediaContent {
        let media = &value.media;
        MediaContent {
            media: Media {
                uri: media.uri.clone(),
                title: media.title.clone(),
                width: media.width.into(),
                height: media.height.into(),
                format: media.format.clone(),
                duration: media.duration,
                size: media.size,
                bitrate: media.bitrate.map(i64::from),
                persons: media.persons.clone(),
                player: match media.player {
                    model::Player::Java => Player::Java,
                    model::Player::Flash => Player::Flash,
                },
                copyright: media.copyright.clone(),
            },
            images: value
                .images
                .iter()
                .map(|image| Image {
                    uri: image.uri.clone(),
                    title: image.title.clone(),
                    width: image.width.into(),
                    height: image.height.into(),
                    size: match image.size {
                        model::Size::Small => Size::Small,
                        model::Size::Large => Size::Large,
                    },
                })
                .collect(),
        }
    }

    pub(crate) fn from_media(value: MediaContent) -> Result<model::MediaContent, Invalid> {
        let media = value.media;
        let within = |error: Invalid| error.within("media");
        Ok(model::MediaContent {
            media: model::Media {
                uri: media.uri,
                title: media.title,
                width: narrow(media.width, "width").map_err(within)?,
                height: narrow(media.height, "height").map_err(within)?,
                format: media.format,
                duration: media.duration,
                size: media.size,
                bitrate: media
                    .bitrate
                    .map(|bitrate| narrow(bitrate, "bitrate"))
                    .transpose()
                    .map_err(within)?,
                persons: media.persons,
                player: match media.player {
                    Player::Java => model::Player::Java,
                    Player::Flash => model::Player::Flash,
                },
                copyright: media.copyright,
            },
            images: each(value.images, "images", |image| {
                Ok(model::Image {
                    uri: image.uri,
                    title: image.title,
                    width: narrow(image.width, "width")?,
                    height: narrow(image.height, "height")?,
                    size: match image.size {
                        Size::Small => model::Size::Small,
                        Size::Large => model::Size::Large,
                    },
                })
            })?,
        })
    }
}

/// The task-manager as the model's serde impls write it for a binary
/// format: an id as a byte string (a `Vec<u8>`, whose length postcard
/// writes before the bytes as it does for serde's bytes), the color as
/// `0xAARRGGBB`, `created` as `(seconds, nanos, offset)`, the version as
/// its segments.
pub(crate) mod binary {
    use super::{Facet, Invalid, each, narrow, narrow_all, priority, wide};
    use serbench_model::{self as model, forms};

    #[derive(Facet)]
    pub(crate) struct TaskManager {
        pub(crate) user: String,
        pub(crate) version: Vec<u64>,
        pub(crate) lists: Vec<TaskList>,
    }

    #[derive(Facet)]
    pub(crate) struct TaskList {
        pub(crate) header: Header,
        pub(crate) tasks: Vec<Task>,
    }

    #[derive(Facet)]
    pub(crate) struct Task {
        pub(crate) header: Header,
        pub(crate) description: String,
        pub(crate) priority: u8,
        pub(crate) completed: bool,
    }

    #[derive(Facet)]
    pub(crate) struct Header {
        /// The id's 16 bytes; a list, as facet has no byte-string type.
        pub(crate) id: Vec<u8>,
        pub(crate) name: String,
        pub(crate) color: u64,
        pub(crate) created: (i64, u64, i64),
    }

    fn header(value: &model::TaskHeader) -> Header {
        Header {
            id: value.id.as_bytes().to_vec(),
            name: value.name.clone(),
            color: value.color.argb().into(),
            created: {
                let (seconds, nanos, offset) = forms::timestamp_parts(&value.created);
                (seconds, nanos.into(), offset.into())
            },
        }
    }

    fn from_header(value: Header) -> Result<model::TaskHeader, Invalid> {
        let id = <[u8; 16]>::try_from(value.id.as_slice()).map_err(|_| {
            Invalid::new("id", format!("an id is 16 bytes, not {}", value.id.len()))
        })?;
        let (seconds, nanos, offset) = value.created;
        let nanos = narrow(nanos, "created")?;
        let offset = narrow(offset, "created")?;
        let created = forms::timestamp_from_parts(seconds, nanos, offset)
            .map_err(|error| Invalid::new("created", error.to_string()))?;
        Ok(model::TaskHeader {
            id: model::Uuid::from_bytes(id),
            name: value.name,
            color: model::Color::from_argb(narrow(value.color, "color")?),
            created,
        })
    }

    pub(crate) fn task_manager(value: &model::TaskManager) -> TaskManager {
        TaskManager {
            user: value.user.clone(),
            version: wide(&value.version.segments),
            lists: value
                .lists
                .iter()
                .map(|list| TaskList {
                    header: header(&list.header),
                    tasks: list
                        .tasks
                        .iter()
                        .map(|task| Task {
                            header: header(&task.header),
                            description: task.description.clone(),
                            priority: task.priority as u8,
                            completed: task.completed,
                        })
                        .collect(),
                })
                .collect(),
        }
    }

    pub(crate) fn from_task_manager(value: TaskManager) -> Result<model::TaskManager, Invalid> {
        Ok(model::TaskManager {
            user: value.user,
            version: model::Version {
                segments: narrow_all(value.version, "version")?,
            },
            lists: each(value.lists, "lists", |list| {
                Ok(model::TaskList {
                    header: from_header(list.header).map_err(|error| error.within("header"))?,
                    tasks: each(list.tasks, "tasks", |task| {
                        Ok(model::Task {
                            header: from_header(task.header)
                                .map_err(|error| error.within("header"))?,
                            description: task.description,
                            priority: priority(task.priority)?,
                            completed: task.completed,
                        })
                    })?,
                })
            })?,
        })
    }
}
