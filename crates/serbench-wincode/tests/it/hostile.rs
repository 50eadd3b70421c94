//! wincode's crafted hostile inputs, which the conformance kit runs on a
//! small stack within its memory bound: each must fail with the kind given.
//!
//! The layout is bincode 1's: positional, fixed-width, every length a
//! `u64`. So nothing can nest deeper than the types do or appear twice;
//! what an input can lie about is lengths, tags and bytes. Each string and
//! sequence of every dataset declares 2^32 and 2^63, and each sequence
//! also a count just inside wincode's own preallocation limit (4 MiB of
//! elements), which wincode alone would reserve for a few bytes of input:
//! the codec's length check refuses them all before wincode reads. Then
//! invalid UTF-8, a `bool` byte of 2, `Option` tags and variants out of
//! range, and a timestamp out of range.

use serbench_model::log::{Address, Log};
use serbench_model::minecraft::{GameType, Item};
use serbench_model::mk48::{Contact, EntityType, Guidance, Transform, Update};
use serbench_model::{
    Dataset, Edge, Graph, Logs, MediaContent, Mesh, Node, Players, Record, SensorReading,
    TaskManager, Updates,
};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, LENGTHS, replace_once};
use serbench_wincode::{ErrorKind, to_vec};

pub(crate) struct Inputs;

/// A length as the layout writes it.
fn le(n: u64) -> [u8; 8] {
    n.to_le_bytes()
}

/// Counts of `what` the length check must refuse: 2^32, 2^63 and
/// `inside`, a count whose elements fit in wincode's 4 MiB limit.
fn counts(what: &str, inside: u64, craft: impl Fn(u64) -> Vec<u8>) -> Vec<Crafted> {
    LENGTHS
        .iter()
        .map(|&n| (n, format!("{what} declares 2^{}", n.trailing_zeros())))
        .chain([(
            inside,
            format!("{what} declares {inside}, inside wincode's 4 MiB preallocation limit"),
        )])
        .map(|(n, what)| Crafted::new(Class::Length, what, ErrorKind::Truncated, craft(n)))
        .collect()
}

/// Lengths of a string: 2^32 and 2^63.
fn string(what: &str, craft: impl Fn(u64) -> Vec<u8>) -> Vec<Crafted> {
    LENGTHS
        .iter()
        .map(|&n| {
            let what = format!("{what} declares 2^{} bytes", n.trailing_zeros());
            Crafted::new(Class::Length, what, ErrorKind::Truncated, craft(n))
        })
        .collect()
}

/// `valid` with `from`, with `before` ahead of it, replaced by `to`.
fn patch(valid: &[u8], before: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    replace_once(valid, &[before, from].concat(), &[before, to].concat())
}

/// `valid` with its last `len` bytes replaced by `to`.
fn ending(valid: &[u8], len: usize, to: &[u8]) -> Vec<u8> {
    [&valid[..valid.len() - len], to].concat()
}

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[
        (
            Class::Nesting,
            "the layout is positional, without self-describing containers: the model's types \
             fix the nesting, so no input nests deeper",
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
    /// Nodes without names or edges: 26 bytes on the wire, an 80-byte node
    /// in memory (3.1 per byte); empty strings and minimal images 3.0.
    /// The conversion into the model reuses the mirror's vectors where the
    /// layouts match, so the two rarely live at once.
    const EXPANSION: usize = 4;
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::Invalid;

        let m = TaskManager::generate(1);
        let v = &to_vec(&m).unwrap();
        let list = &m.lists[0];
        let task = &list.tasks[0];
        let task_id = task.header.id.as_bytes();
        let segments = [1u32, 0, 0].map(u32::to_le_bytes).concat();
        let description = task.description.as_bytes();
        let mut inputs = [
            string("the user", |n| {
                patch(
                    v,
                    &[],
                    &[&le(9)[..], b"Demo User"].concat(),
                    &[&le(n)[..], b"Demo User"].concat(),
                )
            }),
            counts("the version", 1_000_000, |n| {
                patch(v, b"User", &le(3), &le(n))
            }),
            counts("the lists", 40_000, |n| {
                patch(v, &[&le(3)[..], &segments].concat(), &le(1), &le(n))
            }),
            string("a list's name", |n| {
                patch(
                    v,
                    &[],
                    &[&le(4)[..], b"Work"].concat(),
                    &[&le(n)[..], b"Work"].concat(),
                )
            }),
            counts("a list's tasks", 30_000, |n| {
                replace_once(
                    v,
                    &[&le(1)[..], task_id].concat(),
                    &[&le(n)[..], task_id].concat(),
                )
            }),
            string("a task's name", |n| {
                patch(
                    v,
                    &[],
                    &[&le(8)[..], b"Task 0-0"].concat(),
                    &[&le(n)[..], b"Task 0-0"].concat(),
                )
            }),
            string("a description", |n| {
                let length = le(description.len() as u64);
                patch(
                    v,
                    &[],
                    &[&length[..], description].concat(),
                    &[&le(n)[..], description].concat(),
                )
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
            Crafted::new(
                WrongType,
                "completed is a byte 2",
                Invalid,
                ending(v, 1, &[2]),
            ),
            Crafted::new(
                UnknownEnum,
                "priority 9",
                Invalid,
                ending(v, 5, &[9, 0, 0, 0, 1]),
            ),
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
        let mut inputs = string("the sensor id", |n| patch(v, &[], &le(8), &le(n)));
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
        let edges = &v[v.len() - 18..];
        [
            counts("the nodes", 50_000, |n| [&le(n)[..], &v[8..]].concat()),
            string("a node's name", |n| {
                patch(
                    v,
                    &[],
                    &[&le(5)[..], b"alpha"].concat(),
                    &[&le(n)[..], b"alpha"].concat(),
                )
            }),
            counts("a node's out_edges", 1_000_000, |n| {
                patch(v, b"alpha", &le(1), &le(n))
            }),
            counts("a node's in_edges", 1_000_000, |n| {
                patch(
                    v,
                    &[&b"alpha"[..], &le(1), &[0; 4]].concat(),
                    &le(1),
                    &le(n),
                )
            }),
            counts("the edges", 300_000, |n| {
                ending(v, 18, &[&le(n)[..], &edges[8..]].concat())
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
            counts("the ids", 500_000, |n| [&le(n)[..], &v[8..]].concat()),
            counts("the strings", 150_000, |n| patch(v, &le(5), &le(1), &le(n))),
            string("a string", |n| {
                patch(
                    v,
                    &[],
                    &[&le(5)[..], b"hello"].concat(),
                    &[&le(n)[..], b"hello"].concat(),
                )
            }),
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
            string("the uri", |n| {
                patch(
                    v,
                    &[],
                    &[&le(30)[..], uri].concat(),
                    &[&le(n)[..], uri].concat(),
                )
            }),
            counts("the persons", 150_000, |n| {
                patch(v, &bitrate, &le(2), &le(n))
            }),
            counts("the images", 50_000, |n| {
                replace_once(
                    v,
                    &[&le(2)[..], &first_image].concat(),
                    &[&le(n)[..], &first_image].concat(),
                )
            }),
            vec![
                Crafted::new(
                    Class::WrongType,
                    "the title's Option tag is 2",
                    Invalid,
                    patch(v, uri, &[1], &[2]),
                ),
                Crafted::new(
                    Class::UnknownEnum,
                    "player 7",
                    Invalid,
                    replace_once(
                        v,
                        &[&[0, 0, 0, 0, 0][..], &le(2), &first_image].concat(),
                        &[&[7, 0, 0, 0, 0][..], &le(2), &first_image].concat(),
                    ),
                ),
                Crafted::new(
                    Class::UnknownEnum,
                    "an image size 5",
                    Invalid,
                    ending(v, 4, &[5, 0, 0, 0]),
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

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let request = b"GET /favicon.ico HTTP/1.1";
        let logs = Logs {
            logs: vec![Log {
                address: Address {
                    x0: 10,
                    x1: 0,
                    x2: 0,
                    x3: 1,
                },
                identity: "-".to_owned(),
                userid: "alice".to_owned(),
                date: "1/Jan/2000:0:0:0 +0000".to_owned(),
                request: String::from_utf8(request.to_vec()).unwrap(),
                code: 200,
                size: 1234,
            }],
        };
        let v = &to_vec(&logs).unwrap();
        let length = le(request.len() as u64);
        [
            counts("the logs", 30_000, |n| [&le(n)[..], &v[8..]].concat()),
            string("a request", |n| {
                patch(
                    v,
                    &[],
                    &[&length[..], request].concat(),
                    &[&le(n)[..], request].concat(),
                )
            }),
            vec![Crafted::new(
                Class::Utf8,
                "a byte 0xff in a request",
                ErrorKind::Invalid,
                replace_once(v, b"/favicon.ico", b"/fav\xffcon.ico"),
            )],
        ]
        .concat()
    }
}

/// Every bit pattern is an `f32`, so a mesh can lie only about its length.
impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let v = &to_vec(&Mesh::generate(2)).unwrap();
        counts("the triangles", 80_000, |n| [&le(n)[..], &v[8..]].concat())
    }
}

impl Crafts<Players> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::Invalid;

        let mut players = Players::generate(1);
        let player = &mut players.players[0];
        player.game_type = GameType::Survival;
        "Far Lands".clone_into(&mut player.dimension);
        "Gold Ingot".clone_into(&mut player.selected_item.id);
        player.spawn_dimension = None;
        player.inventory = vec![Item {
            count: 1,
            slot: 2,
            id: "Diamond Axe".to_owned(),
        }];
        player.recipe_book.recipes = vec!["Magic Cake".to_owned()];
        let v = &to_vec(&players).unwrap();
        let axe = [&[1, 2][..], &le(11), b"Diamond Axe"].concat();
        let cake = [&le(10)[..], b"Magic Cake"].concat();
        // The players' count, then the game type.
        let game_type = 8;
        [
            counts("the players", 4_000, |n| [&le(n)[..], &v[8..]].concat()),
            string("a dimension", |n| {
                patch(
                    v,
                    &[],
                    &[&le(9)[..], b"Far Lands"].concat(),
                    &[&le(n)[..], b"Far Lands"].concat(),
                )
            }),
            counts("an inventory", 100_000, |n| {
                replace_once(
                    v,
                    &[&le(1)[..], &axe].concat(),
                    &[&le(n)[..], &axe].concat(),
                )
            }),
            counts("a recipe book's recipes", 100_000, |n| {
                replace_once(
                    v,
                    &[&le(1)[..], &cake].concat(),
                    &[&le(n)[..], &cake].concat(),
                )
            }),
            vec![
                Crafted::new(
                    Class::Utf8,
                    "a byte 0xff in a dimension",
                    Invalid,
                    replace_once(v, b"Far Lands", b"Far\xffLands"),
                ),
                Crafted::new(
                    Class::UnknownEnum,
                    "game type 9",
                    Invalid,
                    [&v[..game_type], &[9], &v[game_type + 1..]].concat(),
                ),
                Crafted::new(
                    Class::WrongType,
                    "the spawn dimension's Option tag is 2",
                    Invalid,
                    patch(v, b"Gold Ingot", &[0], &[2]),
                ),
            ],
        ]
        .concat()
    }
}

/// One update of one contact: the updates' count, the contacts' count,
/// `damage`, `entity_id`, then the entity type's tag and value.
fn updates() -> Updates {
    Updates {
        updates: vec![Update {
            contacts: vec![Contact {
                damage: 0,
                entity_id: 7,
                entity_type: Some(EntityType::G5),
                guidance: Guidance {
                    angle: 1,
                    submerge: false,
                    velocity: 0,
                },
                player_id: Some(3),
                reloads: vec![true, false],
                transform: Transform {
                    altitude: 0,
                    angle: 2,
                    position: (1.0, 2.0),
                    velocity: 0,
                },
                turret_angles: vec![5],
            }],
            score: 1,
            world_radius: 100.0,
            terrain_updates: Vec::new(),
        }],
    }
}

/// mk48 has no text; it can lie about lengths, tags, variants and flags.
impl Crafts<Updates> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::Invalid;

        let v = &to_vec(&updates()).unwrap();
        let with = |at: usize, to: &[u8]| [&v[..at], to, &v[at + to.len()..]].concat();
        // Past the two counts, `damage` and `entity_id`.
        let tag = 8 + 8 + 1 + 4;
        let submerge = tag + 2 + 2;
        // `submerge`, `velocity`, the player id's tag and value.
        let reloads = submerge + 1 + 2 + 1 + 2;
        [
            counts("the updates", 50_000, |n| with(0, &le(n))),
            counts("an update's contacts", 40_000, |n| with(8, &le(n))),
            counts("a contact's reloads", 1_000_000, |n| with(reloads, &le(n))),
            vec![
                Crafted::new(
                    Class::WrongType,
                    "the entity type's Option tag is 2",
                    Invalid,
                    with(tag, &[2]),
                ),
                Crafted::new(
                    Class::UnknownEnum,
                    "entity type 15",
                    Invalid,
                    with(tag + 1, &[15]),
                ),
                Crafted::new(
                    Class::WrongType,
                    "submerge is a byte 2",
                    Invalid,
                    with(submerge, &[2]),
                ),
            ],
        ]
        .concat()
    }
}
