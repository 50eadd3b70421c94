//! task-manager ↔ its archive: ids as 16 bytes, colors as RGBA bytes,
//! timestamps as [`Stamp`], priority as a one-byte enum.

use rkyv::{Archive, Serialize};
use serbench_model::{
    Color, Priority, Task, TaskHeader, TaskList, TaskManager, TaskManagerAnswer, Uuid, Version,
};

use crate::wire::{Failure, Stamp, Wire};

/// The root.
#[derive(Archive, Serialize)]
pub struct Manager {
    /// The archive's length (see [`Wire`]).
    pub len: u64,
    user: String,
    version: Vec<u32>,
    lists: Vec<List>,
}

#[derive(Archive, Serialize)]
struct List {
    header: Header,
    tasks: Vec<Item>,
}

#[derive(Archive, Serialize)]
struct Item {
    header: Header,
    description: String,
    priority: Urgency,
    completed: bool,
}

#[derive(Archive, Serialize)]
struct Header {
    id: [u8; 16],
    name: String,
    /// Red, green, blue, alpha.
    color: [u8; 4],
    created: Stamp,
}

/// [`Priority`], whose archive bytecheck holds to the four tags.
#[derive(Archive, Serialize, Clone, Copy)]
enum Urgency {
    Low,
    Medium,
    High,
    Critical,
}

impl From<Priority> for Urgency {
    fn from(priority: Priority) -> Self {
        match priority {
            Priority::Low => Urgency::Low,
            Priority::Medium => Urgency::Medium,
            Priority::High => Urgency::High,
            Priority::Critical => Urgency::Critical,
        }
    }
}

impl From<&ArchivedUrgency> for Priority {
    fn from(urgency: &ArchivedUrgency) -> Self {
        match urgency {
            ArchivedUrgency::Low => Priority::Low,
            ArchivedUrgency::Medium => Priority::Medium,
            ArchivedUrgency::High => Priority::High,
            ArchivedUrgency::Critical => Priority::Critical,
        }
    }
}

impl Header {
    fn new(header: &TaskHeader) -> Self {
        let Color { r, g, b, a } = header.color;
        Self {
            id: header.id.into_bytes(),
            name: header.name.clone(),
            color: [r, g, b, a],
            created: Stamp::new(&header.created),
        }
    }
}

impl ArchivedHeader {
    fn read(&self, path: impl Fn() -> String) -> Result<TaskHeader, Failure> {
        let [r, g, b, a] = self.color;
        Ok(TaskHeader {
            id: Uuid::from_bytes(self.id),
            name: self.name.as_str().to_owned(),
            color: Color { r, g, b, a },
            created: self.created.read(|| format!("{}.created", path()))?,
        })
    }
}

impl Wire for TaskManager {
    type Mirror = Manager;
    type Archive = ArchivedManager;

    fn build(&self) -> Manager {
        Manager {
            len: 0,
            user: self.user.clone(),
            version: self.version.segments.clone(),
            lists: self
                .lists
                .iter()
                .map(|list| List {
                    header: Header::new(&list.header),
                    tasks: list
                        .tasks
                        .iter()
                        .map(|task| Item {
                            header: Header::new(&task.header),
                            description: task.description.clone(),
                            priority: task.priority.into(),
                            completed: task.completed,
                        })
                        .collect(),
                })
                .collect(),
        }
    }

    fn read(archive: &ArchivedManager) -> Result<Self, Failure> {
        let mut lists = Vec::with_capacity(archive.lists.len());
        for (li, list) in archive.lists.iter().enumerate() {
            let mut tasks = Vec::with_capacity(list.tasks.len());
            for (ti, task) in list.tasks.iter().enumerate() {
                tasks.push(Task {
                    header: task
                        .header
                        .read(|| format!("lists[{li}].tasks[{ti}].header"))?,
                    description: task.description.as_str().to_owned(),
                    priority: (&task.priority).into(),
                    completed: task.completed,
                });
            }
            lists.push(TaskList {
                header: list.header.read(|| format!("lists[{li}].header"))?,
                tasks,
            });
        }
        Ok(TaskManager {
            user: archive.user.as_str().to_owned(),
            version: Version {
                segments: archive.version.iter().map(|s| s.to_native()).collect(),
            },
            lists,
        })
    }

    fn answer(archive: &ArchivedManager) -> Result<TaskManagerAnswer, Failure> {
        let mut answer = TaskManagerAnswer::default();
        for (li, list) in archive.lists.iter().enumerate() {
            list.header
                .created
                .check(|| format!("lists[{li}].header.created"))?;
            answer.text_bytes += list.header.name.len() as u64;
            for (ti, task) in list.tasks.iter().enumerate() {
                task.header
                    .created
                    .check(|| format!("lists[{li}].tasks[{ti}].header.created"))?;
                answer.tasks += 1;
                answer.completed += u64::from(task.completed);
                answer.by_priority[Priority::from(&task.priority) as usize] += 1;
                answer.text_bytes += (task.header.name.len() + task.description.len()) as u64;
            }
        }
        Ok(answer)
    }
}
