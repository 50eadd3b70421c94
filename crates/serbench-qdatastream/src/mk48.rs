//! The game updates as a Qt program would stream them: every integer at
//! its own Qt type (`qint8`, `qint16`, `quint8`, `quint16`, `quint32`),
//! its `f32`s as `float` (at `DoublePrecision`, [`crate::float`]), a
//! position as a `QVector2D` (two `float`s), the entity type a `qint8` as
//! the crate writes every enum, an `Option` a `bool` and the value if it
//! is `true`, the reload flags a `QList<bool>`, the turret angles a
//! `QList<quint16>` and a terrain update's data a `QByteArray`.

use serbench_model::Updates;
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};

use crate::Stream;
use crate::error::{Fault, Unsupported};
use crate::read::Reader;
use crate::write::Writer;

/// Three empty lists, the score and the radius.
const MIN_UPDATE: usize = 4 + 4 + 8 + 4;
/// The fields of a contact with empty lists and no option.
const MIN_CONTACT: usize = 1 + 4 + 1 + (2 + 1 + 2) + 1 + 4 + (1 + 2 + 2 * 8 + 2) + 4;
/// The chunk id and an empty `QByteArray`.
const MIN_TERRAIN_UPDATE: usize = 2 + 4;

impl Stream for Updates {
    fn write(&self, w: &mut Writer<'_>) -> Result<(), Unsupported> {
        w.list(&self.updates, "the updates", |w, update| {
            w.list(&update.contacts, "an update's contacts", write_contact)?;
            w.u32(update.score);
            w.f32(update.world_radius);
            w.list(
                &update.terrain_updates,
                "an update's terrain updates",
                |w, terrain| {
                    let (x, y) = terrain.chunk_id;
                    w.i8(x);
                    w.i8(y);
                    w.byte_array(&terrain.data, "a terrain update's data")
                },
            )
        })
    }

    fn read(r: &mut Reader<'_>) -> Result<Self, Fault> {
        let updates = r.list("the update list", MIN_UPDATE, |r| {
            Ok(Update {
                contacts: r.list("an update's contact list", MIN_CONTACT, read_contact)?,
                score: r.u32("an update's score")?,
                world_radius: r.f32("an update's world_radius")?,
                terrain_updates: r.list(
                    "an update's terrain update list",
                    MIN_TERRAIN_UPDATE,
                    |r| {
                        Ok(TerrainUpdate {
                            chunk_id: (r.i8("a chunk's x")?, r.i8("a chunk's y")?),
                            data: r.byte_array("a terrain update's data")?,
                        })
                    },
                )?,
            })
        })?;
        Ok(Updates { updates })
    }
}

fn write_contact(w: &mut Writer<'_>, contact: &Contact) -> Result<(), Unsupported> {
    w.u8(contact.damage);
    w.u32(contact.entity_id);
    w.optional(contact.entity_type.as_ref(), |w, entity_type| {
        w.i8(*entity_type as i8);
        Ok(())
    })?;
    let Guidance {
        angle,
        submerge,
        velocity,
    } = contact.guidance;
    w.u16(angle);
    w.bool(submerge);
    w.i16(velocity);
    w.optional(contact.player_id.as_ref(), |w, player_id| {
        w.u16(*player_id);
        Ok(())
    })?;
    w.list(&contact.reloads, "a contact's reloads", |w, reload| {
        w.bool(*reload);
        Ok(())
    })?;
    let Transform {
        altitude,
        angle,
        position: (x, y),
        velocity,
    } = contact.transform;
    w.i8(altitude);
    w.u16(angle);
    w.f32(x);
    w.f32(y);
    w.i16(velocity);
    w.list(
        &contact.turret_angles,
        "a contact's turret angles",
        |w, angle| {
            w.u16(*angle);
            Ok(())
        },
    )
}

fn read_contact(r: &mut Reader<'_>) -> Result<Contact, Fault> {
    Ok(Contact {
        damage: r.u8("a contact's damage")?,
        entity_id: r.u32("a contact's entity_id")?,
        entity_type: r.optional("a contact's entity_type flag", |r| {
            r.variant("a contact's entity_type", &EntityType::ALL, "EntityType")
        })?,
        guidance: Guidance {
            angle: r.u16("a guidance's angle")?,
            submerge: r.bool("a guidance's submerge flag")?,
            velocity: r.i16("a guidance's velocity")?,
        },
        player_id: r.optional("a contact's player_id flag", |r| {
            r.u16("a contact's player_id")
        })?,
        reloads: r.list("a contact's reload list", 1, |r| r.bool("a reload flag"))?,
        transform: Transform {
            altitude: r.i8("a transform's altitude")?,
            angle: r.u16("a transform's angle")?,
            position: (
                r.f32("a transform's position")?,
                r.f32("a transform's position")?,
            ),
            velocity: r.i16("a transform's velocity")?,
        },
        turret_angles: r.list("a contact's turret angle list", 2, |r| {
            r.u16("a turret angle")
        })?,
    })
}
