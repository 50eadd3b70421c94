//! mesh: `schemas/mesh.fbs`, RSB's shape: one vector of 48-byte structs.

use flatbuffers::{FlatBufferBuilder, WIPOffset};
use serbench_model::mesh::{MeshAnswer, Triangle, Vector3};
use serbench_model::{Error, Mesh};

use crate::bound;
use crate::generated::mesh::serbench as fb;
use crate::private::Schema;

impl Schema for Mesh {
    type Root<'a> = fb::Mesh<'a>;

    fn size_bound(&self) -> usize {
        bound::FRAME + bound::table(1, 4) + bound::vector(self.triangles.len(), 48)
    }

    fn build<'b>(&self, builder: &mut FlatBufferBuilder<'b>) -> WIPOffset<fb::Mesh<'b>> {
        let triangles = builder.create_vector_from_iter(self.triangles.iter().map(|triangle| {
            fb::Triangle::new(
                &wire(triangle.v0),
                &wire(triangle.v1),
                &wire(triangle.v2),
                &wire(triangle.normal),
            )
        }));
        let mut table = fb::MeshBuilder::new(builder);
        table.add_triangles(triangles);
        table.finish()
    }

    fn read(root: fb::Mesh<'_>) -> Result<Self, Error> {
        Ok(Mesh {
            triangles: root
                .triangles()
                .iter()
                .map(|triangle| Triangle {
                    v0: vector(triangle.v0()),
                    v1: vector(triangle.v1()),
                    v2: vector(triangle.v2()),
                    normal: vector(triangle.normal()),
                })
                .collect(),
        })
    }

    fn answer(root: fb::Mesh<'_>) -> Result<MeshAnswer, Error> {
        let triangles = root.triangles();
        let mut checksum = 0u64;
        for triangle in triangles {
            let normal = triangle.normal();
            for coordinate in [normal.x(), normal.y(), normal.z()] {
                checksum = checksum.rotate_left(7) ^ u64::from(coordinate.to_bits());
            }
        }
        Ok(MeshAnswer {
            triangles: triangles.len() as u64,
            normal_checksum: checksum,
        })
    }
}

fn wire(vector: Vector3) -> fb::Vector3 {
    fb::Vector3::new(vector.x, vector.y, vector.z)
}

fn vector(vector: &fb::Vector3) -> Vector3 {
    Vector3 {
        x: vector.x(),
        y: vector.y(),
        z: vector.z(),
    }
}
