//! graph ↔ its archive: the nodes with their edge index lists, then the
//! edges. The search runs on the archived lists in place.

use rkyv::{Archive, Serialize};
use serbench_model::{Edge, Graph, GraphAnswer, Node};

use crate::wire::{Failure, Wire};

/// The root.
#[derive(Archive, Serialize)]
pub struct Network {
    /// The archive's length (see [`Wire`]).
    pub len: u64,
    nodes: Vec<Vertex>,
    edges: Vec<Link>,
}

#[derive(Archive, Serialize)]
struct Vertex {
    id: u16,
    name: String,
    out_edges: Vec<u32>,
    in_edges: Vec<u32>,
}

#[derive(Archive, Serialize)]
struct Link {
    from: u32,
    to: u32,
    weight: u16,
}

impl Wire for Graph {
    type Mirror = Network;
    type Archive = ArchivedNetwork;

    fn build(&self) -> Network {
        Network {
            len: 0,
            nodes: self
                .nodes
                .iter()
                .map(|node| Vertex {
                    id: node.id,
                    name: node.name.clone(),
                    out_edges: node.out_edges.clone(),
                    in_edges: node.in_edges.clone(),
                })
                .collect(),
            edges: self
                .edges
                .iter()
                .map(|edge| Link {
                    from: edge.from,
                    to: edge.to,
                    weight: edge.weight,
                })
                .collect(),
        }
    }

    fn read(archive: &ArchivedNetwork) -> Result<Self, Failure> {
        let indices = |list: &[rkyv::rend::u32_le]| list.iter().map(|i| i.to_native()).collect();
        Ok(Graph {
            nodes: archive
                .nodes
                .iter()
                .map(|node| Node {
                    id: node.id.to_native(),
                    name: node.name.as_str().to_owned(),
                    out_edges: indices(&node.out_edges),
                    in_edges: indices(&node.in_edges),
                })
                .collect(),
            edges: archive
                .edges
                .iter()
                .map(|edge| Edge {
                    from: edge.from.to_native(),
                    to: edge.to.to_native(),
                    weight: edge.weight.to_native(),
                })
                .collect(),
        })
    }

    fn answer(archive: &ArchivedNetwork) -> Result<GraphAnswer, Failure> {
        // Validation covered every list; nothing in the graph has a range
        // the model checks, so the search cannot fail.
        let (nodes, edges) = (&archive.nodes, &archive.edges);
        let reachable = Graph::search(
            nodes.len(),
            |node| nodes[node].out_edges.iter().map(|edge| edge.to_native()),
            |edge| edges.get(edge as usize).map(|edge| edge.to.to_native()),
        );
        Ok(GraphAnswer {
            nodes: nodes.len() as u64,
            edges: edges.len() as u64,
            reachable,
        })
    }
}
