//! mk48: `schemas/mk48.fbs`, RSB's shape, built in RSB's order (each
//! table's vectors and child tables first, then its fields in schema
//! order).

use flatbuffers::{FlatBufferBuilder, WIPOffset};
use serbench_model::mk48::{
    Contact, EntityType, Guidance, Mk48Answer, TerrainUpdate, Transform, Update,
};
use serbench_model::{Error, Updates};

use crate::generated::mk48::serbench as fb;
use crate::private::Schema;
use crate::{bound, invalid};

/// A contact table and its slot in the contacts vector: damage, entity
/// id, entity type, guidance, player id, reloads, transform, turret
/// angles. Its vtables are counted apart: they differ only in which of the
/// first five fields are left out, so an update's contacts have at most 16.
const CONTACT: usize = bound::shared_table(1 + 4 + 1 + 6 + 2 + 4 + 16 + 4) + 4;
/// The vtables of an update's contacts.
const CONTACT_VTABLES: usize = bound::vtables(8, 16);
/// A terrain update table and its slot: chunk id, data.
const TERRAIN: usize = bound::table(2, 2 + 4) + 4;
/// An update table and its slot: contacts, score, world radius, terrain.
const UPDATE: usize = bound::table(4, 4 + 4 + 4 + 4) + 4;

impl Schema for Updates {
    type Root<'a> = fb::Updates<'a>;

    fn size_bound(&self) -> usize {
        let updates: usize = self
            .updates
            .iter()
            .map(|update| {
                let contacts: usize = update
                    .contacts
                    .iter()
                    .map(|contact| {
                        CONTACT
                            + bound::vector(contact.reloads.len(), 1)
                            + bound::vector(contact.turret_angles.len(), 2)
                    })
                    .sum();
                let terrain: usize = update
                    .terrain_updates
                    .iter()
                    .map(|terrain| TERRAIN + bound::vector(terrain.data.len(), 1))
                    .sum();
                UPDATE
                    + CONTACT_VTABLES
                    + bound::vector(update.contacts.len(), 4)
                    + contacts
                    + bound::vector(update.terrain_updates.len(), 4)
                    + terrain
            })
            .sum();
        bound::FRAME + bound::table(1, 4) + bound::vector(self.updates.len(), 4) + updates
    }

    fn build<'b>(&self, builder: &mut FlatBufferBuilder<'b>) -> WIPOffset<fb::Updates<'b>> {
        let updates: Vec<_> = self
            .updates
            .iter()
            .map(|update| build_update(update, builder))
            .collect();
        let updates = builder.create_vector(&updates);
        let mut table = fb::UpdatesBuilder::new(builder);
        table.add_updates(updates);
        table.finish()
    }

    fn read(root: fb::Updates<'_>) -> Result<Self, Error> {
        Ok(Updates {
            updates: root
                .updates()
                .iter()
                .enumerate()
                .map(|(index, update)| read_update(update, index))
                .collect::<Result<_, Error>>()?,
        })
    }

    /// Checks everything [`read`](Schema::read) checks beyond the verifier,
    /// every contact's entity type, in place.
    fn answer(root: fb::Updates<'_>) -> Result<Mk48Answer, Error> {
        let mut answer = Mk48Answer::default();
        for (index, update) in root.updates().iter().enumerate() {
            for (contact_index, contact) in update.contacts().iter().enumerate() {
                entity_type(contact.entity_type(), index, contact_index)?;
            }
            answer.updates += 1;
            answer.score_sum += u64::from(update.score());
        }
        Ok(answer)
    }
}

fn wire_entity_type(kind: EntityType) -> fb::EntityType {
    match kind {
        EntityType::ArleighBurke => fb::EntityType::ArleighBurke,
        EntityType::Bismarck => fb::EntityType::Bismarck,
        EntityType::Clemenceau => fb::EntityType::Clemenceau,
        EntityType::Fletcher => fb::EntityType::Fletcher,
        EntityType::G5 => fb::EntityType::G5,
        EntityType::Iowa => fb::EntityType::Iowa,
        EntityType::Kolkata => fb::EntityType::Kolkata,
        EntityType::Osa => fb::EntityType::Osa,
        EntityType::Yasen => fb::EntityType::Yasen,
        EntityType::Zubr => fb::EntityType::Zubr,
    }
}

fn build_contact<'b>(
    contact: &Contact,
    builder: &mut FlatBufferBuilder<'b>,
) -> WIPOffset<fb::Contact<'b>> {
    let reloads = builder.create_vector(&contact.reloads);
    let turret_angles = builder.create_vector(&contact.turret_angles);
    let guidance = &contact.guidance;
    let guidance = fb::Guidance::new(guidance.angle, guidance.submerge, guidance.velocity);
    let transform = &contact.transform;
    let transform = fb::Transform::new(
        transform.altitude,
        transform.angle,
        &fb::Vector2f::new(transform.position.0, transform.position.1),
        transform.velocity,
    );
    let mut table = fb::ContactBuilder::new(builder);
    table.add_damage(contact.damage);
    table.add_entity_id(contact.entity_id);
    // Optional scalars: written whenever present, default or not.
    if let Some(kind) = contact.entity_type {
        table.add_entity_type(wire_entity_type(kind));
    }
    table.add_guidance(&guidance);
    if let Some(player_id) = contact.player_id {
        table.add_player_id(player_id);
    }
    table.add_reloads(reloads);
    table.add_transform(&transform);
    table.add_turret_angles(turret_angles);
    table.finish()
}

fn build_update<'b>(
    update: &Update,
    builder: &mut FlatBufferBuilder<'b>,
) -> WIPOffset<fb::Update<'b>> {
    let contacts: Vec<_> = update
        .contacts
        .iter()
        .map(|contact| build_contact(contact, builder))
        .collect();
    let contacts = builder.create_vector(&contacts);
    let terrain_updates: Vec<_> = update
        .terrain_updates
        .iter()
        .map(|terrain| {
            let data = builder.create_vector(&terrain.data);
            let mut table = fb::TerrainUpdateBuilder::new(builder);
            table.add_chunk_id(&fb::ChunkId::new(terrain.chunk_id.0, terrain.chunk_id.1));
            table.add_data(data);
            table.finish()
        })
        .collect();
    let terrain_updates = builder.create_vector(&terrain_updates);
    let mut table = fb::UpdateBuilder::new(builder);
    table.add_contacts(contacts);
    table.add_score(update.score);
    // Always written, so that -0.0 is kept (see the schema).
    table.add_world_radius(update.world_radius);
    table.add_terrain_updates(terrain_updates);
    table.finish()
}

/// A contact's entity type, which must be a known one when present.
fn entity_type(
    wire: Option<fb::EntityType>,
    update: usize,
    contact: usize,
) -> Result<Option<EntityType>, Error> {
    let Some(wire) = wire else {
        return Ok(None);
    };
    let kind = match wire {
        fb::EntityType::ArleighBurke => EntityType::ArleighBurke,
        fb::EntityType::Bismarck => EntityType::Bismarck,
        fb::EntityType::Clemenceau => EntityType::Clemenceau,
        fb::EntityType::Fletcher => EntityType::Fletcher,
        fb::EntityType::G5 => EntityType::G5,
        fb::EntityType::Iowa => EntityType::Iowa,
        fb::EntityType::Kolkata => EntityType::Kolkata,
        fb::EntityType::Osa => EntityType::Osa,
        fb::EntityType::Yasen => EntityType::Yasen,
        fb::EntityType::Zubr => EntityType::Zubr,
        other => {
            return Err(invalid::<Updates>(
                format_args!("entity type {} is not 0 to 9", other.0),
                format_args!("updates[{update}].contacts[{contact}].entity_type"),
            ));
        }
    };
    Ok(Some(kind))
}

fn read_update(update: fb::Update<'_>, index: usize) -> Result<Update, Error> {
    let contacts = update
        .contacts()
        .iter()
        .enumerate()
        .map(|(contact_index, contact)| {
            let (guidance, transform) = (contact.guidance(), contact.transform());
            let position = transform.position();
            Ok(Contact {
                damage: contact.damage(),
                entity_id: contact.entity_id(),
                entity_type: entity_type(contact.entity_type(), index, contact_index)?,
                guidance: Guidance {
                    angle: guidance.angle(),
                    submerge: guidance.submerge(),
                    velocity: guidance.velocity(),
                },
                player_id: contact.player_id(),
                reloads: contact.reloads().iter().collect(),
                transform: Transform {
                    altitude: transform.altitude(),
                    angle: transform.angle(),
                    position: (position.x(), position.y()),
                    velocity: transform.velocity(),
                },
                turret_angles: contact.turret_angles().iter().collect(),
            })
        })
        .collect::<Result<_, Error>>()?;
    Ok(Update {
        contacts,
        score: update.score(),
        // A writer may have left it out at its default.
        world_radius: update.world_radius().unwrap_or(0.0),
        terrain_updates: update
            .terrain_updates()
            .iter()
            .map(|terrain| {
                let chunk = terrain.chunk_id();
                TerrainUpdate {
                    chunk_id: (chunk.x(), chunk.y()),
                    data: terrain.data().bytes().to_vec(),
                }
            })
            .collect(),
    })
}
