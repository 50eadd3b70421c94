//! The graph as a Qt program would stream it: a `QList` of nodes, then a
//! `QList` of edges.

use serbench_model::{Edge, Graph, Node};

use crate::Stream;
use crate::error::{Fault, Unsupported};
use crate::read::Reader;
use crate::write::Writer;

/// id, an empty name and two empty edge lists.
const MIN_NODE: usize = 2 + 4 + 4 + 4;

impl Stream for Graph {
    fn write(&self, w: &mut Writer<'_>) -> Result<(), Unsupported> {
        w.list(&self.nodes, "the nodes", |w, node| {
            w.u16(node.id);
            w.string(&node.name, "a node's name")?;
            w.u32_list(&node.out_edges, "a node's out-edges")?;
            w.u32_list(&node.in_edges, "a node's in-edges")
        })?;
        w.list(&self.edges, "the edges", |w, edge| {
            w.u32(edge.from);
            w.u32(edge.to);
            w.u16(edge.weight);
            Ok(())
        })
    }

    fn read(r: &mut Reader<'_>) -> Result<Self, Fault> {
        let nodes = r.list("the node list", MIN_NODE, |r| {
            Ok(Node {
                id: r.u16("a node's id")?,
                name: r.string("a node's name")?,
                out_edges: r.u32_list("a node's out-edge list")?,
                in_edges: r.u32_list("a node's in-edge list")?,
            })
        })?;
        let edges = r.list("the edge list", 4 + 4 + 2, |r| {
            Ok(Edge {
                from: r.u32("an edge's source")?,
                to: r.u32("an edge's target")?,
                weight: r.u16("an edge's weight")?,
            })
        })?;
        Ok(Graph { nodes, edges })
    }
}
