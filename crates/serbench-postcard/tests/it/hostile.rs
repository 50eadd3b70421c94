//! postcard's crafted hostile inputs, which the conformance kit runs on a
//! small stack within its memory bound: each must fail with the kind given.
//!
//! Each input is a valid encoding with one part replaced. The layout is
//! positional: no field names, no type tags, no containers but the ones the
//! model's types imply. So nothing can nest deeper than the types do or
//! appear twice, and the only type checks are a `bool` or `Option` tag
//! other than 0 or 1. What it does declare is lengths, which is where the
//! inputs concentrate: every string, byte string and sequence of every
//! dataset, at 2^32 and 2^63.

use serbench_model::log::{Address, Log};
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{
    Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager, Updates,
};
use serbench_postcard::{ErrorKind, to_vec};
use serbench_testkit::{
    Class, Crafted, Crafts, HostileInputs, LENGTHS, ending, overwritten, patched_bytes,
};

use crate::layout::varint;

pub(crate) struct Inputs;

/// The kind of error for a length past the input.
const PAST_THE_END: ErrorKind = ErrorKind::Truncated;
/// The kind of error for an integer too wide for its field: a varint longer
/// than the field's type allows.
const OUT_OF_RANGE: ErrorKind = ErrorKind::Syntax;

/// A string or byte string: its length, then its bytes.
fn bytes(bytes: &[u8]) -> Vec<u8> {
    [varint(bytes.len() as u64), bytes.to_vec()].concat()
}

/// For each of [`LENGTHS`], `valid` with the length `old` (between `before`
/// and `after`, which make it unique) replaced by that length. A string's
/// fails with [`PAST_THE_END`]; a sequence's elements are read one by one
/// from the bytes that follow, which fail as they happen to.
fn lengths(
    valid: &[u8],
    what: &str,
    kind: ErrorKind,
    [before, old, after]: [&[u8]; 3],
) -> Vec<Crafted> {
    let from = [before, old, after].concat();
    LENGTHS
        .iter()
        .map(|&n| {
            let to = [before, &varint(n), after].concat();
            let what = format!("{what} declares 2^{}", n.trailing_zeros());
            patched_bytes(valid, Class::Length, kind, what, &from, &to)
        })
        .collect()
}

const NOT_APPLICABLE: &[(Class, &str)] = &[
    (
        Class::Nesting,
        "the layout is positional, without self-describing containers: the model's types fix \
         the nesting (seven levels at most), so no input nests deeper",
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
        "no error quotes the input: ids, colors, times and versions are binary, and \
         fields and enum values are positions and numbers, never names",
    ),
];

fn task_manager() -> Vec<Crafted> {
    use Class::{Other, UnknownEnum, Utf8, WrongType};
    use ErrorKind::{Invalid, Syntax, Truncated};

    let m = TaskManager::generate(1);
    let v = &to_vec(&m).unwrap();
    let list_id = m.lists[0].header.id.as_bytes();
    let task_id = m.lists[0].tasks[0].header.id.as_bytes();
    let description = m.lists[0].tasks[0].description.as_bytes();
    let task = [&[16][..], task_id].concat();
    let mut inputs = [
        lengths(v, "the user", PAST_THE_END, [&[], &[9], b"Demo User"]),
        lengths(v, "the version", Syntax, [b"User", &[3], &[1, 0, 0]]),
        lengths(v, "the lists", Truncated, [&[1, 0, 0], &[1], &[16]]),
        lengths(v, "a list's id", PAST_THE_END, [&[], &[16], list_id]),
        lengths(v, "a list's name", PAST_THE_END, [&[], &[4], b"Work"]),
        lengths(v, "the tasks", Truncated, [&[], &[1], &task]),
        lengths(v, "a description", PAST_THE_END, [&[], &[23], description]),
    ]
    .concat();
    // Every length declared in `lengths` above has a prefix of 1, which
    // `replace_once` keeps unique only with the bytes around it.
    inputs.extend([
        patched_bytes(
            v,
            Utf8,
            Invalid,
            "a byte 0xff in the user",
            b"Demo User",
            b"Demo\xffUser",
        ),
        ending(v, WrongType, Invalid, "completed is 2", 1, &[2]),
        ending(v, UnknownEnum, Invalid, "priority 9", 2, &[9, 1]),
        patched_bytes(
            v,
            Other,
            OUT_OF_RANGE,
            "a version segment of 2^32",
            [3, 1, 0, 0],
            [&[3][..], &varint(1 << 32), &[0, 0]].concat(),
        ),
    ]);
    inputs
}

fn telemetry() -> Vec<Crafted> {
    let r = SensorReading::workload(1).remove(0);
    let v = &to_vec(&r).unwrap();
    let id = r.sensor_id.as_bytes();
    let mut inputs = lengths(v, "the sensor id", PAST_THE_END, [&[], &[8], id]);
    inputs.push(patched_bytes(
        v,
        Class::Utf8,
        ErrorKind::Invalid,
        "a byte 0xff in the sensor id",
        id,
        [0xff; 8],
    ));
    inputs
}

fn graph() -> Vec<Crafted> {
    let g = Graph::generate(1);
    let v = &to_vec(&g).unwrap();
    let name = &bytes(g.nodes[0].name.as_bytes());
    let weight = varint(g.edges[0].weight.into());
    let mut inputs = [
        lengths(
            v,
            "the nodes",
            ErrorKind::Truncated,
            [&[], &[1], &[&[0][..], name].concat()],
        ),
        lengths(
            v,
            "a node name",
            PAST_THE_END,
            [&[0], &name[..1], &name[1..]],
        ),
        lengths(v, "out edges", ErrorKind::Truncated, [name, &[1], &[0]]),
        lengths(
            v,
            "the edges",
            ErrorKind::Truncated,
            [&[], &[1], &[&[0, 0][..], &weight].concat()],
        ),
    ]
    .concat();
    inputs.extend([
        patched_bytes(
            v,
            Class::Utf8,
            ErrorKind::Invalid,
            "a byte 0xff in a node name",
            name,
            [&name[..2], b"\xff", &name[3..]].concat(),
        ),
        patched_bytes(
            v,
            Class::Other,
            OUT_OF_RANGE,
            "a node id of 65 536",
            [&[1, 0][..], name].concat(),
            [&[1][..], &varint(65_536), name].concat(),
        ),
    ]);
    inputs
}

fn records() -> Vec<Crafted> {
    // ids [7] (zigzag 14), strings ["s"].
    let record =
        |ids: &[u8], strings: &[u8], string: &[u8]| [ids, &[14], strings, string, b"s"].concat();
    let mut inputs = Vec::new();
    for n in LENGTHS {
        let huge = varint(n);
        let power = n.trailing_zeros();
        inputs.extend([
            Crafted::new(
                Class::Length,
                format!("the ids declare 2^{power}"),
                ErrorKind::Truncated,
                record(&huge, &[1], &[1]),
            ),
            Crafted::new(
                Class::Length,
                format!("the strings declare 2^{power}"),
                ErrorKind::Truncated,
                record(&[1], &huge, &[1]),
            ),
            Crafted::new(
                Class::Length,
                format!("a string declares 2^{power}"),
                PAST_THE_END,
                record(&[1], &[1], &huge),
            ),
        ]);
    }
    let v = &record(&[1], &[1], &[1]);
    inputs.push(ending(
        v,
        Class::Utf8,
        ErrorKind::Invalid,
        "a byte 0xff in a string",
        1,
        &[0xff],
    ));
    inputs
}

fn media() -> Vec<Crafted> {
    use ErrorKind::{Invalid, Truncated};

    let m = MediaContent::canonical();
    let v = &to_vec(&m).unwrap();
    let uri = m.media.uri.as_bytes();
    let large = m.images[0].uri.as_bytes();
    let small = &bytes(m.images[1].uri.as_bytes());
    let bill = &bytes(b"Bill Gates");
    let mut inputs = [
        lengths(v, "the uri", PAST_THE_END, [&[], &[30], uri]),
        lengths(v, "the persons", Truncated, [&[], &[2], bill]),
        lengths(v, "the images", Truncated, [&[], &[2], &bytes(large)]),
    ]
    .concat();
    inputs.extend([
        patched_bytes(
            v,
            Class::Utf8,
            Invalid,
            "a byte 0xff in the uri",
            uri,
            [&uri[..29], b"\xff"].concat(),
        ),
        patched_bytes(
            v,
            Class::WrongType,
            Invalid,
            "the title's option tag is 2",
            [uri, &[1, 15]].concat(),
            [uri, &[2, 15]].concat(),
        ),
        patched_bytes(
            v,
            Class::UnknownEnum,
            Invalid,
            "player 7",
            "Jobs스\0\0".as_bytes(),
            "Jobs스\x07\0".as_bytes(),
        ),
        patched_bytes(
            v,
            Class::UnknownEnum,
            Invalid,
            "image size 7",
            [&[1][..], small].concat(),
            [&[7][..], small].concat(),
        ),
    ]);
    inputs
}

/// For each of [`LENGTHS`], `valid` with its first byte, the top-level
/// list's count of 1, replaced by that count: the first element reads,
/// and the input ends inside the second.
fn counts(valid: &[u8], what: &str) -> Vec<Crafted> {
    assert_eq!(valid[0], 1, "a list of one element");
    LENGTHS
        .iter()
        .map(|&n| {
            Crafted::new(
                Class::Length,
                format!("{what} declare 2^{}", n.trailing_zeros()),
                ErrorKind::Truncated,
                [&varint(n)[..], &valid[1..]].concat(),
            )
        })
        .collect()
}

/// One record of fixed values, so every patch below finds its bytes once:
/// `[1, 192, 168, 0, 1, 1, '-', 5, "alice", 25, date, 31, request, 404,
/// 5000]`, the last two as varints.
fn one_log() -> Logs {
    Logs {
        logs: vec![Log {
            address: Address {
                x0: 192,
                x1: 168,
                x2: 0,
                x3: 1,
            },
            identity: "-".to_owned(),
            userid: "alice".to_owned(),
            date: "4/Jul/2021:12:30:45 +0100".to_owned(),
            request: "GET /img/logo-full.svg HTTP/1.1".to_owned(),
            code: 404,
            size: 5000,
        }],
    }
}

fn log() -> Vec<Crafted> {
    let logs = one_log();
    let v = &to_vec(&logs).unwrap();
    let request = logs.logs[0].request.as_bytes();
    let (code, size) = (varint(404), varint(5000));
    let mut inputs = [
        counts(v, "the records"),
        lengths(
            v,
            "the identity",
            PAST_THE_END,
            [&[192, 168, 0, 1], &[1], b"-"],
        ),
        lengths(v, "the request", PAST_THE_END, [&[], &[31], request]),
    ]
    .concat();
    inputs.extend([
        patched_bytes(
            v,
            Class::Utf8,
            ErrorKind::Invalid,
            "a byte 0xff in the user id",
            b"alice",
            b"al\xffce",
        ),
        patched_bytes(
            v,
            Class::Other,
            OUT_OF_RANGE,
            "a code of 65 536",
            [&code[..], &size].concat(),
            [&varint(65_536)[..], &size].concat(),
        ),
        // Ten bytes carry 70 bits, an eleventh is past any u64.
        ending(
            v,
            Class::Other,
            OUT_OF_RANGE,
            "a size varint of eleven bytes",
            size.len(),
            &[[0x80; 10].as_slice(), &[1]].concat(),
        ),
    ]);
    inputs
}

/// The mesh has no text, enum or option: only the triangles' count, and
/// twelve `f32`s of four bytes each, whatever their bits.
fn mesh() -> Vec<Crafted> {
    let v = &to_vec(&Mesh::generate(1)).unwrap();
    let mut inputs = counts(v, "the triangles");
    inputs.push(Crafted::new(
        Class::Other,
        "the input ends inside the normal's z",
        ErrorKind::Truncated,
        v[..v.len() - 2].to_vec(),
    ));
    inputs
}

fn minecraft_savedata() -> Vec<Crafted> {
    use ErrorKind::{Invalid, Truncated};

    let mut players = Players::generate(1);
    let player = &mut players.players[0];
    "overworld".clone_into(&mut player.dimension);
    "serbench_probe".clone_into(&mut player.selected_item.id);
    player.spawn_dimension = Some("serbench_spawn".to_owned());
    player.recipe_book.recipes = vec!["serbench_recipe".to_owned()];
    let v = &to_vec(&players).unwrap();
    let mut inputs = [
        counts(v, "the players"),
        lengths(v, "the dimension", PAST_THE_END, [&[], &[9], b"overworld"]),
        lengths(
            v,
            "the recipes",
            Truncated,
            [&[], &[1], &bytes(b"serbench_recipe")],
        ),
    ]
    .concat();
    inputs.extend([
        // The players' count, then the game type's index.
        Crafted::new(
            Class::UnknownEnum,
            "game type 7",
            Invalid,
            overwritten(v, 1, &[7]),
        ),
        patched_bytes(
            v,
            Class::Utf8,
            Invalid,
            "a byte 0xff in the selected item's id",
            b"serbench_probe",
            b"serbench\xffprobe",
        ),
        patched_bytes(
            v,
            Class::WrongType,
            Invalid,
            "the spawn dimension's option tag is 2",
            [&[1, 14][..], b"serbench_spawn"].concat(),
            [&[2, 14][..], b"serbench_spawn"].concat(),
        ),
    ]);
    inputs
}

/// One update of fixed values, so every patch below finds its bytes once:
/// `[1, 1, 3, 77, 1, 8, 5, 1, 3, 1, 9, 2, 1, 0, 0xff, 6, 1.5, -2.5, 8, 1,
/// 300, 1000, 500.0, 1, 0xff, 2, 3, 0xab, 0xab, 0xab]`, the floats as four
/// bytes and 300 and 1000 as varints.
pub(crate) fn one_update() -> Updates {
    Updates {
        updates: vec![Update {
            contacts: vec![Contact {
                damage: 3,
                entity_id: 77,
                entity_type: Some(EntityType::Yasen),
                guidance: Guidance {
                    angle: 5,
                    submerge: true,
                    velocity: -2,
                },
                player_id: Some(9),
                reloads: vec![true, false],
                transform: Transform {
                    altitude: -1,
                    angle: 6,
                    position: (1.5, -2.5),
                    velocity: 4,
                },
                turret_angles: vec![300],
            }],
            score: 1000,
            world_radius: 500.0,
            terrain_updates: vec![TerrainUpdate {
                chunk_id: (-1, 2),
                data: vec![0xab; 3],
            }],
        }],
    }
}

fn mk48() -> Vec<Crafted> {
    use Class::{Other, UnknownEnum, WrongType};
    use ErrorKind::{Invalid, Truncated};

    let v = &to_vec(&one_update()).unwrap();
    let mut inputs = [
        counts(v, "the updates"),
        // The flags read on into the altitude, 0xff, which is no bool.
        lengths(v, "the reloads", Invalid, [&[1, 9], &[2], &[1, 0, 0xff]]),
        lengths(
            v,
            "a terrain update's data",
            Truncated,
            [&[0xff, 2], &[3], &[0xab; 3]],
        ),
    ]
    .concat();
    inputs.extend([
        patched_bytes(
            v,
            UnknownEnum,
            Invalid,
            "entity type 10",
            [77, 1, 8],
            [77, 1, 10],
        ),
        patched_bytes(
            v,
            WrongType,
            Invalid,
            "the player id's option tag is 2",
            [3, 1, 9, 2],
            [3, 2, 9, 2],
        ),
        patched_bytes(
            v,
            WrongType,
            Invalid,
            "a reload of 2",
            [2, 1, 0, 0xff],
            [2, 2, 0, 0xff],
        ),
        patched_bytes(
            v,
            Other,
            OUT_OF_RANGE,
            "a turret angle of 65 536",
            [&[8, 1][..], &varint(300)].concat(),
            [&[8, 1][..], &varint(65_536)].concat(),
        ),
    ]);
    inputs
}

/// The worst of the kit's dense values: empty strings and empty graph nodes,
/// 1 and 4 bytes each, become 24-byte `String`s and 80-byte `Node`s in
/// vectors grown by doubling.
const EXPANSION: usize = 48;

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = NOT_APPLICABLE;
    const EXPANSION: usize = EXPANSION;
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        task_manager()
    }
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        telemetry()
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        graph()
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        records()
    }
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        media()
    }
}

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        log()
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        mesh()
    }
}

impl Crafts<Players> for Inputs {
    fn crafted() -> Vec<Crafted> {
        minecraft_savedata()
    }
}

impl Crafts<Updates> for Inputs {
    fn crafted() -> Vec<Crafted> {
        mk48()
    }
}
