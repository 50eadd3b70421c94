# The graph dataset (a dense object graph linked by index) for Cap'n Proto.
#
# Read a dump with the official tool:
#   capnp decode schemas/graph.capnp Graph < graph.capnp
#
# Nodes and edges refer to each other by index into the two lists, so a
# reader follows a link with no pointer chasing: an out-edge list is a packed
# List(UInt32) and an edge is a fixed-size struct in a flat list.

@0xb3c59f750320b51a;

struct Graph {
  nodes @0 :List(Node);
  edges @1 :List(Edge);
}

struct Node {
  id @0 :UInt16;
  name @1 :Text;
  outEdges @2 :List(UInt32);
  # Indices into Graph.edges of the edges leaving this node.
  inEdges @3 :List(UInt32);
  # Indices into Graph.edges of the edges arriving here.
}

struct Edge {
  from @0 :UInt32;
  # Index into Graph.nodes of the source.
  to @1 :UInt32;
  # Index into Graph.nodes of the target.
  weight @2 :UInt16;
}
