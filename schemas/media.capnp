# The media dataset (jvm-serializers' MediaContent) for Cap'n Proto.
#
# Read a dump with the official tool:
#   capnp decode schemas/media.capnp MediaContent < media.capnp
#
# Optional texts (title, copyright) use Cap'n Proto's own presence: a null
# pointer is "absent", an empty text is a present "". The optional bitrate,
# a number, is a union.

@0xa31a73cd74c83f6f;

struct MediaContent {
  media @0 :Media;
  images @1 :List(Image);
}

struct Media {
  uri @0 :Text;
  title @1 :Text;
  # Null when the media has no title.
  width @2 :Int32;
  height @3 :Int32;
  format @4 :Text;
  duration @5 :Int64;
  # Milliseconds.
  size @6 :Int64;
  # Bytes.
  bitrate :union {
    unknown @7 :Void;
    bitsPerSecond @8 :Int32;
  }
  persons @9 :List(Text);
  player @10 :Player;
  copyright @11 :Text;
  # Null when the media has no copyright notice.
}

struct Image {
  uri @0 :Text;
  title @1 :Text;
  # Null when the image has no title.
  width @2 :Int32;
  height @3 :Int32;
  size @4 :Size;
}

enum Player {
  java @0;
  flash @1;
}

enum Size {
  small @0;
  large @1;
}
