//! The borrowed decode: buffa's lazy views of the root messages, whose
//! strings are slices of the input, into the model's borrowed forms.
//!
//! A lazy view (`TaskManagerLazyView<'a>`) reads its own fields, strings
//! as `&'a str` checked for UTF-8, and keeps each nested message as its
//! bytes until it is read; the conversions below read every one, so the
//! whole message is decoded and checked, as buffa's owned decode checks
//! it. buffa's eager views box every nested message (a header per task),
//! which a lazy view does not: a task-manager borrow allocates the views'
//! lists of element bytes and the model's lists, and nothing per task.
//!
//! The checks beyond the wire are the owned decode's own functions
//! (`finish_header`, `read_priority`, `node_from`, `edges_from`,
//! `reading_from`, `MediaFields::finish`, `size_from`), generic over the
//! string they hold. A conversion that fails returns `None`, and
//! `lend_or_tell` then reports the owned decode's error.

use buffa::{LazyMessageFieldView, LazyMessageView};
use serbench_model::{
    Dataset, Graph, Image, MediaContent, Record, SensorReading, Task, TaskHeader, TaskList,
    TaskManager, Text, Version,
};

use super::messages as b;
use crate::graph::{edges_from, node_from};
use crate::media::{MediaFields, size_from};
use crate::read::required;
use crate::task_manager::{Header, finish_header, read_priority};
use crate::telemetry::reading_from;

/// A dataset and the lazy view of its buffa root message.
pub(crate) trait Lent: Dataset {
    /// The root message's lazy view, borrowing from the input for `'a`.
    type View<'a>: LazyMessageView<'a>;

    /// The borrowed form `view` holds, its text lent from the input;
    /// `None` where a nested message or a check refuses it.
    fn lent(view: Self::View<'_>) -> Option<Self::Borrowed<'_>>;
}

impl Lent for TaskManager {
    type View<'a> = b::TaskManagerLazyView<'a>;

    fn lent(view: Self::View<'_>) -> Option<Self::Borrowed<'_>> {
        let mut lists = Vec::with_capacity(view.lists.len());
        for list in &view.lists {
            let list = list.ok()?;
            let list_header = header(&list.header)?;
            let mut tasks = Vec::with_capacity(list.tasks.len());
            for task in &list.tasks {
                let task = task.ok()?;
                tasks.push(Task {
                    header: header(&task.header)?,
                    description: Text::borrowed(task.description),
                    priority: read_priority(task.priority.to_i32()).ok()?,
                    completed: task.completed,
                });
            }
            lists.push(TaskList {
                header: list_header,
                tasks,
            });
        }
        Some(TaskManager {
            user: Text::borrowed(view.user),
            version: Version {
                // The view's own vector, reused.
                segments: view.version.into_iter().collect(),
            },
            lists,
        })
    }
}

/// The required header of a list or task, read from its bytes.
fn header<'a>(
    field: &LazyMessageFieldView<'a, b::TaskHeaderLazyView<'a>>,
) -> Option<TaskHeader<Text<'a>>> {
    let header = field.get().ok()?.map(|header| Header {
        id: header.id,
        name: Text::borrowed(header.name),
        color: header.color,
        seconds: header.created_seconds,
        nanos: header.created_nanos,
        offset: header.created_offset_seconds,
    });
    finish_header(header).ok()
}

impl Lent for SensorReading {
    type View<'a> = b::SensorReadingLazyView<'a>;

    fn lent(view: Self::View<'_>) -> Option<Self::Borrowed<'_>> {
        let readings = [
            view.ambient_temperature,
            view.object_temperature,
            view.accelerometer_x,
            view.accelerometer_y,
            view.accelerometer_z,
            view.altitude,
            view.light,
            view.humidity,
        ];
        reading_from(Text::borrowed(view.sensor_id), readings).ok()
    }
}

impl Lent for Graph {
    type View<'a> = b::GraphLazyView<'a>;

    fn lent(view: Self::View<'_>) -> Option<Self::Borrowed<'_>> {
        let mut nodes = Vec::with_capacity(view.nodes.len());
        for node in &view.nodes {
            let node = node.ok()?;
            let node = node_from(
                node.id,
                Text::borrowed(node.name),
                node.out_edges.into_iter().collect(),
                node.in_edges.into_iter().collect(),
            );
            nodes.push(node.ok()?);
        }
        let count = view.edge_from.len();
        let edges = edges_from([view.edge_from, view.edge_to, view.edge_weight], count).ok()?;
        Some(Graph { nodes, edges })
    }
}

impl Lent for Record {
    type View<'a> = b::RecordLazyView<'a>;

    fn lent(view: Self::View<'_>) -> Option<Self::Borrowed<'_>> {
        Some(Record {
            ids: view.ids.into_iter().collect(),
            strings: view.strings.into_iter().map(Text::borrowed).collect(),
        })
    }
}

impl Lent for MediaContent {
    type View<'a> = b::MediaContentLazyView<'a>;

    fn lent(view: Self::View<'_>) -> Option<Self::Borrowed<'_>> {
        // Media first, as the owned decode's conversion checks it first.
        let media = required(view.media.get().ok()?, "media").ok()?;
        let media = MediaFields {
            uri: Text::borrowed(media.uri),
            title: media.title.map(Text::borrowed),
            width: media.width,
            height: media.height,
            format: Text::borrowed(media.format),
            duration: media.duration,
            size: media.size,
            bitrate: media.bitrate,
            persons: media.persons.into_iter().map(Text::borrowed).collect(),
            player: media.player.to_i32(),
            copyright: media.copyright.map(Text::borrowed),
        }
        .finish()
        .ok()?;
        let mut images = Vec::with_capacity(view.images.len());
        for image in &view.images {
            let image = image.ok()?;
            images.push(Image {
                size: size_from(image.size.to_i32()).ok()?,
                uri: Text::borrowed(image.uri),
                title: image.title.map(Text::borrowed),
                width: image.width,
                height: image.height,
            });
        }
        Some(MediaContent { media, images })
    }
}
