//! The types nanoserde reads and writes: the model's shape with
//! nanoserde's derive, as a nanoserde user writes their own types, and the
//! conversions to and from the model.
//!
//! The other deriving crates (bitcode, wincode, borsh) share one
//! definition of these types, the model's `mirror!`; nanoserde's derive
//! cannot take it. The derive parses the item itself and panics on a
//! restricted visibility ("pub(whatever) is not supported yet", in 0.2.1),
//! and `mirror!` declares `pub(crate)` types; nor does nanoserde write a
//! `&str` (and it writes a slice `[T]` without its count), which the
//! borrowed half holds. So the layout is declared here again, field for
//! field the same, with `pub` types in this private module, and encoding
//! copies the model into them ([`Owned`]), its text included: the copy is
//! timed with the encode, as the conversions back are with the decode.

#![allow(
    unreachable_pub,
    reason = "nanoserde's derive refuses `pub(crate)`: the items are `pub` in a private module"
)]

mod rsb;

use nanoserde::{DeBin, SerBin};
use serbench_model::forms;

/// A value the bytes hold that the model does not: where, and what.
#[derive(Debug)]
pub(crate) struct Invalid {
    pub(crate) path: String,
    pub(crate) message: String,
}

impl Invalid {
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

#[derive(SerBin, DeBin)]
pub struct TaskManager {
    pub user: String,
    pub version: Vec<u32>,
    pub lists: Vec<TaskList>,
}

#[derive(SerBin, DeBin)]
pub struct TaskList {
    pub header: Header,
    pub tasks: Vec<Task>,
}

#[derive(SerBin, DeBin)]
pub struct Task {
    pub header: Header,
    pub description: String,
    pub priority: Priority,
    pub completed: bool,
}

#[derive(SerBin, DeBin)]
pub struct Header {
    pub id: [u8; 16],
    pub name: String,
    /// `0xAARRGGBB`.
    pub color: u32,
    pub created: Created,
}

/// A timestamp as `forms::timestamp_parts` gives it.
#[derive(SerBin, DeBin)]
pub struct Created {
    pub seconds: i64,
    pub nanos: u32,
    pub offset_seconds: i32,
}

#[derive(SerBin, DeBin)]
pub enum Priority {
    Low,
    Medium,
    High,
    Critical,
}

#[derive(SerBin, DeBin)]
pub struct SensorReading {
    pub sensor_id: String,
    pub ambient_temperature: f64,
    pub object_temperature: f64,
    pub accelerometer_x: f64,
    pub accelerometer_y: f64,
    pub accelerometer_z: f64,
    pub altitude: f64,
    pub light: f64,
    pub humidity: f64,
}

#[derive(SerBin, DeBin)]
pub struct Graph {
    pub nodes: Vec<Node>,
    pub edges: Vec<Edge>,
}

#[derive(SerBin, DeBin)]
pub struct Node {
    pub id: u16,
    pub name: String,
    pub out_edges: Vec<u32>,
    pub in_edges: Vec<u32>,
}

#[derive(SerBin, DeBin)]
pub struct Edge {
    pub from: u32,
    pub to: u32,
    pub weight: u16,
}

#[derive(SerBin, DeBin)]
pub struct Record {
    pub ids: Vec<i64>,
    pub strings: Vec<String>,
}

#[derive(SerBin, DeBin)]
pub struct MediaContent {
    pub media: Media,
    pub images: Vec<Image>,
}

#[derive(SerBin, DeBin)]
pub struct Media {
    pub uri: String,
    pub title: Option<String>,
    pub width: i32,
    pub height: i32,
    pub format: String,
    pub duration: i64,
    pub size: i64,
    pub bitrate: Option<i32>,
    pub persons: Vec<String>,
    pub player: Player,
    pub copyright: Option<String>,
}

#[derive(SerBin, DeBin)]
pub struct Image {
    pub uri: String,
    pub title: Option<String>,
    pub width: i32,
    pub height: i32,
    pub size: Size,
}

#[derive(SerBin, DeBin)]
pub enum Player {
    Java,
    Flash,
}

#[derive(SerBin, DeBin)]
pub enum Size {
    Small,
    Large,
}

/// A dataset and its mirror, both ways.
pub(crate) trait Mirrored: Sized {
    /// What nanoserde writes and reads.
    type Mirror: SerBin + DeBin;

    /// The value copied into its mirror.
    fn mirror(&self) -> Self::Mirror;

    /// The model value a decoded mirror holds.
    fn from_mirror(mirror: Self::Mirror) -> Result<Self, Invalid>;
}

impl Header {
    fn of(header: &serbench_model::TaskHeader) -> Self {
        let (seconds, nanos, offset_seconds) = forms::timestamp_parts(&header.created);
        Self {
            id: header.id.into_bytes(),
            name: header.name.clone(),
            color: serbench_model::Color::argb(header.color),
            created: Created {
                seconds,
                nanos,
                offset_seconds,
            },
        }
    }

    fn into_model(self) -> Result<serbench_model::TaskHeader, Invalid> {
        let Created {
            seconds,
            nanos,
            offset_seconds,
        } = self.created;
        let created =
            forms::timestamp_from_parts(seconds, nanos, offset_seconds).map_err(|error| {
                Invalid {
                    path: "created".to_owned(),
                    message: error.to_string(),
                }
            })?;
        Ok(serbench_model::TaskHeader {
            id: serbench_model::Uuid::from_bytes(self.id),
            name: self.name,
            color: serbench_model::Color::from_argb(self.color),
            created,
        })
    }
}

impl Mirrored for serbench_model::TaskManager {
    type Mirror = TaskManager;

    fn mirror(&self) -> TaskManager {
        TaskManager {
            user: self.user.clone(),
            version: self.version.segments.clone(),
            lists: self
                .lists
                .iter()
                .map(|list| TaskList {
                    header: Header::of(&list.header),
                    tasks: list
                        .tasks
                        .iter()
                        .map(|task| Task {
                            header: Header::of(&task.header),
                            description: task.description.clone(),
                            priority: match task.priority {
                                serbench_model::Priority::Low => Priority::Low,
                                serbench_model::Priority::Medium => Priority::Medium,
                                serbench_model::Priority::High => Priority::High,
                                serbench_model::Priority::Critical => Priority::Critical,
                            },
                            completed: task.completed,
                        })
                        .collect(),
                })
                .collect(),
        }
    }

    fn from_mirror(mirror: TaskManager) -> Result<Self, Invalid> {
        let task = |task: Task| {
            Ok(serbench_model::Task {
                header: task.header.into_model().map_err(|e| e.within("header"))?,
                description: task.description,
                priority: match task.priority {
                    Priority::Low => serbench_model::Priority::Low,
                    Priority::Medium => serbench_model::Priority::Medium,
                    Priority::High => serbench_model::Priority::High,
                    Priority::Critical => serbench_model::Priority::Critical,
                },
                completed: task.completed,
            })
        };
        let list = |list: TaskList| {
            Ok(serbench_model::TaskList {
                header: list.header.into_model().map_err(|e| e.within("header"))?,
                tasks: each(list.tasks, "tasks", task)?,
            })
        };
        Ok(serbench_model::TaskManager {
            user: mirror.user,
            version: serbench_model::Version {
                segments: mirror.version,
            },
            lists: each(mirror.lists, "lists", list)?,
        })
    }
}

impl Mirrored for serbench_model::SensorReading {
    type Mirror = SensorReading;

    fn mirror(&self) -> SensorReading {
        SensorReading {
            sensor_id: self.sensor_id.clone(),
            ambient_temperature: self.ambient_temperature,
            object_temperature: self.object_temperature,
            accelerometer_x: self.accelerometer_x,
            accelerometer_y: self.accelerometer_y,
            accelerometer_z: self.accelerometer_z,
            altitude: self.altitude,
            light: self.light,
            humidity: self.humidity,
        }
    }

    fn from_mirror(mirror: SensorReading) -> Result<Self, Invalid> {
        Ok(Self {
            sensor_id: mirror.sensor_id,
            ambient_temperature: mirror.ambient_temperature,
            object_temperature: mirror.object_temperature,
            accelerometer_x: mirror.accelerometer_x,
            accelerometer_y: mirror.accelerometer_y,
            accelerometer_z: mirror.accelerometer_z,
            altitude: mirror.altitude,
            light: mirror.light,
            humidity: mirror.humidity,
        })
    }
}

impl Mirrored for serbench_model::Graph {
    type Mirror = Graph;

    fn mirror(&self) -> Graph {
        Graph {
            nodes: self
                .nodes
                .iter()
                .map(|node| Node {
                    id: node.id,
                    name: node.name.clone(),
                    out_edges: node.out_edges.clone(),
                    in_edges: node.in_edges.clone(),
                })
                .collect(),
            edges: self
                .edges
                .iter()
                .map(|edge| Edge {
                    from: edge.from,
                    to: edge.to,
                    weight: edge.weight,
                })
                .collect(),
        }
    }

    fn from_mirror(mirror: Graph) -> Result<Self, Invalid> {
        Ok(Self {
            nodes: mirror
                .nodes
                .into_iter()
                .map(|node| serbench_model::Node {
                    id: node.id,
                    name: node.name,
                    out_edges: node.out_edges,
                    in_edges: node.in_edges,
                })
                .collect(),
            edges: mirror
                .edges
                .into_iter()
                .map(|edge| serbench_model::Edge {
                    from: edge.from,
                    to: edge.to,
                    weight: edge.weight,
                })
                .collect(),
        })
    }
}

impl Mirrored for serbench_model::Record {
    type Mirror = Record;

    fn mirror(&self) -> Record {
        Record {
            ids: self.ids.clone(),
            strings: self.strings.clone(),
        }
    }

    fn from_mirror(mirror: Record) -> Result<Self, Invalid> {
        Ok(Self {
            ids: mirror.ids,
            strings: mirror.strings,
        })
    }
}

impl Mirrored for serbench_model::MediaContent {
    type Mirror = MediaContent;

    fn mirror(&self) -> MediaContent {
        let media = &self.media;
        MediaContent {
            media: Media {
                uri: media.uri.clone(),
                title: media.title.clone(),
                width: media.width,
                height: media.height,
                format: media.format.clone(),
                duration: media.duration,
                size: media.size,
                bitrate: media.bitrate,
                persons: media.persons.clone(),
                player: match media.player {
                    serbench_model::Player::Java => Player::Java,
                    serbench_model::Player::Flash => Player::Flash,
                },
                copyright: media.copyright.clone(),
            },
            images: self
                .images
                .iter()
                .map(|image| Image {
                    uri: image.uri.clone(),
                    title: image.title.clone(),
                    width: image.width,
                    height: image.height,
                    size: match image.size {
                        serbench_model::Size::Small => Size::Small,
                        serbench_model::Size::Large => Size::Large,
                    },
                })
                .collect(),
        }
    }

    fn from_mirror(mirror: MediaContent) -> Result<Self, Invalid> {
        let media = mirror.media;
        Ok(Self {
            media: serbench_model::Media {
                uri: media.uri,
                title: media.title,
                width: media.width,
                height: media.height,
                format: media.format,
                duration: media.duration,
                size: media.size,
                bitrate: media.bitrate,
                persons: media.persons,
                player: match media.player {
                    Player::Java => serbench_model::Player::Java,
                    Player::Flash => serbench_model::Player::Flash,
                },
                copyright: media.copyright,
            },
            images: mirror
                .images
                .into_iter()
                .map(|image| serbench_model::Image {
                    uri: image.uri,
                    title: image.title,
                    width: image.width,
                    height: image.height,
                    size: match image.size {
                        Size::Small => serbench_model::Size::Small,
                        Size::Large => serbench_model::Size::Large,
                    },
                })
                .collect(),
        })
    }
}
