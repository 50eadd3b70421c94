//! The types fory reads and writes: the model's shape with fory's derives,
//! as a fory user writes their own types, and their conversions to and from
//! the model.
//!
//! The model's `mirror!` cannot serve: it puts one list of derives on
//! structs and enums alike, where fory derives `ForyStruct` for one and
//! `ForyEnum` for the other, and its borrowed types hold `&str`, which
//! fory's derive does not write. So encoding copies the model's text into
//! these owned types, and that copy is timed with the encode.

#![allow(
    clippy::used_underscore_binding,
    reason = "fory's derive binds each field to a name with a leading underscore and uses it"
)]

mod rsb;

use fory::{ForyEnum, ForyStruct};
use serbench_model::forms;

/// A value the bytes hold that the model does not: where, and what.
#[derive(Debug)]
pub(crate) struct Invalid {
    pub(crate) path: String,
    pub(crate) message: String,
}

#[derive(ForyStruct, Debug, Default)]
pub(crate) struct TaskManager {
    pub(crate) user: String,
    pub(crate) version: Vec<u32>,
    pub(crate) lists: Vec<TaskList>,
}

#[derive(ForyStruct, Debug, Default)]
pub(crate) struct TaskList {
    pub(crate) header: Header,
    pub(crate) tasks: Vec<Task>,
}

#[derive(ForyStruct, Debug, Default)]
pub(crate) struct Task {
    pub(crate) header: Header,
    pub(crate) description: String,
    pub(crate) priority: Priority,
    pub(crate) completed: bool,
}

#[derive(ForyStruct, Debug, Default)]
pub(crate) struct Header {
    pub(crate) id: [u8; 16],
    pub(crate) name: String,
    /// `0xAARRGGBB`.
    pub(crate) color: u32,
    pub(crate) created: Created,
}

/// A timestamp as `forms::timestamp_parts` gives it.
#[derive(ForyStruct, Debug, Default, Clone, Copy)]
pub(crate) struct Created {
    pub(crate) seconds: i64,
    pub(crate) nanos: u32,
    pub(crate) offset_seconds: i32,
}

#[derive(ForyEnum, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Priority {
    Low,
    Medium,
    High,
    Critical,
    /// An ordinal the model does not have. In compatible mode fory reads an
    /// enum ordinal it does not know as the enum's default variant rather than
    /// refusing it, so the default is this variant, which the codec never
    /// writes and refuses when read.
    #[default]
    Unknown,
}

#[derive(ForyStruct, Debug, Default)]
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

#[derive(ForyStruct, Debug, Default)]
pub(crate) struct Graph {
    pub(crate) nodes: Vec<Node>,
    pub(crate) edges: Vec<Edge>,
}

#[derive(ForyStruct, Debug, Default)]
pub(crate) struct Node {
    pub(crate) id: u16,
    pub(crate) name: String,
    pub(crate) out_edges: Vec<u32>,
    pub(crate) in_edges: Vec<u32>,
}

#[derive(ForyStruct, Debug, Default, Clone, Copy)]
pub(crate) struct Edge {
    pub(crate) from: u32,
    pub(crate) to: u32,
    pub(crate) weight: u16,
}

#[derive(ForyStruct, Debug, Default)]
pub(crate) struct Record {
    pub(crate) ids: Vec<i64>,
    pub(crate) strings: Vec<String>,
}

#[derive(ForyStruct, Debug, Default)]
pub(crate) struct MediaContent {
    pub(crate) media: Media,
    pub(crate) images: Vec<Image>,
}

#[derive(ForyStruct, Debug, Default)]
pub(crate) struct Media {
    pub(crate) uri: String,
    pub(crate) title: Option<String>,
    pub(crate) width: i32,
    pub(crate) height: i32,
    pub(crate) format: String,
    pub(crate) duration: i64,
    pub(crate) size: i64,
    pub(crate) bitrate: Option<i32>,
    pub(crate) persons: Vec<String>,
    pub(crate) player: Player,
    pub(crate) copyright: Option<String>,
}

#[derive(ForyStruct, Debug, Default)]
pub(crate) struct Image {
    pub(crate) uri: String,
    pub(crate) title: Option<String>,
    pub(crate) width: i32,
    pub(crate) height: i32,
    pub(crate) size: Size,
}

#[derive(ForyEnum, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Player {
    Java,
    Flash,
    /// An ordinal the model does not have. In compatible mode fory reads an
    /// enum ordinal it does not know as the enum's default variant rather than
    /// refusing it, so the default is this variant, which the codec never
    /// writes and refuses when read.
    #[default]
    Unknown,
}

#[derive(ForyEnum, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Size {
    Small,
    Large,
    /// An ordinal the model does not have. In compatible mode fory reads an
    /// enum ordinal it does not know as the enum's default variant rather than
    /// refusing it, so the default is this variant, which the codec never
    /// writes and refuses when read.
    #[default]
    Unknown,
}

/// A model dataset and its mirror: the copy fory writes and the checked
/// conversion back.
pub(crate) trait Mirrored: Sized {
    /// The type fory reads and writes.
    type Mirror;

    /// The value copied into its mirror.
    fn to_mirror(&self) -> Self::Mirror;

    /// The model value a decoded mirror holds.
    fn from_mirror(mirror: Self::Mirror) -> Result<Self, Invalid>;

    /// The first bytes of every encoding of the dataset: the header, the
    /// root's reference flag, its type id (a compatible struct), the index
    /// of its type meta (0, written with it) and the meta's 8-byte header,
    /// which holds the hash of the type's field names and types. fory
    /// writes them alike for every value of the type, in the pinned release
    /// (every round trip checks them).
    const HEAD: [u8; 12];

    /// Registers the dataset's mirror types with `fory`, under the ids the
    /// crate docs list, which a reader in another language registers its
    /// own types with.
    fn register(fory: &mut fory::Fory) -> Result<(), fory::Error>;
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

/// The error of an enum read as [`Priority::Unknown`] (or its twins):
/// fory met an ordinal the enum does not have.
fn unknown(path: String, what: &str) -> Invalid {
    Invalid {
        path,
        message: format!("an unknown {what}: fory reads an ordinal it does not know as Unknown"),
    }
}

impl Header {
    fn new(header: &serbench_model::TaskHeader) -> Self {
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
    const HEAD: [u8; 12] = [
        0x01, 0xff, 0x1c, 0x00, 0x16, 0x90, 0x4a, 0xd7, 0xc2, 0x99, 0x08, 0x5f,
    ];

    fn register(fory: &mut fory::Fory) -> Result<(), fory::Error> {
        fory.register::<TaskManager>(101)?;
        fory.register::<TaskList>(102)?;
        fory.register::<Task>(103)?;
        fory.register::<Header>(104)?;
        fory.register::<Created>(105)?;
        fory.register::<Priority>(106)?;
        Ok(())
    }

    fn to_mirror(&self) -> TaskManager {
        TaskManager {
            user: self.user.clone(),
            version: self.version.segments.clone(),
            lists: self
                .lists
                .iter()
                .map(|list| TaskList {
                    header: Header::new(&list.header),
                    tasks: list
                        .tasks
                        .iter()
                        .map(|task| Task {
                            header: Header::new(&task.header),
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
        let mut lists = Vec::with_capacity(mirror.lists.len());
        for (l, list) in mirror.lists.into_iter().enumerate() {
            let at = |field: &str| format!("lists[{l}].{field}");
            let header = list
                .header
                .into_model()
                .map_err(|e| e.within(&at("header")))?;
            let mut tasks = Vec::with_capacity(list.tasks.len());
            for (t, task) in list.tasks.into_iter().enumerate() {
                let header = task
                    .header
                    .into_model()
                    .map_err(|e| e.within(&at(&format!("tasks[{t}].header"))))?;
                let priority = match task.priority {
                    Priority::Low => serbench_model::Priority::Low,
                    Priority::Medium => serbench_model::Priority::Medium,
                    Priority::High => serbench_model::Priority::High,
                    Priority::Critical => serbench_model::Priority::Critical,
                    Priority::Unknown => {
                        return Err(unknown(at(&format!("tasks[{t}].priority")), "priority"));
                    }
                };
                tasks.push(serbench_model::Task {
                    header,
                    description: task.description,
                    priority,
                    completed: task.completed,
                });
            }
            lists.push(serbench_model::TaskList { header, tasks });
        }
        Ok(Self {
            user: mirror.user,
            version: serbench_model::Version {
                segments: mirror.version,
            },
            lists,
        })
    }
}

impl Mirrored for serbench_model::SensorReading {
    type Mirror = SensorReading;
    const HEAD: [u8; 12] = [
        0x01, 0xff, 0x1c, 0x00, 0x60, 0x70, 0xbf, 0x3d, 0xb5, 0x62, 0xce, 0x4a,
    ];

    fn register(fory: &mut fory::Fory) -> Result<(), fory::Error> {
        fory.register::<SensorReading>(111)?;
        Ok(())
    }

    fn to_mirror(&self) -> SensorReading {
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

    fn from_mirror(m: SensorReading) -> Result<Self, Invalid> {
        Ok(Self {
            sensor_id: m.sensor_id,
            ambient_temperature: m.ambient_temperature,
            object_temperature: m.object_temperature,
            accelerometer_x: m.accelerometer_x,
            accelerometer_y: m.accelerometer_y,
            accelerometer_z: m.accelerometer_z,
            altitude: m.altitude,
            light: m.light,
            humidity: m.humidity,
        })
    }
}

impl Mirrored for serbench_model::Graph {
    type Mirror = Graph;
    const HEAD: [u8; 12] = [
        0x01, 0xff, 0x1c, 0x00, 0x10, 0xb0, 0x92, 0xec, 0x22, 0x39, 0xa6, 0x6b,
    ];

    fn register(fory: &mut fory::Fory) -> Result<(), fory::Error> {
        fory.register::<Graph>(121)?;
        fory.register::<Node>(122)?;
        fory.register::<Edge>(123)?;
        Ok(())
    }

    fn to_mirror(&self) -> Graph {
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

    fn from_mirror(m: Graph) -> Result<Self, Invalid> {
        Ok(Self {
            nodes: m
                .nodes
                .into_iter()
                .map(|node| serbench_model::Node {
                    id: node.id,
                    name: node.name,
                    out_edges: node.out_edges,
                    in_edges: node.in_edges,
                })
                .collect(),
            edges: m
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
    const HEAD: [u8; 12] = [
        0x01, 0xff, 0x1c, 0x00, 0x10, 0xc0, 0xed, 0xca, 0xa3, 0xf7, 0xa4, 0x44,
    ];

    fn register(fory: &mut fory::Fory) -> Result<(), fory::Error> {
        fory.register::<Record>(131)?;
        Ok(())
    }

    fn to_mirror(&self) -> Record {
        Record {
            ids: self.ids.clone(),
            strings: self.strings.clone(),
        }
    }

    fn from_mirror(m: Record) -> Result<Self, Invalid> {
        Ok(Self {
            ids: m.ids,
            strings: m.strings,
        })
    }
}

impl Mirrored for serbench_model::MediaContent {
    type Mirror = MediaContent;
    const HEAD: [u8; 12] = [
        0x01, 0xff, 0x1c, 0x00, 0x10, 0x20, 0x9c, 0x56, 0x8c, 0xb6, 0xfa, 0x25,
    ];

    fn register(fory: &mut fory::Fory) -> Result<(), fory::Error> {
        fory.register::<MediaContent>(141)?;
        fory.register::<Media>(142)?;
        fory.register::<Image>(143)?;
        fory.register::<Player>(144)?;
        fory.register::<Size>(145)?;
        Ok(())
    }

    fn to_mirror(&self) -> MediaContent {
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

    fn from_mirror(m: MediaContent) -> Result<Self, Invalid> {
        let media = m.media;
        let player = match media.player {
            Player::Java => serbench_model::Player::Java,
            Player::Flash => serbench_model::Player::Flash,
            Player::Unknown => return Err(unknown("media.player".to_owned(), "player")),
        };
        let mut images = Vec::with_capacity(m.images.len());
        for (i, image) in m.images.into_iter().enumerate() {
            let size = match image.size {
                Size::Small => serbench_model::Size::Small,
                Size::Large => serbench_model::Size::Large,
                Size::Unknown => return Err(unknown(format!("images[{i}].size"), "size")),
            };
            images.push(serbench_model::Image {
                uri: image.uri,
                title: image.title,
                width: image.width,
                height: image.height,
                size,
            });
        }
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
                player,
                copyright: media.copyright,
            },
            images,
        })
    }
}
