//! mesh ↔ `schemas/mesh.capnp`.

use serbench_model::Mesh;
use serbench_model::mesh::{MeshAnswer, Triangle, Vector3};

use crate::generated::mesh_capnp::{mesh, triangle, vector3};
use crate::private::Wire;
use crate::read::{At, Failure};
use crate::write::{TooLong, Words};

impl Wire for Mesh {
    type Root = mesh::Owned;

    fn words(&self, words: &mut Words) -> Result<(), TooLong> {
        words.add_struct::<mesh::Owned>();
        words.structs::<triangle::Owned>("triangles", self.triangles.len())?;
        // Four vectors a triangle, each a struct of its own.
        words.add_structs::<vector3::Owned>(4 * self.triangles.len());
        Ok(())
    }

    fn build(&self, root: mesh::Builder<'_>) {
        let mut triangles = root.init_triangles(self.triangles.len() as u32);
        for (index, triangle) in self.triangles.iter().enumerate() {
            let mut wire = triangles.reborrow().get(index as u32);
            set(wire.reborrow().init_v0(), triangle.v0);
            set(wire.reborrow().init_v1(), triangle.v1);
            set(wire.reborrow().init_v2(), triangle.v2);
            set(wire.init_normal(), triangle.normal);
        }
    }

    fn read(root: mesh::Reader<'_>) -> Result<Self, Failure> {
        let wire_triangles = root.get_triangles().at("triangles")?;
        let mut triangles = Vec::with_capacity(wire_triangles.len() as usize);
        for (index, triangle) in wire_triangles.iter().enumerate() {
            triangles.push(read_triangle(triangle).at_item("triangles", index)?);
        }
        Ok(Mesh { triangles })
    }

    fn answer(root: mesh::Reader<'_>) -> Result<MeshAnswer, Failure> {
        let triangles = root.get_triangles().at("triangles")?;
        let mut checksum = 0u64;
        for (index, triangle) in triangles.iter().enumerate() {
            // Every vector is followed, as decoding follows it, so the
            // reader's traversal limit counts the same words.
            let normal = read_triangle(triangle).at_item("triangles", index)?.normal;
            for coordinate in [normal.x, normal.y, normal.z] {
                checksum = checksum.rotate_left(7) ^ u64::from(coordinate.to_bits());
            }
        }
        Ok(MeshAnswer {
            triangles: u64::from(triangles.len()),
            normal_checksum: checksum,
        })
    }
}

fn set(mut wire: vector3::Builder<'_>, vector: Vector3) {
    wire.set_x(vector.x);
    wire.set_y(vector.y);
    wire.set_z(vector.z);
}

fn vector(
    wire: capnp::Result<vector3::Reader<'_>>,
    field: &'static str,
) -> Result<Vector3, Failure> {
    let wire = wire.at(field)?;
    Ok(Vector3 {
        x: wire.get_x(),
        y: wire.get_y(),
        z: wire.get_z(),
    })
}

/// A triangle: plain numbers, copied (no heap), so the traverse reads it
/// the same way.
fn read_triangle(triangle: triangle::Reader<'_>) -> Result<Triangle, Failure> {
    Ok(Triangle {
        v0: vector(triangle.get_v0(), "v0")?,
        v1: vector(triangle.get_v1(), "v1")?,
        v2: vector(triangle.get_v2(), "v2")?,
        normal: vector(triangle.get_normal(), "normal")?,
    })
}
