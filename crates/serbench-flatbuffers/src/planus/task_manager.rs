//! task-manager through planus: `schemas/task-manager.fbs`.

use serbench_model::forms::{
    FormError, check_timestamp_parts, timestamp_from_parts, timestamp_parts,
};
use serbench_model::{
    Color, Dataset as _, Error, Priority, Task, TaskHeader, TaskList, TaskManager,
    TaskManagerAnswer, Uuid, Version,
};

use super::generated::task_manager::serbench as pl;
use super::{Budget, Checked as _, PlanusSchema, invalid};

impl PlanusSchema for TaskManager {
    type Table = pl::TaskManager;
    type Ref<'a> = pl::TaskManagerRef<'a>;

    fn write(&self, builder: &mut planus::Builder) -> planus::Offset<pl::TaskManager> {
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
                    let task_header = header(builder, &task.header);
                    let description = builder.create_string(task.description.as_str());
                    pl::Task::create(
                        builder,
                        task_header,
                        description,
                        priority_of(task.priority),
                        task.completed,
                    )
                }));
                let tasks = builder.create_vector(tasks.as_slice());
                pl::TaskList::create(builder, list_header, tasks)
            })
            .collect();
        let user = builder.create_string(self.user.as_str());
        let version = builder.create_vector(self.version.segments.as_slice());
        let lists = builder.create_vector(lists.as_slice());
        pl::TaskManager::create(builder, user, version, lists)
    }

    fn read(root: pl::TaskManagerRef<'_>, budget: &mut Budget<Self>) -> Result<Self, Error> {
        let user = budget.string(root.user())?.to_owned();
        let version = budget.vector(root.version(), 4)?;
        let lists = budget.vector(root.lists(), 4)?;
        let mut model_lists = Vec::new();
        for (li, list) in lists.iter().enumerate() {
            let list = budget.tabled(list)?;
            let list_header = read_header(list.header(), budget, || format!("lists[{li}].header"))?;
            let tasks = budget.vector(list.tasks(), 4)?;
            let mut model_tasks = Vec::new();
            for (ti, task) in tasks.iter().enumerate() {
                let task = budget.tabled(task)?;
                let path = || format!("lists[{li}].tasks[{ti}]");
                model_tasks.push(Task {
                    header: read_header(task.header(), budget, || format!("{}.header", path()))?,
                    description: budget.string(task.description())?.to_owned(),
                    priority: priority(task.priority(), path)?,
                    completed: task.completed().checked::<Self>()?,
                });
            }
            model_lists.push(TaskList {
                header: list_header,
                tasks: model_tasks,
            });
        }
        Ok(TaskManager {
            user,
            version: Version {
                segments: version.iter().collect(),
            },
            lists: model_lists,
        })
    }

    /// Checks everything [`read`](PlanusSchema::read) checks, in the same
    /// order, in place.
    fn answer(
        root: pl::TaskManagerRef<'_>,
        budget: &mut Budget<Self>,
    ) -> Result<TaskManagerAnswer, Error> {
        budget.string(root.user())?;
        budget.vector(root.version(), 4)?;
        let lists = budget.vector(root.lists(), 4)?;
        let mut answer = TaskManagerAnswer::default();
        for (li, list) in lists.iter().enumerate() {
            let list = budget.tabled(list)?;
            answer.text_bytes +=
                check_header(list.header(), budget, || format!("lists[{li}].header"))?;
            let tasks = budget.vector(list.tasks(), 4)?;
            for (ti, task) in tasks.iter().enumerate() {
                let task = budget.tabled(task)?;
                let path = || format!("lists[{li}].tasks[{ti}]");
                let header_bytes =
                    check_header(task.header(), budget, || format!("{}.header", path()))?;
                let description = budget.string(task.description())?;
                let priority = priority(task.priority(), path)?;
                let completed = task.completed().checked::<Self>()?;
                answer.tasks += 1;
                answer.completed += u64::from(completed);
                answer.by_priority[priority as usize] += 1;
                answer.text_bytes += header_bytes + description.len() as u64;
            }
        }
        Ok(answer)
    }
}

fn header(builder: &mut planus::Builder, header: &TaskHeader) -> planus::Offset<pl::TaskHeader> {
    let (seconds, nanos, offset_seconds) = timestamp_parts(&header.created);
    let name = builder.create_string(header.name.as_str());
    pl::TaskHeader::create(
        builder,
        uuid(header.id.into_bytes()),
        name,
        header.color.argb(),
        pl::Timestamp {
            seconds,
            nanos,
            offset_seconds,
        },
    )
}

/// A UUID's bytes as the schema's struct, which planus spells as sixteen
/// one-byte fields (the same 16 bytes as flatc's `[ubyte:16]`).
fn uuid(b: [u8; 16]) -> pl::Uuid {
    pl::Uuid {
        bytes_0: b[0],
        bytes_1: b[1],
        bytes_2: b[2],
        bytes_3: b[3],
        bytes_4: b[4],
        bytes_5: b[5],
        bytes_6: b[6],
        bytes_7: b[7],
        bytes_8: b[8],
        bytes_9: b[9],
        bytes_10: b[10],
        bytes_11: b[11],
        bytes_12: b[12],
        bytes_13: b[13],
        bytes_14: b[14],
        bytes_15: b[15],
    }
}

/// The struct's sixteen bytes.
fn uuid_bytes(id: pl::UuidRef<'_>) -> [u8; 16] {
    [
        id.bytes_0(),
        id.bytes_1(),
        id.bytes_2(),
        id.bytes_3(),
        id.bytes_4(),
        id.bytes_5(),
        id.bytes_6(),
        id.bytes_7(),
        id.bytes_8(),
        id.bytes_9(),
        id.bytes_10(),
        id.bytes_11(),
        id.bytes_12(),
        id.bytes_13(),
        id.bytes_14(),
        id.bytes_15(),
    ]
}

/// Reads the header at `path`.
fn read_header(
    header: planus::Result<pl::TaskHeaderRef<'_>>,
    budget: &mut Budget<TaskManager>,
    path: impl Fn() -> String,
) -> Result<TaskHeader, Error> {
    let header = budget.tabled(header)?;
    let id = Uuid::from_bytes(uuid_bytes(header.id().checked::<TaskManager>()?));
    let name = budget.string(header.name())?.to_owned();
    let color = Color::from_argb(header.color().checked::<TaskManager>()?);
    let (seconds, nanos, offset_seconds) = created(header)?;
    let created = timestamp_from_parts(seconds, nanos, offset_seconds)
        .map_err(|error| created_invalid(&error, path))?;
    Ok(TaskHeader {
        id,
        name,
        color,
        created,
    })
}

/// Checks the header at `path` as [`read_header`] does, in place, and
/// returns the length of its name.
fn check_header(
    header: planus::Result<pl::TaskHeaderRef<'_>>,
    budget: &mut Budget<TaskManager>,
    path: impl Fn() -> String,
) -> Result<u64, Error> {
    let header = budget.tabled(header)?;
    header.id().checked::<TaskManager>()?;
    let name = budget.string(header.name())?;
    header.color().checked::<TaskManager>()?;
    let (seconds, nanos, offset_seconds) = created(header)?;
    check_timestamp_parts(seconds, nanos, offset_seconds)
        .map_err(|error| created_invalid(&error, path))?;
    Ok(name.len() as u64)
}

/// A header's creation time as its parts.
fn created(header: pl::TaskHeaderRef<'_>) -> Result<(i64, u32, i32), Error> {
    let created = header.created().checked::<TaskManager>()?;
    Ok((created.seconds(), created.nanos(), created.offset_seconds()))
}

/// The error for an out-of-range time in the header at `path`.
fn created_invalid(error: &FormError, path: impl Fn() -> String) -> Error {
    invalid::<TaskManager>(error, format_args!("{}.created", path()))
}

/// The model's priority as the schema's enum.
fn priority_of(priority: Priority) -> pl::Priority {
    match priority {
        Priority::Low => pl::Priority::Low,
        Priority::Medium => pl::Priority::Medium,
        Priority::High => pl::Priority::High,
        Priority::Critical => pl::Priority::Critical,
    }
}

/// The priority of the task at `path`: planus refuses a value the enum
/// does not name, and says which.
fn priority(
    priority: planus::Result<pl::Priority>,
    path: impl Fn() -> String,
) -> Result<Priority, Error> {
    match priority {
        Ok(pl::Priority::Low) => Ok(Priority::Low),
        Ok(pl::Priority::Medium) => Ok(Priority::Medium),
        Ok(pl::Priority::High) => Ok(Priority::High),
        Ok(pl::Priority::Critical) => Ok(Priority::Critical),
        Err(error) => {
            Err(super::planus_error(TaskManager::NAME, error)
                .at_path(format!("{}.priority", path())))
        }
    }
}
