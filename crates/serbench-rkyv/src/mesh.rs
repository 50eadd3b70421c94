//! mesh ↔ its archive: RSB's own rkyv layout, a triangle as 12
//! little-endian `f32`s inline (48 bytes), one array of them.

use rkyv::rend::f32_le;
use rkyv::{Archive, Serialize};
use serbench_model::Mesh;
use serbench_model::mesh::{MeshAnswer, Triangle, Vector3};

use crate::wire::{Failure, Wire};

/// The root.
#[derive(Archive, Serialize)]
pub struct Surface {
    /// The archive's length (see [`Wire`]).
    pub len: u64,
    triangles: Vec<Facet>,
}

/// A [`Triangle`]; each vector is its x, y and z, as RSB's `Vector3`
/// archives.
#[derive(Archive, Serialize)]
pub(crate) struct Facet {
    v0: [f32; 3],
    v1: [f32; 3],
    v2: [f32; 3],
    normal: [f32; 3],
}

fn coordinates(vector: Vector3) -> [f32; 3] {
    [vector.x, vector.y, vector.z]
}

fn vector(archived: &[f32_le; 3]) -> Vector3 {
    let [x, y, z] = archived.map(f32_le::to_native);
    Vector3 { x, y, z }
}

impl Wire for Mesh {
    type Mirror = Surface;
    type Archive = ArchivedSurface;

    fn build(&self) -> Surface {
        Surface {
            len: 0,
            triangles: self
                .triangles
                .iter()
                .map(|triangle| Facet {
                    v0: coordinates(triangle.v0),
                    v1: coordinates(triangle.v1),
                    v2: coordinates(triangle.v2),
                    normal: coordinates(triangle.normal),
                })
                .collect(),
        }
    }

    fn read(archive: &ArchivedSurface) -> Result<Self, Failure> {
        Ok(Mesh {
            triangles: archive
                .triangles
                .iter()
                .map(|facet| Triangle {
                    v0: vector(&facet.v0),
                    v1: vector(&facet.v1),
                    v2: vector(&facet.v2),
                    normal: vector(&facet.normal),
                })
                .collect(),
        })
    }

    fn answer(archive: &ArchivedSurface) -> Result<MeshAnswer, Failure> {
        // The model's checksum, over the archived bits.
        Ok(MeshAnswer {
            triangles: archive.triangles.len() as u64,
            normal_checksum: archive
                .triangles
                .iter()
                .flat_map(|facet| facet.normal.iter().map(|c| c.to_native().to_bits()))
                .fold(0, |h: u64, bits| h.rotate_left(7) ^ u64::from(bits)),
        })
    }
}
