// The task-manager dataset (the Qt serialization benchmark) for Apache
// Thrift, binary and compact protocols. Root struct: TaskManager.
//
// An encoding is one bare TaskManager struct, as TSerializer (or
// thriftpy2.utils.serialize) writes it: no message envelope, no framing.
// Every field is written, in id order.

namespace py serbench.task_manager

// How urgent a task is: an i32 on the wire.
enum Priority {
  LOW = 0,
  MEDIUM = 1,
  HIGH = 2,
  CRITICAL = 3,
}

// What lists and tasks have in common.
//
// The creation time is three integers: the instant is created_seconds +
// created_nanos / 1e9 since 1970-01-01T00:00:00Z, and created_offset_seconds
// is the UTC offset it was written in (19800 for +05:30), kept so the value
// round-trips exactly.
struct TaskHeader {
  // The UUID's 16 bytes in RFC 9562 order; any other length does not decode.
  1: required binary id,
  // The display name.
  2: required string name,
  // The color as 0xAARRGGBB (Qt's QRgb), its 32 bits as an i32: opaque
  // colors are negative.
  3: required i32 color,
  // Whole seconds since the Unix epoch.
  4: required i64 created_seconds,
  // Nanoseconds within the second, 0 to 999 999 999.
  5: required i32 created_nanos,
  // The UTC offset in seconds east of Greenwich (-93599 to 93599).
  6: required i32 created_offset_seconds,
}

// One task.
struct Task {
  1: required TaskHeader header,
  2: required string description,
  3: required Priority priority,
  4: required bool completed,
}

// A named list of tasks.
struct TaskList {
  1: required TaskHeader header,
  2: required list<Task> tasks,
}

// A user's task lists.
struct TaskManager {
  // The owner's display name.
  1: required string user,
  // The version's segments, most significant first (1.0.0 is [1, 0, 0]);
  // each segment's 32 bits as an i32.
  2: required list<i32> version,
  3: required list<TaskList> lists,
}
