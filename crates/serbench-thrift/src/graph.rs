//! The graph as `schemas/graph.thrift` describes it: a list of node
//! structs and a list of edge structs, linked by index.
//!
//! Thrift has no unsigned integers. Node ids and weights (`u16`) are
//! `i32`s, which hold every value; edge indices (`u32`) are `i32`s holding
//! the index's 32 bits, so an index above `i32::MAX` (more than two billion
//! edges or nodes) reads as negative in other Thrift programs and
//! round-trips here.

use serbench_model::{Edge, Graph, Node};
use thrift::protocol::TType;

use crate::Thrift;
use crate::error::{Fail, Fault};
use crate::protocol::{MIN_STRUCT, Protocol};
use crate::read::{Fields, Reader, required};
use crate::write::Writer;

const GRAPH: &Fields = &[("nodes", TType::List), ("edges", TType::List)];
const NODE: &Fields = &[
    ("id", TType::I32),
    ("name", TType::String),
    ("out_edges", TType::List),
    ("in_edges", TType::List),
];
const EDGE: &Fields = &[
    ("source", TType::I32),
    ("target", TType::I32),
    ("weight", TType::I32),
];

impl Thrift for Graph {
    fn write<P: Protocol>(&self, w: &mut Writer<'_, P>) -> Result<(), Fail> {
        w.structure(|w| {
            w.list_field(1, &self.nodes, TType::Struct, "the nodes", |w, node| {
                w.structure(|w| {
                    w.field(1, TType::I32, |w| w.i32(i32::from(node.id)))?;
                    w.string_field(2, &node.name, "a node's name")?;
                    w.list_field(
                        3,
                        &node.out_edges,
                        TType::I32,
                        "a node's out-edges",
                        |w, i| index(w, *i),
                    )?;
                    w.list_field(
                        4,
                        &node.in_edges,
                        TType::I32,
                        "a node's in-edges",
                        |w, i| index(w, *i),
                    )
                })
            })?;
            w.list_field(2, &self.edges, TType::Struct, "the edges", |w, edge| {
                w.structure(|w| {
                    w.field(1, TType::I32, |w| w.i32(edge.from.cast_signed()))?;
                    w.field(2, TType::I32, |w| w.i32(edge.to.cast_signed()))?;
                    w.field(3, TType::I32, |w| w.i32(i32::from(edge.weight)))
                })
            })
        })
    }

    fn read<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Self, Fault> {
        let at = r.pos();
        let (mut nodes, mut edges) = (None, None);
        r.fields("Graph", GRAPH, |r, field| {
            if field == 0 {
                nodes = Some(r.list("the nodes", TType::Struct, MIN_STRUCT, read_node)?);
            } else {
                edges = Some(r.list("the edges", TType::Struct, MIN_STRUCT, read_edge)?);
            }
            Ok(())
        })?;
        Ok(Graph {
            nodes: required(nodes, at, "Graph", "nodes")?,
            edges: required(edges, at, "Graph", "edges")?,
        })
    }
}

/// An edge index: its 32 bits as an `i32`.
fn index<P: Protocol>(w: &mut Writer<'_, P>, index: u32) -> Result<(), Fail> {
    w.i32(index.cast_signed())
}

fn read_indices<P: Protocol>(r: &mut Reader<'_, P>, what: &str) -> Result<Vec<u32>, Fault> {
    r.list(what, TType::I32, P::MIN_I32, |r| {
        Ok(r.i32("an edge index")?.cast_unsigned())
    })
}

fn read_node<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Node, Fault> {
    let at = r.pos();
    let (mut id, mut name, mut out_edges, mut in_edges) = (None, None, None, None);
    r.fields("Node", NODE, |r, field| {
        match field {
            0 => id = Some(r.u16("a node's id")?),
            1 => name = Some(r.string("a node's name")?),
            2 => out_edges = Some(read_indices(r, "a node's out-edges")?),
            _ => in_edges = Some(read_indices(r, "a node's in-edges")?),
        }
        Ok(())
    })?;
    Ok(Node {
        id: required(id, at, "Node", "id")?,
        name: required(name, at, "Node", "name")?,
        out_edges: required(out_edges, at, "Node", "out_edges")?,
        in_edges: required(in_edges, at, "Node", "in_edges")?,
    })
}

fn read_edge<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Edge, Fault> {
    let at = r.pos();
    let (mut from, mut to, mut weight) = (None, None, None);
    r.fields("Edge", EDGE, |r, field| {
        match field {
            0 => from = Some(r.i32("an edge's source")?.cast_unsigned()),
            1 => to = Some(r.i32("an edge's target")?.cast_unsigned()),
            _ => weight = Some(r.u16("an edge's weight")?),
        }
        Ok(())
    })?;
    Ok(Edge {
        from: required(from, at, "Edge", "from")?,
        to: required(to, at, "Edge", "to")?,
        weight: required(weight, at, "Edge", "weight")?,
    })
}
