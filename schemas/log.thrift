// The log dataset (rust_serialization_benchmark's HTTP access-log records)
// for Apache Thrift, binary and compact protocols. Root struct: Logs.
//
// The shape of rust_serialization_benchmark's log.proto. An encoding is
// one bare Logs struct (no message envelope); every field is written.
// Thrift has no unsigned integers: each unsigned field takes the narrowest
// signed type that holds all its values (an address byte an i16, the status
// code an i32); the size (a u64) is its 64 bits as an i64.

namespace py serbench.log

// An IPv4 address, one byte (0 to 255) per field.
struct Address {
  1: required i16 x0,
  2: required i16 x1,
  3: required i16 x2,
  4: required i16 x3,
}

// One access-log line.
struct Log {
  1: required Address address,
  2: required string identity,
  3: required string userid,
  4: required string date,
  5: required string request,
  // The HTTP status code, 0 to 65535.
  6: required i32 code,
  // Bytes; a u64's 64 bits.
  7: required i64 size,
}

struct Logs {
  1: required list<Log> logs,
}
