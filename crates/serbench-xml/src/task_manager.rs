//! The task-manager in the Qt benchmark's layout.

use serbench_model::excerpt::shown;
use serbench_model::forms;
use serbench_model::{Error, Priority, Task, TaskHeader, TaskList, TaskManager, Version};

use crate::read::{Attributes, Element, Input, parse_bool};
use crate::write::{Output, Tag};
use serbench_model::Str;

/// Priorities' text, by wire value.
const PRIORITIES: [&str; 4] = ["0", "1", "2", "3"];

pub(crate) fn encode(manager: &TaskManager, out: &mut Vec<u8>) -> Result<(), Error> {
    let mut out = Output::new::<TaskManager>(out);
    out.declaration()?;
    let mut root = Tag::new("taskmanager");
    root.text("user", out.check(&manager.user, || "user".to_owned())?)
        .plain("version", &manager.version.to_string());
    if !out.open(&root, !manager.lists.is_empty())? {
        return Ok(());
    }
    let mut list_tag = Tag::new("tasklist");
    let mut task_tag = Tag::new("task");
    for (li, list) in manager.lists.iter().enumerate() {
        header(&out, list_tag.clear(), &list.header, &|| {
            format!("lists[{li}].header")
        })?;
        if !out.open(&list_tag, !list.tasks.is_empty())? {
            continue;
        }
        for (ti, task) in list.tasks.iter().enumerate() {
            let path = || format!("lists[{li}].tasks[{ti}]");
            header(&out, task_tag.clear(), &task.header, &|| {
                format!("{}.header", path())
            })?;
            task_tag
                .plain("priority", PRIORITIES[task.priority as usize])
                .plain("completed", if task.completed { "true" } else { "false" });
            let description = out.check(&task.description, || format!("{}.description", path()))?;
            // Start and end tags even for an empty description, as Qt's
            // `writeCharacters` leaves them.
            out.start(&task_tag)?;
            out.text(description)?;
            out.end("task")?;
        }
        out.end("tasklist")?;
    }
    out.end("taskmanager")
}

/// Adds a header's attributes: `id name color created`.
fn header(
    out: &Output<'_>,
    tag: &mut Tag,
    header: &TaskHeader,
    path: &dyn Fn() -> String,
) -> Result<(), Error> {
    let name = out.check(&header.name, || format!("{}.name", path()))?;
    let created = forms::timestamp_text(&header.created).map_err(|error| {
        out.unsupported(error.to_string())
            .at_path(format!("{}.created", path()))
    })?;
    tag.plain("id", &forms::uuid_text(&header.id))
        .text("name", name)
        .plain("color", &forms::color_text(header.color))
        .plain("created", &created);
    Ok(())
}

/// A list's attributes; a task's begin with these.
const HEADER: [&str; 4] = ["id", "name", "color", "created"];

/// The task-manager `input` holds, its strings of type `S`.
pub(crate) fn decode<'a, S: Str<'a>>(mut input: Input<'a>) -> Result<TaskManager<S>, Error> {
    let root = input.root("taskmanager")?;
    let mut attributes = root.attributes(["user", "version"])?;
    let user = attributes.string(0)?;
    let version = attributes.parse(1, str::parse::<Version>)?;
    let mut lists = Vec::new();
    while let Some(list) = input.child(&root)? {
        if list.name() != "tasklist" {
            return Err(input.unexpected(&list, &root));
        }
        let header = header_of(&mut list.attributes(HEADER)?)?;
        let mut tasks = Vec::new();
        while let Some(task) = input.child(&list)? {
            if task.name() != "task" {
                return Err(input.unexpected(&task, &list));
            }
            tasks.push(read_task(&mut input, &task)?);
        }
        lists.push(TaskList { header, tasks });
    }
    input.finish()?;
    Ok(TaskManager {
        user,
        version,
        lists,
    })
}

fn read_task<'a, S: Str<'a>>(input: &mut Input<'a>, task: &Element<'a>) -> Result<Task<S>, Error> {
    let mut attributes =
        task.attributes(["id", "name", "color", "created", "priority", "completed"])?;
    let header = header_of(&mut attributes)?;
    let priority = attributes.parse(4, |text| {
        text.parse()
            .ok()
            .and_then(Priority::from_u8)
            .ok_or_else(|| format!("{} is not a priority (0 to 3)", shown(text)))
    })?;
    let completed = attributes.parse(5, parse_bool)?;
    let description = input.text(task)?;
    Ok(Task {
        header,
        description,
        priority,
        completed,
    })
}

/// Reads `id name color created`, the first four of `attributes`.
fn header_of<'a, S: Str<'a>, const N: usize>(
    attributes: &mut Attributes<'_, 'a, N>,
) -> Result<TaskHeader<S>, Error> {
    Ok(TaskHeader {
        id: attributes.parse(0, forms::parse_uuid)?,
        name: attributes.string(1)?,
        color: attributes.parse(2, forms::parse_color)?,
        created: attributes.parse(3, forms::parse_timestamp)?,
    })
}
