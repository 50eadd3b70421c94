//! task-manager ↔ `schemas/task-manager.capnp`.

use serbench_model::forms;
use serbench_model::{
    Color, Priority, Task, TaskHeader, TaskList, TaskManager, TaskManagerAnswer, Uuid, Version,
};

use crate::generated::task_manager_capnp::{
    Priority as WirePriority, task, task_header, task_list, task_manager,
};
use crate::private::Wire;
use crate::read::{self, At, Failure};
use crate::write::{self, TooLong, Words};

impl Wire for TaskManager {
    type Root = task_manager::Owned;

    fn words(&self, words: &mut Words) -> Result<(), TooLong> {
        words.add_struct::<task_manager::Owned>();
        words.text("user", &self.user)?;
        words.numbers("version", self.version.segments.len(), 4)?;
        words.structs::<task_list::Owned>("lists", self.lists.len())?;
        for list in &self.lists {
            header_words(&list.header, words)?;
            words.structs::<task::Owned>("tasks", list.tasks.len())?;
            for task in &list.tasks {
                header_words(&task.header, words)?;
                words.text("description", &task.description)?;
            }
        }
        Ok(())
    }

    fn build(&self, mut root: task_manager::Builder<'_>) {
        root.set_user(self.user.as_str());
        write::fill_u32(
            root.reborrow()
                .init_version(self.version.segments.len() as u32),
            &self.version.segments,
        );
        let mut lists = root.init_lists(self.lists.len() as u32);
        for (index, list) in self.lists.iter().enumerate() {
            let mut wire = lists.reborrow().get(index as u32);
            build_header(&list.header, wire.reborrow().init_header());
            let mut tasks = wire.init_tasks(list.tasks.len() as u32);
            for (index, task) in list.tasks.iter().enumerate() {
                let mut wire = tasks.reborrow().get(index as u32);
                build_header(&task.header, wire.reborrow().init_header());
                wire.set_description(task.description.as_str());
                wire.set_priority(match task.priority {
                    Priority::Low => WirePriority::Low,
                    Priority::Medium => WirePriority::Medium,
                    Priority::High => WirePriority::High,
                    Priority::Critical => WirePriority::Critical,
                });
                wire.set_completed(task.completed);
            }
        }
    }

    fn read(root: task_manager::Reader<'_>) -> Result<Self, Failure> {
        let user = read::string(root.get_user()).at("user")?;
        let segments = read::u32s(root.get_version().at("version")?);
        let wire_lists = root.get_lists().at("lists")?;
        let mut lists = Vec::with_capacity(wire_lists.len() as usize);
        for (index, list) in wire_lists.iter().enumerate() {
            lists.push(read_list(list).at_item("lists", index)?);
        }
        Ok(TaskManager {
            user,
            version: Version { segments },
            lists,
        })
    }

    fn answer(root: task_manager::Reader<'_>) -> Result<TaskManagerAnswer, Failure> {
        // The answer needs neither, but decoding reads and checks both.
        read::text(root.get_user()).at("user")?;
        root.get_version().at("version")?;
        let mut answer = TaskManagerAnswer::default();
        for (index, list) in root.get_lists().at("lists")?.iter().enumerate() {
            count_list(list, &mut answer).at_item("lists", index)?;
        }
        Ok(answer)
    }
}

fn header_words(header: &TaskHeader, words: &mut Words) -> Result<(), TooLong> {
    words.add_struct::<task_header::Owned>();
    words.text("name", &header.name)
}

fn build_header(header: &TaskHeader, mut wire: task_header::Builder<'_>) {
    let (high, low) = header.id.as_u64_pair();
    let mut id = wire.reborrow().get_id();
    id.set_high(high);
    id.set_low(low);
    wire.set_name(header.name.as_str());
    wire.set_color(header.color.argb());
    let (seconds, nanos, offset_seconds) = forms::timestamp_parts(&header.created);
    let mut created = wire.get_created();
    created.set_seconds(seconds);
    created.set_nanos(nanos);
    created.set_offset_seconds(offset_seconds);
}

fn read_list(list: task_list::Reader<'_>) -> Result<TaskList, Failure> {
    let header = read_header(list.get_header().at("header")?).at("header")?;
    let wire_tasks = list.get_tasks().at("tasks")?;
    let mut tasks = Vec::with_capacity(wire_tasks.len() as usize);
    for (index, task) in wire_tasks.iter().enumerate() {
        tasks.push(read_task(task).at_item("tasks", index)?);
    }
    Ok(TaskList { header, tasks })
}

fn read_task(task: task::Reader<'_>) -> Result<Task, Failure> {
    Ok(Task {
        header: read_header(task.get_header().at("header")?).at("header")?,
        description: read::string(task.get_description()).at("description")?,
        priority: priority(task).at("priority")?,
        completed: task.get_completed(),
    })
}

fn read_header(header: task_header::Reader<'_>) -> Result<TaskHeader, Failure> {
    let id = header.get_id();
    let (seconds, nanos, offset_seconds) = created(header);
    Ok(TaskHeader {
        id: Uuid::from_u64_pair(id.get_high(), id.get_low()),
        name: read::string(header.get_name()).at("name")?,
        color: Color::from_argb(header.get_color()),
        created: forms::timestamp_from_parts(seconds, nanos, offset_seconds).at("created")?,
    })
}

/// Checks a header as [`read_header`] does, in place, and returns the
/// length of its name.
fn check_header(header: task_header::Reader<'_>) -> Result<u64, Failure> {
    let (seconds, nanos, offset_seconds) = created(header);
    forms::check_timestamp_parts(seconds, nanos, offset_seconds).at("created")?;
    read::text_len(header.get_name()).at("name")
}

/// A header's creation time as its parts.
fn created(header: task_header::Reader<'_>) -> (i64, u32, i32) {
    let created = header.get_created();
    (
        created.get_seconds(),
        created.get_nanos(),
        created.get_offset_seconds(),
    )
}

fn priority(task: task::Reader<'_>) -> Result<Priority, Failure> {
    Ok(match task.get_priority()? {
        WirePriority::Low => Priority::Low,
        WirePriority::Medium => Priority::Medium,
        WirePriority::High => Priority::High,
        WirePriority::Critical => Priority::Critical,
    })
}

/// Adds a list's share of the answer, checking everything [`read_list`]
/// checks.
fn count_list(list: task_list::Reader<'_>, answer: &mut TaskManagerAnswer) -> Result<(), Failure> {
    answer.text_bytes += check_header(list.get_header().at("header")?).at("header")?;
    for (index, task) in list.get_tasks().at("tasks")?.iter().enumerate() {
        count_task(task, answer).at_item("tasks", index)?;
    }
    Ok(())
}

/// Adds a task's share of the answer, checking everything [`read_task`]
/// checks.
fn count_task(task: task::Reader<'_>, answer: &mut TaskManagerAnswer) -> Result<(), Failure> {
    let priority = priority(task).at("priority")?;
    answer.tasks += 1;
    answer.completed += u64::from(task.get_completed());
    answer.by_priority[priority as usize] += 1;
    answer.text_bytes += check_header(task.get_header().at("header")?).at("header")?
        + read::text_len(task.get_description()).at("description")?;
    Ok(())
}
