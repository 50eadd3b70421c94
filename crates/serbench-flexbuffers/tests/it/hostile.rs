//! FlexBuffers' crafted hostile inputs, which the conformance kit runs on a
//! small stack within its memory bound: each must fail with the kind given.
//!
//! Most are a valid encoding read back into a [`Tree`], changed in one
//! place and written again by this file's own writer, which takes 8 bytes
//! for every slot, offset and length, so any number or length can be
//! declared, and writes maps as told: keys unsorted or repeated, bytes
//! that are not UTF-8. The rest are a few bytes written by hand: offsets
//! of 0, past the start, a vector that points back into itself, many slots
//! pointing at one large string.
//!
//! FlexBuffers has no document type declarations.

use flexbuffers::{FlexBufferType, Reader};
use serbench_flexbuffers::{ErrorKind, FlexBuffers};
use serbench_model::log::{Address, Log};
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{
    Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager,
    Updates,
};
use serbench_testkit::{Class, Crafted, Crafts, HUGE_TEXT, HostileInputs, LENGTHS, NESTING};

pub(crate) struct Inputs;

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[(
        Class::Dtd,
        "FlexBuffers has no document type declarations or entities",
    )];

    // Measured with `-- --nocapture expansion`; see SECURITY.md.
    const EXPANSION: usize = 12;
}

/// A FlexBuffers value as this file writes it.
#[derive(Clone, Debug)]
enum Tree {
    Null,
    Int(i64),
    UInt(u64),
    Float(f64),
    Bool(bool),
    /// A string's bytes, UTF-8 or not.
    Str(Vec<u8>),
    Blob(Vec<u8>),
    Vector(Vec<Tree>),
    /// Keys' bytes and values, written in this order.
    Map(Vec<(Vec<u8>, Tree)>),
    /// A string, vector or map written with this length in place of its own.
    Declaring(u64, Box<Tree>),
    /// [`NESTING`] vectors, each holding the next.
    Nested,
}

impl Tree {
    /// The value `reader` reads, whole.
    fn read(reader: &Reader<&[u8]>) -> Tree {
        use FlexBufferType as T;
        match reader.flexbuffer_type() {
            T::Null => Tree::Null,
            T::Int | T::IndirectInt => Tree::Int(reader.get_i64().unwrap()),
            T::UInt | T::IndirectUInt => Tree::UInt(reader.get_u64().unwrap()),
            T::Float | T::IndirectFloat => Tree::Float(reader.get_f64().unwrap()),
            T::Bool => Tree::Bool(reader.get_bool().unwrap()),
            T::String | T::Key => Tree::Str(reader.as_str().as_bytes().to_vec()),
            T::Blob => Tree::Blob(reader.get_blob().unwrap().0.to_vec()),
            T::Map => {
                let map = reader.get_map().unwrap();
                Tree::Map(
                    map.iter_keys()
                        .zip(map.iter_values())
                        .map(|(key, value)| (key.as_bytes().to_vec(), Tree::read(&value)))
                        .collect(),
                )
            }
            _ => Tree::Vector(
                reader
                    .get_vector()
                    .unwrap()
                    .iter()
                    .map(|value| Tree::read(&value))
                    .collect(),
            ),
        }
    }

    /// The tree of `value`'s valid encoding.
    fn of<D: Dataset>(value: &D) -> Tree
    where
        FlexBuffers: Codec<D>,
    {
        let bytes = FlexBuffers::to_vec(value).unwrap();
        Tree::read(&Reader::get_root(&bytes[..]).unwrap())
    }

    /// The value at `path`, map keys and vector indices, replaced by `to`.
    fn with(mut self, path: &[&str], to: Tree) -> Tree {
        *self.at(path) = to;
        self
    }

    fn at(&mut self, path: &[&str]) -> &mut Tree {
        let Some((first, rest)) = path.split_first() else {
            return self;
        };
        let child = match self {
            Tree::Map(entries) => entries
                .iter_mut()
                .find(|(key, _)| key == first.as_bytes())
                .map(|(_, value)| value),
            Tree::Vector(items) => items.get_mut(first.parse::<usize>().unwrap()),
            _ => None,
        };
        child
            .unwrap_or_else(|| panic!("no {first} on the path"))
            .at(rest)
    }

    /// The map at `path` with its entry `key` given again, after it.
    fn repeating(mut self, path: &[&str], key: &str) -> Tree {
        let Tree::Map(entries) = self.at(path) else {
            panic!("{path:?} is no map");
        };
        let entry = entries
            .iter()
            .find(|(k, _)| k == key.as_bytes())
            .unwrap()
            .clone();
        entries.push(entry);
        self
    }

    /// The FlexBuffer: every slot, offset and length 8 bytes wide.
    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let slot = self.write(&mut out, None);
        let at = out.len();
        slot.put(&mut out, at);
        out.extend([slot.byte, 8]);
        out
    }

    /// Writes what the value points at, and returns its slot.
    fn write(&self, out: &mut Vec<u8>, declared: Option<u64>) -> Slot {
        let len = |n: usize| declared.unwrap_or(n as u64);
        match self {
            Tree::Null => Slot::inline(0, 0),
            Tree::Int(n) => Slot::inline(1, n.cast_unsigned()),
            Tree::UInt(n) => Slot::inline(2, *n),
            Tree::Float(x) => Slot::inline(3, x.to_bits()),
            Tree::Bool(b) => Slot::inline(26, u64::from(*b)),
            Tree::Str(bytes) | Tree::Blob(bytes) => {
                out.extend(len(bytes.len()).to_le_bytes());
                let at = out.len();
                out.extend(bytes);
                let string = matches!(self, Tree::Str(_));
                if string {
                    out.push(0);
                }
                Slot::to(if string { 5 } else { 25 }, at)
            }
            Tree::Vector(items) => {
                let slots: Vec<Slot> = items.iter().map(|item| item.write(out, None)).collect();
                out.extend(len(slots.len()).to_le_bytes());
                let at = out.len();
                Slot::row(out, &slots);
                Slot::to(10, at)
            }
            Tree::Map(entries) => {
                let keys: Vec<usize> = entries
                    .iter()
                    .map(|(key, _)| {
                        let at = out.len();
                        out.extend(key);
                        out.push(0);
                        at
                    })
                    .collect();
                let values: Vec<Slot> = entries
                    .iter()
                    .map(|(_, value)| value.write(out, None))
                    .collect();
                out.extend((keys.len() as u64).to_le_bytes());
                let keys_at = out.len();
                for key in keys {
                    Slot::to(4, key).put(out, out.len());
                }
                Slot::to(14, keys_at).put(out, out.len());
                out.extend(8u64.to_le_bytes());
                out.extend(len(values.len()).to_le_bytes());
                let at = out.len();
                Slot::row(out, &values);
                Slot::to(9, at)
            }
            Tree::Declaring(declared, tree) => tree.write(out, Some(*declared)),
            Tree::Nested => Slot {
                byte: 10 << 2,
                inline: None,
                at: nest(out),
            },
        }
    }
}

/// A value's slot: a number in place, or the address of what it points at.
#[derive(Clone, Copy)]
struct Slot {
    /// The type byte: type and width.
    byte: u8,
    inline: Option<u64>,
    at: usize,
}

impl Slot {
    fn inline(ty: u8, bits: u64) -> Slot {
        Slot {
            byte: ty << 2 | 3,
            inline: Some(bits),
            at: 0,
        }
    }

    fn to(ty: u8, at: usize) -> Slot {
        Slot {
            byte: ty << 2 | 3,
            inline: None,
            at,
        }
    }

    /// Writes the slot at `here`, the end of `out`.
    fn put(self, out: &mut Vec<u8>, here: usize) {
        let bits = self.inline.unwrap_or((here - self.at) as u64);
        out.extend(bits.to_le_bytes());
    }

    /// An untyped vector's slots, then their type bytes.
    fn row(out: &mut Vec<u8>, slots: &[Slot]) {
        for slot in slots {
            slot.put(out, out.len());
        }
        out.extend(slots.iter().map(|slot| slot.byte));
    }
}

/// An input made from `tree`.
fn crafted(class: Class, what: &str, kind: ErrorKind, tree: &Tree) -> Crafted {
    Crafted::new(class, what, kind, tree.encode())
}

/// [`NESTING`] vectors, each holding the next, in 1-byte slots, 3 bytes a
/// level (length, offset, type), written at the end of `out`: the
/// outermost's address.
fn nest(out: &mut Vec<u8>) -> usize {
    out.push(0);
    let mut inner = out.len();
    for _ in 0..NESTING {
        out.push(1);
        let at = out.len();
        out.extend([u8::try_from(at - inner).unwrap(), 10 << 2]);
        inner = at;
    }
    inner
}

/// [`nest`] as a whole buffer.
fn nested_vectors() -> Vec<u8> {
    let mut out = Vec::new();
    let at = nest(&mut out);
    let here = out.len();
    out.extend([u8::try_from(here - at).unwrap(), 10 << 2, 1]);
    out
}

/// The inputs every dataset gets: whatever the dataset, none is one.
fn common() -> Vec<Crafted> {
    use Class::{Length, Nesting, Other, WrongType};
    use ErrorKind::{Invalid, Limit, Syntax, Truncated};
    let mut inputs = vec![
        Crafted::new(
            Nesting,
            "100 000 nested vectors as the root",
            Limit,
            nested_vectors(),
        ),
        Crafted::new(Other, "two bytes", Truncated, vec![0, 1]),
        Crafted::new(Other, "a root width of 3", Syntax, vec![0, 0, 0, 2 << 2, 3]),
        Crafted::new(
            Other,
            "type byte 15 << 2, the deprecated string vector",
            Syntax,
            vec![1, 0, 2, 15 << 2, 1],
        ),
        Crafted::new(
            Other,
            "a root whose 8-byte slot starts before the buffer",
            Truncated,
            vec![0, 2 << 2, 8],
        ),
        Crafted::new(
            Other,
            "a vector whose element's offset is 0, pointing at itself",
            Syntax,
            vec![1, 0, 10 << 2, 2, 10 << 2, 1],
        ),
        Crafted::new(
            Other,
            "a vector whose element points back at the vector's own length",
            Syntax,
            vec![1, 1, 10 << 2, 2, 10 << 2, 1],
        ),
        Crafted::new(
            Other,
            "an offset past the start of the buffer",
            Syntax,
            vec![0, 200, 5 << 2, 1],
        ),
        Crafted::new(
            Other,
            "a string without its NUL",
            Syntax,
            vec![2, b'a', b'b', b'c', 3, 5 << 2, 1],
        ),
        Crafted::new(Other, "a boolean 2", Invalid, vec![2, 26 << 2, 1]),
        Crafted::new(Other, "a 1-byte float", Syntax, vec![0, 3 << 2, 1]),
        Crafted::new(
            Other,
            "an 8-byte integer in a 1-byte root slot",
            Syntax,
            vec![0, 1 << 2 | 3, 1],
        ),
        Crafted::new(
            Other,
            "a map of one value whose keys vector declares two keys",
            Syntax,
            vec![b'a', 0, 2, 3, 1, 1, 1, 0, 0, 2, 9 << 2, 1],
        ),
        crafted(
            WrongType,
            "a string as the root",
            Invalid,
            &Tree::Str(b"x".to_vec()),
        ),
        shared_string(),
    ];
    for len in LENGTHS {
        inputs.push(crafted(
            Length,
            &format!("a root string declaring {len} bytes"),
            Syntax,
            &Tree::Declaring(len, Box::new(Tree::Str(b"x".to_vec()))),
        ));
        inputs.push(crafted(
            Length,
            &format!("a root vector declaring {len} elements"),
            Syntax,
            &Tree::Declaring(len, Box::new(Tree::Vector(vec![Tree::Null]))),
        ));
    }
    inputs
}

/// A vector of 100 000 slots all pointing at one 1 000-byte string: a
/// 1 MB buffer that would decode to 100 MB of strings.
fn shared_string() -> Crafted {
    let count = 100_000usize;
    let mut out = 1000u64.to_le_bytes().to_vec();
    let string = out.len();
    out.extend([b'a'; 1000]);
    out.push(0);
    out.extend((count as u64).to_le_bytes());
    let vector = out.len();
    for _ in 0..count {
        let here = out.len();
        out.extend(((here - string) as u64).to_le_bytes());
    }
    out.extend(std::iter::repeat_n(5 << 2 | 3, count));
    let here = out.len();
    out.extend(((here - vector) as u64).to_le_bytes());
    out.extend([10 << 2 | 3, 8]);
    Crafted::new(
        Class::Other,
        "100 000 slots pointing at one 1 000-byte string",
        ErrorKind::Limit,
        out,
    )
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, HugeText, Nesting, Utf8, WrongType};
        use ErrorKind::{Invalid, Limit};
        let tree = Tree::of(&TaskManager::generate(1));
        let mut inputs = common();
        inputs.extend([
            crafted(
                Utf8,
                "a byte 0xff in the user",
                Invalid,
                &tree
                    .clone()
                    .with(&["user"], Tree::Str(b"Demo\xffUser".to_vec())),
            ),
            crafted(
                Utf8,
                "a key with a byte 0xff",
                Invalid,
                &tree.clone().with(
                    &["lists", "0"],
                    Tree::Map(vec![(b"head\xffer".to_vec(), Tree::Null)]),
                ),
            ),
            crafted(
                WrongType,
                "the user as an integer",
                Invalid,
                &tree.clone().with(&["user"], Tree::Int(7)),
            ),
            crafted(
                WrongType,
                "a task's completed as the string \"true\"",
                Invalid,
                &tree.clone().with(
                    &["lists", "0", "tasks", "0", "completed"],
                    Tree::Str(b"true".to_vec()),
                ),
            ),
            crafted(
                Duplicate,
                "the user twice",
                Invalid,
                &tree.clone().repeating(&[], "user"),
            ),
            crafted(
                HugeText,
                "a 1 MiB user version",
                Invalid,
                &tree
                    .clone()
                    .with(&["version"], Tree::Str(vec![b'9'; HUGE_TEXT])),
            ),
            crafted(
                Nesting,
                "100 000 nested vectors as the lists",
                Limit,
                &tree.clone().with(&["lists"], Tree::Nested),
            ),
        ]);
        inputs
    }
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, HugeText, Utf8, WrongType};
        use ErrorKind::Invalid;
        let tree = Tree::of(&SensorReading::generate(1)[0]);
        vec![
            crafted(
                Utf8,
                "a byte 0xff in the sensor id",
                Invalid,
                &tree
                    .clone()
                    .with(&["sensor_id"], Tree::Str(b"AB\xff2CD34".to_vec())),
            ),
            crafted(
                WrongType,
                "the ambient temperature as a string",
                Invalid,
                &tree
                    .clone()
                    .with(&["ambient_temperature"], Tree::Str(b"21.5".to_vec())),
            ),
            crafted(
                WrongType,
                "the ambient temperature as a blob",
                Invalid,
                &tree
                    .clone()
                    .with(&["ambient_temperature"], Tree::Blob(vec![0; 8])),
            ),
            crafted(
                Duplicate,
                "the sensor id twice",
                Invalid,
                &tree.clone().repeating(&[], "sensor_id"),
            ),
            crafted(
                HugeText,
                "a 1 MiB string as the ambient temperature",
                Invalid,
                &tree
                    .clone()
                    .with(&["ambient_temperature"], Tree::Str(vec![b'2'; HUGE_TEXT])),
            ),
        ]
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Length, WrongType};
        use ErrorKind::{Invalid, Syntax};
        let tree = Tree::of(&Graph::generate(2));
        let mut inputs = vec![
            crafted(
                WrongType,
                "an edge's weight as a float",
                Invalid,
                &tree
                    .clone()
                    .with(&["edges", "0", "weight"], Tree::Float(1.5)),
            ),
            crafted(
                WrongType,
                "an out-edge of -1",
                Invalid,
                &tree.clone().with(
                    &["nodes", "0", "out_edges"],
                    Tree::Vector(vec![Tree::Int(-1)]),
                ),
            ),
            crafted(
                Duplicate,
                "an edge's weight twice",
                Invalid,
                &tree.clone().repeating(&["edges", "0"], "weight"),
            ),
        ];
        for len in LENGTHS {
            inputs.push(crafted(
                Length,
                &format!("the nodes declaring {len} elements"),
                Syntax,
                &tree.clone().with(
                    &["nodes"],
                    Tree::Declaring(len, Box::new(Tree::Vector(vec![]))),
                ),
            ));
        }
        inputs
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Length, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};
        let tree = Tree::of(&Record::canonical());
        let mut inputs = vec![
            crafted(
                Utf8,
                "a lone surrogate's bytes in a string",
                Invalid,
                &tree
                    .clone()
                    .with(&["strings", "0"], Tree::Str(b"\xed\xa0\x80".to_vec())),
            ),
            crafted(
                WrongType,
                "an id as a float",
                Invalid,
                &tree.clone().with(&["ids", "0"], Tree::Float(1.5)),
            ),
            crafted(
                WrongType,
                "an id as null",
                Invalid,
                &tree.clone().with(&["ids", "0"], Tree::Null),
            ),
            crafted(
                Duplicate,
                "the ids twice",
                Invalid,
                &tree.clone().repeating(&[], "ids"),
            ),
        ];
        for len in LENGTHS {
            inputs.push(crafted(
                Length,
                &format!("a string declaring {len} bytes"),
                Syntax,
                &tree.clone().with(
                    &["strings", "0"],
                    Tree::Declaring(len, Box::new(Tree::Str(b"x".to_vec()))),
                ),
            ));
        }
        inputs
    }
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, HugeText, UnknownEnum, WrongType};
        use ErrorKind::Invalid;
        let tree = Tree::of(&MediaContent::canonical());
        vec![
            crafted(
                UnknownEnum,
                "the player \"SILVERLIGHT\"",
                Invalid,
                &tree
                    .clone()
                    .with(&["media", "player"], Tree::Str(b"SILVERLIGHT".to_vec())),
            ),
            crafted(
                UnknownEnum,
                "an image size of 7",
                Invalid,
                &tree.clone().with(&["images", "0", "size"], Tree::UInt(7)),
            ),
            crafted(
                HugeText,
                "a 1 MiB player name",
                Invalid,
                &tree
                    .clone()
                    .with(&["media", "player"], Tree::Str(vec![b'J'; HUGE_TEXT])),
            ),
            crafted(
                WrongType,
                "the copyright as a boolean",
                Invalid,
                &tree.clone().with(&["media", "copyright"], Tree::Bool(true)),
            ),
            crafted(
                Duplicate,
                "the media's format twice",
                Invalid,
                &tree.clone().repeating(&["media"], "format"),
            ),
        ]
    }
}

/// For each of [`LENGTHS`], `tree` with the string or vector at `path`
/// declaring that length.
fn declaring(tree: &Tree, path: &[&str], what: &str, value: &Tree) -> Vec<Crafted> {
    LENGTHS
        .iter()
        .map(|&len| {
            crafted(
                Class::Length,
                &format!("{what} declaring {len}"),
                ErrorKind::Syntax,
                &tree
                    .clone()
                    .with(path, Tree::Declaring(len, Box::new(value.clone()))),
            )
        })
        .collect()
}

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Other, Utf8, WrongType};
        use ErrorKind::Invalid;
        let tree = Tree::of(&Logs {
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
        });
        let mut inputs = vec![
            crafted(
                Utf8,
                "a byte 0xff in the user id",
                Invalid,
                &tree
                    .clone()
                    .with(&["logs", "0", "userid"], Tree::Str(b"al\xffce".to_vec())),
            ),
            crafted(
                WrongType,
                "the code as a string",
                Invalid,
                &tree
                    .clone()
                    .with(&["logs", "0", "code"], Tree::Str(b"404".to_vec())),
            ),
            crafted(
                Other,
                "a size of -1",
                Invalid,
                &tree.clone().with(&["logs", "0", "size"], Tree::Int(-1)),
            ),
            crafted(
                Duplicate,
                "the code twice",
                Invalid,
                &tree.clone().repeating(&["logs", "0"], "code"),
            ),
        ];
        inputs.extend(declaring(
            &tree,
            &["logs", "0", "request"],
            "the request",
            &Tree::Str(b"x".to_vec()),
        ));
        inputs
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, WrongType};
        use ErrorKind::Invalid;
        let tree = Tree::of(&Mesh::generate(1));
        let mut inputs = vec![
            crafted(
                WrongType,
                "a normal's x as a string",
                Invalid,
                &tree.clone().with(
                    &["triangles", "0", "normal", "x"],
                    Tree::Str(b"1.5".to_vec()),
                ),
            ),
            crafted(
                Duplicate,
                "a vertex's x twice",
                Invalid,
                &tree.clone().repeating(&["triangles", "0", "v0"], "x"),
            ),
        ];
        inputs.extend(declaring(
            &tree,
            &["triangles"],
            "the triangles",
            &Tree::Vector(vec![]),
        ));
        inputs
    }
}

impl Crafts<Players> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, UnknownEnum, Utf8, WrongType};
        use ErrorKind::Invalid;
        let tree = Tree::of(&Players::generate(1));
        let player = ["players", "0"];
        let at = |field: &'static str| [player[0], player[1], field];
        let mut inputs = vec![
            crafted(
                UnknownEnum,
                "the game type \"Hardcore\"",
                Invalid,
                &tree
                    .clone()
                    .with(&at("game_type"), Tree::Str(b"Hardcore".to_vec())),
            ),
            crafted(
                Utf8,
                "a byte 0xff in the dimension",
                Invalid,
                &tree
                    .clone()
                    .with(&at("dimension"), Tree::Str(b"over\xffworld".to_vec())),
            ),
            crafted(
                WrongType,
                "spawn_forced as a string",
                Invalid,
                &tree
                    .clone()
                    .with(&at("spawn_forced"), Tree::Str(b"yes".to_vec())),
            ),
            crafted(
                WrongType,
                "the selected item's slot as a float",
                Invalid,
                &tree
                    .clone()
                    .with(&["players", "0", "selected_item", "slot"], Tree::Float(1.5)),
            ),
            crafted(
                Duplicate,
                "the score twice",
                Invalid,
                &tree.clone().repeating(&player, "score"),
            ),
        ];
        inputs.extend(declaring(
            &tree,
            &at("inventory"),
            "the inventory",
            &Tree::Vector(vec![]),
        ));
        inputs
    }
}

impl Crafts<Updates> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, UnknownEnum, WrongType};
        use ErrorKind::Invalid;
        let tree = Tree::of(&Updates {
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
        });
        let contact = |field: &'static str| ["updates", "0", "contacts", "0", field];
        let mut inputs = vec![
            crafted(
                UnknownEnum,
                "the entity type \"Titanic\"",
                Invalid,
                &tree
                    .clone()
                    .with(&contact("entity_type"), Tree::Str(b"Titanic".to_vec())),
            ),
            crafted(
                WrongType,
                "a reload as a string",
                Invalid,
                &tree.clone().with(
                    &["updates", "0", "contacts", "0", "reloads", "0"],
                    Tree::Str(b"true".to_vec()),
                ),
            ),
            crafted(
                WrongType,
                "the player id as a string",
                Invalid,
                &tree
                    .clone()
                    .with(&contact("player_id"), Tree::Str(b"9".to_vec())),
            ),
            crafted(
                Duplicate,
                "the score twice",
                Invalid,
                &tree.clone().repeating(&["updates", "0"], "score"),
            ),
        ];
        inputs.extend(declaring(
            &tree,
            &["updates", "0", "terrain_updates", "0", "data"],
            "a terrain update's data",
            &Tree::Vector(vec![]),
        ));
        inputs
    }
}
