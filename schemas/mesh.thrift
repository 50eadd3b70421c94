// The mesh dataset (rust_serialization_benchmark's triangles) for Apache
// Thrift, binary and compact protocols. Root struct: Mesh.
//
// The shape of rust_serialization_benchmark's mesh.proto. An encoding is
// one bare Mesh struct (no message envelope). Thrift has no 32-bit float:
// each coordinate, an f32, is the double of the same value (a NaN keeps
// its sign and payload, moved to the payload's top bits), and the reader
// refuses a double no f32 holds.

namespace py serbench.mesh

struct Vector3 {
  1: required double x,
  2: required double y,
  3: required double z,
}

// Three vertices and a normal.
struct Triangle {
  1: required Vector3 v0,
  2: required Vector3 v1,
  3: required Vector3 v2,
  4: required Vector3 normal,
}

struct Mesh {
  1: required list<Triangle> triangles,
}
