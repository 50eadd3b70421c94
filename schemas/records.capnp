# The records dataset (two arrays) for Cap'n Proto.
#
# Read a dump with the official tool:
#   capnp decode schemas/records.capnp Record < records.capnp

@0xff0e11e8ef20c7be;

struct Record {
  ids @0 :List(Int64);
  # Packed: eight bytes per integer, whatever its magnitude.
  strings @1 :List(Text);
}
