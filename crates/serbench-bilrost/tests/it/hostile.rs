//! Bilrost's crafted hostile inputs, which the conformance kit runs on a
//! small stack within its memory bound: each must fail with the kind given.
//!
//! Each input is a message written field by field ([`crate::wire`]).
//! Length-delimited fields (strings, bytes, nested messages, packed
//! integers) declare 2^32 and 2^63 bytes at every level of every dataset;
//! bilrost holds every length to the bytes left before it reads. A
//! non-repeated field given twice is refused (its key says distance 0 from
//! the previous tag), as is an enumeration value the enum does not have.

use serbench_bilrost::ErrorKind;
use serbench_model::{Graph, MediaContent, Record, SensorReading, TaskManager};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, LENGTHS};

use crate::wire::Fields;

pub(crate) struct Inputs;

fn fields() -> Fields {
    Fields::default()
}

fn crafted(class: Class, kind: ErrorKind, what: &str, message: &Fields) -> Crafted {
    Crafted::new(class, what, kind, message.bytes.clone())
}

/// For each of [`LENGTHS`], the message `wrap` makes of a field declaring
/// that length; the input ends long before it does.
fn lengths(what: &str, wrap: impl Fn(u64) -> Fields) -> Vec<Crafted> {
    LENGTHS
        .iter()
        .map(|&n| {
            let what = format!("{what} declares 2^{}", n.trailing_zeros());
            Crafted::new(Class::Length, what, ErrorKind::Truncated, wrap(n).bytes)
        })
        .collect()
}

/// Malformed fields every message refuses, after `prefix`.
fn malformed(prefix: &Fields) -> Vec<Crafted> {
    let after = |bytes: &[u8]| Fields::raw([&prefix.bytes[..], bytes].concat());
    vec![
        crafted(
            Class::Other,
            ErrorKind::Syntax,
            "a varint of nine bytes past 2^64",
            // Key of an unknown varint field 60, then the largest ninth
            // byte: past `u64::MAX`.
            &after(&[&[0xf0, 0x01][..], &[0xff; 9]].concat()),
        ),
        crafted(
            Class::Other,
            ErrorKind::Syntax,
            "a tag past 2^32",
            &after(&crate::wire::varint(1 << 40)),
        ),
        crafted(
            Class::Other,
            ErrorKind::Truncated,
            "a key and no value",
            &after(&[0xf0, 0x01]),
        ),
    ]
}

fn header() -> Fields {
    fields().bytes(1, &[0; 16])
}

fn task() -> Fields {
    fields().message(1, &header()).string(2, "d")
}

fn list(tasks: &Fields) -> Fields {
    fields().message(1, &header()).message(2, tasks)
}

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[
        (
            Class::Nesting,
            "the messages nest four deep and none recurses; an unknown length-delimited field \
             is skipped by its length, unread, so no input nests deeper (bilrost's limit of \
             100 nested messages is never reached)",
        ),
        (
            Class::Dtd,
            "Bilrost has no document type declarations or entities",
        ),
        (
            Class::HugeText,
            "no error quotes the input: bilrost's errors name a kind and the fields it was in",
        ),
    ];

    // The worst of the kit's dense values: minimal tasks, 2 bytes each,
    // each decoded into a 96-byte message in a `Vec` bilrost grows by
    // doubling, then converted into the model's task (SECURITY.md).
    const EXPANSION: usize = 150;
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let mut inputs = [
            lengths("the user", |n| fields().declaring(1, n, b"abc")),
            lengths("the packed version", |n| {
                fields().declaring(2, n, &[1, 0, 0])
            }),
            lengths("the lists", |n| {
                fields().declaring(3, n, &list(&task()).bytes)
            }),
            lengths("a list's header", |n| {
                fields().message(3, &fields().declaring(1, n, &header().bytes))
            }),
            lengths("a list's id", |n| {
                fields().message(3, &fields().message(1, &fields().declaring(1, n, &[0; 16])))
            }),
            lengths("a task's description", |n| {
                let task = fields().message(1, &header()).declaring(2, n, b"abc");
                fields().message(3, &list(&task))
            }),
        ]
        .concat();
        inputs.extend([
            crafted(
                Utf8,
                Invalid,
                "a byte 0xff in the user",
                &fields().bytes(1, b"Demo\xffUser"),
            ),
            crafted(
                Utf8,
                Invalid,
                "a byte 0xff in a task's description",
                &fields().message(3, &list(&fields().bytes(2, b"\xff"))),
            ),
            crafted(
                WrongType,
                Syntax,
                "the user is a varint",
                &fields().varint(1, 3),
            ),
            crafted(
                WrongType,
                Syntax,
                "a list is a varint",
                &fields().varint(3, 3),
            ),
            crafted(
                WrongType,
                Syntax,
                "a color is a varint",
                &fields().message(3, &fields().message(1, &fields().varint(3, 1))),
            ),
            crafted(
                UnknownEnum,
                Invalid,
                "priority 7",
                &fields().message(3, &list(&task().varint(3, 7))),
            ),
            crafted(
                Duplicate,
                Invalid,
                "the user twice",
                &fields().string(1, "a").string(1, "b"),
            ),
            crafted(
                Duplicate,
                Invalid,
                "a list's header twice",
                &fields().message(3, &fields().message(1, &header()).message(1, &header())),
            ),
            crafted(
                Class::Other,
                Invalid,
                "an id of 15 bytes",
                &fields().message(3, &fields().message(1, &fields().bytes(1, &[0; 15]))),
            ),
            crafted(
                Class::Other,
                Invalid,
                "a completed flag of 2",
                &fields().message(3, &list(&task().varint(4, 2))),
            ),
            crafted(
                Class::Other,
                Invalid,
                "nanoseconds of 2^31",
                &fields().message(3, &fields().message(1, &fields().varint(5, 1 << 31))),
            ),
        ]);
        inputs.extend(malformed(&fields().string(1, "u")));
        inputs
    }
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let mut inputs = lengths("the sensor id", |n| fields().declaring(1, n, b"abc"));
        inputs.extend([
            crafted(
                Class::Utf8,
                ErrorKind::Invalid,
                "a byte 0xff in the sensor id",
                &fields().bytes(1, b"\xff"),
            ),
            crafted(
                Class::WrongType,
                ErrorKind::Syntax,
                "a reading is a varint",
                &fields().varint(2, 1),
            ),
            crafted(
                Class::WrongType,
                ErrorKind::Syntax,
                "a reading is 32 bits",
                &fields().fixed32(2, 1),
            ),
            crafted(
                Class::Duplicate,
                ErrorKind::Invalid,
                "a reading twice",
                &fields().fixed64(2, 1).fixed64(2, 2),
            ),
            crafted(
                Class::Other,
                ErrorKind::Truncated,
                "a reading of 4 bytes at the end",
                &Fields::raw([&fields().key(2, 3).bytes[..], &[0; 4]].concat()),
            ),
        ]);
        inputs.extend(malformed(&fields().string(1, "s")));
        inputs
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let mut inputs = [
            lengths("the nodes", |n| fields().declaring(1, n, &[])),
            lengths("a node's name", |n| {
                fields().message(1, &fields().declaring(2, n, b"abc"))
            }),
            lengths("a node's packed out_edges", |n| {
                fields().message(1, &fields().declaring(3, n, &[1, 2, 3]))
            }),
            lengths("the edges", |n| fields().declaring(2, n, &[])),
        ]
        .concat();
        inputs.extend([
            crafted(
                Class::Utf8,
                ErrorKind::Invalid,
                "a byte 0xff in a node's name",
                &fields().message(1, &fields().bytes(2, b"\xff")),
            ),
            crafted(
                Class::WrongType,
                ErrorKind::Syntax,
                "a node's name is a varint",
                &fields().message(1, &fields().varint(2, 1)),
            ),
            crafted(
                Class::Duplicate,
                ErrorKind::Invalid,
                "an edge's weight twice",
                &fields().message(2, &fields().varint(3, 1).varint(3, 2)),
            ),
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "a node id of 65 536",
                &fields().message(1, &fields().varint(1, 65_536)),
            ),
        ]);
        inputs.extend(malformed(&fields()));
        inputs
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let mut inputs = [
            lengths("the packed ids", |n| fields().declaring(1, n, &[2, 4])),
            lengths("a string", |n| fields().declaring(2, n, b"abc")),
        ]
        .concat();
        inputs.extend([
            crafted(
                Class::Utf8,
                ErrorKind::Invalid,
                "a byte 0xff in a string",
                &fields().bytes(2, b"ok").bytes(2, b"\xff"),
            ),
            crafted(
                Class::WrongType,
                ErrorKind::Syntax,
                "a string is 64 bits",
                &fields().fixed64(2, 0),
            ),
            crafted(
                Class::Duplicate,
                ErrorKind::Invalid,
                "the packed ids twice",
                &fields().bytes(1, &[2]).bytes(1, &[4]),
            ),
            crafted(
                Class::Other,
                ErrorKind::Truncated,
                "packed ids ending inside a varint",
                &fields().bytes(1, &[0x80]),
            ),
        ]);
        inputs.extend(malformed(&fields()));
        inputs
    }
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let image = || fields().string(1, "u");
        let mut inputs = [
            lengths("the media", |n| fields().declaring(1, n, b"abc")),
            lengths("the uri", |n| {
                fields().message(1, &fields().declaring(1, n, b"abc"))
            }),
            lengths("a person", |n| {
                fields().message(1, &fields().declaring(9, n, b"abc"))
            }),
            lengths("an image", |n| fields().declaring(2, n, &image().bytes)),
            lengths("an image's title", |n| {
                fields().message(2, &fields().declaring(2, n, b"abc"))
            }),
        ]
        .concat();
        inputs.extend([
            crafted(
                Class::Utf8,
                ErrorKind::Invalid,
                "a byte 0xff in the title",
                &fields().message(1, &fields().bytes(2, b"\xff")),
            ),
            crafted(
                Class::WrongType,
                ErrorKind::Syntax,
                "the width is a string",
                &fields().message(1, &fields().string(3, "640")),
            ),
            crafted(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "player 2",
                &fields().message(1, &fields().varint(10, 2)),
            ),
            crafted(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "an image size 2",
                &fields().message(2, &image().varint(5, 2)),
            ),
            crafted(
                Class::Duplicate,
                ErrorKind::Invalid,
                "the media twice",
                &fields().message(1, &fields()).message(1, &fields()),
            ),
            crafted(
                Class::Duplicate,
                ErrorKind::Invalid,
                "the copyright twice",
                &fields().message(1, &fields().string(11, "a").string(11, "b")),
            ),
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "a width past 2^31",
                &fields().message(1, &fields().varint(3, 1 << 33)),
            ),
        ]);
        inputs.extend(malformed(&fields()));
        inputs
    }
}
