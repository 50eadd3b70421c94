//! savefile's crafted hostile inputs, which the conformance kit runs on a
//! small stack within its memory bound: each must fail with the kind given.
//!
//! A file is a header, the schema of its types, then the data. The data
//! is positional and fixed-width, every length a `u64`: nothing in it can
//! nest deeper than the types do or appear twice, so what it can lie about
//! is lengths, tags and bytes. Each string and sequence of every dataset
//! declares 2^32, 2^63 and 2^64 − 1, and each string also 1 000 000
//! bytes, which savefile alone would zero at once for a few bytes of
//! input; a list of plain numbers also declares 2^61 + 1 elements, whose
//! size in bytes savefile would compute as 8 (the product wraps). The
//! schema is where the input can nest: a schema of 100 000 nested
//! `Option`s, which savefile's schema reader would recurse through, and
//! schemas naming another type or a field of 2^63 bytes. The codec's check
//! refuses them all before savefile reads. Then the header (another
//! version, compression), invalid UTF-8, a `bool` byte of 2, `Option`
//! tags and variants out of range, and a timestamp out of range.

use serbench_model::log::{Address, Log};
use serbench_model::minecraft::{GameType, Item};
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{
    Dataset, Edge, Graph, Logs, MediaContent, Mesh, Node, Players, Record, SensorReading,
    TaskManager, Updates,
};
use serbench_savefile::{ErrorKind, to_vec};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, LENGTHS, NESTING, replace_once};

pub(crate) struct Inputs;

/// A length as the layout writes it.
fn le(n: u64) -> [u8; 8] {
    n.to_le_bytes()
}

/// The bytes of the header: magic, format version, data version, not
/// compressed.
const HEADER: usize = 9 + 2 + 4 + 1;

/// Lengths far past any input: the kit's 2^32 and 2^63, and 2^64 − 1.
fn lengths() -> impl Iterator<Item = (u64, String)> {
    LENGTHS
        .iter()
        .map(|&n| (n, format!("2^{}", n.trailing_zeros())))
        .chain([(u64::MAX, "2^64 - 1".to_owned())])
}

/// Counts of a sequence's elements the length check must refuse.
fn counts(what: &str, craft: impl Fn(u64) -> Vec<u8>) -> Vec<Crafted> {
    lengths()
        .map(|(n, name)| {
            let what = format!("{what} declares {name}");
            Crafted::new(Class::Length, what, ErrorKind::Truncated, craft(n))
        })
        .collect()
}

/// Counts of a list of plain numbers of `size` bytes: the lengths, and
/// the count whose size in bytes wraps to `size`.
fn numbers(what: &str, size: u64, craft: impl Fn(u64) -> Vec<u8>) -> Vec<Crafted> {
    let wraps = u64::MAX / size + 2;
    let mut inputs = counts(what, &craft);
    inputs.push(Crafted::new(
        Class::Length,
        format!("{what} declares {wraps}, whose size in bytes wraps to {size}"),
        ErrorKind::Truncated,
        craft(wraps),
    ));
    inputs
}

/// Lengths of a string: the lengths and 1 000 000, which savefile alone
/// zeroes before it reads a byte.
fn string(what: &str, craft: impl Fn(u64) -> Vec<u8>) -> Vec<Crafted> {
    lengths()
        .map(|(n, name)| (n, format!("{name} bytes")))
        .chain([(1_000_000, "1 000 000 bytes".to_owned())])
        .map(|(n, name)| {
            let what = format!("{what} declares {name}");
            Crafted::new(Class::Length, what, ErrorKind::Truncated, craft(n))
        })
        .collect()
}

/// A valid file split where its data starts, to craft the data alone: the
/// schema holds many of the data's small numbers too.
struct File<'a> {
    prefix: &'a [u8],
    data: &'a [u8],
}

impl<'a> File<'a> {
    fn at(valid: &'a [u8], start: usize) -> Self {
        let (prefix, data) = valid.split_at(start);
        Self { prefix, data }
    }

    /// The data's first bytes are `anchor`.
    fn starting(valid: &'a [u8], anchor: &[u8]) -> Self {
        let start = valid
            .windows(anchor.len())
            .position(|window| window == anchor)
            .expect("the anchor is in the data");
        Self::at(valid, start)
    }

    /// The data is the last `len` bytes.
    fn ending(valid: &'a [u8], len: usize) -> Self {
        Self::at(valid, valid.len() - len)
    }

    /// The file with the data's one `from` replaced by `to`.
    fn replace(&self, from: &[u8], to: &[u8]) -> Vec<u8> {
        [self.prefix, &replace_once(self.data, from, to)].concat()
    }

    /// The file with the data's one `before` then `from` replaced by
    /// `before` then `to`.
    fn patch(&self, before: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
        self.replace(&[before, from].concat(), &[before, to].concat())
    }

    /// The file with the length of `text` (written before it) replaced by
    /// `n`.
    fn text_length(&self, text: &[u8], n: u64) -> Vec<u8> {
        self.replace(
            &[&le(text.len() as u64)[..], text].concat(),
            &[&le(n)[..], text].concat(),
        )
    }

    /// The file with its data's last `len` bytes replaced by `to`.
    fn ending_with(&self, len: usize, to: &[u8]) -> Vec<u8> {
        let data = &self.data[..self.data.len() - len];
        [self.prefix, data, to].concat()
    }

    /// Inputs whose header or schema differ from the codec's, which the
    /// check refuses before savefile reads them.
    fn headers(&self) -> Vec<Crafted> {
        use ErrorKind::Invalid;

        let data = self.data;
        let header = &self.prefix[..HEADER];
        let with_header = |at: usize, to: &[u8]| {
            let mut bytes = self.prefix.to_vec();
            bytes[at..at + to.len()].copy_from_slice(to);
            [&bytes, data].concat()
        };
        // The schema's first bytes: the root struct (tag 1) and the length
        // of its name.
        let root = &self.prefix[HEADER..HEADER + 1 + 8];
        let deep = [header, &vec![7; NESTING], &[3, 9, 3], data].concat();
        vec![
            Crafted::new(
                Class::Nesting,
                format!("a schema of {NESTING} nested Options"),
                Invalid,
                deep,
            ),
            Crafted::new(
                Class::Other,
                "a schema whose root's name declares 2^63 bytes",
                Invalid,
                [
                    header,
                    &root[..1],
                    &le(1 << 63),
                    &self.prefix[HEADER + 9..],
                    data,
                ]
                .concat(),
            ),
            Crafted::new(
                Class::Other,
                "the magic is savefilf",
                Invalid,
                with_header(7, b"f"),
            ),
            Crafted::new(
                Class::Other,
                "savefile's format version 3",
                Invalid,
                with_header(9, &[3]),
            ),
            Crafted::new(
                Class::Other,
                "the data's version is 1",
                Invalid,
                with_header(11, &[1]),
            ),
            Crafted::new(
                Class::Other,
                "the data is marked compressed",
                Invalid,
                with_header(15, &[1]),
            ),
        ]
    }
}

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[
        (
            Class::Duplicate,
            "the data is positional: each field is read once, in order, so none can appear \
             twice; the schema lists each field once too, and the codec refuses any schema but \
             its own",
        ),
        (
            Class::Dtd,
            "the format has no document type declarations or entities",
        ),
        (
            Class::HugeText,
            "no error quotes the input: ids, colors, times and versions are binary, enum values \
             numbers, and a schema other than the codec's is refused by the byte it differs at, \
             before savefile's comparison could name the file's types",
        ),
    ];
    /// Minimal images: 18 bytes of data each (the uri's length, the
    /// title's tag, width, height, size), a 64-byte `Image` in memory, 3.6
    /// per byte (3.5 measured with the file's header and schema); empty
    /// graph nodes (26 bytes, an 80-byte `Node`) 3.1, empty strings (8
    /// bytes, a 24-byte `String`) 3.0. savefile reserves a list's count at
    /// once, which the check holds to the input, so no vector grows by
    /// doubling, and the conversion into the model reuses the mirror's
    /// vectors, whose layouts match.
    const EXPANSION: usize = 4;
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::Invalid;

        let m = TaskManager::generate(1);
        let v = &to_vec(&m).unwrap();
        let file = File::starting(v, &[&le(9)[..], b"Demo User"].concat());
        let task = &m.lists[0].tasks[0];
        let task_id = task.header.id.as_bytes();
        let segments = [1u32, 0, 0].map(u32::to_le_bytes).concat();
        let mut inputs = [
            file.headers(),
            string("the user", |n| file.text_length(b"Demo User", n)),
            numbers("the version", 4, |n| file.patch(b"User", &le(3), &le(n))),
            counts("the lists", |n| {
                file.patch(&[&le(3)[..], &segments].concat(), &le(1), &le(n))
            }),
            string("a list's name", |n| file.text_length(b"Work", n)),
            counts("a list's tasks", |n| {
                file.replace(
                    &[&le(1)[..], task_id].concat(),
                    &[&le(n)[..], task_id].concat(),
                )
            }),
            string("a task's name", |n| file.text_length(b"Task 0-0", n)),
            string("a description", |n| {
                file.text_length(task.description.as_bytes(), n)
            }),
        ]
        .concat();
        let created = task.header.created.unix_timestamp().to_le_bytes();
        inputs.extend([
            Crafted::new(
                Utf8,
                "a byte 0xff in the user",
                Invalid,
                file.replace(b"Demo User", b"Demo \xffser"),
            ),
            Crafted::new(
                WrongType,
                "completed is a byte 2",
                Invalid,
                file.ending_with(1, &[2]),
            ),
            Crafted::new(
                UnknownEnum,
                "priority 9",
                Invalid,
                file.ending_with(2, &[9, 1]),
            ),
            Crafted::new(
                Other,
                "a task created at nanosecond 2 000 000 000",
                Invalid,
                file.patch(
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
        let file = File::ending(v, 8 + id.len() + 8 * 8);
        let mut inputs = [
            file.headers(),
            string("the sensor id", |n| file.text_length(id, n)),
        ]
        .concat();
        let mut bad = id.to_vec();
        bad[3] = 0xc0;
        inputs.push(Crafted::new(
            Class::Utf8,
            "a lone 0xc0 in the sensor id",
            ErrorKind::Invalid,
            file.replace(id, &bad),
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
        // The node count, the node (2 + 8 + 5 + 12 + 12) and the edges (8 + 10).
        let file = File::ending(v, 8 + 39 + 18);
        let node = [&[0, 0][..], &le(5), b"alpha"].concat();
        let edge = [0, 0, 0, 0, 0, 0, 0, 0, 7, 0];
        [
            file.headers(),
            counts("the nodes", |n| {
                file.replace(&[&le(1)[..], &node].concat(), &[&le(n)[..], &node].concat())
            }),
            string("a node's name", |n| file.text_length(b"alpha", n)),
            numbers("a node's out_edges", 4, |n| {
                file.patch(b"alpha", &le(1), &le(n))
            }),
            numbers("a node's in_edges", 4, |n| {
                file.patch(&[&b"alpha"[..], &le(1), &[0; 4]].concat(), &le(1), &le(n))
            }),
            counts("the edges", |n| {
                file.ending_with(18, &[&le(n)[..], &edge].concat())
            }),
            vec![Crafted::new(
                Class::Utf8,
                "a byte 0xff in a node's name",
                ErrorKind::Invalid,
                file.replace(b"alpha", b"al\xffha"),
            )],
        ]
        .concat()
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let record = Record {
            ids: vec![6],
            strings: vec!["hello".to_owned()],
        };
        let v = &to_vec(&record).unwrap();
        let file = File::ending(v, 8 + 8 + 8 + 8 + 5);
        [
            file.headers(),
            numbers("the ids", 8, |n| {
                file.replace(
                    &[&le(1)[..], &6i64.to_le_bytes()].concat(),
                    &[&le(n)[..], &6i64.to_le_bytes()].concat(),
                )
            }),
            counts("the strings", |n| {
                file.patch(&6i64.to_le_bytes(), &le(1), &le(n))
            }),
            string("a string", |n| file.text_length(b"hello", n)),
            vec![Crafted::new(
                Class::Utf8,
                "a byte 0xff in a string",
                ErrorKind::Invalid,
                file.replace(b"hello", b"he\xfflo"),
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
        let file = File::starting(v, &[&le(uri.len() as u64)[..], uri].concat());
        let bitrate = [&[1][..], &262_144i32.to_le_bytes()].concat();
        let large = b"http://javaone.com/keynote_large.jpg";
        let first_image = [&le(large.len() as u64)[..], large].concat();
        [
            file.headers(),
            string("the uri", |n| file.text_length(uri, n)),
            counts("the persons", |n| file.patch(&bitrate, &le(2), &le(n))),
            counts("the images", |n| {
                file.replace(
                    &[&le(2)[..], &first_image].concat(),
                    &[&le(n)[..], &first_image].concat(),
                )
            }),
            vec![
                Crafted::new(
                    Class::WrongType,
                    "the title's Option tag is 2",
                    Invalid,
                    file.patch(uri, &[1], &[2]),
                ),
                Crafted::new(
                    Class::WrongType,
                    "the bitrate's Option tag is 255",
                    Invalid,
                    file.replace(&bitrate, &[&[255][..], &bitrate[1..]].concat()),
                ),
                Crafted::new(
                    Class::UnknownEnum,
                    "player 7",
                    Invalid,
                    file.replace(
                        &[&[0, 0][..], &le(2), &first_image].concat(),
                        &[&[7, 0][..], &le(2), &first_image].concat(),
                    ),
                ),
                Crafted::new(
                    Class::UnknownEnum,
                    "an image size 5",
                    Invalid,
                    file.ending_with(1, &[5]),
                ),
                Crafted::new(
                    Class::Utf8,
                    "a byte 0xff in a person",
                    Invalid,
                    file.replace(b"Bill Gates", b"Bill\xffGates"),
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
        // The count, then the address and the identity.
        let file = File::starting(v, &[&le(1)[..], &[10, 0, 0, 1], &le(1), b"-"].concat());
        let address = [10, 0, 0, 1];
        [
            file.headers(),
            counts("the logs", |n| {
                file.replace(
                    &[&le(1)[..], &address].concat(),
                    &[&le(n)[..], &address].concat(),
                )
            }),
            string("a log's userid", |n| file.text_length(b"alice", n)),
            string("a log's request", |n| {
                file.text_length(b"GET /api/login HTTP/1.1", n)
            }),
            vec![Crafted::new(
                Class::Utf8,
                "a byte 0xff in a userid",
                ErrorKind::Invalid,
                file.replace(b"alice", b"al\xffce"),
            )],
        ]
        .concat()
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let v = &to_vec(&Mesh::generate(2)).unwrap();
        let file = File::ending(v, 8 + 2 * 48);
        let first = &file.data[8..20];
        [
            file.headers(),
            counts("the triangles", |n| {
                file.replace(&[&le(2)[..], first].concat(), &[&le(n)[..], first].concat())
            }),
        ]
        .concat()
    }
}

/// A generated player of known game types and score, so that its data
/// starts with bytes found nowhere else, with an inventory item and a
/// recipe of distinct ids.
fn players() -> Players {
    let mut players = Players::generate(1);
    let player = &mut players.players[0];
    player.game_type = GameType::Survival;
    player.previous_game_type = GameType::Creative;
    player.score = SCORE;
    "dimension-x".clone_into(&mut player.dimension);
    player.inventory = vec![Item {
        count: 1,
        slot: 2,
        id: "inventory-item".to_owned(),
    }];
    player.recipe_book.recipes = vec!["recipe-one".to_owned()];
    players
}

const SCORE: i64 = 0x0123_4567_89ab_cdef;

impl Crafts<Players> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::Invalid;

        let v = &to_vec(&players()).unwrap();
        let start = [&le(1)[..], &[0, 1], &SCORE.to_le_bytes()].concat();
        let file = File::starting(v, &start);
        let item = [&[1, 2][..], &le(14), b"inventory-item"].concat();
        let recipe = [&le(10)[..], b"recipe-one"].concat();
        [
            file.headers(),
            counts("the players", |n| {
                file.replace(&start, &[&le(n)[..], &start[8..]].concat())
            }),
            string("a player's dimension", |n| {
                file.text_length(b"dimension-x", n)
            }),
            counts("a player's inventory", |n| {
                file.replace(&[&le(1)[..], &item].concat(), &[&le(n)[..], &item].concat())
            }),
            string("an item's id", |n| file.text_length(b"inventory-item", n)),
            counts("a player's recipes", |n| {
                file.replace(
                    &[&le(1)[..], &recipe].concat(),
                    &[&le(n)[..], &recipe].concat(),
                )
            }),
            vec![
                Crafted::new(
                    Class::UnknownEnum,
                    "game type 4",
                    Invalid,
                    file.replace(
                        &start,
                        &[&le(1)[..], &[4, 1], &SCORE.to_le_bytes()].concat(),
                    ),
                ),
                Crafted::new(
                    Class::WrongType,
                    "a recipe book's last flag is a byte 2",
                    Invalid,
                    file.ending_with(1, &[2]),
                ),
                Crafted::new(
                    Class::Utf8,
                    "a byte 0xff in a dimension",
                    Invalid,
                    file.replace(b"dimension-x", b"dimen\xffion-x"),
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
        use ErrorKind::Invalid;

        let v = &to_vec(&updates()).unwrap();
        // The updates' count, the contacts' count, the damage, the entity
        // id and the entity type's tag.
        let start = [&le(1)[..], &le(1), &[3], &77u32.to_le_bytes(), &[1]].concat();
        let file = File::starting(v, &start);
        let reloads = [1, 0];
        let turrets = [1_000u16, 2_000].map(u16::to_le_bytes).concat();
        let data = [0xab, 0xcd, 0xef];
        let terrain = [&[0xff, 2][..], &le(3)].concat();
        // The entity type's tag is the last byte of `start`.
        let tag = start.len() - 1;
        [
            file.headers(),
            counts("the updates", |n| {
                file.replace(&start, &[&le(n)[..], &start[8..]].concat())
            }),
            counts("an update's contacts", |n| {
                file.replace(&start, &[&start[..8], &le(n), &start[16..]].concat())
            }),
            counts("a contact's reloads", |n| {
                file.replace(
                    &[&le(2)[..], &reloads].concat(),
                    &[&le(n)[..], &reloads].concat(),
                )
            }),
            numbers("a contact's turret_angles", 2, |n| {
                file.replace(
                    &[&le(2)[..], &turrets].concat(),
                    &[&le(n)[..], &turrets].concat(),
                )
            }),
            counts("an update's terrain_updates", |n| {
                file.replace(
                    &[&le(1)[..], &terrain].concat(),
                    &[&le(n)[..], &terrain].concat(),
                )
            }),
            // Bytes: no count of them wraps when counted in bytes.
            counts("a terrain update's data", |n| {
                file.replace(&[&le(3)[..], &data].concat(), &[&le(n)[..], &data].concat())
            }),
            vec![
                Crafted::new(
                    Class::UnknownEnum,
                    "entity type 10",
                    Invalid,
                    file.replace(&[&start[..], &[7]].concat(), &[&start[..], &[10]].concat()),
                ),
                Crafted::new(
                    Class::WrongType,
                    "the entity type's Option tag is 2",
                    Invalid,
                    file.replace(&start, &[&start[..tag], &[2]].concat()),
                ),
                Crafted::new(
                    Class::WrongType,
                    "a reload flag is a byte 2",
                    Invalid,
                    file.replace(
                        &[&le(2)[..], &reloads].concat(),
                        &[&le(2)[..], &[1, 2]].concat(),
                    ),
                ),
            ],
        ]
        .concat()
    }
}
