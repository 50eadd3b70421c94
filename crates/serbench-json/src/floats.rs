//! Where each dataset holds floats, for the checks before writing: JSON has
//! no NaN or infinity, and sonic-rs reads `-0.0` back as `0.0`.
//!
//! Each walk names the first float it is asked about by its field path, as
//! a decode error names a field (`triangles[3].normal.x`, a tuple's item
//! by its index), and builds that text only once it has found one, so a
//! value without such a float costs a pass over its numbers.

use serbench_model::minecraft::{Entity, Player};
use serbench_model::mk48::Update;
use serbench_model::{Mesh, Players, SensorReading, Updates};

/// What a walk is asked to find.
pub(crate) type Wanted = fn(f64) -> bool;

/// A dataset's floats, walked in field order.
pub(crate) trait Floats {
    /// The field path and value of the first float for which `wanted`
    /// holds, if any.
    fn find(&self, wanted: Wanted) -> Option<(String, f64)>;
}

/// Whether `value` is a negative zero.
pub(crate) fn negative_zero(value: f64) -> bool {
    value == 0.0 && value.is_sign_negative()
}

/// The first of `fields` (a path below the caller's, and its value) for
/// which `wanted` holds. `f32`s widen to `f64` exactly, sign and class
/// included, so one test serves both widths.
fn first<const N: usize>(
    fields: [(&'static str, f64); N],
    wanted: Wanted,
) -> Option<(&'static str, f64)> {
    fields.into_iter().find(|&(_, value)| wanted(value))
}

impl Floats for SensorReading {
    fn find(&self, wanted: Wanted) -> Option<(String, f64)> {
        SensorReading::READING_NAMES
            .into_iter()
            .zip(self.readings())
            .find(|&(_, value)| wanted(value))
            .map(|(name, value)| (name.to_owned(), value))
    }
}

impl Floats for Mesh {
    fn find(&self, wanted: Wanted) -> Option<(String, f64)> {
        self.triangles
            .iter()
            .enumerate()
            .find_map(|(index, triangle)| {
                let vertices = [
                    ("v0", triangle.v0),
                    ("v1", triangle.v1),
                    ("v2", triangle.v2),
                    ("normal", triangle.normal),
                ];
                vertices.into_iter().find_map(|(vertex, v)| {
                    let axes = [
                        ("x", f64::from(v.x)),
                        ("y", f64::from(v.y)),
                        ("z", f64::from(v.z)),
                    ];
                    first(axes, wanted)
                        .map(|(axis, value)| (format!("triangles[{index}].{vertex}.{axis}"), value))
                })
            })
    }
}

impl Floats for Players {
    fn find(&self, wanted: Wanted) -> Option<(String, f64)> {
        self.players.iter().enumerate().find_map(|(index, player)| {
            player_float(player, wanted)
                .map(|(path, value)| (format!("players[{index}].{path}"), value))
        })
    }
}

/// The first wanted float of a player, its path below the player.
fn player_float(player: &Player, wanted: Wanted) -> Option<(String, f64)> {
    let own = [
        (
            "food_exhaustion_level",
            f64::from(player.food_exhaustion_level),
        ),
        (
            "food_saturation_level",
            f64::from(player.food_saturation_level),
        ),
        ("xp_p", f64::from(player.xp_p)),
        (
            "abilities.walk_speed",
            f64::from(player.abilities.walk_speed),
        ),
        ("abilities.fly_speed", f64::from(player.abilities.fly_speed)),
    ];
    if let Some((field, value)) = first(own, wanted) {
        return Some((field.to_owned(), value));
    }
    if let Some((x, y, z)) = player.entered_nether_position {
        let position = [
            ("entered_nether_position[0]", x),
            ("entered_nether_position[1]", y),
            ("entered_nether_position[2]", z),
        ];
        if let Some((field, value)) = first(position, wanted) {
            return Some((field.to_owned(), value));
        }
    }
    let entities = [
        (
            "root_vehicle[1]",
            player.root_vehicle.as_ref().map(|(_, entity)| entity),
        ),
        ("shoulder_entity_left", player.shoulder_entity_left.as_ref()),
        (
            "shoulder_entity_right",
            player.shoulder_entity_right.as_ref(),
        ),
    ];
    entities.into_iter().find_map(|(name, entity)| {
        let (field, value) = entity_float(entity?, wanted)?;
        Some((format!("{name}.{field}"), value))
    })
}

/// The first wanted float of an entity, its path below the entity.
fn entity_float(entity: &Entity, wanted: Wanted) -> Option<(&'static str, f64)> {
    let (x, y, z) = entity.pos;
    let (dx, dy, dz) = entity.motion;
    let (yaw, pitch) = entity.rotation;
    let fields = [
        ("pos[0]", x),
        ("pos[1]", y),
        ("pos[2]", z),
        ("motion[0]", dx),
        ("motion[1]", dy),
        ("motion[2]", dz),
        ("rotation[0]", f64::from(yaw)),
        ("rotation[1]", f64::from(pitch)),
        ("fall_distance", f64::from(entity.fall_distance)),
    ];
    first(fields, wanted)
}

impl Floats for Updates {
    fn find(&self, wanted: Wanted) -> Option<(String, f64)> {
        self.updates.iter().enumerate().find_map(|(index, update)| {
            update_float(update, wanted)
                .map(|(path, value)| (format!("updates[{index}].{path}"), value))
        })
    }
}

/// The first wanted float of an update, its path below the update.
fn update_float(update: &Update, wanted: Wanted) -> Option<(String, f64)> {
    let radius = f64::from(update.world_radius);
    if wanted(radius) {
        return Some(("world_radius".to_owned(), radius));
    }
    update
        .contacts
        .iter()
        .enumerate()
        .find_map(|(index, contact)| {
            let (x, y) = contact.transform.position;
            let position = [("position[0]", f64::from(x)), ("position[1]", f64::from(y))];
            first(position, wanted)
                .map(|(field, value)| (format!("contacts[{index}].transform.{field}"), value))
        })
}
