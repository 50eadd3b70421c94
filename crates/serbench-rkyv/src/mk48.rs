//! mk48 ↔ its archive: RSB's own rkyv layout (its types derive `Archive`
//! as they are), options as rkyv options (a tag byte, then the value),
//! the entity type as a one-byte enum, the flag, angle and byte lists as
//! arrays of `bool`, `u16` and `u8`.

use rkyv::{Archive, Serialize};
use serbench_model::Updates;
use serbench_model::mk48::{
    Contact, EntityType, Guidance, Mk48Answer, TerrainUpdate, Transform, Update,
};

use crate::wire::{Failure, Wire};

/// The root.
#[derive(Archive, Serialize)]
pub struct Feed {
    /// The archive's length (see [`Wire`]).
    pub len: u64,
    updates: Vec<Tick>,
}

/// [`EntityType`], whose archive bytecheck holds to the ten tags.
#[derive(Archive, Serialize, Clone, Copy)]
enum Kind {
    ArleighBurke,
    Bismarck,
    Clemenceau,
    Fletcher,
    G5,
    Iowa,
    Kolkata,
    Osa,
    Yasen,
    Zubr,
}

/// A [`Transform`].
#[derive(Archive, Serialize)]
struct Pose {
    altitude: i8,
    angle: u16,
    position: (f32, f32),
    velocity: i16,
}

/// A [`Guidance`].
#[derive(Archive, Serialize)]
struct Steering {
    angle: u16,
    submerge: bool,
    velocity: i16,
}

/// A [`Contact`].
#[derive(Archive, Serialize)]
struct Sighting {
    damage: u8,
    entity_id: u32,
    entity_type: Option<Kind>,
    guidance: Steering,
    player_id: Option<u16>,
    reloads: Vec<bool>,
    transform: Pose,
    turret_angles: Vec<u16>,
}

/// A [`TerrainUpdate`].
#[derive(Archive, Serialize)]
struct Chunk {
    chunk_id: (i8, i8),
    data: Vec<u8>,
}

/// An [`Update`].
#[derive(Archive, Serialize)]
struct Tick {
    contacts: Vec<Sighting>,
    score: u32,
    world_radius: f32,
    terrain_updates: Vec<Chunk>,
}

impl From<EntityType> for Kind {
    fn from(kind: EntityType) -> Self {
        match kind {
            EntityType::ArleighBurke => Kind::ArleighBurke,
            EntityType::Bismarck => Kind::Bismarck,
            EntityType::Clemenceau => Kind::Clemenceau,
            EntityType::Fletcher => Kind::Fletcher,
            EntityType::G5 => Kind::G5,
            EntityType::Iowa => Kind::Iowa,
            EntityType::Kolkata => Kind::Kolkata,
            EntityType::Osa => Kind::Osa,
            EntityType::Yasen => Kind::Yasen,
            EntityType::Zubr => Kind::Zubr,
        }
    }
}

impl ArchivedKind {
    fn model(&self) -> EntityType {
        match self {
            ArchivedKind::ArleighBurke => EntityType::ArleighBurke,
            ArchivedKind::Bismarck => EntityType::Bismarck,
            ArchivedKind::Clemenceau => EntityType::Clemenceau,
            ArchivedKind::Fletcher => EntityType::Fletcher,
            ArchivedKind::G5 => EntityType::G5,
            ArchivedKind::Iowa => EntityType::Iowa,
            ArchivedKind::Kolkata => EntityType::Kolkata,
            ArchivedKind::Osa => EntityType::Osa,
            ArchivedKind::Yasen => EntityType::Yasen,
            ArchivedKind::Zubr => EntityType::Zubr,
        }
    }
}

impl Sighting {
    fn new(contact: &Contact) -> Self {
        let (guidance, transform) = (&contact.guidance, &contact.transform);
        Self {
            damage: contact.damage,
            entity_id: contact.entity_id,
            entity_type: contact.entity_type.map(Kind::from),
            guidance: Steering {
                angle: guidance.angle,
                submerge: guidance.submerge,
                velocity: guidance.velocity,
            },
            player_id: contact.player_id,
            reloads: contact.reloads.clone(),
            transform: Pose {
                altitude: transform.altitude,
                angle: transform.angle,
                position: transform.position,
                velocity: transform.velocity,
            },
            turret_angles: contact.turret_angles.clone(),
        }
    }
}

impl ArchivedSighting {
    fn model(&self) -> Contact {
        let (guidance, transform) = (&self.guidance, &self.transform);
        Contact {
            damage: self.damage,
            entity_id: self.entity_id.to_native(),
            entity_type: self.entity_type.as_ref().map(ArchivedKind::model),
            guidance: Guidance {
                angle: guidance.angle.to_native(),
                submerge: guidance.submerge,
                velocity: guidance.velocity.to_native(),
            },
            player_id: self.player_id.as_ref().map(|id| id.to_native()),
            reloads: self.reloads.to_vec(),
            transform: Transform {
                altitude: transform.altitude,
                angle: transform.angle.to_native(),
                position: (
                    transform.position.0.to_native(),
                    transform.position.1.to_native(),
                ),
                velocity: transform.velocity.to_native(),
            },
            turret_angles: self
                .turret_angles
                .iter()
                .map(|angle| angle.to_native())
                .collect(),
        }
    }
}

impl Wire for Updates {
    type Mirror = Feed;
    type Archive = ArchivedFeed;

    fn build(&self) -> Feed {
        Feed {
            len: 0,
            updates: self
                .updates
                .iter()
                .map(|update| Tick {
                    contacts: update.contacts.iter().map(Sighting::new).collect(),
                    score: update.score,
                    world_radius: update.world_radius,
                    terrain_updates: update
                        .terrain_updates
                        .iter()
                        .map(|terrain| Chunk {
                            chunk_id: terrain.chunk_id,
                            data: terrain.data.clone(),
                        })
                        .collect(),
                })
                .collect(),
        }
    }

    fn read(archive: &ArchivedFeed) -> Result<Self, Failure> {
        Ok(Updates {
            updates: archive
                .updates
                .iter()
                .map(|update| Update {
                    contacts: update
                        .contacts
                        .iter()
                        .map(ArchivedSighting::model)
                        .collect(),
                    score: update.score.to_native(),
                    world_radius: update.world_radius.to_native(),
                    terrain_updates: update
                        .terrain_updates
                        .iter()
                        .map(|terrain| TerrainUpdate {
                            chunk_id: (terrain.chunk_id.0, terrain.chunk_id.1),
                            data: terrain.data.to_vec(),
                        })
                        .collect(),
                })
                .collect(),
        })
    }

    fn answer(archive: &ArchivedFeed) -> Result<Mk48Answer, Failure> {
        Ok(Mk48Answer {
            updates: archive.updates.len() as u64,
            score_sum: archive
                .updates
                .iter()
                .map(|update| u64::from(update.score.to_native()))
                .sum(),
        })
    }
}
