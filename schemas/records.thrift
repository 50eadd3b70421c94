// The records dataset (the C++ serializers benchmark's Record) for Apache
// Thrift, binary and compact protocols. Root struct: Record.
//
// The C++ benchmark's own record.thrift has the same two lists, so the
// sizes match its figures: 17 017 bytes in the binary protocol, 13 378 in
// the compact one. An encoding is one bare Record struct.

namespace py serbench.records

struct Record {
  1: required list<i64> ids,
  2: required list<string> strings,
}
