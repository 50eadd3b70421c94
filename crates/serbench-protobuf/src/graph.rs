//! graph ↔ `serbench.Graph` (`schemas/graph.proto`), edges as three
//! parallel columns.

use prost::encoding::{self, WireType};
use serbench_model::{Edge, Graph, Node};

use crate::proto;
use crate::read::{Delimited, ReadError, Values, Within, ctx, narrow_u16, repeated, skip};
use crate::wire::Wire;

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

    fn read(buf: &mut &[u8]) -> Result<Self, ReadError> {
        let message = Delimited::root(buf);
        let mut nodes = Vec::new();
        let mut edges = Edges::default();
        if let Some(tally) = message.tally() {
            nodes.reserve_exact(tally.count(1));
        }
        while let Some((tag, wire_type)) = message.next_key(buf)? {
            match tag {
                1 => {
                    let node = read_node(wire_type, buf).item("nodes", nodes.len())?;
                    nodes.push(node);
                }
                2..=4 => {
                    let column = Column::ALL[tag as usize - 2];
                    let mut values = ColumnValues {
                        edges: &mut edges,
                        column,
                    };
                    repeated(wire_type, buf, encoding::uint32::merge, &mut values)
                        .field(column.name())?;
                }
                _ => skip(tag, wire_type, buf)?,
            }
        }
        Ok(Graph {
            nodes,
            edges: edges.finish()?,
        })
    }

    fn from_message(message: proto::Graph) -> Result<Self, ReadError> {
        let nodes = message
            .nodes
            .into_iter()
            .enumerate()
            .map(|(index, node)| {
                node_from(node.id, node.name, node.out_edges, node.in_edges).item("nodes", index)
            })
            .collect::<Result<_, ReadError>>()?;
        let count = message.edge_from.len();
        Ok(Graph {
            nodes,
            edges: edges_from(
                [message.edge_from, message.edge_to, message.edge_weight],
                count,
            )?,
        })
    }
}

/// The model's node from a decoded message's fields, its id checked: the
/// owned decodes' conversion and the borrowed one's, whichever string `S`
/// holds the name.
pub(crate) fn node_from<S>(
    id: u32,
    name: S,
    out_edges: Vec<u32>,
    in_edges: Vec<u32>,
) -> Result<Node<S>, ReadError> {
    Ok(Node {
        id: narrow_u16(id).field("id")?,
        name,
        out_edges,
        in_edges,
    })
}

/// The edges of a decoded message's three columns (`edge_from`, `edge_to`,
/// `edge_weight`, of which the first has `count` values), checked as
/// [`Wire::read`] checks them as they arrive.
pub(crate) fn edges_from(
    columns: [impl IntoIterator<Item = u32>; 3],
    count: usize,
) -> Result<Vec<Edge>, ReadError> {
    let mut edges = Edges::default();
    edges.edges.reserve_exact(count);
    for (column, values) in Column::ALL.into_iter().zip(columns) {
        let mut values_of = ColumnValues {
            edges: &mut edges,
            column,
        };
        for value in values {
            values_of.push(value).field(column.name())?;
        }
    }
    edges.finish()
}

fn read_node(wire_type: WireType, buf: &mut &[u8]) -> Result<Node, ReadError> {
    let message = Delimited::read(wire_type, buf)?;
    let mut id = 0;
    let mut node = Node {
        id: 0,
        name: String::new(),
        out_edges: Vec::new(),
        in_edges: Vec::new(),
    };
    while let Some((tag, wire_type)) = message.next_key(buf)? {
        match tag {
            1 => encoding::uint32::merge(wire_type, &mut id, buf, ctx()).field("id")?,
            2 => encoding::string::merge(wire_type, &mut node.name, buf, ctx()).field("name")?,
            3 => repeated(wire_type, buf, encoding::uint32::merge, &mut node.out_edges)
                .field("out_edges")?,
            4 => repeated(wire_type, buf, encoding::uint32::merge, &mut node.in_edges)
                .field("in_edges")?,
            _ => skip(tag, wire_type, buf)?,
        }
    }
    // Checked when the node ends: a later `id` would replace this one.
    node.id = narrow_u16(id).field("id")?;
    Ok(node)
}

/// One of the three packed columns that hold the edges.
#[derive(Clone, Copy)]
enum Column {
    From,
    To,
    Weight,
}

impl Column {
    /// In field order: `edge_from` (2), `edge_to` (3), `edge_weight` (4).
    const ALL: [Column; 3] = [Column::From, Column::To, Column::Weight];

    fn name(self) -> &'static str {
        match self {
            Column::From => "edge_from",
            Column::To => "edge_to",
            Column::Weight => "edge_weight",
        }
    }
}

/// The edges as their columns arrive, in any order and any number of runs.
/// Each column fills its part of the edges straight away, so the columns
/// are never held beside the edges.
#[derive(Default)]
struct Edges {
    edges: Vec<Edge>,
    /// How many values each column has given, in [`Column::ALL`] order.
    lens: [usize; 3],
}

impl Edges {
    /// The edges, once every column has given the same number of values.
    fn finish(self) -> Result<Vec<Edge>, ReadError> {
        let [count, to, weight] = self.lens;
        for (column, len) in [(Column::To, to), (Column::Weight, weight)] {
            if len != count {
                let problem = format!("has {len} items but edge_from has {count}");
                return Err(ReadError::invalid(problem).field(column.name()));
            }
        }
        Ok(self.edges)
    }
}

/// Where one column's values go: the matching part of each edge.
struct ColumnValues<'a> {
    edges: &'a mut Edges,
    column: Column,
}

impl Values<u32> for ColumnValues<'_> {
    fn reserve(&mut self, additional: usize) {
        let Edges { edges, lens } = &mut *self.edges;
        let wanted = lens[self.column as usize] + additional;
        edges.reserve(wanted.saturating_sub(edges.len()));
    }

    fn push(&mut self, value: u32) -> Result<(), ReadError> {
        let Edges { edges, lens } = &mut *self.edges;
        let index = lens[self.column as usize];
        if index == edges.len() {
            edges.push(Edge {
                from: 0,
                to: 0,
                weight: 0,
            });
        }
        let edge = &mut edges[index];
        match self.column {
            Column::From => edge.from = value,
            Column::To => edge.to = value,
            Column::Weight => {
                edge.weight = narrow_u16(value).map_err(|error| error.index(index))?;
            }
        }
        lens[self.column as usize] += 1;
        Ok(())
    }
}
