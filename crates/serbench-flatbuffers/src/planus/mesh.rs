//! mesh through planus: `schemas/mesh.fbs`.

use serbench_model::mesh::{MeshAnswer, Triangle, Vector3};
use serbench_model::{Error, Mesh};

use super::generated::mesh::serbench as pl;
use super::{Budget, PlanusSchema};

/// A triangle struct: four vectors of three floats.
const TRIANGLE: usize = 48;

impl PlanusSchema for Mesh {
    // Nothing wider than 4 bytes: the offsets and the floats.
    const EIGHT_ALIGNED: bool = false;
    type Table = pl::Mesh;
    type Ref<'a> = pl::MeshRef<'a>;

    fn write(&self, builder: &mut planus::Builder) -> planus::Offset<pl::Mesh> {
        let wire = |vector: Vector3| pl::Vector3 {
            x: vector.x,
            y: vector.y,
            z: vector.z,
        };
        // planus writes a vector from a slice of its own struct type.
        let triangles: Vec<_> = self
            .triangles
            .iter()
            .map(|triangle| pl::Triangle {
                v0: wire(triangle.v0),
                v1: wire(triangle.v1),
                v2: wire(triangle.v2),
                normal: wire(triangle.normal),
            })
            .collect();
        let triangles = builder.create_vector(triangles.as_slice());
        pl::Mesh::create(builder, triangles)
    }

    fn read(root: pl::MeshRef<'_>, budget: &mut Budget<Self>) -> Result<Self, Error> {
        let triangles = budget.vector(root.triangles(), TRIANGLE)?;
        Ok(Mesh {
            triangles: triangles
                .iter()
                .map(|triangle| Triangle {
                    v0: vector(&triangle.v0()),
                    v1: vector(&triangle.v1()),
                    v2: vector(&triangle.v2()),
                    normal: vector(&triangle.normal()),
                })
                .collect(),
        })
    }

    fn answer(root: pl::MeshRef<'_>, budget: &mut Budget<Self>) -> Result<MeshAnswer, Error> {
        let triangles = budget.vector(root.triangles(), TRIANGLE)?;
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

fn vector(vector: &pl::Vector3Ref<'_>) -> Vector3 {
    Vector3 {
        x: vector.x(),
        y: vector.y(),
        z: vector.z(),
    }
}
