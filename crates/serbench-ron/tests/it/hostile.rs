//! RON's crafted hostile inputs, which the conformance kit runs on a small
//! stack within its memory bound: each must fail with the kind given.
//!
//! Each input is a valid encoding with one part replaced. RON declares no
//! lengths (strings, lists, maps and structs end at their closing token)
//! and has no document type declarations. Its nesting is unbounded in the
//! format, but the model's types are not recursive, so a wrong container
//! fails before ron's recursion limit is reached; the document tests reach
//! the limit itself.

use serbench_model::log::{Address, Log};
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{
    Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager, Updates,
};
use serbench_ron::{ErrorKind, Ron};
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
            "RON declares no lengths: strings, lists, maps and structs end at their closing token",
        ),
        (
            Class::Dtd,
            "RON has no document type declarations or entities",
        ),
    ];

    // Measured with `-- --nocapture expansion`; see SECURITY.md.
    const EXPANSION: usize = 24;
}

impl Crafts<TaskManager> for Inputs {
    #[allow(
        clippy::too_many_lines,
        reason = "one list of crafted inputs, read top to bottom"
    )]
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax, TrailingBytes};

        let m = &TaskManager::generate(1);
        let huge = |unit: &str| unit.repeat(HUGE_TEXT);
        let id = m.lists[0].header.id.hyphenated().to_string();
        vec![
            Crafted::new(
                Nesting,
                "100 000 nested lists as the root",
                Invalid,
                deep("[").into_bytes(),
            ),
            patched::<Ron, _>(
                m,
                Nesting,
                Invalid,
                "100 000 nested lists as the user",
                r#""Demo User""#,
                deep("["),
            ),
            patched::<Ron, _>(
                m,
                Nesting,
                Invalid,
                "100 000 nested structs as the lists",
                "lists:[",
                format!("lists:{}", deep("(header:")),
            ),
            patched::<Ron, _>(
                m,
                Utf8,
                Syntax,
                "a byte 0xff in the user",
                "Demo User",
                b"Demo \xff User",
            ),
            patched::<Ron, _>(
                m,
                Utf8,
                Syntax,
                "an escaped lone surrogate in a list name",
                "Work",
                r"W\u{d800}rk",
            ),
            patched::<Ron, _>(
                m,
                WrongType,
                Invalid,
                "the user is a number",
                r#""Demo User""#,
                "3",
            ),
            patched::<Ron, _>(
                m,
                WrongType,
                Invalid,
                "the version is a list",
                r#""1.0.0""#,
                "[1,0,0]",
            ),
            patched::<Ron, _>(
                m,
                WrongType,
                Invalid,
                "the priority is a string",
                "priority:0",
                r#"priority:"0""#,
            ),
            patched::<Ron, _>(
                m,
                WrongType,
                Invalid,
                "completed is a number",
                "completed:true",
                "completed:1",
            ),
            patched::<Ron, _>(
                m,
                UnknownEnum,
                Invalid,
                "priority 4",
                "priority:0",
                "priority:4",
            ),
            patched::<Ron, _>(
                m,
                Duplicate,
                Invalid,
                "the user twice",
                r#"user:"Demo User","#,
                r#"user:"Demo User",user:"again","#,
            ),
            patched::<Ron, _>(
                m,
                Duplicate,
                Invalid,
                "a task's completed twice",
                "completed:true",
                "completed:true,completed:false",
            ),
            patched::<Ron, _>(
                m,
                Other,
                Invalid,
                "an unknown field",
                r#"user:"Demo User","#,
                r#"user:"Demo User",owner:"x","#,
            ),
            Crafted::new(
                Other,
                "a second value after the first",
                TrailingBytes,
                [
                    serbench_ron::to_vec(m).expect("a task manager encodes"),
                    b"()".to_vec(),
                ]
                .concat(),
            ),
            patched::<Ron, _>(
                m,
                Class::HugeText,
                Invalid,
                "a version of 1 MiB of U+0001",
                r#""1.0.0""#,
                format!(r#""{}""#, huge(r"\u{1}")),
            ),
            patched::<Ron, _>(
                m,
                Class::HugeText,
                Invalid,
                "a list id of 1 MiB",
                &id,
                huge("0"),
            ),
            patched::<Ron, _>(
                m,
                Class::HugeText,
                Invalid,
                "an unknown field of 1 MiB",
                r#"user:"Demo User","#,
                format!(r#"user:"Demo User",{}:1,"#, huge("k")),
            ),
        ]
    }
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let r = &SensorReading::workload(1).remove(0);
        let humidity = format!("humidity:{:?}", r.humidity);
        vec![
            patched::<Ron, _>(
                r,
                Nesting,
                Invalid,
                "100 000 nested lists as the humidity",
                &humidity,
                format!("humidity:{}", deep("[")),
            ),
            patched::<Ron, _>(
                r,
                Utf8,
                Syntax,
                "a byte 0xff in the sensor id",
                &r.sensor_id,
                b"\xff",
            ),
            patched::<Ron, _>(
                r,
                WrongType,
                Invalid,
                "the humidity is a string",
                &humidity,
                r#"humidity:"57""#,
            ),
            patched::<Ron, _>(
                r,
                Duplicate,
                Invalid,
                "the humidity twice",
                &humidity,
                format!("{humidity},{humidity}"),
            ),
        ]
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let g = &Graph::workload(1).remove(0);
        let name = format!(r#""{}""#, g.nodes[0].name);
        vec![
            patched::<Ron, _>(
                g,
                Nesting,
                Invalid,
                "100 000 nested lists as out edges",
                "out_edges:[",
                format!("out_edges:{}", deep("[")),
            ),
            patched::<Ron, _>(
                g,
                Utf8,
                Syntax,
                "a byte 0xff in a node name",
                &name,
                b"\"\xff\"",
            ),
            patched::<Ron, _>(g, WrongType, Invalid, "a node name is a number", &name, "1"),
            patched::<Ron, _>(
                g,
                Duplicate,
                Invalid,
                "the edges twice",
                ",edges:",
                ",edges:[],edges:",
            ),
            patched::<Ron, _>(
                g,
                Other,
                Invalid,
                "a node id of 2^64",
                "(id:0,",
                "(id:18446744073709551616,",
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
            patched::<Ron, _>(
                r,
                Nesting,
                Invalid,
                "100 000 nested lists as ids",
                "[7]",
                deep("["),
            ),
            patched::<Ron, _>(
                r,
                Utf8,
                Syntax,
                "a byte 0xff in a string",
                r#"["s"]"#,
                b"[\"\xff\"]",
            ),
            // ron reads the integer and then wants a comma.
            patched::<Ron, _>(r, WrongType, Syntax, "an id is a float", "[7]", "[1.5]"),
            patched::<Ron, _>(
                r,
                WrongType,
                Invalid,
                "a string is a number",
                r#"["s"]"#,
                "[3]",
            ),
            patched::<Ron, _>(
                r,
                Duplicate,
                Invalid,
                "the ids twice",
                "ids:[7]",
                "ids:[7],ids:[]",
            ),
            patched::<Ron, _>(
                r,
                Other,
                Invalid,
                "an id of 2^64",
                "[7]",
                "[18446744073709551616]",
            ),
        ]
    }
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let m = &MediaContent::canonical();
        vec![
            patched::<Ron, _>(
                m,
                Nesting,
                Invalid,
                "100 000 nested lists as the persons",
                "persons:[",
                format!("persons:{}", deep("[")),
            ),
            patched::<Ron, _>(
                m,
                Nesting,
                Invalid,
                "100 000 nested options as the copyright",
                "copyright:None",
                format!("copyright:{}", deep("Some(")),
            ),
            patched::<Ron, _>(
                m,
                Utf8,
                Syntax,
                "a byte 0xff in a person",
                "Bill Gates",
                b"Bill \xff Gates",
            ),
            patched::<Ron, _>(
                m,
                WrongType,
                Invalid,
                "the width is a string",
                "width:640",
                r#"width:"640""#,
            ),
            patched::<Ron, _>(
                m,
                UnknownEnum,
                Invalid,
                "player COBOL",
                "player:JAVA",
                "player:COBOL",
            ),
            patched::<Ron, _>(
                m,
                Duplicate,
                Invalid,
                "the width twice",
                "width:640",
                "width:640,width:640",
            ),
        ]
    }
}

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

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
        vec![
            patched::<Ron, _>(
                logs,
                Nesting,
                Invalid,
                "100 000 nested lists as the records",
                "logs:[",
                format!("logs:{}", deep("[")),
            ),
            patched::<Ron, _>(
                logs,
                Utf8,
                Syntax,
                "a byte 0xff in the user id",
                "alice",
                b"al\xffce",
            ),
            patched::<Ron, _>(
                logs,
                WrongType,
                Invalid,
                "the code is a string",
                "code:404",
                r#"code:"404""#,
            ),
            patched::<Ron, _>(
                logs,
                Duplicate,
                Invalid,
                "the code twice",
                "code:404",
                "code:404,code:404",
            ),
            patched::<Ron, _>(
                logs,
                Other,
                Invalid,
                "a size of 2^64",
                "size:5000",
                "size:18446744073709551616",
            ),
        ]
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, WrongType};
        use ErrorKind::Invalid;

        let mesh = &Mesh::generate(1);
        vec![
            patched::<Ron, _>(
                mesh,
                Nesting,
                Invalid,
                "100 000 nested lists as the triangles",
                "triangles:[",
                format!("triangles:{}", deep("[")),
            ),
            // The reader stops at the string, whatever follows it.
            patched::<Ron, _>(
                mesh,
                WrongType,
                Invalid,
                "a vertex's x is a string",
                "(v0:(x:",
                r#"(v0:(x:"1",q:"#,
            ),
            patched::<Ron, _>(
                mesh,
                Duplicate,
                Invalid,
                "a vertex's x twice",
                "(v0:(",
                "(v0:(x:1.0,",
            ),
        ]
    }
}

impl Crafts<Players> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let mut players = Players::generate(1);
        let player = &mut players.players[0];
        "overworld".clone_into(&mut player.dimension);
        "serbench_probe".clone_into(&mut player.selected_item.id);
        player.spawn_dimension = Some("serbench_spawn".to_owned());
        let game_type = format!("[(game_type:{:?}", player.game_type);
        let players = &players;
        vec![
            patched::<Ron, _>(
                players,
                Nesting,
                Invalid,
                "100 000 nested lists as the inventory",
                "inventory:[",
                format!("inventory:{}", deep("[")),
            ),
            patched::<Ron, _>(
                players,
                UnknownEnum,
                Invalid,
                "game type Hardcore",
                &game_type,
                "[(game_type:Hardcore",
            ),
            patched::<Ron, _>(
                players,
                Utf8,
                Syntax,
                "a byte 0xff in the selected item's id",
                "serbench_probe",
                b"serbench\xffprobe",
            ),
            // ron's implicit `Some` is an extension the codec leaves off.
            patched::<Ron, _>(
                players,
                WrongType,
                Invalid,
                "the spawn dimension without its Some",
                r#"Some("serbench_spawn")"#,
                r#""serbench_spawn""#,
            ),
            patched::<Ron, _>(
                players,
                Duplicate,
                Invalid,
                "the dimension twice",
                r#"dimension:"overworld""#,
                r#"dimension:"overworld",dimension:"end""#,
            ),
        ]
    }
}

impl Crafts<Updates> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, UnknownEnum, WrongType};
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
        vec![
            patched::<Ron, _>(
                updates,
                Nesting,
                Invalid,
                "100 000 nested lists as the turret angles",
                "turret_angles:[",
                format!("turret_angles:{}", deep("[")),
            ),
            patched::<Ron, _>(
                updates,
                UnknownEnum,
                Invalid,
                "entity type Titanic",
                "Some(Yasen)",
                "Some(Titanic)",
            ),
            patched::<Ron, _>(
                updates,
                WrongType,
                Invalid,
                "submerge is a number",
                "submerge:true",
                "submerge:1",
            ),
            patched::<Ron, _>(
                updates,
                WrongType,
                Invalid,
                "a reload is a number",
                "reloads:[true,false]",
                "reloads:[true,2]",
            ),
            patched::<Ron, _>(
                updates,
                Other,
                Invalid,
                "a terrain byte of 256",
                "data:[171,",
                "data:[256,",
            ),
            patched::<Ron, _>(
                updates,
                Duplicate,
                Invalid,
                "the score twice",
                "score:1000",
                "score:1000,score:1",
            ),
        ]
    }
}
