//! The model borrowed into the shapes of [`crate::read`] for encoding:
//! strings are borrowed, so encoding copies no text (bitcode encodes a
//! `&str` but no other borrowed slice, so integer lists are copied). Each
//! type writes the same bytes as its owned twin in `read`.

#![allow(
    clippy::ref_option_ref,
    reason = "bitcode's derive takes each field by reference, and an `Option<&str>` field is what \
              borrows an optional string"
)]

use bitcode::Encode;
use serbench_model::__private::forms;
use serbench_model::{self as model, Color};

use crate::read::{Created, Edge, Player, Priority, Size};

#[derive(Encode)]
pub(crate) struct TaskManager<'a> {
    user: &'a str,
    version: Vec<u32>,
    lists: Vec<TaskList<'a>>,
}

#[derive(Encode)]
struct TaskList<'a> {
    header: Header<'a>,
    tasks: Vec<Task<'a>>,
}

#[derive(Encode)]
struct Task<'a> {
    header: Header<'a>,
    description: &'a str,
    priority: Priority,
    completed: bool,
}

#[derive(Encode)]
struct Header<'a> {
    id: [u8; 16],
    name: &'a str,
    color: u32,
    created: Created,
}

impl<'a> TaskManager<'a> {
    pub(crate) fn new(value: &'a model::TaskManager) -> Self {
        Self {
            user: &value.user,
            version: value.version.segments.clone(),
            lists: value
                .lists
                .iter()
                .map(|list| TaskList {
                    header: Header::new(&list.header),
                    tasks: list.tasks.iter().map(Task::new).collect(),
                })
                .collect(),
        }
    }
}

impl<'a> Task<'a> {
    fn new(task: &'a model::Task) -> Self {
        Self {
            header: Header::new(&task.header),
            description: &task.description,
            priority: match task.priority {
                model::Priority::Low => Priority::Low,
                model::Priority::Medium => Priority::Medium,
                model::Priority::High => Priority::High,
                model::Priority::Critical => Priority::Critical,
            },
            completed: task.completed,
        }
    }
}

impl<'a> Header<'a> {
    fn new(header: &'a model::TaskHeader) -> Self {
        let (seconds, nanos, offset_seconds) = forms::timestamp_parts(&header.created);
        Self {
            id: header.id.into_bytes(),
            name: &header.name,
            color: Color::argb(header.color),
            created: Created {
                seconds,
                nanos,
                offset_seconds,
            },
        }
    }
}

#[derive(Encode)]
pub(crate) struct SensorReading<'a> {
    sensor_id: &'a str,
    ambient_temperature: f64,
    object_temperature: f64,
    accelerometer_x: f64,
    accelerometer_y: f64,
    accelerometer_z: f64,
    altitude: f64,
    light: f64,
    humidity: f64,
}

impl<'a> SensorReading<'a> {
    pub(crate) fn new(value: &'a model::SensorReading) -> Self {
        Self {
            sensor_id: &value.sensor_id,
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
}

#[derive(Encode)]
pub(crate) struct Graph<'a> {
    nodes: Vec<Node<'a>>,
    edges: Vec<Edge>,
}

#[derive(Encode)]
struct Node<'a> {
    id: u16,
    name: &'a str,
    out_edges: Vec<u32>,
    in_edges: Vec<u32>,
}

impl<'a> Graph<'a> {
    pub(crate) fn new(value: &'a model::Graph) -> Self {
        Self {
            nodes: value
                .nodes
                .iter()
                .map(|node| Node {
                    id: node.id,
                    name: &node.name,
                    out_edges: node.out_edges.clone(),
                    in_edges: node.in_edges.clone(),
                })
                .collect(),
            edges: value
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
}

#[derive(Encode)]
pub(crate) struct Record<'a> {
    ids: Vec<i64>,
    strings: Vec<&'a str>,
}

impl<'a> Record<'a> {
    pub(crate) fn new(value: &'a model::Record) -> Self {
        Self {
            ids: value.ids.clone(),
            strings: value.strings.iter().map(String::as_str).collect(),
        }
    }
}

#[derive(Encode)]
pub(crate) struct MediaContent<'a> {
    media: Media<'a>,
    images: Vec<Image<'a>>,
}

#[derive(Encode)]
struct Media<'a> {
    uri: &'a str,
    title: Option<&'a str>,
    width: i32,
    height: i32,
    format: &'a str,
    duration: i64,
    size: i64,
    bitrate: Option<i32>,
    persons: Vec<&'a str>,
    player: Player,
    copyright: Option<&'a str>,
}

#[derive(Encode)]
struct Image<'a> {
    uri: &'a str,
    title: Option<&'a str>,
    width: i32,
    height: i32,
    size: Size,
}

impl<'a> MediaContent<'a> {
    pub(crate) fn new(value: &'a model::MediaContent) -> Self {
        let media = &value.media;
        Self {
            media: Media {
                uri: &media.uri,
                title: media.title.as_deref(),
                width: media.width,
                height: media.height,
                format: &media.format,
                duration: media.duration,
                size: media.size,
                bitrate: media.bitrate,
                persons: media.persons.iter().map(String::as_str).collect(),
                player: match media.player {
                    model::Player::Java => Player::Java,
                    model::Player::Flash => Player::Flash,
                },
                copyright: media.copyright.as_deref(),
            },
            images: value
                .images
                .iter()
                .map(|image| Image {
                    uri: &image.uri,
                    title: image.title.as_deref(),
                    width: image.width,
                    height: image.height,
                    size: match image.size {
                        model::Size::Small => Size::Small,
                        model::Size::Large => Size::Large,
                    },
                })
                .collect(),
        }
    }
}
