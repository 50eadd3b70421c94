//! The task-manager as `schemas/task-manager.thrift` describes it.

use serbench_model::forms::{timestamp_from_parts, timestamp_parts};
use serbench_model::{
    Color, ErrorKind, Priority, Task, TaskHeader, TaskList, TaskManager, Uuid, Version,
};
use thrift::protocol::TType;

use crate::Thrift;
use crate::error::{Fail, Fault};
use crate::protocol::{MIN_STRUCT, Protocol};
use crate::read::{Fields, Reader, required};
use crate::write::Writer;

const MANAGER: &Fields = &[
    ("user", TType::String),
    ("version", TType::List),
    ("lists", TType::List),
];
const LIST: &Fields = &[("header", TType::Struct), ("tasks", TType::List)];
const TASK: &Fields = &[
    ("header", TType::Struct),
    ("description", TType::String),
    ("priority", TType::I32),
    ("completed", TType::Bool),
];
const HEADER: &Fields = &[
    ("id", TType::String),
    ("name", TType::String),
    ("color", TType::I32),
    ("created_seconds", TType::I64),
    ("created_nanos", TType::I32),
    ("created_offset_seconds", TType::I32),
];

impl Thrift for TaskManager {
    fn write<P: Protocol>(&self, w: &mut Writer<'_, P>) -> Result<(), Fail> {
        w.structure(|w| {
            w.string_field(1, &self.user, "the user")?;
            // The segments' 32 bits as Thrift's i32.
            w.list_field(
                2,
                &self.version.segments,
                TType::I32,
                "the version",
                |w, s| w.i32(s.cast_signed()),
            )?;
            w.list_field(3, &self.lists, TType::Struct, "the lists", |w, list| {
                w.structure(|w| {
                    w.field(1, TType::Struct, |w| write_header(w, &list.header))?;
                    w.list_field(2, &list.tasks, TType::Struct, "a list's tasks", write_task)
                })
            })
        })
    }

    fn read<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Self, Fault> {
        let at = r.pos();
        let (mut user, mut version, mut lists) = (None, None, None);
        r.fields("TaskManager", MANAGER, |r, field| {
            match field {
                0 => user = Some(r.string("the user")?),
                1 => {
                    version = Some(r.list("the version", TType::I32, P::MIN_I32, |r| {
                        Ok(r.i32("a version segment")?.cast_unsigned())
                    })?);
                }
                _ => lists = Some(r.list("the lists", TType::Struct, MIN_STRUCT, read_list)?),
            }
            Ok(())
        })?;
        Ok(TaskManager {
            user: required(user, at, "TaskManager", "user")?,
            version: Version {
                segments: required(version, at, "TaskManager", "version")?,
            },
            lists: required(lists, at, "TaskManager", "lists")?,
        })
    }
}

fn read_list<P: Protocol>(r: &mut Reader<'_, P>) -> Result<TaskList, Fault> {
    let at = r.pos();
    let (mut header, mut tasks) = (None, None);
    r.fields("TaskList", LIST, |r, field| {
        if field == 0 {
            header = Some(read_header(r)?);
        } else {
            tasks = Some(r.list("a list's tasks", TType::Struct, MIN_STRUCT, read_task)?);
        }
        Ok(())
    })?;
    Ok(TaskList {
        header: required(header, at, "TaskList", "header")?,
        tasks: required(tasks, at, "TaskList", "tasks")?,
    })
}

fn write_task<P: Protocol>(w: &mut Writer<'_, P>, task: &Task) -> Result<(), Fail> {
    w.structure(|w| {
        w.field(1, TType::Struct, |w| write_header(w, &task.header))?;
        w.string_field(2, &task.description, "a task's description")?;
        w.field(3, TType::I32, |w| w.i32(task.priority as i32))?;
        w.field(4, TType::Bool, |w| w.bool(task.completed))
    })
}

fn read_task<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Task, Fault> {
    let at = r.pos();
    let (mut header, mut description, mut priority, mut completed) = (None, None, None, None);
    r.fields("Task", TASK, |r, field| {
        match field {
            0 => header = Some(read_header(r)?),
            1 => description = Some(r.string("a task's description")?),
            2 => {
                let value_at = r.pos();
                let value = r.i32("a task's priority")?;
                priority = Some(
                    u8::try_from(value)
                        .ok()
                        .and_then(Priority::from_u8)
                        .ok_or_else(|| {
                            Fault::new(
                                value_at,
                                ErrorKind::Invalid,
                                format!("a task's priority is {value}, not a Priority (0 to 3)"),
                            )
                        })?,
                );
            }
            _ => completed = Some(r.bool("a task's completed flag")?),
        }
        Ok(())
    })?;
    Ok(Task {
        header: required(header, at, "Task", "header")?,
        description: required(description, at, "Task", "description")?,
        priority: required(priority, at, "Task", "priority")?,
        completed: required(completed, at, "Task", "completed")?,
    })
}

/// `TaskHeader`: id, name, color, then the creation time's three parts.
fn write_header<P: Protocol>(w: &mut Writer<'_, P>, header: &TaskHeader) -> Result<(), Fail> {
    let (seconds, nanos, offset) = timestamp_parts(&header.created);
    w.structure(|w| {
        w.field(1, TType::String, |w| w.bytes(header.id.as_bytes()))?;
        w.string_field(2, &header.name, "a header's name")?;
        w.field(3, TType::I32, |w| w.i32(header.color.argb().cast_signed()))?;
        w.field(4, TType::I64, |w| w.i64(seconds))?;
        // Below 10^9, so always a non-negative i32.
        w.field(5, TType::I32, |w| w.i32(nanos.cast_signed()))?;
        w.field(6, TType::I32, |w| w.i32(offset))
    })
}

fn read_header<P: Protocol>(r: &mut Reader<'_, P>) -> Result<TaskHeader, Fault> {
    let at = r.pos();
    let (mut id, mut name, mut color) = (None, None, None);
    let (mut seconds, mut nanos, mut offset) = (None, None, None);
    r.fields("TaskHeader", HEADER, |r, field| {
        match field {
            0 => id = Some(Uuid::from_bytes(r.bytes::<16>("a header's id")?)),
            1 => name = Some(r.string("a header's name")?),
            2 => color = Some(Color::from_argb(r.i32("a header's color")?.cast_unsigned())),
            3 => seconds = Some(r.i64("a header's created_seconds")?),
            4 => nanos = Some(r.i32("a header's created_nanos")?),
            _ => offset = Some(r.i32("a header's created_offset_seconds")?),
        }
        Ok(())
    })?;
    let seconds = required(seconds, at, "TaskHeader", "created_seconds")?;
    let nanos = required(nanos, at, "TaskHeader", "created_nanos")?;
    let offset = required(offset, at, "TaskHeader", "created_offset_seconds")?;
    let created = u32::try_from(nanos)
        .map_err(|_| format!("timestamp nanoseconds {nanos} are negative"))
        .and_then(|nanos| {
            timestamp_from_parts(seconds, nanos, offset).map_err(|error| error.to_string())
        })
        .map_err(|why| {
            Fault::new(
                at,
                ErrorKind::Invalid,
                format!("a header's creation time: {why}"),
            )
        })?;
    Ok(TaskHeader {
        id: required(id, at, "TaskHeader", "id")?,
        name: required(name, at, "TaskHeader", "name")?,
        color: required(color, at, "TaskHeader", "color")?,
        created,
    })
}
