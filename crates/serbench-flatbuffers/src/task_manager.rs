//! task-manager: `schemas/task-manager.fbs`.

use flatbuffers::{FlatBufferBuilder, WIPOffset};
use serbench_model::forms::{
    FormError, check_timestamp_parts, timestamp_from_parts, timestamp_parts,
};
use serbench_model::{
    Color, Priority, Task, TaskHeader, TaskList, TaskManager, TaskManagerAnswer, Uuid, Version,
};

use crate::generated::task_manager::serbench as fb;
use crate::private::Schema;
use crate::{bound, invalid};

/// A header table: id, name, color, created.
const HEADER: usize = bound::table(4, 16 + 4 + 4 + 16);
/// A task table and its slot in the list's vector: header, description,
/// priority, completed.
const TASK: usize = bound::table(4, 4 + 4 + 1 + 1) + 4;
/// A list table and its slot in the manager's vector: header, tasks.
const LIST: usize = bound::table(2, 4 + 4) + 4;

impl Schema for TaskManager {
    type Root<'a> = fb::TaskManager<'a>;

    fn size_bound(&self) -> usize {
        let header = |header: &TaskHeader| HEADER + bound::string(header.name.len());
        let lists: usize = self
            .lists
            .iter()
            .map(|list| {
                let tasks: usize = list
                    .tasks
                    .iter()
                    .map(|task| TASK + header(&task.header) + bound::string(task.description.len()))
                    .sum();
                LIST + header(&list.header) + bound::vector(list.tasks.len(), 4) + tasks
            })
            .sum();
        bound::FRAME
            + bound::table(3, 12)
            + bound::string(self.user.len())
            + bound::vector(self.version.segments.len(), 4)
            + bound::vector(self.lists.len(), 4)
            + lists
    }

    fn build<'b>(&self, builder: &mut FlatBufferBuilder<'b>) -> WIPOffset<fb::TaskManager<'b>> {
        // One buffer for every list's task offsets, which must all exist
        // before their vector is written.
        let mut tasks = Vec::new();
        let lists: Vec<_> = self
            .lists
            .iter()
            .map(|list| {
                let list_header = header(builder, &list.header);
                tasks.clear();
                tasks.extend(list.tasks.iter().map(|task| {
                    let args = fb::TaskArgs {
                        header: Some(header(builder, &task.header)),
                        description: Some(builder.create_string(&task.description)),
                        priority: fb::Priority(task.priority as u8),
                        completed: task.completed,
                    };
                    fb::Task::create(builder, &args)
                }));
                let args = fb::TaskListArgs {
                    header: Some(list_header),
                    tasks: Some(builder.create_vector(&tasks)),
                };
                fb::TaskList::create(builder, &args)
            })
            .collect();
        let args = fb::TaskManagerArgs {
            user: Some(builder.create_string(&self.user)),
            version: Some(builder.create_vector(&self.version.segments)),
            lists: Some(builder.create_vector(&lists)),
        };
        fb::TaskManager::create(builder, &args)
    }

    fn read(root: fb::TaskManager<'_>) -> Result<Self, serbench_model::Error> {
        let lists = root.lists();
        let mut model_lists = Vec::with_capacity(lists.len());
        for (li, list) in lists.iter().enumerate() {
            let list_header = read_header(list.header(), || format!("lists[{li}].header"))?;
            let tasks = list.tasks();
            let mut model_tasks = Vec::with_capacity(tasks.len());
            for (ti, task) in tasks.iter().enumerate() {
                let path = || format!("lists[{li}].tasks[{ti}]");
                model_tasks.push(Task {
                    header: read_header(task.header(), || format!("{}.header", path()))?,
                    description: task.description().to_owned(),
                    priority: priority(task.priority(), path)?,
                    completed: task.completed(),
                });
            }
            model_lists.push(TaskList {
                header: list_header,
                tasks: model_tasks,
            });
        }
        Ok(TaskManager {
            user: root.user().to_owned(),
            version: Version {
                segments: root.version().iter().collect(),
            },
            lists: model_lists,
        })
    }

    /// Checks everything [`read`](Schema::read) checks beyond the verifier,
    /// every header's time and every task's priority, in place.
    fn answer(root: fb::TaskManager<'_>) -> Result<TaskManagerAnswer, serbench_model::Error> {
        let mut answer = TaskManagerAnswer::default();
        for (li, list) in root.lists().iter().enumerate() {
            answer.text_bytes += check_header(list.header(), || format!("lists[{li}].header"))?;
            for (ti, task) in list.tasks().iter().enumerate() {
                let path = || format!("lists[{li}].tasks[{ti}]");
                let priority = priority(task.priority(), path)?;
                answer.tasks += 1;
                answer.completed += u64::from(task.completed());
                answer.by_priority[priority as usize] += 1;
                answer.text_bytes += check_header(task.header(), || format!("{}.header", path()))?
                    + task.description().len() as u64;
            }
        }
        Ok(answer)
    }
}

fn header<'b>(
    builder: &mut FlatBufferBuilder<'b>,
    header: &TaskHeader,
) -> WIPOffset<fb::TaskHeader<'b>> {
    let (seconds, nanos, offset_seconds) = timestamp_parts(&header.created);
    let args = fb::TaskHeaderArgs {
        id: Some(&fb::Uuid(header.id.into_bytes())),
        name: Some(builder.create_string(&header.name)),
        color: header.color.argb(),
        created: Some(&fb::Timestamp::new(seconds, nanos, offset_seconds)),
    };
    fb::TaskHeader::create(builder, &args)
}

/// Reads the header at `path`.
fn read_header(
    header: fb::TaskHeader<'_>,
    path: impl Fn() -> String,
) -> Result<TaskHeader, serbench_model::Error> {
    let (seconds, nanos, offset_seconds) = created(header);
    let created = timestamp_from_parts(seconds, nanos, offset_seconds)
        .map_err(|error| created_invalid(&error, path))?;
    Ok(TaskHeader {
        id: Uuid::from_bytes(header.id().0),
        name: header.name().to_owned(),
        color: Color::from_argb(header.color()),
        created,
    })
}

/// Checks the header at `path` as [`read_header`] does, in place, and
/// returns the length of its name.
fn check_header(
    header: fb::TaskHeader<'_>,
    path: impl Fn() -> String,
) -> Result<u64, serbench_model::Error> {
    let (seconds, nanos, offset_seconds) = created(header);
    check_timestamp_parts(seconds, nanos, offset_seconds)
        .map_err(|error| created_invalid(&error, path))?;
    Ok(header.name().len() as u64)
}

/// A header's creation time as its parts.
fn created(header: fb::TaskHeader<'_>) -> (i64, u32, i32) {
    let created = header.created();
    (created.seconds(), created.nanos(), created.offset_seconds())
}

/// The error for an out-of-range time in the header at `path`.
fn created_invalid(error: &FormError, path: impl Fn() -> String) -> serbench_model::Error {
    invalid::<TaskManager>(error, format_args!("{}.created", path()))
}

/// The priority of the task at `path`, which must be a known one.
fn priority(
    priority: fb::Priority,
    path: impl Fn() -> String,
) -> Result<Priority, serbench_model::Error> {
    Priority::from_u8(priority.0).ok_or_else(|| {
        invalid::<TaskManager>(
            format_args!("priority {} is not 0 to 3", priority.0),
            format_args!("{}.priority", path()),
        )
    })
}
