// The minecraft_savedata dataset (rust_serialization_benchmark's players'
// save data) for Apache Thrift, binary and compact protocols. Root struct:
// Players.
//
// The shape of rust_serialization_benchmark's minecraft_savedata.proto,
// with its field ids. An encoding is one bare Players struct (no message
// envelope); the model's Options are optional fields, absent for None and
// present for Some. Thrift has no unsigned integers and no 32-bit float:
// a u8 is an i16, a u16 an i32, a u32 its 32 bits as an i32; an f32 is
// the double of the same value (a NaN keeps its sign and payload, moved to
// the payload's top bits), and the reader refuses a double no f32 holds.

namespace py serbench.minecraft_savedata

// A player's game mode: an i32 on the wire.
enum GameType {
  SURVIVAL = 0,
  CREATIVE = 1,
  ADVENTURE = 2,
  SPECTATOR = 3,
}

// A stack of items in an inventory slot.
struct Item {
  1: required byte count,
  // 0 to 255.
  2: required i16 slot,
  3: required string id,
}

// What a player may do; the speeds are f32s.
struct Abilities {
  1: required double walk_speed,
  2: required double fly_speed,
  3: required bool may_fly,
  4: required bool flying,
  5: required bool invulnerable,
  6: required bool may_build,
  7: required bool instabuild,
}

struct Vector3d {
  1: required double x,
  2: required double y,
  3: required double z,
}

// Two f32s.
struct Vector2f {
  1: required double x,
  2: required double y,
}

// A UUID as four u32s, each its 32 bits as an i32.
struct Uuid {
  1: required i32 x0,
  2: required i32 x1,
  3: required i32 x2,
  4: required i32 x3,
}

// A mob or vehicle.
struct Entity {
  1: required string id,
  2: required Vector3d pos,
  3: required Vector3d motion,
  4: required Vector2f rotation,
  // An f32.
  5: required double fall_distance,
  // 0 to 65535.
  6: required i32 fire,
  // 0 to 65535.
  7: required i32 air,
  8: required bool on_ground,
  9: required bool no_gravity,
  10: required bool invulnerable,
  11: required i32 portal_cooldown,
  12: required Uuid uuid,
  13: optional string custom_name,
  14: required bool custom_name_visible,
  15: required bool silent,
  16: required bool glowing,
}

// The recipes a player knows.
struct RecipeBook {
  1: required list<string> recipes,
  2: required list<string> to_be_displayed,
  3: required bool is_filtering_craftable,
  4: required bool is_gui_open,
  5: required bool is_furnace_filtering_craftable,
  6: required bool is_furnace_gui_open,
  7: required bool is_blasting_furnace_filtering_craftable,
  8: required bool is_blasting_furnace_gui_open,
  9: required bool is_smoker_filtering_craftable,
  10: required bool is_smoker_gui_open,
}

// The vehicle a player rides, with its UUID.
struct Vehicle {
  1: required Uuid uuid,
  2: required Entity entity,
}

// One player's save data.
struct Player {
  1: required GameType game_type,
  2: required GameType previous_game_type,
  3: required i64 score,
  4: required string dimension,
  // A u32's 32 bits.
  5: required i32 selected_item_slot,
  6: required Item selected_item,
  7: optional string spawn_dimension,
  8: required i64 spawn_x,
  9: required i64 spawn_y,
  10: required i64 spawn_z,
  11: optional bool spawn_forced,
  // 0 to 65535.
  12: required i32 sleep_timer,
  // f32s.
  13: required double food_exhaustion_level,
  14: required double food_saturation_level,
  // u32s' 32 bits.
  15: required i32 food_tick_timer,
  16: required i32 xp_level,
  // An f32.
  17: required double xp_p,
  18: required i32 xp_total,
  19: required i32 xp_seed,
  20: required list<Item> inventory,
  21: required list<Item> ender_items,
  22: required Abilities abilities,
  23: optional Vector3d entered_nether_position,
  24: optional Vehicle root_vehicle,
  25: optional Entity shoulder_entity_left,
  26: optional Entity shoulder_entity_right,
  27: required bool seen_credits,
  28: required RecipeBook recipe_book,
}

struct Players {
  1: required list<Player> players,
}
