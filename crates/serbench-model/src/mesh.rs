//! The mesh dataset of rust_serialization_benchmark: triangles of `f32`
//! coordinates, a long array of small fixed-size structs.

use std::fmt;

use rand::Rng;

use crate::Dataset;
use crate::answer::JsonObject;
use crate::rsb::{self, SameBits, Stream};

/// A triangle mesh, RSB's `Mesh`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Mesh {
    /// The triangles, in the order they were drawn.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub triangles: Vec<Triangle>,
}

/// Three vertices and a normal. The generated ones are random points, not
/// a surface: the normal is drawn, not computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Triangle {
    /// The first vertex.
    pub v0: Vector3,
    /// The second vertex.
    pub v1: Vector3,
    /// The third vertex.
    pub v2: Vector3,
    /// The normal.
    pub normal: Vector3,
}

/// A point or direction. Equality compares the coordinates bit for bit.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Vector3 {
    /// x; in `[0, 1)` when generated.
    pub x: f32,
    /// y; in `[0, 1)` when generated.
    pub y: f32,
    /// z; in `[0, 1)` when generated.
    pub z: f32,
}

impl PartialEq for Vector3 {
    fn eq(&self, other: &Self) -> bool {
        (self.x, self.y, self.z).same_bits(&(other.x, other.y, other.z))
    }
}

impl Eq for Vector3 {}

impl Mesh {
    /// RSB's mesh dataset at `count` triangles (RSB benches 125 000): drawn
    /// from [`rsb::STATE`] and [`rsb::STREAM`] as RSB draws it, so equal
    /// to RSB's value bit for bit.
    #[must_use]
    pub fn generate(count: usize) -> Self {
        Self {
            triangles: rsb::generate(count, |rng| Triangle {
                v0: Vector3::generate(rng),
                v1: Vector3::generate(rng),
                v2: Vector3::generate(rng),
                normal: Vector3::generate(rng),
            }),
        }
    }
}

impl Vector3 {
    fn generate(rng: &mut Stream) -> Self {
        // `rand`'s standard `f32`: 24 bits of one word, in [0, 1).
        Self {
            x: rng.r#gen(),
            y: rng.r#gen(),
            z: rng.r#gen(),
        }
    }

    fn bits(self) -> [u32; 3] {
        [self.x.to_bits(), self.y.to_bits(), self.z.to_bits()]
    }
}

/// The mesh traverse answer: what RSB's access benches read of each
/// triangle, its normal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeshAnswer {
    /// Triangles.
    pub triangles: u64,
    /// `h = h.rotate_left(7) ^ bits` over the normals' coordinates in
    /// order, starting from 0.
    pub normal_checksum: u64,
}

impl fmt::Display for MeshAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        JsonObject::new(f)?
            .raw("triangles", self.triangles)?
            .string("normal_checksum", &format!("{:016x}", self.normal_checksum))?
            .end()
    }
}

impl Dataset for Mesh {
    type Borrowed<'a> = Mesh;

    /// No text to lend: the borrowed form is the value itself, built
    /// anew (a borrowed decode of it is an owned decode).
    fn lend(&self) -> Mesh {
        self.clone()
    }

    const LENDS_TEXT: bool = false;
    const NAME: &'static str = "mesh";
    const ABOUT: &'static str = "rust_serialization_benchmark's triangle mesh of f32 coordinates";
    const SIZE_UNIT: &'static str = "triangles";
    /// RSB's count.
    const DEFAULT_SIZE: usize = 125_000;
    /// A tenth, a prefix of the full dataset.
    const QUICK_SIZE: usize = 12_500;
    const DUMP_SIZE: usize = 10;
    /// The quick size: the benchmarks verify the full one.
    const TEST_SIZE: usize = Self::QUICK_SIZE;
    const DAMAGED_SIZE: usize = 3;
    type Answer = MeshAnswer;

    fn workload(size: usize) -> Vec<Self> {
        vec![Self::generate(size)]
    }

    fn traverse(&self) -> MeshAnswer {
        MeshAnswer {
            triangles: self.triangles.len() as u64,
            normal_checksum: self
                .triangles
                .iter()
                .flat_map(|triangle| triangle.normal.bits())
                .fold(0, |h: u64, bits| h.rotate_left(7) ^ u64::from(bits)),
        }
    }
}
