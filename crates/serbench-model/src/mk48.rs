//! The mk48 dataset of rust_serialization_benchmark: game-state updates of
//! the mk48.io naval game, many small integers, enums and options, and a
//! few byte arrays.

use std::fmt;

use rand::Rng;
use rand::distributions::{Distribution, WeightedIndex};

use crate::Dataset;
use crate::answer::JsonObject;
use crate::rsb::{self, SameBits, Stream, vec_of};

/// The updates sent to clients, RSB's `Updates`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Updates {
    /// The updates, in the order they were drawn.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub updates: Vec<Update>,
}

/// The kind of a ship, submarine or hovercraft.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum EntityType {
    /// `0`, a destroyer.
    ArleighBurke,
    /// `1`, a battleship.
    Bismarck,
    /// `2`, a carrier.
    Clemenceau,
    /// `3`, a destroyer.
    Fletcher,
    /// `4`, a torpedo boat.
    G5,
    /// `5`, a battleship.
    Iowa,
    /// `6`, a destroyer.
    Kolkata,
    /// `7`, a missile boat.
    Osa,
    /// `8`, the one submarine.
    Yasen,
    /// `9`, a hovercraft.
    Zubr,
}

/// Where a contact is and how it moves. Equality compares the position bit
/// for bit.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Transform {
    /// Depth below the surface (negative), 0 on it.
    pub altitude: i8,
    /// Heading.
    pub angle: u16,
    /// x and y.
    pub position: (f32, f32),
    /// Speed; negative in reverse.
    pub velocity: i16,
}

/// Where a contact is steered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Guidance {
    /// The heading it turns to.
    pub angle: u16,
    /// Whether it dives.
    pub submerge: bool,
    /// The speed it aims at.
    pub velocity: i16,
}

/// Another entity as a client sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Contact {
    /// Damage taken.
    pub damage: u8,
    /// Its id.
    pub entity_id: u32,
    /// Its kind, when visible.
    pub entity_type: Option<EntityType>,
    /// Where it is steered.
    pub guidance: Guidance,
    /// Its player, when visible.
    pub player_id: Option<u16>,
    /// One flag per weapon: reloaded or not; empty when not visible.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub reloads: Vec<bool>,
    /// Where it is.
    pub transform: Transform,
    /// One heading per turret; empty when not visible.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub turret_angles: Vec<u16>,
}

/// A changed chunk of terrain.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct TerrainUpdate {
    /// The chunk's x and y.
    pub chunk_id: (i8, i8),
    /// The chunk's encoded terrain: a few bytes for a change, about a
    /// thousand for a new chunk.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub data: Vec<u8>,
}

/// One update to one client. Equality compares the world radius bit for
/// bit.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Update {
    /// What the client sees.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub contacts: Vec<Contact>,
    /// The client's score.
    pub score: u32,
    /// The world's radius.
    pub world_radius: f32,
    /// Terrain that changed.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub terrain_updates: Vec<TerrainUpdate>,
}

impl PartialEq for Transform {
    fn eq(&self, other: &Self) -> bool {
        // Destructured without `..`, so a new field cannot be forgotten.
        let Self {
            altitude,
            angle,
            position,
            velocity,
        } = self;
        *altitude == other.altitude
            && *angle == other.angle
            && position.same_bits(&other.position)
            && *velocity == other.velocity
    }
}

impl Eq for Transform {}

impl PartialEq for Update {
    fn eq(&self, other: &Self) -> bool {
        let Self {
            contacts,
            score,
            world_radius,
            terrain_updates,
        } = self;
        *contacts == other.contacts
            && *score == other.score
            && world_radius.same_bits(&other.world_radius)
            && *terrain_updates == other.terrain_updates
    }
}

impl Eq for Update {}

impl EntityType {
    /// Every kind, in the order of their numbers (and of RSB's weights).
    pub const ALL: [EntityType; 10] = [
        EntityType::ArleighBurke,
        EntityType::Bismarck,
        EntityType::Clemenceau,
        EntityType::Fletcher,
        EntityType::G5,
        EntityType::Iowa,
        EntityType::Kolkata,
        EntityType::Osa,
        EntityType::Yasen,
        EntityType::Zubr,
    ];

    /// How often RSB draws the kind, as a weight.
    fn frequency(self) -> f32 {
        match self {
            EntityType::ArleighBurke => 2.14,
            EntityType::Bismarck => 0.52,
            EntityType::Clemenceau => 0.97,
            EntityType::Fletcher => 1.46,
            EntityType::G5 => 13.16,
            EntityType::Iowa => 1.55,
            EntityType::Kolkata => 0.83,
            EntityType::Osa => 7.25,
            EntityType::Yasen => 4.06,
            EntityType::Zubr => 12.92,
        }
    }

    fn is_sub(self) -> bool {
        self == EntityType::Yasen
    }

    fn turret_count(self) -> usize {
        match self {
            EntityType::G5 | EntityType::Yasen => 0,
            EntityType::ArleighBurke | EntityType::Kolkata => 1,
            EntityType::Osa => 2,
            EntityType::Iowa | EntityType::Zubr => 3,
            EntityType::Bismarck | EntityType::Clemenceau | EntityType::Fletcher => 4,
        }
    }

    fn weapon_count(self) -> usize {
        match self {
            EntityType::ArleighBurke => 20,
            EntityType::Bismarck => 10,
            EntityType::Clemenceau => 16,
            EntityType::Fletcher => 18,
            EntityType::G5 => 2,
            EntityType::Iowa => 28,
            EntityType::Kolkata => 15,
            EntityType::Osa => 6,
            EntityType::Yasen => 14,
            EntityType::Zubr => 11,
        }
    }
}

/// The draws that need more than the stream: the weighted choice of an
/// entity type, built once (RSB builds the same table for every draw).
struct Draw<'a> {
    rng: &'a mut Stream,
    entity_types: &'a WeightedIndex<f32>,
}

fn entity_types() -> WeightedIndex<f32> {
    WeightedIndex::new(EntityType::ALL.map(EntityType::frequency))
        .expect("the frequencies are positive constants")
}

impl Updates {
    /// RSB's mk48 dataset at `count` updates (RSB benches 1 000): drawn
    /// from [`rsb::STATE`] and [`rsb::STREAM`] as RSB draws it, so equal
    /// to RSB's value bit for bit.
    #[must_use]
    pub fn generate(count: usize) -> Self {
        let entity_types = entity_types();
        Self {
            updates: rsb::generate(count, |rng| {
                Draw {
                    rng,
                    entity_types: &entity_types,
                }
                .update()
            }),
        }
    }
}

impl Draw<'_> {
    fn update(&mut self) -> Update {
        // RSB's literals here are `i32` (one word each), its score's extra
        // points `u32`, its radius jitter `f32`.
        #[allow(
            clippy::cast_sign_loss,
            reason = "RSB's cast of a draw in 200..400 to u16"
        )]
        let player_count = self.rng.gen_range(200..400_i32) as u16;
        let world_radius =
            (f32::from(player_count) * 15_000.0).sqrt() + self.rng.gen_range(-50.0..50.0_f32);
        let terrain_radius = (world_radius / 1_600.0).ceil() as i8;
        let contacts = (0..self.rng.gen_range(20..40_i32))
            .map(|_| self.contact(player_count))
            .collect();
        #[allow(
            clippy::cast_sign_loss,
            reason = "RSB's cast of a float in [0, 5000) to u32"
        )]
        let score =
            (self.rng.r#gen::<f32>().powi(4) * 5_000.0) as u32 + self.rng.gen_range(0..50_u32);
        let terrain_updates = (0..self.rng.gen_range(3..10_i32))
            .map(|_| terrain_update(self.rng, terrain_radius))
            .collect();
        Update {
            contacts,
            score,
            world_radius,
            terrain_updates,
        }
    }

    fn contact(&mut self, player_count: u16) -> Contact {
        let rng = &mut *self.rng;
        let entity_count = u32::from(player_count) * 20;
        let entity_type = EntityType::ALL[self.entity_types.sample(rng)];
        let is_visible = rng.gen_bool(0.7);
        // In the order of RSB's struct expression, which is the order of
        // its draws.
        let damage = if is_visible && rng.gen_bool(0.6) {
            0
        } else {
            rng.gen_range(0..200_u8)
        };
        let entity_id = rng.gen_range(0..entity_count);
        let guidance = Guidance {
            angle: rng.r#gen(),
            submerge: submerge(rng, entity_type),
            velocity: velocity(rng),
        };
        let player_id = is_visible.then(|| rng.gen_range(0..player_count));
        let reloads = if is_visible {
            let p = rng.gen_range(0.0..1.0_f64);
            (0..entity_type.weapon_count())
                .map(|_| rng.gen_bool(p))
                .collect()
        } else {
            Vec::new()
        };
        let transform = Transform {
            altitude: if submerge(rng, entity_type) {
                rng.gen_range(-120..-35_i8)
            } else {
                0
            },
            angle: rng.r#gen(),
            position: (
                rng.gen_range(-750.0..750.0_f32),
                rng.gen_range(-750.0..750.0_f32),
            ),
            velocity: velocity(rng),
        };
        let turret_angles = if is_visible {
            let base_angle: u16 = rng.r#gen();
            (0..entity_type.turret_count())
                .map(|_| {
                    if rng.gen_bool(0.75) {
                        base_angle
                            .cast_signed()
                            .wrapping_add(rng.gen_range(-200..200_i16))
                            .cast_unsigned()
                    } else {
                        rng.r#gen()
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        Contact {
            damage,
            entity_id,
            entity_type: is_visible.then_some(entity_type),
            guidance,
            player_id,
            reloads,
            transform,
            turret_angles,
        }
    }
}

/// Whether a submarine dives: nine times in ten; never for a surface ship,
/// which draws nothing.
fn submerge(rng: &mut Stream, entity_type: EntityType) -> bool {
    entity_type.is_sub() && rng.gen_bool(0.9)
}

/// A speed: ahead four times in five, stopped one in ten, else astern.
fn velocity(rng: &mut Stream) -> i16 {
    const MIN_SPEED: i16 = 140;
    const MAX_SPEED: i16 = 900;
    const REVERSE_SLOW: i16 = 4;
    match rng.gen_range(0..100_i32) {
        0..=79 => rng.gen_range(MIN_SPEED..MAX_SPEED),
        80..=89 => 0,
        _ => rng.gen_range((-MAX_SPEED / REVERSE_SLOW)..(-MIN_SPEED / REVERSE_SLOW)),
    }
}

fn terrain_update(rng: &mut Stream, radius: i8) -> TerrainUpdate {
    let is_new = rng.gen_bool(0.02);
    TerrainUpdate {
        chunk_id: (
            rng.gen_range(-radius..radius),
            rng.gen_range(-radius..radius),
        ),
        data: vec_of(rng, if is_new { 900..1_100 } else { 3..9 }, |rng| {
            rng.r#gen()
        }),
    }
}

/// The mk48 traverse answer: what RSB's access benches read of each
/// update, its score, summed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mk48Answer {
    /// Updates.
    pub updates: u64,
    /// The scores, summed.
    pub score_sum: u64,
}

impl fmt::Display for Mk48Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        JsonObject::new(f)?
            .raw("updates", self.updates)?
            .raw("score_sum", self.score_sum)?
            .end()
    }
}

impl Dataset for Updates {
    type Borrowed<'a> = Updates;

    /// No text to lend: the borrowed form is the value itself, built
    /// anew (a borrowed decode of it is an owned decode).
    fn lend(&self) -> Updates {
        self.clone()
    }

    const LENDS_TEXT: bool = false;
    const NAME: &'static str = "mk48";
    const ABOUT: &'static str = "rust_serialization_benchmark's mk48.io game-state updates";
    const SIZE_UNIT: &'static str = "updates";
    /// RSB's count.
    const DEFAULT_SIZE: usize = 1_000;
    /// A tenth, a prefix of the full dataset.
    const QUICK_SIZE: usize = 100;
    const DUMP_SIZE: usize = 1;
    /// The quick size: the benchmarks verify the full one.
    const TEST_SIZE: usize = Self::QUICK_SIZE;
    const DAMAGED_SIZE: usize = 1;
    type Answer = Mk48Answer;

    fn workload(size: usize) -> Vec<Self> {
        vec![Self::generate(size)]
    }

    fn traverse(&self) -> Mk48Answer {
        Mk48Answer {
            updates: self.updates.len() as u64,
            score_sum: self
                .updates
                .iter()
                .map(|update| u64::from(update.score))
                .sum(),
        }
    }
}
