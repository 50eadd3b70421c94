//! bitcode's crafted hostile inputs, one set per codec, which the
//! conformance kit runs on a small stack within its memory bound: each must
//! fail with the kind given.
//!
//! bitcode's layout is columnar and positional: no field names, no type
//! tags, no containers but the ones the types imply, so nothing nests
//! deeper than the types or appears twice. What an input can lie about is
//! lengths, bytes, variants and the bits a column leaves unused. Each
//! dataset's encoding starts with a column of one length (the user, the
//! sensor id, the nodes, the ids, the uri), where the inputs declare 2^32
//! and 2^63 as bitcode writes a length past 254: a byte 255, then the
//! length in a column of its own. Records and graphs also get 16 MiB of
//! empty strings and of empty nodes, valid bitcode that declares gigabytes
//! (issue 25). The other inputs are found by encoding two values that
//! differ in one field and changing the byte that differs.
//!
//! The size limit refuses with [`ErrorKind::Limit`] what declares too much
//! (2^32 elements, or bytes where the derive codec's walk charges them
//! before bitcode looks for them, and the dense inputs). bitcode's errors
//! say nothing in release builds, so every other input bitcode refuses
//! fails with [`ErrorKind::Syntax`]; only the derive codec's own timestamp
//! check gives [`ErrorKind::Invalid`].

use std::marker::PhantomData;

use serbench_bitcode::{Bitcode, BitcodeSerde, ErrorKind};
use serbench_model::log::{Address, Log};
use serbench_model::minecraft::GameType;
use serbench_model::mk48::{Contact, EntityType, Guidance, Transform, Update};
use serbench_model::{
    Codec, Dataset, Edge, Graph, Logs, MediaContent, Mesh, Node, Player, Players, Priority, Record,
    SensorReading, TaskManager, Updates,
};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, LENGTHS, replace_once};

pub(crate) struct Inputs<C>(PhantomData<C>);
pub(crate) type Derive = Inputs<Bitcode>;
pub(crate) type Serde = Inputs<BitcodeSerde>;

/// What differs between the two codecs' inputs.
pub(crate) trait PerCodec {
    /// The kind where the model refuses a value: the derive codec checks
    /// its mirror types itself ([`ErrorKind::Invalid`]); the serde codec's
    /// model checks fail inside bitcode, whose error keeps no message
    /// ([`ErrorKind::Syntax`]).
    const MODEL_CHECK: ErrorKind;
    /// The codec's [`HostileInputs::EXPANSION`].
    const EXPANSION: usize;
    /// The kind where a string's length declares 2^32 bytes: the derive
    /// codec's walk charges the bytes before bitcode looks for them
    /// ([`ErrorKind::Limit`]); the serde codec's budget charges a string
    /// once bitcode has read it, and bitcode finds the bytes missing
    /// ([`ErrorKind::Syntax`]).
    const LONG_STRING: ErrorKind;
}

impl PerCodec for Bitcode {
    const MODEL_CHECK: ErrorKind = ErrorKind::Invalid;
    /// Measured: 67 per byte for `u32`s of 0 (a graph's edges, a node's
    /// out-edges, a version's segments), one bit each on the wire: the
    /// walk lets an input declare 32 bytes of mirror per byte, which a
    /// borrowed decode holds three times at once: bitcode's unpacked
    /// column, kept in the codec's reused `bitcode::Buffer`, the lent
    /// mirror and the borrowed form built from it (`limit.rs` finds each
    /// kind of element's edge). Without the walk: 201, and no bound at all.
    const EXPANSION: usize = 104;
    const LONG_STRING: ErrorKind = ErrorKind::Limit;
}

impl PerCodec for BitcodeSerde {
    const MODEL_CHECK: ErrorKind = ErrorKind::Syntax;
    /// Measured: 128 per byte for 2^18 + 1 `u32`s of 0, where the model's
    /// vector, grown by doubling, holds twice their room, and bitcode's
    /// serde decoder has its column unpacked beside it; 99 for minimal
    /// tasks the budget refuses part way. Without the budget: 392, and
    /// no bound at all.
    const EXPANSION: usize = 136;
    const LONG_STRING: ErrorKind = ErrorKind::Syntax;
}

impl<C: PerCodec> HostileInputs for Inputs<C> {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[
        (
            Class::Nesting,
            "the layout is positional, without self-describing containers: the model's types \
             fix the nesting, so no input nests deeper",
        ),
        (
            Class::Duplicate,
            "the layout is positional: each field's column is read once, in order, so none can \
             appear twice",
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
    const EXPANSION: usize = C::EXPANSION;
}

/// `bytes`, whose first byte is a length under 255, declaring each of
/// [`LENGTHS`] there instead, as bitcode writes a longer length: 2^32 is
/// refused with `kind`, 2^63 by bitcode, which refuses lengths past 2^51
/// ([`ErrorKind::Syntax`]).
fn first_length(bytes: &[u8], what: &str, kind: ErrorKind) -> Vec<Crafted> {
    assert!(bytes[0] < 255, "the first column is not a short length");
    LENGTHS
        .iter()
        .map(|&n| {
            let what = format!("{what} declares 2^{}", n.trailing_zeros());
            let kind = if n < 1 << 51 { kind } else { ErrorKind::Syntax };
            let crafted = [&[255][..], &bitcode::encode(&n), &bytes[1..]].concat();
            Crafted::new(Class::Length, what, kind, crafted)
        })
        .collect()
}

/// How many elements the dense inputs hold, past the limit: 2^27 empty
/// strings or 2^25 empty nodes, 16 MiB of input either way, which bitcode
/// alone decoded to 3 GB and 2.7 GB (issue 25).
const DENSE: usize = 1 << 27;

/// `count` minimal elements as both codecs lay them out: `before`, the
/// count (a length of 255, then the count in a column of one integer:
/// packing byte 2, four bytes), a column of `count` zeros at one bit each
/// (packing byte 10, then `count / 8` zero bytes) after each of `headers`,
/// then `after`.
fn zeros(before: &[u8], count: usize, headers: &[&[u8]], after: &[u8]) -> Vec<u8> {
    let count32 = u32::try_from(count).expect("a count below 2^32");
    let mut bytes = [before, &[255, 2], &count32.to_le_bytes()].concat();
    for header in headers {
        bytes.extend_from_slice(header);
        bytes.push(10);
        bytes.resize(bytes.len() + count / 8, 0);
    }
    bytes.extend_from_slice(after);
    bytes
}

/// A dense input of `what`, past the limit, checked to be the layout the
/// codec writes for a smaller count (`make` builds that value): each
/// element costs bitcode a 24-byte `String` or an 80-byte node.
fn dense<C, D>(
    what: &str,
    make: impl Fn(usize) -> D,
    count: usize,
    layout: impl Fn(usize) -> Vec<u8>,
) -> Crafted
where
    C: Codec<D>,
    D: Dataset,
{
    let small = 1 << 16;
    assert!(
        layout(small) == encode::<C, _>(&make(small)),
        "the crafted layout of {what} is not the codec's"
    );
    let bytes = layout(count);
    let what = format!("{count} {what} in {} bytes", bytes.len());
    Crafted::new(Class::Length, what, ErrorKind::Limit, bytes)
}

/// The one byte at which `a` and `b`, the encodings of two values that
/// differ in one field, differ.
fn differing(a: &[u8], b: &[u8]) -> usize {
    assert_eq!(a.len(), b.len(), "the two encodings differ in length");
    let mut at = (0..a.len()).filter(|&i| a[i] != b[i]);
    let (Some(first), None) = (at.next(), at.next()) else {
        panic!("the two encodings do not differ in exactly one byte");
    };
    first
}

/// `bytes` with the byte at `at` set to `to`.
fn with_byte(bytes: &[u8], at: usize, to: u8) -> Vec<u8> {
    let mut bytes = bytes.to_vec();
    bytes[at] = to;
    bytes
}

fn encode<C: Codec<D>, D: Dataset>(value: &D) -> Vec<u8> {
    C::to_vec(value).expect("the model encodes")
}

impl<C: Codec<TaskManager> + PerCodec> Crafts<TaskManager> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
        let manager = TaskManager::generate(1);
        let done = encode::<C, _>(&manager);
        let mut open = manager.clone();
        open.lists[0].tasks[0].completed = false;
        let open_bytes = encode::<C, _>(&open);
        let completed = differing(&done, &open_bytes);
        let mut medium = manager.clone();
        medium.lists[0].tasks[0].priority = Priority::Medium;
        let priority = differing(&done, &encode::<C, _>(&medium));
        let mut late = manager;
        late.lists[0].tasks[0].header.created = late.lists[0].tasks[0]
            .header
            .created
            .replace_nanosecond(999_999_999)
            .expect("a valid nanosecond");
        let late = encode::<C, _>(&late);
        let mut inputs = first_length(&done, "the user", C::LONG_STRING);
        inputs.extend([
            Crafted::new(
                Class::Utf8,
                "a byte 0xff in the user",
                ErrorKind::Syntax,
                replace_once(&done, b"Demo User", b"Demo \xffser"),
            ),
            Crafted::new(
                Class::WrongType,
                "completed is false in a byte 2 (bit 1 set where bitcode writes 0)",
                ErrorKind::Syntax,
                with_byte(&open_bytes, completed, 2),
            ),
            Crafted::new(
                Class::UnknownEnum,
                "priority 9",
                ErrorKind::Syntax,
                with_byte(&done, priority, 9),
            ),
            Crafted::new(
                Class::Other,
                "a task created at nanosecond 2 000 000 000",
                C::MODEL_CHECK,
                replace_once(
                    &late,
                    &999_999_999u32.to_le_bytes(),
                    &2_000_000_000u32.to_le_bytes(),
                ),
            ),
        ]);
        inputs
    }
}

impl<C: Codec<SensorReading> + PerCodec> Crafts<SensorReading> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
        let mut reading = SensorReading::workload(1).remove(0);
        "Sensor-1".clone_into(&mut reading.sensor_id);
        let bytes = encode::<C, _>(&reading);
        let mut inputs = first_length(&bytes, "the sensor id", C::LONG_STRING);
        inputs.push(Crafted::new(
            Class::Utf8,
            "a lone 0xc0 in the sensor id",
            ErrorKind::Syntax,
            replace_once(&bytes, b"Sensor-1", b"Sen\xc0or-1"),
        ));
        inputs
    }
}

impl<C: Codec<Graph> + PerCodec> Crafts<Graph> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
        let graph = Graph {
            nodes: vec![Node {
                id: 0,
                name: "Alpha Node".to_owned(),
                out_edges: vec![0],
                in_edges: vec![0],
            }],
            edges: vec![Edge {
                from: 0,
                to: 0,
                weight: 7,
            }],
        };
        let bytes = encode::<C, _>(&graph);
        let mut inputs = first_length(&bytes, "the nodes", ErrorKind::Limit);
        inputs.push(Crafted::new(
            Class::Utf8,
            "a byte 0xff in a node's name",
            ErrorKind::Syntax,
            replace_once(&bytes, b"Alpha Node", b"Alpha\xffNode"),
        ));
        let empty = Node {
            id: 0,
            name: String::new(),
            out_edges: Vec::new(),
            in_edges: Vec::new(),
        };
        inputs.push(dense::<C, _>(
            "empty nodes",
            |n| Graph {
                nodes: vec![empty.clone(); n],
                edges: Vec::new(),
            },
            DENSE / 4,
            // The ids (a `u16` column stored as bytes: packing byte 2),
            // the names' lengths and the two lists of edges' lengths; then
            // no edges.
            |n| zeros(&[], n, &[&[2], &[], &[], &[]], &[0]),
        ));
        inputs
    }
}

impl<C: Codec<Record> + PerCodec> Crafts<Record> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
        let record = Record {
            ids: vec![5, -5],
            strings: vec!["Hello, world".to_owned()],
        };
        let bytes = encode::<C, _>(&record);
        let mut inputs = first_length(&bytes, "the ids", ErrorKind::Limit);
        inputs.push(Crafted::new(
            Class::Utf8,
            "a byte 0xff in a string",
            ErrorKind::Syntax,
            replace_once(&bytes, b"Hello, world", b"Hello,\xffworld"),
        ));
        inputs.push(dense::<C, _>(
            "empty strings",
            |n| Record {
                ids: Vec::new(),
                strings: vec![String::new(); n],
            },
            DENSE,
            // No ids; the strings' lengths.
            |n| zeros(&[0], n, &[&[]], &[]),
        ));
        inputs
    }
}

impl<C: Codec<MediaContent> + PerCodec> Crafts<MediaContent> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
        let media = MediaContent::canonical();
        let java = encode::<C, _>(&media);
        let mut flash = media;
        flash.media.player = Player::Flash;
        let player = differing(&java, &encode::<C, _>(&flash));
        let mut inputs = first_length(&java, "the uri", C::LONG_STRING);
        inputs.extend([
            Crafted::new(
                Class::UnknownEnum,
                "player 7",
                ErrorKind::Syntax,
                with_byte(&java, player, 7),
            ),
            Crafted::new(
                Class::Utf8,
                "a byte 0xff in a person",
                ErrorKind::Syntax,
                replace_once(&java, b"Bill Gates", b"Bill\xffGates"),
            ),
        ]);
        inputs
    }
}

impl<C: Codec<Logs> + PerCodec> Crafts<Logs> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
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
                request: "GET /favicon.ico HTTP/1.1".to_owned(),
                code: 200,
                size: 1234,
            }],
        };
        let bytes = encode::<C, _>(&logs);
        let mut inputs = first_length(&bytes, "the logs", ErrorKind::Limit);
        inputs.push(Crafted::new(
            Class::Utf8,
            "a byte 0xff in a request",
            ErrorKind::Syntax,
            replace_once(&bytes, b"/favicon.ico", b"/fav\xffcon.ico"),
        ));
        inputs
    }
}

/// Every bit pattern is an `f32`, so a mesh can lie only about its length.
impl<C: Codec<Mesh> + PerCodec> Crafts<Mesh> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
        let bytes = encode::<C, _>(&Mesh::generate(2));
        first_length(&bytes, "the triangles", ErrorKind::Limit)
    }
}

impl<C: Codec<Players> + PerCodec> Crafts<Players> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
        let mut players = Players::generate(1);
        let player = &mut players.players[0];
        "Far Lands".clone_into(&mut player.dimension);
        player.game_type = GameType::Survival;
        player.seen_credits = true;
        let bytes = encode::<C, _>(&players);
        let mut creative = players.clone();
        creative.players[0].game_type = GameType::Creative;
        let game_type = differing(&bytes, &encode::<C, _>(&creative));
        let mut unseen = players;
        unseen.players[0].seen_credits = false;
        let unseen = encode::<C, _>(&unseen);
        let seen_credits = differing(&bytes, &unseen);
        let mut inputs = first_length(&bytes, "the players", ErrorKind::Limit);
        inputs.extend([
            Crafted::new(
                Class::Utf8,
                "a byte 0xff in a dimension",
                ErrorKind::Syntax,
                replace_once(&bytes, b"Far Lands", b"Far\xffLands"),
            ),
            Crafted::new(
                Class::UnknownEnum,
                "game type 9",
                ErrorKind::Syntax,
                with_byte(&bytes, game_type, 9),
            ),
            Crafted::new(
                Class::WrongType,
                "seen_credits is false in a byte 2 (bit 1 set where bitcode writes 0)",
                ErrorKind::Syntax,
                with_byte(&unseen, seen_credits, 2),
            ),
        ]);
        inputs
    }
}

/// One update of one contact, so that a field's column holds one value.
fn update(entity_type: EntityType, submerge: bool) -> Updates {
    Updates {
        updates: vec![Update {
            contacts: vec![Contact {
                damage: 0,
                entity_id: 7,
                entity_type: Some(entity_type),
                guidance: Guidance {
                    angle: 1,
                    submerge,
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

/// mk48 has no text; it can lie about lengths, variants and flags.
impl<C: Codec<Updates> + PerCodec> Crafts<Updates> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
        let bytes = encode::<C, _>(&update(EntityType::G5, false));
        let osa = encode::<C, _>(&update(EntityType::Osa, false));
        let entity_type = differing(&bytes, &osa);
        let submerge = differing(&bytes, &encode::<C, _>(&update(EntityType::G5, true)));
        let mut inputs = first_length(&bytes, "the updates", ErrorKind::Limit);
        inputs.extend([
            Crafted::new(
                Class::UnknownEnum,
                "entity type 15",
                ErrorKind::Syntax,
                with_byte(&bytes, entity_type, 15),
            ),
            Crafted::new(
                Class::WrongType,
                "submerge is false in a byte 2 (bit 1 set where bitcode writes 0)",
                ErrorKind::Syntax,
                with_byte(&bytes, submerge, 2),
            ),
        ]);
        inputs
    }
}
