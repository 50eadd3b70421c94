//! graph as `schemas/graph.avsc`'s `serbench.Graph`.

use std::sync::OnceLock;

use serbench_model::{Edge, Graph, Node};
use serde::{Deserialize, Serialize};

use crate::check::Shape;
use crate::fields::{IntoModel, Items, items};
use crate::wire::{self, Compiled, Wire};

impl Wire for Graph {
    const SCHEMA: &'static str = include_str!("../../../schemas/graph.avsc");
    const SHAPE: Shape = Shape::record(&[
        Shape::array(&Shape::record(&[
            Shape::U16,
            Shape::String,
            Shape::array(&Shape::U32),
            Shape::array(&Shape::U32),
        ])),
        Shape::array(&Shape::record(&[Shape::U32, Shape::U32, Shape::U16])),
    ]);
    type Out<'a> = GraphOut<'a>;
    type In = GraphIn;

    fn out(&self) -> GraphOut<'_> {
        GraphOut {
            nodes: Items(&self.nodes, NodeOut::new),
            edges: Items(&self.edges, EdgeForm::new),
        }
    }

    fn compiled() -> &'static Compiled {
        static COMPILED: OnceLock<Compiled> = OnceLock::new();
        wire::compiled(&COMPILED, Self::SCHEMA)
    }

    fn into_model(read: GraphIn) -> Graph {
        Graph {
            nodes: read.nodes,
            edges: read.edges,
        }
    }
}

#[derive(Serialize)]
#[serde(rename = "Graph")]
pub(crate) struct GraphOut<'a> {
    nodes: Items<'a, Node, NodeOut<'a>>,
    edges: Items<'a, Edge, EdgeForm>,
}

#[derive(Deserialize)]
#[serde(rename = "Graph")]
pub(crate) struct GraphIn {
    #[serde(deserialize_with = "items::<_, NodeIn, _>")]
    nodes: Vec<Node>,
    #[serde(deserialize_with = "items::<_, EdgeForm, _>")]
    edges: Vec<Edge>,
}

/// `id` and `weight` are `u16` as Avro `int`s, the indexes `u32` as
/// `long`s: apache-avro's serde refuses a read value out of their range.
#[derive(Serialize)]
#[serde(rename = "Node")]
struct NodeOut<'a> {
    id: u16,
    name: &'a str,
    out_edges: &'a [u32],
    in_edges: &'a [u32],
}

impl<'a> NodeOut<'a> {
    fn new(node: &'a Node) -> Self {
        Self {
            id: node.id,
            name: &node.name,
            out_edges: &node.out_edges,
            in_edges: &node.in_edges,
        }
    }
}

#[derive(Deserialize)]
#[serde(rename = "Node")]
struct NodeIn {
    id: u16,
    name: String,
    out_edges: Vec<u32>,
    in_edges: Vec<u32>,
}

impl IntoModel<Node> for NodeIn {
    fn into_model<E: serde::de::Error>(self) -> Result<Node, E> {
        Ok(Node {
            id: self.id,
            name: self.name,
            out_edges: self.out_edges,
            in_edges: self.in_edges,
        })
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Edge")]
struct EdgeForm {
    from: u32,
    to: u32,
    weight: u16,
}

impl EdgeForm {
    fn new(edge: &Edge) -> Self {
        Self {
            from: edge.from,
            to: edge.to,
            weight: edge.weight,
        }
    }
}

impl IntoModel<Edge> for EdgeForm {
    fn into_model<E: serde::de::Error>(self) -> Result<Edge, E> {
        Ok(Edge {
            from: self.from,
            to: self.to,
            weight: self.weight,
        })
    }
}
