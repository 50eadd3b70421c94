//! mesh as `schemas/mesh.avsc`'s `serbench.Mesh`, in the shape of
//! rust_serialization_benchmark's `mesh.proto`: each coordinate an Avro
//! `float`, its four IEEE 754 bytes, so every `f32` keeps its bits.

use std::sync::OnceLock;

use serbench_model::Mesh;
use serbench_model::mesh::{Triangle, Vector3};
use serde::{Deserialize, Serialize};

use crate::check::Shape;
use crate::fields::{IntoModel, Items, items};
use crate::wire::{self, Compiled, Wire};

const VECTOR3: Shape = Shape::record(&[Shape::Float, Shape::Float, Shape::Float]);

impl Wire for Mesh {
    const SCHEMA: &'static str = include_str!("../../../schemas/mesh.avsc");
    const SHAPE: Shape = Shape::record(&[Shape::array(&Shape::record(&[
        VECTOR3, VECTOR3, VECTOR3, VECTOR3,
    ]))]);
    type Out<'a> = MeshOut<'a>;
    type In = MeshIn;

    fn out(&self) -> MeshOut<'_> {
        MeshOut {
            triangles: Items(&self.triangles, TriangleForm::new),
        }
    }

    fn compiled() -> &'static Compiled {
        static COMPILED: OnceLock<Compiled> = OnceLock::new();
        wire::compiled(&COMPILED, Self::SCHEMA)
    }

    fn into_model(read: MeshIn) -> Mesh {
        Mesh {
            triangles: read.triangles,
        }
    }
}

#[derive(Serialize)]
#[serde(rename = "Mesh")]
pub(crate) struct MeshOut<'a> {
    triangles: Items<'a, Triangle, TriangleForm>,
}

#[derive(Deserialize)]
#[serde(rename = "Mesh")]
pub(crate) struct MeshIn {
    #[serde(deserialize_with = "items::<_, TriangleForm, _>")]
    triangles: Vec<Triangle>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Triangle")]
struct TriangleForm {
    v0: Vector3Form,
    v1: Vector3Form,
    v2: Vector3Form,
    normal: Vector3Form,
}

impl TriangleForm {
    fn new(triangle: &Triangle) -> Self {
        Self {
            v0: triangle.v0.into(),
            v1: triangle.v1.into(),
            v2: triangle.v2.into(),
            normal: triangle.normal.into(),
        }
    }
}

impl IntoModel<Triangle> for TriangleForm {
    fn into_model<E: serde::de::Error>(self) -> Result<Triangle, E> {
        Ok(Triangle {
            v0: self.v0.into(),
            v1: self.v1.into(),
            v2: self.v2.into(),
            normal: self.normal.into(),
        })
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Vector3")]
struct Vector3Form {
    x: f32,
    y: f32,
    z: f32,
}

impl From<Vector3> for Vector3Form {
    fn from(Vector3 { x, y, z }: Vector3) -> Self {
        Self { x, y, z }
    }
}

impl From<Vector3Form> for Vector3 {
    fn from(Vector3Form { x, y, z }: Vector3Form) -> Self {
        Self { x, y, z }
    }
}
