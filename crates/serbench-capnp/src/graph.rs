//! graph ↔ `schemas/graph.capnp`.

use serbench_model::{Edge, Graph, GraphAnswer, Node};

use crate::generated::graph_capnp::{edge, graph, node};
use crate::private::Wire;
use crate::read::{self, At, Failure};
use crate::write::{self, TooLong, Words};

impl Wire for Graph {
    type Root = graph::Owned;

    fn words(&self, words: &mut Words) -> Result<(), TooLong> {
        words.add_struct::<graph::Owned>();
        words.structs::<node::Owned>("nodes", self.nodes.len())?;
        for node in &self.nodes {
            words.text("name", &node.name)?;
            words.numbers("out_edges", node.out_edges.len(), 4)?;
            words.numbers("in_edges", node.in_edges.len(), 4)?;
        }
        words.structs::<edge::Owned>("edges", self.edges.len())
    }

    fn build(&self, mut root: graph::Builder<'_>) {
        let mut nodes = root.reborrow().init_nodes(self.nodes.len() as u32);
        for (index, node) in self.nodes.iter().enumerate() {
            let mut wire = nodes.reborrow().get(index as u32);
            wire.set_id(node.id);
            wire.set_name(node.name.as_str());
            write::fill_u32(
                wire.reborrow().init_out_edges(node.out_edges.len() as u32),
                &node.out_edges,
            );
            write::fill_u32(
                wire.init_in_edges(node.in_edges.len() as u32),
                &node.in_edges,
            );
        }
        let mut edges = root.init_edges(self.edges.len() as u32);
        for (index, edge) in self.edges.iter().enumerate() {
            let mut wire = edges.reborrow().get(index as u32);
            wire.set_from(edge.from);
            wire.set_to(edge.to);
            wire.set_weight(edge.weight);
        }
    }

    fn read(root: graph::Reader<'_>) -> Result<Self, Failure> {
        let wire_nodes = root.get_nodes().at("nodes")?;
        let mut nodes = Vec::with_capacity(wire_nodes.len() as usize);
        for (index, node) in wire_nodes.iter().enumerate() {
            nodes.push(read_node(node).at_item("nodes", index)?);
        }
        let edges = root
            .get_edges()
            .at("edges")?
            .iter()
            .map(|edge| Edge {
                from: edge.get_from(),
                to: edge.get_to(),
                weight: edge.get_weight(),
            })
            .collect();
        Ok(Graph { nodes, edges })
    }

    fn answer(root: graph::Reader<'_>) -> Result<GraphAnswer, Failure> {
        let nodes = root.get_nodes().at("nodes")?;
        let edges = root.get_edges().at("edges")?;
        // Decoding reads every node's out-edges once; so does this, those of
        // the nodes the search reaches inside it (each once) and the rest
        // after, so the reader's traversal limit counts what it counts for
        // a decode. The search takes infallible closures: the first
        // out-edge list that cannot be read is followed as empty and
        // reported after the search.
        let mut searched = vec![false; nodes.len() as usize];
        let mut failure = None;
        let reachable = Graph::search(
            nodes.len() as usize,
            |index| {
                searched[index] = true;
                match nodes.get(index as u32).get_out_edges() {
                    Ok(out_edges) => Some(out_edges),
                    Err(error) => {
                        failure.get_or_insert((index, error));
                        None
                    }
                }
                .into_iter()
                .flatten()
            },
            |edge| edges.try_get(edge).map(edge::Reader::get_to),
        );
        if let Some((index, error)) = failure {
            return Err(error).at("out_edges").at_item("nodes", index);
        }
        for (index, (node, searched)) in nodes.iter().zip(searched).enumerate() {
            check_node(node, searched).at_item("nodes", index)?;
        }
        Ok(GraphAnswer {
            nodes: u64::from(nodes.len()),
            edges: u64::from(edges.len()),
            reachable,
        })
    }
}

fn read_node(node: node::Reader<'_>) -> Result<Node, Failure> {
    Ok(Node {
        id: node.get_id(),
        name: read::string(node.get_name()).at("name")?,
        out_edges: read::u32s(node.get_out_edges().at("out_edges")?),
        in_edges: read::u32s(node.get_in_edges().at("in_edges")?),
    })
}

/// Checks a node as [`read_node`] does, in place; its out-edges only when
/// the search has not read them already.
fn check_node(node: node::Reader<'_>, searched: bool) -> Result<(), Failure> {
    read::text(node.get_name()).at("name")?;
    if !searched {
        node.get_out_edges().at("out_edges")?;
    }
    node.get_in_edges().at("in_edges")?;
    Ok(())
}
