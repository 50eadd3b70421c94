//! musli's crafted hostile inputs, for each of its three formats, which the
//! conformance kit runs on a small stack within its memory bound: each
//! must fail with the kind given.
//!
//! The three formats write the same things (a struct its field indexes and
//! values, a `Vec` its count and elements, a string its length and bytes)
//! in their own framing, so the inputs are written once, over [`Frame`],
//! and each format gives its framing. Each string and sequence the inputs
//! reach declares 2^32 and 2^63, and each sequence also a count whose
//! elements fit in musli's own 1 MiB preallocation cap, which musli alone
//! would reserve for a few bytes of input: the codec's length walk
//! refuses them all before musli reads. Then invalid UTF-8, a value of
//! another type (wire and descriptive say each value's kind), variants and
//! `bool`s out of range, and in wire and descriptive a value nested 100 000
//! levels deep in a field the type does not have, which musli skips
//! without recursing.

use serbench_model::log::{Address, Log};
use serbench_model::minecraft::GameType;
use serbench_model::mk48::EntityType;
use serbench_model::{
    Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager,
    Updates,
};
use serbench_musli::{ErrorKind, MusliDescriptive, MusliStorage, MusliWire};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, LENGTHS, NESTING, replace_once};

pub(crate) struct Storage;
pub(crate) struct Wire;
pub(crate) struct Descriptive;

/// musli's continuation encoding (LEB128).
fn varint(mut n: u64) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(byte);
            return out;
        }
        out.push(byte | 0x80);
    }
}

/// A format's framing: the bytes in front of each kind of value.
trait Frame: HostileInputs {
    /// The codec of the format.
    type Codec: Codec<TaskManager, Error = serbench_model::Error>
        + Codec<SensorReading, Error = serbench_model::Error>
        + Codec<Graph, Error = serbench_model::Error>
        + Codec<Record, Error = serbench_model::Error>
        + Codec<MediaContent, Error = serbench_model::Error>
        + Codec<Logs, Error = serbench_model::Error>
        + Codec<Mesh, Error = serbench_model::Error>
        + Codec<Players, Error = serbench_model::Error>
        + Codec<Updates, Error = serbench_model::Error>;
    /// Whether values say their kind (wire, descriptive).
    const TAGGED: bool;

    fn string(len: u64) -> Vec<u8>;
    fn sequence(len: u64) -> Vec<u8>;
    fn structure(fields: u64) -> Vec<u8>;
    fn field(index: u64) -> Vec<u8>;
    /// An unsigned integer.
    fn integer(value: u64) -> Vec<u8>;
    /// The bytes of `true`.
    fn truth() -> Vec<u8>;
    /// A `bool` out of range.
    fn bad_bool() -> Vec<u8>;
    /// The bytes of `Some` before its value.
    fn some() -> Vec<u8>;
}

/// A wire tag: the kind in the top two bits, a number in the low six or
/// after them.
fn wire_tag(kind: u8, n: u64) -> Vec<u8> {
    if n < 0x3f {
        vec![kind << 6 | n as u8]
    } else {
        [vec![kind << 6 | 0x3f], varint(n)].concat()
    }
}

/// A descriptive tag: the kind in the top three bits, a length in the low
/// five or after them.
fn descriptive_tag(kind: u8, n: u64) -> Vec<u8> {
    if n < 0x1f {
        vec![kind << 5 | n as u8]
    } else {
        [vec![kind << 5 | 0x1f], varint(n)].concat()
    }
}

impl Frame for Storage {
    type Codec = MusliStorage;
    const TAGGED: bool = false;

    fn string(len: u64) -> Vec<u8> {
        varint(len)
    }
    fn sequence(len: u64) -> Vec<u8> {
        varint(len)
    }
    fn structure(fields: u64) -> Vec<u8> {
        varint(fields)
    }
    fn field(index: u64) -> Vec<u8> {
        varint(index)
    }
    fn integer(value: u64) -> Vec<u8> {
        varint(value)
    }
    fn truth() -> Vec<u8> {
        vec![1]
    }
    fn bad_bool() -> Vec<u8> {
        vec![2]
    }
    fn some() -> Vec<u8> {
        vec![1]
    }
}

impl Frame for Wire {
    type Codec = MusliWire;
    const TAGGED: bool = true;

    fn string(len: u64) -> Vec<u8> {
        wire_tag(0b01, len)
    }
    fn sequence(len: u64) -> Vec<u8> {
        wire_tag(0b10, len)
    }
    fn structure(fields: u64) -> Vec<u8> {
        wire_tag(0b10, fields * 2)
    }
    fn field(index: u64) -> Vec<u8> {
        wire_tag(0b11, index)
    }
    fn integer(value: u64) -> Vec<u8> {
        wire_tag(0b11, value)
    }
    fn truth() -> Vec<u8> {
        vec![0xc1]
    }
    fn bad_bool() -> Vec<u8> {
        vec![0xc2]
    }
    fn some() -> Vec<u8> {
        // A sequence of one value.
        wire_tag(0b10, 1)
    }
}

impl Frame for Descriptive {
    type Codec = MusliDescriptive;
    const TAGGED: bool = true;

    fn string(len: u64) -> Vec<u8> {
        descriptive_tag(0b110, len)
    }
    fn sequence(len: u64) -> Vec<u8> {
        descriptive_tag(0b011, len)
    }
    fn structure(fields: u64) -> Vec<u8> {
        descriptive_tag(0b100, fields)
    }
    fn field(index: u64) -> Vec<u8> {
        // A `usize`: a number tag of 64-bit unsigned, then its value.
        [vec![0x59], varint(index)].concat()
    }
    fn integer(value: u64) -> Vec<u8> {
        [vec![0x59], varint(value)].concat()
    }
    fn truth() -> Vec<u8> {
        vec![0xe2]
    }
    fn bad_bool() -> Vec<u8> {
        // The mark for a character where a `bool` belongs.
        vec![0xe5, 0x41]
    }
    fn some() -> Vec<u8> {
        // The mark `Some`.
        vec![0xe1]
    }
}

/// Lengths of `what` the walk must refuse: 2^32, 2^63 and, for a
/// sequence, `inside`, a count within musli's 1 MiB cap.
fn lengths(what: &str, inside: Option<u64>, craft: impl Fn(u64) -> Vec<u8>) -> Vec<Crafted> {
    LENGTHS
        .iter()
        .map(|&n| (n, format!("{what} declares 2^{}", n.trailing_zeros())))
        .chain(inside.map(|n| (n, format!("{what} declares {n}, within musli's 1 MiB cap"))))
        .map(|(n, what)| Crafted::new(Class::Length, what, ErrorKind::Truncated, craft(n)))
        .collect()
}

fn encode<F: Frame, D: Dataset>(value: &D) -> Vec<u8>
where
    F::Codec: Codec<D>,
{
    <F::Codec as Codec<D>>::to_vec(value).unwrap()
}

/// `valid` with its last `len` bytes replaced by `to`.
fn ending(valid: &[u8], len: usize, to: &[u8]) -> Vec<u8> {
    [&valid[..valid.len() - len], to].concat()
}

/// A struct claiming one more field than it holds, the first a field the
/// type does not have holding a value nested [`NESTING`] deep: musli skips
/// it without recursing, then finds the input ends.
fn nested<F: Frame>() -> Crafted {
    let mut bytes = [F::structure(2), F::field(40)].concat();
    for _ in 0..NESTING {
        bytes.extend(F::sequence(1));
    }
    bytes.extend(F::integer(0));
    Crafted::new(
        Class::Nesting,
        format!("an unknown field nested {NESTING} deep, then the end"),
        ErrorKind::Truncated,
        bytes,
    )
}

fn task_manager<F: Frame>() -> Vec<Crafted> {
    let mut m = TaskManager::generate(1);
    let v = &encode::<F, _>(&m);
    let mut inputs = lengths("the user", None, |n| {
        replace_once(
            v,
            &[&F::string(9)[..], b"Demo User"].concat(),
            &[&F::string(n)[..], b"Demo User"].concat(),
        )
    });
    inputs.extend(lengths("the version", Some(200_000), |n| {
        [
            F::structure(3),
            F::field(0),
            F::string(0),
            F::field(1),
            F::sequence(n),
        ]
        .concat()
    }));
    inputs.extend(lengths("the lists", Some(20_000), |n| {
        [
            F::structure(3),
            F::field(0),
            F::string(0),
            F::field(1),
            F::sequence(0),
            F::field(2),
            F::sequence(n),
        ]
        .concat()
    }));
    // One list with no tasks: its task count ends the encoding.
    m.lists[0].tasks.clear();
    let empty = &encode::<F, _>(&m);
    inputs.extend(lengths("a list's tasks", Some(10_000), |n| {
        ending(empty, F::sequence(0).len(), &F::sequence(n))
    }));
    let tail = [F::field(2), F::integer(0), F::field(3), F::truth()].concat();
    inputs.extend([
        Crafted::new(
            Class::Utf8,
            "a byte 0xff in the user",
            ErrorKind::Invalid,
            replace_once(v, b"Demo User", b"Demo \xffser"),
        ),
        Crafted::new(
            Class::UnknownEnum,
            "priority 9",
            ErrorKind::Invalid,
            replace_once(
                v,
                &tail,
                &[F::field(2), F::integer(9), F::field(3), F::truth()].concat(),
            ),
        ),
        Crafted::new(
            Class::WrongType,
            "completed out of range",
            ErrorKind::Invalid,
            replace_once(
                v,
                &tail,
                &[F::field(2), F::integer(0), F::field(3), F::bad_bool()].concat(),
            ),
        ),
        Crafted::new(
            Class::Other,
            "a struct of no fields where the task manager belongs",
            ErrorKind::Invalid,
            F::structure(0),
        ),
    ]);
    inputs
}

fn sensor_reading<F: Frame>() -> Vec<Crafted> {
    let reading = SensorReading::workload(1).remove(0);
    let v = &encode::<F, _>(&reading);
    let id = reading.sensor_id.as_bytes();
    let head = [F::string(id.len() as u64), id.to_vec()].concat();
    let mut inputs = lengths("the sensor id", None, |n| {
        replace_once(v, &head, &[F::string(n), id.to_vec()].concat())
    });
    let mut bad = id.to_vec();
    bad[3] = 0xc0;
    inputs.push(Crafted::new(
        Class::Utf8,
        "a lone 0xc0 in the sensor id",
        ErrorKind::Invalid,
        replace_once(v, id, &bad),
    ));
    if F::TAGGED {
        inputs.push(Crafted::new(
            Class::WrongType,
            "a sequence where the sensor id belongs",
            ErrorKind::Invalid,
            replace_once(
                v,
                &head,
                &[F::sequence(id.len() as u64), id.iter().map(|_| 0).collect()].concat(),
            ),
        ));
    }
    inputs
}

fn graph<F: Frame>() -> Vec<Crafted> {
    let mut inputs = lengths("the nodes", Some(20_000), |n| {
        [F::structure(2), F::field(0), F::sequence(n)].concat()
    });
    inputs.extend(lengths("the edges", Some(100_000), |n| {
        [
            F::structure(2),
            F::field(0),
            F::sequence(0),
            F::field(1),
            F::sequence(n),
        ]
        .concat()
    }));
    inputs.extend(lengths("a node's out_edges", Some(200_000), |n| {
        [
            F::structure(2),
            F::field(0),
            F::sequence(1),
            F::structure(4),
            F::field(0),
            F::integer(0),
            F::field(1),
            F::string(0),
            F::field(2),
            F::sequence(n),
        ]
        .concat()
    }));
    inputs
}

fn record<F: Frame>() -> Vec<Crafted> {
    let record = Record {
        ids: vec![1],
        strings: vec!["ab".to_owned()],
    };
    let v = &encode::<F, _>(&record);
    let mut inputs = lengths("the ids", Some(100_000), |n| {
        [F::structure(2), F::field(0), F::sequence(n)].concat()
    });
    inputs.extend(lengths("the strings", Some(40_000), |n| {
        [
            F::structure(2),
            F::field(0),
            F::sequence(0),
            F::field(1),
            F::sequence(n),
        ]
        .concat()
    }));
    inputs.extend(lengths("a string", None, |n| {
        replace_once(
            v,
            &[&F::string(2)[..], b"ab"].concat(),
            &[&F::string(n)[..], b"ab"].concat(),
        )
    }));
    inputs.push(Crafted::new(
        Class::Utf8,
        "a byte 0xff in a string",
        ErrorKind::Invalid,
        replace_once(v, b"ab", b"a\xff"),
    ));
    if F::TAGGED {
        inputs.push(Crafted::new(
            Class::WrongType,
            "an integer where the strings belong",
            ErrorKind::Invalid,
            replace_once(
                v,
                &[&F::field(1)[..], &F::sequence(1), &F::string(2), b"ab"].concat(),
                &[F::field(1), F::integer(2)].concat(),
            ),
        ));
        inputs.push(nested::<F>());
    }
    inputs.push(Crafted::new(
        Class::Other,
        "a byte after the record",
        ErrorKind::TrailingBytes,
        [&v[..], &[0]].concat(),
    ));
    inputs
}

fn media<F: Frame>() -> Vec<Crafted> {
    let mut media = MediaContent::canonical();
    let v = &encode::<F, _>(&media);
    let mut inputs = Vec::new();
    media.images.clear();
    let empty = &encode::<F, _>(&media);
    inputs.extend(lengths("the images", Some(20_000), |n| {
        ending(empty, F::sequence(0).len(), &F::sequence(n))
    }));
    let uri = media.media.uri.as_bytes();
    inputs.extend(lengths("the uri", None, |n| {
        replace_once(
            v,
            &[&F::string(uri.len() as u64)[..], uri].concat(),
            &[&F::string(n)[..], uri].concat(),
        )
    }));
    // The player, field 9, is the variant index 0 (Java).
    let player = [F::field(9), F::integer(0), F::field(10)].concat();
    inputs.push(Crafted::new(
        Class::UnknownEnum,
        "player 2",
        ErrorKind::Invalid,
        replace_once(
            v,
            &player,
            &[F::field(9), F::integer(2), F::field(10)].concat(),
        ),
    ));
    inputs
}

/// A struct of one field, field 0, whose value starts with `value`.
fn first_field<F: Frame>(value: &[u8]) -> Vec<u8> {
    [&F::structure(1)[..], &F::field(0), value].concat()
}

fn logs<F: Frame>() -> Vec<Crafted> {
    let log = Log {
        address: Address {
            x0: 10,
            x1: 0,
            x2: 0,
            x3: 1,
        },
        identity: "-".to_owned(),
        userid: "alice".to_owned(),
        date: "7/Dec/2026:12:0:0 +0000".to_owned(),
        request: "GET /api/login HTTP/1.1".to_owned(),
        code: 200,
        size: 1_234,
    };
    let v = &encode::<F, _>(&Logs { logs: vec![log] });
    let mut inputs = lengths("the logs", Some(20_000), |n| {
        first_field::<F>(&F::sequence(n))
    });
    inputs.extend(lengths("a userid", None, |n| {
        replace_once(
            v,
            &[&F::string(5)[..], b"alice"].concat(),
            &[&F::string(n)[..], b"alice"].concat(),
        )
    }));
    inputs.push(Crafted::new(
        Class::Utf8,
        "a byte 0xff in a userid",
        ErrorKind::Invalid,
        replace_once(v, b"alice", b"al\xffce"),
    ));
    if F::TAGGED {
        inputs.push(Crafted::new(
            Class::WrongType,
            "an integer where the logs belong",
            ErrorKind::Invalid,
            first_field::<F>(&F::integer(3)),
        ));
    }
    inputs
}

fn mesh<F: Frame>() -> Vec<Crafted> {
    let mut inputs = lengths("the triangles", Some(20_000), |n| {
        first_field::<F>(&F::sequence(n))
    });
    if F::TAGGED {
        inputs.push(Crafted::new(
            Class::WrongType,
            "a string where the triangles belong",
            ErrorKind::Invalid,
            first_field::<F>(&[&F::string(1)[..], b"x"].concat()),
        ));
    }
    inputs
}

fn players<F: Frame>() -> Vec<Crafted> {
    let mut players = Players::generate(1);
    let player = &mut players.players[0];
    player.game_type = GameType::Survival;
    player.previous_game_type = GameType::Creative;
    "dimension-x".clone_into(&mut player.dimension);
    // The last field of all, so that the encoding ends with `true`.
    player.recipe_book.is_smoker_gui_open = true;
    let v = &encode::<F, _>(&players);
    let mut inputs = lengths("the players", Some(5_000), |n| {
        first_field::<F>(&F::sequence(n))
    });
    inputs.extend(lengths("a dimension", None, |n| {
        replace_once(
            v,
            &[&F::string(11)[..], b"dimension-x"].concat(),
            &[&F::string(n)[..], b"dimension-x"].concat(),
        )
    }));
    // The players' one player, a struct of 28 fields, starts with its
    // game types.
    let start = |game_type: u64| {
        first_field::<F>(
            &[
                F::sequence(1),
                F::structure(28),
                F::field(0),
                F::integer(game_type),
                F::field(1),
                F::integer(1),
            ]
            .concat(),
        )
    };
    inputs.extend([
        Crafted::new(
            Class::Utf8,
            "a byte 0xff in a dimension",
            ErrorKind::Invalid,
            replace_once(v, b"dimension-x", b"dimen\xffion-x"),
        ),
        Crafted::new(
            Class::UnknownEnum,
            "game type 4",
            ErrorKind::Invalid,
            replace_once(v, &start(0), &start(4)),
        ),
        Crafted::new(
            Class::WrongType,
            "a recipe book's last flag out of range",
            ErrorKind::Invalid,
            ending(v, F::truth().len(), &F::bad_bool()),
        ),
    ]);
    inputs
}

fn updates<F: Frame>() -> Vec<Crafted> {
    let mut updates = Updates::generate(1);
    let update = &mut updates.updates[0];
    update.contacts.truncate(1);
    update.contacts[0].entity_type = Some(EntityType::Osa);
    update.terrain_updates.truncate(1);
    // The last field of all, so that the encoding ends with its count.
    update.terrain_updates[0].data.clear();
    let v = &encode::<F, _>(&updates);
    let mut inputs = lengths("the updates", Some(20_000), |n| {
        first_field::<F>(&F::sequence(n))
    });
    inputs.extend(lengths("an update's contacts", Some(10_000), |n| {
        first_field::<F>(&[F::sequence(1), F::structure(4), F::field(0), F::sequence(n)].concat())
    }));
    inputs.extend(lengths("a terrain update's data", Some(200_000), |n| {
        ending(v, F::sequence(0).len(), &F::sequence(n))
    }));
    // The entity type, field 2 of a contact, is `Some` of the variant
    // index 7 (Osa).
    let entity_type =
        |index: u64| [F::field(2), F::some(), F::integer(index), F::field(3)].concat();
    inputs.push(Crafted::new(
        Class::UnknownEnum,
        "entity type 10",
        ErrorKind::Invalid,
        replace_once(v, &entity_type(7), &entity_type(10)),
    ));
    inputs
}

macro_rules! crafts {
    ($($frame:ident),*) => {$(
        impl Crafts<TaskManager> for $frame {
            fn crafted() -> Vec<Crafted> {
                task_manager::<Self>()
            }
        }

        impl Crafts<SensorReading> for $frame {
            fn crafted() -> Vec<Crafted> {
                sensor_reading::<Self>()
            }
        }

        impl Crafts<Graph> for $frame {
            fn crafted() -> Vec<Crafted> {
                graph::<Self>()
            }
        }

        impl Crafts<Record> for $frame {
            fn crafted() -> Vec<Crafted> {
                record::<Self>()
            }
        }

        impl Crafts<MediaContent> for $frame {
            fn crafted() -> Vec<Crafted> {
                media::<Self>()
            }
        }

        impl Crafts<Logs> for $frame {
            fn crafted() -> Vec<Crafted> {
                logs::<Self>()
            }
        }

        impl Crafts<Mesh> for $frame {
            fn crafted() -> Vec<Crafted> {
                mesh::<Self>()
            }
        }

        impl Crafts<Players> for $frame {
            fn crafted() -> Vec<Crafted> {
                players::<Self>()
            }
        }

        impl Crafts<Updates> for $frame {
            fn crafted() -> Vec<Crafted> {
                updates::<Self>()
            }
        }
    )*};
}

crafts!(Storage, Wire, Descriptive);

/// Classes no input of any of the three formats covers.
const COMMON: [(Class, &str); 3] = [
    (
        Class::Duplicate,
        "musli's derive reads a field given twice without error, keeping the last value, in \
         all three formats (tested in main.rs; SECURITY.md lists it under what is not checked)",
    ),
    (
        Class::Dtd,
        "the formats have no document type declarations or entities",
    ),
    (
        Class::HugeText,
        "no error quotes the input: fields and enum values are indexes, never names, and \
         musli's messages name kinds, numbers and positions",
    ),
];

/// Strings of no bytes: one byte each (two in descriptive), a 24-byte
/// `String`; nodes without names or edges, 7 to 11 bytes for an 80-byte
/// `Node` held while the `Vec` doubles past musli's 1 MiB first
/// reservation.
const EXPANSION: usize = 24;

impl HostileInputs for Storage {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[
        COMMON[0],
        COMMON[1],
        COMMON[2],
        (
            Class::Nesting,
            "storage says no value's kind: the model's types fix the nesting, and a field the \
             type does not have cannot be skipped, so no input nests deeper",
        ),
    ];
    const EXPANSION: usize = EXPANSION;
}

impl HostileInputs for Wire {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &COMMON;
    const EXPANSION: usize = EXPANSION;
}

impl HostileInputs for Descriptive {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &COMMON;
    const EXPANSION: usize = EXPANSION;
}
