//! Fory's crafted hostile inputs, which the conformance kit runs on a
//! small stack within its memory bound: each must fail with the kind given.
//!
//! Each input is a valid encoding with one thing changed. Where a count or
//! an enum's ordinal sits is found by encoding two values that differ only
//! there: the first byte where their encodings differ is it (everything
//! before it, the header and the type meta, is the same). A string's
//! length is the varint `length << 2 | 2` (UTF-8) just before its bytes.
//! So the inputs follow fory's layout without a hand-written offset.

use serbench_fory::{ErrorKind, to_vec};
use serbench_model::log::{Address, Log};
use serbench_model::minecraft::{GameType, Item};
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{
    Dataset, Graph, Logs, MediaContent, Mesh, Player, Players, Priority, Record, SensorReading,
    Size, TaskManager, Updates,
};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, replace_once};

pub(crate) struct Inputs;

/// `n` as a LEB128 varint, fory's unsigned varint.
fn varint(mut n: u64) -> Vec<u8> {
    let mut out = Vec::new();
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
    out
}

/// Counts far past any input that fory's `u32` count holds.
const COUNTS: [(u64, &str); 2] = [(1 << 31, "2^31"), (u32::MAX as u64, "2^32 - 1")];

/// Lengths of a string past any input: the kit's 2^32 fits fory's 36-bit
/// string header, 2^63 does not.
const STRING_LENGTHS: [(u64, &str); 3] = [
    (1 << 31, "2^31"),
    (u32::MAX as u64, "2^32 - 1"),
    (1 << 32, "2^32"),
];

/// The first byte where `a` and `b` differ.
fn first_difference(a: &[u8], b: &[u8]) -> usize {
    a.iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .expect("the encodings differ")
}

/// `base`'s encoding with the count that `more` (the same value with one
/// element more) raises replaced by each of `COUNTS`.
fn counts<D: Dataset>(what: &str, base: &D, more: &D) -> Vec<Crafted>
where
    serbench_fory::Fory: serbench_model::Codec<D, Error = serbench_fory::Error>,
{
    let valid = to_vec(base).unwrap();
    let at = first_difference(&valid, &to_vec(more).unwrap());
    COUNTS
        .iter()
        .map(|&(n, name)| {
            // A count of one is the one byte 0x01; a larger one takes more.
            let bytes = [
                &valid[..at],
                &varint(n)[..],
                &valid[at + varint(u64::from(valid[at])).len()..],
            ]
            .concat();
            Crafted::new(
                Class::Length,
                format!("{what} declares {name}"),
                ErrorKind::Limit,
                bytes,
            )
        })
        .collect()
}

/// `valid` with the length of `text` (its header just before it)
/// declaring each of `STRING_LENGTHS`.
fn string(what: &str, valid: &[u8], text: &str) -> Vec<Crafted> {
    let header = varint(((text.len() as u64) << 2) | 2);
    let from = [&header[..], text.as_bytes()].concat();
    STRING_LENGTHS
        .iter()
        .map(|&(n, name)| {
            let to = [&varint((n << 2) | 2)[..], text.as_bytes()].concat();
            Crafted::new(
                Class::Length,
                format!("{what} declares {name} bytes"),
                ErrorKind::Truncated,
                replace_once(valid, &from, &to),
            )
        })
        .collect()
}

/// `valid` with `text`'s first byte replaced by 0xFF, which no UTF-8 holds.
fn not_utf8(what: &str, valid: &[u8], text: &str) -> Crafted {
    let mut to = text.as_bytes().to_vec();
    to[0] = 0xFF;
    Crafted::new(
        Class::Utf8,
        format!("{what} is not UTF-8"),
        ErrorKind::Invalid,
        replace_once(valid, text.as_bytes(), &to),
    )
}

/// `valid` with the string header before `text` naming encoding 3, which
/// fory does not have (0 latin-1, 1 UTF-16, 2 UTF-8).
fn bad_encoding(what: &str, valid: &[u8], text: &str) -> Crafted {
    let header = varint(((text.len() as u64) << 2) | 2);
    let bad = varint(((text.len() as u64) << 2) | 3);
    Crafted::new(
        Class::Other,
        format!("{what}'s string encoding is 3"),
        ErrorKind::Invalid,
        replace_once(
            valid,
            &[&header[..], text.as_bytes()].concat(),
            &[&bad[..], text.as_bytes()].concat(),
        ),
    )
}

/// `base`'s encoding with the ordinal that `other` changes set to 9.
fn ordinal<D: Dataset>(what: &str, base: &D, other: &D) -> Crafted
where
    serbench_fory::Fory: serbench_model::Codec<D, Error = serbench_fory::Error>,
{
    ordinal_of(what, base, other, 9)
}

/// `base`'s encoding with the ordinal that `other` changes set to `n`
/// (below 128, one varint byte).
fn ordinal_of<D: Dataset>(what: &str, base: &D, other: &D, n: u8) -> Crafted
where
    serbench_fory::Fory: serbench_model::Codec<D, Error = serbench_fory::Error>,
{
    let mut bytes = to_vec(base).unwrap();
    let at = first_difference(&bytes, &to_vec(other).unwrap());
    bytes[at] = n;
    Crafted::new(
        Class::UnknownEnum,
        format!("{what} has ordinal {n}"),
        ErrorKind::Invalid,
        bytes,
    )
}

/// The header and root every dataset shares: a header byte other than
/// xlang's, a root reference flag other than "not null", and the bytes of
/// another dataset (a root of another registered type).
fn framing(valid: &[u8], other: &[u8], other_name: &str) -> Vec<Crafted> {
    let mut native = valid.to_vec();
    native[0] = 0x00;
    let mut oob = valid.to_vec();
    oob[0] = 0x03;
    let null = vec![valid[0], 0xFD];
    let mut referenced = valid.to_vec();
    referenced[1] = 0xFE;
    vec![
        Crafted::new(
            Class::Other,
            "the header is native mode's (0)",
            ErrorKind::Invalid,
            native,
        ),
        Crafted::new(
            Class::Other,
            "the header asks for out-of-band buffers",
            ErrorKind::Invalid,
            oob,
        ),
        Crafted::new(Class::Other, "the root is null", ErrorKind::Invalid, null),
        Crafted::new(
            Class::Other,
            "the root is a reference, untracked",
            ErrorKind::Invalid,
            referenced,
        ),
        Crafted::new(
            Class::WrongType,
            format!("the root is {other_name}"),
            ErrorKind::Invalid,
            other.to_vec(),
        ),
    ]
}

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[
        (
            Class::Nesting,
            "the registered types fix the nesting: a field's type is read by the reader \
             registered for it, and the mirror types hold no recursive or dynamic field",
        ),
        (
            Class::Duplicate,
            "not crafted: a compatible type meta naming a field twice needs a meta writer \
             (meta-string packing, hash) not written here; see SECURITY.md",
        ),
        (
            Class::Dtd,
            "the format has no document type declarations or entities",
        ),
        (
            Class::HugeText,
            "no error quotes the input: ids, colors, times and versions are binary, and \
             enum values are ordinals",
        ),
    ];
    const EXPANSION: usize = 80;
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let base = TaskManager::generate(1);
        let v = &to_vec(&base).unwrap();
        let mut more_version = base.clone();
        more_version.version.segments.push(7);
        let mut more_lists = base.clone();
        more_lists.lists.push(base.lists[0].clone());
        let mut more_tasks = base.clone();
        more_tasks.lists[0]
            .tasks
            .push(base.lists[0].tasks[0].clone());
        let mut other_priority = base.clone();
        let priority = &mut other_priority.lists[0].tasks[0].priority;
        *priority = if *priority == Priority::Low {
            Priority::Medium
        } else {
            Priority::Low
        };
        let task = &base.lists[0].tasks[0];
        let mut inputs = [
            string("the user", v, &base.user),
            counts("the version", &base, &more_version),
            counts("the lists", &base, &more_lists),
            counts("a list's tasks", &base, &more_tasks),
            string("a list's name", v, &base.lists[0].header.name),
            string("a task's name", v, &task.header.name),
            string("a description", v, &task.description),
            framing(v, &to_vec(&Record::canonical()).unwrap(), "a record"),
        ]
        .concat();
        inputs.extend([
            not_utf8("the user", v, &base.user),
            not_utf8("a description", v, &task.description),
            bad_encoding("the user", v, &base.user),
            ordinal("a priority", &base, &other_priority),
        ]);
        inputs
    }
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let base = SensorReading::generate(1).remove(0);
        let v = &to_vec(&base).unwrap();
        let mut inputs = [
            string("the sensor id", v, &base.sensor_id),
            framing(
                v,
                &to_vec(&MediaContent::canonical()).unwrap(),
                "a media value",
            ),
        ]
        .concat();
        inputs.extend([
            not_utf8("the sensor id", v, &base.sensor_id),
            bad_encoding("the sensor id", v, &base.sensor_id),
        ]);
        inputs
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let base = Graph::generate(2);
        let v = &to_vec(&base).unwrap();
        let mut more_nodes = base.clone();
        more_nodes.nodes.push(base.nodes[0].clone());
        let mut more_edges = base.clone();
        more_edges.edges.push(base.edges[0]);
        let mut more_out = base.clone();
        more_out.nodes[0].out_edges.push(0);
        let name = &base.nodes[0].name;
        let mut inputs = [
            counts("the nodes", &base, &more_nodes),
            counts("the edges", &base, &more_edges),
            counts("a node's out-edges", &base, &more_out),
            string("a node's name", v, name),
            framing(
                v,
                &to_vec(&TaskManager::generate(1)).unwrap(),
                "a task manager",
            ),
        ]
        .concat();
        inputs.push(not_utf8("a node's name", v, name));
        inputs
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let base = Record {
            ids: vec![1, 2, 3],
            strings: vec!["first string".to_owned()],
        };
        let v = &to_vec(&base).unwrap();
        let mut more_ids = base.clone();
        more_ids.ids.push(4);
        let mut more_strings = base.clone();
        more_strings.strings.push("second".to_owned());
        let mut inputs = [
            counts("the ids", &base, &more_ids),
            counts("the strings", &base, &more_strings),
            string("a string", v, "first string"),
            framing(v, &to_vec(&Graph::generate(2)).unwrap(), "a graph"),
        ]
        .concat();
        inputs.extend([
            not_utf8("a string", v, "first string"),
            bad_encoding("a string", v, "first string"),
        ]);
        inputs
    }
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let base = MediaContent::canonical();
        let v = &to_vec(&base).unwrap();
        let mut more_persons = base.clone();
        more_persons.media.persons.push("Someone".to_owned());
        let mut more_images = base.clone();
        more_images.images.push(base.images[0].clone());
        let mut other_player = base.clone();
        other_player.media.player = match base.media.player {
            Player::Java => Player::Flash,
            Player::Flash => Player::Java,
        };
        let mut other_size = base.clone();
        other_size.images[0].size = match base.images[0].size {
            Size::Small => Size::Large,
            Size::Large => Size::Small,
        };
        let mut inputs = [
            counts("the persons", &base, &more_persons),
            counts("the images", &base, &more_images),
            string("the media's uri", v, &base.media.uri),
            framing(
                v,
                &to_vec(&SensorReading::generate(1).remove(0)).unwrap(),
                "a reading",
            ),
        ]
        .concat();
        inputs.extend([
            not_utf8("the media's uri", v, &base.media.uri),
            ordinal("the player", &base, &other_player),
            ordinal("an image's size", &base, &other_size),
        ]);
        inputs
    }
}

/// Two log records of distinct strings, so that each occurs once.
fn logs() -> Logs {
    let log = |userid: &str, request: &str| Log {
        address: Address {
            x0: 10,
            x1: 0,
            x2: 0,
            x3: 1,
        },
        identity: "-".to_owned(),
        userid: userid.to_owned(),
        date: "7/Dec/2026:12:0:0 +0000".to_owned(),
        request: request.to_owned(),
        code: 200,
        size: 1_234,
    };
    Logs {
        logs: vec![
            log("alice", "GET /api/login HTTP/1.1"),
            log("bob", "POST /api/logout HTTP/2"),
        ],
    }
}

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let base = logs();
        let v = &to_vec(&base).unwrap();
        let mut more_logs = base.clone();
        more_logs.logs.push(base.logs[0].clone());
        let mut inputs = [
            counts("the logs", &base, &more_logs),
            string("a userid", v, "alice"),
            string("a request", v, "GET /api/login HTTP/1.1"),
            framing(v, &to_vec(&Mesh::generate(1)).unwrap(), "a mesh"),
        ]
        .concat();
        inputs.extend([
            not_utf8("a userid", v, "alice"),
            bad_encoding("a request", v, "GET /api/login HTTP/1.1"),
        ]);
        inputs
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let base = Mesh::generate(2);
        let v = &to_vec(&base).unwrap();
        let mut more_triangles = base.clone();
        more_triangles.triangles.push(base.triangles[0]);
        [
            counts("the triangles", &base, &more_triangles),
            framing(v, &to_vec(&logs()).unwrap(), "a log"),
        ]
        .concat()
    }
}

/// A generated player with a dimension, an inventory item and a recipe
/// of distinct texts.
fn players() -> Players {
    let mut players = Players::generate(1);
    let player = &mut players.players[0];
    "dimension-x".clone_into(&mut player.dimension);
    player.inventory = vec![Item {
        count: 1,
        slot: 2,
        id: "inventory-item".to_owned(),
    }];
    player.recipe_book.recipes = vec!["recipe-one".to_owned()];
    players
}

impl Crafts<Players> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let base = players();
        let v = &to_vec(&base).unwrap();
        let player = &base.players[0];
        let mut more_players = base.clone();
        more_players.players.push(player.clone());
        let mut more_items = base.clone();
        more_items.players[0]
            .inventory
            .push(player.inventory[0].clone());
        let mut more_recipes = base.clone();
        more_recipes.players[0]
            .recipe_book
            .recipes
            .push("recipe-two".to_owned());
        let mut other_game_type = base.clone();
        other_game_type.players[0].game_type = if player.game_type == GameType::Survival {
            GameType::Creative
        } else {
            GameType::Survival
        };
        let mut inputs = [
            counts("the players", &base, &more_players),
            counts("a player's inventory", &base, &more_items),
            counts("a player's recipes", &base, &more_recipes),
            string("a player's dimension", v, "dimension-x"),
            string("an item's id", v, "inventory-item"),
            framing(v, &to_vec(&updates()).unwrap(), "an mk48 update"),
        ]
        .concat();
        inputs.extend([
            not_utf8("a player's dimension", v, "dimension-x"),
            not_utf8("a recipe", v, "recipe-one"),
            ordinal("a game type", &base, &other_game_type),
        ]);
        inputs
    }
}

/// One update of one contact and one terrain update.
fn updates() -> Updates {
    Updates {
        updates: vec![Update {
            contacts: vec![Contact {
                damage: 3,
                entity_id: 77,
                entity_type: Some(EntityType::Osa),
                guidance: Guidance {
                    angle: 5,
                    submerge: false,
                    velocity: -3,
                },
                player_id: Some(9),
                reloads: vec![true, false],
                transform: Transform {
                    altitude: -1,
                    angle: 2,
                    position: (1.5, -2.5),
                    velocity: 40,
                },
                turret_angles: vec![1_000, 2_000],
            }],
            score: 12_345,
            world_radius: 900.5,
            terrain_updates: vec![TerrainUpdate {
                chunk_id: (-1, 2),
                data: vec![0xab, 0xcd, 0xef],
            }],
        }],
    }
}

impl Crafts<Updates> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let base = updates();
        let v = &to_vec(&base).unwrap();
        let changed = |change: fn(&mut Update)| {
            let mut value = base.clone();
            change(&mut value.updates[0]);
            value
        };
        let more_updates = Updates {
            updates: vec![base.updates[0].clone(); 2],
        };
        let more_contacts = changed(|u| u.contacts.push(u.contacts[0].clone()));
        let more_reloads = changed(|u| u.contacts[0].reloads.push(true));
        let more_turrets = changed(|u| u.contacts[0].turret_angles.push(7));
        let more_terrain = changed(|u| u.terrain_updates.push(u.terrain_updates[0].clone()));
        let more_data = changed(|u| u.terrain_updates[0].data.push(1));
        let other_type = changed(|u| u.contacts[0].entity_type = Some(EntityType::Iowa));
        let mut inputs = [
            counts("the updates", &base, &more_updates),
            counts("an update's contacts", &base, &more_contacts),
            counts("a contact's reloads", &base, &more_reloads),
            counts("a contact's turret angles", &base, &more_turrets),
            counts("an update's terrain updates", &base, &more_terrain),
            counts("a terrain update's data", &base, &more_data),
            framing(v, &to_vec(&players()).unwrap(), "minecraft players"),
        ]
        .concat();
        // 10 is the mirror's `Unknown`, which fory would also read.
        inputs.push(ordinal_of("an entity type", &base, &other_type, 12));
        inputs
    }
}
