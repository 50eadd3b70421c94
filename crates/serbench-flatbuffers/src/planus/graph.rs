//! graph through planus: `schemas/graph.fbs`.

use serbench_model::{Edge, Error, Graph, GraphAnswer, Node};

use super::generated::graph::serbench as pl;
use super::{Budget, PlanusSchema};

/// An edge struct: from, to, weight and two bytes of padding.
const EDGE: usize = 12;

impl PlanusSchema for Graph {
    // Nothing wider than 4 bytes: the `u32` offsets and indices, the edge
    // struct's `uint`s.
    const EIGHT_ALIGNED: bool = false;
    type Table = pl::Graph;
    type Ref<'a> = pl::GraphRef<'a>;

    fn write(&self, builder: &mut planus::Builder) -> planus::Offset<pl::Graph> {
        let nodes: Vec<_> = self
            .nodes
            .iter()
            .map(|node| {
                let name = builder.create_string(node.name.as_str());
                let out_edges = builder.create_vector(node.out_edges.as_slice());
                let in_edges = builder.create_vector(node.in_edges.as_slice());
                pl::Node::create(builder, node.id, name, out_edges, in_edges)
            })
            .collect();
        // planus writes a vector from a slice of its own struct type.
        let edges: Vec<_> = self
            .edges
            .iter()
            .map(|edge| pl::Edge {
                from: edge.from,
                to: edge.to,
                weight: edge.weight,
            })
            .collect();
        let nodes = builder.create_vector(nodes.as_slice());
        let edges = builder.create_vector(edges.as_slice());
        pl::Graph::create(builder, nodes, edges)
    }

    fn read(root: pl::GraphRef<'_>, budget: &mut Budget<Self>) -> Result<Self, Error> {
        let nodes = budget.vector(root.nodes(), 4)?;
        let edges = budget.vector(root.edges(), EDGE)?;
        let mut model = Vec::new();
        for node in nodes {
            let node = budget.tabled(node)?;
            model.push(Node {
                id: checked(node.id())?,
                name: budget.string(node.name())?.to_owned(),
                out_edges: budget.vector(node.out_edges(), 4)?.iter().collect(),
                in_edges: budget.vector(node.in_edges(), 4)?.iter().collect(),
            });
        }
        Ok(Graph {
            nodes: model,
            edges: edges
                .iter()
                .map(|edge| Edge {
                    from: edge.from(),
                    to: edge.to(),
                    weight: edge.weight(),
                })
                .collect(),
        })
    }

    /// Checks every node as [`read`](PlanusSchema::read) does, then
    /// searches the checked buffer.
    fn answer(root: pl::GraphRef<'_>, budget: &mut Budget<Self>) -> Result<GraphAnswer, Error> {
        let nodes = budget.vector(root.nodes(), 4)?;
        let edges = budget.vector(root.edges(), EDGE)?;
        for node in nodes {
            let node = budget.tabled(node)?;
            checked(node.id())?;
            budget.string(node.name())?;
            budget.vector(node.out_edges(), 4)?;
            budget.vector(node.in_edges(), 4)?;
        }
        let reachable = Graph::search(
            nodes.len(),
            // Every node was read above, so these reads succeed; a failure
            // could only give no edges.
            |node| {
                nodes
                    .get(node)
                    .and_then(Result::ok)
                    .and_then(|node| node.out_edges().ok())
                    .into_iter()
                    .flat_map(planus::Vector::iter)
            },
            |edge| edges.get(edge as usize).map(|edge| edge.to()),
        );
        Ok(GraphAnswer {
            nodes: nodes.len() as u64,
            edges: edges.len() as u64,
            reachable,
        })
    }
}

/// A scalar field of a node.
fn checked<V>(read: planus::Result<V>) -> Result<V, Error> {
    super::Checked::checked::<Graph>(read)
}
