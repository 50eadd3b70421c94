// The media dataset (jvm-serializers' MediaContent) for Apache Thrift,
// binary and compact protocols. Root struct: MediaContent.
//
// Field ids follow jvm-serializers' media schemas. An encoding is one bare
// MediaContent struct. The optional fields are absent for a missing value
// and present, even empty or zero, for a value.

namespace py serbench.media

// What plays a media file: an i32 on the wire.
enum Player {
  JAVA = 0,
  FLASH = 1,
}

// An image rendition: an i32 on the wire.
enum Size {
  SMALL = 0,
  LARGE = 1,
}

// A still image.
struct Image {
  1: required string uri,
  2: optional string title,
  3: required i32 width,
  4: required i32 height,
  5: required Size size,
}

// A video or audio file.
struct Media {
  1: required string uri,
  2: optional string title,
  3: required i32 width,
  4: required i32 height,
  // MIME type.
  5: required string format,
  // Milliseconds.
  6: required i64 duration,
  // Bytes.
  7: required i64 size,
  // Bits per second.
  8: optional i32 bitrate,
  9: required list<string> persons,
  10: required Player player,
  11: optional string copyright,
}

// A media file and its images.
struct MediaContent {
  1: required list<Image> images,
  2: required Media media,
}
