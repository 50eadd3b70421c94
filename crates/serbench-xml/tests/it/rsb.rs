//! rust_serialization_benchmark's four datasets: the layouts of small
//! values, text for text, and the crafted hostile inputs made from them.

use serbench_model::log::{Address, Log};
use serbench_model::mesh::{Triangle, Vector3};
use serbench_model::minecraft::GameType;
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{Codec, Logs, Mesh, Players, Updates};
use serbench_testkit::{Class, Crafted, Crafts, patched};
use serbench_xml::{ErrorKind, Xml, from_slice, to_vec};

use crate::hostile::{Inputs, deep, doctypes};

fn small_logs() -> Logs {
    Logs {
        logs: vec![Log {
            address: Address {
                x0: 0,
                x1: 1,
                x2: 2,
                x3: 255,
            },
            identity: "-".to_owned(),
            userid: "bob".to_owned(),
            date: "d".to_owned(),
            request: "r".to_owned(),
            code: 404,
            size: u64::MAX,
        }],
    }
}

fn small_mesh() -> Mesh {
    let half = Vector3 {
        x: 0.5,
        y: 0.5,
        z: 0.5,
    };
    Mesh {
        triangles: vec![Triangle {
            v0: Vector3 { x: 0.25, ..half },
            v1: half,
            v2: half,
            normal: half,
        }],
    }
}

/// A generated player with known strings, game types and flags.
fn small_players() -> Players {
    let mut players = Players::generate(1);
    let player = &mut players.players[0];
    player.game_type = GameType::Survival;
    player.previous_game_type = GameType::Creative;
    "end".clone_into(&mut player.dimension);
    player.spawn_forced = Some(true);
    player.seen_credits = true;
    players
}

fn small_updates() -> Updates {
    Updates {
        updates: vec![Update {
            contacts: vec![Contact {
                damage: 200,
                entity_id: 77,
                entity_type: Some(EntityType::Yasen),
                guidance: Guidance {
                    angle: 90,
                    submerge: false,
                    velocity: 100,
                },
                player_id: Some(250),
                reloads: vec![true, false],
                transform: Transform {
                    altitude: -36,
                    angle: 180,
                    position: (1.5, -3.0),
                    velocity: 0,
                },
                turret_angles: vec![45],
            }],
            score: 10,
            world_radius: 500.0,
            terrain_updates: vec![TerrainUpdate {
                chunk_id: (1, -1),
                data: vec![1, 2, 3],
            }],
        }],
    }
}

const DECLARATION: &str = r#"<?xml version="1.0" encoding="UTF-8"?>"#;

#[test]
fn log_layout() {
    let text = format!(
        r#"{DECLARATION}<logs><log address="0.1.2.255" identity="-" userid="bob" date="d" request="r" code="404" size="18446744073709551615"/></logs>"#
    );
    assert_eq!(
        String::from_utf8(to_vec(&small_logs()).unwrap()).unwrap(),
        text
    );
    assert_eq!(from_slice::<Logs>(text.as_bytes()).unwrap(), small_logs());
}

#[test]
fn mesh_layout() {
    let text = format!(
        r#"{DECLARATION}<mesh><triangle v0="0.25 0.5 0.5" v1="0.5 0.5 0.5" v2="0.5 0.5 0.5" normal="0.5 0.5 0.5"/></mesh>"#
    );
    assert_eq!(
        String::from_utf8(to_vec(&small_mesh()).unwrap()).unwrap(),
        text
    );
    assert_eq!(from_slice::<Mesh>(text.as_bytes()).unwrap(), small_mesh());
}

#[test]
fn mk48_layout() {
    let text = format!(
        r#"{DECLARATION}<updates><update score="10" world_radius="500"><contact damage="200" entity_id="77" entity_type="YASEN" player_id="250" reloads="true false" turret_angles="45"><guidance angle="90" submerge="false" velocity="100"/><transform altitude="-36" angle="180" position="1.5 -3" velocity="0"/></contact><terrain_update chunk_id="1 -1" data="010203"/></update></updates>"#
    );
    assert_eq!(
        String::from_utf8(to_vec(&small_updates()).unwrap()).unwrap(),
        text
    );
    assert_eq!(
        from_slice::<Updates>(text.as_bytes()).unwrap(),
        small_updates()
    );
}

#[test]
fn a_float_nan_other_than_the_canonical_one_is_refused() {
    let mut mesh = small_mesh();
    mesh.triangles[0].normal.z = f32::from_bits(0x7f80_0001);
    let error = Xml::to_vec(&mesh).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    mesh.triangles[0].normal.z = f32::NAN;
    let text = String::from_utf8(to_vec(&mesh).unwrap()).unwrap();
    assert!(text.contains(r#"normal="0.5 0.5 NaN""#), "{text}");
    assert_eq!(from_slice::<Mesh>(text.as_bytes()).unwrap(), mesh);
}

#[test]
fn a_player_reads_its_children_in_any_order() {
    let players = small_players();
    let text = String::from_utf8(to_vec(&players).unwrap()).unwrap();
    // The selected item moved after the recipe book.
    let start = text.find("<selected_item ").unwrap();
    let end = start + text[start..].find("/>").unwrap() + 2;
    let item = &text[start..end];
    let moved = text[..start].to_owned() + &text[end..];
    let moved = moved.replace("</player>", &format!("{item}</player>"));
    assert_eq!(from_slice::<Players>(moved.as_bytes()).unwrap(), players);
}

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let l = &small_logs();
        let mut inputs = doctypes("logs");
        inputs.extend([
            patched::<Xml, _>(
                l,
                Nesting,
                Invalid,
                "100 000 nested logs",
                "<log ",
                format!("{}<log ", deep("<logs>")),
            ),
            patched::<Xml, _>(
                l,
                Utf8,
                Syntax,
                "a byte 0xff in a userid",
                r#"userid="bob""#,
                b"userid=\"\xff\"",
            ),
            patched::<Xml, _>(
                l,
                WrongType,
                Invalid,
                "the code is a word",
                r#"code="404""#,
                r#"code="four""#,
            ),
            patched::<Xml, _>(
                l,
                Duplicate,
                Invalid,
                "the userid twice",
                r#"userid="bob""#,
                r#"userid="bob" userid="eve""#,
            ),
            patched::<Xml, _>(
                l,
                Other,
                Invalid,
                "an address byte of 256",
                r#"address="0.1.2.255""#,
                r#"address="0.1.2.256""#,
            ),
            patched::<Xml, _>(
                l,
                Other,
                Invalid,
                "an address of three bytes",
                r#"address="0.1.2.255""#,
                r#"address="0.1.2""#,
            ),
            patched::<Xml, _>(
                l,
                Other,
                Invalid,
                "an address byte with a sign",
                r#"address="0.1.2.255""#,
                r#"address="0.1.+2.255""#,
            ),
            patched::<Xml, _>(
                l,
                Other,
                Invalid,
                "a code of 65 536",
                r#"code="404""#,
                r#"code="65536""#,
            ),
        ]);
        inputs
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let m = &small_mesh();
        let v0 = r#"v0="0.25 0.5 0.5""#;
        let mut inputs = doctypes("mesh");
        inputs.extend([
            patched::<Xml, _>(
                m,
                Nesting,
                Invalid,
                "100 000 nested meshes",
                "<triangle ",
                format!("{}<triangle ", deep("<mesh>")),
            ),
            patched::<Xml, _>(
                m,
                Utf8,
                Syntax,
                "a byte 0xff in a vertex",
                v0,
                b"v0=\"0.25 \xff 0.5\"",
            ),
            patched::<Xml, _>(
                m,
                WrongType,
                Invalid,
                "a coordinate is a word",
                v0,
                r#"v0="0.25 half 0.5""#,
            ),
            patched::<Xml, _>(
                m,
                WrongType,
                Invalid,
                "a coordinate in Rust's spelling",
                v0,
                r#"v0="0.25 inf 0.5""#,
            ),
            patched::<Xml, _>(m, Duplicate, Invalid, "v0 twice", v0, format!("{v0} {v0}")),
            patched::<Xml, _>(
                m,
                Other,
                Invalid,
                "a vertex of two coordinates",
                v0,
                r#"v0="0.25 0.5""#,
            ),
            patched::<Xml, _>(
                m,
                Other,
                Invalid,
                "a vertex of four coordinates",
                v0,
                r#"v0="0.25 0.5 0.5 0.5""#,
            ),
        ]);
        inputs
    }
}

impl Crafts<Players> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let p = &small_players();
        // With the space before it: `spawn_dimension="end"` is another.
        let dimension = r#" dimension="end""#;
        let mut inputs = doctypes("players");
        inputs.extend([
            patched::<Xml, _>(p, Nesting, Invalid, "100 000 nested players", "<selected_item ", format!("{}<selected_item ", deep("<player>"))),
            patched::<Xml, _>(p, Utf8, Syntax, "a byte 0xff in a dimension", dimension, b" dimension=\"\xff\""),
            patched::<Xml, _>(p, UnknownEnum, Invalid, "game type HARDCORE", r#" game_type="SURVIVAL""#, r#" game_type="HARDCORE""#),
            patched::<Xml, _>(p, WrongType, Invalid, "seen_credits is maybe", r#"seen_credits="true""#, r#"seen_credits="maybe""#),
            patched::<Xml, _>(p, WrongType, Invalid, "spawn_forced is 2", r#"spawn_forced="true""#, r#"spawn_forced="2""#),
            patched::<Xml, _>(p, Duplicate, Invalid, "the dimension twice", dimension, format!("{dimension}{dimension}")),
            patched::<Xml, _>(p, Duplicate, Invalid, "the abilities twice", "<abilities ", r#"<abilities walk_speed="0" fly_speed="0" may_fly="true" flying="true" invulnerable="true" may_build="true" instabuild="true"/><abilities "#),
            patched::<Xml, _>(p, Other, Invalid, "an unknown element in a player", "<selected_item ", "<unselected_item "),
        ]);
        inputs
    }
}

impl Crafts<Updates> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let u = &small_updates();
        let mut inputs = doctypes("updates");
        inputs.extend([
            patched::<Xml, _>(
                u,
                Nesting,
                Invalid,
                "100 000 nested contacts",
                "<guidance ",
                format!("{}<guidance ", deep("<contact>")),
            ),
            patched::<Xml, _>(
                u,
                Utf8,
                Syntax,
                "a byte 0xff in a score",
                r#"score="10""#,
                b"score=\"\xff\"",
            ),
            patched::<Xml, _>(
                u,
                UnknownEnum,
                Invalid,
                "entity type TITANIC",
                r#"entity_type="YASEN""#,
                r#"entity_type="TITANIC""#,
            ),
            patched::<Xml, _>(
                u,
                WrongType,
                Invalid,
                "a reload flag of maybe",
                r#"reloads="true false""#,
                r#"reloads="true maybe""#,
            ),
            patched::<Xml, _>(
                u,
                Duplicate,
                Invalid,
                "the guidance twice",
                "<guidance ",
                r#"<guidance angle="1" submerge="true" velocity="1"/><guidance "#,
            ),
            patched::<Xml, _>(
                u,
                Other,
                Invalid,
                "a damage of 256",
                r#"damage="200""#,
                r#"damage="256""#,
            ),
            patched::<Xml, _>(
                u,
                Other,
                Invalid,
                "data of an odd number of hex digits",
                r#"data="010203""#,
                r#"data="01020""#,
            ),
            patched::<Xml, _>(
                u,
                Other,
                Invalid,
                "data that is not hex",
                r#"data="010203""#,
                r#"data="01020g""#,
            ),
            patched::<Xml, _>(
                u,
                Other,
                Invalid,
                "an unknown element in a contact",
                "<transform ",
                "<transformer ",
            ),
        ]);
        inputs
    }
}
