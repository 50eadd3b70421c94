//! JSON's crafted hostile inputs, which the conformance kit runs on a small
//! stack within its memory bound: each must fail with the kind given.
//!
//! Each input is a valid encoding with one part replaced. JSON declares no
//! lengths (strings, arrays and objects end at their closing token) and has
//! no document type declarations. Its nesting is unbounded in the format,
//! but the model's types are not recursive, so a wrong container fails
//! before serde_json's recursion limit of 128 is reached.
//!
//! Every integer field of every dataset gets `-0`, which serde_json reads
//! as the float −0.0 and refuses where an integer belongs; the three
//! libraries must refuse it alike (`Class::Other`).

use serbench_json::{ErrorKind, Json};
use serbench_model::log::Address;
use serbench_model::mesh::Vector3;
use serbench_model::minecraft::GameType;
use serbench_model::mk48::EntityType;
use serbench_model::{
    Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager, Updates,
};
use serbench_testkit::{
    Class, Crafted, Crafts, HUGE_TEXT, HostileInputs, NESTING, patched, small_record,
};

pub(crate) struct Inputs;

/// `open` repeated [`NESTING`] times.
fn deep(open: &str) -> String {
    open.repeat(NESTING)
}

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[
        (
            Class::Length,
            "JSON declares no lengths: strings, arrays and objects end at their closing token",
        ),
        (
            Class::Dtd,
            "JSON has no document type declarations or entities",
        ),
    ];

    // The worst of the kit's dense values: empty strings, 3 bytes each
    // (`"",`), become 24-byte `String`s in a vector grown by doubling.
    const EXPANSION: usize = 24;
}

impl Crafts<TaskManager> for Inputs {
    #[allow(
        clippy::too_many_lines,
        reason = "one list of crafted inputs, read top to bottom"
    )]
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let m = &TaskManager::generate(1);
        let root = Crafted::new(
            Nesting,
            "100 000 nested arrays as the root",
            Invalid,
            deep("[").into_bytes(),
        );
        vec![
            root,
            patched::<Json, _>(
                m,
                Nesting,
                Invalid,
                "100 000 nested arrays as the user",
                r#""Demo User""#,
                deep("["),
            ),
            patched::<Json, _>(
                m,
                Nesting,
                Invalid,
                "100 000 nested objects as the lists",
                r#""lists":["#,
                format!(r#""lists":{}"#, deep(r#"{"header":"#)),
            ),
            patched::<Json, _>(
                m,
                Utf8,
                Syntax,
                "a byte 0xff in the user",
                "Demo User",
                b"Demo \xff User",
            ),
            patched::<Json, _>(
                m,
                Utf8,
                Syntax,
                "an escaped lone surrogate in a list name",
                "Work",
                r"W\ud800rk",
            ),
            patched::<Json, _>(
                m,
                WrongType,
                Invalid,
                "the user is a number",
                r#""Demo User""#,
                "3",
            ),
            patched::<Json, _>(
                m,
                WrongType,
                Invalid,
                "the version is an array",
                r#""1.0.0""#,
                "[1,0,0]",
            ),
            patched::<Json, _>(
                m,
                WrongType,
                Invalid,
                "the priority is a string",
                r#""priority":0"#,
                r#""priority":"0""#,
            ),
            patched::<Json, _>(
                m,
                WrongType,
                Invalid,
                "completed is a number",
                r#""completed":true"#,
                r#""completed":1"#,
            ),
            patched::<Json, _>(
                m,
                UnknownEnum,
                Invalid,
                "priority 4",
                r#""priority":0"#,
                r#""priority":4"#,
            ),
            patched::<Json, _>(
                m,
                Other,
                Invalid,
                "priority -0",
                r#""priority":0"#,
                r#""priority":-0"#,
            ),
            patched::<Json, _>(
                m,
                Duplicate,
                Invalid,
                "the user twice",
                r#""user":"Demo User","#,
                r#""user":"Demo User","user":"again","#,
            ),
            patched::<Json, _>(
                m,
                Duplicate,
                Invalid,
                "a task's completed twice",
                r#""completed":true"#,
                r#""completed":true,"completed":false"#,
            ),
        ]
        .into_iter()
        .chain(huge_texts(m))
        .collect()
    }
}

/// [`HUGE_TEXT`] units of text in each field the task-manager parses from
/// text, for errors that quote it: 1 MiB of control characters (escaped,
/// six bytes each on the wire) as the version, and of digits as the id,
/// the color and the time.
fn huge_texts(m: &TaskManager) -> Vec<Crafted> {
    use ErrorKind::Invalid;

    let huge = |unit: &str| unit.repeat(HUGE_TEXT);
    let id = m.lists[0].header.id.hyphenated().to_string();
    let header = r##""name":"Work","color":"#ff0000","created":"2025-11-03T09:00:00.000Z""##;
    vec![
        patched::<Json, _>(
            m,
            Class::HugeText,
            Invalid,
            "a version of 1 MiB of U+0001",
            r#""1.0.0""#,
            format!(r#""{}""#, huge(r"\u0001")),
        ),
        patched::<Json, _>(
            m,
            Class::HugeText,
            Invalid,
            "a list id of 1 MiB",
            &id,
            huge("0"),
        ),
        patched::<Json, _>(
            m,
            Class::HugeText,
            Invalid,
            "a list color of 1 MiB",
            header,
            header.replace("#ff0000", &format!("#{}", huge("f"))),
        ),
        patched::<Json, _>(
            m,
            Class::HugeText,
            Invalid,
            "a list's created time of 1 MiB",
            header,
            header.replace("2025-11-03T09:00:00.000Z", &huge("2")),
        ),
    ]
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let r = &SensorReading::workload(1).remove(0);
        let humidity = format!(r#""humidity":{:?}"#, r.humidity);
        vec![
            patched::<Json, _>(
                r,
                Nesting,
                Invalid,
                "100 000 nested arrays as the humidity",
                &humidity,
                format!(r#""humidity":{}"#, deep("[")),
            ),
            patched::<Json, _>(
                r,
                Utf8,
                Syntax,
                "a byte 0xff in the sensor id",
                &r.sensor_id,
                b"\xff",
            ),
            patched::<Json, _>(
                r,
                WrongType,
                Invalid,
                "the humidity is a string",
                &humidity,
                r#""humidity":"57""#,
            ),
            patched::<Json, _>(
                r,
                Duplicate,
                Invalid,
                "the humidity twice",
                &humidity,
                format!("{humidity},{humidity}"),
            ),
            patched::<Json, _>(
                r,
                Other,
                Syntax,
                "the humidity is NaN",
                &humidity,
                r#""humidity":NaN"#,
            ),
            patched::<Json, _>(
                r,
                Other,
                Syntax,
                "the humidity is 1e400",
                &humidity,
                r#""humidity":1e400"#,
            ),
            patched::<Json, _>(
                r,
                Other,
                Syntax,
                "the humidity has 100 000 digits",
                &humidity,
                format!(r#""humidity":{}"#, "9".repeat(NESTING)),
            ),
        ]
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let g = &Graph::generate(1);
        let name = format!(r#""{}""#, g.nodes[0].name);
        let weight = format!(r#""weight":{}"#, g.edges[0].weight);
        vec![
            patched::<Json, _>(
                g,
                Nesting,
                Invalid,
                "100 000 nested arrays as out edges",
                r#""out_edges":[0]"#,
                format!(r#""out_edges":{}"#, deep("[")),
            ),
            patched::<Json, _>(
                g,
                Utf8,
                Syntax,
                "a byte 0xff in a node name",
                &name,
                b"\"\xff\"",
            ),
            patched::<Json, _>(
                g,
                WrongType,
                Invalid,
                "a weight is a string",
                &weight,
                r#""weight":"1""#,
            ),
            patched::<Json, _>(
                g,
                Duplicate,
                Invalid,
                "the edges twice",
                r#","edges":"#,
                r#","edges":[],"edges":"#,
            ),
            patched::<Json, _>(
                g,
                Other,
                Invalid,
                "a node id of 65 536",
                r#""id":0"#,
                r#""id":65536"#,
            ),
            patched::<Json, _>(
                g,
                Other,
                Invalid,
                "a node id of -0",
                r#""id":0"#,
                r#""id":-0"#,
            ),
            patched::<Json, _>(
                g,
                Other,
                Invalid,
                "an out edge of -0",
                r#""out_edges":[0]"#,
                r#""out_edges":[-0]"#,
            ),
            patched::<Json, _>(
                g,
                Other,
                Invalid,
                "a weight of -0",
                &weight,
                r#""weight":-0"#,
            ),
        ]
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let r = &small_record();
        vec![
            patched::<Json, _>(
                r,
                Nesting,
                Invalid,
                "100 000 nested arrays as ids",
                "[7]",
                deep("["),
            ),
            patched::<Json, _>(
                r,
                Utf8,
                Syntax,
                "a byte 0xff in a string",
                r#"["s"]"#,
                b"[\"\xff\"]",
            ),
            patched::<Json, _>(r, WrongType, Invalid, "an id is a float", "[7]", "[1.5]"),
            patched::<Json, _>(
                r,
                WrongType,
                Invalid,
                "a string is a number",
                r#"["s"]"#,
                "[3]",
            ),
            patched::<Json, _>(
                r,
                Duplicate,
                Invalid,
                "the ids twice",
                r#""ids":[7]"#,
                r#""ids":[7],"ids":[]"#,
            ),
            patched::<Json, _>(
                r,
                Other,
                Invalid,
                "an id of 2^64",
                "[7]",
                "[18446744073709551616]",
            ),
            patched::<Json, _>(r, Other, Invalid, "an id of -0", "[7]", "[-0]"),
        ]
    }
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let m = &MediaContent::canonical();
        vec![
            patched::<Json, _>(
                m,
                Nesting,
                Invalid,
                "100 000 nested arrays as the persons",
                r#""persons":["#,
                format!(r#""persons":{}"#, deep("[")),
            ),
            patched::<Json, _>(
                m,
                Utf8,
                Syntax,
                "a byte 0xff in the uri",
                "keynote.mpg",
                b"keynote\xff.mpg",
            ),
            patched::<Json, _>(
                m,
                WrongType,
                Invalid,
                "the width is a string",
                r#""width":640"#,
                r#""width":"640""#,
            ),
            patched::<Json, _>(
                m,
                WrongType,
                Invalid,
                "the player is an object",
                r#""player":"JAVA""#,
                r#""player":{"JAVA":1}"#,
            ),
            patched::<Json, _>(
                m,
                UnknownEnum,
                Invalid,
                "player BANANA",
                r#""player":"JAVA""#,
                r#""player":"BANANA""#,
            ),
            patched::<Json, _>(
                m,
                UnknownEnum,
                Invalid,
                "image size HUGE",
                r#""size":"LARGE""#,
                r#""size":"HUGE""#,
            ),
            patched::<Json, _>(
                m,
                Duplicate,
                Invalid,
                "the player twice",
                r#""player":"JAVA""#,
                r#""player":"JAVA","player":"FLASH""#,
            ),
            patched::<Json, _>(
                m,
                Other,
                Invalid,
                "the width -0",
                r#""width":640"#,
                r#""width":-0"#,
            ),
            patched::<Json, _>(
                m,
                Other,
                Invalid,
                "the duration -0",
                &format!(r#""duration":{}"#, m.media.duration),
                r#""duration":-0"#,
            ),
        ]
    }
}

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

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
        vec![
            patched::<Json, _>(
                l,
                Nesting,
                Invalid,
                "100 000 nested arrays as the userid",
                r#""userid":"alice""#,
                format!(r#""userid":{}"#, deep("[")),
            ),
            patched::<Json, _>(
                l,
                Utf8,
                Syntax,
                "a byte 0xff in the userid",
                r#""userid":"alice""#,
                b"\"userid\":\"al\xffice\"",
            ),
            patched::<Json, _>(
                l,
                WrongType,
                Invalid,
                "the code is a string",
                r#""code":200"#,
                r#""code":"200""#,
            ),
            patched::<Json, _>(
                l,
                Duplicate,
                Invalid,
                "the code twice",
                r#""code":200"#,
                r#""code":200,"code":201"#,
            ),
            patched::<Json, _>(
                l,
                Other,
                Invalid,
                "an address byte of 256",
                r#""x0":1"#,
                r#""x0":256"#,
            ),
            patched::<Json, _>(
                l,
                Other,
                Invalid,
                "the code -0",
                r#""code":200"#,
                r#""code":-0"#,
            ),
        ]
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let mut m = Mesh::generate(1);
        m.triangles[0].v0 = Vector3 {
            x: 0.5,
            y: 0.25,
            z: 0.125,
        };
        let m = &m;
        let x = r#""v0":{"x":0.5,"#;
        vec![
            patched::<Json, _>(
                m,
                Nesting,
                Invalid,
                "100 000 nested arrays as an x",
                x,
                format!(r#""v0":{{"x":{},"#, deep("[")),
            ),
            patched::<Json, _>(
                m,
                Utf8,
                Syntax,
                "a byte 0xff in a key",
                x,
                b"\"v0\":{\"\xff\":0.5,",
            ),
            patched::<Json, _>(
                m,
                WrongType,
                Invalid,
                "an x is a string",
                x,
                r#""v0":{"x":"0.5","#,
            ),
            patched::<Json, _>(
                m,
                Duplicate,
                Invalid,
                "an x twice",
                x,
                r#""v0":{"x":0.5,"x":0.5,"#,
            ),
            patched::<Json, _>(m, Other, Syntax, "an x is NaN", x, r#""v0":{"x":NaN,"#),
        ]
    }
}

impl Crafts<Players> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let mut p = Players::generate(1);
        let player = &mut p.players[0];
        player.game_type = GameType::Creative;
        player.score = 12_345;
        "overworld".clone_into(&mut player.dimension);
        player.selected_item.count = 5;
        player.entered_nether_position = Some((1.5, 2.5, 3.5));
        let p = &p;
        let game_type = r#""game_type":"Creative""#;
        let score = r#""score":12345"#;
        let position = r#""entered_nether_position":[1.5,2.5,3.5]"#;
        vec![
            patched::<Json, _>(
                p,
                Nesting,
                Invalid,
                "100 000 nested arrays as the score",
                score,
                format!(r#""score":{}"#, deep("[")),
            ),
            patched::<Json, _>(
                p,
                Utf8,
                Syntax,
                "a byte 0xff in the dimension",
                r#""dimension":"overworld""#,
                b"\"dimension\":\"over\xffworld\"",
            ),
            patched::<Json, _>(
                p,
                WrongType,
                Invalid,
                "the score is a string",
                score,
                r#""score":"12345""#,
            ),
            patched::<Json, _>(
                p,
                UnknownEnum,
                Invalid,
                "game type Hardcore",
                game_type,
                r#""game_type":"Hardcore""#,
            ),
            patched::<Json, _>(
                p,
                Duplicate,
                Invalid,
                "the score twice",
                score,
                r#""score":12345,"score":1"#,
            ),
            patched::<Json, _>(
                p,
                Other,
                Invalid,
                "a selected item count of 128",
                r#""selected_item":{"count":5"#,
                r#""selected_item":{"count":128"#,
            ),
            patched::<Json, _>(
                p,
                Other,
                Invalid,
                "a nether position of two numbers",
                position,
                r#""entered_nether_position":[1.5,2.5]"#,
            ),
        ]
    }
}

impl Crafts<Updates> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

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
        let score = r#""score":4321"#;
        let reloads = r#""reloads":[true,false]"#;
        vec![
            patched::<Json, _>(
                u,
                Nesting,
                Invalid,
                "100 000 nested arrays as the reloads",
                reloads,
                format!(r#""reloads":{}"#, deep("[")),
            ),
            patched::<Json, _>(
                u,
                Utf8,
                Syntax,
                "a byte 0xff in a key",
                score,
                b"\"sc\xffore\":4321",
            ),
            patched::<Json, _>(
                u,
                WrongType,
                Invalid,
                "the reloads are numbers",
                reloads,
                r#""reloads":[1,0]"#,
            ),
            patched::<Json, _>(
                u,
                UnknownEnum,
                Invalid,
                "entity type Titanic",
                r#""entity_type":"Zubr""#,
                r#""entity_type":"Titanic""#,
            ),
            patched::<Json, _>(
                u,
                Duplicate,
                Invalid,
                "the score twice",
                score,
                r#""score":4321,"score":1"#,
            ),
            patched::<Json, _>(
                u,
                Other,
                Invalid,
                "a turret angle of 65 536",
                r#""turret_angles":[10,20]"#,
                r#""turret_angles":[10,65536]"#,
            ),
            patched::<Json, _>(
                u,
                Other,
                Invalid,
                "a chunk id of one number",
                r#""chunk_id":[3,-4]"#,
                r#""chunk_id":[3]"#,
            ),
            patched::<Json, _>(
                u,
                Other,
                Invalid,
                "the player id -0",
                r#""player_id":7"#,
                r#""player_id":-0"#,
            ),
        ]
    }
}

/// serde_json's crafted inputs for another library, which reads the same
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
    /// simd-json's view of the inputs: nesting stops at the depth pass
    /// before it (serde_json finds the wrong type first), and an integer
    /// past 64 bits is to simd-json an invalid number, a syntax error.
    Simd,
    expansion = 40,
    kind = |input| match input.class {
        Class::Nesting => ErrorKind::Limit,
        _ if input.what == "an id of 2^64" => ErrorKind::Syntax,
        _ => input.kind,
    }
);

alike!(
    /// sonic-rs's view of the inputs: nesting stops at the depth pass
    /// before it (serde_json finds the wrong type first).
    Sonic,
    expansion = 24,
    kind = |input| match input.class {
        Class::Nesting => ErrorKind::Limit,
        _ => input.kind,
    }
);

alike!(
    /// simd-json-derive's view of the inputs: simd-json's, through the
    /// same pass and parser.
    SimdDerive,
    expansion = 40,
    kind = |input| match input.class {
        Class::Nesting => ErrorKind::Limit,
        _ if input.what == "an id of 2^64" => ErrorKind::Syntax,
        _ => input.kind,
    }
);

alike!(
    /// flexon's view of the inputs: nesting stops at the pass before it
    /// (serde_json finds the wrong type first).
    Flexon,
    expansion = 24,
    kind = |input| match input.class {
        Class::Nesting => ErrorKind::Limit,
        _ => input.kind,
    }
);
