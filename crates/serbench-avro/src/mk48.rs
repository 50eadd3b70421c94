//! mk48 as `schemas/mk48.avsc`'s `serbench.Updates`, in the shape of
//! rust_serialization_benchmark's `mk48.proto`: its tuples as records
//! (`Vector2f`, `ChunkId`), its `Option`s as `["null", T]` unions, its
//! small integers `int`s, its `u32`s `long`s, its `f32`s Avro `float`s
//! and a terrain update's data `bytes`.

use std::fmt;
use std::sync::OnceLock;

use serbench_model::Updates;
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::check::Shape;
use crate::fields::{IntoModel, Items, items};
use crate::wire::{self, Compiled, Wire};

impl Wire for Updates {
    const SCHEMA: &'static str = include_str!("../../../schemas/mk48.avsc");
    const SHAPE: Shape = Shape::record(&[Shape::array(&Shape::record(&[
        Shape::array(&Shape::record(&[
            Shape::U8,
            Shape::U32,
            Shape::nullable(&Shape::Enum(10)),
            Shape::record(&[Shape::U16, Shape::Boolean, Shape::I16]),
            Shape::nullable(&Shape::U16),
            Shape::array(&Shape::Boolean),
            Shape::record(&[
                Shape::I8,
                Shape::U16,
                Shape::record(&[Shape::Float, Shape::Float]),
                Shape::I16,
            ]),
            Shape::array(&Shape::U16),
        ])),
        Shape::U32,
        Shape::Float,
        Shape::array(&Shape::record(&[
            Shape::record(&[Shape::I8, Shape::I8]),
            Shape::Bytes,
        ])),
    ]))]);
    type Out<'a> = UpdatesOut<'a>;
    type In = UpdatesIn;

    fn out(&self) -> UpdatesOut<'_> {
        UpdatesOut {
            updates: Items(&self.updates, UpdateOut::new),
        }
    }

    fn compiled() -> &'static Compiled {
        static COMPILED: OnceLock<Compiled> = OnceLock::new();
        wire::compiled(&COMPILED, Self::SCHEMA)
    }

    fn into_model(read: UpdatesIn) -> Updates {
        Updates {
            updates: read.updates,
        }
    }
}

#[derive(Serialize)]
#[serde(rename = "Updates")]
pub(crate) struct UpdatesOut<'a> {
    updates: Items<'a, Update, UpdateOut<'a>>,
}

#[derive(Deserialize)]
#[serde(rename = "Updates")]
pub(crate) struct UpdatesIn {
    #[serde(deserialize_with = "items::<_, UpdateIn, _>")]
    updates: Vec<Update>,
}

#[derive(Serialize)]
#[serde(rename = "Update")]
struct UpdateOut<'a> {
    contacts: Items<'a, Contact, ContactOut<'a>>,
    score: u32,
    world_radius: f32,
    terrain_updates: Items<'a, TerrainUpdate, TerrainUpdateOut<'a>>,
}

impl<'a> UpdateOut<'a> {
    fn new(update: &'a Update) -> Self {
        Self {
            contacts: Items(&update.contacts, ContactOut::new),
            score: update.score,
            world_radius: update.world_radius,
            terrain_updates: Items(&update.terrain_updates, TerrainUpdateOut::new),
        }
    }
}

#[derive(Deserialize)]
#[serde(rename = "Update")]
struct UpdateIn {
    #[serde(deserialize_with = "items::<_, ContactIn, _>")]
    contacts: Vec<Contact>,
    score: u32,
    world_radius: f32,
    #[serde(deserialize_with = "items::<_, TerrainUpdateIn, _>")]
    terrain_updates: Vec<TerrainUpdate>,
}

impl IntoModel<Update> for UpdateIn {
    fn into_model<E: de::Error>(self) -> Result<Update, E> {
        Ok(Update {
            contacts: self.contacts,
            score: self.score,
            world_radius: self.world_radius,
            terrain_updates: self.terrain_updates,
        })
    }
}

/// The schema's `EntityType` enum: `ARLEIGH_BURKE` to `ZUBR`.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(rename = "EntityType", rename_all = "SCREAMING_SNAKE_CASE")]
enum EntityTypeForm {
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

impl From<EntityType> for EntityTypeForm {
    fn from(entity_type: EntityType) -> Self {
        match entity_type {
            EntityType::ArleighBurke => Self::ArleighBurke,
            EntityType::Bismarck => Self::Bismarck,
            EntityType::Clemenceau => Self::Clemenceau,
            EntityType::Fletcher => Self::Fletcher,
            EntityType::G5 => Self::G5,
            EntityType::Iowa => Self::Iowa,
            EntityType::Kolkata => Self::Kolkata,
            EntityType::Osa => Self::Osa,
            EntityType::Yasen => Self::Yasen,
            EntityType::Zubr => Self::Zubr,
        }
    }
}

impl From<EntityTypeForm> for EntityType {
    fn from(form: EntityTypeForm) -> Self {
        match form {
            EntityTypeForm::ArleighBurke => Self::ArleighBurke,
            EntityTypeForm::Bismarck => Self::Bismarck,
            EntityTypeForm::Clemenceau => Self::Clemenceau,
            EntityTypeForm::Fletcher => Self::Fletcher,
            EntityTypeForm::G5 => Self::G5,
            EntityTypeForm::Iowa => Self::Iowa,
            EntityTypeForm::Kolkata => Self::Kolkata,
            EntityTypeForm::Osa => Self::Osa,
            EntityTypeForm::Yasen => Self::Yasen,
            EntityTypeForm::Zubr => Self::Zubr,
        }
    }
}

#[derive(Serialize)]
#[serde(rename = "Contact")]
struct ContactOut<'a> {
    damage: u8,
    entity_id: u32,
    entity_type: Option<EntityTypeForm>,
    guidance: GuidanceForm,
    player_id: Option<u16>,
    reloads: &'a [bool],
    transform: TransformForm,
    turret_angles: &'a [u16],
}

impl<'a> ContactOut<'a> {
    fn new(contact: &'a Contact) -> Self {
        Self {
            damage: contact.damage,
            entity_id: contact.entity_id,
            entity_type: contact.entity_type.map(EntityTypeForm::from),
            guidance: contact.guidance.into(),
            player_id: contact.player_id,
            reloads: &contact.reloads,
            transform: contact.transform.into(),
            turret_angles: &contact.turret_angles,
        }
    }
}

#[derive(Deserialize)]
#[serde(rename = "Contact")]
struct ContactIn {
    damage: u8,
    entity_id: u32,
    entity_type: Option<EntityTypeForm>,
    guidance: GuidanceForm,
    player_id: Option<u16>,
    reloads: Vec<bool>,
    transform: TransformForm,
    turret_angles: Vec<u16>,
}

impl IntoModel<Contact> for ContactIn {
    fn into_model<E: de::Error>(self) -> Result<Contact, E> {
        Ok(Contact {
            damage: self.damage,
            entity_id: self.entity_id,
            entity_type: self.entity_type.map(EntityType::from),
            guidance: self.guidance.into(),
            player_id: self.player_id,
            reloads: self.reloads,
            transform: self.transform.into(),
            turret_angles: self.turret_angles,
        })
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Guidance")]
struct GuidanceForm {
    angle: u16,
    submerge: bool,
    velocity: i16,
}

impl From<Guidance> for GuidanceForm {
    fn from(
        Guidance {
            angle,
            submerge,
            velocity,
        }: Guidance,
    ) -> Self {
        Self {
            angle,
            submerge,
            velocity,
        }
    }
}

impl From<GuidanceForm> for Guidance {
    fn from(
        GuidanceForm {
            angle,
            submerge,
            velocity,
        }: GuidanceForm,
    ) -> Self {
        Self {
            angle,
            submerge,
            velocity,
        }
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Transform")]
struct TransformForm {
    altitude: i8,
    angle: u16,
    position: Vector2fForm,
    velocity: i16,
}

impl From<Transform> for TransformForm {
    fn from(
        Transform {
            altitude,
            angle,
            position: (x, y),
            velocity,
        }: Transform,
    ) -> Self {
        Self {
            altitude,
            angle,
            position: Vector2fForm { x, y },
            velocity,
        }
    }
}

impl From<TransformForm> for Transform {
    fn from(
        TransformForm {
            altitude,
            angle,
            position: Vector2fForm { x, y },
            velocity,
        }: TransformForm,
    ) -> Self {
        Self {
            altitude,
            angle,
            position: (x, y),
            velocity,
        }
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Vector2f")]
struct Vector2fForm {
    x: f32,
    y: f32,
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "ChunkId")]
struct ChunkIdForm {
    x: i8,
    y: i8,
}

#[derive(Serialize)]
#[serde(rename = "TerrainUpdate")]
struct TerrainUpdateOut<'a> {
    chunk_id: ChunkIdForm,
    #[serde(serialize_with = "bytes")]
    data: &'a [u8],
}

impl<'a> TerrainUpdateOut<'a> {
    fn new(terrain: &'a TerrainUpdate) -> Self {
        let (x, y) = terrain.chunk_id;
        Self {
            chunk_id: ChunkIdForm { x, y },
            data: &terrain.data,
        }
    }
}

#[derive(Deserialize)]
#[serde(rename = "TerrainUpdate")]
struct TerrainUpdateIn {
    chunk_id: ChunkIdForm,
    #[serde(deserialize_with = "byte_buf")]
    data: Vec<u8>,
}

impl IntoModel<TerrainUpdate> for TerrainUpdateIn {
    fn into_model<E: de::Error>(self) -> Result<TerrainUpdate, E> {
        Ok(TerrainUpdate {
            chunk_id: (self.chunk_id.x, self.chunk_id.y),
            data: self.data,
        })
    }
}

/// A byte vector as Avro `bytes` (serde writes a `&[u8]` as a sequence
/// of numbers unless told).
fn bytes<S: Serializer>(data: &&[u8], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_bytes(data)
}

/// Avro `bytes` read into a vector.
fn byte_buf<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
    struct ByteBuf;

    impl Visitor<'_> for ByteBuf {
        type Value = Vec<u8>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("bytes")
        }

        fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Vec<u8>, E> {
            Ok(bytes.to_vec())
        }

        fn visit_byte_buf<E: de::Error>(self, bytes: Vec<u8>) -> Result<Vec<u8>, E> {
            Ok(bytes)
        }
    }

    deserializer.deserialize_byte_buf(ByteBuf)
}
