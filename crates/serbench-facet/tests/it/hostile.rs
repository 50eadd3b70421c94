//! facet-postcard's crafted hostile inputs, which the conformance kit
//! runs on a small stack within its memory bound: each must fail with the
//! kind given.
//!
//! Each input is a valid encoding with one part replaced. The codec
//! writes postcard's bytes, so these are inputs the `postcard` row's
//! serde codec refuses too, held to facet's reading. facet reserves
//! nothing for a declared length, so the lengths past the input fail
//! where the elements run out.

use serbench_facet::{ErrorKind, FacetPostcard};
use serbench_model::{Codec, Dataset, Graph, MediaContent, Record, SensorReading, TaskManager};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, LENGTHS, patched};

/// A LEB128 varint, as postcard writes every integer wider than a byte.
fn varint(mut value: u64) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return out;
        }
        out.push(byte | 0x80);
    }
}

pub(crate) struct Inputs;

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[
        (
            Class::Nesting,
            "the layout is positional, without self-describing containers: the model's types fix \
             the nesting, so no input nests deeper",
        ),
        (
            Class::Duplicate,
            "the layout is positional: each field is read once, in order, so none can appear twice",
        ),
        (
            Class::Dtd,
            "the format has no document type declarations or entities",
        ),
        (
            Class::HugeText,
            "no error quotes the input: ids, colors, times and versions are binary, and fields \
             and enum values are positions and numbers, never names",
        ),
    ];

    // The worst of the kit's dense values: empty strings, 1 byte each,
    // become 24-byte `String`s in a `Vec` facet grows by doubling from
    // empty, holding the old block and the new one while it copies
    // (SECURITY.md).
    const EXPANSION: usize = 72;
}

/// Bytes of `value` in postcard with `from` replaced by `to`.
fn postcard<D: Dataset>(
    value: &D,
    class: Class,
    kind: ErrorKind,
    what: impl Into<String>,
    from: impl AsRef<[u8]>,
    to: impl AsRef<[u8]>,
) -> Crafted
where
    FacetPostcard: Codec<D>,
{
    patched::<FacetPostcard, _>(value, class, kind, what, from, to)
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Length, Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Truncated};

        let m = &TaskManager::generate(1);
        let mut inputs: Vec<Crafted> = LENGTHS
            .iter()
            .flat_map(|&length| {
                [
                    postcard(
                        m,
                        Length,
                        Truncated,
                        format!("the user declares {length} bytes"),
                        b"\x09Demo User",
                        [varint(length), b"Demo User".to_vec()].concat(),
                    ),
                    postcard(
                        m,
                        Length,
                        Truncated,
                        format!("the version declares {length} segments"),
                        b"Demo User\x03\x01\x00\x00",
                        [b"Demo User".to_vec(), varint(length), vec![1, 0, 0]].concat(),
                    ),
                ]
            })
            .collect();
        let task_id = m.lists[0].tasks[0].header.id.as_bytes();
        inputs.extend([
            postcard(
                m,
                Utf8,
                Invalid,
                "a byte 0xff in the user",
                b"Demo User",
                b"Demo\xffUser",
            ),
            postcard(
                m,
                Other,
                Invalid,
                "a task id of 15 bytes",
                [&[16][..], task_id].concat(),
                [&[15][..], &task_id[..15]].concat(),
            ),
        ]);
        // The first task's priority and `completed` follow its description.
        let description = m.lists[0].tasks[0].description.as_bytes();
        let valid = FacetPostcard::to_vec(m).unwrap();
        let at = valid
            .windows(description.len())
            .position(|window| window == description)
            .unwrap()
            + description.len();
        for (what, class, offset, byte) in [
            ("priority 9", UnknownEnum, 0, 9),
            ("`completed` is 2", WrongType, 1, 2),
        ] {
            let mut bytes = valid.clone();
            bytes[at + offset] = byte;
            inputs.push(Crafted::new(class, what, Invalid, bytes));
        }
        inputs
    }
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        Vec::new()
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::Truncated;

        let graph = &Graph {
            nodes: Vec::new(),
            edges: Vec::new(),
        };
        let mut inputs: Vec<Crafted> = LENGTHS
            .iter()
            .map(|&length| {
                postcard(
                    graph,
                    Class::Length,
                    Truncated,
                    format!("{length} nodes"),
                    [0, 0],
                    [varint(length), vec![0]].concat(),
                )
            })
            .collect();
        // One node, id 0, no name or edges; then no edges.
        let one = [1, 0, 0, 0, 0, 0];
        for (what, id) in [
            ("a node id of 70 000, past u16", 70_000),
            ("a node id of 2^64 - 1", u64::MAX),
        ] {
            let bytes = [&[1][..], &varint(id), &one[2..]].concat();
            inputs.push(Crafted::new(Class::Other, what, ErrorKind::Invalid, bytes));
        }
        assert_eq!(
            FacetPostcard::to_vec(&Graph {
                nodes: vec![serbench_model::Node {
                    id: 0,
                    name: String::new(),
                    out_edges: Vec::new(),
                    in_edges: Vec::new()
                }],
                edges: Vec::new()
            })
            .unwrap(),
            one
        );
        inputs
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::Truncated;

        let record = &Record {
            ids: Vec::new(),
            strings: Vec::new(),
        };
        LENGTHS
            .iter()
            .map(|&length| {
                postcard(
                    record,
                    Class::Length,
                    Truncated,
                    format!("{length} strings"),
                    [0, 0],
                    [vec![0], varint(length)].concat(),
                )
            })
            .collect()
    }
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Other, UnknownEnum};
        use ErrorKind::Invalid;

        let media = &MediaContent::canonical();
        let valid = FacetPostcard::to_vec(media).unwrap();
        // `player` (0, JAVA) follows the last person's name.
        let person = media.media.persons.last().unwrap().as_bytes();
        let at = valid
            .windows(person.len())
            .position(|window| window == person)
            .unwrap()
            + person.len();
        let mut player = valid.clone();
        player[at] = 2;
        let mut copyright = valid;
        copyright[at + 1] = 2;
        vec![
            Crafted::new(UnknownEnum, "player 2", Invalid, player),
            Crafted::new(Other, "a copyright Option tag 2", Invalid, copyright),
        ]
    }
}
