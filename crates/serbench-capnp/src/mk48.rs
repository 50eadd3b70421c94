//! mk48 ↔ `schemas/mk48.capnp`.

use serbench_model::Updates;
use serbench_model::mk48::{
    Contact, EntityType, Guidance, Mk48Answer, TerrainUpdate, Transform, Update,
};

use crate::generated::mk48_capnp::{
    EntityType as WireEntityType, contact, guidance, terrain_update, transform, update, updates,
};
use crate::private::Wire;
use crate::read::{self, At, Failure};
use crate::write::{self, TooLong, Words};

impl Wire for Updates {
    type Root = updates::Owned;

    fn words(&self, words: &mut Words) -> Result<(), TooLong> {
        words.add_struct::<updates::Owned>();
        words.structs::<update::Owned>("updates", self.updates.len())?;
        for update in &self.updates {
            words.structs::<contact::Owned>("contacts", update.contacts.len())?;
            for contact in &update.contacts {
                words.add_struct::<guidance::Owned>();
                words.bools("reloads", contact.reloads.len())?;
                words.add_struct::<transform::Owned>();
                words.numbers("turret_angles", contact.turret_angles.len(), 2)?;
            }
            words.structs::<terrain_update::Owned>(
                "terrain_updates",
                update.terrain_updates.len(),
            )?;
            for terrain in &update.terrain_updates {
                words.numbers("data", terrain.data.len(), 1)?;
            }
        }
        Ok(())
    }

    fn build(&self, root: updates::Builder<'_>) {
        let mut updates = root.init_updates(self.updates.len() as u32);
        for (index, update) in self.updates.iter().enumerate() {
            let mut wire = updates.reborrow().get(index as u32);
            let mut contacts = wire.reborrow().init_contacts(update.contacts.len() as u32);
            for (index, contact) in update.contacts.iter().enumerate() {
                build_contact(contact, contacts.reborrow().get(index as u32));
            }
            wire.set_score(update.score);
            wire.set_world_radius(update.world_radius);
            let mut terrain_updates =
                wire.init_terrain_updates(update.terrain_updates.len() as u32);
            for (index, terrain) in update.terrain_updates.iter().enumerate() {
                let mut wire = terrain_updates.reborrow().get(index as u32);
                let mut chunk = wire.reborrow().init_chunk_id();
                chunk.set_x(terrain.chunk_id.0);
                chunk.set_y(terrain.chunk_id.1);
                write::fill_u8(wire.init_data(terrain.data.len() as u32), &terrain.data);
            }
        }
    }

    fn read(root: updates::Reader<'_>) -> Result<Self, Failure> {
        let wire_updates = root.get_updates().at("updates")?;
        let mut updates = Vec::with_capacity(wire_updates.len() as usize);
        for (index, update) in wire_updates.iter().enumerate() {
            updates.push(read_update(update).at_item("updates", index)?);
        }
        Ok(Updates { updates })
    }

    fn answer(root: updates::Reader<'_>) -> Result<Mk48Answer, Failure> {
        let mut answer = Mk48Answer::default();
        for (index, update) in root.get_updates().at("updates")?.iter().enumerate() {
            check_update(update).at_item("updates", index)?;
            answer.updates += 1;
            answer.score_sum += u64::from(update.get_score());
        }
        Ok(answer)
    }
}

fn wire_entity_type(kind: EntityType) -> WireEntityType {
    match kind {
        EntityType::ArleighBurke => WireEntityType::ArleighBurke,
        EntityType::Bismarck => WireEntityType::Bismarck,
        EntityType::Clemenceau => WireEntityType::Clemenceau,
        EntityType::Fletcher => WireEntityType::Fletcher,
        EntityType::G5 => WireEntityType::G5,
        EntityType::Iowa => WireEntityType::Iowa,
        EntityType::Kolkata => WireEntityType::Kolkata,
        EntityType::Osa => WireEntityType::Osa,
        EntityType::Yasen => WireEntityType::Yasen,
        EntityType::Zubr => WireEntityType::Zubr,
    }
}

fn build_contact(contact: &Contact, mut wire: contact::Builder<'_>) {
    wire.set_damage(contact.damage);
    wire.set_entity_id(contact.entity_id);
    let mut entity_type = wire.reborrow().init_entity_type();
    match contact.entity_type {
        Some(kind) => entity_type.set_some(wire_entity_type(kind)),
        None => entity_type.set_none(()),
    }
    let mut guidance = wire.reborrow().init_guidance();
    guidance.set_angle(contact.guidance.angle);
    guidance.set_submerge(contact.guidance.submerge);
    guidance.set_velocity(contact.guidance.velocity);
    let mut player_id = wire.reborrow().init_player_id();
    match contact.player_id {
        Some(id) => player_id.set_some(id),
        None => player_id.set_none(()),
    }
    let mut reloads = wire.reborrow().init_reloads(contact.reloads.len() as u32);
    for (index, &reload) in contact.reloads.iter().enumerate() {
        reloads.set(index as u32, reload);
    }
    let mut transform = wire.reborrow().init_transform();
    transform.set_altitude(contact.transform.altitude);
    transform.set_angle(contact.transform.angle);
    let mut position = transform.reborrow().init_position();
    position.set_x(contact.transform.position.0);
    position.set_y(contact.transform.position.1);
    transform.set_velocity(contact.transform.velocity);
    write::fill_u16(
        wire.init_turret_angles(contact.turret_angles.len() as u32),
        &contact.turret_angles,
    );
}

/// A contact's entity type and player id, whose union tags (and the type's
/// value) must be ones the schema defines.
fn options(contact: contact::Reader<'_>) -> Result<(Option<EntityType>, Option<u16>), Failure> {
    use contact::{entity_type, player_id};

    let kind = match contact.get_entity_type().which().at("entity_type")? {
        entity_type::None(()) => None,
        entity_type::Some(kind) => Some(match kind.at("entity_type")? {
            WireEntityType::ArleighBurke => EntityType::ArleighBurke,
            WireEntityType::Bismarck => EntityType::Bismarck,
            WireEntityType::Clemenceau => EntityType::Clemenceau,
            WireEntityType::Fletcher => EntityType::Fletcher,
            WireEntityType::G5 => EntityType::G5,
            WireEntityType::Iowa => EntityType::Iowa,
            WireEntityType::Kolkata => EntityType::Kolkata,
            WireEntityType::Osa => EntityType::Osa,
            WireEntityType::Yasen => EntityType::Yasen,
            WireEntityType::Zubr => EntityType::Zubr,
        }),
    };
    let player = match contact.get_player_id().which().at("player_id")? {
        player_id::None(()) => None,
        player_id::Some(id) => Some(id),
    };
    Ok((kind, player))
}

fn read_contact(contact: contact::Reader<'_>) -> Result<Contact, Failure> {
    let (entity_type, player_id) = options(contact)?;
    let guidance = contact.get_guidance().at("guidance")?;
    let transform = contact.get_transform().at("transform")?;
    let position = transform.get_position();
    Ok(Contact {
        damage: contact.get_damage(),
        entity_id: contact.get_entity_id(),
        entity_type,
        guidance: Guidance {
            angle: guidance.get_angle(),
            submerge: guidance.get_submerge(),
            velocity: guidance.get_velocity(),
        },
        player_id,
        reloads: contact.get_reloads().at("reloads")?.iter().collect(),
        transform: Transform {
            altitude: transform.get_altitude(),
            angle: transform.get_angle(),
            position: (position.get_x(), position.get_y()),
            velocity: transform.get_velocity(),
        },
        turret_angles: read::u16s(contact.get_turret_angles().at("turret_angles")?),
    })
}

/// Reads in place every pointer [`read_contact`] reads and checks its
/// union tags and entity type as it does.
fn check_contact(contact: contact::Reader<'_>) -> Result<(), Failure> {
    options(contact)?;
    contact.get_guidance().at("guidance")?;
    contact.get_reloads().at("reloads")?;
    contact.get_transform().at("transform")?;
    contact.get_turret_angles().at("turret_angles")?;
    Ok(())
}

fn read_update(update: update::Reader<'_>) -> Result<Update, Failure> {
    let wire_contacts = update.get_contacts().at("contacts")?;
    let mut contacts = Vec::with_capacity(wire_contacts.len() as usize);
    for (index, contact) in wire_contacts.iter().enumerate() {
        contacts.push(read_contact(contact).at_item("contacts", index)?);
    }
    let wire_terrain = update.get_terrain_updates().at("terrain_updates")?;
    let mut terrain_updates = Vec::with_capacity(wire_terrain.len() as usize);
    for (index, terrain) in wire_terrain.iter().enumerate() {
        let chunk = terrain.get_chunk_id();
        let data = terrain
            .get_data()
            .at("data")
            .at_item("terrain_updates", index)?;
        terrain_updates.push(TerrainUpdate {
            chunk_id: (chunk.get_x(), chunk.get_y()),
            data: read::u8s(data),
        });
    }
    Ok(Update {
        contacts,
        score: update.get_score(),
        world_radius: update.get_world_radius(),
        terrain_updates,
    })
}

/// Checks an update in place, as [`read_update`] does.
fn check_update(update: update::Reader<'_>) -> Result<(), Failure> {
    for (index, contact) in update.get_contacts().at("contacts")?.iter().enumerate() {
        check_contact(contact).at_item("contacts", index)?;
    }
    for (index, terrain) in update
        .get_terrain_updates()
        .at("terrain_updates")?
        .iter()
        .enumerate()
    {
        terrain
            .get_data()
            .at("data")
            .at_item("terrain_updates", index)?;
    }
    Ok(())
}
