//! The graph dataset: a dense object graph with indices between nodes and
//! edges, and a depth-first search as the traverse question.

use std::fmt;

use crate::Dataset;
use crate::answer::JsonObject;
use crate::random::Random;
use crate::text::{Lend, Text};

/// Nodes and the edges between them, linked by index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct Graph<S = String> {
    /// The nodes; a node's index is its place here.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub nodes: Vec<Node<S>>,
    /// The edges; an edge's index is its place here.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub edges: Vec<Edge>,
}

/// A node with the indices of its edges.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct Node<S = String> {
    /// The node's number.
    pub id: u16,
    /// 5 to 20 lowercase letters in the generated graph.
    pub name: S,
    /// Indices into [`Graph::edges`] of the edges leaving this node.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub out_edges: Vec<u32>,
    /// Indices into [`Graph::edges`] of the edges arriving here.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub in_edges: Vec<u32>,
}

/// A weighted, directed edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Edge {
    /// Index into [`Graph::nodes`] of the source.
    pub from: u32,
    /// Index into [`Graph::nodes`] of the target.
    pub to: u32,
    /// 0 to 1 000 in the generated graph.
    pub weight: u16,
}

impl Graph {
    /// The seed parameters' node count (about 3.15 million edges).
    pub const SEED_NODES: usize = 1_870;
    /// The most nodes [`Graph::generate`] makes: ids are `u16` and edge indices
    /// `u32`.
    pub const MAX_NODES: usize = u16::MAX as usize;
    /// The seed of the graph's random stream.
    pub const SEED: u64 = 1_870;
    /// An ordered pair gets an edge when its draw is below this: probability 0.9.
    pub const EDGE_THRESHOLD: u64 = u64::MAX / 10 * 9;

    /// The graph at the seed parameters for `nodes` nodes (at most
    /// [`Self::MAX_NODES`]): ChaCha8 seeded with [`Self::SEED`] draws each node's name (a
    /// length of 5 to 20, then that many lowercase letters), then visits every
    /// ordered pair `(i, j)`, self-loops included, in row order; the pair gets
    /// an edge when its draw is below [`Self::EDGE_THRESHOLD`], with a weight of 0 to
    /// 1 000 drawn next.
    #[must_use]
    pub fn generate(nodes: usize) -> Self {
        let count = nodes.min(Self::MAX_NODES);
        let mut random = Random::new(Self::SEED);
        let mut nodes: Vec<Node> = (0..count)
            .map(|id| {
                let len = random.between(5, 20) as usize;
                Node {
                    id: id as u16,
                    name: random.string(len, b"abcdefghijklmnopqrstuvwxyz"),
                    out_edges: Vec::new(),
                    in_edges: Vec::new(),
                }
            })
            .collect();
        let mut edges = Vec::with_capacity(count * count / 10 * 9 + count);
        for from in 0..count {
            for to in 0..count {
                if random.next_u64() < Self::EDGE_THRESHOLD {
                    let index = edges.len() as u32;
                    nodes[from].out_edges.push(index);
                    nodes[to].in_edges.push(index);
                    edges.push(Edge {
                        from: from as u32,
                        to: to as u32,
                        weight: random.below(1_001) as u16,
                    });
                }
            }
        }
        Self { nodes, edges }
    }

    /// How many nodes a depth-first search from node 0 along out-edges
    /// reaches, node 0 included. Indices that point nowhere are not followed.
    #[must_use]
    pub fn reachable_from_first(&self) -> u64 {
        Self::search(
            self.nodes.len(),
            |node| self.nodes[node].out_edges.iter().copied(),
            |edge| self.edges.get(edge as usize).map(|e| e.to),
        )
    }

    /// The depth-first search behind [`Graph::reachable_from_first`], over any
    /// representation: `out_edges(node)` lists a node's edge indices and
    /// `target(edge)` gives an edge's target, `None` for a bad index. Zero-copy
    /// codecs run it straight on their bytes.
    pub fn search<I>(
        node_count: usize,
        mut out_edges: impl FnMut(usize) -> I,
        mut target: impl FnMut(u32) -> Option<u32>,
    ) -> u64
    where
        I: IntoIterator<Item = u32>,
    {
        if node_count == 0 {
            return 0;
        }
        let mut seen = vec![false; node_count];
        let mut stack = vec![0usize];
        seen[0] = true;
        let mut reached = 1;
        while let Some(node) = stack.pop() {
            for edge in out_edges(node) {
                let Some(to) = target(edge) else { continue };
                let to = to as usize;
                if to < node_count && !seen[to] {
                    seen[to] = true;
                    reached += 1;
                    stack.push(to);
                }
            }
        }
        reached
    }
}

/// The graph traverse answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphAnswer {
    /// Nodes in the graph.
    pub nodes: u64,
    /// Edges in the graph.
    pub edges: u64,
    /// Nodes a depth-first search from node 0 along out-edges reaches.
    pub reachable: u64,
}

impl fmt::Display for GraphAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        JsonObject::new(f)?
            .raw("nodes", self.nodes)?
            .raw("edges", self.edges)?
            .raw("reachable", self.reachable)?
            .end()
    }
}

impl Lend for Graph {
    type Lent<'a> = Graph<Text<'a>>;

    fn lend(&self) -> Graph<Text<'_>> {
        Graph {
            nodes: self.nodes.lend(),
            edges: self.edges.clone(),
        }
    }
}

impl Lend for Node {
    type Lent<'a> = Node<Text<'a>>;

    fn lend(&self) -> Node<Text<'_>> {
        Node {
            id: self.id,
            name: self.name.lend(),
            out_edges: self.out_edges.clone(),
            in_edges: self.in_edges.clone(),
        }
    }
}

impl Dataset for Graph {
    type Borrowed<'a> = Graph<Text<'a>>;

    fn lend(&self) -> Graph<Text<'_>> {
        Lend::lend(self)
    }

    const NAME: &'static str = "graph";
    const ABOUT: &'static str = "dense object graph linked by index, searched depth-first";
    const SIZE_UNIT: &'static str = "nodes";
    const DEFAULT_SIZE: usize = Self::SEED_NODES;
    /// 200 nodes make about 36 000 edges: seconds, not minutes, per bench,
    /// and a dump small enough to open in an editor.
    const QUICK_SIZE: usize = 200;
    const DUMP_SIZE: usize = 200;
    const DAMAGED_SIZE: usize = 6;
    type Answer = GraphAnswer;

    fn workload(size: usize) -> Vec<Self> {
        vec![Self::generate(size)]
    }

    fn traverse(&self) -> GraphAnswer {
        GraphAnswer {
            nodes: self.nodes.len() as u64,
            edges: self.edges.len() as u64,
            reachable: self.reachable_from_first(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_consistent() {
        let graph = Graph::generate(60);
        assert_eq!(graph, Graph::generate(60));
        for (index, node) in graph.nodes.iter().enumerate() {
            assert_eq!(usize::from(node.id), index);
            assert!((5..=20).contains(&node.name.len()));
            for &edge in &node.out_edges {
                assert_eq!(graph.edges[edge as usize].from as usize, index);
            }
            for &edge in &node.in_edges {
                assert_eq!(graph.edges[edge as usize].to as usize, index);
            }
        }
        assert!(graph.edges.iter().all(|e| e.weight <= 1_000));
        // 0.9 of 3 600 pairs, give or take a few standard deviations.
        assert!(
            (3_160..3_320).contains(&graph.edges.len()),
            "{}",
            graph.edges.len()
        );
        assert_eq!(graph.traverse().reachable, 60);
    }

    #[test]
    fn search_ignores_bad_indices() {
        let mut graph = Graph::generate(3);
        graph.nodes[0].out_edges = vec![u32::MAX];
        assert_eq!(graph.traverse().reachable, 1);
        assert_eq!(Graph::default().traverse().reachable, 0);
    }
}
