//! CBOR's crafted hostile inputs, which the conformance kit runs on a small
//! stack within its memory bound: each must fail with the kind given.
//!
//! Each input is a valid encoding with one item replaced. CBOR has no
//! document type declarations. Most inputs meet the decoder's pass before
//! ciborium: its nesting is unbounded in the format, but the pass stops at
//! 16 levels; a length declared past the input is a truncation it finds
//! without reading further; items that are not well formed (RFC 8949 §3),
//! non-text keys and tags where the layout has none fail there too.

use serbench_cbor::{Cbor, ErrorKind};
use serbench_model::log::Address;
use serbench_model::mesh::Vector3;
use serbench_model::minecraft::GameType;
use serbench_model::mk48::EntityType;
use serbench_model::{
    Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager,
    Updates,
};
use serbench_testkit::{
    Class, Crafted, Crafts, HUGE_TEXT, HostileInputs, LENGTHS, NESTING, patched, replace_once,
    small_record,
};

pub(crate) struct Inputs;

/// An item head: major type `major` with argument `n`, in its shortest form
/// (the argument in the head's low five bits below 24, else 24 to 27 there
/// for a 1, 2, 4 or 8-byte argument after it).
fn head(major: u8, n: u64) -> Vec<u8> {
    let major = major << 5;
    match n {
        0..0x18 => vec![major | n as u8],
        0x18..0x100 => vec![major | 0x18, n as u8],
        0x100..0x1_0000 => [&[major | 0x19][..], &(n as u16).to_be_bytes()].concat(),
        0x1_0000..0x1_0000_0000 => [&[major | 0x1a][..], &(n as u32).to_be_bytes()].concat(),
        _ => [&[major | 0x1b][..], &n.to_be_bytes()].concat(),
    }
}

/// "é" (`c3 a9`) split between the two chunks of a text string of
/// indefinite length: together the chunks are UTF-8, each on its own is
/// not, and RFC 8949 §3.2.3 requires each to be.
const SPLIT: &[u8] = &[0x7f, 0x61, 0xc3, 0x61, 0xa9, 0xff];

/// A text string.
fn text(text: &str) -> Vec<u8> {
    [head(3, text.len() as u64), text.as_bytes().to_vec()].concat()
}

/// The key `name` followed by `value`.
fn entry(name: &str, value: &[u8]) -> Vec<u8> {
    [text(name), value.to_vec()].concat()
}

/// For each of [`LENGTHS`], `value`'s encoding with the item head `old`
/// (between `before` and `after`, which make it unique) replaced by one of
/// major type `major` declaring that length.
fn lengths<T: Dataset>(
    value: &T,
    what: &str,
    kind: ErrorKind,
    [before, old, after]: [&[u8]; 3],
    major: u8,
) -> Vec<Crafted>
where
    Cbor: Codec<T>,
{
    let from = [before, old, after].concat();
    LENGTHS
        .iter()
        .map(|&n| {
            let to = [before, &head(major, n), after].concat();
            let what = format!("{what} declares 2^{}", n.trailing_zeros());
            patched::<Cbor, _>(value, Class::Length, kind, what, &from, &to)
        })
        .collect()
}

/// [`NESTING`] arrays of one element each, around `inner`.
fn deep(inner: &[u8]) -> Vec<u8> {
    [vec![0x81; NESTING], inner.to_vec()].concat()
}

/// The task-manager's length bombs: texts, arrays, the root map and the
/// short forms (color, time and the id before `id`), which ciborium would
/// lend from its 4 KiB buffer.
fn task_manager_lengths(m: &TaskManager, id: &[u8]) -> Vec<Crafted> {
    use ErrorKind::Truncated;

    let mut inputs = [
        lengths(
            m,
            "the user",
            Truncated,
            [&text("user"), &[0x69], b"Demo User"],
            3,
        ),
        lengths(m, "the lists", Truncated, [&text("lists"), &[0x81], &[]], 4),
        lengths(
            m,
            "the root map",
            Truncated,
            [&[], &[0xa3], &text("user")],
            5,
        ),
    ]
    .concat();
    // The list's name makes its color and time unique; the task's are the same.
    let color = [text("Work"), text("color")].concat();
    inputs.extend(lengths(
        m,
        "a list's color",
        Truncated,
        [&color, &[0x67], b"#ff0000"],
        3,
    ));
    let created = [color, text("#ff0000"), text("created"), vec![0xc0]].concat();
    let date = b"2025-11-03T09:00:00.000Z";
    inputs.extend(lengths(
        m,
        "a list's time",
        Truncated,
        [&created, &[0x78, 24], date],
        3,
    ));
    for n in LENGTHS {
        let what = format!("a list's id declares 2^{} bytes", n.trailing_zeros());
        let to = [
            &[0xd8, 0x25][..],
            &head(2, n),
            m.lists[0].header.id.as_bytes(),
        ]
        .concat();
        inputs.push(patched::<Cbor, _>(
            m,
            Class::Length,
            Truncated,
            what,
            id,
            &to,
        ));
    }
    inputs
}

/// Task-manager inputs that are not well-formed CBOR (RFC 8949 §3), though
/// ciborium alone would read the first two.
fn task_manager_malformed(m: &TaskManager, user: &[u8]) -> Vec<Crafted> {
    use Class::{Nesting, Other};
    use ErrorKind::Syntax;

    let as_user = |class: Class, what: &str, value: &[u8]| {
        patched::<Cbor, _>(m, class, Syntax, what, user, &entry("user", value))
    };
    // RFC 8949 §3.2.3: the chunks of a string of indefinite length are
    // strings of definite length and of its own type.
    let nested = [vec![0x7f; NESTING], vec![0x61, b'A'], vec![0xff; NESTING]].concat();
    let mut inputs = vec![
        as_user(
            Other,
            "the user a text string of indefinite length inside another",
            &[0x7f, 0x7f, 0x61, b'A', 0xff, 0xff],
        ),
        as_user(
            Nesting,
            "the user 100 000 nested text strings of indefinite length",
            &nested,
        ),
        as_user(
            Other,
            "the user a text string of indefinite length with a byte-string chunk",
            &[0x7f, 0x61, b'A', 0x41, b'B', 0xff],
        ),
        as_user(Other, "a break as the user", &[0xff]),
        as_user(
            Other,
            "reserved additional information 28 as the user",
            &[0x1c],
        ),
        as_user(
            Other,
            "an integer of indefinite length as the user",
            &[0x1f],
        ),
        as_user(Other, "a tag of indefinite length as the user", &[0xdf]),
        as_user(
            Other,
            "simple value 0 in two bytes as the user",
            &[0xf8, 0x00],
        ),
    ];
    // The lists declared 2, the second a break.
    let valid = Cbor::to_vec(m).unwrap();
    let lists = entry("lists", &[0x81]);
    let mut broken = replace_once(&valid, &lists, &entry("lists", &[0x82]));
    broken.push(0xff);
    inputs.push(Crafted::new(
        Other,
        "a break as the second of 2 lists",
        Syntax,
        broken,
    ));
    inputs.push(Crafted::new(
        Other,
        "a break as the value of `user` in a root map of indefinite length",
        Syntax,
        [&[0xbf][..], &text("user"), &[0xff]].concat(),
    ));
    inputs
}

/// Task-manager texts with a character split between two chunks, in the
/// user (read by cbor4ii as a `String`) and a list's name (in a header).
fn task_manager_split(m: &TaskManager, user: &[u8]) -> Vec<Crafted> {
    use Class::Utf8;
    use ErrorKind::Syntax;

    vec![
        patched::<Cbor, _>(
            m,
            Utf8,
            Syntax,
            "the user a character split between two chunks",
            user,
            &entry("user", SPLIT),
        ),
        patched::<Cbor, _>(
            m,
            Utf8,
            Syntax,
            "a list's name a character split between two chunks",
            &entry("name", &text("Work")),
            &entry("name", SPLIT),
        ),
    ]
}

/// Task-manager inputs that are well formed but have a key other than
/// text or a tag where the layout has none, or not the one it has.
fn task_manager_keys_and_tags(m: &TaskManager, user: &[u8], id: &[u8]) -> Vec<Crafted> {
    use Class::{Other, WrongType};
    use ErrorKind::Invalid;

    let uuid = m.lists[0].header.id.as_bytes();
    let demo_user = text("Demo User");
    let name = entry("name", &text("Work"));
    let created = [
        name.clone(),
        entry("color", &text("#ff0000")),
        text("created"),
    ]
    .concat();
    let mut tagged = Cbor::to_vec(m).unwrap();
    // Self-described CBOR (RFC 8949 §3.4.6), which no layout has.
    tagged.splice(0..0, [0xd9, 0xd9, 0xf7]);
    vec![
        patched::<Cbor, _>(
            m,
            WrongType,
            Invalid,
            "the key `user` a byte string",
            user,
            &[&[0x44][..], b"user", &demo_user].concat(),
        ),
        patched::<Cbor, _>(
            m,
            WrongType,
            Invalid,
            "the key `user` a text string of indefinite length",
            user,
            &[&[0x7f][..], &text("user"), &[0xff], &demo_user].concat(),
        ),
        patched::<Cbor, _>(
            m,
            Other,
            Invalid,
            "a list's name under tag 0",
            &name,
            &entry("name", &[&[0xc0][..], &text("Work")].concat()),
        ),
        patched::<Cbor, _>(
            m,
            Other,
            Invalid,
            "a list's id under tag 37 twice",
            id,
            &[&[0xd8, 0x25, 0xd8, 0x25, 0x50][..], uuid].concat(),
        ),
        patched::<Cbor, _>(
            m,
            Other,
            Invalid,
            "a list's id without its tag",
            id,
            &[&[0x50][..], uuid].concat(),
        ),
        patched::<Cbor, _>(
            m,
            Other,
            Invalid,
            "a list's created time under tag 1",
            &[created.clone(), vec![0xc0]].concat(),
            &[created, vec![0xc1]].concat(),
        ),
        Crafted::new(
            Other,
            "the root under tag 55799 (self-described CBOR)",
            Invalid,
            tagged,
        ),
    ]
}

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[(
        Class::Dtd,
        "CBOR has no document type declarations or entities",
    )];

    // The worst of the kit's dense values: empty strings, 1 byte each,
    // become 24-byte `String`s in a vector grown by doubling.
    const EXPANSION: usize = 48;
}

/// The task-manager's nesting inputs: arrays and tags deep as the user,
/// maps deep as the root.
fn task_manager_nesting(m: &TaskManager, user: &[u8]) -> Vec<Crafted> {
    use Class::Nesting;
    use ErrorKind::{Invalid, Limit};

    let tags = [vec![0xc6; NESTING], vec![0x03]].concat();
    vec![
        patched::<Cbor, _>(
            m,
            Nesting,
            Limit,
            "100 000 nested arrays as the user",
            user,
            &entry("user", &deep(&[0])),
        ),
        patched::<Cbor, _>(
            m,
            Nesting,
            Invalid,
            "100 000 nested tags around a number as the user",
            user,
            &entry("user", &tags),
        ),
        Crafted::new(
            Nesting,
            "100 000 nested maps as the root",
            Limit,
            [&[0xa1, 0x61, b'a'][..]].repeat(NESTING).concat(),
        ),
    ]
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax, Truncated};

        let m = &TaskManager::generate(1);
        let user = entry("user", &text("Demo User"));
        let id = [&[0xd8, 0x25, 0x50][..], m.lists[0].header.id.as_bytes()].concat();
        let priority = entry("priority", &[0]);
        let mut inputs = task_manager_lengths(m, &id);
        inputs.extend(task_manager_malformed(m, &user));
        inputs.extend(task_manager_keys_and_tags(m, &user, &id));
        inputs.extend(task_manager_split(m, &user));
        inputs.extend(task_manager_nesting(m, &user));
        inputs.extend([
            patched::<Cbor, _>(
                m,
                Utf8,
                Syntax,
                "a byte 0xff in the user",
                &user,
                &entry("user", b"\x69Demo\xffUser"),
            ),
            patched::<Cbor, _>(
                m,
                WrongType,
                Invalid,
                "the user is a number",
                &user,
                &entry("user", &[0x03]),
            ),
            patched::<Cbor, _>(
                m,
                WrongType,
                Invalid,
                "the priority is text",
                &priority,
                &entry("priority", &text("0")),
            ),
            patched::<Cbor, _>(
                m,
                WrongType,
                Invalid,
                "completed is a number",
                &entry("completed", &[0xf5]),
                &entry("completed", &[0x01]),
            ),
            patched::<Cbor, _>(
                m,
                UnknownEnum,
                Invalid,
                "priority 9",
                &priority,
                &entry("priority", &[0x09]),
            ),
            patched::<Cbor, _>(
                m,
                Duplicate,
                Invalid,
                "the user twice",
                &[&[0xa3][..], &user].concat(),
                &[&[0xa4][..], &user, &entry("user", &text("again"))].concat(),
            ),
            patched::<Cbor, _>(
                m,
                Other,
                Invalid,
                "a list's id under tag 38",
                &id,
                &[&[0xd8, 0x26, 0x50][..], m.lists[0].header.id.as_bytes()].concat(),
            ),
            patched::<Cbor, _>(
                m,
                Other,
                Truncated,
                "the lists in an array of indefinite length never closed",
                &entry("lists", &[0x81]),
                &entry("lists", &[0x9f]),
            ),
        ]);
        inputs.extend(task_manager_huge_texts(m));
        inputs
    }
}

/// [`HUGE_TEXT`] bytes of text in each field the task-manager parses from
/// text, for errors that quote it: control characters as the version (an
/// outside run's 16 MiB of them once made an 80 MiB message), digits as
/// the list's color and time. ciborium lends colors and times from a 4 KiB
/// buffer, so it refuses those two as too long before parsing them.
fn task_manager_huge_texts(m: &TaskManager) -> Vec<Crafted> {
    use ErrorKind::Invalid;

    let huge = |unit: &str| unit.repeat(HUGE_TEXT);
    let created = |time: &str| [&[0xc0][..], &text(time)].concat();
    let header = |color: &str, time: &str| {
        [
            entry("name", &text("Work")),
            entry("color", &text(color)),
            entry("created", &created(time)),
        ]
        .concat()
    };
    let valid = header("#ff0000", "2025-11-03T09:00:00.000Z");
    vec![
        patched::<Cbor, _>(
            m,
            Class::HugeText,
            Invalid,
            "a version of 1 MiB of U+0001",
            entry("version", &text("1.0.0")),
            entry("version", &text(&huge("\u{1}"))),
        ),
        patched::<Cbor, _>(
            m,
            Class::HugeText,
            Invalid,
            "a list color of 1 MiB",
            &valid,
            header(&format!("#{}", huge("f")), "2025-11-03T09:00:00.000Z"),
        ),
        patched::<Cbor, _>(
            m,
            Class::HugeText,
            Invalid,
            "a list's created time of 1 MiB",
            &valid,
            header("#ff0000", &huge("2")),
        ),
    ]
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Utf8, WrongType};
        use ErrorKind::{Invalid, Limit, Syntax, Truncated};

        let r = &SensorReading::workload(1).remove(0);
        let id = entry("sensor_id", &text(&r.sensor_id));
        let mut inputs = lengths(
            r,
            "the sensor id",
            Truncated,
            [&text("sensor_id"), &[0x68], r.sensor_id.as_bytes()],
            3,
        );
        inputs.extend([
            patched::<Cbor, _>(
                r,
                Nesting,
                Limit,
                "100 000 nested arrays as the sensor id",
                &id,
                &entry("sensor_id", &deep(&[0])),
            ),
            patched::<Cbor, _>(
                r,
                Utf8,
                Syntax,
                "a byte 0xff in the sensor id",
                &id,
                &entry("sensor_id", b"\x68\xff\xff\xff\xff\xff\xff\xff\xff"),
            ),
            patched::<Cbor, _>(
                r,
                Utf8,
                Syntax,
                "the sensor id a character split between two chunks",
                &id,
                &entry("sensor_id", SPLIT),
            ),
            patched::<Cbor, _>(
                r,
                WrongType,
                Invalid,
                "the sensor id is a number",
                &id,
                &entry("sensor_id", &[0x03]),
            ),
            patched::<Cbor, _>(
                r,
                WrongType,
                Invalid,
                "the key `sensor_id` under tag 6",
                &id,
                &[&[0xc6][..], &id].concat(),
            ),
            patched::<Cbor, _>(
                r,
                Duplicate,
                Invalid,
                "the sensor id twice",
                &[&[0xa9][..], &id].concat(),
                &[&[0xaa][..], &id, &id].concat(),
            ),
        ]);
        inputs
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, Utf8, WrongType};
        use ErrorKind::{Invalid, Limit, Syntax, Truncated};

        let g = &Graph::generate(1);
        let node_name = &g.nodes[0].name;
        let name = entry("name", &text(node_name));
        let out_edges = entry("out_edges", &[0x81, 0x00]);
        let weight = [text("weight"), head(0, g.edges[0].weight.into())].concat();
        let mut inputs = [
            lengths(g, "the nodes", Truncated, [&text("nodes"), &[0x81], &[]], 4),
            lengths(g, "the edges", Truncated, [&text("edges"), &[0x81], &[]], 4),
            lengths(
                g,
                "a node name",
                Truncated,
                [
                    &text("name"),
                    &head(3, node_name.len() as u64),
                    node_name.as_bytes(),
                ],
                3,
            ),
            lengths(
                g,
                "out edges",
                Truncated,
                [&text("out_edges"), &[0x81], &[0x00]],
                4,
            ),
        ]
        .concat();
        inputs.extend([
            patched::<Cbor, _>(
                g,
                Nesting,
                Limit,
                "100 000 nested arrays as an out edge",
                &out_edges,
                &entry("out_edges", &deep(&[0])),
            ),
            patched::<Cbor, _>(
                g,
                Utf8,
                Syntax,
                "a byte 0xff in a node name",
                &name,
                &entry("name", b"\x61\xff"),
            ),
            patched::<Cbor, _>(
                g,
                Utf8,
                Syntax,
                "a node name a character split between two chunks",
                &name,
                &entry("name", SPLIT),
            ),
            patched::<Cbor, _>(
                g,
                WrongType,
                Invalid,
                "a weight is text",
                &weight,
                &entry("weight", &text("1")),
            ),
            patched::<Cbor, _>(
                g,
                Duplicate,
                Invalid,
                "the edges twice",
                &[&[0xa2][..], &text("nodes")].concat(),
                &[&[0xa3][..], &entry("edges", &[0x80]), &text("nodes")].concat(),
            ),
            patched::<Cbor, _>(
                g,
                Other,
                Invalid,
                "a node id of 65 536",
                &entry("id", &[0]),
                &entry("id", &head(0, 65_536)),
            ),
        ]);
        inputs
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, Utf8, WrongType};
        use ErrorKind::{Invalid, Limit, Syntax, Truncated};

        let r = &small_record();
        let ids = entry("ids", &[0x81, 0x07]);
        let strings = entry("strings", &[0x81, 0x61, b's']);
        let mut inputs = [
            lengths(r, "the ids", Truncated, [&text("ids"), &[0x81], &[0x07]], 4),
            lengths(
                r,
                "the strings",
                Truncated,
                [&text("strings"), &[0x81], &[0x61, b's']],
                4,
            ),
            lengths(
                r,
                "a string",
                Truncated,
                [&entry("strings", &[0x81]), &[0x61], b"s"],
                3,
            ),
        ]
        .concat();
        inputs.extend([
            patched::<Cbor, _>(
                r,
                Nesting,
                Limit,
                "100 000 nested arrays as an id",
                &ids,
                &entry("ids", &deep(&[0x07])),
            ),
            patched::<Cbor, _>(
                r,
                Utf8,
                Syntax,
                "a byte 0xff in a string",
                &strings,
                &entry("strings", &[0x81, 0x61, 0xff]),
            ),
            patched::<Cbor, _>(
                r,
                Utf8,
                Syntax,
                "a string a character split between two chunks",
                &strings,
                &entry("strings", &[&[0x81][..], SPLIT].concat()),
            ),
            patched::<Cbor, _>(
                r,
                WrongType,
                Invalid,
                "an id is a float",
                &ids,
                &entry("ids", &[0x81, 0xf9, 0x3e, 0x00]),
            ),
            patched::<Cbor, _>(
                r,
                Other,
                Invalid,
                "an id under tag 6",
                &ids,
                &entry("ids", &[0x81, 0xc6, 0x07]),
            ),
            // ciborium reads a bignum where an integer belongs.
            patched::<Cbor, _>(
                r,
                Other,
                Invalid,
                "an id as bignum 2(h'07')",
                &ids,
                &entry("ids", &[0x81, 0xc2, 0x41, 0x07]),
            ),
            patched::<Cbor, _>(
                r,
                WrongType,
                Invalid,
                "a string is a number",
                &strings,
                &entry("strings", &[0x81, 0x03]),
            ),
            patched::<Cbor, _>(
                r,
                Duplicate,
                Invalid,
                "the ids twice",
                &[&[0xa2][..], &ids].concat(),
                &[&[0xa3][..], &ids, &ids].concat(),
            ),
        ]);
        inputs
    }
}

impl Crafts<MediaContent> for Inputs {
    #[allow(
        clippy::too_many_lines,
        reason = "one list of crafted inputs, read top to bottom"
    )]
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Limit, Syntax, Truncated};

        let m = &MediaContent::canonical();
        let uri = entry("uri", &text(&m.media.uri));
        let persons = [text("persons"), vec![0x82]].concat();
        let player = entry("player", &text("JAVA"));
        let copyright = entry("copyright", &[0xf6]);
        let mut inputs = [
            lengths(
                m,
                "the uri",
                Truncated,
                [
                    &text("uri"),
                    &head(3, m.media.uri.len() as u64),
                    m.media.uri.as_bytes(),
                ],
                3,
            ),
            lengths(
                m,
                "the persons",
                Truncated,
                [&text("persons"), &[0x82], &[]],
                4,
            ),
            lengths(
                m,
                "the images",
                Truncated,
                [&text("images"), &[0x82], &[]],
                4,
            ),
        ]
        .concat();
        inputs.extend([
            patched::<Cbor, _>(
                m,
                Nesting,
                Limit,
                "100 000 nested arrays as a person",
                &persons,
                &[text("persons"), vec![0x82], deep(&[0x00])].concat(),
            ),
            patched::<Cbor, _>(
                m,
                Utf8,
                Syntax,
                "a byte 0xff in the uri",
                &uri,
                &[&uri[..uri.len() - 1], b"\xff"].concat(),
            ),
            patched::<Cbor, _>(
                m,
                Utf8,
                Syntax,
                "the uri a character split between two chunks",
                &uri,
                &entry("uri", SPLIT),
            ),
            patched::<Cbor, _>(
                m,
                Utf8,
                Syntax,
                "the player a character split between two chunks",
                &player,
                &entry("player", SPLIT),
            ),
            patched::<Cbor, _>(
                m,
                WrongType,
                Invalid,
                "the width is text",
                &entry("width", &head(0, 640)),
                &entry("width", &text("640")),
            ),
            patched::<Cbor, _>(
                m,
                WrongType,
                Invalid,
                "the key `uri` of the media an integer",
                &uri,
                &[&[0x00][..], &text(&m.media.uri)].concat(),
            ),
            patched::<Cbor, _>(
                m,
                UnknownEnum,
                Invalid,
                "player BANANA",
                &player,
                &entry("player", &text("BANANA")),
            ),
            patched::<Cbor, _>(
                m,
                UnknownEnum,
                Invalid,
                "image size HUGE",
                &entry("size", &text("LARGE")),
                &entry("size", &text("HUGE")),
            ),
            patched::<Cbor, _>(
                m,
                Duplicate,
                Invalid,
                "the player twice",
                &[player.clone(), copyright.clone()].concat(),
                &[player.clone(), player.clone()].concat(),
            ),
            // The map's one value, the key `copyright`, and the null after the
            // map would read as the next entry if the variant left its value.
            patched::<Cbor, _>(
                m,
                Other,
                Invalid,
                "the player as a map {JAVA: \"copyright\"}, then null",
                &[player.clone(), copyright.clone()].concat(),
                &[text("player"), vec![0xa1], text("JAVA"), copyright].concat(),
            ),
        ]);
        inputs
    }
}

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, Utf8, WrongType};
        use ErrorKind::{Invalid, Limit, Syntax, Truncated};

        let mut l = Logs::generate(1);
        let log = &mut l.logs[0];
        log.address = Address {
            x0: 1,
            x1: 2,
            x2: 3,
            x3: 4,
        };
        "alice".clone_into(&mut log.userid);
        log.code = 200;
        let l = &l;
        let userid = entry("userid", &text("alice"));
        let code = entry("code", &head(0, 200));
        let mut inputs = [
            lengths(
                l,
                "the logs",
                Truncated,
                [&text("logs"), &[0x81], &[0xa7]],
                4,
            ),
            lengths(
                l,
                "the userid",
                Truncated,
                [&text("userid"), &[0x65], b"alice"],
                3,
            ),
        ]
        .concat();
        inputs.extend([
            patched::<Cbor, _>(
                l,
                Nesting,
                Limit,
                "100 000 nested arrays as the userid",
                &userid,
                &entry("userid", &deep(&[0])),
            ),
            patched::<Cbor, _>(
                l,
                Utf8,
                Syntax,
                "a byte 0xff in the userid",
                &userid,
                &entry("userid", b"\x65al\xffce"),
            ),
            patched::<Cbor, _>(
                l,
                Utf8,
                Syntax,
                "the userid a character split between two chunks",
                &userid,
                &entry("userid", SPLIT),
            ),
            patched::<Cbor, _>(
                l,
                WrongType,
                Invalid,
                "the code is text",
                &code,
                &entry("code", &text("200")),
            ),
            patched::<Cbor, _>(
                l,
                Duplicate,
                Invalid,
                "the code twice",
                &[&[0xa7][..], &text("address")].concat(),
                &[&[0xa8][..], &code, &text("address")].concat(),
            ),
            patched::<Cbor, _>(
                l,
                Other,
                Invalid,
                "an address byte of 256",
                &entry("x0", &[0x01]),
                &entry("x0", &head(0, 256)),
            ),
        ]);
        inputs
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, WrongType};
        use ErrorKind::{Invalid, Limit, Truncated};

        let mut m = Mesh::generate(1);
        m.triangles[0].v0 = Vector3 {
            x: 0.5,
            y: 0.25,
            z: 0.125,
        };
        let m = &m;
        // 0.5 as a half: the vertex `v0` makes its `x` unique.
        let x = [text("v0"), vec![0xa3], entry("x", &[0xf9, 0x38, 0x00])].concat();
        let with_x = |value: &[u8]| [text("v0"), vec![0xa3], entry("x", value)].concat();
        let mut inputs = lengths(
            m,
            "the triangles",
            Truncated,
            [&text("triangles"), &[0x81], &[0xa4]],
            4,
        );
        inputs.extend([
            patched::<Cbor, _>(
                m,
                Nesting,
                Limit,
                "100 000 nested arrays as an x",
                &x,
                &with_x(&deep(&[0])),
            ),
            patched::<Cbor, _>(
                m,
                WrongType,
                Invalid,
                "an x is text",
                &x,
                &with_x(&text("0.5")),
            ),
            patched::<Cbor, _>(
                m,
                WrongType,
                Invalid,
                "an x is an integer",
                &x,
                &with_x(&[0x01]),
            ),
            patched::<Cbor, _>(
                m,
                Duplicate,
                Invalid,
                "an x twice",
                &x,
                &[
                    text("v0"),
                    vec![0xa4],
                    entry("x", &[0xf9, 0x38, 0x00]),
                    entry("x", &[0xf9, 0x38, 0x00]),
                ]
                .concat(),
            ),
            patched::<Cbor, _>(
                m,
                Other,
                Invalid,
                "an x of 0.1 as a double, which no single holds",
                &x,
                &with_x(&[&[0xfb][..], &0.1f64.to_be_bytes()].concat()),
            ),
        ]);
        inputs
    }
}

impl Crafts<Players> for Inputs {
    #[allow(
        clippy::too_many_lines,
        reason = "one list of crafted inputs, read top to bottom"
    )]
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Limit, Syntax, Truncated};

        let mut p = Players::generate(1);
        let player = &mut p.players[0];
        player.game_type = GameType::Creative;
        player.score = 12_345;
        "overworld".clone_into(&mut player.dimension);
        player.selected_item.count = 5;
        player.entered_nether_position = Some((1.5, 2.5, 3.5));
        let inventory = player.inventory.len() as u64;
        let p = &p;
        let game_type = entry("game_type", &text("Creative"));
        let score = entry("score", &head(0, 12_345));
        let dimension = entry("dimension", &text("overworld"));
        // 1.5 as a half, then 2.5 and 3.5.
        let position = [
            text("entered_nether_position"),
            vec![0x83, 0xf9, 0x3e, 0x00],
        ]
        .concat();
        let mut inputs = [
            lengths(
                p,
                "the dimension",
                Truncated,
                [&text("dimension"), &[0x69], b"overworld"],
                3,
            ),
            lengths(
                p,
                "the inventory",
                Truncated,
                [&text("inventory"), &head(4, inventory), &[]],
                4,
            ),
        ]
        .concat();
        inputs.extend([
            patched::<Cbor, _>(
                p,
                Nesting,
                Limit,
                "100 000 nested arrays as the score",
                &score,
                &entry("score", &deep(&[0])),
            ),
            patched::<Cbor, _>(
                p,
                Utf8,
                Syntax,
                "a byte 0xff in the dimension",
                &dimension,
                &entry("dimension", b"\x69ov\xffrworld"),
            ),
            patched::<Cbor, _>(
                p,
                Utf8,
                Syntax,
                "the dimension a character split between two chunks",
                &dimension,
                &entry("dimension", SPLIT),
            ),
            patched::<Cbor, _>(
                p,
                WrongType,
                Invalid,
                "the score is text",
                &score,
                &entry("score", &text("12345")),
            ),
            patched::<Cbor, _>(
                p,
                WrongType,
                Invalid,
                "the game type is an integer",
                &game_type,
                &entry("game_type", &[0x01]),
            ),
            patched::<Cbor, _>(
                p,
                UnknownEnum,
                Invalid,
                "game type Hardcore",
                &game_type,
                &entry("game_type", &text("Hardcore")),
            ),
            patched::<Cbor, _>(
                p,
                Duplicate,
                Invalid,
                "the score twice",
                &[&[0xb8, 28][..], &text("game_type")].concat(),
                &[&[0xb8, 29][..], &score, &text("game_type")].concat(),
            ),
            // The map's one value, the key `previous_game_type`, and that
            // key's value after the map would read as the next entry if the
            // variant left its value.
            patched::<Cbor, _>(
                p,
                Other,
                Invalid,
                "the game type as a map {Creative: \"previous_game_type\"}",
                &[game_type.clone(), text("previous_game_type")].concat(),
                &[
                    text("game_type"),
                    vec![0xa1],
                    text("Creative"),
                    text("previous_game_type"),
                ]
                .concat(),
            ),
            patched::<Cbor, _>(
                p,
                Other,
                Invalid,
                "a selected item count of 128",
                &[text("selected_item"), vec![0xa3], entry("count", &[0x05])].concat(),
                &[
                    text("selected_item"),
                    vec![0xa3],
                    entry("count", &head(0, 128)),
                ]
                .concat(),
            ),
            patched::<Cbor, _>(
                p,
                Other,
                Invalid,
                "a nether position of two numbers",
                &position,
                &[
                    text("entered_nether_position"),
                    vec![0x82, 0xf9, 0x3e, 0x00],
                ]
                .concat(),
            ),
        ]);
        inputs
    }
}

impl Crafts<Updates> for Inputs {
    #[allow(
        clippy::too_many_lines,
        reason = "one list of crafted inputs, read top to bottom"
    )]
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, UnknownEnum, WrongType};
        use ErrorKind::{Invalid, Limit, Truncated};

        let mut u = Updates::generate(1);
        let update = &mut u.updates[0];
        update.contacts.truncate(1);
        update.terrain_updates.truncate(1);
        update.score = 4_321;
        let contact = &mut update.contacts[0];
        contact.entity_type = Some(EntityType::Zubr);
        contact.player_id = Some(7);
        contact.reloads = vec![true, false];
        contact.turret_angles = vec![10, 20];
        update.terrain_updates[0].chunk_id = (3, -4);
        let u = &u;
        let score = entry("score", &head(0, 4_321));
        let reloads = entry("reloads", &[0x82, 0xf5, 0xf4]);
        let entity_type = entry("entity_type", &text("Zubr"));
        let mut inputs = [
            lengths(
                u,
                "the contacts",
                Truncated,
                [&text("contacts"), &[0x81], &[0xa8]],
                4,
            ),
            lengths(
                u,
                "the reloads",
                Truncated,
                [&text("reloads"), &[0x82], &[0xf5]],
                4,
            ),
        ]
        .concat();
        inputs.extend([
            patched::<Cbor, _>(
                u,
                Nesting,
                Limit,
                "100 000 nested arrays as a reload",
                &reloads,
                &entry("reloads", &[&[0x82][..], &deep(&[0xf5]), &[0xf4]].concat()),
            ),
            patched::<Cbor, _>(
                u,
                WrongType,
                Invalid,
                "the reloads are integers",
                &reloads,
                &entry("reloads", &[0x82, 0x01, 0x00]),
            ),
            patched::<Cbor, _>(
                u,
                UnknownEnum,
                Invalid,
                "entity type Titanic",
                &entity_type,
                &entry("entity_type", &text("Titanic")),
            ),
            patched::<Cbor, _>(
                u,
                Other,
                Invalid,
                "the entity type as a map {Zubr: \"guidance\"}",
                &[entity_type.clone(), text("guidance")].concat(),
                &[
                    text("entity_type"),
                    vec![0xa1],
                    text("Zubr"),
                    text("guidance"),
                ]
                .concat(),
            ),
            patched::<Cbor, _>(
                u,
                Duplicate,
                Invalid,
                "the score twice",
                &[&[0xa4][..], &text("contacts")].concat(),
                &[&[0xa5][..], &score, &text("contacts")].concat(),
            ),
            patched::<Cbor, _>(
                u,
                Other,
                Invalid,
                "a turret angle of 65 536",
                &entry("turret_angles", &[0x82, 0x0a, 0x14]),
                &entry(
                    "turret_angles",
                    &[&[0x82, 0x0a][..], &head(0, 65_536)].concat(),
                ),
            ),
            patched::<Cbor, _>(
                u,
                Other,
                Invalid,
                "a chunk id of one number",
                &entry("chunk_id", &[0x82, 0x03, 0x23]),
                &entry("chunk_id", &[0x81, 0x03]),
            ),
        ]);
        inputs
    }
}

/// ciborium's crafted inputs for another library, which reads the same
/// bytes: `$kind` gives the kind it reports for each, where that differs.
macro_rules! alike {
    ($(#[$doc:meta])* $name:ident, expansion = $expansion:expr, kind = $kind:expr) => {
        $(#[$doc])*
        pub(crate) struct $name;

        impl HostileInputs for $name {
            const NOT_APPLICABLE: &'static [(Class, &'static str)] = Inputs::NOT_APPLICABLE;
            const EXPANSION: usize = $expansion;
        }

        impl<D: Dataset> Crafts<D> for $name
        where
            Inputs: Crafts<D>,
        {
            fn crafted() -> Vec<Crafted> {
                let kind: fn(&Crafted) -> ErrorKind = $kind;
                <Inputs as Crafts<D>>::crafted()
                    .into_iter()
                    .map(|input| Crafted {
                        kind: kind(&input),
                        ..input
                    })
                    .collect()
            }
        }
    };
}

alike!(
    /// cbor4ii's view of the inputs.
    Cbor4ii,
    expansion = 48,
    kind = |input| input.kind
);

alike!(
    /// minicbor's view of the inputs.
    Minicbor,
    expansion = 48,
    kind = |input| input.kind
);
