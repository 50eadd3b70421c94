//! task-manager ↔ its buffer: ids as 16 bytes, colors as RGBA bytes,
//! timestamps as [`Stamp`], priority as a one-byte enum.

use musli_zerocopy::{OwnedBuf, Ref, ZeroCopy};
use serbench_model::{
    Color, Priority, Task, TaskHeader, TaskList, TaskManager, TaskManagerAnswer, Uuid, Version,
};

use crate::wire::{Failure, Reader, Stamp, Wire};

/// The root.
#[derive(ZeroCopy)]
#[repr(C)]
pub(crate) struct Manager {
    pub(crate) len: u64,
    user: Ref<str>,
    version: Ref<[u32]>,
    lists: Ref<[List]>,
}

#[derive(ZeroCopy)]
#[repr(C)]
struct List {
    header: Header,
    tasks: Ref<[Item]>,
}

#[derive(ZeroCopy)]
#[repr(C)]
struct Item {
    header: Header,
    description: Ref<str>,
    priority: Urgency,
    completed: bool,
}

#[derive(ZeroCopy)]
#[repr(C)]
struct Header {
    id: [u8; 16],
    name: Ref<str>,
    /// Red, green, blue, alpha.
    color: [u8; 4],
    created: Stamp,
}

/// [`Priority`]: musli-zerocopy's derive holds a load to the four tags.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(u8)]
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

impl From<Urgency> for Priority {
    fn from(urgency: Urgency) -> Self {
        match urgency {
            Urgency::Low => Priority::Low,
            Urgency::Medium => Priority::Medium,
            Urgency::High => Priority::High,
            Urgency::Critical => Priority::Critical,
        }
    }
}

impl Header {
    fn new(header: &TaskHeader, buf: &mut OwnedBuf) -> Result<Self, musli_zerocopy::Error> {
        let Color { r, g, b, a } = header.color;
        Ok(Self {
            id: header.id.into_bytes(),
            name: buf.store_unsized(header.name.as_str())?,
            color: [r, g, b, a],
            created: Stamp::new(&header.created),
        })
    }

    fn read(
        &self,
        reader: &mut Reader<'_>,
        path: &dyn Fn() -> String,
    ) -> Result<TaskHeader, Failure> {
        let [r, g, b, a] = self.color;
        Ok(TaskHeader {
            id: Uuid::from_bytes(self.id),
            name: reader
                .text(self.name, &|| format!("{}.name", path()))?
                .to_owned(),
            color: Color { r, g, b, a },
            created: self.created.read(&|| format!("{}.created", path()))?,
        })
    }

    /// Checks what [`Header::read`] checks; the name's length in bytes.
    fn check(&self, reader: &mut Reader<'_>, path: &dyn Fn() -> String) -> Result<usize, Failure> {
        self.created.check(&|| format!("{}.created", path()))?;
        Ok(reader
            .text(self.name, &|| format!("{}.name", path()))?
            .len())
    }
}

impl Wire for TaskManager {
    type Root = Manager;

    fn write(&self, buf: &mut OwnedBuf) -> Result<Manager, musli_zerocopy::Error> {
        let user = buf.store_unsized(self.user.as_str())?;
        let version = buf.store_slice(&self.version.segments)?;
        let mut lists = Vec::with_capacity(self.lists.len());
        let mut tasks = Vec::new();
        for list in &self.lists {
            tasks.clear();
            for task in &list.tasks {
                tasks.push(Item {
                    header: Header::new(&task.header, buf)?,
                    description: buf.store_unsized(task.description.as_str())?,
                    priority: task.priority.into(),
                    completed: task.completed,
                });
            }
            lists.push(List {
                header: Header::new(&list.header, buf)?,
                tasks: buf.store_slice(&tasks)?,
            });
        }
        Ok(Manager {
            len: 0,
            user,
            version,
            lists: buf.store_slice(&lists)?,
        })
    }

    fn len_field(root: &mut Manager) -> &mut u64 {
        &mut root.len
    }

    fn read(root: &Manager, reader: &mut Reader<'_>) -> Result<Self, Failure> {
        let user = reader.text(root.user, &|| "user".to_owned())?.to_owned();
        let segments = reader
            .list(root.version, &|| "version".to_owned())?
            .to_vec();
        let stored = reader.list(root.lists, &|| "lists".to_owned())?;
        let mut lists = Vec::with_capacity(stored.len());
        for (li, list) in stored.iter().enumerate() {
            let items = reader.list(list.tasks, &|| format!("lists[{li}].tasks"))?;
            let mut tasks = Vec::with_capacity(items.len());
            for (ti, task) in items.iter().enumerate() {
                let path = || format!("lists[{li}].tasks[{ti}]");
                tasks.push(Task {
                    header: task.header.read(reader, &|| format!("{}.header", path()))?,
                    description: reader
                        .text(task.description, &|| format!("{}.description", path()))?
                        .to_owned(),
                    priority: task.priority.into(),
                    completed: task.completed,
                });
            }
            lists.push(TaskList {
                header: list
                    .header
                    .read(reader, &|| format!("lists[{li}].header"))?,
                tasks,
            });
        }
        Ok(TaskManager {
            user,
            version: Version { segments },
            lists,
        })
    }

    fn answer(root: &Manager, reader: &mut Reader<'_>) -> Result<TaskManagerAnswer, Failure> {
        reader.text(root.user, &|| "user".to_owned())?;
        reader.list(root.version, &|| "version".to_owned())?;
        let mut answer = TaskManagerAnswer::default();
        for (li, list) in reader
            .list(root.lists, &|| "lists".to_owned())?
            .iter()
            .enumerate()
        {
            let tasks = reader.list(list.tasks, &|| format!("lists[{li}].tasks"))?;
            for (ti, task) in tasks.iter().enumerate() {
                let path = || format!("lists[{li}].tasks[{ti}]");
                let name = task
                    .header
                    .check(reader, &|| format!("{}.header", path()))?;
                let description =
                    reader.text(task.description, &|| format!("{}.description", path()))?;
                answer.tasks += 1;
                answer.completed += u64::from(task.completed);
                answer.by_priority[Priority::from(task.priority) as usize] += 1;
                answer.text_bytes += (name + description.len()) as u64;
            }
            answer.text_bytes +=
                list.header
                    .check(reader, &|| format!("lists[{li}].header"))? as u64;
        }
        Ok(answer)
    }
}
