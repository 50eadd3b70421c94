//! Arbitrary model values for the property tests, and hand-picked edge
//! cases that every codec meets on every run.

use proptest::collection::vec;
use proptest::prelude::*;
use time::OffsetDateTime;
use uuid::Uuid;

use serbench_model::forms;
use serbench_model::{
    Color, Edge, Graph, Image, Media, MediaContent, Node, Player, Priority, Record, SensorReading,
    Size, Task, TaskHeader, TaskList, TaskManager, Version,
};

/// A dataset the kit can make arbitrary values of.
pub trait Arbitrary: Sized {
    /// Any value of the model type, edge values weighted up.
    fn strategy() -> BoxedStrategy<Self>;
    /// Hand-picked values at the edges of what formats carry.
    fn edge_cases() -> Vec<Self>;
}

/// Strings: mostly short and printable, sometimes any Unicode (controls
/// included), sometimes tens of kilobytes.
pub fn string() -> BoxedStrategy<String> {
    prop_oneof![
        4 => "[ -~]{0,24}",
        3 => "\\PC{0,16}",
        2 => vec(any::<char>(), 0..16).prop_map(String::from_iter),
        1 => (0usize..70_000).prop_map(|len| format!("{}스", "x".repeat(len))),
    ]
    .boxed()
}

/// Floats: plausible readings, every class and arbitrary bit patterns.
pub fn float() -> BoxedStrategy<f64> {
    prop_oneof![
        4 => -1.0e6..1.0e6,
        2 => prop::num::f64::ANY,
        2 => any::<u64>().prop_map(f64::from_bits),
        1 => prop::sample::select(vec![
            f64::NAN,
            -f64::NAN,
            f64::from_bits(0x7ff0_0000_0000_0001),
            f64::INFINITY,
            f64::NEG_INFINITY,
            0.0,
            -0.0,
            f64::MIN_POSITIVE,
            f64::from_bits(1),
            f64::MAX,
            f64::MIN,
            f64::EPSILON,
        ]),
    ]
    .boxed()
}

/// Ids: nil, max and random.
pub fn uuid() -> BoxedStrategy<Uuid> {
    prop_oneof![
        1 => Just(Uuid::nil()),
        1 => Just(Uuid::max()),
        6 => any::<u128>().prop_map(Uuid::from_u128),
    ]
    .boxed()
}

/// Timestamps: any instant time can hold, nanoseconds and offsets of every
/// kind (UTC, whole minutes, seconds, beyond ±24 h).
pub fn timestamp() -> BoxedStrategy<OffsetDateTime> {
    let min = OffsetDateTime::new_utc(time::Date::MIN, time::Time::MIDNIGHT).unix_timestamp();
    let max = OffsetDateTime::new_utc(time::Date::MAX, time::Time::MAX).unix_timestamp();
    let seconds = prop_oneof![3 => 0i64..4_102_444_800, 1 => min..=max];
    let nanos = prop_oneof![
        2 => Just(0u32),
        2 => (0u32..1_000).prop_map(|ms| ms * 1_000_000),
        1 => (0u32..1_000_000).prop_map(|us| us * 1_000),
        2 => 0u32..1_000_000_000,
    ];
    let offset = prop_oneof![
        3 => Just(0i32),
        3 => (-1_439i32..=1_439).prop_map(|minutes| minutes * 60),
        1 => -93_599i32..=93_599,
    ];
    (seconds, nanos, offset)
        .prop_map(|(seconds, nanos, offset)| {
            forms::timestamp_from_parts(seconds, nanos, offset)
                .or_else(|_| forms::timestamp_from_parts(seconds, nanos, 0))
                .expect("seconds and nanos are in range")
        })
        .boxed()
}

fn color() -> BoxedStrategy<Color> {
    prop_oneof![
        3 => any::<(u8, u8, u8)>().prop_map(|(r, g, b)| Color::rgb(r, g, b)),
        1 => any::<u32>().prop_map(Color::from_argb),
    ]
    .boxed()
}

fn header() -> BoxedStrategy<TaskHeader> {
    (uuid(), string(), color(), timestamp())
        .prop_map(|(id, name, color, created)| TaskHeader {
            id,
            name,
            color,
            created,
        })
        .boxed()
}

fn task() -> impl Strategy<Value = Task> {
    (
        header(),
        string(),
        prop::sample::select(Priority::ALL.to_vec()),
        any::<bool>(),
    )
        .prop_map(|(header, description, priority, completed)| Task {
            header,
            description,
            priority,
            completed,
        })
}

impl Arbitrary for TaskManager {
    fn strategy() -> BoxedStrategy<Self> {
        let list =
            (header(), vec(task(), 0..6)).prop_map(|(header, tasks)| TaskList { header, tasks });
        (string(), vec(any::<u32>(), 0..6), vec(list, 0..4))
            .prop_map(|(user, segments, lists)| TaskManager {
                user,
                version: Version { segments },
                lists,
            })
            .boxed()
    }

    fn edge_cases() -> Vec<Self> {
        let mut tiny = TaskManager::generate(3);
        let at = |seconds, nanos, offset| {
            forms::timestamp_from_parts(seconds, nanos, offset).expect("valid edge timestamp")
        };
        let mut edges = vec![
            TaskManager {
                user: String::new(),
                version: Version::default(),
                lists: Vec::new(),
            },
            tiny.clone(),
        ];
        let mut push = |change: &dyn Fn(&mut TaskManager)| {
            let mut value = tiny.clone();
            change(&mut value);
            edges.push(value);
        };
        push(&|m| m.lists[0].header.id = Uuid::nil());
        push(&|m| m.lists[0].tasks[0].header.id = Uuid::max());
        push(&|m| m.lists[0].header.color = Color::from_argb(0x8012_3456));
        push(&|m| m.lists[0].header.color = Color::from_argb(0));
        push(&|m| m.lists[0].tasks.clear());
        push(&|m| {
            m.version = Version {
                segments: vec![u32::MAX, 0, 7, 12, 3],
            }
        });
        push(&|m| m.lists[0].tasks[0].header.created = at(1_762_160_400, 123_456_789, 0));
        push(&|m| m.lists[0].tasks[0].header.created = at(1_762_160_400, 5_000, 19_800));
        push(&|m| m.lists[0].tasks[0].header.created = at(-62_135_596_800, 1, -50_400));
        push(&|m| m.lists[0].tasks[0].header.created = at(253_402_300_799, 999_999_999, 0));
        push(&|m| m.lists[0].tasks[0].header.created = at(0, 0, 19_815));
        push(&|m| m.lists[0].tasks[0].header.created = at(0, 0, 86_400));
        push(&|m| m.lists[0].tasks[0].header.created = at(-62_167_219_200 - 1, 0, 0));
        push(&|m| "Ünïcødé 用户 🦀 \"quoted\" <tag> & 'apos' \\ \t\n\r".clone_into(&mut m.user));
        push(&|m| "  leading and trailing  \n".clone_into(&mut m.lists[0].tasks[0].description));
        push(&|m| "nul \0 bell \u{7} esc \u{1b}".clone_into(&mut m.lists[0].tasks[0].description));
        push(&|m| "\u{fffe}\u{ffff}".clone_into(&mut m.lists[0].tasks[0].description));
        push(&|m| "]]> --> <!-- &amp; &#0;".clone_into(&mut m.lists[0].header.name));
        push(&|m| m.lists[0].tasks[0].description = "x".repeat(100_000));
        tiny.lists[0].tasks[0].priority = Priority::Critical;
        edges.push(tiny);
        edges
    }
}

impl Arbitrary for SensorReading {
    fn strategy() -> BoxedStrategy<Self> {
        (
            string(),
            [
                float(),
                float(),
                float(),
                float(),
                float(),
                float(),
                float(),
                float(),
            ],
        )
            .prop_map(|(sensor_id, r)| reading(sensor_id, r))
            .boxed()
    }

    fn edge_cases() -> Vec<Self> {
        let mut edges: Vec<Self> = [
            f64::NAN,
            -f64::NAN,
            f64::from_bits(0x7ff0_0000_0000_0001),
            f64::from_bits(0xfff8_0000_dead_beef),
            f64::INFINITY,
            f64::NEG_INFINITY,
            -0.0,
            0.0,
            f64::from_bits(1),
            f64::MIN_POSITIVE,
            f64::MAX,
            f64::MIN,
            0.1,
            1.0 / 3.0,
            1e300,
            -1e-300,
            9_007_199_254_740_993.0,
        ]
        .into_iter()
        .map(|value| reading("edge".to_owned(), [value; 8]))
        .collect();
        edges.push(reading(String::new(), [0.0; 8]));
        edges.push(reading("ünï\u{1}".to_owned(), [1.5; 8]));
        edges.extend(SensorReading::generate(3));
        edges
    }
}

fn reading(sensor_id: String, r: [f64; 8]) -> SensorReading {
    SensorReading {
        sensor_id,
        ambient_temperature: r[0],
        object_temperature: r[1],
        accelerometer_x: r[2],
        accelerometer_y: r[3],
        accelerometer_z: r[4],
        altitude: r[5],
        light: r[6],
        humidity: r[7],
    }
}

impl Arbitrary for Graph {
    fn strategy() -> BoxedStrategy<Self> {
        let index = prop_oneof![4 => 0u32..8, 1 => any::<u32>()];
        let node = (
            any::<u16>(),
            string(),
            vec(index.clone(), 0..6),
            vec(index.clone(), 0..6),
        )
            .prop_map(|(id, name, out_edges, in_edges)| Node {
                id,
                name,
                out_edges,
                in_edges,
            });
        let edge = (index.clone(), index, any::<u16>()).prop_map(|(from, to, weight)| Edge {
            from,
            to,
            weight,
        });
        (vec(node, 0..8), vec(edge, 0..12))
            .prop_map(|(nodes, edges)| Graph { nodes, edges })
            .boxed()
    }

    fn edge_cases() -> Vec<Self> {
        let mut broken = Graph::generate(4);
        broken.nodes[1].id = u16::MAX;
        broken.nodes[0].out_edges.push(u32::MAX);
        broken.edges[0].to = u32::MAX;
        broken.edges[1].weight = u16::MAX;
        broken.nodes[2].name = String::new();
        vec![
            Graph::default(),
            Graph::generate(1),
            Graph::generate(12),
            broken,
        ]
    }
}

impl Arbitrary for Record {
    fn strategy() -> BoxedStrategy<Self> {
        (vec(any::<i64>(), 0..64), vec(string(), 0..6))
            .prop_map(|(ids, strings)| Record { ids, strings })
            .boxed()
    }

    fn edge_cases() -> Vec<Self> {
        vec![
            Record::default(),
            Record::canonical(),
            Record {
                ids: vec![
                    i64::MIN,
                    -1,
                    0,
                    1,
                    i64::MAX,
                    127,
                    128,
                    -128,
                    -129,
                    65_535,
                    65_536,
                ],
                strings: vec![String::new(), "\u{10ffff}".to_owned(), "y".repeat(70_000)],
            },
        ]
    }
}

impl Arbitrary for MediaContent {
    fn strategy() -> BoxedStrategy<Self> {
        let optional = || prop::option::of(string());
        let image = (
            string(),
            optional(),
            any::<i32>(),
            any::<i32>(),
            prop::sample::select(vec![Size::Small, Size::Large]),
        )
            .prop_map(|(uri, title, width, height, size)| Image {
                uri,
                title,
                width,
                height,
                size,
            });
        let media = (
            (string(), optional(), any::<i32>(), any::<i32>(), string()),
            (
                any::<i64>(),
                any::<i64>(),
                prop::option::of(any::<i32>()),
                vec(string(), 0..4),
                prop::sample::select(vec![Player::Java, Player::Flash]),
                optional(),
            ),
        )
            .prop_map(
                |(
                    (uri, title, width, height, format),
                    (duration, size, bitrate, persons, player, copyright),
                )| {
                    Media {
                        uri,
                        title,
                        width,
                        height,
                        format,
                        duration,
                        size,
                        bitrate,
                        persons,
                        player,
                        copyright,
                    }
                },
            );
        (media, vec(image, 0..4))
            .prop_map(|(media, images)| MediaContent { media, images })
            .boxed()
    }

    fn edge_cases() -> Vec<Self> {
        let canonical = MediaContent::canonical();
        let mut bare = canonical.clone();
        bare.media.title = None;
        bare.media.bitrate = None;
        bare.media.persons.clear();
        bare.media.player = Player::Flash;
        bare.images.clear();
        let mut extreme = canonical.clone();
        extreme.media.width = i32::MIN;
        extreme.media.height = i32::MAX;
        extreme.media.duration = i64::MIN;
        extreme.media.size = i64::MAX;
        extreme.media.bitrate = Some(-1);
        extreme.media.copyright = Some(String::new());
        extreme.images[0].title = Some(String::new());
        extreme.images[1].title = None;
        vec![canonical, bare, extreme]
    }
}
