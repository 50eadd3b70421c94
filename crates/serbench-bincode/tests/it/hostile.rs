//! bincode's crafted hostile inputs, which the conformance kit runs on a
//! small stack within its memory bound: each must fail with the kind given.
//!
//! Each input is a valid encoding with one part replaced. The layout is
//! positional: no field names, no type tags, no containers but the ones the
//! model's types imply. So nothing can nest deeper than the types do or
//! appear twice, and the only type checks are a `bool` or `Option` tag
//! other than 0 or 1. What it does declare is lengths, which is where the
//! inputs concentrate: every string, byte string and sequence of every
//! dataset, at 2^32 and 2^63, and a length just inside the decode budget,
//! the most it lets a lie allocate.

use serbench_bincode::{ErrorKind, from_slice, to_vec};
use serbench_model::log::{Address, Log};
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{
    Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager, Updates,
};
use serbench_testkit::{
    Class, Crafted, Crafts, HostileInputs, LENGTHS, ending, measure, overwritten, patched_bytes,
};

use crate::layout::varint;

pub(crate) struct Inputs;

/// The kind of error for a length past the input, bincode's: claimed before
/// it is read, a length past the budget fails first.
const PAST_THE_END: ErrorKind = ErrorKind::Limit;
/// serde-zap's: it checks a length against the input left, with no budget.
const PAST_THE_END_ZAP: ErrorKind = ErrorKind::Truncated;

/// serde-zap's crafted inputs: bincode's, but for the kind of a length past
/// the input and the budget, which serde-zap has not.
pub(crate) struct Zap;
/// The kind of error for an integer too wide for its field: a varint whose
/// marker announces a wider integer than the field's.
const OUT_OF_RANGE: ErrorKind = ErrorKind::Invalid;

/// A string or byte string: its length, then its bytes.
fn bytes(bytes: &[u8]) -> Vec<u8> {
    [varint(bytes.len() as u64), bytes.to_vec()].concat()
}

/// For each of [`LENGTHS`], `valid` with the length `old` (between `before`
/// and `after`, which make it unique) replaced by that length. A string's
/// fails with `past`; a sequence's elements are read one by one
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

fn task_manager(past: ErrorKind) -> Vec<Crafted> {
    use Class::{Other, UnknownEnum, Utf8, WrongType};
    use ErrorKind::{Invalid, Truncated};

    let m = TaskManager::generate(1);
    let v = &to_vec(&m).unwrap();
    let list_id = m.lists[0].header.id.as_bytes();
    let task_id = m.lists[0].tasks[0].header.id.as_bytes();
    let description = m.lists[0].tasks[0].description.as_bytes();
    let task = [&[16][..], task_id].concat();
    let mut inputs = [
        lengths(v, "the user", past, [&[], &[9], b"Demo User"]),
        lengths(v, "the version", Invalid, [b"User", &[3], &[1, 0, 0]]),
        lengths(v, "the lists", Truncated, [&[1, 0, 0], &[1], &[16]]),
        lengths(v, "a list's id", past, [&[], &[16], list_id]),
        lengths(v, "a list's name", past, [&[], &[4], b"Work"]),
        lengths(v, "the tasks", Truncated, [&[], &[1], &task]),
        lengths(v, "a description", past, [&[], &[23], description]),
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

fn telemetry(past: ErrorKind) -> Vec<Crafted> {
    let r = SensorReading::workload(1).remove(0);
    let v = &to_vec(&r).unwrap();
    let id = r.sensor_id.as_bytes();
    let mut inputs = lengths(v, "the sensor id", past, [&[], &[8], id]);
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

fn graph(past: ErrorKind) -> Vec<Crafted> {
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
        lengths(v, "a node name", past, [&[0], &name[..1], &name[1..]]),
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

fn records(past: ErrorKind) -> Vec<Crafted> {
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
                past,
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

fn media(past: ErrorKind) -> Vec<Crafted> {
    use ErrorKind::{Invalid, Truncated};

    let m = MediaContent::canonical();
    let v = &to_vec(&m).unwrap();
    let uri = m.media.uri.as_bytes();
    let large = m.images[0].uri.as_bytes();
    let small = &bytes(m.images[1].uri.as_bytes());
    let bill = &bytes(b"Bill Gates");
    let mut inputs = [
        lengths(v, "the uri", past, [&[], &[30], uri]),
        lengths(v, "the persons", Invalid, [&[], &[2], bill]),
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

fn log(past: ErrorKind) -> Vec<Crafted> {
    let logs = one_log();
    let v = &to_vec(&logs).unwrap();
    let request = logs.logs[0].request.as_bytes();
    let (code, size) = (varint(404), varint(5000));
    let mut inputs = [
        counts(v, "the records"),
        lengths(v, "the identity", past, [&[192, 168, 0, 1], &[1], b"-"]),
        lengths(v, "the request", past, [&[], &[31], request]),
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

fn minecraft_savedata(past: ErrorKind) -> Vec<Crafted> {
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
        lengths(v, "the dimension", past, [&[], &[9], b"overworld"]),
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

/// An input whose first task's name declares the most bytes bincode's
/// decode budget lets it allocate, inside lists and tasks that both declare
/// 2^32 elements and so reserve 4 KiB each: the most memory a lie can cost.
/// Found by asking the decoder (a longer name passes step 1's budget, and
/// step 2 borrows it without allocating), so it follows the budget.
fn at_the_budget() -> Crafted {
    let lie = varint(1 << 32);
    let id = [&[16][..], &[0; 16]].concat();
    let input = |name_len: u64| {
        // user "", version [], the lists, the first's header (an id, an
        // empty name, color 0, time (0, 0, 0)), its tasks, the first's id,
        // then its name.
        [
            &[0, 0][..],
            &lie,
            &id,
            &[0; 5],
            &lie,
            &id,
            &varint(name_len),
        ]
        .concat()
    };
    let allocates = |len: u64| {
        let (_, peak) = measure(|| from_slice::<TaskManager>(&input(len)));
        peak as u64 >= len
    };
    let (mut low, mut high) = (0, 1 << 24);
    while high - low > 1 {
        let middle = u64::midpoint(low, high);
        if allocates(middle) {
            low = middle;
        } else {
            high = middle;
        }
    }
    Crafted::new(
        Class::Length,
        format!("a task's name declares {low} bytes, the most bincode's budget allocates"),
        ErrorKind::Truncated,
        input(low),
    )
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
        let mut inputs = task_manager(PAST_THE_END);
        inputs.push(at_the_budget());
        inputs
    }
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        telemetry(PAST_THE_END)
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        graph(PAST_THE_END)
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        records(PAST_THE_END)
    }
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        media(PAST_THE_END)
    }
}

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        log(PAST_THE_END)
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        mesh()
    }
}

impl Crafts<Players> for Inputs {
    fn crafted() -> Vec<Crafted> {
        minecraft_savedata(PAST_THE_END)
    }
}

impl Crafts<Updates> for Inputs {
    fn crafted() -> Vec<Crafted> {
        mk48()
    }
}

impl HostileInputs for Zap {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = NOT_APPLICABLE;
    const EXPANSION: usize = EXPANSION;
}

/// serde-zap's task-manager: its serializer is human-readable to serde, so
/// the version, ids, colors and times are their text forms, each a length
/// then UTF-8, and the inputs patch those.
fn zap_task_manager() -> Vec<Crafted> {
    use Class::{Other, UnknownEnum, Utf8, WrongType};
    use ErrorKind::{Invalid, Truncated};
    use serbench_bincode::BincodeZap;
    use serbench_model::Codec;
    use serbench_model::forms::{color_text, uuid_text};

    let past = PAST_THE_END_ZAP;
    let m = TaskManager::generate(1);
    let v = &BincodeZap::to_vec(&m).unwrap();
    let list_id = uuid_text(&m.lists[0].header.id);
    let task_id = uuid_text(&m.lists[0].tasks[0].header.id);
    let color = color_text(m.lists[0].header.color);
    let description = m.lists[0].tasks[0].description.as_bytes();
    let task = [&[36][..], task_id.as_bytes()].concat();
    let mut inputs = [
        lengths(v, "the user", past, [&[], &[9], b"Demo User"]),
        lengths(v, "the version", past, [b"User", &[5], b"1.0.0"]),
        lengths(v, "the lists", Truncated, [b"1.0.0", &[1], &[36]]),
        lengths(v, "a list's id", past, [&[], &[36], list_id.as_bytes()]),
        lengths(v, "a list's name", past, [&[], &[4], b"Work"]),
        lengths(v, "the tasks", Truncated, [b"Z", &[1], &task]),
        lengths(v, "a description", past, [&[], &[23], description]),
    ]
    .concat();
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
            Invalid,
            "a version segment that is not a number",
            b"\x051.0.0",
            b"\x051.x.0",
        ),
        patched_bytes(
            v,
            Other,
            Invalid,
            "a list's id that is not a uuid",
            list_id.as_bytes(),
            [&b"z"[..], &list_id.as_bytes()[1..]].concat(),
        ),
        patched_bytes(
            v,
            Other,
            Invalid,
            "a list's color that is not a color",
            [&b"Work\x07"[..], color.as_bytes()].concat(),
            [&b"Work\x07!"[..], &color.as_bytes()[1..]].concat(),
        ),
    ]);
    inputs
}

impl Crafts<TaskManager> for Zap {
    fn crafted() -> Vec<Crafted> {
        zap_task_manager()
    }
}

macro_rules! zap {
    ($($dataset:ty => $inputs:ident),*) => {$(
        impl Crafts<$dataset> for Zap {
            fn crafted() -> Vec<Crafted> {
                $inputs(PAST_THE_END_ZAP)
            }
        }
    )*};
}

zap!(
    SensorReading => telemetry,
    Graph => graph,
    Record => records,
    MediaContent => media,
    Logs => log,
    Players => minecraft_savedata
);

/// The mesh's and mk48's inputs declare no string, so they are bincode's
/// whole.
impl Crafts<Mesh> for Zap {
    fn crafted() -> Vec<Crafted> {
        mesh()
    }
}

impl Crafts<Updates> for Zap {
    fn crafted() -> Vec<Crafted> {
        mk48()
    }
}
