//! mesh ↔ `serbench.Mesh` (`schemas/mesh.proto`).

use prost::encoding::{self, WireType};
use serbench_model::Mesh;
use serbench_model::mesh::{Triangle, Vector3};

use crate::proto;
use crate::read::{Delimited, ReadError, Within, ctx, or_zero, present, required, skip};
use crate::wire::Wire;

impl Wire for Mesh {
    type Message = proto::Mesh;

    fn build(&self) -> proto::Mesh {
        proto::Mesh {
            triangles: self
                .triangles
                .iter()
                .map(|triangle| proto::Triangle {
                    v0: Some(build_vector(triangle.v0)),
                    v1: Some(build_vector(triangle.v1)),
                    v2: Some(build_vector(triangle.v2)),
                    normal: Some(build_vector(triangle.normal)),
                })
                .collect(),
        }
    }

    fn read(buf: &mut &[u8]) -> Result<Self, ReadError> {
        let message = Delimited::root(buf);
        let mut triangles = Vec::new();
        if let Some(tally) = message.tally() {
            triangles.reserve_exact(tally.count(1));
        }
        while let Some((tag, wire_type)) = message.next_key(buf)? {
            match tag {
                1 => {
                    let triangle =
                        read_triangle(wire_type, buf).item("triangles", triangles.len())?;
                    triangles.push(triangle);
                }
                _ => skip(tag, wire_type, buf)?,
            }
        }
        Ok(Mesh { triangles })
    }

    fn from_message(message: proto::Mesh) -> Result<Self, ReadError> {
        let triangles = message
            .triangles
            .into_iter()
            .enumerate()
            .map(|(index, triangle)| {
                triangle_from([triangle.v0, triangle.v1, triangle.v2, triangle.normal])
                    .item("triangles", index)
            })
            .collect::<Result<_, ReadError>>()?;
        Ok(Mesh { triangles })
    }
}

fn build_vector(vector: Vector3) -> proto::Vector3 {
    proto::Vector3 {
        x: present(vector.x),
        y: present(vector.y),
        z: present(vector.z),
    }
}

/// The names of a triangle's fields, in field-number order.
const VERTICES: [&str; 4] = ["v0", "v1", "v2", "normal"];

/// A triangle from its four vectors, each required: the owned decodes'
/// check and the borrowed one's.
pub(crate) fn triangle_from(vectors: [Option<proto::Vector3>; 4]) -> Result<Triangle, ReadError> {
    let mut read = [Vector3 {
        x: 0.0,
        y: 0.0,
        z: 0.0,
    }; 4];
    for ((vector, name), into) in vectors.into_iter().zip(VERTICES).zip(&mut read) {
        let vector = required(vector, name)?;
        *into = Vector3 {
            x: or_zero(vector.x),
            y: or_zero(vector.y),
            z: or_zero(vector.z),
        };
    }
    let [v0, v1, v2, normal] = read;
    Ok(Triangle { v0, v1, v2, normal })
}

fn read_triangle(wire_type: WireType, buf: &mut &[u8]) -> Result<Triangle, ReadError> {
    let message = Delimited::read(wire_type, buf)?;
    let mut vectors: [Option<proto::Vector3>; 4] = [None; 4];
    while let Some((tag, wire_type)) = message.next_key(buf)? {
        match tag {
            // Three floats, read by prost's generated code into a value on
            // the stack; a vector given twice merges.
            1..=4 => {
                let index = tag as usize - 1;
                encoding::message::merge(
                    wire_type,
                    vectors[index].get_or_insert_default(),
                    buf,
                    ctx(),
                )
                .field(VERTICES[index])?;
            }
            _ => skip(tag, wire_type, buf)?,
        }
    }
    triangle_from(vectors)
}
