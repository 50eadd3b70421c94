//! mesh ↔ its buffer: a triangle as its twelve `f32`s inline (48 bytes),
//! one list of them.

use musli_zerocopy::{OwnedBuf, Ref, ZeroCopy};
use serbench_model::Mesh;
use serbench_model::mesh::{MeshAnswer, Triangle, Vector3};

use crate::wire::{Failure, Reader, Wire};

/// The root.
#[derive(ZeroCopy)]
#[repr(C)]
pub(crate) struct Surface {
    pub(crate) len: u64,
    triangles: Ref<[Facet]>,
}

/// A [`Triangle`]; each vector is its x, y and z.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(C)]
pub(crate) struct Facet {
    v0: [f32; 3],
    v1: [f32; 3],
    v2: [f32; 3],
    normal: [f32; 3],
}

fn coordinates(vector: Vector3) -> [f32; 3] {
    [vector.x, vector.y, vector.z]
}

fn vector([x, y, z]: [f32; 3]) -> Vector3 {
    Vector3 { x, y, z }
}

impl Wire for Mesh {
    type Root = Surface;

    fn write(&self, buf: &mut OwnedBuf) -> Result<Surface, musli_zerocopy::Error> {
        let facets: Vec<Facet> = self
            .triangles
            .iter()
            .map(|triangle| Facet {
                v0: coordinates(triangle.v0),
                v1: coordinates(triangle.v1),
                v2: coordinates(triangle.v2),
                normal: coordinates(triangle.normal),
            })
            .collect();
        Ok(Surface {
            len: 0,
            triangles: buf.store_slice(&facets)?,
        })
    }

    fn len_field(root: &mut Surface) -> &mut u64 {
        &mut root.len
    }

    fn read(root: &Surface, reader: &mut Reader<'_>) -> Result<Self, Failure> {
        let facets = reader.list(root.triangles, &|| "triangles".to_owned())?;
        Ok(Mesh {
            triangles: facets
                .iter()
                .map(|facet| Triangle {
                    v0: vector(facet.v0),
                    v1: vector(facet.v1),
                    v2: vector(facet.v2),
                    normal: vector(facet.normal),
                })
                .collect(),
        })
    }

    fn answer(root: &Surface, reader: &mut Reader<'_>) -> Result<MeshAnswer, Failure> {
        let facets = reader.list(root.triangles, &|| "triangles".to_owned())?;
        Ok(MeshAnswer {
            triangles: facets.len() as u64,
            normal_checksum: facets
                .iter()
                .flat_map(|facet| facet.normal.map(f32::to_bits))
                .fold(0, |h: u64, bits| h.rotate_left(7) ^ u64::from(bits)),
        })
    }
}
