//! wincode's crafted hostile inputs, which the conformance kit runs on a
//! small stack within its memory bound: each must fail with the kind given.
//!
//! The layout is bincode 1's: positional, fixed-width, every length a
//! `u64`. So nothing can nest deeper than the types do or appear twice;
//! what an input can lie about is lengths, tags and bytes. Each string and
//! sequence of every dataset declares 2^32 and 2^63, and each sequence
//! also a count just inside wincode's own preallocation limit (4 MiB of
//! elements), which wincode alone would reserve for a few bytes of input:
//! the codec's length check refuses them all before wincode reads. Then
//! invalid UTF-8, a `bool` byte of 2, `Option` tags and variants out of
//! range, and a timestamp out of range.

use serbench_model::{
    Dataset, Edge, Graph, MediaContent, Node, Record, SensorReading, TaskManager,
};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, LENGTHS, replace_once};
use serbench_wincode::{ErrorKind, to_vec};

pub(crate) struct Inputs;

/// A length as the layout writes it.
fn le(n: u64) -> [u8; 8] {
    n.to_le_bytes()
}

/// Counts of `what` the length check must refuse: 2^32, 2^63 and
/// `inside`, a count whose elements fit in wincode's 4 MiB limit.
fn counts(what: &str, inside: u64, craft: impl Fn(u64) -> Vec<u8>) -> Vec<Crafted> {
    LENGTHS
        .iter()
        .map(|&n| (n, format!("{what} declares 2^{}", n.trailing_zeros())))
        .chain([(
            inside,
            format!("{what} declares {inside}, inside wincode's 4 MiB preallocation limit"),
        )])
        .map(|(n, what)| Crafted::new(Class::Length, what, ErrorKind::Truncated, craft(n)))
        .collect()
}

/// Lengths of a string: 2^32 and 2^63.
fn string(what: &str, craft: impl Fn(u64) -> Vec<u8>) -> Vec<Crafted> {
    LENGTHS
        .iter()
        .map(|&n| {
            let what = format!("{what} declares 2^{} bytes", n.trailing_zeros());
            Crafted::new(Class::Length, what, ErrorKind::Truncated, craft(n))
        })
        .collect()
}

/// `valid` with `from`, with `before` ahead of it, replaced by `to`.
fn patch(valid: &[u8], before: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    replace_once(valid, &[before, from].concat(), &[before, to].concat())
}

/// `valid` with its last `len` bytes replaced by `to`.
fn ending(valid: &[u8], len: usize, to: &[u8]) -> Vec<u8> {
    [&valid[..valid.len() - len], to].concat()
}

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[
        (
            Class::Nesting,
            "the layout is positional, without self-describing containers: the model's types \
             fix the nesting, so no input nests deeper",
        ),
        (
            Class::Duplicate,
            "the layout is positional: each field is read once, in order, so none can appear \
             twice",
        ),
        (
            Class::Dtd,
            "the format has no document type declarations or entities",
        ),
        (
            Class::HugeText,
            "no error quotes the input: ids, colors, times and versions are binary, and \
             fields and enum values are positions and numbers, never names",
        ),
    ];
    /// Nodes without names or edges: 26 bytes on the wire, an 80-byte node
    /// in memory (3.1 per byte); empty strings and minimal images 3.0.
    /// The conversion into the model reuses the mirror's vectors where the
    /// layouts match, so the two rarely live at once.
    const EXPANSION: usize = 4;
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::Invalid;

        let m = TaskManager::generate(1);
        let v = &to_vec(&m).unwrap();
        let list = &m.lists[0];
        let task = &list.tasks[0];
        let task_id = task.header.id.as_bytes();
        let segments = [1u32, 0, 0].map(u32::to_le_bytes).concat();
        let description = task.description.as_bytes();
        let mut inputs = [
            string("the user", |n| {
                patch(
                    v,
                    &[],
                    &[&le(9)[..], b"Demo User"].concat(),
                    &[&le(n)[..], b"Demo User"].concat(),
                )
            }),
            counts("the version", 1_000_000, |n| {
                patch(v, b"User", &le(3), &le(n))
            }),
            counts("the lists", 40_000, |n| {
                patch(v, &[&le(3)[..], &segments].concat(), &le(1), &le(n))
            }),
            string("a list's name", |n| {
                patch(
                    v,
                    &[],
                    &[&le(4)[..], b"Work"].concat(),
                    &[&le(n)[..], b"Work"].concat(),
                )
            }),
            counts("a list's tasks", 30_000, |n| {
                replace_once(
                    v,
                    &[&le(1)[..], task_id].concat(),
                    &[&le(n)[..], task_id].concat(),
                )
            }),
            string("a task's name", |n| {
                patch(
                    v,
                    &[],
                    &[&le(8)[..], b"Task 0-0"].concat(),
                    &[&le(n)[..], b"Task 0-0"].concat(),
                )
            }),
            string("a description", |n| {
                let length = le(description.len() as u64);
                patch(
                    v,
                    &[],
                    &[&length[..], description].concat(),
                    &[&le(n)[..], description].concat(),
                )
            }),
        ]
        .concat();
        let created = task.header.created.unix_timestamp().to_le_bytes();
        inputs.extend([
            Crafted::new(
                Utf8,
                "a byte 0xff in the user",
                Invalid,
                replace_once(v, b"Demo User", b"Demo \xffser"),
            ),
            Crafted::new(
                WrongType,
                "completed is a byte 2",
                Invalid,
                ending(v, 1, &[2]),
            ),
            Crafted::new(
                UnknownEnum,
                "priority 9",
                Invalid,
                ending(v, 5, &[9, 0, 0, 0, 1]),
            ),
            Crafted::new(
                Other,
                "a task created at nanosecond 2 000 000 000",
                Invalid,
                patch(
                    v,
                    &[
                        b"Task 0-0",
                        &task.header.color.argb().to_le_bytes()[..],
                        &created,
                    ]
                    .concat(),
                    &[0; 4],
                    &2_000_000_000u32.to_le_bytes(),
                ),
            ),
        ]);
        inputs
    }
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let reading = SensorReading::workload(1).remove(0);
        let v = &to_vec(&reading).unwrap();
        let id = reading.sensor_id.as_bytes();
        let mut inputs = string("the sensor id", |n| patch(v, &[], &le(8), &le(n)));
        let mut bad = id.to_vec();
        bad[3] = 0xc0;
        inputs.push(Crafted::new(
            Class::Utf8,
            "a lone 0xc0 in the sensor id",
            ErrorKind::Invalid,
            replace_once(v, id, &bad),
        ));
        inputs
    }
}

/// One node, `alpha`, with one edge to itself of weight 7.
fn graph() -> Graph {
    Graph {
        nodes: vec![Node {
            id: 0,
            name: "alpha".to_owned(),
            out_edges: vec![0],
            in_edges: vec![0],
        }],
        edges: vec![Edge {
            from: 0,
            to: 0,
            weight: 7,
        }],
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let v = &to_vec(&graph()).unwrap();
        let edges = &v[v.len() - 18..];
        [
            counts("the nodes", 50_000, |n| [&le(n)[..], &v[8..]].concat()),
            string("a node's name", |n| {
                patch(
                    v,
                    &[],
                    &[&le(5)[..], b"alpha"].concat(),
                    &[&le(n)[..], b"alpha"].concat(),
                )
            }),
            counts("a node's out_edges", 1_000_000, |n| {
                patch(v, b"alpha", &le(1), &le(n))
            }),
            counts("a node's in_edges", 1_000_000, |n| {
                patch(
                    v,
                    &[&b"alpha"[..], &le(1), &[0; 4]].concat(),
                    &le(1),
                    &le(n),
                )
            }),
            counts("the edges", 300_000, |n| {
                ending(v, 18, &[&le(n)[..], &edges[8..]].concat())
            }),
            vec![Crafted::new(
                Class::Utf8,
                "a byte 0xff in a node's name",
                ErrorKind::Invalid,
                replace_once(v, b"alpha", b"al\xffha"),
            )],
        ]
        .concat()
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let record = Record {
            ids: vec![5],
            strings: vec!["hello".to_owned()],
        };
        let v = &to_vec(&record).unwrap();
        [
            counts("the ids", 500_000, |n| [&le(n)[..], &v[8..]].concat()),
            counts("the strings", 150_000, |n| patch(v, &le(5), &le(1), &le(n))),
            string("a string", |n| {
                patch(
                    v,
                    &[],
                    &[&le(5)[..], b"hello"].concat(),
                    &[&le(n)[..], b"hello"].concat(),
                )
            }),
            vec![Crafted::new(
                Class::Utf8,
                "a byte 0xff in a string",
                ErrorKind::Invalid,
                replace_once(v, b"hello", b"he\xfflo"),
            )],
        ]
        .concat()
    }
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::Invalid;

        let m = MediaContent::canonical();
        let v = &to_vec(&m).unwrap();
        let uri = m.media.uri.as_bytes();
        let bitrate = [&[1][..], &262_144i32.to_le_bytes()].concat();
        let large = b"http://javaone.com/keynote_large.jpg";
        let first_image = [&le(large.len() as u64)[..], large].concat();
        [
            string("the uri", |n| {
                patch(
                    v,
                    &[],
                    &[&le(30)[..], uri].concat(),
                    &[&le(n)[..], uri].concat(),
                )
            }),
            counts("the persons", 150_000, |n| {
                patch(v, &bitrate, &le(2), &le(n))
            }),
            counts("the images", 50_000, |n| {
                replace_once(
                    v,
                    &[&le(2)[..], &first_image].concat(),
                    &[&le(n)[..], &first_image].concat(),
                )
            }),
            vec![
                Crafted::new(
                    Class::WrongType,
                    "the title's Option tag is 2",
                    Invalid,
                    patch(v, uri, &[1], &[2]),
                ),
                Crafted::new(
                    Class::UnknownEnum,
                    "player 7",
                    Invalid,
                    replace_once(
                        v,
                        &[&[0, 0, 0, 0, 0][..], &le(2), &first_image].concat(),
                        &[&[7, 0, 0, 0, 0][..], &le(2), &first_image].concat(),
                    ),
                ),
                Crafted::new(
                    Class::UnknownEnum,
                    "an image size 5",
                    Invalid,
                    ending(v, 4, &[5, 0, 0, 0]),
                ),
                Crafted::new(
                    Class::Utf8,
                    "a byte 0xff in a person",
                    Invalid,
                    replace_once(v, b"Bill Gates", b"Bill\xffGates"),
                ),
            ],
        ]
        .concat()
    }
}
