//! mk48 ↔ its buffer: options as one-byte-tagged enums (0 none, 1 some
//! and the value), the entity type as a one-byte enum, the flag, angle
//! and byte lists as lists of `bool`, `u16` and `u8`.

use musli_zerocopy::{OwnedBuf, Ref, ZeroCopy};
use serbench_model::Updates;
use serbench_model::mk48::{
    Contact, EntityType, Guidance, Mk48Answer, TerrainUpdate, Transform, Update,
};

use crate::wire::{Failure, Reader, Wire};

/// The root.
#[derive(ZeroCopy)]
#[repr(C)]
pub(crate) struct Feed {
    pub(crate) len: u64,
    updates: Ref<[Tick]>,
}

/// [`EntityType`], or none; a load holds the tag to its eleven values.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(u8)]
enum Kind {
    None,
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

/// An optional player id.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(u8)]
enum PlayerId {
    None,
    Some { id: u16 },
}

/// A [`Guidance`].
#[derive(ZeroCopy, Clone, Copy)]
#[repr(C)]
struct Steering {
    angle: u16,
    submerge: bool,
    velocity: i16,
}

/// A [`Transform`].
#[derive(ZeroCopy, Clone, Copy)]
#[repr(C)]
struct Pose {
    altitude: i8,
    angle: u16,
    position: [f32; 2],
    velocity: i16,
}

/// A [`Contact`].
#[derive(ZeroCopy, Clone, Copy)]
#[repr(C)]
struct Sighting {
    damage: u8,
    entity_id: u32,
    entity_type: Kind,
    guidance: Steering,
    player_id: PlayerId,
    reloads: Ref<[bool]>,
    transform: Pose,
    turret_angles: Ref<[u16]>,
}

/// A [`TerrainUpdate`].
#[derive(ZeroCopy, Clone, Copy)]
#[repr(C)]
struct Chunk {
    chunk_id: [i8; 2],
    data: Ref<[u8]>,
}

/// An [`Update`].
#[derive(ZeroCopy, Clone, Copy)]
#[repr(C)]
struct Tick {
    contacts: Ref<[Sighting]>,
    score: u32,
    world_radius: f32,
    terrain_updates: Ref<[Chunk]>,
}

impl Kind {
    fn new(kind: Option<EntityType>) -> Self {
        match kind {
            None => Kind::None,
            Some(EntityType::ArleighBurke) => Kind::ArleighBurke,
            Some(EntityType::Bismarck) => Kind::Bismarck,
            Some(EntityType::Clemenceau) => Kind::Clemenceau,
            Some(EntityType::Fletcher) => Kind::Fletcher,
            Some(EntityType::G5) => Kind::G5,
            Some(EntityType::Iowa) => Kind::Iowa,
            Some(EntityType::Kolkata) => Kind::Kolkata,
            Some(EntityType::Osa) => Kind::Osa,
            Some(EntityType::Yasen) => Kind::Yasen,
            Some(EntityType::Zubr) => Kind::Zubr,
        }
    }

    fn model(self) -> Option<EntityType> {
        Some(match self {
            Kind::None => return None,
            Kind::ArleighBurke => EntityType::ArleighBurke,
            Kind::Bismarck => EntityType::Bismarck,
            Kind::Clemenceau => EntityType::Clemenceau,
            Kind::Fletcher => EntityType::Fletcher,
            Kind::G5 => EntityType::G5,
            Kind::Iowa => EntityType::Iowa,
            Kind::Kolkata => EntityType::Kolkata,
            Kind::Osa => EntityType::Osa,
            Kind::Yasen => EntityType::Yasen,
            Kind::Zubr => EntityType::Zubr,
        })
    }
}

impl Sighting {
    fn new(contact: &Contact, buf: &mut OwnedBuf) -> Result<Self, musli_zerocopy::Error> {
        let (guidance, transform) = (&contact.guidance, &contact.transform);
        let (x, y) = transform.position;
        Ok(Self {
            damage: contact.damage,
            entity_id: contact.entity_id,
            entity_type: Kind::new(contact.entity_type),
            guidance: Steering {
                angle: guidance.angle,
                submerge: guidance.submerge,
                velocity: guidance.velocity,
            },
            player_id: match contact.player_id {
                None => PlayerId::None,
                Some(id) => PlayerId::Some { id },
            },
            reloads: buf.store_slice(&contact.reloads)?,
            transform: Pose {
                altitude: transform.altitude,
                angle: transform.angle,
                position: [x, y],
                velocity: transform.velocity,
            },
            turret_angles: buf.store_slice(&contact.turret_angles)?,
        })
    }

    /// The contact's lists, loaded (so validated): reloads, turret angles.
    fn lists<'a>(
        &self,
        reader: &mut Reader<'a>,
        path: &dyn Fn() -> String,
    ) -> Result<(&'a [bool], &'a [u16]), Failure> {
        let reloads = reader.list(self.reloads, &|| format!("{}.reloads", path()))?;
        let turret_angles =
            reader.list(self.turret_angles, &|| format!("{}.turret_angles", path()))?;
        Ok((reloads, turret_angles))
    }
}

impl Tick {
    /// Loads every reference of the update, handing each contact with
    /// its lists to `contact` and each terrain chunk with its data to
    /// `terrain`, each with the length of its list.
    fn visit<'a>(
        &self,
        reader: &mut Reader<'a>,
        i: usize,
        mut contact: impl FnMut(usize, &Sighting, &'a [bool], &'a [u16]),
        mut terrain: impl FnMut(usize, &Chunk, &'a [u8]),
    ) -> Result<(), Failure> {
        let sightings = reader.list(self.contacts, &|| format!("updates[{i}].contacts"))?;
        for (j, sighting) in sightings.iter().enumerate() {
            let (reloads, turret_angles) =
                sighting.lists(reader, &|| format!("updates[{i}].contacts[{j}]"))?;
            contact(sightings.len(), sighting, reloads, turret_angles);
        }
        let chunks = reader.list(self.terrain_updates, &|| {
            format!("updates[{i}].terrain_updates")
        })?;
        for (j, chunk) in chunks.iter().enumerate() {
            let data = reader.list(chunk.data, &|| {
                format!("updates[{i}].terrain_updates[{j}].data")
            })?;
            terrain(chunks.len(), chunk, data);
        }
        Ok(())
    }
}

impl Wire for Updates {
    type Root = Feed;

    fn write(&self, buf: &mut OwnedBuf) -> Result<Feed, musli_zerocopy::Error> {
        let mut ticks = Vec::with_capacity(self.updates.len());
        for update in &self.updates {
            let sightings = update
                .contacts
                .iter()
                .map(|contact| Sighting::new(contact, buf))
                .collect::<Result<Vec<_>, _>>()?;
            let chunks = update
                .terrain_updates
                .iter()
                .map(|terrain| {
                    let (x, y) = terrain.chunk_id;
                    Ok(Chunk {
                        chunk_id: [x, y],
                        data: buf.store_slice(&terrain.data)?,
                    })
                })
                .collect::<Result<Vec<_>, musli_zerocopy::Error>>()?;
            ticks.push(Tick {
                contacts: buf.store_slice(&sightings)?,
                score: update.score,
                world_radius: update.world_radius,
                terrain_updates: buf.store_slice(&chunks)?,
            });
        }
        Ok(Feed {
            len: 0,
            updates: buf.store_slice(&ticks)?,
        })
    }

    fn len_field(root: &mut Feed) -> &mut u64 {
        &mut root.len
    }

    fn read(root: &Feed, reader: &mut Reader<'_>) -> Result<Self, Failure> {
        let ticks = reader.list(root.updates, &|| "updates".to_owned())?;
        let mut updates = Vec::with_capacity(ticks.len());
        for (i, tick) in ticks.iter().enumerate() {
            let mut contacts = Vec::new();
            let mut terrain_updates = Vec::new();
            tick.visit(
                reader,
                i,
                |count, sighting, reloads, turret_angles| {
                    // Sized once, to the list's length, so it never grows.
                    contacts.reserve_exact(count - contacts.len());
                    let (guidance, transform) = (&sighting.guidance, &sighting.transform);
                    let [x, y] = transform.position;
                    contacts.push(Contact {
                        damage: sighting.damage,
                        entity_id: sighting.entity_id,
                        entity_type: sighting.entity_type.model(),
                        guidance: Guidance {
                            angle: guidance.angle,
                            submerge: guidance.submerge,
                            velocity: guidance.velocity,
                        },
                        player_id: match sighting.player_id {
                            PlayerId::None => None,
                            PlayerId::Some { id } => Some(id),
                        },
                        reloads: reloads.to_vec(),
                        transform: Transform {
                            altitude: transform.altitude,
                            angle: transform.angle,
                            position: (x, y),
                            velocity: transform.velocity,
                        },
                        turret_angles: turret_angles.to_vec(),
                    });
                },
                |count, chunk, data| {
                    terrain_updates.reserve_exact(count - terrain_updates.len());
                    let [x, y] = chunk.chunk_id;
                    terrain_updates.push(TerrainUpdate {
                        chunk_id: (x, y),
                        data: data.to_vec(),
                    });
                },
            )?;
            updates.push(Update {
                contacts,
                score: tick.score,
                world_radius: tick.world_radius,
                terrain_updates,
            });
        }
        Ok(Updates { updates })
    }

    fn answer(root: &Feed, reader: &mut Reader<'_>) -> Result<Mk48Answer, Failure> {
        let ticks = reader.list(root.updates, &|| "updates".to_owned())?;
        let mut answer = Mk48Answer::default();
        for (i, tick) in ticks.iter().enumerate() {
            // Loaded for the validation a decode makes; the answer needs
            // only the score.
            tick.visit(reader, i, |_, _, _, _| (), |_, _, _| ())?;
            answer.updates += 1;
            answer.score_sum += u64::from(tick.score);
        }
        Ok(answer)
    }
}
