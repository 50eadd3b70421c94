//! graph ↔ its buffer: the nodes with their edge index lists, then the
//! edges. The search runs on the stored lists in place.

use musli_zerocopy::{OwnedBuf, Ref, ZeroCopy};
use serbench_model::{Edge, Graph, GraphAnswer, Node};

use crate::wire::{Failure, Reader, Wire};

/// The root.
#[derive(ZeroCopy)]
#[repr(C)]
pub(crate) struct Network {
    pub(crate) len: u64,
    nodes: Ref<[Vertex]>,
    edges: Ref<[Link]>,
}

#[derive(ZeroCopy)]
#[repr(C)]
struct Vertex {
    id: u16,
    name: Ref<str>,
    out_edges: Ref<[u32]>,
    in_edges: Ref<[u32]>,
}

#[derive(ZeroCopy, Clone, Copy)]
#[repr(C)]
struct Link {
    from: u32,
    to: u32,
    weight: u16,
}

impl Wire for Graph {
    type Root = Network;

    fn write(&self, buf: &mut OwnedBuf) -> Result<Network, musli_zerocopy::Error> {
        let mut nodes = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            nodes.push(Vertex {
                id: node.id,
                name: buf.store_unsized(node.name.as_str())?,
                out_edges: buf.store_slice(&node.out_edges)?,
                in_edges: buf.store_slice(&node.in_edges)?,
            });
        }
        let nodes = buf.store_slice(&nodes)?;
        let edges: Vec<Link> = self
            .edges
            .iter()
            .map(|edge| Link {
                from: edge.from,
                to: edge.to,
                weight: edge.weight,
            })
            .collect();
        Ok(Network {
            len: 0,
            nodes,
            edges: buf.store_slice(&edges)?,
        })
    }

    fn len_field(root: &mut Network) -> &mut u64 {
        &mut root.len
    }

    fn read(root: &Network, reader: &mut Reader<'_>) -> Result<Self, Failure> {
        let vertices = reader.list(root.nodes, &|| "nodes".to_owned())?;
        let mut nodes = Vec::with_capacity(vertices.len());
        for (i, node) in vertices.iter().enumerate() {
            nodes.push(Node {
                id: node.id,
                name: reader
                    .text(node.name, &|| format!("nodes[{i}].name"))?
                    .to_owned(),
                out_edges: reader
                    .list(node.out_edges, &|| format!("nodes[{i}].out_edges"))?
                    .to_vec(),
                in_edges: reader
                    .list(node.in_edges, &|| format!("nodes[{i}].in_edges"))?
                    .to_vec(),
            });
        }
        let edges = reader
            .list(root.edges, &|| "edges".to_owned())?
            .iter()
            .map(|edge| Edge {
                from: edge.from,
                to: edge.to,
                weight: edge.weight,
            })
            .collect();
        Ok(Graph { nodes, edges })
    }

    fn answer(root: &Network, reader: &mut Reader<'_>) -> Result<GraphAnswer, Failure> {
        // musli-zerocopy validates a reference when it is loaded, so every
        // list is loaded (and checked) once before the search, which then
        // reads the loaded slices: a traverse refuses what a decode does.
        let vertices = reader.list(root.nodes, &|| "nodes".to_owned())?;
        let mut out = Vec::with_capacity(vertices.len());
        for (i, node) in vertices.iter().enumerate() {
            reader.text(node.name, &|| format!("nodes[{i}].name"))?;
            out.push(reader.list(node.out_edges, &|| format!("nodes[{i}].out_edges"))?);
            reader.list(node.in_edges, &|| format!("nodes[{i}].in_edges"))?;
        }
        let edges = reader.list(root.edges, &|| "edges".to_owned())?;
        let reachable = Graph::search(
            out.len(),
            |node| out[node].iter().copied(),
            |edge| edges.get(edge as usize).map(|edge| edge.to),
        );
        Ok(GraphAnswer {
            nodes: vertices.len() as u64,
            edges: edges.len() as u64,
            reachable,
        })
    }
}
