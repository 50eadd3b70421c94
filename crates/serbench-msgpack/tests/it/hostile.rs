//! MessagePack's crafted hostile inputs, which the conformance kit runs on
//! a small stack within its memory bound: each must fail with the kind
//! given.
//!
//! Each input is a valid encoding with one item replaced. MessagePack's
//! lengths are at most 32 bits, so the longest a str, bin, array or map can
//! declare is 2^32 − 1 (2^63 cannot be written). Nesting is unbounded in
//! the format, but the model's types are not recursive, so a wrong
//! container fails before rmp-serde's depth limit of 1 024. MessagePack has
//! no document type declarations.

use serbench_model::log::{Address, Log};
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{
    Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager,
    Updates,
};
use serbench_msgpack::{ErrorKind, MsgPack};
use serbench_testkit::{
    Class, Crafted, Crafts, HUGE_TEXT, HostileInputs, NESTING, patched, small_record,
};

pub(crate) struct Inputs;

/// A str of `text`, in its shortest form for the short texts used here.
fn text(text: &str) -> Vec<u8> {
    let len = text.len();
    let head = if len < 32 {
        vec![0xa0 | len as u8]
    } else {
        vec![0xd9, len as u8]
    };
    [head, text.as_bytes().to_vec()].concat()
}

/// The key `name` followed by `value`.
fn entry(name: &str, value: &[u8]) -> Vec<u8> {
    [text(name), value.to_vec()].concat()
}

/// `value`'s encoding with the head `old` (between `before` and `after`,
/// which make it unique) replaced by the 32-bit head `marker` declaring
/// 2^32 − 1 bytes, elements or entries.
fn huge<T: Dataset>(
    value: &T,
    what: &str,
    kind: ErrorKind,
    [before, old, after]: [&[u8]; 3],
    marker: u8,
) -> Crafted
where
    MsgPack: Codec<T>,
{
    let from = [before, old, after].concat();
    let to = [before, &[marker], &u32::MAX.to_be_bytes(), after].concat();
    let what = format!("{what} declares 2^32 - 1");
    patched::<MsgPack, _>(value, Class::Length, kind, &what, &from, &to)
}

const STR32: u8 = 0xdb;
const BIN32: u8 = 0xc6;
const ARRAY32: u8 = 0xdd;
const MAP32: u8 = 0xdf;

/// [`NESTING`] arrays of one element each, around `inner`.
fn deep(inner: &[u8]) -> Vec<u8> {
    [vec![0x91; NESTING], inner.to_vec()].concat()
}

/// The task-manager's length bombs, one for each kind of head.
fn task_manager_lengths(m: &TaskManager) -> Vec<Crafted> {
    use ErrorKind::{Invalid, Truncated};

    let id = m.lists[0].header.id;
    vec![
        huge(
            m,
            "the user",
            Truncated,
            [&text("user"), &[0xa9], b"Demo User"],
            STR32,
        ),
        huge(
            m,
            "a list's id",
            Truncated,
            [&text("id"), &[0xc4, 16], id.as_bytes()],
            BIN32,
        ),
        huge(
            m,
            "the version",
            Invalid,
            [&text("version"), &[0x93], &[]],
            ARRAY32,
        ),
        huge(
            m,
            "the lists",
            Truncated,
            [&text("lists"), &[0x91], &[]],
            ARRAY32,
        ),
        huge(
            m,
            "the root map",
            Truncated,
            [&[], &[0x83], &text("user")],
            MAP32,
        ),
        over_nils(m, "the lists", [&text("lists"), &[0x91]]),
    ]
}

/// `value`'s encoding with the array head `old` (after `before`) replaced
/// by an array 16 of [`NILS`] elements, and that many nils after it: an
/// input long enough for the count, each element a byte, none what the
/// field holds. A reader that reserves room for the count before reading
/// an element would reserve `NILS` times its element's size.
fn over_nils<T: Dataset>(value: &T, what: &str, [before, old]: [&[u8]; 2]) -> Crafted
where
    MsgPack: Codec<T>,
{
    let from = [before, old].concat();
    let count = u16::try_from(NILS).expect("an array 16 count");
    let to = [before, &[0xdc], &count.to_be_bytes(), &vec![0xc0; NILS]].concat();
    let what = format!("{what} declares {NILS} elements, all nil");
    patched::<MsgPack, _>(value, Class::Length, ErrorKind::Invalid, &what, &from, &to)
}

/// The elements of [`over_nils`]'s arrays.
const NILS: usize = 65_535;

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[(
        Class::Dtd,
        "MessagePack has no document type declarations or entities",
    )];

    // The worst of the kit's dense values: empty strings, 1 byte each,
    // become 24-byte `String`s in a vector grown by doubling.
    const EXPANSION: usize = 48;
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let m = &TaskManager::generate(1);
        let user = entry("user", &text("Demo User"));
        let priority = entry("priority", &[0]);
        let root_maps = [&[0x81][..], &text("a")].concat().repeat(NESTING);
        let mut inputs = task_manager_lengths(m);
        inputs.extend([
            patched::<MsgPack, _>(
                m,
                Nesting,
                Invalid,
                "100 000 nested arrays as the user",
                &user,
                &entry("user", &deep(&[0])),
            ),
            Crafted::new(
                Nesting,
                "100 000 nested maps as the root",
                Invalid,
                root_maps,
            ),
            patched::<MsgPack, _>(
                m,
                Utf8,
                Invalid,
                "a byte 0xff in the user",
                &user,
                &entry("user", b"\xa9Demo\xffUser"),
            ),
            patched::<MsgPack, _>(
                m,
                WrongType,
                Invalid,
                "the user is a number",
                &user,
                &entry("user", &[0x03]),
            ),
            patched::<MsgPack, _>(
                m,
                WrongType,
                Invalid,
                "the priority is text",
                &priority,
                &entry("priority", &text("0")),
            ),
            patched::<MsgPack, _>(
                m,
                WrongType,
                Invalid,
                "completed is a number",
                &entry("completed", &[0xc3]),
                &entry("completed", &[0x01]),
            ),
            patched::<MsgPack, _>(
                m,
                UnknownEnum,
                Invalid,
                "priority 9",
                &priority,
                &entry("priority", &[0x09]),
            ),
            patched::<MsgPack, _>(
                m,
                Duplicate,
                Invalid,
                "the user twice",
                &[&[0x83][..], &user].concat(),
                &[&[0x84][..], &user, &user].concat(),
            ),
            patched::<MsgPack, _>(
                m,
                Other,
                Syntax,
                "the reserved marker 0xc1 as the user",
                &user,
                &entry("user", &[0xc1]),
            ),
        ]);
        inputs.extend(task_manager_huge_texts(m));
        inputs
    }
}

/// [`HUGE_TEXT`] bytes of text as the priority, a number, where a message
/// could quote it (serde's "invalid type: string …" quotes a text whole);
/// rmp-serde refuses the str 32 marker before it reads the text. And an
/// unknown key of [`HUGE_TEXT`] bytes, which serde's "unknown field `…`"
/// quotes whole.
fn task_manager_huge_texts(m: &TaskManager) -> Vec<Crafted> {
    use ErrorKind::Invalid;

    let str32 = |text: &str| {
        let len = u32::try_from(text.len()).expect("a huge text fits a str 32");
        [&[0xdb][..], &len.to_be_bytes(), text.as_bytes()].concat()
    };
    let huge = |unit: &str| unit.repeat(HUGE_TEXT);
    let priority = entry("priority", &[0]);
    vec![
        patched::<MsgPack, _>(
            m,
            Class::HugeText,
            Invalid,
            "the priority is 1 MiB of text",
            &priority,
            [text("priority"), str32(&huge("x"))].concat(),
        ),
        patched::<MsgPack, _>(
            m,
            Class::HugeText,
            Invalid,
            "the user's key is 1 MiB long",
            text("user"),
            str32(&huge("k")),
        ),
    ]
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Utf8, WrongType};
        use ErrorKind::{Invalid, Truncated};

        let r = &SensorReading::workload(1).remove(0);
        let id = entry("sensor_id", &text(&r.sensor_id));
        vec![
            huge(
                r,
                "the sensor id",
                Truncated,
                [&text("sensor_id"), &[0xa8], r.sensor_id.as_bytes()],
                STR32,
            ),
            patched::<MsgPack, _>(
                r,
                Nesting,
                Invalid,
                "100 000 nested arrays as the sensor id",
                &id,
                &entry("sensor_id", &deep(&[0])),
            ),
            patched::<MsgPack, _>(
                r,
                Utf8,
                Invalid,
                "a byte 0xff in the sensor id",
                &id,
                &entry("sensor_id", b"\xa8\xff\xff\xff\xff\xff\xff\xff\xff"),
            ),
            patched::<MsgPack, _>(
                r,
                WrongType,
                Invalid,
                "the sensor id is a number",
                &id,
                &entry("sensor_id", &[0x03]),
            ),
            patched::<MsgPack, _>(
                r,
                Duplicate,
                Invalid,
                "the sensor id twice",
                &[&[0x89][..], &id].concat(),
                &[&[0x8a][..], &id, &id].concat(),
            ),
        ]
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, Utf8, WrongType};
        use ErrorKind::{Invalid, Truncated};

        let g = &Graph::generate(1);
        let node_name = g.nodes[0].name.as_bytes();
        let name = [
            text("name"),
            vec![0xa0 | node_name.len() as u8],
            node_name.to_vec(),
        ]
        .concat();
        let out_edges = entry("out_edges", &[0x91, 0x00]);
        let weight = [
            text("weight"),
            vec![0xcd],
            g.edges[0].weight.to_be_bytes().to_vec(),
        ]
        .concat();
        vec![
            huge(
                g,
                "the nodes",
                Invalid,
                [&text("nodes"), &[0x91], &[]],
                ARRAY32,
            ),
            huge(
                g,
                "the edges",
                Truncated,
                [&text("edges"), &[0x91], &[]],
                ARRAY32,
            ),
            huge(
                g,
                "a node name",
                Truncated,
                [&text("name"), &[0xa0 | node_name.len() as u8], node_name],
                STR32,
            ),
            huge(
                g,
                "out edges",
                Invalid,
                [&text("out_edges"), &[0x91], &[0x00]],
                ARRAY32,
            ),
            patched::<MsgPack, _>(
                g,
                Nesting,
                Invalid,
                "100 000 nested arrays as an out edge",
                &out_edges,
                &entry("out_edges", &deep(&[0])),
            ),
            patched::<MsgPack, _>(
                g,
                Utf8,
                Invalid,
                "a byte 0xff in a node name",
                &name,
                &entry("name", b"\xa1\xff"),
            ),
            patched::<MsgPack, _>(
                g,
                WrongType,
                Invalid,
                "a weight is text",
                &weight,
                &entry("weight", &text("1")),
            ),
            patched::<MsgPack, _>(
                g,
                Duplicate,
                Invalid,
                "the edges twice",
                &[&[0x82][..], &text("nodes")].concat(),
                &[&[0x83][..], &entry("edges", &[0x90]), &text("nodes")].concat(),
            ),
            patched::<MsgPack, _>(
                g,
                Other,
                Invalid,
                "a node id of 65 536",
                &entry("id", &[0]),
                &entry("id", &[0xce, 0, 1, 0, 0]),
            ),
        ]
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Utf8, WrongType};
        use ErrorKind::{Invalid, Truncated};

        let r = &small_record();
        let ids = entry("ids", &[0x91, 0x07]);
        let strings = entry("strings", &[0x91, 0xa1, b's']);
        vec![
            huge(
                r,
                "the ids",
                Invalid,
                [&text("ids"), &[0x91], &[0x07]],
                ARRAY32,
            ),
            huge(
                r,
                "the strings",
                Truncated,
                [&text("strings"), &[0x91], &[0xa1, b's']],
                ARRAY32,
            ),
            huge(
                r,
                "a string",
                Truncated,
                [&entry("strings", &[0x91]), &[0xa1], b"s"],
                STR32,
            ),
            over_nils(r, "the ids", [&text("ids"), &[0x91]]),
            patched::<MsgPack, _>(
                r,
                Nesting,
                Invalid,
                "100 000 nested arrays as an id",
                &ids,
                &entry("ids", &deep(&[0x07])),
            ),
            patched::<MsgPack, _>(
                r,
                Utf8,
                Invalid,
                "a byte 0xff in a string",
                &strings,
                &entry("strings", &[0x91, 0xa1, 0xff]),
            ),
            patched::<MsgPack, _>(
                r,
                WrongType,
                Invalid,
                "an id is a float",
                &ids,
                &entry("ids", &[0x91, 0xca, 0x3f, 0xc0, 0, 0]),
            ),
            patched::<MsgPack, _>(
                r,
                WrongType,
                Invalid,
                "a string is a number",
                &strings,
                &entry("strings", &[0x91, 0x03]),
            ),
            patched::<MsgPack, _>(
                r,
                Duplicate,
                Invalid,
                "the ids twice",
                &[&[0x82][..], &ids].concat(),
                &[&[0x83][..], &ids, &ids].concat(),
            ),
        ]
    }
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Truncated};

        let m = &MediaContent::canonical();
        let uri = m.media.uri.as_bytes();
        let player = entry("player", &text("JAVA"));
        let copyright = entry("copyright", &[0xc0]);
        let enums = [vec![0x81], text("JAVA")].concat().repeat(NESTING);
        vec![
            huge(
                m,
                "the uri",
                Truncated,
                [&text("uri"), &[0xa0 | uri.len() as u8], uri],
                STR32,
            ),
            huge(
                m,
                "the persons",
                Invalid,
                [&text("persons"), &[0x92], &[]],
                ARRAY32,
            ),
            huge(
                m,
                "the images",
                Truncated,
                [&text("images"), &[0x92], &[]],
                ARRAY32,
            ),
            patched::<MsgPack, _>(
                m,
                Nesting,
                Invalid,
                "100 000 nested arrays as a person",
                &text("persons"),
                &[text("persons"), vec![0x92], deep(&[0xc0])].concat(),
            ),
            patched::<MsgPack, _>(
                m,
                Nesting,
                Invalid,
                "the player as 100 000 nested maps {JAVA: …}",
                &player,
                &[text("player"), enums].concat(),
            ),
            patched::<MsgPack, _>(
                m,
                Utf8,
                Invalid,
                "a byte 0xff in the uri",
                uri,
                &[&uri[..uri.len() - 1], b"\xff"].concat(),
            ),
            patched::<MsgPack, _>(
                m,
                WrongType,
                Invalid,
                "the width is text",
                &entry("width", &[0xcd, 0x02, 0x80]),
                &entry("width", &text("640")),
            ),
            patched::<MsgPack, _>(
                m,
                UnknownEnum,
                Invalid,
                "player BANANA",
                &player,
                &entry("player", &text("BANANA")),
            ),
            patched::<MsgPack, _>(
                m,
                UnknownEnum,
                Invalid,
                "image size HUGE",
                &entry("size", &text("LARGE")),
                &entry("size", &text("HUGE")),
            ),
            patched::<MsgPack, _>(
                m,
                Duplicate,
                Invalid,
                "the player twice",
                &[player.clone(), copyright.clone()].concat(),
                &[player.clone(), player.clone()].concat(),
            ),
            // The map's one value, the key `copyright`, and the nil after
            // the map would read as the next entry if the variant left its
            // value; rmp-serde reads it as the unit variant's nil instead.
            patched::<MsgPack, _>(
                m,
                Other,
                Invalid,
                "the player as a map {JAVA: \"copyright\"}, then nil",
                &[player, copyright.clone()].concat(),
                &[text("player"), vec![0x81], text("JAVA"), copyright].concat(),
            ),
        ]
    }
}

/// One record of fixed values, so every patch below finds its bytes once.
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

// Nesting is attacked where a list's elements are integers or texts: a
// leaf inside a list element is skipped by zerompk's length walk, which
// refuses deep nesting there as a limit of its own.
impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Other, Utf8, WrongType};
        use ErrorKind::{Invalid, Truncated};

        let logs = &one_log();
        let request = logs.logs[0].request.as_bytes();
        let code = entry("code", &[0xcd, 0x01, 0x94]);
        vec![
            huge(
                logs,
                "the records",
                Truncated,
                [&text("logs"), &[0x91], &[]],
                ARRAY32,
            ),
            huge(
                logs,
                "the request",
                Truncated,
                [&text("request"), &[0xa0 | 31], request],
                STR32,
            ),
            patched::<MsgPack, _>(
                logs,
                Utf8,
                Invalid,
                "a byte 0xff in the user id",
                &entry("userid", &text("alice")),
                &entry("userid", b"\xa5al\xffce"),
            ),
            patched::<MsgPack, _>(
                logs,
                WrongType,
                Invalid,
                "the code is text",
                &code,
                &entry("code", &text("404")),
            ),
            patched::<MsgPack, _>(
                logs,
                Other,
                Invalid,
                "a size of -1",
                &entry("size", &[0xcd, 0x13, 0x88]),
                &entry("size", &[0xff]),
            ),
            patched::<MsgPack, _>(
                logs,
                Duplicate,
                Invalid,
                "the code twice",
                &[&[0x87][..], &text("address")].concat(),
                &[&[0x88][..], &code, &text("address")].concat(),
            ),
        ]
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let mut mesh = Mesh::generate(1);
        mesh.triangles[0].normal.x = 0.125;
        let mesh = &mesh;
        let x = entry("x", &[&[0xca][..], &0.125_f32.to_be_bytes()].concat());
        vec![
            huge(
                mesh,
                "the triangles",
                ErrorKind::Truncated,
                [&text("triangles"), &[0x91], &[]],
                ARRAY32,
            ),
            patched::<MsgPack, _>(
                mesh,
                Class::WrongType,
                ErrorKind::Invalid,
                "a normal's x is text",
                &x,
                &entry("x", &text("1")),
            ),
        ]
    }
}

impl Crafts<Players> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Truncated};

        let mut players = Players::generate(1);
        let player = &mut players.players[0];
        "overworld".clone_into(&mut player.dimension);
        "serbench_probe".clone_into(&mut player.selected_item.id);
        player.spawn_dimension = Some("serbench_spawn".to_owned());
        let game_type = entry("game_type", &text(&format!("{:?}", player.game_type)));
        let spawn = entry("spawn_dimension", &text("serbench_spawn"));
        let players = &players;
        vec![
            huge(
                players,
                "the players",
                Truncated,
                [&text("players"), &[0x91], &[]],
                ARRAY32,
            ),
            huge(
                players,
                "the dimension",
                Truncated,
                [&text("dimension"), &[0xa9], b"overworld"],
                STR32,
            ),
            patched::<MsgPack, _>(
                players,
                UnknownEnum,
                Invalid,
                "game type Hardcore",
                &game_type,
                &entry("game_type", &text("Hardcore")),
            ),
            patched::<MsgPack, _>(
                players,
                Utf8,
                Invalid,
                "a byte 0xff in the selected item's id",
                b"serbench_probe",
                b"serbench\xffprobe",
            ),
            patched::<MsgPack, _>(
                players,
                WrongType,
                Invalid,
                "the spawn dimension is a number",
                &spawn,
                &entry("spawn_dimension", &[0x03]),
            ),
        ]
    }
}

/// One update of fixed values, so every patch below finds its bytes once.
fn one_update() -> Updates {
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

impl Crafts<Updates> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, UnknownEnum, WrongType};
        use ErrorKind::{Invalid, Truncated};

        let updates = &one_update();
        let turrets = entry("turret_angles", &[0x91, 0xcd, 0x01, 0x2c]);
        let data = [0xcc, 0xab].repeat(3);
        vec![
            huge(
                updates,
                "the updates",
                Truncated,
                [&text("updates"), &[0x91], &[]],
                ARRAY32,
            ),
            huge(
                updates,
                "the reloads",
                Invalid,
                [&text("reloads"), &[0x92], &[0xc3, 0xc2]],
                ARRAY32,
            ),
            huge(
                updates,
                "a terrain update's data",
                Truncated,
                [&text("data"), &[0x93], &data],
                ARRAY32,
            ),
            patched::<MsgPack, _>(
                updates,
                Nesting,
                Invalid,
                "100 000 nested arrays as a turret angle",
                &turrets,
                &entry("turret_angles", &[&[0x91][..], &deep(&[0])].concat()),
            ),
            patched::<MsgPack, _>(
                updates,
                UnknownEnum,
                Invalid,
                "entity type Titanic",
                &entry("entity_type", &text("Yasen")),
                &entry("entity_type", &text("Titanic")),
            ),
            patched::<MsgPack, _>(
                updates,
                WrongType,
                Invalid,
                "submerge is a number",
                &entry("submerge", &[0xc3]),
                &entry("submerge", &[0x01]),
            ),
            patched::<MsgPack, _>(
                updates,
                Other,
                Invalid,
                "a terrain byte of 256",
                &[text("data"), vec![0x93, 0xcc, 0xab]].concat(),
                &[text("data"), vec![0x93, 0xcd, 0x01, 0x00]].concat(),
            ),
            patched::<MsgPack, _>(
                updates,
                Duplicate,
                Invalid,
                "the score twice",
                &[&[0x84][..], &text("contacts")].concat(),
                &[&[0x85][..], &entry("score", &[0]), &text("contacts")].concat(),
            ),
        ]
    }
}

/// rmp-serde's crafted inputs for zerompk, which reads the same bytes: the
/// kind it reports for each, where that differs.
pub(crate) struct Zerompk;

impl HostileInputs for Zerompk {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = Inputs::NOT_APPLICABLE;

    // The same dense values as rmp-serde's, decoded into types whose
    // texts are borrowed `Cow`s, then moved into the model's in place.
    const EXPANSION: usize = 48;
}

impl<D: Dataset> Crafts<D> for Zerompk
where
    Inputs: Crafts<D>,
{
    fn crafted() -> Vec<Crafted> {
        <Inputs as Crafts<D>>::crafted()
            .into_iter()
            .map(|input| {
                let kind = zerompk_kind(&input);
                Crafted { kind, ..input }
            })
            .collect()
    }
}

/// The kind zerompk reports for one of rmp-serde's inputs. An array
/// longer than the input is a truncation to the walk before zerompk, where
/// rmp-serde's element count checks call some invalid; a map of the wrong
/// number of entries is invalid to zerompk's derive, which takes a
/// struct's entry count from its head. A str that is not UTF-8 is not
/// MessagePack (its spec requires UTF-8), as the walk and zerompk say.
fn zerompk_kind(input: &Crafted) -> ErrorKind {
    match input.class {
        Class::Length if input.what.starts_with("the root map") => ErrorKind::Invalid,
        Class::Length if input.what == format!("the ids declares {NILS} elements, all nil") => {
            ErrorKind::Invalid
        }
        Class::Length => ErrorKind::Truncated,
        Class::Utf8 => ErrorKind::Syntax,
        _ => input.kind,
    }
}
