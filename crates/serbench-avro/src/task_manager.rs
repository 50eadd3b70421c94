//! task-manager as `schemas/task-manager.avsc`'s `serbench.TaskManager`.

use std::sync::OnceLock;

use serbench_model::{Priority, Task, TaskHeader, TaskList, TaskManager, Version};
use serde::{Deserialize, Serialize};

use crate::check::Shape;
use crate::fields::{Argb, Created, Id, IntoModel, Items, items};
use crate::wire::{self, Compiled, Wire};

/// `TaskHeader`: id, name, color, and `Timestamp` (millis, nanos,
/// offset_seconds).
const HEADER: Shape = Shape::record(&[
    Shape::Fixed(16),
    Shape::String,
    Shape::Fixed(4),
    Shape::Timestamp,
]);

impl Wire for TaskManager {
    const SCHEMA: &'static str = include_str!("../../../schemas/task-manager.avsc");
    const SHAPE: Shape = Shape::record(&[
        Shape::String,
        Shape::array(&Shape::U32),
        Shape::array(&Shape::record(&[
            HEADER,
            Shape::array(&Shape::record(&[
                HEADER,
                Shape::String,
                Shape::Enum(4),
                Shape::Boolean,
            ])),
        ])),
    ]);
    type Out<'a> = ManagerOut<'a>;
    type In = ManagerIn;

    fn out(&self) -> ManagerOut<'_> {
        ManagerOut {
            user: &self.user,
            version: &self.version.segments,
            lists: Items(&self.lists, ListOut::new),
        }
    }

    fn compiled() -> &'static Compiled {
        static COMPILED: OnceLock<Compiled> = OnceLock::new();
        wire::compiled(&COMPILED, Self::SCHEMA)
    }

    fn into_model(read: ManagerIn) -> TaskManager {
        TaskManager {
            user: read.user,
            version: Version {
                segments: read.version,
            },
            lists: read.lists,
        }
    }
}

#[derive(Serialize)]
#[serde(rename = "TaskManager")]
pub(crate) struct ManagerOut<'a> {
    user: &'a str,
    version: &'a [u32],
    lists: Items<'a, TaskList, ListOut<'a>>,
}

#[derive(Deserialize)]
#[serde(rename = "TaskManager")]
pub(crate) struct ManagerIn {
    user: String,
    version: Vec<u32>,
    #[serde(deserialize_with = "items::<_, ListIn, _>")]
    lists: Vec<TaskList>,
}

#[derive(Serialize)]
#[serde(rename = "TaskList")]
struct ListOut<'a> {
    header: HeaderOut<'a>,
    tasks: Items<'a, Task, TaskOut<'a>>,
}

impl<'a> ListOut<'a> {
    fn new(list: &'a TaskList) -> Self {
        Self {
            header: HeaderOut::new(&list.header),
            tasks: Items(&list.tasks, TaskOut::new),
        }
    }
}

#[derive(Deserialize)]
#[serde(rename = "TaskList")]
struct ListIn {
    header: HeaderIn,
    #[serde(deserialize_with = "items::<_, TaskIn, _>")]
    tasks: Vec<Task>,
}

impl IntoModel<TaskList> for ListIn {
    fn into_model<E: serde::de::Error>(self) -> Result<TaskList, E> {
        Ok(TaskList {
            header: self.header.into_model()?,
            tasks: self.tasks,
        })
    }
}

#[derive(Serialize)]
#[serde(rename = "Task")]
struct TaskOut<'a> {
    header: HeaderOut<'a>,
    description: &'a str,
    priority: PriorityForm,
    completed: bool,
}

impl<'a> TaskOut<'a> {
    fn new(task: &'a Task) -> Self {
        Self {
            header: HeaderOut::new(&task.header),
            description: &task.description,
            priority: PriorityForm::from(task.priority),
            completed: task.completed,
        }
    }
}

#[derive(Deserialize)]
#[serde(rename = "Task")]
struct TaskIn {
    header: HeaderIn,
    description: String,
    priority: PriorityForm,
    completed: bool,
}

impl IntoModel<Task> for TaskIn {
    fn into_model<E: serde::de::Error>(self) -> Result<Task, E> {
        Ok(Task {
            header: self.header.into_model()?,
            description: self.description,
            priority: self.priority.into(),
            completed: self.completed,
        })
    }
}

#[derive(Serialize)]
#[serde(rename = "TaskHeader")]
struct HeaderOut<'a> {
    id: Id,
    name: &'a str,
    color: Argb,
    created: Created,
}

impl<'a> HeaderOut<'a> {
    fn new(header: &'a TaskHeader) -> Self {
        Self {
            id: Id(header.id),
            name: &header.name,
            color: Argb(header.color),
            created: Created::new(&header.created),
        }
    }
}

#[derive(Deserialize)]
#[serde(rename = "TaskHeader")]
struct HeaderIn {
    id: Id,
    name: String,
    color: Argb,
    created: Created,
}

impl IntoModel<TaskHeader> for HeaderIn {
    fn into_model<E: serde::de::Error>(self) -> Result<TaskHeader, E> {
        Ok(TaskHeader {
            created: self.created.time()?,
            id: self.id.0,
            name: self.name,
            color: self.color.0,
        })
    }
}

/// The schema's `Priority` enum: `LOW`, `MEDIUM`, `HIGH`, `CRITICAL`.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Priority", rename_all = "SCREAMING_SNAKE_CASE")]
enum PriorityForm {
    Low,
    Medium,
    High,
    Critical,
}

impl From<Priority> for PriorityForm {
    fn from(priority: Priority) -> Self {
        match priority {
            Priority::Low => Self::Low,
            Priority::Medium => Self::Medium,
            Priority::High => Self::High,
            Priority::Critical => Self::Critical,
        }
    }
}

impl From<PriorityForm> for Priority {
    fn from(priority: PriorityForm) -> Self {
        match priority {
            PriorityForm::Low => Self::Low,
            PriorityForm::Medium => Self::Medium,
            PriorityForm::High => Self::High,
            PriorityForm::Critical => Self::Critical,
        }
    }
}
