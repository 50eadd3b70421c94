// The mk48 dataset (rust_serialization_benchmark's mk48.io game updates)
// for Apache Thrift, binary and compact protocols. Root struct: Updates.
//
// The shape of rust_serialization_benchmark's mk48.proto, with its field
// ids. An encoding is one bare Updates struct (no message envelope); the
// model's Options are optional fields, absent for None and present for
// Some. Thrift has no unsigned integers and no 32-bit float: a u8 is an
// i16, a u16 an i32, a u32 its 32 bits as an i32; the signed integers take
// their own width (byte for an i8); an f32 is the double of the same value
// (a NaN keeps its sign and payload, moved to the payload's top bits), and
// the reader refuses a double no f32 holds.

namespace py serbench.mk48

// The kind of a ship: an i32 on the wire.
enum EntityType {
  ARLEIGH_BURKE = 0,
  BISMARCK = 1,
  CLEMENCEAU = 2,
  FLETCHER = 3,
  G5 = 4,
  IOWA = 5,
  KOLKATA = 6,
  OSA = 7,
  YASEN = 8,
  ZUBR = 9,
}

// Two f32s.
struct Vector2f {
  1: required double x,
  2: required double y,
}

// Where a contact is and how it moves.
struct Transform {
  1: required byte altitude,
  // 0 to 65535.
  2: required i32 angle,
  3: required Vector2f position,
  4: required i16 velocity,
}

// Where a contact is steered.
struct Guidance {
  // 0 to 65535.
  1: required i32 angle,
  2: required bool submerge,
  3: required i16 velocity,
}

// Another entity as a client sees it.
struct Contact {
  // 0 to 255.
  1: required i16 damage,
  // A u32's 32 bits.
  2: required i32 entity_id,
  3: optional EntityType entity_type,
  4: required Guidance guidance,
  // 0 to 65535.
  5: optional i32 player_id,
  6: required list<bool> reloads,
  7: required Transform transform,
  // Each 0 to 65535.
  8: required list<i32> turret_angles,
}

// A chunk's x and y.
struct ChunkId {
  1: required byte x,
  2: required byte y,
}

// A changed chunk of terrain.
struct TerrainUpdate {
  1: required ChunkId chunk_id,
  2: required binary data,
}

// One update to one client.
struct Update {
  1: required list<Contact> contacts,
  // A u32's 32 bits.
  2: required i32 score,
  // An f32.
  3: required double world_radius,
  4: required list<TerrainUpdate> terrain_updates,
}

struct Updates {
  1: required list<Update> updates,
}
