//! bin-proto's crafted hostile inputs, which the conformance kit runs on
//! a small stack within its memory bound: each must fail with the kind
//! given.
//!
//! The layout is positional and fixed-width, every length a `usize` (8
//! bytes here). So nothing can nest deeper than the types do or appear
//! twice, and a `bool` or `Option` tag reads any byte (nonzero is `true`);
//! what an input can lie about is lengths, discriminants and bytes. Each
//! string and sequence of every dataset declares the kit's 2^32 and 2^63
//! and 2^64 − 1, which bin-proto alone would reserve room for before it
//! reads an element (2^63 and more overflow `Vec`'s capacity and panic):
//! the codec's length check refuses them all before bin-proto reads. Then
//! invalid UTF-8, unknown discriminants and a timestamp out of range.
//! RSB's mesh is floats alone: its only faults are lengths.

use serbench_binproto::{ErrorKind, to_vec};
use serbench_model::log::{Address, Log};
use serbench_model::minecraft::Item;
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{
    Dataset, Edge, Graph, Logs, MediaContent, Mesh, Node, Players, Record, SensorReading,
    TaskManager, Updates,
};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, LENGTHS, overwritten, replace_once};

pub(crate) struct Inputs;

/// A length as the layout writes it: a little-endian `usize`.
fn le(n: u64) -> [u8; 8] {
    n.to_le_bytes()
}

/// Lengths far past any input: the kit's, and the largest a `usize` holds.
fn lengths() -> impl Iterator<Item = (u64, &'static str)> {
    LENGTHS
        .into_iter()
        .zip(["2^32", "2^63"])
        .chain([(u64::MAX, "2^64 - 1")])
}

/// Counts of a sequence's elements, or a string's bytes, that the length
/// check must refuse.
fn counts(what: &str, craft: impl Fn(u64) -> Vec<u8>) -> Vec<Crafted> {
    lengths()
        .map(|(n, name)| {
            let what = format!("{what} declares {name}");
            Crafted::new(Class::Length, what, ErrorKind::Truncated, craft(n))
        })
        .collect()
}

/// `valid` with `from`, with `before` ahead of it, replaced by `to`.
fn patch(valid: &[u8], before: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    replace_once(valid, &[before, from].concat(), &[before, to].concat())
}

/// `valid` with the length of `text` (written before it) replaced by `n`.
fn text_length(valid: &[u8], text: &[u8], n: u64) -> Vec<u8> {
    let length = le(text.len() as u64);
    patch(
        valid,
        &[],
        &[&length[..], text].concat(),
        &[&le(n)[..], text].concat(),
    )
}

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[
        (
            Class::Nesting,
            "the layout is positional, without self-describing containers: the model's types \
             fix the nesting, so no input nests deeper",
        ),
        (
            Class::WrongType,
            "the layout has no type markers, and bin-proto reads a bool or an Option tag as \
             any byte, nonzero for true and Some: every byte is a value of the field's type",
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
    /// Empty strings: 8 bytes on the wire, a 24-byte `String` in memory
    /// (3 per byte), in a `Vec` bin-proto reserves at its declared length,
    /// so it never grows; empty graph nodes (26 bytes, an 80-byte `Node`)
    /// come close. The conversion into the model reuses the mirror's
    /// vectors where their layouts match.
    const EXPANSION: usize = 4;
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Other, UnknownEnum, Utf8};
        use ErrorKind::Invalid;

        let m = TaskManager::generate(1);
        let v = &to_vec(&m).unwrap();
        let task = &m.lists[0].tasks[0];
        let task_id = task.header.id.as_bytes();
        let segments = [1u32, 0, 0].map(u32::to_le_bytes).concat();
        let mut inputs = [
            counts("the user", |n| text_length(v, b"Demo User", n)),
            counts("the version", |n| patch(v, b"User", &le(3), &le(n))),
            counts("the lists", |n| {
                patch(v, &[&le(3)[..], &segments].concat(), &le(1), &le(n))
            }),
            counts("a list's name", |n| text_length(v, b"Work", n)),
            counts("a list's tasks", |n| {
                replace_once(
                    v,
                    &[&le(1)[..], task_id].concat(),
                    &[&le(n)[..], task_id].concat(),
                )
            }),
            counts("a task's name", |n| text_length(v, b"Task 0-0", n)),
            counts("a description", |n| {
                text_length(v, task.description.as_bytes(), n)
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
            Crafted::new(UnknownEnum, "priority 9", Invalid, {
                [&v[..v.len() - 2], &[9, 1]].concat()
            }),
            Crafted::new(UnknownEnum, "priority 255", Invalid, {
                [&v[..v.len() - 2], &[255, 0]].concat()
            }),
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
        let mut inputs = counts("the sensor id", |n| text_length(v, id, n));
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
        // The edges' count, then their one edge of 10 bytes.
        let edges = v.len() - 18;
        [
            counts("the nodes", |n| [&le(n)[..], &v[8..]].concat()),
            counts("a node's name", |n| text_length(v, b"alpha", n)),
            counts("a node's out_edges", |n| patch(v, b"alpha", &le(1), &le(n))),
            counts("a node's in_edges", |n| {
                patch(
                    v,
                    &[&b"alpha"[..], &le(1), &[0; 4]].concat(),
                    &le(1),
                    &le(n),
                )
            }),
            counts("the edges", |n| {
                [&v[..edges], &le(n), &v[edges + 8..]].concat()
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
            counts("the ids", |n| [&le(n)[..], &v[8..]].concat()),
            counts("the strings", |n| {
                patch(v, &5i64.to_le_bytes(), &le(1), &le(n))
            }),
            counts("a string", |n| text_length(v, b"hello", n)),
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
            counts("the uri", |n| text_length(v, uri, n)),
            counts("the persons", |n| patch(v, &bitrate, &le(2), &le(n))),
            counts("the images", |n| {
                replace_once(
                    v,
                    &[&le(2)[..], &first_image].concat(),
                    &[&le(n)[..], &first_image].concat(),
                )
            }),
            vec![
                Crafted::new(
                    Class::UnknownEnum,
                    "player 7",
                    Invalid,
                    replace_once(
                        v,
                        &[&[0, 0][..], &le(2), &first_image].concat(),
                        &[&[7, 0][..], &le(2), &first_image].concat(),
                    ),
                ),
                Crafted::new(
                    Class::UnknownEnum,
                    "an image size 5",
                    Invalid,
                    [&v[..v.len() - 1], &[5]].concat(),
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

/// One log record of distinct strings, so that each occurs once.
fn logs() -> Logs {
    Logs {
        logs: vec![Log {
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
        }],
    }
}

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let v = &to_vec(&logs()).unwrap();
        [
            counts("the logs", |n| [&le(n)[..], &v[8..]].concat()),
            counts("a log's userid", |n| text_length(v, b"alice", n)),
            counts("a log's request", |n| {
                text_length(v, b"GET /api/login HTTP/1.1", n)
            }),
            vec![Crafted::new(
                Class::Utf8,
                "a byte 0xff in a userid",
                ErrorKind::Invalid,
                replace_once(v, b"alice", b"al\xffce"),
            )],
        ]
        .concat()
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let v = &to_vec(&Mesh::generate(2)).unwrap();
        counts("the triangles", |n| [&le(n)[..], &v[8..]].concat())
    }
}

/// A generated player with an inventory of one item and one recipe, each
/// of a distinct id.
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
        use ErrorKind::Invalid;

        let v = &to_vec(&players()).unwrap();
        let item = [&[1, 2][..], &le(14), b"inventory-item"].concat();
        let recipe = [&le(10)[..], b"recipe-one"].concat();
        [
            counts("the players", |n| [&le(n)[..], &v[8..]].concat()),
            counts("a player's dimension", |n| {
                text_length(v, b"dimension-x", n)
            }),
            counts("a player's inventory", |n| {
                patch(
                    v,
                    &[],
                    &[&le(1)[..], &item].concat(),
                    &[&le(n)[..], &item].concat(),
                )
            }),
            counts("an item's id", |n| text_length(v, b"inventory-item", n)),
            counts("a player's recipes", |n| {
                patch(
                    v,
                    &[],
                    &[&le(1)[..], &recipe].concat(),
                    &[&le(n)[..], &recipe].concat(),
                )
            }),
            vec![
                // The first player's game type follows the players' count.
                Crafted::new(
                    Class::UnknownEnum,
                    "game type 4",
                    Invalid,
                    overwritten(v, 8, &[4]),
                ),
                Crafted::new(
                    Class::Utf8,
                    "a byte 0xff in a dimension",
                    Invalid,
                    replace_once(v, b"dimension-x", b"dimen\xffion-x"),
                ),
            ],
        ]
        .concat()
    }
}

/// One update of one contact and one terrain update, each list of
/// distinct values.
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
        let v = &to_vec(&updates()).unwrap();
        let reloads = [1, 0];
        let turrets = [1_000u16, 2_000].map(u16::to_le_bytes).concat();
        let data = [0xab, 0xcd, 0xef];
        // The entity type's variant index follows the entity id and the
        // option's tag.
        let osa = [&77u32.to_le_bytes()[..], &[1]].concat();
        [
            counts("the updates", |n| [&le(n)[..], &v[8..]].concat()),
            // The first update's contacts: the second count.
            counts("an update's contacts", |n| {
                [&v[..8], &le(n), &v[16..]].concat()
            }),
            counts("a contact's reloads", |n| {
                patch(
                    v,
                    &[],
                    &[&le(2)[..], &reloads].concat(),
                    &[&le(n)[..], &reloads].concat(),
                )
            }),
            counts("a contact's turret_angles", |n| {
                patch(
                    v,
                    &[],
                    &[&le(2)[..], &turrets].concat(),
                    &[&le(n)[..], &turrets].concat(),
                )
            }),
            counts("an update's terrain_updates", |n| {
                patch(
                    v,
                    &[],
                    &[&le(1)[..], &[0xff, 2], &le(3)].concat(),
                    &[&le(n)[..], &[0xff, 2], &le(3)].concat(),
                )
            }),
            counts("a terrain update's data", |n| {
                patch(
                    v,
                    &[],
                    &[&le(3)[..], &data].concat(),
                    &[&le(n)[..], &data].concat(),
                )
            }),
            vec![
                Crafted::new(
                    Class::UnknownEnum,
                    "entity type 10",
                    ErrorKind::Invalid,
                    patch(v, &osa, &[7], &[10]),
                ),
                Crafted::new(
                    Class::UnknownEnum,
                    "entity type 255",
                    ErrorKind::Invalid,
                    patch(v, &osa, &[7], &[255]),
                ),
            ],
        ]
        .concat()
    }
}
