//! graph: `schemas/graph.fbs`.

use flatbuffers::{FlatBufferBuilder, WIPOffset};
use serbench_model::{Edge, Error, Graph, GraphAnswer, Node};

use crate::bound;
use crate::generated::graph::serbench as fb;
use crate::private::Schema;

/// A node table and its slot in the graph's vector: id, name, out_edges,
/// in_edges.
const NODE: usize = bound::table(4, 2 + 4 + 4 + 4) + 4;
/// An edge struct: from, to, weight and two bytes of padding.
const EDGE: usize = 12;

impl Schema for Graph {
    type Root<'a> = fb::Graph<'a>;

    fn size_bound(&self) -> usize {
        let nodes: usize = self
            .nodes
            .iter()
            .map(|node| {
                NODE + bound::string(node.name.len())
                    + bound::vector(node.out_edges.len(), 4)
                    + bound::vector(node.in_edges.len(), 4)
            })
            .sum();
        bound::FRAME
            + bound::table(2, 8)
            + bound::vector(self.nodes.len(), 4)
            + nodes
            + bound::vector(self.edges.len(), EDGE)
    }

    fn build<'b>(&self, builder: &mut FlatBufferBuilder<'b>) -> WIPOffset<fb::Graph<'b>> {
        let nodes: Vec<_> = self
            .nodes
            .iter()
            .map(|node| {
                let args = fb::NodeArgs {
                    id: node.id,
                    name: Some(builder.create_string(&node.name)),
                    out_edges: Some(builder.create_vector(&node.out_edges)),
                    in_edges: Some(builder.create_vector(&node.in_edges)),
                };
                fb::Node::create(builder, &args)
            })
            .collect();
        // Straight from the model's edges, without a copy of them all.
        let edges = builder.create_vector_from_iter(
            self.edges
                .iter()
                .map(|edge| fb::Edge::new(edge.from, edge.to, edge.weight)),
        );
        let args = fb::GraphArgs {
            nodes: Some(builder.create_vector(&nodes)),
            edges: Some(edges),
        };
        fb::Graph::create(builder, &args)
    }

    fn read(root: fb::Graph<'_>) -> Result<Self, Error> {
        Ok(Graph {
            nodes: root
                .nodes()
                .iter()
                .map(|node| Node {
                    id: node.id(),
                    name: node.name().to_owned(),
                    out_edges: node.out_edges().iter().collect(),
                    in_edges: node.in_edges().iter().collect(),
                })
                .collect(),
            edges: root
                .edges()
                .iter()
                .map(|edge| Edge {
                    from: edge.from(),
                    to: edge.to(),
                    weight: edge.weight(),
                })
                .collect(),
        })
    }

    fn answer(root: fb::Graph<'_>) -> Result<GraphAnswer, Error> {
        let (nodes, edges) = (root.nodes(), root.edges());
        let reachable = Graph::search(
            nodes.len(),
            // The search asks only for nodes below the count it was given.
            |node| nodes.get(node).out_edges().iter(),
            |edge| {
                let edge = edge as usize;
                (edge < edges.len()).then(|| edges.get(edge).to())
            },
        );
        Ok(GraphAnswer {
            nodes: nodes.len() as u64,
            edges: edges.len() as u64,
            reachable,
        })
    }
}
