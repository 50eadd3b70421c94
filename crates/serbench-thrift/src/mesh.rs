//! The triangle mesh as `schemas/mesh.thrift` describes it, in the shape
//! of rust_serialization_benchmark's `mesh.proto`: each coordinate an
//! `f32` as the `double` of the same value ([`crate::float`]).

use serbench_model::Mesh;
use serbench_model::mesh::{Triangle, Vector3};
use thrift::protocol::TType;

use crate::Thrift;
use crate::error::{Fail, Fault};
use crate::protocol::{MIN_STRUCT, Protocol};
use crate::read::{Fields, Reader, required};
use crate::write::Writer;

const MESH: &Fields = &[("triangles", TType::List)];
const TRIANGLE: &Fields = &[
    ("v0", TType::Struct),
    ("v1", TType::Struct),
    ("v2", TType::Struct),
    ("normal", TType::Struct),
];
const VECTOR: &Fields = &[
    ("x", TType::Double),
    ("y", TType::Double),
    ("z", TType::Double),
];

impl Thrift for Mesh {
    fn write<P: Protocol>(&self, w: &mut Writer<'_, P>) -> Result<(), Fail> {
        w.structure(|w| {
            w.list_field(
                1,
                &self.triangles,
                TType::Struct,
                "the triangles",
                |w, triangle| {
                    w.structure(|w| {
                        let Triangle { v0, v1, v2, normal } = triangle;
                        for (id, vector) in (1..).zip([v0, v1, v2, normal]) {
                            w.field(id, TType::Struct, |w| write_vector(w, vector))?;
                        }
                        Ok(())
                    })
                },
            )
        })
    }

    fn read<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Self, Fault> {
        let at = r.pos();
        let mut triangles = None;
        r.fields("Mesh", MESH, |r, _| {
            triangles = Some(r.list("the triangles", TType::Struct, MIN_STRUCT, read_triangle)?);
            Ok(())
        })?;
        Ok(Mesh {
            triangles: required(triangles, at, "Mesh", "triangles")?,
        })
    }
}

fn read_triangle<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Triangle, Fault> {
    let at = r.pos();
    let mut vectors = [None; 4];
    r.fields("Triangle", TRIANGLE, |r, field| {
        vectors[field] = Some(read_vector(r)?);
        Ok(())
    })?;
    let [v0, v1, v2, normal] = vectors;
    Ok(Triangle {
        v0: required(v0, at, "Triangle", "v0")?,
        v1: required(v1, at, "Triangle", "v1")?,
        v2: required(v2, at, "Triangle", "v2")?,
        normal: required(normal, at, "Triangle", "normal")?,
    })
}

fn write_vector<P: Protocol>(w: &mut Writer<'_, P>, vector: &Vector3) -> Result<(), Fail> {
    w.structure(|w| {
        w.field(1, TType::Double, |w| w.float(vector.x))?;
        w.field(2, TType::Double, |w| w.float(vector.y))?;
        w.field(3, TType::Double, |w| w.float(vector.z))
    })
}

fn read_vector<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Vector3, Fault> {
    let at = r.pos();
    let mut xyz = [None; 3];
    r.fields("Vector3", VECTOR, |r, field| {
        xyz[field] = Some(r.float(VECTOR[field].0)?);
        Ok(())
    })?;
    let [x, y, z] = xyz;
    Ok(Vector3 {
        x: required(x, at, "Vector3", "x")?,
        y: required(y, at, "Vector3", "y")?,
        z: required(z, at, "Vector3", "z")?,
    })
}
