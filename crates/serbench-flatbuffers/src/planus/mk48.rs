//! mk48 through planus: `schemas/mk48.fbs`.

use serbench_model::mk48::{
    Contact, EntityType, Guidance, Mk48Answer, TerrainUpdate, Transform, Update,
};
use serbench_model::{Dataset as _, Error, Updates};

use super::generated::mk48::serbench as pl;
use super::{Budget, Checked as _, PlanusSchema};

impl PlanusSchema for Updates {
    // Nothing wider than 4 bytes: the offsets, the `uint`s and floats.
    const EIGHT_ALIGNED: bool = false;
    type Table = pl::Updates;
    type Ref<'a> = pl::UpdatesRef<'a>;

    fn write(&self, builder: &mut planus::Builder) -> planus::Offset<pl::Updates> {
        let updates: Vec<_> = self
            .updates
            .iter()
            .map(|update| write_update(update, builder))
            .collect();
        let updates = builder.create_vector(updates.as_slice());
        pl::Updates::create(builder, updates)
    }

    fn read(root: pl::UpdatesRef<'_>, budget: &mut Budget<Self>) -> Result<Self, Error> {
        let mut updates = Vec::new();
        for (index, update) in budget.vector(root.updates(), 4)?.iter().enumerate() {
            let update = budget.tabled(update)?;
            updates.push(read_update(update, index, budget)?);
        }
        Ok(Updates { updates })
    }

    /// Checks everything [`read`](PlanusSchema::read) checks, in the same
    /// order, in place.
    fn answer(root: pl::UpdatesRef<'_>, budget: &mut Budget<Self>) -> Result<Mk48Answer, Error> {
        let mut answer = Mk48Answer::default();
        for (index, update) in budget.vector(root.updates(), 4)?.iter().enumerate() {
            let update = budget.tabled(update)?;
            let score = check_update(update, index, budget)?;
            answer.updates += 1;
            answer.score_sum += u64::from(score);
        }
        Ok(answer)
    }
}

fn wire_entity_type(kind: EntityType) -> pl::EntityType {
    match kind {
        EntityType::ArleighBurke => pl::EntityType::ArleighBurke,
        EntityType::Bismarck => pl::EntityType::Bismarck,
        EntityType::Clemenceau => pl::EntityType::Clemenceau,
        EntityType::Fletcher => pl::EntityType::Fletcher,
        EntityType::G5 => pl::EntityType::G5,
        EntityType::Iowa => pl::EntityType::Iowa,
        EntityType::Kolkata => pl::EntityType::Kolkata,
        EntityType::Osa => pl::EntityType::Osa,
        EntityType::Yasen => pl::EntityType::Yasen,
        EntityType::Zubr => pl::EntityType::Zubr,
    }
}

fn write_contact(contact: &Contact, builder: &mut planus::Builder) -> planus::Offset<pl::Contact> {
    let reloads = builder.create_vector(contact.reloads.as_slice());
    let turret_angles = builder.create_vector(contact.turret_angles.as_slice());
    let guidance = &contact.guidance;
    let transform = &contact.transform;
    let (x, y) = transform.position;
    pl::Contact::create(
        builder,
        contact.damage,
        contact.entity_id,
        contact.entity_type.map(wire_entity_type),
        pl::Guidance {
            angle: guidance.angle,
            submerge: guidance.submerge,
            velocity: guidance.velocity,
        },
        contact.player_id,
        reloads,
        pl::Transform {
            altitude: transform.altitude,
            angle: transform.angle,
            position: pl::Vector2f { x, y },
            velocity: transform.velocity,
        },
        turret_angles,
    )
}

fn write_update(update: &Update, builder: &mut planus::Builder) -> planus::Offset<pl::Update> {
    let contacts: Vec<_> = update
        .contacts
        .iter()
        .map(|contact| write_contact(contact, builder))
        .collect();
    let contacts = builder.create_vector(contacts.as_slice());
    let terrain_updates: Vec<_> = update
        .terrain_updates
        .iter()
        .map(|terrain| {
            let data = builder.create_vector(terrain.data.as_slice());
            let (x, y) = terrain.chunk_id;
            pl::TerrainUpdate::create(builder, pl::ChunkId { x, y }, data)
        })
        .collect();
    let terrain_updates = builder.create_vector(terrain_updates.as_slice());
    pl::Update::create(
        builder,
        contacts,
        update.score,
        // Always written (see the schema).
        Some(update.world_radius),
        terrain_updates,
    )
}

/// A scalar or struct of a table.
fn checked<V>(read: planus::Result<V>) -> Result<V, Error> {
    read.checked::<Updates>()
}

/// A contact's entity type: planus refuses a value the enum does not name.
fn entity_type(
    read: planus::Result<Option<pl::EntityType>>,
    update: usize,
    contact: usize,
) -> Result<Option<EntityType>, Error> {
    let kind = match read {
        Ok(None) => return Ok(None),
        Ok(Some(kind)) => kind,
        Err(error) => {
            return Err(super::planus_error(Updates::NAME, error)
                .at_path(format!("updates[{update}].contacts[{contact}].entity_type")));
        }
    };
    Ok(Some(match kind {
        pl::EntityType::ArleighBurke => EntityType::ArleighBurke,
        pl::EntityType::Bismarck => EntityType::Bismarck,
        pl::EntityType::Clemenceau => EntityType::Clemenceau,
        pl::EntityType::Fletcher => EntityType::Fletcher,
        pl::EntityType::G5 => EntityType::G5,
        pl::EntityType::Iowa => EntityType::Iowa,
        pl::EntityType::Kolkata => EntityType::Kolkata,
        pl::EntityType::Osa => EntityType::Osa,
        pl::EntityType::Yasen => EntityType::Yasen,
        pl::EntityType::Zubr => EntityType::Zubr,
    }))
}

fn read_contact(
    contact: pl::ContactRef<'_>,
    update: usize,
    index: usize,
    budget: &mut Budget<Updates>,
) -> Result<Contact, Error> {
    let damage = checked(contact.damage())?;
    let entity_id = checked(contact.entity_id())?;
    let entity_type = entity_type(contact.entity_type(), update, index)?;
    let guidance = checked(contact.guidance())?;
    let player_id = checked(contact.player_id())?;
    let reloads = budget.vector(contact.reloads(), 1)?;
    let transform = checked(contact.transform())?;
    let turret_angles = budget.vector(contact.turret_angles(), 2)?;
    let position = transform.position();
    Ok(Contact {
        damage,
        entity_id,
        entity_type,
        guidance: Guidance {
            angle: guidance.angle(),
            submerge: guidance.submerge(),
            velocity: guidance.velocity(),
        },
        player_id,
        reloads: reloads.iter().collect(),
        transform: Transform {
            altitude: transform.altitude(),
            angle: transform.angle(),
            position: (position.x(), position.y()),
            velocity: transform.velocity(),
        },
        turret_angles: turret_angles.iter().collect(),
    })
}

fn read_update(
    update: pl::UpdateRef<'_>,
    index: usize,
    budget: &mut Budget<Updates>,
) -> Result<Update, Error> {
    let mut contacts = Vec::new();
    for (contact_index, contact) in budget.vector(update.contacts(), 4)?.iter().enumerate() {
        let contact = budget.tabled(contact)?;
        contacts.push(read_contact(contact, index, contact_index, budget)?);
    }
    let score = checked(update.score())?;
    let world_radius = checked(update.world_radius())?.unwrap_or(0.0);
    let mut terrain_updates = Vec::new();
    for terrain in budget.vector(update.terrain_updates(), 4)? {
        let terrain = budget.tabled(terrain)?;
        let chunk = checked(terrain.chunk_id())?;
        let data = checked(terrain.data())?;
        budget.bytes(4 + data.len())?;
        terrain_updates.push(TerrainUpdate {
            chunk_id: (chunk.x(), chunk.y()),
            data: data.to_vec(),
        });
    }
    Ok(Update {
        contacts,
        score,
        world_radius,
        terrain_updates,
    })
}

/// Checks an update as [`read_update`] does, in the same order, in place,
/// returning its score.
fn check_update(
    update: pl::UpdateRef<'_>,
    index: usize,
    budget: &mut Budget<Updates>,
) -> Result<u32, Error> {
    for (contact_index, contact) in budget.vector(update.contacts(), 4)?.iter().enumerate() {
        let contact = budget.tabled(contact)?;
        checked(contact.damage())?;
        checked(contact.entity_id())?;
        entity_type(contact.entity_type(), index, contact_index)?;
        checked(contact.guidance())?;
        checked(contact.player_id())?;
        budget.vector(contact.reloads(), 1)?;
        checked(contact.transform())?;
        budget.vector(contact.turret_angles(), 2)?;
    }
    let score = checked(update.score())?;
    checked(update.world_radius())?;
    for terrain in budget.vector(update.terrain_updates(), 4)? {
        let terrain = budget.tabled(terrain)?;
        checked(terrain.chunk_id())?;
        let data = checked(terrain.data())?;
        budget.bytes(4 + data.len())?;
    }
    Ok(score)
}
