// The graph dataset (a dense object graph linked by index) for Apache
// Thrift, binary and compact protocols. Root struct: Graph.
//
// An encoding is one bare Graph struct (no message envelope). Thrift has
// no unsigned integers: node ids and weights (0 to 65535) are i32s, which
// hold them; edge indices are the index's 32 bits as an i32 (an index
// above 2^31 - 1 reads as negative).

namespace py serbench.graph

// One edge: indices into Graph.nodes, and a weight. The model's `from`
// and `to` are named source and target here: Thrift reserves `from`.
struct Edge {
  1: required i32 source,
  2: required i32 target,
  // 0 to 65535.
  3: required i32 weight,
}

// A node with the indices of its edges in Graph.edges.
struct Node {
  // 0 to 65535.
  1: required i32 id,
  2: required string name,
  3: required list<i32> out_edges,
  4: required list<i32> in_edges,
}

// Nodes and the edges between them, linked by index.
struct Graph {
  1: required list<Node> nodes,
  2: required list<Edge> edges,
}
