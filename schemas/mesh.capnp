# The mesh dataset (rust_serialization_benchmark's triangles) for Cap'n
# Proto, in the shape of that benchmark's mesh.capnp: each vector a struct
# of its own, reached by a pointer from its triangle.
#
# Read a dump with the official tool:
#   capnp decode schemas/mesh.capnp Mesh < mesh.capnp

@0xa0ca34c364c8875d;

struct Vector3 {
  x @0 :Float32;
  y @1 :Float32;
  z @2 :Float32;
}

struct Triangle {
  v0 @0 :Vector3;
  v1 @1 :Vector3;
  v2 @2 :Vector3;
  normal @3 :Vector3;
}

struct Mesh {
  triangles @0 :List(Triangle);
}
