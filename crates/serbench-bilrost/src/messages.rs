//! The Bilrost messages of the datasets: the model's shape with
//! bilrost's derive and a tag on every field, as a bilrost user writes
//! their own types, and the conversions to and from the model.
//!
//! The model's `mirror!` types have no field attributes, and bilrost needs
//! them here: an enumeration's variants take explicit values, and a
//! color or a list of integers takes an encoding other than the general
//! one. So the crate declares its own messages, one set for both
//! directions: texts and integer lists are `Cow`s, borrowed from the
//! model when encoding (no text is copied), owned when bilrost's
//! `OwnedMessage::decode` fills them, and borrowed from the input when
//! `BorrowedMessage::decode_borrowed` does (the codec's borrow). One
//! conversion per dataset, generic over the model's string type ([`Str`]),
//! serves both decodes, so the two run the same checks.
//!
//! Tags follow serbench-protobuf's field numbers where the shapes agree.
//! rust_serialization_benchmark's four datasets are RSB's own messages
//! (the `rsb` module).

mod rsb;

use std::borrow::Cow;

use bilrost::{Enumeration, Message};
use serbench_model::{Color, Str, Uuid, forms};

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

/// A dataset and its Bilrost message.
pub(crate) trait Messaged: serbench_model::Dataset {
    /// The root message, borrowing from the model, or the input, for `'a`.
    type Message<'a>: Message
    where
        Self: 'a;

    /// The value borrowed into its message.
    fn message(&self) -> Self::Message<'_>;

    /// The model value a decoded message holds.
    fn from_message(message: Self::Message<'static>) -> Result<Self, Invalid>;

    /// The model's borrowed form a message decoded borrowed holds: the
    /// same conversion and checks as [`Messaged::from_message`].
    fn lent(message: Self::Message<'_>) -> Result<Self::Borrowed<'_>, Invalid>;
}

// task-manager

#[derive(Message)]
pub(crate) struct TaskManager<'a> {
    #[bilrost(1)]
    user: Cow<'a, str>,
    /// The segments packed into one length-delimited field.
    #[bilrost(tag(2), encoding(packed))]
    version: Cow<'a, [u32]>,
    #[bilrost(3)]
    lists: Vec<TaskList<'a>>,
}

#[derive(Message)]
pub(crate) struct TaskList<'a> {
    #[bilrost(1)]
    header: Header<'a>,
    #[bilrost(2)]
    tasks: Vec<Task<'a>>,
}

#[derive(Message)]
pub(crate) struct Task<'a> {
    #[bilrost(1)]
    header: Header<'a>,
    #[bilrost(2)]
    description: Cow<'a, str>,
    #[bilrost(3)]
    priority: Priority,
    #[bilrost(4)]
    completed: bool,
}

/// A list's or task's header; the creation time is the parts
/// `forms::timestamp_parts` gives, as three plain integers.
#[derive(Message)]
pub(crate) struct Header<'a> {
    #[bilrost(tag(1), encoding(plainbytes))]
    id: [u8; 16],
    #[bilrost(2)]
    name: Cow<'a, str>,
    /// `0xAARRGGBB`, fixed-width: an opaque color takes 5 bytes as a
    /// varint.
    #[bilrost(tag(3), encoding(fixed))]
    color: u32,
    #[bilrost(4)]
    seconds: i64,
    #[bilrost(5)]
    nanos: u32,
    #[bilrost(6)]
    offset_seconds: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Enumeration)]
pub(crate) enum Priority {
    Low = 0,
    Medium = 1,
    High = 2,
    Critical = 3,
}

impl<'a> Header<'a> {
    fn new(header: &'a serbench_model::TaskHeader) -> Self {
        let (seconds, nanos, offset_seconds) = forms::timestamp_parts(&header.created);
        Self {
            id: header.id.into_bytes(),
            name: Cow::Borrowed(&header.name),
            color: header.color.argb(),
            seconds,
            nanos,
            offset_seconds,
        }
    }

    fn into_model<S: Str<'a>>(self) -> Result<serbench_model::TaskHeader<S>, Invalid> {
        let created = forms::timestamp_from_parts(self.seconds, self.nanos, self.offset_seconds)
            .map_err(|error| Invalid {
                path: "created".to_owned(),
                message: error.to_string(),
            })?;
        Ok(serbench_model::TaskHeader {
            id: Uuid::from_bytes(self.id),
            name: S::of(self.name),
            color: Color::from_argb(self.color),
            created,
        })
    }
}

impl Messaged for serbench_model::TaskManager {
    type Message<'a> = TaskManager<'a>;

    fn message(&self) -> TaskManager<'_> {
        TaskManager {
            user: Cow::Borrowed(&self.user),
            version: Cow::Borrowed(&self.version.segments),
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
                            description: Cow::Borrowed(&task.description),
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

    fn from_message(message: TaskManager<'static>) -> Result<Self, Invalid> {
        task_manager(message)
    }

    fn lent(message: Self::Message<'_>) -> Result<Self::Borrowed<'_>, Invalid> {
        task_manager(message)
    }
}

fn task_manager<'a, S: Str<'a>>(
    message: TaskManager<'a>,
) -> Result<serbench_model::TaskManager<S>, Invalid> {
    let task = |task: Task<'a>| {
        Ok(serbench_model::Task {
            header: task.header.into_model().map_err(|e| e.within("header"))?,
            description: S::of(task.description),
            priority: match task.priority {
                Priority::Low => serbench_model::Priority::Low,
                Priority::Medium => serbench_model::Priority::Medium,
                Priority::High => serbench_model::Priority::High,
                Priority::Critical => serbench_model::Priority::Critical,
            },
            completed: task.completed,
        })
    };
    let list = |list: TaskList<'a>| {
        Ok(serbench_model::TaskList {
            header: list.header.into_model().map_err(|e| e.within("header"))?,
            tasks: each(list.tasks, "tasks", task)?,
        })
    };
    Ok(serbench_model::TaskManager {
        user: S::of(message.user),
        version: serbench_model::Version {
            segments: message.version.into_owned(),
        },
        lists: each(message.lists, "lists", list)?,
    })
}

// telemetry

/// The eight readings are `f64`s, which bilrost's general encoding writes
/// fixed-width (8 bytes, their exact bits); one that is `+0.0` is empty
/// and left out, `-0.0` is not.
#[derive(Message)]
pub(crate) struct SensorReading<'a> {
    #[bilrost(1)]
    sensor_id: Cow<'a, str>,
    #[bilrost(2)]
    ambient_temperature: f64,
    #[bilrost(3)]
    object_temperature: f64,
    #[bilrost(4)]
    accelerometer_x: f64,
    #[bilrost(5)]
    accelerometer_y: f64,
    #[bilrost(6)]
    accelerometer_z: f64,
    #[bilrost(7)]
    altitude: f64,
    #[bilrost(8)]
    light: f64,
    #[bilrost(9)]
    humidity: f64,
}

impl Messaged for serbench_model::SensorReading {
    type Message<'a> = SensorReading<'a>;

    fn message(&self) -> SensorReading<'_> {
        SensorReading {
            sensor_id: Cow::Borrowed(&self.sensor_id),
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

    fn from_message(message: SensorReading<'static>) -> Result<Self, Invalid> {
        Ok(sensor_reading(message))
    }

    fn lent(message: Self::Message<'_>) -> Result<Self::Borrowed<'_>, Invalid> {
        Ok(sensor_reading(message))
    }
}

fn sensor_reading<'a, S: Str<'a>>(message: SensorReading<'a>) -> serbench_model::SensorReading<S> {
    serbench_model::SensorReading {
        sensor_id: S::of(message.sensor_id),
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

// graph

#[derive(Message)]
pub(crate) struct Graph<'a> {
    #[bilrost(1)]
    nodes: Vec<Node<'a>>,
    #[bilrost(2)]
    edges: Vec<Edge>,
}

#[derive(Message)]
pub(crate) struct Node<'a> {
    #[bilrost(1)]
    id: u16,
    #[bilrost(2)]
    name: Cow<'a, str>,
    #[bilrost(tag(3), encoding(packed))]
    out_edges: Cow<'a, [u32]>,
    #[bilrost(tag(4), encoding(packed))]
    in_edges: Cow<'a, [u32]>,
}

#[derive(Message)]
pub(crate) struct Edge {
    #[bilrost(1)]
    from: u32,
    #[bilrost(2)]
    to: u32,
    #[bilrost(3)]
    weight: u16,
}

impl Messaged for serbench_model::Graph {
    type Message<'a> = Graph<'a>;

    fn message(&self) -> Graph<'_> {
        Graph {
            nodes: self
                .nodes
                .iter()
                .map(|node| Node {
                    id: node.id,
                    name: Cow::Borrowed(&node.name),
                    out_edges: Cow::Borrowed(&node.out_edges),
                    in_edges: Cow::Borrowed(&node.in_edges),
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

    fn from_message(message: Graph<'static>) -> Result<Self, Invalid> {
        Ok(graph(message))
    }

    fn lent(message: Self::Message<'_>) -> Result<Self::Borrowed<'_>, Invalid> {
        Ok(graph(message))
    }
}

fn graph<'a, S: Str<'a>>(message: Graph<'a>) -> serbench_model::Graph<S> {
    serbench_model::Graph {
        nodes: message
            .nodes
            .into_iter()
            .map(|node| serbench_model::Node {
                id: node.id,
                name: S::of(node.name),
                out_edges: node.out_edges.into_owned(),
                in_edges: node.in_edges.into_owned(),
            })
            .collect(),
        edges: message
            .edges
            .into_iter()
            .map(|edge| serbench_model::Edge {
                from: edge.from,
                to: edge.to,
                weight: edge.weight,
            })
            .collect(),
    }
}

// records

#[derive(Message)]
pub(crate) struct Record<'a> {
    /// Signed varints, packed.
    #[bilrost(tag(1), encoding(packed))]
    ids: Cow<'a, [i64]>,
    /// One field per string, as a repeated message field is.
    #[bilrost(2)]
    strings: Vec<Cow<'a, str>>,
}

impl Messaged for serbench_model::Record {
    type Message<'a> = Record<'a>;

    fn message(&self) -> Record<'_> {
        Record {
            ids: Cow::Borrowed(&self.ids),
            strings: self
                .strings
                .iter()
                .map(|s| Cow::Borrowed(s.as_str()))
                .collect(),
        }
    }

    fn from_message(message: Record<'static>) -> Result<Self, Invalid> {
        Ok(record(message))
    }

    fn lent(message: Self::Message<'_>) -> Result<Self::Borrowed<'_>, Invalid> {
        Ok(record(message))
    }
}

fn record<'a, S: Str<'a>>(message: Record<'a>) -> serbench_model::Record<S> {
    serbench_model::Record {
        ids: message.ids.into_owned(),
        strings: message.strings.into_iter().map(S::of).collect(),
    }
}

// media

#[derive(Message)]
pub(crate) struct MediaContent<'a> {
    #[bilrost(1)]
    media: Media<'a>,
    #[bilrost(2)]
    images: Vec<Image<'a>>,
}

/// The options are `Option`s: absent is `None`, present and empty is
/// `Some("")`.
#[derive(Message)]
pub(crate) struct Media<'a> {
    #[bilrost(1)]
    uri: Cow<'a, str>,
    #[bilrost(2)]
    title: Option<Cow<'a, str>>,
    #[bilrost(3)]
    width: i32,
    #[bilrost(4)]
    height: i32,
    #[bilrost(5)]
    format: Cow<'a, str>,
    #[bilrost(6)]
    duration: i64,
    #[bilrost(7)]
    size: i64,
    #[bilrost(8)]
    bitrate: Option<i32>,
    #[bilrost(9)]
    persons: Vec<Cow<'a, str>>,
    #[bilrost(10)]
    player: Player,
    #[bilrost(11)]
    copyright: Option<Cow<'a, str>>,
}

#[derive(Message)]
pub(crate) struct Image<'a> {
    #[bilrost(1)]
    uri: Cow<'a, str>,
    #[bilrost(2)]
    title: Option<Cow<'a, str>>,
    #[bilrost(3)]
    width: i32,
    #[bilrost(4)]
    height: i32,
    #[bilrost(5)]
    size: Size,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Enumeration)]
pub(crate) enum Player {
    Java = 0,
    Flash = 1,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Enumeration)]
pub(crate) enum Size {
    Small = 0,
    Large = 1,
}

fn borrowed(text: Option<&String>) -> Option<Cow<'_, str>> {
    text.map(|text| Cow::Borrowed(text.as_str()))
}

impl Messaged for serbench_model::MediaContent {
    type Message<'a> = MediaContent<'a>;

    fn message(&self) -> MediaContent<'_> {
        let media = &self.media;
        MediaContent {
            media: Media {
                uri: Cow::Borrowed(&media.uri),
                title: borrowed(media.title.as_ref()),
                width: media.width,
                height: media.height,
                format: Cow::Borrowed(&media.format),
                duration: media.duration,
                size: media.size,
                bitrate: media.bitrate,
                persons: media
                    .persons
                    .iter()
                    .map(|p| Cow::Borrowed(p.as_str()))
                    .collect(),
                player: match media.player {
                    serbench_model::Player::Java => Player::Java,
                    serbench_model::Player::Flash => Player::Flash,
                },
                copyright: borrowed(media.copyright.as_ref()),
            },
            images: self
                .images
                .iter()
                .map(|image| Image {
                    uri: Cow::Borrowed(&image.uri),
                    title: borrowed(image.title.as_ref()),
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

    fn from_message(message: MediaContent<'static>) -> Result<Self, Invalid> {
        Ok(media_content(message))
    }

    fn lent(message: Self::Message<'_>) -> Result<Self::Borrowed<'_>, Invalid> {
        Ok(media_content(message))
    }
}

fn media_content<'a, S: Str<'a>>(message: MediaContent<'a>) -> serbench_model::MediaContent<S> {
    let media = message.media;
    serbench_model::MediaContent {
        media: serbench_model::Media {
            uri: S::of(media.uri),
            title: media.title.map(S::of),
            width: media.width,
            height: media.height,
            format: S::of(media.format),
            duration: media.duration,
            size: media.size,
            bitrate: media.bitrate,
            persons: media.persons.into_iter().map(S::of).collect(),
            player: match media.player {
                Player::Java => serbench_model::Player::Java,
                Player::Flash => serbench_model::Player::Flash,
            },
            copyright: media.copyright.map(S::of),
        },
        images: message
            .images
            .into_iter()
            .map(|image| serbench_model::Image {
                uri: S::of(image.uri),
                title: image.title.map(S::of),
                width: image.width,
                height: image.height,
                size: match image.size {
                    Size::Small => serbench_model::Size::Small,
                    Size::Large => serbench_model::Size::Large,
                },
            })
            .collect(),
    }
}
