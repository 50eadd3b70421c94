//! The task-manager in the Qt benchmark's `operator<<` order.

use serbench_model::{ErrorKind, Priority, Task, TaskHeader, TaskList, TaskManager};

use crate::Stream;
use crate::date_time::{self, DateTimes, MIN_DATE_TIME_BYTES};
use crate::error::{Fault, Unsupported};
use crate::qt;
use crate::read::Reader;
use crate::write::Writer;

/// The fewest bytes a header takes: id, empty name, created in UTC, color.
const MIN_HEADER: usize = qt::UUID_BYTES + 4 + MIN_DATE_TIME_BYTES + qt::COLOR_BYTES;
/// A header, an empty description, priority and completed.
const MIN_TASK: usize = MIN_HEADER + 4 + 1 + 1;
/// A header and an empty task list.
const MIN_LIST: usize = MIN_HEADER + 4;

impl Stream for TaskManager {
    fn write(&self, w: &mut Writer<'_>) -> Result<(), Unsupported> {
        w.string(&self.user, "the user")?;
        qt::write_version(w, &self.version)?;
        w.list(&self.lists, "the lists", |w, list| {
            write_header(w, &list.header)?;
            w.list(&list.tasks, "a list's tasks", write_task)
        })
    }

    fn read(r: &mut Reader<'_>) -> Result<Self, Fault> {
        let mut times = DateTimes::default();
        Ok(TaskManager {
            user: r.string("the user")?,
            version: qt::read_version(r)?,
            lists: r.list("the list of task lists", MIN_LIST, |r| {
                Ok(TaskList {
                    header: read_header(r, &mut times, &LIST_HEADER)?,
                    tasks: r.list("a list's tasks", MIN_TASK, |r| read_task(r, &mut times))?,
                })
            })?,
        })
    }
}

/// `TaskHeader`: id, name, created, color.
fn write_header(w: &mut Writer<'_>, header: &TaskHeader) -> Result<(), Unsupported> {
    qt::write_uuid(w, &header.id);
    w.string(&header.name, "a header's name")?;
    date_time::write_date_time(w, &header.created);
    qt::write_color(w, header.color);
    Ok(())
}

/// What a header's fields are called in messages: static text, so a
/// successful read formats nothing.
struct HeaderFields {
    id: &'static str,
    name: &'static str,
    created: &'static str,
    color: &'static str,
}

const LIST_HEADER: HeaderFields = HeaderFields {
    id: "a list's id",
    name: "a list's name",
    created: "a list's creation time",
    color: "a list's color",
};

const TASK_HEADER: HeaderFields = HeaderFields {
    id: "a task's id",
    name: "a task's name",
    created: "a task's creation time",
    color: "a task's color",
};

fn read_header(
    r: &mut Reader<'_>,
    times: &mut DateTimes,
    fields: &HeaderFields,
) -> Result<TaskHeader, Fault> {
    Ok(TaskHeader {
        id: qt::read_uuid(r, fields.id)?,
        name: r.string(fields.name)?,
        created: times.read(r, fields.created)?,
        color: qt::read_color(r, fields.color)?,
    })
}

/// `Task`: header, description, priority as `qint8`, completed as `bool`.
fn write_task(w: &mut Writer<'_>, task: &Task) -> Result<(), Unsupported> {
    write_header(w, &task.header)?;
    w.string(&task.description, "a task's description")?;
    w.i8(task.priority as i8);
    w.bool(task.completed);
    Ok(())
}

fn read_task(r: &mut Reader<'_>, times: &mut DateTimes) -> Result<Task, Fault> {
    let header = read_header(r, times, &TASK_HEADER)?;
    let description = r.string("a task's description")?;
    let at = r.pos();
    let priority = r.i8("a task's priority")?;
    let priority = u8::try_from(priority)
        .ok()
        .and_then(Priority::from_u8)
        .ok_or_else(|| {
            Reader::fault(
                at,
                ErrorKind::Invalid,
                format!("a task's priority is {priority}, not a Priority (0 to 3)"),
            )
        })?;
    Ok(Task {
        header,
        description,
        priority,
        completed: r.bool("a task's completed flag")?,
    })
}
