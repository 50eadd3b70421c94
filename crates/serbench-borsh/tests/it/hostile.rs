//! Borsh's crafted hostile inputs, which the conformance kit runs on a
//! small stack within its memory bound: each must fail with the kind given.
//!
//! The layout is positional and fixed-width, every length a `u32`. So
//! nothing can nest deeper than the types do or appear twice; what an
//! input can lie about is lengths, tags and bytes. Each string and
//! sequence of every dataset declares 2^31 and 2^32 − 1 (the kit's 2^32
//! and 2^63 do not fit a `u32`), and each string also 1 000 000 bytes,
//! under borsh's 1 MiB cap, which borsh alone would zero at once for a
//! few bytes of input: the codec's length check refuses them all before
//! borsh reads. Then invalid UTF-8, a `bool` byte of 2, `Option` tags and
//! variants out of range, a NaN reading and a timestamp out of range.

use serbench_borsh::{ErrorKind, to_vec};
use serbench_model::log::{Address, Log};
use serbench_model::minecraft::{GameType, Item};
use serbench_model::mk48::{Contact, EntityType, Guidance, Transform, Update};
use serbench_model::{
    Dataset, Edge, Graph, Logs, MediaContent, Mesh, Node, Players, Record, SensorReading,
    TaskManager, Updates,
};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, ending, replace_once};

pub(crate) struct Inputs;

/// A length as the layout writes it.
fn le(n: u32) -> [u8; 4] {
    n.to_le_bytes()
}

/// Lengths far past any input that a `u32` holds.
const LENGTHS: [(u32, &str); 2] = [(1 << 31, "2^31"), (u32::MAX, "2^32 - 1")];

/// Counts of a sequence's elements the length check must refuse.
fn counts(what: &str, craft: impl Fn(u32) -> Vec<u8>) -> Vec<Crafted> {
    LENGTHS
        .iter()
        .map(|&(n, name)| {
            let what = format!("{what} declares {name}");
            Crafted::new(Class::Length, what, ErrorKind::Truncated, craft(n))
        })
        .collect()
}

/// Lengths of a string: 2^31, 2^32 − 1 and 1 000 000, which borsh alone
/// zeroes before it reads a byte.
fn string(what: &str, craft: impl Fn(u32) -> Vec<u8>) -> Vec<Crafted> {
    LENGTHS
        .iter()
        .copied()
        .map(|(n, name)| (n, format!("{name} bytes")))
        .chain([(
            1_000_000,
            "1 000 000 bytes, under borsh's 1 MiB cap".to_owned(),
        )])
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
fn text_length(valid: &[u8], text: &[u8], n: u32) -> Vec<u8> {
    let length = le(text.len() as u32);
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
    /// Empty strings: 4 bytes on the wire, a 24-byte `String` in memory
    /// (6 per byte), in a `Vec` borsh reserves 4 KiB for and then grows
    /// by doubling, holding the old block and the new one, twice as large,
    /// while it copies: 18 per byte when the count is just past a doubling
    /// (12.0 measured at the kit's count). Empty graph nodes (14 bytes, an
    /// 80-byte `Node`) reach 17.1 (13.7 measured), minimal images 13.7.
    /// The conversion into the model reuses the mirror's vectors, whose
    /// layouts match, so the two never live at once.
    const EXPANSION: usize = 18;
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::Invalid;

        let m = TaskManager::generate(1);
        let v = &to_vec(&m).unwrap();
        let task = &m.lists[0].tasks[0];
        let task_id = task.header.id.as_bytes();
        let segments = [1u32, 0, 0].map(u32::to_le_bytes).concat();
        let mut inputs = [
            string("the user", |n| text_length(v, b"Demo User", n)),
            counts("the version", |n| patch(v, b"User", &le(3), &le(n))),
            counts("the lists", |n| {
                patch(v, &[&le(3)[..], &segments].concat(), &le(1), &le(n))
            }),
            string("a list's name", |n| text_length(v, b"Work", n)),
            counts("a list's tasks", |n| {
                replace_once(
                    v,
                    &[&le(1)[..], task_id].concat(),
                    &[&le(n)[..], task_id].concat(),
                )
            }),
            string("a task's name", |n| text_length(v, b"Task 0-0", n)),
            string("a description", |n| {
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
            Crafted::new(WrongType, "completed is a byte 2", Invalid, {
                [&v[..v.len() - 1], &[2]].concat()
            }),
            Crafted::new(UnknownEnum, "priority 9", Invalid, {
                [&v[..v.len() - 2], &[9, 1]].concat()
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
        let mut inputs = string("the sensor id", |n| text_length(v, id, n));
        let mut bad = id.to_vec();
        bad[3] = 0xc0;
        let humidity = reading.humidity.to_le_bytes();
        inputs.extend([
            Crafted::new(
                Class::Utf8,
                "a lone 0xc0 in the sensor id",
                ErrorKind::Invalid,
                replace_once(v, id, &bad),
            ),
            ending(
                v,
                Class::Other,
                ErrorKind::Invalid,
                "humidity is a NaN, which the specification forbids",
                humidity.len(),
                &f64::NAN.to_le_bytes(),
            ),
        ]);
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
        let edges = &v[v.len() - 14..];
        [
            counts("the nodes", |n| [&le(n)[..], &v[4..]].concat()),
            string("a node's name", |n| text_length(v, b"alpha", n)),
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
                [&v[..v.len() - 14], &le(n), &edges[4..]].concat()
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
            counts("the ids", |n| [&le(n)[..], &v[4..]].concat()),
            counts("the strings", |n| {
                patch(v, &5i64.to_le_bytes(), &le(1), &le(n))
            }),
            string("a string", |n| text_length(v, b"hello", n)),
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
        let first_image = [&le(large.len() as u32)[..], large].concat();
        [
            string("the uri", |n| text_length(v, uri, n)),
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
                    Class::WrongType,
                    "the title's Option tag is 2",
                    Invalid,
                    patch(v, uri, &[1], &[2]),
                ),
                Crafted::new(
                    Class::WrongType,
                    "the bitrate's Option tag is 255",
                    Invalid,
                    replace_once(v, &bitrate, &[&[255][..], &bitrate[1..]].concat()),
                ),
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

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let request = "GET /favicon.ico HTTP/1.1";
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
                request: request.to_owned(),
                code: 200,
                size: 1234,
            }],
        };
        let v = &to_vec(&logs).unwrap();
        [
            counts("the logs", |n| [&le(n)[..], &v[4..]].concat()),
            string("a request", |n| text_length(v, request.as_bytes(), n)),
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

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let v = &to_vec(&Mesh::generate(2)).unwrap();
        let mut inputs = counts("the triangles", |n| [&le(n)[..], &v[4..]].concat());
        inputs.push(ending(
            v,
            Class::Other,
            ErrorKind::Invalid,
            "the last normal's z is a NaN, which the specification forbids",
            4,
            &f32::NAN.to_le_bytes(),
        ));
        inputs
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
        let game_type = 4;
        [
            counts("the players", |n| [&le(n)[..], &v[4..]].concat()),
            string("a dimension", |n| text_length(v, b"Far Lands", n)),
            counts("an inventory", |n| {
                replace_once(
                    v,
                    &[&le(1)[..], &axe].concat(),
                    &[&le(n)[..], &axe].concat(),
                )
            }),
            counts("a recipe book's recipes", |n| {
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
        let tag = 4 + 4 + 1 + 4;
        let submerge = tag + 2 + 2;
        // `submerge`, `velocity`, the player id's tag and value.
        let reloads = submerge + 1 + 2 + 1 + 2;
        [
            counts("the updates", |n| with(0, &le(n))),
            counts("an update's contacts", |n| with(4, &le(n))),
            counts("a contact's reloads", |n| with(reloads, &le(n))),
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
                // The world radius, then the terrain updates' count.
                ending(
                    v,
                    Class::Other,
                    Invalid,
                    "the world radius is a NaN, which the specification forbids",
                    8,
                    &[&f32::NAN.to_le_bytes()[..], &le(0)].concat(),
                ),
            ],
        ]
        .concat()
    }
}
