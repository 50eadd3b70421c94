//! The triangle mesh as a Qt program would stream it: a `QList` of
//! triangles, each four `QVector3D`s (v0, v1, v2, the normal), whose
//! `operator<<` writes three `float`s, at `DoublePrecision` eight bytes
//! each ([`crate::float`]).

use serbench_model::Mesh;
use serbench_model::mesh::{Triangle, Vector3};

use crate::Stream;
use crate::error::{Fault, Unsupported};
use crate::read::Reader;
use crate::write::Writer;

/// Twelve floats, as doubles.
const TRIANGLE: usize = 12 * 8;

impl Stream for Mesh {
    fn write(&self, w: &mut Writer<'_>) -> Result<(), Unsupported> {
        w.list(&self.triangles, "the triangles", |w, triangle| {
            let Triangle { v0, v1, v2, normal } = triangle;
            for Vector3 { x, y, z } in [v0, v1, v2, normal] {
                w.f32(*x);
                w.f32(*y);
                w.f32(*z);
            }
            Ok(())
        })
    }

    fn read(r: &mut Reader<'_>) -> Result<Self, Fault> {
        let triangles = r.list("the triangle list", TRIANGLE, |r| {
            Ok(Triangle {
                v0: vector(r, "a triangle's v0")?,
                v1: vector(r, "a triangle's v1")?,
                v2: vector(r, "a triangle's v2")?,
                normal: vector(r, "a triangle's normal")?,
            })
        })?;
        Ok(Mesh { triangles })
    }
}

/// A `QVector3D`: x, y, z.
fn vector(r: &mut Reader<'_>, what: &str) -> Result<Vector3, Fault> {
    Ok(Vector3 {
        x: r.f32(what)?,
        y: r.f32(what)?,
        z: r.f32(what)?,
    })
}
