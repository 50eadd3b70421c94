//! The game updates as `schemas/mk48.thrift` describes it, in the shape of
//! rust_serialization_benchmark's `mk48.proto` with its field ids: the
//! model's `Option`s are `optional` fields (absent for `None`), its tuples
//! structs (`Vector2f`, `ChunkId`), its `f32`s `double`s of the same value
//! ([`crate::float`]), its `u8` an `i16`, its `u16`s `i32`s, its `u32`s
//! their bits as `i32`s, and its `i8`s and `i16`s Thrift's own `byte` and
//! `i16`.

use serbench_model::Updates;
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use thrift::protocol::TType;

use crate::Thrift;
use crate::error::{Fail, Fault};
use crate::float::{read_vector2f, write_vector2f};
use crate::protocol::{MIN_BOOL, MIN_STRUCT, Protocol};
use crate::read::{Fields, Reader, required};
use crate::write::Writer;

const UPDATES: &Fields = &[("updates", TType::List)];
const UPDATE: &Fields = &[
    ("contacts", TType::List),
    ("score", TType::I32),
    ("world_radius", TType::Double),
    ("terrain_updates", TType::List),
];
const CONTACT: &Fields = &[
    ("damage", TType::I16),
    ("entity_id", TType::I32),
    ("entity_type", TType::I32),
    ("guidance", TType::Struct),
    ("player_id", TType::I32),
    ("reloads", TType::List),
    ("transform", TType::Struct),
    ("turret_angles", TType::List),
];
const GUIDANCE: &Fields = &[
    ("angle", TType::I32),
    ("submerge", TType::Bool),
    ("velocity", TType::I16),
];
const TRANSFORM: &Fields = &[
    ("altitude", TType::I08),
    ("angle", TType::I32),
    ("position", TType::Struct),
    ("velocity", TType::I16),
];
const TERRAIN_UPDATE: &Fields = &[("chunk_id", TType::Struct), ("data", TType::String)];
const CHUNK_ID: &Fields = &[("x", TType::I08), ("y", TType::I08)];

impl Thrift for Updates {
    fn write<P: Protocol>(&self, w: &mut Writer<'_, P>) -> Result<(), Fail> {
        w.structure(|w| w.list_field(1, &self.updates, TType::Struct, "the updates", write_update))
    }

    fn read<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Self, Fault> {
        let at = r.pos();
        let mut updates = None;
        r.fields("Updates", UPDATES, |r, _| {
            updates = Some(r.list("the updates", TType::Struct, MIN_STRUCT, read_update)?);
            Ok(())
        })?;
        Ok(Updates {
            updates: required(updates, at, "Updates", "updates")?,
        })
    }
}

fn write_update<P: Protocol>(w: &mut Writer<'_, P>, update: &Update) -> Result<(), Fail> {
    w.structure(|w| {
        w.list_field(
            1,
            &update.contacts,
            TType::Struct,
            "an update's contacts",
            write_contact,
        )?;
        w.field(2, TType::I32, |w| w.i32(update.score.cast_signed()))?;
        w.field(3, TType::Double, |w| w.float(update.world_radius))?;
        w.list_field(
            4,
            &update.terrain_updates,
            TType::Struct,
            "an update's terrain updates",
            |w, terrain| {
                w.structure(|w| {
                    w.field(1, TType::Struct, |w| {
                        w.structure(|w| {
                            w.field(1, TType::I08, |w| w.i8(terrain.chunk_id.0))?;
                            w.field(2, TType::I08, |w| w.i8(terrain.chunk_id.1))
                        })
                    })?;
                    w.field(2, TType::String, |w| {
                        w.binary(&terrain.data, "a terrain update's data")
                    })
                })
            },
        )
    })
}

fn read_update<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Update, Fault> {
    let at = r.pos();
    let (mut contacts, mut score, mut world_radius, mut terrain_updates) = (None, None, None, None);
    r.fields("Update", UPDATE, |r, field| {
        match field {
            0 => {
                contacts = Some(r.list(
                    "an update's contacts",
                    TType::Struct,
                    MIN_STRUCT,
                    read_contact,
                )?);
            }
            1 => score = Some(r.i32("an update's score")?.cast_unsigned()),
            2 => world_radius = Some(r.float("an update's world_radius")?),
            _ => {
                terrain_updates = Some(r.list(
                    "an update's terrain updates",
                    TType::Struct,
                    MIN_STRUCT,
                    read_terrain_update,
                )?);
            }
        }
        Ok(())
    })?;
    Ok(Update {
        contacts: required(contacts, at, "Update", "contacts")?,
        score: required(score, at, "Update", "score")?,
        world_radius: required(world_radius, at, "Update", "world_radius")?,
        terrain_updates: required(terrain_updates, at, "Update", "terrain_updates")?,
    })
}

fn write_contact<P: Protocol>(w: &mut Writer<'_, P>, contact: &Contact) -> Result<(), Fail> {
    w.structure(|w| {
        w.field(1, TType::I16, |w| w.i16(contact.damage.into()))?;
        w.field(2, TType::I32, |w| w.i32(contact.entity_id.cast_signed()))?;
        if let Some(entity_type) = contact.entity_type {
            w.field(3, TType::I32, |w| w.i32(entity_type as i32))?;
        }
        w.field(4, TType::Struct, |w| {
            let Guidance {
                angle,
                submerge,
                velocity,
            } = contact.guidance;
            w.structure(|w| {
                w.field(1, TType::I32, |w| w.i32(angle.into()))?;
                w.field(2, TType::Bool, |w| w.bool(submerge))?;
                w.field(3, TType::I16, |w| w.i16(velocity))
            })
        })?;
        if let Some(player_id) = contact.player_id {
            w.field(5, TType::I32, |w| w.i32(player_id.into()))?;
        }
        w.list_field(
            6,
            &contact.reloads,
            TType::Bool,
            "a contact's reloads",
            |w, reload| w.bool(*reload),
        )?;
        w.field(7, TType::Struct, |w| {
            let Transform {
                altitude,
                angle,
                position,
                velocity,
            } = contact.transform;
            w.structure(|w| {
                w.field(1, TType::I08, |w| w.i8(altitude))?;
                w.field(2, TType::I32, |w| w.i32(angle.into()))?;
                w.field(3, TType::Struct, |w| write_vector2f(w, position))?;
                w.field(4, TType::I16, |w| w.i16(velocity))
            })
        })?;
        w.list_field(
            8,
            &contact.turret_angles,
            TType::I32,
            "a contact's turret angles",
            |w, angle| w.i32((*angle).into()),
        )
    })
}

fn read_contact<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Contact, Fault> {
    let at = r.pos();
    let (mut damage, mut entity_id, mut entity_type, mut guidance) = (None, None, None, None);
    let (mut player_id, mut reloads, mut transform, mut turret_angles) = (None, None, None, None);
    r.fields("Contact", CONTACT, |r, field| {
        match field {
            0 => damage = Some(r.u8("a contact's damage")?),
            1 => entity_id = Some(r.i32("a contact's entity_id")?.cast_unsigned()),
            2 => {
                entity_type =
                    Some(r.variant("a contact's entity_type", &EntityType::ALL, "EntityType")?);
            }
            3 => guidance = Some(read_guidance(r)?),
            4 => player_id = Some(r.u16("a contact's player_id")?),
            5 => {
                reloads = Some(r.list("a contact's reloads", TType::Bool, MIN_BOOL, |r| {
                    r.bool("a reload flag")
                })?);
            }
            6 => transform = Some(read_transform(r)?),
            _ => {
                turret_angles = Some(r.list(
                    "a contact's turret angles",
                    TType::I32,
                    P::MIN_I32,
                    |r| r.u16("a turret angle"),
                )?);
            }
        }
        Ok(())
    })?;
    Ok(Contact {
        damage: required(damage, at, "Contact", "damage")?,
        entity_id: required(entity_id, at, "Contact", "entity_id")?,
        entity_type,
        guidance: required(guidance, at, "Contact", "guidance")?,
        player_id,
        reloads: required(reloads, at, "Contact", "reloads")?,
        transform: required(transform, at, "Contact", "transform")?,
        turret_angles: required(turret_angles, at, "Contact", "turret_angles")?,
    })
}

fn read_guidance<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Guidance, Fault> {
    let at = r.pos();
    let (mut angle, mut submerge, mut velocity) = (None, None, None);
    r.fields("Guidance", GUIDANCE, |r, field| {
        match field {
            0 => angle = Some(r.u16("a guidance's angle")?),
            1 => submerge = Some(r.bool("a guidance's submerge flag")?),
            _ => velocity = Some(r.i16("a guidance's velocity")?),
        }
        Ok(())
    })?;
    Ok(Guidance {
        angle: required(angle, at, "Guidance", "angle")?,
        submerge: required(submerge, at, "Guidance", "submerge")?,
        velocity: required(velocity, at, "Guidance", "velocity")?,
    })
}

fn read_transform<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Transform, Fault> {
    let at = r.pos();
    let (mut altitude, mut angle, mut position, mut velocity) = (None, None, None, None);
    r.fields("Transform", TRANSFORM, |r, field| {
        match field {
            0 => altitude = Some(r.i8("a transform's altitude")?),
            1 => angle = Some(r.u16("a transform's angle")?),
            2 => position = Some(read_vector2f(r)?),
            _ => velocity = Some(r.i16("a transform's velocity")?),
        }
        Ok(())
    })?;
    Ok(Transform {
        altitude: required(altitude, at, "Transform", "altitude")?,
        angle: required(angle, at, "Transform", "angle")?,
        position: required(position, at, "Transform", "position")?,
        velocity: required(velocity, at, "Transform", "velocity")?,
    })
}

fn read_terrain_update<P: Protocol>(r: &mut Reader<'_, P>) -> Result<TerrainUpdate, Fault> {
    let at = r.pos();
    let (mut chunk_id, mut data) = (None, None);
    r.fields("TerrainUpdate", TERRAIN_UPDATE, |r, field| {
        if field == 0 {
            let chunk_at = r.pos();
            let mut xy = [None; 2];
            r.fields("ChunkId", CHUNK_ID, |r, field| {
                xy[field] = Some(r.i8(CHUNK_ID[field].0)?);
                Ok(())
            })?;
            let [x, y] = xy;
            chunk_id = Some((
                required(x, chunk_at, "ChunkId", "x")?,
                required(y, chunk_at, "ChunkId", "y")?,
            ));
        } else {
            data = Some(r.binary("a terrain update's data")?);
        }
        Ok(())
    })?;
    Ok(TerrainUpdate {
        chunk_id: required(chunk_id, at, "TerrainUpdate", "chunk_id")?,
        data: required(data, at, "TerrainUpdate", "data")?,
    })
}
