# The media benchmark's Image, as it was (Image) and after each change on
# its own, evolved the way Cap'n Proto's schema language docs tell users to
# evolve a struct; serbench-evolution writes with one and reads with the
# other (crates/serbench-evolution/src/formats/capnp.rs).
#
# Each version is a struct of its own so that one file holds them all: a
# struct's name and its fields' names are not on the wire, only the layout
# the ordinals (@N) and types give. So each struct below stands for the
# same struct in a later release of the schema.

@0xb4cf9aca99ca6bd4;

enum Size {
  small @0;
  large @1;
}

# The old version.
struct Image {
  uri @0 :Text;
  title @1 :Text;
  width @2 :Int32;
  height @3 :Int32;
  size @4 :Size;
}

# A field added: new fields take the next ordinal.
struct ImageAdded {
  uri @0 :Text;
  title @1 :Text;
  width @2 :Int32;
  height @3 :Int32;
  size @4 :Size;
  alt @5 :Text;
}

# A field removed: ordinals must stay contiguous, so the field stays in the
# schema, renamed so that nobody uses it, and the new writer leaves it null.
struct ImageRemoved {
  uri @0 :Text;
  obsoleteTitle @1 :Text;
  width @2 :Int32;
  height @3 :Int32;
  size @4 :Size;
}

# A field renamed: names are not on the wire, so the ordinal stays.
struct ImageRenamed {
  url @0 :Text;
  title @1 :Text;
  width @2 :Int32;
  height @3 :Int32;
  size @4 :Size;
}

# Two fields declared in the other order, each keeping its ordinal: the
# layout follows the ordinals, not the order of declaration.
struct ImageReordered {
  uri @0 :Text;
  title @1 :Text;
  height @3 :Int32;
  width @2 :Int32;
  size @4 :Size;
}

# width's type changed from Int32 to Int64, which the docs forbid (a field's
# type may not change): the struct is laid out anew from @2 on, and what
# that does to an old reader is what the matrix tests.
struct ImageWidened {
  uri @0 :Text;
  title @1 :Text;
  width @2 :Int64;
  height @3 :Int32;
  size @4 :Size;
}

# An enum value added, at the end with the next ordinal.
enum SizeMore {
  small @0;
  large @1;
  huge @2;
}

struct ImageMoreSizes {
  uri @0 :Text;
  title @1 :Text;
  width @2 :Int32;
  height @3 :Int32;
  size @4 :SizeMore;
}
