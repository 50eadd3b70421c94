//! graph ↔ `serbench.Graph` (`schemas/graph.proto`), edges as three
//! parallel columns.

use serbench_model::{Edge, Graph, Node};

use crate::proto;
use crate::wire::{Invalid, Wire, each, narrow_u16};

impl Wire for Graph {
    type Message = proto::Graph;

    fn build(&self) -> proto::Graph {
        proto::Graph {
            nodes: self
                .nodes
                .iter()
                .map(|node| proto::Node {
                    id: node.id.into(),
                    name: node.name.clone(),
                    out_edges: node.out_edges.clone(),
                    in_edges: node.in_edges.clone(),
                })
                .collect(),
            edge_from: self.edges.iter().map(|edge| edge.from).collect(),
            edge_to: self.edges.iter().map(|edge| edge.to).collect(),
            edge_weight: self.edges.iter().map(|edge| edge.weight.into()).collect(),
        }
    }

    fn read(message: proto::Graph) -> Result<Self, Invalid> {
        let count = message.edge_from.len();
        for (name, column) in [
            ("edge_to", &message.edge_to),
            ("edge_weight", &message.edge_weight),
        ] {
            if column.len() != count {
                let problem = format!("has {} items but edge_from has {count}", column.len());
                return Err(Invalid::new(problem).field(name));
            }
        }
        // An explicit capacity: collecting into a `Result` would grow the
        // vector step by step, millions of edges long.
        let mut edges = Vec::with_capacity(count);
        let columns = message.edge_from.iter().zip(&message.edge_to);
        for (index, ((&from, &to), &weight)) in columns.zip(&message.edge_weight).enumerate() {
            let weight =
                narrow_u16(weight).map_err(|error| error.index(index).field("edge_weight"))?;
            edges.push(Edge { from, to, weight });
        }
        Ok(Graph {
            nodes: each(message.nodes, "nodes", |node| {
                Ok(Node {
                    id: narrow_u16(node.id).map_err(|error| error.field("id"))?,
                    name: node.name,
                    out_edges: node.out_edges,
                    in_edges: node.in_edges,
                })
            })?,
            edges,
        })
    }
}
