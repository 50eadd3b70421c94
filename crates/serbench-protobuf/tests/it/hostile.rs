//! Protobuf's crafted hostile inputs, which the conformance kit runs on a
//! small stack within its memory bound: each must fail with the kind given.
//!
//! Each input is a message written field by field. Length-delimited fields
//! (strings, bytes, submessages, packed numbers) declare their lengths, at
//! 2^32 and 2^63, at every level of every dataset. The schemas are not
//! recursive; only groups, which no schema uses and prost skips as unknown
//! fields, nest without limit, and prost stops them at 100 levels.
//! Protobuf has no document type declarations, and by its rules a field
//! given twice is no error: a non-repeated field takes the last value and
//! a repeated one gathers both (`errors::protobuf_rules_apply`).

use serbench_model::{
    Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager, Updates,
};
use serbench_protobuf::ErrorKind;
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, LENGTHS, NESTING};

use crate::layout::{Fields, varint};

pub(crate) struct Inputs;

/// Field `field`, length-delimited, declaring `len` bytes but holding
/// `content`.
fn declaring(field: u32, len: u64, content: &[u8]) -> Fields {
    let mut fields = Fields::default().key(field, 2);
    fields.0.extend(varint(len));
    fields.0.extend_from_slice(content);
    fields
}

/// For each of [`LENGTHS`], the message `wrap` makes of a field declaring
/// that length; the input ends before it does.
fn lengths(what: &str, wrap: impl Fn(u64) -> Fields) -> Vec<Crafted> {
    LENGTHS
        .iter()
        .map(|&n| {
            let what = format!("{what} declares 2^{}", n.trailing_zeros());
            Crafted::new(Class::Length, what, ErrorKind::Truncated, wrap(n).0)
        })
        .collect()
}

fn crafted(class: Class, kind: ErrorKind, what: &str, message: &Fields) -> Crafted {
    Crafted::new(class, what, kind, message.0.clone())
}

/// [`NESTING`] start-group keys of unknown field 15, inside `wrap`.
fn groups(wrap: impl Fn(Fields) -> Fields) -> Crafted {
    let deep = Fields(vec![0x7b; NESTING]);
    crafted(
        Class::Nesting,
        ErrorKind::Limit,
        "100 000 nested groups in an unknown field",
        &wrap(deep),
    )
}

/// Malformed fields any message refuses, after `prefix`.
fn malformed(prefix: &Fields) -> Vec<Crafted> {
    let after = |bytes: &[u8]| Fields([&prefix.0[..], bytes].concat());
    vec![
        crafted(
            Class::Other,
            ErrorKind::Syntax,
            "field number 0",
            &after(&[0x00, 0x01]),
        ),
        crafted(
            Class::Other,
            ErrorKind::Syntax,
            "wire type 6",
            &after(&[0x0e, 0x01]),
        ),
        crafted(
            Class::Other,
            ErrorKind::Syntax,
            "an end-group key without its start",
            &after(&[0x7c]),
        ),
        crafted(
            Class::Other,
            ErrorKind::Syntax,
            "a varint of 11 bytes",
            &after(&[&[0x78][..], &[0xff; 10], &[0x01]].concat()),
        ),
    ]
}

fn header() -> Fields {
    Fields::default().bytes(1, &[0; 16])
}

fn task() -> Fields {
    Fields::default().message(1, &header()).string(2, "d")
}

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[
        (
            Class::Duplicate,
            "by protobuf's rules a field given twice is no error: the last value of a \
             non-repeated field wins and repeated ones gather (tested in errors.rs)",
        ),
        (
            Class::Dtd,
            "protobuf has no document type declarations or entities",
        ),
        (
            Class::HugeText,
            "no error quotes the input: ids, colors, times and versions are binary, and \
             fields and enum values are numbers, never names",
        ),
    ];

    // The worst of the kit's dense values: empty graph nodes, 2 bytes each,
    // become an 80-byte model `Node`, read straight into the model.
    const EXPANSION: usize = 40;
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let list = |tasks: Fields| Fields::default().message(1, &header()).message(2, &tasks);
        let mut inputs = [
            lengths("the user", |n| declaring(1, n, b"abc")),
            lengths("the packed version", |n| declaring(2, n, &[1, 0, 0])),
            lengths("the lists", |n| declaring(3, n, &list(task()).0)),
            lengths("a list's header", |n| {
                Fields::default().message(3, &declaring(1, n, &header().0))
            }),
            lengths("a list's id", |n| {
                Fields::default()
                    .message(3, &Fields::default().message(1, &declaring(1, n, &[0; 16])))
            }),
            lengths("a task's description", |n| {
                let task = Fields::default().message(1, &header()).0;
                let task = Fields([task, declaring(2, n, b"abc").0].concat());
                Fields::default().message(3, &list(task))
            }),
        ]
        .concat();
        inputs.extend([
            groups(|deep| deep),
            groups(|deep| Fields::default().message(3, &Fields([list(task()).0, deep.0].concat()))),
            crafted(
                Utf8,
                Syntax,
                "a byte 0xff in the user",
                &Fields::default().bytes(1, b"Demo\xffUser"),
            ),
            crafted(
                WrongType,
                Syntax,
                "the user is a varint",
                &Fields::default().varint(1, 3),
            ),
            crafted(
                WrongType,
                Syntax,
                "a list is a varint",
                &Fields::default().varint(3, 3),
            ),
            crafted(
                UnknownEnum,
                Invalid,
                "priority 7",
                &Fields::default().message(3, &list(task().varint(3, 7))),
            ),
            crafted(
                Other,
                Invalid,
                "an id of 15 bytes",
                &Fields::default().message(
                    3,
                    &Fields::default().message(1, &Fields::default().bytes(1, &[0; 15])),
                ),
            ),
            crafted(
                Other,
                Invalid,
                "a list without a header",
                &Fields::default().message(3, &Fields::default()),
            ),
        ]);
        inputs.extend(malformed(&Fields::default().string(1, "u")));
        inputs
    }
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let mut inputs = lengths("the sensor id", |n| declaring(1, n, b"abc"));
        inputs.extend([
            groups(|deep| deep),
            crafted(
                Class::Utf8,
                ErrorKind::Syntax,
                "a byte 0xff in the sensor id",
                &Fields::default().bytes(1, b"\xff"),
            ),
            crafted(
                Class::WrongType,
                ErrorKind::Syntax,
                "a reading is a varint",
                &Fields::default().varint(2, 3),
            ),
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "no readings",
                &Fields::default().string(1, "id"),
            ),
        ]);
        inputs
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::{Invalid, Syntax};

        let node = Fields::default().varint(1, 0).string(2, "n");
        let mut inputs = [
            lengths("the nodes", |n| declaring(1, n, &node.0)),
            lengths("a node name", |n| {
                Fields::default().message(1, &declaring(2, n, b"abc"))
            }),
            lengths("a node's packed out edges", |n| {
                Fields::default().message(1, &declaring(3, n, &[0]))
            }),
            lengths("the packed edge sources", |n| declaring(2, n, &[0])),
        ]
        .concat();
        inputs.extend([
            groups(|deep| Fields::default().message(1, &Fields([node.0.clone(), deep.0].concat()))),
            crafted(
                Class::Utf8,
                Syntax,
                "a byte 0xff in a node name",
                &Fields::default().message(1, &Fields::default().bytes(2, b"\xff")),
            ),
            crafted(
                Class::WrongType,
                Syntax,
                "edge sources are fixed32",
                &Fields([Fields::default().key(2, 5).0, vec![0; 4]].concat()),
            ),
            crafted(
                Class::Other,
                Invalid,
                "a node id of 65 536",
                &Fields::default().message(1, &Fields::default().varint(1, 65_536)),
            ),
            crafted(
                Class::Other,
                Invalid,
                "two edge sources, one target",
                &Fields::default().bytes(2, &[0, 0]).bytes(3, &[0]),
            ),
        ]);
        inputs
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let mut inputs = [
            lengths("the packed ids", |n| declaring(1, n, &[14])),
            lengths("a string", |n| declaring(2, n, b"s")),
        ]
        .concat();
        inputs.extend([
            groups(|deep| deep),
            crafted(
                Class::Utf8,
                ErrorKind::Syntax,
                "a byte 0xff in a string",
                &Fields::default().bytes(2, b"\xff"),
            ),
            crafted(
                Class::WrongType,
                ErrorKind::Syntax,
                "a string is a varint",
                &Fields::default().varint(2, 3),
            ),
        ]);
        inputs
    }
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::{Invalid, Syntax};

        let media = Fields::default().string(1, "uri");
        let in_media = |inner: Fields| Fields::default().message(2, &inner);
        let mut inputs = [
            lengths("the images", |n| {
                Fields([in_media(media.clone()).0, declaring(1, n, b"abc").0].concat())
            }),
            lengths("the media", |n| declaring(2, n, &media.0)),
            lengths("the uri", |n| in_media(declaring(1, n, b"abc"))),
            lengths("a person", |n| in_media(declaring(9, n, b"abc"))),
        ]
        .concat();
        inputs.extend([
            groups(|deep| in_media(Fields([media.0.clone(), deep.0].concat()))),
            crafted(
                Class::Utf8,
                Syntax,
                "a byte 0xff in the uri",
                &in_media(Fields::default().bytes(1, b"\xff")),
            ),
            crafted(
                Class::WrongType,
                Syntax,
                "the uri is a varint",
                &in_media(Fields::default().varint(1, 3)),
            ),
            crafted(
                Class::UnknownEnum,
                Invalid,
                "player 5",
                &in_media(media.clone().varint(10, 5)),
            ),
            crafted(
                Class::UnknownEnum,
                Invalid,
                "image size 9",
                &in_media(media.clone()).message(1, &Fields::default().varint(5, 9)),
            ),
            crafted(
                Class::Other,
                Invalid,
                "no media",
                &Fields::default().message(1, &Fields::default()),
            ),
        ]);
        inputs
    }
}

/// `message` with `more` fields after its own.
fn then(message: &Fields, more: Fields) -> Fields {
    let mut bytes = message.0.clone();
    bytes.extend(more.0);
    Fields(bytes)
}

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::{Invalid, Syntax};

        let address = Fields::default().varint(1, 10).varint(4, 1);
        let log = Fields::default().message(1, &address).string(2, "-");
        let in_log = |log: Fields| Fields::default().message(1, &log);
        let mut inputs = [
            lengths("the logs", |n| declaring(1, n, &log.0)),
            lengths("an address", |n| in_log(declaring(1, n, &address.0))),
            lengths("a request", |n| in_log(then(&log, declaring(5, n, b"GET")))),
        ]
        .concat();
        inputs.extend([
            groups(|deep| in_log(then(&log, deep))),
            crafted(
                Class::Utf8,
                Syntax,
                "a byte 0xff in a user id",
                &in_log(log.clone().bytes(3, b"b\xffb")),
            ),
            crafted(
                Class::WrongType,
                Syntax,
                "a request is a varint",
                &in_log(log.clone().varint(5, 3)),
            ),
            crafted(
                Class::Other,
                Invalid,
                "an address octet of 256",
                &in_log(Fields::default().message(1, &Fields::default().varint(3, 256))),
            ),
            crafted(
                Class::Other,
                Invalid,
                "a status code of 65 536",
                &in_log(log.clone().varint(6, 65_536)),
            ),
            crafted(
                Class::Other,
                Invalid,
                "a log without an address",
                &in_log(Fields::default().string(3, "bob")),
            ),
        ]);
        inputs
    }
}

/// No text and no enum in a mesh: no UTF-8 or enum input for it.
impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let zero = Fields::default();
        let three = Fields::default()
            .message(1, &zero)
            .message(2, &zero)
            .message(3, &zero);
        let triangle = three.clone().message(4, &zero);
        let in_mesh = |triangle: Fields| Fields::default().message(1, &triangle);
        let mut inputs = [
            lengths("the triangles", |n| declaring(1, n, &triangle.0)),
            lengths("a normal", |n| in_mesh(then(&three, declaring(4, n, &[])))),
        ]
        .concat();
        inputs.extend([
            groups(|deep| in_mesh(then(&triangle, deep))),
            crafted(
                Class::WrongType,
                ErrorKind::Syntax,
                "a coordinate is a varint",
                &in_mesh(three.clone().message(4, &Fields::default().varint(2, 3))),
            ),
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "a triangle without its normal",
                &in_mesh(three.clone()),
            ),
        ]);
        inputs
    }
}

impl Crafts<Players> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let empty = Fields::default();
        // The least a player holds: its three required messages.
        let player = Fields::default()
            .message(6, &empty)
            .message(22, &empty)
            .message(28, &empty);
        let in_players = |player: Fields| Fields::default().message(1, &player);
        let entity = Fields::default()
            .message(2, &empty)
            .message(3, &empty)
            .message(4, &empty)
            .message(12, &empty);
        let mut inputs = [
            lengths("the players", |n| declaring(1, n, &player.0)),
            lengths("an inventory item", |n| {
                in_players(then(&player, declaring(20, n, b"dirt")))
            }),
            lengths("a recipe", |n| {
                in_players(then(
                    &player,
                    Fields::default().message(28, &declaring(1, n, b"bow")),
                ))
            }),
            lengths("a vehicle's entity's id", |n| {
                let vehicle = Fields::default()
                    .message(1, &empty)
                    .message(2, &then(&entity, declaring(1, n, b"cow")));
                in_players(player.clone().message(24, &vehicle))
            }),
        ]
        .concat();
        inputs.extend([
            // Field 15 is the player's `food_tick_timer`: the groups are
            // field 29's, unknown, whose key takes two bytes.
            crafted(
                Class::Nesting,
                ErrorKind::Limit,
                "100 000 nested groups in an unknown field",
                &in_players(then(&player, Fields([0xeb, 0x01].repeat(NESTING)))),
            ),
            crafted(
                Utf8,
                Syntax,
                "a byte 0xff in the dimension",
                &in_players(player.clone().bytes(4, b"\xff")),
            ),
            crafted(
                WrongType,
                Syntax,
                "the dimension is a varint",
                &in_players(player.clone().varint(4, 3)),
            ),
            crafted(
                UnknownEnum,
                Invalid,
                "game type 4",
                &in_players(player.clone().varint(1, 4)),
            ),
            crafted(
                Other,
                Invalid,
                "an item count of 128",
                &in_players(
                    player
                        .clone()
                        .message(20, &Fields::default().varint(1, 128)),
                ),
            ),
            crafted(
                Other,
                Invalid,
                "a player without abilities",
                &in_players(Fields::default().message(6, &empty).message(28, &empty)),
            ),
            crafted(
                Other,
                Invalid,
                "a vehicle without its entity",
                &in_players(
                    player
                        .clone()
                        .message(24, &Fields::default().message(1, &empty)),
                ),
            ),
        ]);
        inputs
    }
}

/// No text in mk48: no UTF-8 input for it.
impl Crafts<Updates> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::{Invalid, Syntax};

        let empty = Fields::default();
        // The least a contact holds: its guidance and a transform with a
        // position.
        let contact = Fields::default()
            .message(4, &empty)
            .message(7, &Fields::default().message(3, &empty));
        let in_contact =
            |contact: Fields| Fields::default().message(1, &Fields::default().message(1, &contact));
        let chunk = Fields::default().message(1, &empty);
        let mut inputs = [
            lengths("the updates", |n| {
                declaring(1, n, &Fields::default().message(1, &contact).0)
            }),
            lengths("a contact's packed reloads", |n| {
                in_contact(then(&contact, declaring(6, n, &[1])))
            }),
            lengths("terrain data", |n| {
                let terrain = then(&chunk, declaring(2, n, &[7]));
                Fields::default().message(1, &Fields::default().message(4, &terrain))
            }),
        ]
        .concat();
        inputs.extend([
            groups(|deep| in_contact(then(&contact, deep))),
            crafted(
                Class::WrongType,
                Syntax,
                "turret angles are fixed32",
                &in_contact(Fields([contact.clone().key(8, 5).0, vec![0; 4]].concat())),
            ),
            crafted(
                Class::UnknownEnum,
                Invalid,
                "entity type 10",
                &in_contact(contact.clone().varint(3, 10)),
            ),
            crafted(
                Class::Other,
                Invalid,
                "a turret angle of 65 536",
                &in_contact(contact.clone().bytes(8, &[0x80, 0x80, 0x04])),
            ),
            crafted(
                Class::Other,
                Invalid,
                "a contact without a transform",
                &in_contact(Fields::default().message(4, &empty)),
            ),
            crafted(
                Class::Other,
                Invalid,
                "a chunk x of -129",
                &Fields::default().message(
                    1,
                    &Fields::default().message(
                        4,
                        &Fields::default()
                            .message(1, &Fields::default().varint(1, 0_u64.wrapping_sub(129))),
                    ),
                ),
            ),
        ]);
        inputs
    }
}

/// The same inputs for the stock codec, whose bytes are the tuned one's.
pub(crate) struct Stock;

impl HostileInputs for Stock {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = Inputs::NOT_APPLICABLE;

    // The worst of the kit's dense values, empty log records (4 bytes) and
    // empty mk48 updates (2 bytes): prost's message holds each in a vector
    // grown by doubling, and the model's are collected beside it.
    const EXPANSION: usize = 136;
}

impl<D: serbench_model::Dataset> Crafts<D> for Stock
where
    Inputs: Crafts<D>,
{
    fn crafted() -> Vec<Crafted> {
        <Inputs as Crafts<D>>::crafted()
    }
}

/// The same inputs for rust-protobuf, whose bytes are prost's.
pub(crate) struct RustProtobuf;

impl HostileInputs for RustProtobuf {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = Inputs::NOT_APPLICABLE;

    // Empty graph nodes again, each a rust-protobuf `Node` (with its
    // unknown-field map) in a vector grown by doubling, then moved into
    // prost's message and the model's.
    const EXPANSION: usize = 200;
}

impl<D: serbench_model::Dataset> Crafts<D> for RustProtobuf
where
    Inputs: Crafts<D>,
{
    /// prost's inputs, but for a field of the wrong wire type:
    /// rust-protobuf's generated code matches the whole key, so such a
    /// field is an unknown one, kept aside, as C++ protobuf reads it
    /// (`errors::rust_protobuf_reads_a_wrong_type_as_unknown`). The value
    /// is then absent: an error only where the schema requires it (a
    /// reading), and then a missing field.
    fn crafted() -> Vec<Crafted> {
        <Inputs as Crafts<D>>::crafted()
            .into_iter()
            .filter_map(|mut input| {
                if input.class != Class::WrongType {
                    return Some(input);
                }
                (input.what == "a reading is a varint").then(|| {
                    input.kind = ErrorKind::Invalid;
                    input
                })
            })
            .collect()
    }
}

/// The same inputs for buffa, whose bytes are prost's.
pub(crate) struct Buffa;

impl HostileInputs for Buffa {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = Inputs::NOT_APPLICABLE;

    // Empty graph nodes, as for rust-protobuf: buffa's `Node`, then
    // prost's and the model's.
    const EXPANSION: usize = 216;
}

impl<D: serbench_model::Dataset> Crafts<D> for Buffa
where
    Inputs: Crafts<D>,
{
    fn crafted() -> Vec<Crafted> {
        <Inputs as Crafts<D>>::crafted()
    }
}
