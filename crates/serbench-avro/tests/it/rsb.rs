//! rust_serialization_benchmark's four datasets: their crafted hostile
//! inputs, built from small datums written by hand ([`crate::datum`]),
//! and the layouts those datums pin.

use serbench_avro::{ErrorKind, from_slice, to_vec};
use serbench_model::log::{Address, Log};
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{Logs, Mesh, Players, Updates};
use serbench_testkit::{Class, Crafted, Crafts};

use crate::datum::{array, long, string};
use crate::hostile::{Inputs, counts, input, lengths, malformed};

/// An Avro `float`: its 4 bytes, little-endian.
fn float(value: f32) -> Vec<u8> {
    value.to_le_bytes().to_vec()
}

/// A log record: its address's first byte, its userid and its code.
fn log(x0: i64, userid: &[u8], code: i64) -> Vec<u8> {
    [
        long(x0),
        long(1),
        long(2),
        long(255),
        string(b"-"),
        string(userid),
        string(b"1/Jan/1970:0:0:0 +0000"),
        string(b"GET / HTTP/1.1"),
        long(code),
        long(-1),
    ]
    .concat()
}

/// A triangle whose coordinates are 0.5.
fn triangle() -> Vec<u8> {
    float(0.5).repeat(12)
}

/// An item: count 3, the slot, id `dirt`.
fn item(slot: i64) -> Vec<u8> {
    [long(3), long(slot), string(b"dirt")].concat()
}

/// A player with no optional value, its game type, dimension, selected
/// item's slot and spawn_forced union as given.
fn player(game_type: i64, dimension: &[u8], slot: i64, spawn_forced: Vec<u8>) -> Vec<u8> {
    let abilities = [float(0.5), float(0.25), vec![0, 1, 0, 0, 0]].concat();
    let book = [
        array(&[string(b"torch")]),
        array(&[]),
        vec![0, 0, 1, 0, 0, 0, 0, 0],
    ]
    .concat();
    [
        long(game_type),
        long(0),
        long(7),
        string(dimension),
        long(1),
        item(slot),
        long(0),
        long(-1),
        long(64),
        long(2),
        spawn_forced,
        long(0),
        float(0.5),
        float(5.0),
        long(0),
        long(3),
        float(0.25),
        long(30),
        long(-5),
        array(&[item(1)]),
        array(&[]),
        abilities,
        // entered_nether_position, root_vehicle and the shoulder entities:
        // null.
        long(0),
        long(0),
        long(0),
        long(0),
        vec![1],
        book,
    ]
    .concat()
}

/// An update of one contact (its entity type's union, damage, first reload
/// flag and guidance velocity as given) and one terrain update.
fn update(entity_type: Vec<u8>, damage: i64, reload: u8, velocity: i64) -> Vec<u8> {
    let contact = [
        long(damage),
        long(77),
        entity_type,
        long(90),
        vec![0],
        long(velocity),
        [long(1), long(250)].concat(),
        array(&[vec![reload], vec![0]]),
        long(-36),
        long(180),
        float(1.5),
        float(-3.0),
        long(0),
        array(&[long(45)]),
    ]
    .concat();
    let terrain = [long(1), long(-1), string(b"\x01\x02\x03")].concat();
    [array(&[contact]), long(10), float(500.0), array(&[terrain])].concat()
}

/// The union branch of a contact's entity type.
fn yasen() -> Vec<u8> {
    [long(1), long(8)].concat()
}

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let whole = array(&[log(0, b"bob", 404)]);
        let mut inputs = [
            counts("the logs", |count| count),
            lengths("a userid", |n| {
                [
                    long(1),
                    long(0),
                    long(1),
                    long(2),
                    long(3),
                    string(b"-"),
                    long(n),
                    b"bob".to_vec(),
                ]
                .concat()
            }),
            malformed(&whole, &[]),
        ]
        .concat();
        inputs.extend([
            input(
                Class::Utf8,
                ErrorKind::Syntax,
                "a userid of ff",
                array(&[log(0, b"\xff", 404)]),
            ),
            input(
                Class::WrongType,
                ErrorKind::Invalid,
                "an address byte of 256",
                array(&[log(256, b"bob", 404)]),
            ),
            input(
                Class::WrongType,
                ErrorKind::Invalid,
                "a code of 65 536",
                array(&[log(0, b"bob", 65_536)]),
            ),
        ]);
        inputs
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let whole = array(&[triangle()]);
        let mut inputs = [
            counts("the triangles", |count| count),
            malformed(&whole, &[]),
        ]
        .concat();
        // Every 4 bytes are some f32: a mesh has no value of a wrong type,
        // only counts and cuts.
        inputs.push(input(
            Class::Other,
            ErrorKind::Truncated,
            "a triangle cut inside its last float",
            [long(1), triangle()[..46].to_vec()].concat(),
        ));
        inputs
    }
}

impl Crafts<Players> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let null = long(0);
        let whole = array(&[player(0, b"end", 0, null.clone())]);
        let mut inputs = [
            counts("the players", |count| count),
            lengths("a dimension", |n| {
                [long(1), long(0), long(0), long(7), long(n), b"end".to_vec()].concat()
            }),
            malformed(&whole, &[]),
        ]
        .concat();
        inputs.extend([
            input(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "a game type of 4",
                array(&[player(4, b"end", 0, null.clone())]),
            ),
            input(
                Class::Utf8,
                ErrorKind::Syntax,
                "a dimension of c0 80",
                array(&[player(0, b"\xc0\x80", 0, null.clone())]),
            ),
            input(
                Class::WrongType,
                ErrorKind::Invalid,
                "an item's slot of 256",
                array(&[player(0, b"end", 256, null.clone())]),
            ),
            input(
                Class::WrongType,
                ErrorKind::Invalid,
                "spawn_forced in union branch 2 of [null, boolean]",
                array(&[player(0, b"end", 0, long(2))]),
            ),
            input(
                Class::WrongType,
                ErrorKind::Invalid,
                "spawn_forced a boolean of 2",
                array(&[player(0, b"end", 0, [long(1), vec![2]].concat())]),
            ),
        ]);
        inputs
    }
}

impl Crafts<Updates> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let whole = array(&[update(yasen(), 200, 1, 100)]);
        let mut inputs = [
            counts("the updates", |count| count),
            counts("a contact's reloads", |count| {
                // One update of one contact: damage, entity_id, a null
                // entity_type, the guidance (angle, submerge, velocity), a
                // null player_id, then the reloads.
                let before = [long(1), long(1), long(0), long(0), long(0)].concat();
                [before, long(0), vec![0], long(0), long(0), count].concat()
            }),
            malformed(&whole, &[]),
        ]
        .concat();
        inputs.extend([
            input(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "an entity type of 10",
                array(&[update([long(1), long(10)].concat(), 200, 1, 100)]),
            ),
            input(
                Class::WrongType,
                ErrorKind::Invalid,
                "an entity type in union branch -1",
                array(&[update([long(-1), long(8)].concat(), 200, 1, 100)]),
            ),
            input(
                Class::WrongType,
                ErrorKind::Invalid,
                "a reload flag of 2",
                array(&[update(yasen(), 200, 2, 100)]),
            ),
            input(
                Class::WrongType,
                ErrorKind::Invalid,
                "a damage of 256",
                array(&[update(yasen(), 256, 1, 100)]),
            ),
            input(
                Class::WrongType,
                ErrorKind::Invalid,
                "a velocity of 40 000",
                array(&[update(yasen(), 200, 1, 40_000)]),
            ),
        ]);
        inputs
    }
}

#[test]
fn log_is_the_datum_the_specification_gives() {
    let logs = Logs {
        logs: vec![Log {
            address: Address {
                x0: 0,
                x1: 1,
                x2: 2,
                x3: 255,
            },
            identity: "-".to_owned(),
            userid: "bob".to_owned(),
            date: "1/Jan/1970:0:0:0 +0000".to_owned(),
            request: "GET / HTTP/1.1".to_owned(),
            code: 404,
            size: u64::MAX,
        }],
    };
    let datum = array(&[log(0, b"bob", 404)]);
    assert_eq!(to_vec(&logs).unwrap(), datum);
    assert_eq!(from_slice::<Logs>(&datum).unwrap(), logs);
}

#[test]
fn mk48_is_the_datum_the_specification_gives() {
    let updates = Updates {
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
    };
    let datum = array(&[update(yasen(), 200, 1, 100)]);
    assert_eq!(to_vec(&updates).unwrap(), datum);
    assert_eq!(from_slice::<Updates>(&datum).unwrap(), updates);
}

#[test]
fn the_crafted_players_are_built_from_a_valid_datum() {
    let players: Players = from_slice(&array(&[player(1, b"end", 9, long(0))])).unwrap();
    assert_eq!(players.players[0].selected_item.slot, 9);
    let players: Players =
        from_slice(&array(&[player(0, b"end", 0, [long(1), vec![1]].concat())])).unwrap();
    assert_eq!(players.players[0].spawn_forced, Some(true));
}

#[test]
fn every_f32_keeps_its_bits() {
    let nan = f32::from_bits(0x7f80_0001);
    let mesh = Mesh {
        triangles: vec![serbench_model::mesh::Triangle {
            v0: serbench_model::mesh::Vector3 {
                x: nan,
                y: -0.0,
                z: f32::from_bits(1),
            },
            ..Mesh::generate(1).triangles[0]
        }],
    };
    let bytes = to_vec(&mesh).unwrap();
    assert_eq!(&bytes[1..5], 0x7f80_0001_u32.to_le_bytes());
    assert_eq!(from_slice::<Mesh>(&bytes).unwrap(), mesh);
}
