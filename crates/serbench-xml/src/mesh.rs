//! Mesh: `<mesh>` holding a `<triangle>` per triangle, each vertex and the
//! normal an `xs:list` of three `xs:float`s.

use serbench_model::mesh::{Triangle, Vector3};
use serbench_model::{Error, Mesh};

use crate::float::{self, items, parse_float};
use crate::read::Input;
use crate::write::{Output, Tag};

const VECTORS: [&str; 4] = ["v0", "v1", "v2", "normal"];

pub(crate) fn encode(mesh: &Mesh, out: &mut Vec<u8>) -> Result<(), Error> {
    let mut out = Output::new::<Mesh>(out);
    out.declaration()?;
    if !out.open(&Tag::new("mesh"), !mesh.triangles.is_empty())? {
        return Ok(());
    }
    let mut tag = Tag::new("triangle");
    for (index, triangle) in mesh.triangles.iter().enumerate() {
        let Triangle { v0, v1, v2, normal } = triangle;
        tag.clear();
        for (key, Vector3 { x, y, z }) in VECTORS.into_iter().zip([v0, v1, v2, normal]) {
            let path = || format!("triangles[{index}].{key}");
            let xyz = [
                float::float(&out, *x, path)?,
                float::float(&out, *y, path)?,
                float::float(&out, *z, path)?,
            ];
            out.list(&mut tag, key, xyz);
        }
        out.empty(&tag)?;
    }
    out.end("mesh")
}

/// A vector: `x y z`.
fn parse_vector(text: &str) -> Result<Vector3, String> {
    let [x, y, z] = items(text, parse_float)?;
    Ok(Vector3 { x, y, z })
}

/// The mesh `input` holds.
pub(crate) fn decode(mut input: Input<'_>) -> Result<Mesh, Error> {
    let root = input.root("mesh")?;
    root.attributes([])?;
    let mut triangles = Vec::new();
    while let Some(element) = input.child(&root)? {
        if element.name() != "triangle" {
            return Err(input.unexpected(&element, &root));
        }
        let attributes = element.attributes(VECTORS)?;
        triangles.push(Triangle {
            v0: attributes.parse(0, parse_vector)?,
            v1: attributes.parse(1, parse_vector)?,
            v2: attributes.parse(2, parse_vector)?,
            normal: attributes.parse(3, parse_vector)?,
        });
        input.close(&element)?;
    }
    input.finish()?;
    Ok(Mesh { triangles })
}
