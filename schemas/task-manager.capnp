# The task-manager dataset (the Qt serialization benchmark) for Cap'n Proto.
#
# Read a dump with the official tool:
#   capnp decode schemas/task-manager.capnp TaskManager < task-manager.capnp
#
# Layout notes (see schemas/README.md):
# - ids are two UInt64 in a group, inline in the header's data section:
#   fixed width, no pointer, nothing to validate (every 128 bits is a UUID);
# - `created` is a group of integers that keeps nanoseconds and the UTC
#   offset, also inline: no pointer, no text to parse;
# - colors are packed 0xAARRGGBB in one UInt32, like Qt's QRgb;
# - the version is a List(UInt32) of its segments.

@0xb02c54febf506571;

struct TaskManager {
  user @0 :Text;
  # The owner's display name.

  version @1 :List(UInt32);
  # The version's segments, most significant first: 1.0.0 is [1, 0, 0].

  lists @2 :List(TaskList);
}

struct TaskList {
  header @0 :TaskHeader;
  tasks @1 :List(Task);
}

struct Task {
  header @0 :TaskHeader;
  description @1 :Text;
  priority @2 :Priority;
  completed @3 :Bool;
}

struct TaskHeader {
  # What lists and tasks have in common. A struct of its own (one pointer
  # from its owner) because a group cannot be shared by TaskList and Task.

  id :group {
    # The UUID's 16 bytes as two big-endian halves: `high` holds bytes 0-7,
    # `low` bytes 8-15 (the order of the text form).
    high @0 :UInt64;
    low @1 :UInt64;
  }

  name @2 :Text;

  color @3 :UInt32;
  # 0xAARRGGBB; alpha 0xff is opaque.

  created :group {
    # An instant with its UTC offset, as integers.
    seconds @4 :Int64;
    # Seconds since 1970-01-01T00:00:00Z, negative before.
    nanos @5 :UInt32;
    # Nanoseconds within the second, below 1 000 000 000.
    offsetSeconds @6 :Int32;
    # The UTC offset the time was written in, in seconds east of UTC.
  }
}

enum Priority {
  low @0;
  medium @1;
  high @2;
  critical @3;
}
