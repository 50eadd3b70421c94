//! task-manager ↔ `serbench.TaskManager` (`schemas/task-manager.proto`).

use serbench_model::forms;
use serbench_model::{Color, Priority, Task, TaskHeader, TaskList, TaskManager, Uuid, Version};

use prost::encoding::{self, WireType};

use crate::proto;
use crate::read::{Delimited, ReadError, Within, bytes, ctx, repeated, required, skip};
use crate::wire::Wire;

impl Wire for TaskManager {
    type Message = proto::TaskManager;

    fn build(&self) -> proto::TaskManager {
        proto::TaskManager {
            user: self.user.clone(),
            version: self.version.segments.clone(),
            lists: self
                .lists
                .iter()
                .map(|list| proto::TaskList {
                    header: Some(build_header(&list.header)),
                    tasks: list.tasks.iter().map(build_task).collect(),
                })
                .collect(),
        }
    }

    fn read(buf: &mut &[u8]) -> Result<Self, ReadError> {
        let message = Delimited::root(buf);
        let mut manager = TaskManager {
            user: String::new(),
            version: Version::default(),
            lists: Vec::new(),
        };
        if let Some(tally) = message.tally() {
            manager.lists.reserve_exact(tally.count(3));
        }
        while let Some((tag, wire_type)) = message.next_key(buf)? {
            match tag {
                1 => encoding::string::merge(wire_type, &mut manager.user, buf, ctx())
                    .field("user")?,
                2 => repeated(
                    wire_type,
                    buf,
                    encoding::uint32::merge,
                    &mut manager.version.segments,
                )
                .field("version")?,
                3 => {
                    let list = read_list(wire_type, buf).item("lists", manager.lists.len())?;
                    manager.lists.push(list);
                }
                _ => skip(tag, wire_type, buf)?,
            }
        }
        Ok(manager)
    }

    fn from_message(message: proto::TaskManager) -> Result<Self, ReadError> {
        let lists = message
            .lists
            .into_iter()
            .enumerate()
            .map(|(index, list)| list_from(list).item("lists", index))
            .collect::<Result<_, _>>()?;
        Ok(TaskManager {
            user: message.user,
            version: Version {
                segments: message.version,
            },
            lists,
        })
    }
}

fn list_from(list: proto::TaskList) -> Result<TaskList, ReadError> {
    let header = header_from(list.header)?;
    let tasks = list
        .tasks
        .into_iter()
        .enumerate()
        .map(|(index, task)| task_from(task).item("tasks", index))
        .collect::<Result<_, _>>()?;
    Ok(TaskList { header, tasks })
}

fn task_from(task: proto::Task) -> Result<Task, ReadError> {
    Ok(Task {
        header: header_from(task.header)?,
        description: task.description,
        priority: read_priority(task.priority)?,
        completed: task.completed,
    })
}

/// The model's header from a decoded message, checked as [`finish_header`]
/// checks one read field by field.
fn header_from(header: Option<proto::TaskHeader>) -> Result<TaskHeader, ReadError> {
    let Some(header) = header else {
        return finish_header(None);
    };
    finish_header(Some(Header {
        id: &header.id,
        name: header.name,
        color: header.color,
        seconds: header.created_seconds,
        nanos: header.created_nanos,
        offset: header.created_offset_seconds,
    }))
}

fn read_list(wire_type: WireType, buf: &mut &[u8]) -> Result<TaskList, ReadError> {
    let message = Delimited::read(wire_type, buf)?;
    let mut header = None;
    let mut tasks = Vec::new();
    if let Some(tally) = message.tally() {
        tally.require(1, "header")?;
        tasks.reserve_exact(tally.count(2));
    }
    while let Some((tag, wire_type)) = message.next_key(buf)? {
        match tag {
            1 => read_header(wire_type, header.get_or_insert_default(), buf).field("header")?,
            2 => {
                let task = read_task(wire_type, buf).item("tasks", tasks.len())?;
                tasks.push(task);
            }
            _ => skip(tag, wire_type, buf)?,
        }
    }
    Ok(TaskList {
        header: finish_header(header)?,
        tasks,
    })
}

fn build_task(task: &Task) -> proto::Task {
    proto::Task {
        header: Some(build_header(&task.header)),
        description: task.description.clone(),
        priority: build_priority(task.priority).into(),
        completed: task.completed,
    }
}

fn read_task(wire_type: WireType, buf: &mut &[u8]) -> Result<Task, ReadError> {
    let message = Delimited::read(wire_type, buf)?;
    let mut header = None;
    let mut description = String::new();
    let mut priority = 0;
    let mut completed = false;
    while let Some((tag, wire_type)) = message.next_key(buf)? {
        match tag {
            1 => read_header(wire_type, header.get_or_insert_default(), buf).field("header")?,
            2 => encoding::string::merge(wire_type, &mut description, buf, ctx())
                .field("description")?,
            3 => encoding::int32::merge(wire_type, &mut priority, buf, ctx()).field("priority")?,
            4 => encoding::bool::merge(wire_type, &mut completed, buf, ctx()).field("completed")?,
            _ => skip(tag, wire_type, buf)?,
        }
    }
    Ok(Task {
        header: finish_header(header)?,
        description,
        priority: read_priority(priority)?,
        completed,
    })
}

fn build_header(header: &TaskHeader) -> proto::TaskHeader {
    let (seconds, nanos, offset) = forms::timestamp_parts(&header.created);
    proto::TaskHeader {
        id: header.id.as_bytes().to_vec(),
        name: header.name.clone(),
        color: header.color.argb(),
        created_seconds: seconds,
        created_nanos: nanos,
        created_offset_seconds: offset,
    }
}

/// A `TaskHeader` message as its fields arrive, its name a `String` or,
/// for buffa's borrowed decode, lent text. It becomes the model's header
/// only once the message holding it ends, as a header given twice merges
/// field by field.
#[derive(Default)]
pub(crate) struct Header<'a, S = String> {
    pub(crate) id: &'a [u8],
    pub(crate) name: S,
    pub(crate) color: u32,
    pub(crate) seconds: i64,
    pub(crate) nanos: u32,
    pub(crate) offset: i32,
}

fn read_header<'a>(
    wire_type: WireType,
    header: &mut Header<'a>,
    buf: &mut &'a [u8],
) -> Result<(), ReadError> {
    let message = Delimited::read(wire_type, buf)?;
    while let Some((tag, wire_type)) = message.next_key(buf)? {
        match tag {
            1 => header.id = bytes(wire_type, buf).field("id")?,
            2 => encoding::string::merge(wire_type, &mut header.name, buf, ctx()).field("name")?,
            3 => {
                encoding::fixed32::merge(wire_type, &mut header.color, buf, ctx())
                    .field("color")?;
            }
            4 => encoding::sint64::merge(wire_type, &mut header.seconds, buf, ctx())
                .field("created_seconds")?,
            5 => encoding::fixed32::merge(wire_type, &mut header.nanos, buf, ctx())
                .field("created_nanos")?,
            6 => encoding::sint32::merge(wire_type, &mut header.offset, buf, ctx())
                .field("created_offset_seconds")?,
            _ => skip(tag, wire_type, buf)?,
        }
    }
    Ok(())
}

/// The required header of a list or task, once its message has ended.
pub(crate) fn finish_header<S>(header: Option<Header<'_, S>>) -> Result<TaskHeader<S>, ReadError> {
    let header = required(header, "header")?;
    let id = <[u8; 16]>::try_from(header.id).map_err(|_| {
        let len = header.id.len();
        ReadError::invalid(format!("has {len} bytes; a UUID has 16"))
            .field("id")
            .field("header")
    })?;
    let created = forms::timestamp_from_parts(header.seconds, header.nanos, header.offset)
        .map_err(|error| {
            ReadError::invalid(format!("has no valid creation time: {error}")).field("header")
        })?;
    Ok(TaskHeader {
        id: Uuid::from_bytes(id),
        name: header.name,
        color: Color::from_argb(header.color),
        created,
    })
}

fn build_priority(priority: Priority) -> proto::Priority {
    match priority {
        Priority::Low => proto::Priority::Low,
        Priority::Medium => proto::Priority::Medium,
        Priority::High => proto::Priority::High,
        Priority::Critical => proto::Priority::Critical,
    }
}

pub(crate) fn read_priority(value: i32) -> Result<Priority, ReadError> {
    match proto::Priority::try_from(value) {
        Ok(proto::Priority::Low) => Ok(Priority::Low),
        Ok(proto::Priority::Medium) => Ok(Priority::Medium),
        Ok(proto::Priority::High) => Ok(Priority::High),
        Ok(proto::Priority::Critical) => Ok(Priority::Critical),
        Err(_) => Err(
            ReadError::invalid(format!("is {value}, not a Priority (0 to 3)")).field("priority"),
        ),
    }
}
