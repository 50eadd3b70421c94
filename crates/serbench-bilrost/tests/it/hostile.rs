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
use serbench_model::{
    Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager, Updates,
};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, LENGTHS};

use crate::wire::{Fields, element, varint};

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

/// A message whose field `tag` is a packed list of the one `message`.
fn packed(tag: u32, message: &Fields) -> Fields {
    fields().bytes(tag, &element(message))
}

/// For each of [`LENGTHS`], the message `wrap` makes of the bytes of a
/// packed list's element declaring that length.
fn element_lengths(what: &str, wrap: impl Fn(&[u8]) -> Fields) -> Vec<Crafted> {
    lengths(what, |n| wrap(&[&varint(n)[..], b"abc"].concat()))
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
            "the messages nest five deep (a minecraft player's vehicle, an mk48 contact's \
             position) and none recurses; an unknown length-delimited field is skipped by its \
             length, unread, so no input nests deeper (bilrost's limit of 100 nested messages \
             is never reached)",
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

    // The worst of the kit's dense values: log records of empty strings
    // and zeros, each one byte in RSB's packed list (its length, 0),
    // decoded into a 112-byte message in a `Vec` bilrost grows by doubling
    // (336 per byte measured); minimal tasks, 2 bytes each, take 144
    // (SECURITY.md).
    const EXPANSION: usize = 340;
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

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::{Invalid, Syntax};

        let mut inputs = [
            lengths("the packed logs", |n| fields().declaring(1, n, &[])),
            element_lengths("a log", |bytes| fields().bytes(1, bytes)),
            lengths("a log's userid", |n| {
                packed(1, &fields().declaring(3, n, b"abc"))
            }),
        ]
        .concat();
        inputs.extend([
            crafted(
                Class::Utf8,
                Invalid,
                "a byte 0xff in a userid",
                &packed(1, &fields().string(2, "-").bytes(3, b"al\xffce")),
            ),
            crafted(
                Class::WrongType,
                Syntax,
                "a userid is a varint",
                &packed(1, &fields().varint(3, 1)),
            ),
            crafted(
                Class::WrongType,
                Syntax,
                "an address of 64 bits",
                &packed(1, &fields().fixed64(1, 1)),
            ),
            crafted(
                Class::Duplicate,
                Invalid,
                "a log's code twice",
                &packed(1, &fields().varint(6, 200).varint(6, 404)),
            ),
            crafted(
                Class::Other,
                Invalid,
                "a code of 65 536",
                &packed(1, &fields().varint(6, 65_536)),
            ),
        ]);
        inputs.extend(malformed(&fields()));
        inputs
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let mut inputs = [
            lengths("the packed triangles", |n| fields().declaring(1, n, &[])),
            element_lengths("a triangle", |bytes| fields().bytes(1, bytes)),
            lengths("a triangle's normal", |n| {
                packed(1, &fields().declaring(4, n, &[]))
            }),
        ]
        .concat();
        inputs.extend([
            crafted(
                Class::WrongType,
                ErrorKind::Syntax,
                "an x is a varint",
                &packed(1, &fields().message(1, &fields().varint(1, 1))),
            ),
            crafted(
                Class::WrongType,
                ErrorKind::Syntax,
                "an x is 64 bits",
                &packed(1, &fields().message(1, &fields().fixed64(1, 1))),
            ),
            crafted(
                Class::Duplicate,
                ErrorKind::Invalid,
                "a triangle's v0 twice",
                &packed(1, &fields().message(1, &fields()).message(1, &fields())),
            ),
        ]);
        inputs.extend(malformed(&fields()));
        inputs
    }
}

impl Crafts<Players> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::{Invalid, Syntax};

        let recipe_book = |book: &Fields| packed(1, &fields().message(28, book));
        let mut inputs = [
            lengths("the packed players", |n| fields().declaring(1, n, &[])),
            element_lengths("a player", |bytes| fields().bytes(1, bytes)),
            lengths("a player's dimension", |n| {
                packed(1, &fields().declaring(4, n, b"abc"))
            }),
            lengths("an inventory item", |n| {
                packed(1, &fields().declaring(20, n, b"abc"))
            }),
            element_lengths("a recipe", |bytes| recipe_book(&fields().bytes(1, bytes))),
        ]
        .concat();
        inputs.extend([
            crafted(
                Class::Utf8,
                Invalid,
                "a byte 0xff in a dimension",
                &packed(1, &fields().bytes(4, b"over\xffworld")),
            ),
            crafted(
                Class::Utf8,
                Invalid,
                "a byte 0xff in a recipe",
                &recipe_book(&fields().bytes(1, &[&varint(1)[..], b"\xff"].concat())),
            ),
            crafted(
                Class::UnknownEnum,
                Invalid,
                "game type 4",
                &packed(1, &fields().varint(1, 4)),
            ),
            crafted(
                Class::WrongType,
                Syntax,
                "a dimension is a varint",
                &packed(1, &fields().varint(4, 1)),
            ),
            crafted(
                Class::Duplicate,
                Invalid,
                "a player's dimension twice",
                &packed(1, &fields().string(4, "end").string(4, "nether")),
            ),
            crafted(
                Class::Other,
                Invalid,
                "an item count of 1 000",
                &packed(1, &fields().message(6, &fields().varint(1, 1_000))),
            ),
            crafted(
                Class::Other,
                Invalid,
                "a spawn_forced flag of 2",
                &packed(1, &fields().varint(11, 2)),
            ),
        ]);
        inputs.extend(malformed(&fields()));
        inputs
    }
}

impl Crafts<Updates> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::{Invalid, Syntax};

        let contact = |contact: &Fields| packed(1, &packed(1, contact));
        let terrain = |terrain: &Fields| packed(1, &packed(4, terrain));
        let mut inputs = [
            lengths("the packed updates", |n| fields().declaring(1, n, &[])),
            element_lengths("an update", |bytes| fields().bytes(1, bytes)),
            lengths("an update's packed contacts", |n| {
                packed(1, &fields().declaring(1, n, &[]))
            }),
            lengths("a contact's packed reloads", |n| {
                contact(&fields().declaring(6, n, &[1, 0]))
            }),
            lengths("a terrain update's data", |n| {
                terrain(&fields().declaring(2, n, b"abc"))
            }),
        ]
        .concat();
        inputs.extend([
            crafted(
                Class::UnknownEnum,
                Invalid,
                "entity type 10",
                &contact(&fields().varint(3, 10)),
            ),
            crafted(
                Class::WrongType,
                Syntax,
                "a chunk id is a varint",
                &terrain(&fields().varint(1, 1)),
            ),
            crafted(
                Class::Duplicate,
                Invalid,
                "an update's score twice",
                &packed(1, &fields().varint(2, 1).varint(2, 2)),
            ),
            crafted(
                Class::Other,
                Invalid,
                "a reload flag of 2",
                &contact(&fields().bytes(6, &[1, 2])),
            ),
            crafted(
                Class::Other,
                Invalid,
                "a damage of 256",
                &contact(&fields().varint(1, 256)),
            ),
        ]);
        inputs.extend(malformed(&fields()));
        inputs
    }
}
