//! BSON's crafted hostile inputs, which the conformance kit runs on a
//! small stack within its memory bound: each must fail with the kind
//! given.
//!
//! Each input is a valid encoding with one item replaced. BSON's lengths
//! are `int32`, so the longest a string, binary, document or array can
//! declare is 2^31 − 1 (2^32 and 2^63 cannot be written); a negative one
//! is malformed. A replacement of another size than the item it replaces
//! has the lengths of every document around it corrected
//! ([`bson_patched`]), so the input is well-formed BSON but for the one
//! fault. Nesting is unbounded in the format, but the model's types are
//! not recursive, so a wrong container fails at once. BSON has no
//! document type declarations.

use serbench_bson::{Bson, ErrorKind};
use serbench_model::log::{Address, Log};
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{
    Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager,
    Updates,
};
use serbench_testkit::{
    Class, Crafted, Crafts, HUGE_TEXT, HostileInputs, NESTING, overwritten, patched, replace_once,
    small_record,
};

pub(crate) struct Inputs;

pub(crate) const DOUBLE: u8 = 0x01;
pub(crate) const STRING: u8 = 0x02;
pub(crate) const DOCUMENT: u8 = 0x03;
pub(crate) const ARRAY: u8 = 0x04;
pub(crate) const BINARY: u8 = 0x05;
pub(crate) const BOOLEAN: u8 = 0x08;
pub(crate) const DATETIME: u8 = 0x09;
pub(crate) const JAVASCRIPT: u8 = 0x0D;
pub(crate) const INT32: u8 = 0x10;
pub(crate) const INT64: u8 = 0x12;

/// An element: its type, its key and its value's bytes.
pub(crate) fn element(kind: u8, key: &str, value: &[u8]) -> Vec<u8> {
    [&[kind][..], key.as_bytes(), b"\0", value].concat()
}

/// A string's bytes: its length counting the final 0, `text`, the 0.
pub(crate) fn string(text: &[u8]) -> Vec<u8> {
    let length = i32::try_from(text.len() + 1).expect("a short text");
    [&length.to_le_bytes()[..], text, b"\0"].concat()
}

/// A document of `elements`: its length, them, a 0.
pub(crate) fn document(elements: &[Vec<u8>]) -> Vec<u8> {
    let body = elements.concat();
    let length = i32::try_from(body.len() + 5).expect("a short document");
    [&length.to_le_bytes()[..], &body, b"\0"].concat()
}

/// The `int32` element `key`.
pub(crate) fn int32(key: &str, value: i32) -> Vec<u8> {
    element(INT32, key, &value.to_le_bytes())
}

/// The string element `key`.
pub(crate) fn text(key: &str, value: &str) -> Vec<u8> {
    element(STRING, key, &string(value.as_bytes()))
}

/// The length of every document of the valid encoding `bytes`: where it
/// starts and how many bytes it takes, the top level first.
fn documents(bytes: &[u8]) -> Vec<(usize, usize)> {
    fn int(bytes: &[u8], at: usize) -> usize {
        let length = i32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes"));
        usize::try_from(length).expect("a valid encoding's length")
    }
    fn walk(bytes: &[u8], start: usize, found: &mut Vec<(usize, usize)>) {
        let length = int(bytes, start);
        found.push((start, length));
        let mut at = start + 4;
        while bytes[at] != 0 {
            let kind = bytes[at];
            let value = at + 1 + bytes[at + 1..].iter().position(|&b| b == 0).expect("a key") + 1;
            at = value
                + match kind {
                    DOCUMENT | ARRAY => {
                        walk(bytes, value, found);
                        int(bytes, value)
                    }
                    STRING => 4 + int(bytes, value),
                    BINARY => 5 + int(bytes, value),
                    BOOLEAN => 1,
                    INT32 => 4,
                    DOUBLE | INT64 => 8,
                    0x0A => 0,
                    other => panic!("a type the datasets do not write: {other:#04x}"),
                };
        }
    }
    let mut found = Vec::new();
    walk(bytes, 0, &mut found);
    found
}

/// [`patched`] for a replacement of another size: `value`'s encoding with
/// the one occurrence of `from` replaced by `to`, and the length of every
/// document holding it corrected by the difference.
pub(crate) fn bson_patched<D: Dataset>(
    value: &D,
    class: Class,
    kind: ErrorKind,
    what: impl Into<String>,
    from: impl AsRef<[u8]>,
    to: impl AsRef<[u8]>,
) -> Crafted
where
    Bson: Codec<D>,
{
    Crafted::new(class, what, kind, spliced(value, from, to))
}

/// `value`'s encoding with the one occurrence of `from` replaced by `to`,
/// and the length of every document holding it corrected by the
/// difference.
pub(crate) fn spliced<D: Dataset>(
    value: &D,
    from: impl AsRef<[u8]>,
    to: impl AsRef<[u8]>,
) -> Vec<u8>
where
    Bson: Codec<D>,
{
    let (from, to) = (from.as_ref(), to.as_ref());
    let valid = Bson::to_vec(value).expect("a dataset encodes");
    let mut bytes = replace_once(&valid, from, to);
    let at = valid
        .windows(from.len())
        .position(|window| window == from)
        .expect("found once already");
    for (start, length) in documents(&valid) {
        if start + 4 <= at && at + from.len() < start + length {
            let corrected = length + to.len() - from.len();
            let corrected = i32::try_from(corrected).expect("a document under 2 GiB");
            bytes[start..start + 4].copy_from_slice(&corrected.to_le_bytes());
        }
    }
    bytes
}

/// `value`'s encoding with the `int32` length after the first `before`
/// (a type and a key) replaced by `declared`: an input of `class` that must fail with `kind`.
fn declaring<D: Dataset>(
    value: &D,
    (class, kind): (Class, ErrorKind),
    what: &str,
    before: &[u8],
    declared: i32,
) -> Crafted
where
    Bson: Codec<D>,
{
    let valid = Bson::to_vec(value).expect("a dataset encodes");
    let at = valid
        .windows(before.len())
        .position(|window| window == before)
        .expect("the item is in the encoding")
        + before.len();
    // The bytes after the length make it unique: a list's id and a task's
    // have the same key and length.
    let after = &valid[at + 4..(at + 12).min(valid.len())];
    let from = [before, &valid[at..at + 4], after].concat();
    let to = [before, &declared.to_le_bytes()[..], after].concat();
    let what = format!("{what} declares {declared}");
    patched::<Bson, _>(value, class, kind, what, from, to)
}

/// The length bomb and the negative length of the item after `before`.
fn lengths<D: Dataset>(value: &D, what: &str, before: &[u8]) -> [Crafted; 2]
where
    Bson: Codec<D>,
{
    [
        declaring(
            value,
            (Class::Length, ErrorKind::Truncated),
            what,
            before,
            i32::MAX,
        ),
        declaring(value, (Class::Other, ErrorKind::Syntax), what, before, -1),
    ]
}

/// [`NESTING`] arrays of one array each, the innermost empty: an array's
/// bytes, built from the outside in, as each length is known from the
/// depth below it.
pub(crate) fn deep_arrays() -> Vec<u8> {
    // A level: its length, then the element "0" holding the next level,
    // then the final 0 after it.
    const LEVEL: usize = 4 + 3 + 1;
    let innermost = document(&[]);
    let mut bytes = Vec::with_capacity(innermost.len() + NESTING * LEVEL);
    for level in 0..NESTING {
        let length = innermost.len() + (NESTING - level) * LEVEL;
        let length = i32::try_from(length).expect("under 2 GiB");
        bytes.extend_from_slice(&length.to_le_bytes());
        bytes.extend_from_slice(&[ARRAY, b'0', 0]);
    }
    bytes.extend_from_slice(&innermost);
    bytes.resize(bytes.len() + NESTING, 0);
    bytes
}

/// [`NESTING`] documents `{key: {key: …}}`, the innermost empty.
fn deep_documents(key: &str) -> Vec<u8> {
    let level = 4 + 1 + key.len() + 1 + 1;
    let innermost = document(&[]);
    let mut bytes = Vec::with_capacity(innermost.len() + NESTING * level);
    for depth in 0..NESTING {
        let length = i32::try_from(innermost.len() + (NESTING - depth) * level).expect("small");
        bytes.extend_from_slice(&length.to_le_bytes());
        bytes.push(DOCUMENT);
        bytes.extend_from_slice(key.as_bytes());
        bytes.push(0);
    }
    bytes.extend_from_slice(&innermost);
    bytes.resize(bytes.len() + NESTING, 0);
    bytes
}

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[(
        Class::Dtd,
        "BSON has no document type declarations or entities",
    )];

    // The worst of the kit's dense values: empty strings, 11 bytes each
    // (a type, a key of 5 digits and its 0, a length, a 0), become
    // 24-byte `String`s in a vector grown by doubling.
    const EXPANSION: usize = 7;
}

/// The task-manager's length bombs and negative lengths, one for each
/// kind of item, and the root's.
fn task_manager_lengths(m: &TaskManager) -> Vec<Crafted> {
    let mut inputs = Vec::new();
    inputs.extend(lengths(m, "the user", b"\x02user\0"));
    inputs.extend(lengths(m, "a list's id", b"\x05id\0"));
    inputs.extend(lengths(m, "the version", b"\x04version\0"));
    inputs.extend(lengths(m, "the lists", b"\x04lists\0"));
    inputs.extend(lengths(m, "a list's name", b"\x02name\0"));
    let valid = Bson::to_vec(m).expect("a dataset encodes");
    inputs.extend([
        Crafted::new(
            Class::Length,
            "the root document declares 2^31 - 1",
            ErrorKind::Truncated,
            overwritten(&valid, 0, &i32::MAX.to_le_bytes()),
        ),
        declaring(
            m,
            (Class::Other, ErrorKind::Syntax),
            "a list's header",
            b"\x03header\0",
            4,
        ),
    ]);
    inputs
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, UnknownEnum, Utf8, WrongType};
        use ErrorKind::Invalid;

        let m = &TaskManager::generate(1);
        let user = text("user", "Demo User");
        let priority = int32("priority", 0);
        let mut inputs = task_manager_lengths(m);
        inputs.extend([
            bson_patched(
                m,
                Nesting,
                Invalid,
                "100 000 nested arrays as the user",
                &user,
                element(ARRAY, "user", &deep_arrays()),
            ),
            bson_patched(
                m,
                Nesting,
                Invalid,
                "100 000 nested documents as the user",
                &user,
                element(DOCUMENT, "user", &deep_documents("user")),
            ),
            patched::<Bson, _>(
                m,
                Utf8,
                Invalid,
                "a byte 0xff in the user",
                b"Demo User",
                b"Demo\xffUser",
            ),
            patched::<Bson, _>(
                m,
                Utf8,
                Invalid,
                "a byte 0xff in a key",
                b"\x04lists\0",
                b"\x04li\xffts\0",
            ),
            bson_patched(
                m,
                WrongType,
                Invalid,
                "the user is an int32",
                &user,
                int32("user", 3),
            ),
            patched::<Bson, _>(
                m,
                WrongType,
                Invalid,
                "the user is JavaScript code",
                b"\x02user\0",
                [&[JAVASCRIPT][..], b"user\0"].concat(),
            ),
            bson_patched(
                m,
                WrongType,
                Invalid,
                "the priority is text",
                &priority,
                text("priority", "0"),
            ),
            bson_patched(
                m,
                WrongType,
                Invalid,
                "completed is an int32",
                element(BOOLEAN, "completed", &[1]),
                int32("completed", 1),
            ),
            patched::<Bson, _>(
                m,
                UnknownEnum,
                Invalid,
                "priority 9",
                &priority,
                int32("priority", 9),
            ),
            bson_patched(
                m,
                Duplicate,
                Invalid,
                "the user twice",
                &user,
                [user.clone(), user.clone()].concat(),
            ),
        ]);
        inputs.extend(task_manager_malformed(m));
        inputs.extend(task_manager_huge_texts(m));
        inputs
    }
}

/// The task-manager with what BSON itself forbids: a type byte it does
/// not have, a boolean byte past 1, a string without its final 0; and a
/// well-formed id of the wrong size.
fn task_manager_malformed(m: &TaskManager) -> Vec<Crafted> {
    use Class::Other;
    use ErrorKind::{Invalid, Syntax};

    let id = m.lists[0].header.id;
    vec![
        patched::<Bson, _>(
            m,
            Other,
            Syntax,
            "the element type 0x20 for the user",
            b"\x02user\0",
            b"\x20user\0",
        ),
        patched::<Bson, _>(
            m,
            Other,
            Invalid,
            "completed is a boolean byte 2",
            element(BOOLEAN, "completed", &[1]),
            element(BOOLEAN, "completed", &[2]),
        ),
        patched::<Bson, _>(
            m,
            Other,
            Syntax,
            "the user without its final 0",
            b"Demo User\0",
            b"Demo Userx",
        ),
        bson_patched(
            m,
            Other,
            Invalid,
            "an id 15 bytes long",
            [&b"\x05id\0\x10\0\0\0\0"[..], id.as_bytes()].concat(),
            [&b"\x05id\0\x0f\0\0\0\0"[..], &id.as_bytes()[..15]].concat(),
        ),
    ]
}

/// [`HUGE_TEXT`] bytes of text as the priority, a number, where serde's
/// message quotes the text whole (`invalid type: string …`), and a key of
/// [`HUGE_TEXT`] bytes, which serde's `unknown field` quotes whole.
fn task_manager_huge_texts(m: &TaskManager) -> Vec<Crafted> {
    use ErrorKind::Invalid;

    let huge = |unit: &str| unit.repeat(HUGE_TEXT);
    vec![
        bson_patched(
            m,
            Class::HugeText,
            Invalid,
            "the priority is 1 MiB of text",
            int32("priority", 0),
            text("priority", &huge("x")),
        ),
        bson_patched(
            m,
            Class::HugeText,
            Invalid,
            "the user's key is 1 MiB long",
            b"\x02user\0",
            [&[STRING][..], huge("k").as_bytes(), b"\0"].concat(),
        ),
    ]
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Utf8, WrongType};
        use ErrorKind::Invalid;

        let r = &SensorReading::workload(1).remove(0);
        let id = text("sensor_id", &r.sensor_id);
        let humidity = element(DOUBLE, "humidity", &r.humidity.to_le_bytes());
        let mut not_utf8 = r.sensor_id.as_bytes().to_vec();
        not_utf8[0] = 0xff;
        let mut inputs = Vec::new();
        inputs.extend(lengths(r, "the sensor id", b"\x02sensor_id\0"));
        inputs.extend([
            bson_patched(
                r,
                Nesting,
                Invalid,
                "100 000 nested arrays as the sensor id",
                &id,
                element(ARRAY, "sensor_id", &deep_arrays()),
            ),
            patched::<Bson, _>(
                r,
                Utf8,
                Invalid,
                "a byte 0xff in the sensor id",
                &id,
                element(STRING, "sensor_id", &string(&not_utf8)),
            ),
            bson_patched(
                r,
                WrongType,
                Invalid,
                "the sensor id is an int32",
                &id,
                int32("sensor_id", 3),
            ),
            bson_patched(
                r,
                WrongType,
                Invalid,
                "the humidity is text",
                &humidity,
                text("humidity", "50"),
            ),
            bson_patched(
                r,
                Duplicate,
                Invalid,
                "the sensor id twice",
                &id,
                [id.clone(), id.clone()].concat(),
            ),
        ]);
        inputs
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, Utf8, WrongType};
        use ErrorKind::Invalid;

        let g = &Graph::generate(1);
        let name = text("name", &g.nodes[0].name);
        let weight = int32("weight", i32::from(g.edges[0].weight));
        let out_edges = element(
            ARRAY,
            "out_edges",
            &document(&[element(INT64, "0", &[0; 8])]),
        );
        let mut inputs = Vec::new();
        inputs.extend(lengths(g, "the nodes", b"\x04nodes\0"));
        inputs.extend(lengths(g, "the edges", b"\x04edges\0"));
        inputs.extend(lengths(g, "a node name", b"\x02name\0"));
        inputs.extend(lengths(g, "out edges", b"\x04out_edges\0"));
        inputs.extend([
            bson_patched(
                g,
                Nesting,
                Invalid,
                "100 000 nested arrays as an out edge",
                &out_edges,
                element(ARRAY, "out_edges", &deep_arrays()),
            ),
            patched::<Bson, _>(
                g,
                Utf8,
                Invalid,
                "a byte 0xff in a node name",
                &name,
                [&name[..name.len() - 2], b"\xff\0"].concat(),
            ),
            bson_patched(
                g,
                WrongType,
                Invalid,
                "a weight is text",
                &weight,
                text("weight", "1"),
            ),
            bson_patched(
                g,
                Duplicate,
                Invalid,
                "the edges twice",
                b"\x04nodes\0",
                [
                    element(ARRAY, "edges", &document(&[])),
                    b"\x04nodes\0".to_vec(),
                ]
                .concat(),
            ),
            patched::<Bson, _>(
                g,
                Other,
                Invalid,
                "a node id of 65 536",
                int32("id", 0),
                int32("id", 65_536),
            ),
            patched::<Bson, _>(
                g,
                Other,
                Invalid,
                "an edge from node -1",
                element(INT64, "from", &0_i64.to_le_bytes()),
                element(INT64, "from", &(-1_i64).to_le_bytes()),
            ),
        ]);
        inputs
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Utf8, WrongType};
        use ErrorKind::Invalid;

        let r = &small_record();
        let id = element(INT64, "0", &7_i64.to_le_bytes());
        let ids = element(ARRAY, "ids", &document(std::slice::from_ref(&id)));
        let strings = element(ARRAY, "strings", &document(&[text("0", "s")]));
        let mut inputs = Vec::new();
        inputs.extend(lengths(r, "the ids", b"\x04ids\0"));
        inputs.extend(lengths(r, "the strings", b"\x04strings\0"));
        inputs.extend(lengths(r, "a string", b"\x020\0"));
        inputs.extend([
            bson_patched(
                r,
                Nesting,
                Invalid,
                "100 000 nested arrays as an id",
                &id,
                element(ARRAY, "0", &deep_arrays()),
            ),
            patched::<Bson, _>(
                r,
                Utf8,
                Invalid,
                "a byte 0xff in a string",
                &strings,
                element(
                    ARRAY,
                    "strings",
                    &document(&[element(STRING, "0", b"\x02\0\0\0\xff\0")]),
                ),
            ),
            patched::<Bson, _>(
                r,
                WrongType,
                Invalid,
                "an id is a double",
                &id,
                element(DOUBLE, "0", &7_f64.to_le_bytes()),
            ),
            bson_patched(
                r,
                WrongType,
                Invalid,
                "a string is an int32",
                &strings,
                element(ARRAY, "strings", &document(&[int32("0", 3)])),
            ),
            bson_patched(
                r,
                Duplicate,
                Invalid,
                "the ids twice",
                &ids,
                [ids.clone(), ids.clone()].concat(),
            ),
        ]);
        inputs
    }
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::Invalid;

        let m = &MediaContent::canonical();
        let uri = m.media.uri.as_bytes();
        let player = text("player", "JAVA");
        let copyright = element(0x0A, "copyright", &[]);
        let persons = b"\x04persons\0";
        let mut inputs = Vec::new();
        inputs.extend(lengths(m, "the uri", b"\x02uri\0"));
        inputs.extend(lengths(m, "the persons", persons));
        inputs.extend(lengths(m, "the images", b"\x04images\0"));
        inputs.extend(lengths(m, "the media", b"\x03media\0"));
        inputs.extend([
            bson_patched(
                m,
                Nesting,
                Invalid,
                "100 000 nested arrays as a person",
                text("0", "Bill Gates"),
                element(ARRAY, "0", &deep_arrays()),
            ),
            bson_patched(
                m,
                Nesting,
                Invalid,
                "the player as 100 000 nested documents {JAVA: …}",
                &player,
                element(DOCUMENT, "player", &deep_documents("JAVA")),
            ),
            patched::<Bson, _>(
                m,
                Utf8,
                Invalid,
                "a byte 0xff in the uri",
                uri,
                [&uri[..uri.len() - 1], b"\xff"].concat(),
            ),
            bson_patched(
                m,
                WrongType,
                Invalid,
                "the width is text",
                int32("width", 640),
                text("width", "640"),
            ),
            patched::<Bson, _>(
                m,
                WrongType,
                Invalid,
                "the duration is a BSON datetime",
                element(INT64, "duration", &m.media.duration.to_le_bytes()),
                element(DATETIME, "duration", &m.media.duration.to_le_bytes()),
            ),
            patched::<Bson, _>(
                m,
                WrongType,
                Invalid,
                "the duration is a double",
                element(INT64, "duration", &m.media.duration.to_le_bytes()),
                element(DOUBLE, "duration", &18e6_f64.to_le_bytes()),
            ),
            bson_patched(
                m,
                UnknownEnum,
                Invalid,
                "player BANANA",
                &player,
                text("player", "BANANA"),
            ),
            bson_patched(
                m,
                UnknownEnum,
                Invalid,
                "image size HUGE",
                text("size", "LARGE"),
                text("size", "HUGE"),
            ),
            bson_patched(
                m,
                Duplicate,
                Invalid,
                "the player twice",
                [player.clone(), copyright.clone()].concat(),
                [player.clone(), player.clone()].concat(),
            ),
            bson_patched(
                m,
                Other,
                Invalid,
                "the player as a document {JAVA: \"copyright\"}",
                &player,
                element(DOCUMENT, "player", &document(&[text("JAVA", "copyright")])),
            ),
        ]);
        inputs
    }
}

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Other, Utf8, WrongType};
        use ErrorKind::Invalid;

        let logs = &Logs {
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
        };
        let mut inputs = Vec::new();
        inputs.extend(lengths(logs, "the records", b"\x04logs\0"));
        inputs.extend(lengths(logs, "the request", b"\x02request\0"));
        inputs.extend([
            patched::<Bson, _>(
                logs,
                Utf8,
                Invalid,
                "a byte 0xff in the user id",
                b"alice",
                b"al\xffce",
            ),
            bson_patched(
                logs,
                WrongType,
                Invalid,
                "the code is text",
                int32("code", 404),
                text("code", "404"),
            ),
            patched::<Bson, _>(
                logs,
                Other,
                Invalid,
                "a size of -1",
                element(INT64, "size", &5000_i64.to_le_bytes()),
                element(INT64, "size", &(-1_i64).to_le_bytes()),
            ),
        ]);
        inputs
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let mut mesh = Mesh::generate(1);
        mesh.triangles[0].normal.x = 0.125;
        let mesh = &mesh;
        let mut inputs = Vec::new();
        inputs.extend(lengths(mesh, "the triangles", b"\x04triangles\0"));
        inputs.extend(lengths(mesh, "a normal", b"\x03normal\0"));
        inputs.push(bson_patched(
            mesh,
            Class::WrongType,
            ErrorKind::Invalid,
            "a normal's x is text",
            element(DOUBLE, "x", &0.125_f64.to_le_bytes()),
            text("x", "0.125"),
        ));
        inputs
    }
}

impl Crafts<Players> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{UnknownEnum, Utf8, WrongType};
        use ErrorKind::Invalid;

        let mut players = Players::generate(1);
        let player = &mut players.players[0];
        "overworld".clone_into(&mut player.dimension);
        "serbench_probe".clone_into(&mut player.selected_item.id);
        player.spawn_dimension = Some("serbench_spawn".to_owned());
        let game_type = text("game_type", &format!("{:?}", player.game_type));
        let players = &players;
        let mut inputs = Vec::new();
        inputs.extend(lengths(players, "the dimension", b"\x02dimension\0"));
        inputs.extend(lengths(players, "the inventory", b"\x04inventory\0"));
        inputs.extend([
            bson_patched(
                players,
                UnknownEnum,
                Invalid,
                "game type Hardcore",
                &game_type,
                text("game_type", "Hardcore"),
            ),
            patched::<Bson, _>(
                players,
                Utf8,
                Invalid,
                "a byte 0xff in the selected item's id",
                b"serbench_probe",
                b"serbench\xffprobe",
            ),
            bson_patched(
                players,
                WrongType,
                Invalid,
                "the spawn dimension is an int32",
                text("spawn_dimension", "serbench_spawn"),
                int32("spawn_dimension", 1),
            ),
        ]);
        inputs
    }
}

impl Crafts<Updates> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Other, UnknownEnum, WrongType};
        use ErrorKind::Invalid;

        let updates = &Updates {
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
        };
        let submerge = element(BOOLEAN, "submerge", &[1]);
        let mut inputs = Vec::new();
        inputs.extend(lengths(updates, "the reloads", b"\x04reloads\0"));
        inputs.extend(lengths(updates, "a terrain update's data", b"\x04data\0"));
        inputs.extend([
            bson_patched(
                updates,
                UnknownEnum,
                Invalid,
                "entity type Titanic",
                text("entity_type", "Yasen"),
                text("entity_type", "Titanic"),
            ),
            bson_patched(
                updates,
                WrongType,
                Invalid,
                "submerge is an int32",
                &submerge,
                int32("submerge", 1),
            ),
            patched::<Bson, _>(
                updates,
                Other,
                Invalid,
                "a boolean byte 2",
                &submerge,
                element(BOOLEAN, "submerge", &[2]),
            ),
            patched::<Bson, _>(
                updates,
                Other,
                Invalid,
                "a terrain byte of 256",
                int32("0", 0xab),
                int32("0", 256),
            ),
        ]);
        inputs
    }
}
