//! task-manager ↔ `serbench.TaskManager` (`schemas/task-manager.proto`).

use serbench_model::{
    Color, Priority, Task, TaskHeader, TaskList, TaskManager, Uuid, Version, forms,
};

use crate::proto;
use crate::wire::{Invalid, Wire, each, required};

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

    fn read(message: proto::TaskManager) -> Result<Self, Invalid> {
        Ok(TaskManager {
            user: message.user,
            version: Version {
                segments: message.version,
            },
            lists: each(message.lists, "lists", |list| {
                Ok(TaskList {
                    header: read_header(required(list.header, "header")?)
                        .map_err(|error| error.field("header"))?,
                    tasks: each(list.tasks, "tasks", read_task)?,
                })
            })?,
        })
    }
}

fn build_task(task: &Task) -> proto::Task {
    proto::Task {
        header: Some(build_header(&task.header)),
        description: task.description.clone(),
        priority: build_priority(task.priority).into(),
        completed: task.completed,
    }
}

fn read_task(task: proto::Task) -> Result<Task, Invalid> {
    Ok(Task {
        header: read_header(required(task.header, "header")?)
            .map_err(|error| error.field("header"))?,
        description: task.description,
        priority: read_priority(task.priority)?,
        completed: task.completed,
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

fn read_header(header: proto::TaskHeader) -> Result<TaskHeader, Invalid> {
    let id = <[u8; 16]>::try_from(header.id.as_slice()).map_err(|_| {
        let len = header.id.len();
        Invalid::new(format!("has {len} bytes; a UUID has 16")).field("id")
    })?;
    let created = forms::timestamp_from_parts(
        header.created_seconds,
        header.created_nanos,
        header.created_offset_seconds,
    )
    .map_err(|error| Invalid::new(format!("has no valid creation time: {error}")))?;
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

fn read_priority(value: i32) -> Result<Priority, Invalid> {
    match proto::Priority::try_from(value) {
        Ok(proto::Priority::Low) => Ok(Priority::Low),
        Ok(proto::Priority::Medium) => Ok(Priority::Medium),
        Ok(proto::Priority::High) => Ok(Priority::High),
        Ok(proto::Priority::Critical) => Ok(Priority::Critical),
        Err(_) => {
            Err(Invalid::new(format!("is {value}, not a Priority (0 to 3)")).field("priority"))
        }
    }
}
