//! rust_serialization_benchmark's four datasets: the layouts a Qt program
//! writes for small values, byte for byte, and the crafted hostile inputs
//! made from them.

use serbench_model::log::{Address, Log};
use serbench_model::mesh::{Triangle, Vector3};
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{Logs, Mesh, Players, Updates};
use serbench_qdatastream::{ErrorKind, from_slice, to_vec};
use serbench_testkit::{Class, Crafted, Crafts, hex, overwritten};

use crate::hostile::{Inputs, crafted, sizes};

const SMALL_LOGS: &str = "
    00000001                    # logs: 1
      000102ff                  #   address 0.1.2.255
      00000002 002d             #   identity \"-\"
      00000006 0062 006f 0062   #   userid \"bob\"
      00000002 0064             #   date \"d\"
      00000002 0072             #   request \"r\"
      0194                      #   code 404
      ffffffffffffffff          #   size
";

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

const SMALL_UPDATES: &str = "
    00000001                    # updates: 1
      00000001                  #   contacts: 1
        c8 0000004d             #     damage 200, entity 77
        01 08                   #     an entity type: Yasen
        005a 00 0064            #     guidance: 90, no dive, 100
        01 00fa                 #     a player: 250
        00000002 01 00          #     reloads [true, false]
        dc 00b4                 #     transform: altitude -36, angle 180,
        3ff8000000000000        #       position 1.5 (a float as a double)
        c008000000000000        #       and -3.0,
        0000                    #       velocity 0
        00000001 002d           #     turret angles [45]
      0000000a                  #   score 10
      407f400000000000          #   world radius 500.0
      00000001                  #   terrain updates: 1
        01 ff 00000003 010203   #     chunk (1, -1), 3 bytes of data
";

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

/// A mesh of one triangle, every coordinate 0.5.
fn small_mesh() -> Mesh {
    let half = Vector3 {
        x: 0.5,
        y: 0.5,
        z: 0.5,
    };
    Mesh {
        triangles: vec![Triangle {
            v0: half,
            v1: half,
            v2: half,
            normal: half,
        }],
    }
}

/// A generated player with no option, no list item and known strings,
/// so that every field has a fixed place ([`player`]).
fn small_players() -> Players {
    let mut players = Players::generate(1);
    let player = &mut players.players[0];
    "end".clone_into(&mut player.dimension);
    "dirt".clone_into(&mut player.selected_item.id);
    player.spawn_dimension = None;
    player.spawn_forced = None;
    player.inventory.clear();
    player.ender_items.clear();
    player.entered_nether_position = None;
    player.root_vehicle = None;
    player.shoulder_entity_left = None;
    player.shoulder_entity_right = None;
    player.recipe_book.recipes.clear();
    player.recipe_book.to_be_displayed.clear();
    players
}

/// Where [`small_players`]' fields start.
mod player {
    pub(crate) const GAME_TYPE: usize = 4;
    pub(crate) const DIMENSION: usize = 14;
    pub(crate) const SPAWN_FORCED: usize = 70;
    pub(crate) const FOOD_EXHAUSTION: usize = 73;
    pub(crate) const INVENTORY: usize = 113;
    pub(crate) const END: usize = 163;
}

#[test]
fn log_layout() {
    let bytes = to_vec(&small_logs()).unwrap();
    assert_eq!(bytes, hex(SMALL_LOGS));
    assert_eq!(from_slice::<Logs>(&bytes).unwrap(), small_logs());
}

#[test]
fn mk48_layout() {
    let bytes = to_vec(&small_updates()).unwrap();
    assert_eq!(bytes, hex(SMALL_UPDATES));
    assert_eq!(from_slice::<Updates>(&bytes).unwrap(), small_updates());
}

#[test]
fn mesh_floats_are_doubles_of_the_same_value() {
    let mut mesh = small_mesh();
    mesh.triangles[0].v0.x = f32::from_bits(0x7f80_0001);
    let bytes = to_vec(&mesh).unwrap();
    assert_eq!(bytes.len(), 4 + 12 * 8);
    // A signalling NaN: its payload at the top of the double's.
    assert_eq!(bytes[4..12], hex("7ff0000020000000"));
    // 0.5 as Qt writes a float at DoublePrecision.
    assert_eq!(bytes[12..20], hex("3fe0000000000000"));
    assert_eq!(from_slice::<Mesh>(&bytes).unwrap(), mesh);
}

#[test]
fn the_players_fields_are_where_the_crafted_inputs_put_them() {
    let bytes = to_vec(&small_players()).unwrap();
    assert_eq!(bytes.len(), player::END);
    assert_eq!(
        bytes[player::DIMENSION..player::DIMENSION + 4],
        hex("00000006")
    );
    assert_eq!(bytes[player::SPAWN_FORCED - 24 - 4..][..4], hex("ffffffff"));
    assert_eq!(bytes[player::INVENTORY..][..8], hex("00000000 00000000"));
}

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let base = hex(SMALL_LOGS);
        let mut inputs = [
            sizes(&base, 0, "the log list"),
            sizes(&base, 8, "a log's identity"),
            sizes(&base, 14, "a log's userid"),
        ]
        .concat();
        inputs.extend([
            crafted(
                Class::Utf8,
                ErrorKind::Syntax,
                "an unpaired surrogate in a userid",
                overwritten(&base, 18, &hex("d800")),
            ),
            crafted(
                Class::Utf8,
                ErrorKind::Syntax,
                "a userid of 5 bytes, an odd size",
                overwritten(&base, 14, &hex("00000005")),
            ),
            crafted(
                Class::Other,
                ErrorKind::Truncated,
                "the size cut",
                base[..base.len() - 1].to_vec(),
            ),
        ]);
        inputs
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let base = to_vec(&small_mesh()).unwrap();
        let mut inputs = sizes(&base, 0, "the triangle list");
        inputs.extend([
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "a coordinate of 0.1, which no float holds",
                overwritten(&base, 4, &0.1f64.to_bits().to_be_bytes()),
            ),
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "a NaN whose payload has bits below a float's",
                overwritten(&base, 4, &hex("7ff8000000000001")),
            ),
            crafted(
                Class::Other,
                ErrorKind::Truncated,
                "the normal's z cut",
                base[..base.len() - 1].to_vec(),
            ),
        ]);
        inputs
    }
}

impl Crafts<Players> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use player::*;

        let base = to_vec(&small_players()).unwrap();
        let mut inputs = [
            sizes(&base, 0, "the player list"),
            sizes(&base, DIMENSION, "a player's dimension"),
            sizes(&base, INVENTORY, "an inventory"),
        ]
        .concat();
        inputs.extend([
            crafted(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "a game type of 4",
                overwritten(&base, GAME_TYPE, &[4]),
            ),
            crafted(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "a game type of -1",
                overwritten(&base, GAME_TYPE, &[0xff]),
            ),
            crafted(
                Class::WrongType,
                ErrorKind::Invalid,
                "a spawn_forced flag of 2, neither absent nor present",
                overwritten(&base, SPAWN_FORCED, &[2]),
            ),
            crafted(
                Class::Utf8,
                ErrorKind::Syntax,
                "an unpaired surrogate in a dimension",
                overwritten(&base, DIMENSION + 4, &hex("dc00")),
            ),
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "a food exhaustion level of 0.1, which no float holds",
                overwritten(&base, FOOD_EXHAUSTION, &0.1f64.to_bits().to_be_bytes()),
            ),
        ]);
        inputs
    }
}

impl Crafts<Updates> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let base = hex(SMALL_UPDATES);
        let mut inputs = [
            sizes(&base, 0, "the update list"),
            sizes(&base, 4, "an update's contact list"),
            sizes(&base, 23, "a contact's reload list"),
            sizes(&base, 74, "a terrain update's data"),
        ]
        .concat();
        inputs.extend([
            crafted(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "an entity type of 10",
                overwritten(&base, 14, &[10]),
            ),
            crafted(
                Class::WrongType,
                ErrorKind::Invalid,
                "an entity type flag of 2, neither absent nor present",
                overwritten(&base, 13, &[2]),
            ),
            crafted(
                Class::WrongType,
                ErrorKind::Invalid,
                "a reload flag of 2",
                overwritten(&base, 27, &[2]),
            ),
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "a position of 0.1, which no float holds",
                overwritten(&base, 32, &0.1f64.to_bits().to_be_bytes()),
            ),
        ]);
        inputs
    }
}
