//! The task-manager in the Qt layout, through cbor4ii's core API: the same
//! items, keys and tags as [`crate::task_manager`] writes with ciborium.
//!
//! Maps are read key by key in any order, definite or indefinite; an
//! unknown, repeated or missing key is an error, as with serde's derive.
//! Tags were checked before ([`crate::wellformed`]): each `id` and
//! `created` has exactly its one tag, which is read and skipped here.
//!
//! One reader builds both forms, generic over the string type
//! ([`TextRead`]): `String` for the decode, [`Text`] for the borrow, which
//! lends every text string of definite length and owns the joined chunks
//! of an indefinite one, so the two read the same items with the same
//! checks.

use std::borrow::Cow;

use cbor4ii::core::dec::{self, Decode};
use cbor4ii::core::enc::{self, Encode};
use cbor4ii::core::types::{Bytes, Map, Tag};
use cbor4ii::core::utils::{BufWriter, SliceReader};
use serbench_model::excerpt::shown_name;
use serbench_model::forms;
use serbench_model::{
    Color, OffsetDateTime, Priority, Task, TaskHeader, TaskList, TaskManager, Text, Uuid, Version,
};

use super::Fault;

/// RFC 8949's standard date/time string, which `QCborValue(QDateTime)` writes.
const TAG_DATE_TIME: u64 = 0;
/// The IANA-registered binary UUID, which `QCborValue(QUuid)` writes.
const TAG_UUID: u64 = 37;

type Reader<'de> = SliceReader<'de>;
type WriteError = enc::Error<std::collections::TryReserveError>;

/// Appends `manager` to `out`.
pub(super) fn write(manager: &TaskManager, out: &mut Vec<u8>) -> Result<(), String> {
    let mut writer = BufWriter::new(std::mem::take(out));
    let written = write_manager(manager, &mut writer);
    *out = writer.into_inner();
    written
}

fn write_manager(manager: &TaskManager, w: &mut BufWriter) -> Result<(), String> {
    let io = |error: WriteError| error.to_string();
    Map::bounded(3, w).map_err(io)?;
    "user".encode(w).map_err(io)?;
    manager.user.as_str().encode(w).map_err(io)?;
    "version".encode(w).map_err(io)?;
    manager.version.to_string().encode(w).map_err(io)?;
    "lists".encode(w).map_err(io)?;
    cbor4ii::core::types::Array::bounded(manager.lists.len(), w).map_err(io)?;
    for list in &manager.lists {
        Map::bounded(2, w).map_err(io)?;
        "header".encode(w).map_err(io)?;
        write_header(&list.header, w)?;
        "tasks".encode(w).map_err(io)?;
        cbor4ii::core::types::Array::bounded(list.tasks.len(), w).map_err(io)?;
        for task in &list.tasks {
            Map::bounded(4, w).map_err(io)?;
            "header".encode(w).map_err(io)?;
            write_header(&task.header, w)?;
            "description".encode(w).map_err(io)?;
            task.description.as_str().encode(w).map_err(io)?;
            "priority".encode(w).map_err(io)?;
            (task.priority as u8).encode(w).map_err(io)?;
            "completed".encode(w).map_err(io)?;
            task.completed.encode(w).map_err(io)?;
        }
    }
    Ok(())
}

fn write_header(header: &TaskHeader, w: &mut BufWriter) -> Result<(), String> {
    let io = |error: WriteError| error.to_string();
    let created = forms::timestamp_text(&header.created).map_err(|error| error.to_string())?;
    Map::bounded(4, w).map_err(io)?;
    "id".encode(w).map_err(io)?;
    Tag(TAG_UUID, Bytes(&header.id.as_bytes()[..]))
        .encode(w)
        .map_err(io)?;
    "name".encode(w).map_err(io)?;
    header.name.as_str().encode(w).map_err(io)?;
    "color".encode(w).map_err(io)?;
    (&*forms::color_text(header.color)).encode(w).map_err(io)?;
    "created".encode(w).map_err(io)?;
    Tag(TAG_DATE_TIME, &*created).encode(w).map_err(io)
}

/// A string type the reader builds: what it reads where the layout has
/// text that the model keeps as text.
pub(super) trait TextRead<'de>: Sized {
    fn read(r: &mut Reader<'de>) -> Result<Self, Fault>;
}

impl<'de> TextRead<'de> for String {
    fn read(r: &mut Reader<'de>) -> Result<Self, Fault> {
        Ok(String::decode(r)?)
    }
}

/// cbor4ii lends a definite-length string from the input; it joins the
/// chunks of an indefinite one into a `String`, checked as `String` is.
impl<'de> TextRead<'de> for Text<'de> {
    fn read(r: &mut Reader<'de>) -> Result<Self, Fault> {
        Ok(Text(<Cow<'de, str>>::decode(r)?))
    }
}

/// Reads the task-manager that fills the reader (the pass before made sure
/// nothing follows it).
pub(super) fn read<'de, S: TextRead<'de>>(r: &mut Reader<'de>) -> Result<TaskManager<S>, Fault> {
    let (mut user, mut version, mut lists) = (None, None, None);
    fields(r, &["user", "version", "lists"], |field, r| {
        match field {
            0 => user = Some(S::read(r)?),
            1 => version = Some(text(r, "a version", str::parse::<Version>)?),
            _ => lists = Some(items(r, read_list)?),
        }
        Ok(())
    })?;
    Ok(TaskManager {
        user: need(user, "user")?,
        version: need(version, "version")?,
        lists: need(lists, "lists")?,
    })
}

fn read_list<'de, S: TextRead<'de>>(r: &mut Reader<'de>) -> Result<TaskList<S>, Fault> {
    let (mut header, mut tasks) = (None, None);
    fields(r, &["header", "tasks"], |field, r| {
        match field {
            0 => header = Some(read_header(r)?),
            _ => tasks = Some(items(r, read_task)?),
        }
        Ok(())
    })?;
    Ok(TaskList {
        header: need(header, "header")?,
        tasks: need(tasks, "tasks")?,
    })
}

fn read_task<'de, S: TextRead<'de>>(r: &mut Reader<'de>) -> Result<Task<S>, Fault> {
    let (mut header, mut description, mut priority, mut completed) = (None, None, None, None);
    fields(
        r,
        &["header", "description", "priority", "completed"],
        |field, r| {
            match field {
                0 => header = Some(read_header(r)?),
                1 => description = Some(S::read(r)?),
                2 => {
                    let value = u8::decode(r)?;
                    let known = Priority::from_u8(value).ok_or_else(|| {
                        Fault::invalid(format!("priority {value}, expected 0 to 3"))
                    })?;
                    priority = Some(known);
                }
                _ => completed = Some(bool::decode(r)?),
            }
            Ok(())
        },
    )?;
    Ok(Task {
        header: need(header, "header")?,
        description: need(description, "description")?,
        priority: need(priority, "priority")?,
        completed: need(completed, "completed")?,
    })
}

fn read_header<'de, S: TextRead<'de>>(r: &mut Reader<'de>) -> Result<TaskHeader<S>, Fault> {
    let (mut id, mut name, mut color, mut created) = (None, None, None, None);
    fields(r, &["id", "name", "color", "created"], |field, r| {
        match field {
            0 => {
                Tag::tag(r)?;
                let Bytes(bytes) = <Bytes<Cow<'_, [u8]>>>::decode(r)?;
                let uuid = Uuid::from_slice(&bytes).map_err(|_| {
                    Fault::invalid(format!("an id of {} bytes, expected 16", bytes.len()))
                })?;
                id = Some(uuid);
            }
            1 => name = Some(S::read(r)?),
            2 => color = Some(text::<Color>(r, "a color", forms::parse_color)?),
            _ => {
                Tag::tag(r)?;
                created = Some(text::<OffsetDateTime>(
                    r,
                    "an RFC 3339 date and time",
                    forms::parse_timestamp,
                )?);
            }
        }
        Ok(())
    })?;
    Ok(TaskHeader {
        id: need(id, "id")?,
        name: need(name, "name")?,
        color: need(color, "color")?,
        created: need(created, "created")?,
    })
}

/// A field that must be there.
fn need<T>(value: Option<T>, name: &str) -> Result<T, Fault> {
    value.ok_or_else(|| Fault::invalid(format!("missing field `{name}`")))
}

/// A value in a text form, parsed by `parse`.
fn text<T>(
    r: &mut Reader<'_>,
    expecting: &str,
    parse: impl FnOnce(&str) -> Result<T, forms::FormError>,
) -> Result<T, Fault> {
    let text = <Cow<'_, str>>::decode(r)?;
    parse(&text).map_err(|error| Fault::invalid(format!("{error}, expected {expecting}")))
}

/// An array of items, reserving at most 4 KiB ahead of what arrives.
fn items<'de, T>(
    r: &mut Reader<'de>,
    mut item: impl FnMut(&mut Reader<'de>) -> Result<T, Fault>,
) -> Result<Vec<T>, Fault> {
    let len = cbor4ii::core::types::Array::len(r)?;
    let most = 4096 / size_of::<T>().max(1);
    let mut items = Vec::with_capacity(len.unwrap_or(0).min(most));
    match len {
        Some(len) => {
            for _ in 0..len {
                items.push(item(r)?);
            }
        }
        None => {
            while !dec::is_break(r)? {
                items.push(item(r)?);
            }
        }
    }
    Ok(items)
}

/// Reads a map whose keys are `names`, calling `field` with the index of
/// each key read; an unknown or repeated key is an error.
fn fields<'de, const N: usize>(
    r: &mut Reader<'de>,
    names: &[&str; N],
    mut field: impl FnMut(usize, &mut Reader<'de>) -> Result<(), Fault>,
) -> Result<(), Fault> {
    let mut seen = [false; N];
    let mut entry = |r: &mut Reader<'de>| {
        let key = <Cow<'_, str>>::decode(r)?;
        let index = names
            .iter()
            .position(|name| **name == *key)
            .ok_or_else(|| Fault::invalid(format!("unknown field `{}`", shown_name(&key))))?;
        if std::mem::replace(&mut seen[index], true) {
            return Err(Fault::invalid(format!("duplicate field `{key}`")));
        }
        field(index, r)
    };
    match Map::len(r)? {
        Some(len) => {
            for _ in 0..len {
                entry(r)?;
            }
        }
        None => {
            while !dec::is_break(r)? {
                entry(r)?;
            }
        }
    }
    Ok(())
}
