//! rust_serialization_benchmark's four datasets: their crafted hostile
//! inputs, in both protocols, built from small valid values written by
//! hand, and the layouts those values pin.

use serbench_model::log::{Address, Log};
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{Codec, Dataset, Logs, Mesh, Players, Updates};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, replace_once};
use serbench_thrift::{ErrorKind, ThriftBinary, ThriftCompact};

use crate::hostile::{Inputs, crafted};
use crate::wire::{BinaryWire, CompactWire, Kind, Wire, varint, zigzag};

/// A length prefix far past the input, in either protocol.
const PAST: u32 = 0x7fff_ffff;

/// Logs of one record, its address's first byte `x0` and its userid
/// `userid`.
pub(crate) fn logs<W: Wire>(x0: i16, userid: &[u8]) -> Vec<u8> {
    [
        W::field(Kind::List, 1),
        W::list(Kind::Struct, 1),
        W::field(Kind::Struct, 1),
        W::field(Kind::I16, 1),
        W::i16(x0),
        W::field(Kind::I16, 2),
        W::i16(1),
        W::field(Kind::I16, 3),
        W::i16(2),
        W::field(Kind::I16, 4),
        W::i16(255),
        vec![W::STOP],
        W::field(Kind::String, 2),
        W::string(b"-"),
        W::field(Kind::String, 3),
        W::string(userid),
        W::field(Kind::String, 4),
        W::string(b"1/Jan/1970:0:0:0 +0000"),
        W::field(Kind::String, 5),
        W::string(b"GET / HTTP/1.1"),
        W::field(Kind::I32, 6),
        W::i32(404),
        W::field(Kind::I64, 7),
        W::i64(-1),
        vec![W::STOP, W::STOP],
    ]
    .concat()
}

/// A mesh of one triangle whose first coordinate is `x`.
fn mesh<W: Wire>(x: f64) -> Vec<u8> {
    let vector = |x: f64| {
        [
            W::field(Kind::Double, 1),
            W::double(x),
            W::field(Kind::Double, 2),
            W::double(0.5),
            W::field(Kind::Double, 3),
            W::double(-2.0),
            vec![W::STOP],
        ]
        .concat()
    };
    let mut bytes = [W::field(Kind::List, 1), W::list(Kind::Struct, 1)].concat();
    for id in 1..=4 {
        bytes.extend(W::field(Kind::Struct, id));
        bytes.extend(vector(if id == 1 { x } else { 1.0 }));
    }
    bytes.extend([W::STOP, W::STOP]);
    bytes
}

/// Players of one player with no optional field, its game type, dimension
/// and selected item's slot as given.
fn players<W: Wire>(game_type: i32, dimension: &[u8], slot: i16) -> Vec<u8> {
    let item = |slot: i16| {
        [
            W::field(Kind::I8, 1),
            vec![3],
            W::field(Kind::I16, 2),
            W::i16(slot),
            W::field(Kind::String, 3),
            W::string(b"dirt"),
            vec![W::STOP],
        ]
        .concat()
    };
    let mut abilities = [
        W::field(Kind::Double, 1),
        W::double(0.5),
        W::field(Kind::Double, 2),
        W::double(0.25),
    ]
    .concat();
    for id in 3..=7 {
        abilities.extend(W::bool_field(id, id == 4));
    }
    abilities.push(W::STOP);
    let mut book = [
        W::field(Kind::List, 1),
        W::list(Kind::String, 1),
        W::string(b"torch"),
        W::field(Kind::List, 2),
        W::list(Kind::String, 0),
    ]
    .concat();
    for id in 3..=10 {
        book.extend(W::bool_field(id, id == 5));
    }
    book.push(W::STOP);
    let player = [
        W::field(Kind::I32, 1),
        W::i32(game_type),
        W::field(Kind::I32, 2),
        W::i32(0),
        W::field(Kind::I64, 3),
        W::i64(7),
        W::field(Kind::String, 4),
        W::string(dimension),
        W::field(Kind::I32, 5),
        W::i32(1),
        W::field(Kind::Struct, 6),
        item(slot),
        W::field_long(Kind::I64, 8),
        W::i64(-1),
        W::field(Kind::I64, 9),
        W::i64(64),
        W::field(Kind::I64, 10),
        W::i64(2),
        W::field_long(Kind::I32, 12),
        W::i32(0),
        W::field(Kind::Double, 13),
        W::double(0.5),
        W::field(Kind::Double, 14),
        W::double(5.0),
        W::field(Kind::I32, 15),
        W::i32(0),
        W::field(Kind::I32, 16),
        W::i32(3),
        W::field(Kind::Double, 17),
        W::double(0.25),
        W::field(Kind::I32, 18),
        W::i32(30),
        W::field(Kind::I32, 19),
        W::i32(-5),
        W::field(Kind::List, 20),
        W::list(Kind::Struct, 1),
        item(1),
        W::field(Kind::List, 21),
        W::list(Kind::Struct, 0),
        W::field(Kind::Struct, 22),
        abilities,
        W::bool_field_long(27, true),
        W::field(Kind::Struct, 28),
        book,
        vec![W::STOP],
    ]
    .concat();
    [
        W::field(Kind::List, 1),
        W::list(Kind::Struct, 1),
        player,
        vec![W::STOP],
    ]
    .concat()
}

/// Updates of one update of one contact and one terrain update, the
/// contact's entity type, damage and guidance velocity as given.
pub(crate) fn updates<W: Wire>(entity_type: i32, damage: i16, velocity: i16) -> Vec<u8> {
    let contact = [
        W::field(Kind::I16, 1),
        W::i16(damage),
        W::field(Kind::I32, 2),
        W::i32(77),
        W::field(Kind::I32, 3),
        W::i32(entity_type),
        W::field(Kind::Struct, 4),
        W::field(Kind::I32, 1),
        W::i32(90),
        W::bool_field(2, false),
        W::field(Kind::I16, 3),
        W::i16(velocity),
        vec![W::STOP],
        W::field(Kind::I32, 5),
        W::i32(250),
        W::field(Kind::List, 6),
        W::list(Kind::Bool, 2),
        W::bool(true),
        W::bool(false),
        W::field(Kind::Struct, 7),
        W::field(Kind::I8, 1),
        vec![0xdc],
        W::field(Kind::I32, 2),
        W::i32(180),
        W::field(Kind::Struct, 3),
        W::field(Kind::Double, 1),
        W::double(1.5),
        W::field(Kind::Double, 2),
        W::double(-3.0),
        vec![W::STOP],
        W::field(Kind::I16, 4),
        W::i16(0),
        vec![W::STOP],
        W::field(Kind::List, 8),
        W::list(Kind::I32, 1),
        W::i32(45),
        vec![W::STOP],
    ]
    .concat();
    [
        W::field(Kind::List, 1),
        W::list(Kind::Struct, 1),
        W::field(Kind::List, 1),
        W::list(Kind::Struct, 1),
        contact,
        W::field(Kind::I32, 2),
        W::i32(10),
        W::field(Kind::Double, 3),
        W::double(500.0),
        W::field(Kind::List, 4),
        W::list(Kind::Struct, 1),
        W::field(Kind::Struct, 1),
        W::field(Kind::I8, 1),
        vec![1],
        W::field(Kind::I8, 2),
        vec![0xff],
        vec![W::STOP],
        W::field(Kind::String, 2),
        W::string(b"\x01\x02\x03"),
        // The terrain update's, the update's and the root's ends.
        vec![W::STOP, W::STOP, W::STOP],
    ]
    .concat()
}

/// The value [`updates`] writes with entity type 8, damage 200 and
/// velocity 100.
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

impl<W: Wire> Crafts<Logs> for Inputs<W>
where
    Self: HostileInputs,
{
    fn crafted() -> Vec<Crafted> {
        let valid = logs::<W>(0, b"bob");
        vec![
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "an address byte of 256",
                logs::<W>(256, b"bob"),
            ),
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "an address byte of -1",
                logs::<W>(-1, b"bob"),
            ),
            crafted(
                Class::Utf8,
                ErrorKind::Syntax,
                "a userid of invalid UTF-8",
                logs::<W>(0, b"b\xffb"),
            ),
            crafted(
                Class::Length,
                ErrorKind::Truncated,
                "a userid declares 0x7fffffff bytes",
                replace_once(
                    &valid,
                    &W::string(b"bob"),
                    &[W::length(PAST), b"bob".to_vec()].concat(),
                ),
            ),
            crafted(
                Class::Length,
                ErrorKind::Truncated,
                "the logs declare 0x7fffffff items",
                [W::field(Kind::List, 1), W::list(Kind::Struct, PAST)].concat(),
            ),
        ]
    }
}

impl<W: Wire> Crafts<Mesh> for Inputs<W>
where
    Self: HostileInputs,
{
    fn crafted() -> Vec<Crafted> {
        // v0's x, the first coordinate, as an i32.
        let valid = mesh::<W>(0.75);
        let double = [W::field(Kind::Double, 1), W::double(0.75)].concat();
        let int = [W::field(Kind::I32, 1), W::i32(1)].concat();
        let int_coordinate = replace_once(&valid, &double, &int);
        vec![
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "a coordinate of 0.1, which no f32 holds",
                mesh::<W>(0.1),
            ),
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "a coordinate of 1e300, past every f32",
                mesh::<W>(1e300),
            ),
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "a NaN whose payload has bits below an f32's",
                mesh::<W>(f64::from_bits(0x7ff8_0000_0000_0001)),
            ),
            crafted(
                Class::WrongType,
                ErrorKind::Invalid,
                "a coordinate is an i32",
                int_coordinate,
            ),
            crafted(
                Class::Length,
                ErrorKind::Truncated,
                "the triangles declare 0x7fffffff items",
                [W::field(Kind::List, 1), W::list(Kind::Struct, PAST)].concat(),
            ),
        ]
    }
}

impl<W: Wire> Crafts<Players> for Inputs<W>
where
    Self: HostileInputs,
{
    fn crafted() -> Vec<Crafted> {
        vec![
            crafted(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "a game type of 4",
                players::<W>(4, b"end", 0),
            ),
            crafted(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "a game type of -1",
                players::<W>(-1, b"end", 0),
            ),
            crafted(
                Class::Utf8,
                ErrorKind::Syntax,
                "a dimension of invalid UTF-8",
                players::<W>(0, b"\xc0\x80", 0),
            ),
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "an item's slot of 256",
                players::<W>(0, b"end", 256),
            ),
            crafted(
                Class::Length,
                ErrorKind::Truncated,
                "a dimension declares 0x7fffffff bytes",
                replace_once(
                    &players::<W>(0, b"nether", 0),
                    &W::string(b"nether"),
                    &[W::length(PAST), b"nether".to_vec()].concat(),
                ),
            ),
        ]
    }
}

impl<W: Wire> Crafts<Updates> for Inputs<W>
where
    Self: HostileInputs,
{
    fn crafted() -> Vec<Crafted> {
        let valid = updates::<W>(8, 200, 100);
        let mut inputs = vec![
            crafted(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "an entity type of 10",
                updates::<W>(10, 200, 100),
            ),
            crafted(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "an entity type of -1",
                updates::<W>(-1, 200, 100),
            ),
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "a damage of 256",
                updates::<W>(8, 256, 100),
            ),
            crafted(
                Class::Length,
                ErrorKind::Truncated,
                "a terrain update's data declares 0x7fffffff bytes",
                replace_once(
                    &valid,
                    &W::string(b"\x01\x02\x03"),
                    &[W::length(PAST), b"\x01\x02\x03".to_vec()].concat(),
                ),
            ),
            crafted(
                Class::Length,
                ErrorKind::Truncated,
                "the reloads declare 0x7fffffff items",
                replace_once(
                    &valid,
                    &[W::list(Kind::Bool, 2), W::bool(true)].concat(),
                    &[W::list(Kind::Bool, PAST), W::bool(true)].concat(),
                ),
            ),
        ];
        if W::VARINTS {
            // The compact protocol's bools in a list are 1 (true) or 2
            // (false); the binary protocol reads any byte but 0 as true.
            inputs.push(crafted(
                Class::Other,
                ErrorKind::Syntax,
                "a reload flag of 3",
                replace_once(&valid, &[0x21, 0x01, 0x02], &[0x21, 0x03, 0x02]),
            ));
            // A guidance velocity of 100 (zigzag 200) with bit 17 set: cut
            // to 16 bits, 100 again.
            inputs.push(crafted(
                Class::Other,
                ErrorKind::Syntax,
                "a velocity with bit 17 set, cut to 100",
                replace_once(
                    &valid,
                    &[0x14, 0xc8, 0x01],
                    &[&[0x14][..], &varint(zigzag(100) + (1 << 17))].concat(),
                ),
            ));
        }
        inputs
    }
}

#[test]
fn the_inputs_are_built_from_valid_values() {
    fn decodes<C: Codec<D>, D: Dataset>(bytes: &[u8]) {
        if let Err(error) = C::decode(bytes) {
            panic!("{} {}: {error}", C::NAME, D::NAME);
        }
    }
    fn both<W: Wire, C>()
    where
        C: Codec<Logs> + Codec<Mesh> + Codec<Players> + Codec<Updates>,
    {
        decodes::<C, Logs>(&logs::<W>(0, b"bob"));
        decodes::<C, Mesh>(&mesh::<W>(1.0));
        decodes::<C, Players>(&players::<W>(0, b"end", 0));
        decodes::<C, Players>(&players::<W>(0, b"nether", 0));
        decodes::<C, Updates>(&updates::<W>(8, 200, 100));
    }
    both::<BinaryWire, ThriftBinary>();
    both::<CompactWire, ThriftCompact>();
}

#[test]
fn log_layout() {
    let value = Logs {
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
    assert_eq!(
        ThriftBinary::to_vec(&value).unwrap(),
        logs::<BinaryWire>(0, b"bob")
    );
    assert_eq!(
        ThriftCompact::to_vec(&value).unwrap(),
        logs::<CompactWire>(0, b"bob")
    );
}

#[test]
fn mk48_layout() {
    let value = small_updates();
    assert_eq!(
        ThriftBinary::to_vec(&value).unwrap(),
        updates::<BinaryWire>(8, 200, 100)
    );
    assert_eq!(
        ThriftCompact::to_vec(&value).unwrap(),
        updates::<CompactWire>(8, 200, 100)
    );
}
