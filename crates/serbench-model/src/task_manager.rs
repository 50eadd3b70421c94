//! The task-manager dataset, from the Qt serialization benchmark.

use std::fmt;

use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use crate::Dataset;
use crate::answer::JsonObject;
use crate::codec::grouped;
use crate::random::Random;
use crate::text::{Lend, Text};

/// A user's task lists: the headline dataset.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct TaskManager<S = String> {
    /// The owner's display name.
    pub user: S,
    /// The data's version, `1.0.0` in the generated value.
    pub version: Version,
    /// The lists, in order.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub lists: Vec<TaskList<S>>,
}

/// A named list of tasks.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct TaskList<S = String> {
    /// The list's id, name, color and creation time.
    pub header: TaskHeader<S>,
    /// The tasks, in order.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub tasks: Vec<Task<S>>,
}

/// One task.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct Task<S = String> {
    /// The task's id, name, color and creation time.
    pub header: TaskHeader<S>,
    /// Free text.
    pub description: S,
    /// How urgent it is.
    pub priority: Priority,
    /// Whether it is done.
    pub completed: bool,
}

/// What lists and tasks have in common.
///
/// Equality is strict: two headers are equal only when their times are the
/// same instant *and* carry the same UTC offset (`OffsetDateTime`'s own
/// equality ignores the offset), so a codec that loses the offset fails the
/// round trip.
#[derive(Clone, Debug, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct TaskHeader<S = String> {
    /// A random (version 4) UUID.
    pub id: Uuid,
    /// The display name.
    pub name: S,
    /// The display color.
    pub color: Color,
    /// When it was created, with nanoseconds and the UTC offset.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_forms::timestamp"))]
    pub created: OffsetDateTime,
}

impl<S: PartialEq> PartialEq for TaskHeader<S> {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
            && self.name == other.name
            && self.color == other.color
            && self.created == other.created
            && self.created.offset() == other.created.offset()
    }
}

/// How urgent a task is; on the wire, `0` to `3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Priority {
    /// `0`
    Low = 0,
    /// `1`
    Medium = 1,
    /// `2`
    High = 2,
    /// `3`
    Critical = 3,
}

impl Priority {
    /// All priorities, in wire order.
    pub const ALL: [Priority; 4] = [
        Priority::Low,
        Priority::Medium,
        Priority::High,
        Priority::Critical,
    ];

    /// The priority with wire value `value`, if there is one.
    #[must_use]
    pub fn from_u8(value: u8) -> Option<Self> {
        Self::ALL.get(usize::from(value)).copied()
    }
}

/// An 8-bit RGBA color, as Qt's `QColor` holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Color {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
    /// Alpha; 255 is opaque.
    pub a: u8,
}

impl Color {
    /// An opaque color.
    #[must_use]
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Self { r, g, b, a: 255 }
    }

    /// The color packed as `0xAARRGGBB`, like Qt's `QRgb`.
    #[must_use]
    pub const fn argb(self) -> u32 {
        u32::from_be_bytes([self.a, self.r, self.g, self.b])
    }

    /// Unpacks `0xAARRGGBB`.
    #[must_use]
    pub const fn from_argb(argb: u32) -> Self {
        let [a, r, g, b] = argb.to_be_bytes();
        Self { r, g, b, a }
    }
}

/// A version number: a list of non-negative segments, `1.0.0` as text.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Version {
    /// The segments, most significant first.
    pub segments: Vec<u32>,
}

impl TaskManager {
    /// The user of the generated value.
    pub const USER: &str = "Demo User";
    /// Names of the generated lists, cycled.
    pub const LIST_NAMES: [&str; 8] = [
        "Work", "Personal", "Shopping", "Home", "Learning", "Health", "Finance", "Travel",
    ];
    /// Task descriptions, picked by `(li * 13 + i * 7) % 12`.
    pub const DESCRIPTIONS: [&str; 12] = [
        "Finish quarterly report",
        "Buy groceries for the week",
        "Call important client",
        "Study new documentation",
        "Fix critical production bugs",
        "Schedule team meeting",
        "Review project budget",
        "Plan vacation itinerary",
        "Update portfolio",
        "Research new technologies",
        "Write unit tests",
        "Deploy to staging",
    ];
    /// Qt's red, green, blue, yellow, cyan, magenta, gray and darkGreen.
    pub const COLORS: [Color; 8] = [
        Color::rgb(0xff, 0x00, 0x00),
        Color::rgb(0x00, 0xff, 0x00),
        Color::rgb(0x00, 0x00, 0xff),
        Color::rgb(0xff, 0xff, 0x00),
        Color::rgb(0x00, 0xff, 0xff),
        Color::rgb(0xff, 0x00, 0xff),
        Color::rgb(0xa0, 0xa0, 0xa4),
        Color::rgb(0x00, 0x80, 0x00),
    ];
    /// The seed of the ids' random stream.
    pub const SEED: u64 = 20_251_103;
    /// 2025-11-03T09:00:00Z, the instant the generated times count from.
    pub const BASE_UNIX_SECONDS: i64 = 1_762_160_400;

    /// The Qt benchmark's task manager for `count` tasks (10 000 gives 11
    /// lists holding 9 944 tasks).
    ///
    /// There are `10 + count % 3` lists; with `base = count / lists`, list
    /// `li` holds `base + (li*17 % (base/5)) - base/10` tasks (the modulo term
    /// is 0 when `base/5` is 0), at least 1 and at most what is left, and the
    /// lists stop when no task is left. Ids are random version 4 UUIDs drawn
    /// from ChaCha8 seeded with [`Self::SEED`], a list's before its tasks'.
    #[must_use]
    pub fn generate(count: usize) -> Self {
        let mut random = Random::new(Self::SEED);
        let base_time = OffsetDateTime::UNIX_EPOCH + Duration::seconds(Self::BASE_UNIX_SECONDS);
        let list_count = 10 + count % 3;
        let base = count / list_count;
        let mut left = count;
        let mut lists = Vec::new();
        for li in 0..list_count {
            if left == 0 {
                break;
            }
            let spread = if base / 5 == 0 {
                0
            } else {
                li * 17 % (base / 5)
            };
            let size = (base + spread - base / 10).clamp(1, left);
            left -= size;
            // `li` is below 13, so these counts fit any integer type.
            let week_start = base_time - Duration::days(7) * li as u32;
            let header = TaskHeader {
                id: random.uuid(),
                name: Self::LIST_NAMES[li % 8].to_owned(),
                color: Self::COLORS[li % 8],
                created: week_start + Duration::hours(1) * li as u32,
            };
            let tasks = (0..size)
                .map(|i| Task {
                    header: TaskHeader {
                        id: random.uuid(),
                        name: format!("Task {li}-{i}"),
                        color: Self::COLORS[(li + i) % 8],
                        created: week_start + Duration::seconds(120) * i as u32,
                    },
                    description: Self::DESCRIPTIONS[(li * 13 + i * 7) % 12].to_owned(),
                    priority: Priority::ALL[(li + i) % 4],
                    completed: i % 7 == 0,
                })
                .collect();
            lists.push(TaskList { header, tasks });
        }
        Self {
            user: Self::USER.to_owned(),
            version: Version {
                segments: vec![1, 0, 0],
            },
            lists,
        }
    }
}

/// The task-manager traverse answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TaskManagerAnswer {
    /// Tasks in all lists.
    pub tasks: u64,
    /// Completed tasks.
    pub completed: u64,
    /// Tasks per priority, in wire order (low, medium, high, critical).
    pub by_priority: [u64; 4],
    /// UTF-8 bytes of every name (lists' and tasks') and description.
    pub text_bytes: u64,
}

impl fmt::Display for TaskManagerAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [low, medium, high, critical] = self.by_priority;
        JsonObject::new(f)?
            .raw("tasks", self.tasks)?
            .raw("completed", self.completed)?
            .raw(
                "by_priority",
                format_args!("[{low},{medium},{high},{critical}]"),
            )?
            .raw("text_bytes", self.text_bytes)?
            .end()
    }
}

impl Lend for TaskManager {
    type Lent<'a> = TaskManager<Text<'a>>;

    fn lend(&self) -> TaskManager<Text<'_>> {
        TaskManager {
            user: self.user.lend(),
            version: self.version.clone(),
            lists: self.lists.lend(),
        }
    }
}

impl Lend for TaskList {
    type Lent<'a> = TaskList<Text<'a>>;

    fn lend(&self) -> TaskList<Text<'_>> {
        TaskList {
            header: self.header.lend(),
            tasks: self.tasks.lend(),
        }
    }
}

impl Lend for Task {
    type Lent<'a> = Task<Text<'a>>;

    fn lend(&self) -> Task<Text<'_>> {
        Task {
            header: self.header.lend(),
            description: self.description.lend(),
            priority: self.priority,
            completed: self.completed,
        }
    }
}

impl Lend for TaskHeader {
    type Lent<'a> = TaskHeader<Text<'a>>;

    fn lend(&self) -> TaskHeader<Text<'_>> {
        TaskHeader {
            id: self.id,
            name: self.name.lend(),
            color: self.color,
            created: self.created,
        }
    }
}

impl Dataset for TaskManager {
    type Borrowed<'a> = TaskManager<Text<'a>>;

    fn lend(&self) -> TaskManager<Text<'_>> {
        Lend::lend(self)
    }

    const NAME: &'static str = "task-manager";
    const ABOUT: &'static str =
        "Qt serialization benchmark: nested task lists with uuids, colors and times";
    const SIZE_UNIT: &'static str = "tasks";
    const DEFAULT_SIZE: usize = 10_000;
    const DAMAGED_SIZE: usize = 40;
    type Answer = TaskManagerAnswer;

    fn workload(size: usize) -> Vec<Self> {
        vec![Self::generate(size)]
    }

    /// The generator spreads `size` over whole lists and makes a few tasks
    /// fewer, so the label gives both: `"10 000 → 9 944 tasks"`.
    fn size_label(size: usize) -> String {
        let tasks: usize = Self::generate(size)
            .lists
            .iter()
            .map(|list| list.tasks.len())
            .sum();
        if tasks == size {
            format!("{} tasks", grouped(size))
        } else {
            format!("{} → {} tasks", grouped(size), grouped(tasks))
        }
    }

    fn traverse(&self) -> TaskManagerAnswer {
        let mut answer = TaskManagerAnswer::default();
        for list in &self.lists {
            answer.text_bytes += list.header.name.len() as u64;
            for task in &list.tasks {
                answer.tasks += 1;
                answer.completed += u64::from(task.completed);
                answer.by_priority[task.priority as usize] += 1;
                answer.text_bytes += (task.header.name.len() + task.description.len()) as u64;
            }
        }
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms;

    #[test]
    fn labels_its_size_with_the_tasks_made() {
        assert_eq!(TaskManager::size_label(10_000), "10 000 → 9 944 tasks");
        assert_eq!(TaskManager::size_label(100_000), "100 000 → 90 926 tasks");
    }

    #[test]
    fn generates_the_qt_benchmark_shape() {
        let manager = TaskManager::generate(10_000);
        let sizes: Vec<usize> = manager.lists.iter().map(|l| l.tasks.len()).collect();
        assert_eq!(
            sizes,
            [819, 836, 853, 870, 887, 904, 921, 938, 955, 972, 989]
        );
        let task = &manager.lists[2].tasks[5];
        assert_eq!(task.header.name, "Task 2-5");
        assert_eq!(
            task.description,
            TaskManager::DESCRIPTIONS[(2 * 13 + 5 * 7) % 12]
        );
        assert_eq!(task.priority, Priority::Critical);
        assert!(!task.completed);
        assert!(manager.lists[2].tasks[7].completed);
        assert_eq!(task.header.color, TaskManager::COLORS[7]);
        assert_eq!(
            forms::timestamp_text(&task.header.created)
                .unwrap()
                .to_string(),
            "2025-10-20T09:10:00.000Z"
        );
        assert_eq!(
            forms::timestamp_text(&manager.lists[2].header.created)
                .unwrap()
                .to_string(),
            "2025-10-20T11:00:00.000Z"
        );
        assert_eq!(manager.lists[8].header.name, "Work");
        assert_eq!(task.header.id.get_version_num(), 4);
    }

    #[test]
    fn is_deterministic() {
        assert_eq!(TaskManager::generate(500), TaskManager::generate(500));
    }

    #[test]
    fn small_counts_stay_within_count() {
        for count in 0..200 {
            let tasks = TaskManager::generate(count).traverse().tasks;
            assert!(tasks <= count as u64, "count {count}: {tasks} tasks");
            assert_eq!(tasks == 0, count == 0, "count {count}");
        }
    }

    #[test]
    fn answers_the_traverse_question() {
        let answer = TaskManager::generate(10_000).traverse();
        assert_eq!(answer.tasks, 9_944);
        assert_eq!(answer.by_priority.iter().sum::<u64>(), 9_944);
        assert!(
            answer
                .to_string()
                .starts_with(r#"{"tasks":9944,"completed":"#)
        );
    }
}
