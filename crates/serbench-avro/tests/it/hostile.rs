//! Avro's crafted hostile inputs, which the conformance kit runs on a
//! small stack within its memory bound: each must fail with the kind given.
//!
//! An Avro datum is positional: no field names, no tags, no containers but
//! the arrays and records the schema lists, so nothing nests deeper than
//! the schema, nothing can appear twice, and a "wrong type" can only be a
//! value its field's type cannot hold (a boolean byte of 2, an `int` past
//! 32 bits, a union branch the schema does not have). What a datum does
//! declare is lengths and block counts, signed 64-bit varints: every
//! string and array of every dataset gets 2^32, 2^62 and 2^63 − 1, and
//! arrays the negative count −2^63 too (a negative count is followed by
//! the block's size in bytes).

use serbench_avro::ErrorKind;
use serbench_model::{Graph, MediaContent, Record, SensorReading, TaskManager};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs};

use crate::datum::{array, header, long, manager, small_manager, string, task};

pub(crate) struct Inputs;

/// Lengths and counts far past any input.
const LENGTHS: [i64; 3] = [1 << 32, 1 << 62, i64::MAX];

/// For each of [`LENGTHS`], the datum `wrap` makes of a length.
pub(crate) fn lengths(what: &str, wrap: impl Fn(i64) -> Vec<u8>) -> Vec<Crafted> {
    LENGTHS
        .iter()
        .map(|&n| {
            Crafted::new(
                Class::Length,
                format!("{what} declares {n}"),
                ErrorKind::Truncated,
                wrap(n),
            )
        })
        .collect()
}

/// [`lengths`] for an array's block count, with the negative count
/// −2^63 and a block size.
pub(crate) fn counts(what: &str, wrap: impl Fn(Vec<u8>) -> Vec<u8>) -> Vec<Crafted> {
    let mut inputs = lengths(what, |n| wrap(long(n)));
    inputs.push(Crafted::new(
        Class::Length,
        format!("{what} declares -2^63 items in a block of 1 byte"),
        ErrorKind::Truncated,
        wrap([long(i64::MIN), long(1)].concat()),
    ));
    inputs
}

pub(crate) fn input(class: Class, kind: ErrorKind, what: &str, bytes: Vec<u8>) -> Crafted {
    Crafted::new(class, what, kind, bytes)
}

/// Damage any datum can have: cut short, bytes after it, a varint past 64
/// bits where `prefix` ends.
pub(crate) fn malformed(whole: &[u8], prefix: &[u8]) -> Vec<Crafted> {
    vec![
        input(
            Class::Other,
            ErrorKind::Truncated,
            "the last byte cut",
            whole[..whole.len() - 1].to_vec(),
        ),
        input(
            Class::Other,
            ErrorKind::TrailingBytes,
            "a byte after the datum",
            [whole, &[0]].concat(),
        ),
        input(
            Class::Other,
            ErrorKind::Syntax,
            "a varint of 11 bytes",
            [prefix, &[0xff; 10], &[0x01]].concat(),
        ),
    ]
}

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[
        (
            Class::Nesting,
            "a datum is positional and the schemas do not refer to themselves: they fix the \
             nesting (five records at most), so no input nests deeper",
        ),
        (
            Class::Duplicate,
            "a datum is positional: each field is read once, in the schema's order, so none can \
             appear twice",
        ),
        (
            Class::Dtd,
            "Avro's binary encoding has no document type declarations or entities",
        ),
        (
            Class::HugeText,
            "no error quotes the input: ids, colors, times and versions are binary, and \
             fields and enum values are positions and numbers, never names",
        ),
    ];

    /// Empty strings: 1 byte on the wire, a 24-byte `String` in memory,
    /// in a vector reserved for the block's count once the walk has found
    /// every item.
    const EXPANSION: usize = 24;
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let ok_task = |priority, completed| task(header("t", 0, 0, 0), b"d", priority, completed);
        let with_task = |task: Vec<u8>| manager(&[long(1)], &[task]);
        let mut inputs = [
            lengths("the user", |n| [long(n), b"u".to_vec()].concat()),
            counts("the version", |count| [string(b"u"), count].concat()),
            counts("the lists", |count| {
                [string(b"u"), array(&[long(1)]), count].concat()
            }),
            counts("a list's tasks", |count| {
                [
                    string(b"u"),
                    array(&[]),
                    long(1),
                    header("L", 0, 0, 0),
                    count,
                ]
                .concat()
            }),
            lengths("a task's name", |n| {
                let mut head = header("", 0, 0, 0);
                head.splice(16..17, long(n));
                [
                    string(b"u"),
                    array(&[]),
                    long(1),
                    header("L", 0, 0, 0),
                    long(1),
                    head,
                ]
                .concat()
            }),
            malformed(&small_manager(), &string(b"u")),
        ]
        .concat();
        inputs.extend([
            input(
                Class::Utf8,
                ErrorKind::Syntax,
                "an overlong NUL (c0 80) in a description",
                with_task(task(header("t", 0, 0, 0), b"\xc0\x80", 0, 0)),
            ),
            input(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "priority 4",
                with_task(ok_task(4, 0)),
            ),
            input(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "priority -1",
                with_task(ok_task(-1, 0)),
            ),
            input(
                Class::WrongType,
                ErrorKind::Invalid,
                "completed is 2",
                with_task(ok_task(0, 2)),
            ),
            input(
                Class::WrongType,
                ErrorKind::Invalid,
                "a version segment of -1",
                manager(&[long(-1)], &[]),
            ),
            input(
                Class::WrongType,
                ErrorKind::Invalid,
                "a version segment of 2^32",
                manager(&[long(1 << 32)], &[]),
            ),
        ]);
        inputs.extend(created());
        inputs
    }
}

/// A task-manager whose one task has `header`.
fn with_header(header: Vec<u8>) -> Vec<u8> {
    manager(&[long(1)], &[task(header, b"d", 0, 0)])
}

/// Creation times the model cannot hold.
fn created() -> Vec<Crafted> {
    vec![
        input(
            Class::WrongType,
            ErrorKind::Invalid,
            "created.nanos past 32 bits",
            with_header(header("t", 0, 1 << 31, 0)),
        ),
        input(
            Class::Other,
            ErrorKind::Invalid,
            "created.nanos of 1 000 000 (a whole millisecond)",
            with_header(header("t", 0, 1_000_000, 0)),
        ),
        input(
            Class::Other,
            ErrorKind::Invalid,
            "created.nanos of -1",
            with_header(header("t", 0, -1, 0)),
        ),
        input(
            Class::Other,
            ErrorKind::Invalid,
            "created.offset_seconds of 26 hours",
            with_header(header("t", 0, 0, 26 * 3600)),
        ),
        input(
            Class::Other,
            ErrorKind::Invalid,
            "created.millis at the end of the 64-bit range",
            with_header(header("t", i64::MAX, 0, 0)),
        ),
    ]
}

/// A telemetry reading: the id, then eight doubles.
fn reading(id: Vec<u8>) -> Vec<u8> {
    [id, vec![0; 64]].concat()
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let mut inputs = lengths("the sensor id", |n| {
            reading([long(n), b"s".to_vec()].concat())
        });
        inputs.extend(malformed(&reading(string(b"sensor01")), &[]));
        inputs.extend([
            input(
                Class::Utf8,
                ErrorKind::Syntax,
                "a lone continuation byte in the sensor id",
                reading(string(b"\x80")),
            ),
            input(
                Class::Length,
                ErrorKind::Invalid,
                "the sensor id's length is -1",
                reading(long(-1)),
            ),
        ]);
        inputs
    }
}

/// A node: id, name, out-edges, in-edges.
fn node(id: i64, name: &[u8], out_edges: &[Vec<u8>]) -> Vec<u8> {
    [long(id), string(name), array(out_edges), array(&[])].concat()
}

/// An edge: from, to, weight.
fn edge(from: i64, to: i64, weight: i64) -> Vec<u8> {
    [long(from), long(to), long(weight)].concat()
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let graph = |nodes: &[Vec<u8>], edges: &[Vec<u8>]| [array(nodes), array(edges)].concat();
        let whole = graph(&[node(0, b"a", &[long(0)])], &[edge(0, 0, 7)]);
        let mut inputs = [
            counts("the nodes", |count| count),
            counts("a node's out-edges", |count| {
                [long(1), long(0), string(b"a"), count].concat()
            }),
            counts("the edges", |count| [array(&[]), count].concat()),
            lengths("a node's name", |n| [long(1), long(0), long(n)].concat()),
            malformed(&whole, &[]),
        ]
        .concat();
        inputs.extend([
            input(
                Class::Utf8,
                ErrorKind::Syntax,
                "a surrogate (ed a0 80) in a node's name",
                graph(&[node(0, b"\xed\xa0\x80", &[])], &[]),
            ),
            input(
                Class::WrongType,
                ErrorKind::Invalid,
                "a node id of 65 536",
                graph(&[node(65_536, b"a", &[])], &[]),
            ),
            input(
                Class::WrongType,
                ErrorKind::Invalid,
                "an edge weight of -1",
                graph(&[], &[edge(0, 0, -1)]),
            ),
            input(
                Class::WrongType,
                ErrorKind::Invalid,
                "an out-edge index of 2^32",
                graph(&[node(0, b"a", &[long(1 << 32)])], &[]),
            ),
        ]);
        inputs
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let whole = [array(&[long(-5)]), array(&[string(b"s")])].concat();
        let mut inputs = [
            counts("the ids", |count| count),
            counts("the strings", |count| [array(&[]), count].concat()),
            lengths("a string", |n| {
                [array(&[]), long(1), long(n), b"s".to_vec()].concat()
            }),
            malformed(&whole, &[]),
        ]
        .concat();
        inputs.extend([
            input(
                Class::Utf8,
                ErrorKind::Syntax,
                "a string cut inside a character (e2 82)",
                [array(&[]), array(&[string(b"\xe2\x82")])].concat(),
            ),
            input(
                Class::Other,
                ErrorKind::Truncated,
                "a block without the closing count of 0",
                [array(&[]), long(1), string(b"s")].concat(),
            ),
        ]);
        inputs
    }
}

/// The canonical media datum with `player` and `size` given, and its
/// first image's title as the union branch `title`.
fn media(player: i64, size: i64, title: Vec<u8>) -> Vec<u8> {
    let media = [
        string(b"u"),
        long(0),
        long(640),
        long(480),
        string(b"f"),
        long(1),
        long(2),
        long(0),
        array(&[string(b"p")]),
        long(player),
        long(0),
    ]
    .concat();
    let image = [string(b"i"), title, long(1), long(2), long(size)].concat();
    [media, array(&[image])].concat()
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let some_title = [long(1), string(b"t")].concat();
        let mut inputs = [
            lengths("the media's uri", |n| [long(n), b"u".to_vec()].concat()),
            counts("the persons", |count| {
                let before = [string(b"u"), long(0), long(1), long(1), string(b"f")].concat();
                [before, long(1), long(2), long(0), count].concat()
            }),
            malformed(&media(0, 0, some_title.clone()), &[]),
        ]
        .concat();
        inputs.extend([
            input(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "player 2",
                media(2, 0, long(0)),
            ),
            input(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "image size 2",
                media(0, 2, long(0)),
            ),
            input(
                Class::WrongType,
                ErrorKind::Invalid,
                "an image title in union branch 2 of [null, string]",
                media(0, 0, [long(2), string(b"t")].concat()),
            ),
            input(
                Class::WrongType,
                ErrorKind::Invalid,
                "an image title in union branch -1",
                media(0, 0, [long(-1), string(b"t")].concat()),
            ),
            input(
                Class::Utf8,
                ErrorKind::Syntax,
                "a title of ff",
                media(0, 0, [long(1), string(b"\xff")].concat()),
            ),
        ]);
        inputs
    }
}
