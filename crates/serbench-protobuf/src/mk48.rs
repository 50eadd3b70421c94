//! mk48 ↔ `serbench.Updates` (`schemas/mk48.proto`).
//!
//! The tuned read goes field by field down to each contact, its packed
//! lists straight into the model's; the small messages below (guidance,
//! transform, a terrain update) are read by prost's generated code into a
//! value that is then moved into the model.

use prost::encoding::{self, WireType};
use serbench_model::Updates;
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};

use crate::proto;
use crate::read::{
    Delimited, ReadError, Values, Within, ctx, narrow_i8, narrow_i16, narrow_u8, narrow_u16,
    or_zero, present, repeated, required, skip,
};
use crate::wire::Wire;

impl Wire for Updates {
    type Message = proto::Updates;

    fn build(&self) -> proto::Updates {
        proto::Updates {
            updates: self.updates.iter().map(build_update).collect(),
        }
    }

    fn read(buf: &mut &[u8]) -> Result<Self, ReadError> {
        let message = Delimited::root(buf);
        let mut updates = Vec::new();
        if let Some(tally) = message.tally() {
            updates.reserve_exact(tally.count(1));
        }
        while let Some((tag, wire_type)) = message.next_key(buf)? {
            match tag {
                1 => {
                    let update = read_update(wire_type, buf).item("updates", updates.len())?;
                    updates.push(update);
                }
                _ => skip(tag, wire_type, buf)?,
            }
        }
        Ok(Updates { updates })
    }

    fn from_message(message: proto::Updates) -> Result<Self, ReadError> {
        let updates = message
            .updates
            .into_iter()
            .enumerate()
            .map(|(index, update)| update_from(update).item("updates", index))
            .collect::<Result<_, ReadError>>()?;
        Ok(Updates { updates })
    }
}

fn build_update(update: &Update) -> proto::Update {
    proto::Update {
        contacts: update.contacts.iter().map(build_contact).collect(),
        score: update.score,
        world_radius: present(update.world_radius),
        terrain_updates: update
            .terrain_updates
            .iter()
            .map(|terrain| proto::TerrainUpdate {
                chunk_id: Some(proto::ChunkId {
                    x: terrain.chunk_id.0.into(),
                    y: terrain.chunk_id.1.into(),
                }),
                data: terrain.data.clone(),
            })
            .collect(),
    }
}

fn build_entity_type(entity_type: EntityType) -> proto::EntityType {
    match entity_type {
        EntityType::ArleighBurke => proto::EntityType::ArleighBurke,
        EntityType::Bismarck => proto::EntityType::Bismarck,
        EntityType::Clemenceau => proto::EntityType::Clemenceau,
        EntityType::Fletcher => proto::EntityType::Fletcher,
        EntityType::G5 => proto::EntityType::G5,
        EntityType::Iowa => proto::EntityType::Iowa,
        EntityType::Kolkata => proto::EntityType::Kolkata,
        EntityType::Osa => proto::EntityType::Osa,
        EntityType::Yasen => proto::EntityType::Yasen,
        EntityType::Zubr => proto::EntityType::Zubr,
    }
}

fn entity_type_from(value: i32) -> Result<EntityType, ReadError> {
    Ok(match proto::EntityType::try_from(value) {
        Ok(proto::EntityType::ArleighBurke) => EntityType::ArleighBurke,
        Ok(proto::EntityType::Bismarck) => EntityType::Bismarck,
        Ok(proto::EntityType::Clemenceau) => EntityType::Clemenceau,
        Ok(proto::EntityType::Fletcher) => EntityType::Fletcher,
        Ok(proto::EntityType::G5) => EntityType::G5,
        Ok(proto::EntityType::Iowa) => EntityType::Iowa,
        Ok(proto::EntityType::Kolkata) => EntityType::Kolkata,
        Ok(proto::EntityType::Osa) => EntityType::Osa,
        Ok(proto::EntityType::Yasen) => EntityType::Yasen,
        Ok(proto::EntityType::Zubr) => EntityType::Zubr,
        Err(_) => {
            let problem = format!("is {value}, not an EntityType (0 to 9)");
            return Err(ReadError::invalid(problem));
        }
    })
}

fn build_contact(contact: &Contact) -> proto::Contact {
    let Guidance {
        angle,
        submerge,
        velocity,
    } = contact.guidance;
    let transform = contact.transform;
    let (x, y) = transform.position;
    proto::Contact {
        damage: contact.damage.into(),
        entity_id: contact.entity_id,
        entity_type: contact
            .entity_type
            .map(|entity_type| build_entity_type(entity_type).into()),
        guidance: Some(proto::Guidance {
            angle: angle.into(),
            submerge,
            velocity: velocity.into(),
        }),
        player_id: contact.player_id.map(u32::from),
        reloads: contact.reloads.clone(),
        transform: Some(proto::Transform {
            altitude: transform.altitude.into(),
            angle: transform.angle.into(),
            position: Some(proto::Position {
                x: present(x),
                y: present(y),
            }),
            velocity: transform.velocity.into(),
        }),
        turret_angles: contact
            .turret_angles
            .iter()
            .copied()
            .map(u32::from)
            .collect(),
    }
}

/// A `Contact` message's fields, its turret angles already checked: the
/// model's contact once [`ContactFields::finish`] has checked the rest.
pub(crate) struct ContactFields {
    pub(crate) damage: u32,
    pub(crate) entity_id: u32,
    pub(crate) entity_type: Option<i32>,
    pub(crate) guidance: Option<proto::Guidance>,
    pub(crate) player_id: Option<u32>,
    pub(crate) reloads: Vec<bool>,
    pub(crate) transform: Option<proto::Transform>,
    pub(crate) turret_angles: Vec<u16>,
}

impl ContactFields {
    /// The contact: damage within 0 to 255, a known entity type, guidance
    /// and transform required with their numbers within the model's types,
    /// a player id within 0 to 65535.
    pub(crate) fn finish(self) -> Result<Contact, ReadError> {
        let guidance = required(self.guidance, "guidance")?;
        let transform = required(self.transform, "transform")?;
        Ok(Contact {
            damage: narrow_u8(self.damage).field("damage")?,
            entity_id: self.entity_id,
            entity_type: self
                .entity_type
                .map(entity_type_from)
                .transpose()
                .field("entity_type")?,
            guidance: Guidance {
                angle: narrow_u16(guidance.angle)
                    .field("angle")
                    .field("guidance")?,
                submerge: guidance.submerge,
                velocity: narrow_i16(guidance.velocity)
                    .field("velocity")
                    .field("guidance")?,
            },
            player_id: self
                .player_id
                .map(narrow_u16)
                .transpose()
                .field("player_id")?,
            reloads: self.reloads,
            transform: transform_from(transform).field("transform")?,
            turret_angles: self.turret_angles,
        })
    }
}

fn transform_from(transform: proto::Transform) -> Result<Transform, ReadError> {
    let position = required(transform.position, "position")?;
    Ok(Transform {
        altitude: narrow_i8(transform.altitude).field("altitude")?,
        angle: narrow_u16(transform.angle).field("angle")?,
        position: (or_zero(position.x), or_zero(position.y)),
        velocity: narrow_i16(transform.velocity).field("velocity")?,
    })
}

/// A contact's turret angles, each within 0 to 65535.
pub(crate) fn angles_from(angles: impl IntoIterator<Item = u32>) -> Result<Vec<u16>, ReadError> {
    angles
        .into_iter()
        .map(narrow_u16)
        .collect::<Result<Vec<u16>, ReadError>>()
        .field("turret_angles")
}

/// A terrain update from its message's fields: its chunk required, each
/// coordinate within -128 to 127.
pub(crate) fn terrain_from(
    chunk_id: Option<proto::ChunkId>,
    data: Vec<u8>,
) -> Result<TerrainUpdate, ReadError> {
    let chunk_id = required(chunk_id, "chunk_id")?;
    let x = narrow_i8(chunk_id.x).field("x").field("chunk_id")?;
    let y = narrow_i8(chunk_id.y).field("y").field("chunk_id")?;
    Ok(TerrainUpdate {
        chunk_id: (x, y),
        data,
    })
}

/// The stock decode's conversion of a whole update message.
fn update_from(update: proto::Update) -> Result<Update, ReadError> {
    let contacts = update
        .contacts
        .into_iter()
        .enumerate()
        .map(|(index, contact)| {
            let fields = ContactFields {
                damage: contact.damage,
                entity_id: contact.entity_id,
                entity_type: contact.entity_type,
                guidance: contact.guidance,
                player_id: contact.player_id,
                reloads: contact.reloads,
                transform: contact.transform,
                turret_angles: angles_from(contact.turret_angles).item("contacts", index)?,
            };
            fields.finish().item("contacts", index)
        })
        .collect::<Result<_, ReadError>>()?;
    let terrain_updates = update
        .terrain_updates
        .into_iter()
        .enumerate()
        .map(|(index, terrain)| {
            terrain_from(terrain.chunk_id, terrain.data).item("terrain_updates", index)
        })
        .collect::<Result<_, ReadError>>()?;
    Ok(Update {
        contacts,
        score: update.score,
        world_radius: or_zero(update.world_radius),
        terrain_updates,
    })
}

fn read_update(wire_type: WireType, buf: &mut &[u8]) -> Result<Update, ReadError> {
    let message = Delimited::read(wire_type, buf)?;
    let mut update = Update {
        contacts: Vec::new(),
        score: 0,
        world_radius: 0.0,
        terrain_updates: Vec::new(),
    };
    let mut world_radius = None;
    if let Some(tally) = message.tally() {
        // No more contacts than the input holds valid ones, each at least
        // 8 bytes (a key, a length, its guidance and its transform with a
        // position, empty).
        update
            .contacts
            .reserve_exact(tally.count(1).min(message.body_len() / 8));
        update.terrain_updates.reserve_exact(tally.count(4));
    }
    while let Some((tag, wire_type)) = message.next_key(buf)? {
        match tag {
            1 => {
                let index = update.contacts.len();
                let contact = read_contact(wire_type, buf).item("contacts", index)?;
                update.contacts.push(contact);
            }
            2 => {
                encoding::uint32::merge(wire_type, &mut update.score, buf, ctx()).field("score")?;
            }
            3 => encoding::float::merge(wire_type, world_radius.get_or_insert(0.0), buf, ctx())
                .field("world_radius")?,
            4 => {
                let index = update.terrain_updates.len();
                let mut terrain = proto::TerrainUpdate::default();
                encoding::message::merge(wire_type, &mut terrain, buf, ctx())
                    .item("terrain_updates", index)?;
                let terrain =
                    terrain_from(terrain.chunk_id, terrain.data).item("terrain_updates", index)?;
                update.terrain_updates.push(terrain);
            }
            _ => skip(tag, wire_type, buf)?,
        }
    }
    update.world_radius = or_zero(world_radius);
    Ok(update)
}

/// Turret angles as they arrive, each checked.
struct Angles<'a>(&'a mut Vec<u16>);

impl Values<u32> for Angles<'_> {
    fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }

    fn push(&mut self, value: u32) -> Result<(), ReadError> {
        self.0.push(narrow_u16(value)?);
        Ok(())
    }
}

fn read_contact(wire_type: WireType, buf: &mut &[u8]) -> Result<Contact, ReadError> {
    let message = Delimited::read(wire_type, buf)?;
    let mut contact = ContactFields {
        damage: 0,
        entity_id: 0,
        entity_type: None,
        guidance: None,
        player_id: None,
        reloads: Vec::new(),
        transform: None,
        turret_angles: Vec::new(),
    };
    let c = &mut contact;
    while let Some((tag, wire_type)) = message.next_key(buf)? {
        match tag {
            1 => encoding::uint32::merge(wire_type, &mut c.damage, buf, ctx()).field("damage")?,
            2 => encoding::uint32::merge(wire_type, &mut c.entity_id, buf, ctx())
                .field("entity_id")?,
            3 => encoding::int32::merge(wire_type, c.entity_type.get_or_insert(0), buf, ctx())
                .field("entity_type")?,
            4 => {
                encoding::message::merge(wire_type, c.guidance.get_or_insert_default(), buf, ctx())
                    .field("guidance")?;
            }
            5 => encoding::uint32::merge(wire_type, c.player_id.get_or_insert(0), buf, ctx())
                .field("player_id")?,
            6 => {
                repeated(wire_type, buf, encoding::bool::merge, &mut c.reloads).field("reloads")?;
            }
            7 => {
                encoding::message::merge(
                    wire_type,
                    c.transform.get_or_insert_default(),
                    buf,
                    ctx(),
                )
                .field("transform")?;
            }
            8 => repeated(
                wire_type,
                buf,
                encoding::uint32::merge,
                &mut Angles(&mut c.turret_angles),
            )
            .field("turret_angles")?,
            _ => skip(tag, wire_type, buf)?,
        }
    }
    contact.finish()
}
