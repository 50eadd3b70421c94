//! The list: one line per codec, in report order, grouped by wire format
//! (the report shows a format's libraries together).
//!
//! Each line names the cargo feature (the codec's id), the codec type, the
//! wire format it writes, the library it times (its version is the one
//! `Cargo.lock` resolves, read at build time), and whether the timed path is
//! the library's own API (`stock`) or code written in serbench around it
//! (`tuned`). `native` marks codecs that also implement
//! [`NativeCodec`](serbench_model::NativeCodec) for every dataset, and
//! `document` those whose crate carries a document (`serbench measure`'s
//! rows) through `serbench_document::DocumentCodec`, `serde` those whose
//! crate offers its library's serde calls for any type
//! (`serbench_document::SerdeCodec`, `serbench measure`'s typed path),
//! `lend` those of them whose library also reads a type borrowed from a
//! slice (`serbench_document::SerdeLend`, the typed path's `borrow` row),
//! `input` the one codec per wire format whose crate reads a user's file
//! of that format (`serbench_document::ReadDocument`, `serbench measure`'s
//! input), `evolution` those whose crate tests its library's schema
//! evolution (`serbench_evolution::Evolution`, the evolution matrix's rows;
//! one codec per library).
//!
//! A line may end in `+ "id" => crate::Type, markers` for a document row
//! that a codec's crate offers under an id of its own and that has no
//! dataset codec (MessagePack's positional form): it is visited with the
//! line's facts under that id, for its markers only, and is no codec of
//! the benchmark.

codecs! {
    // feature       codec type                            wire format     library        path
    "json"        => serbench_json::Json,                  "JSON",         "serde_json",  stock, document, serde, lend, input, evolution;
    "json-simd"   => serbench_json::JsonSimd,              "JSON",         "simd-json",   stock, document, serde;
    "json-sonic"  => serbench_json::JsonSonic,             "JSON",         "sonic-rs",    stock, document, serde, lend;
    "json-simd-derive" => serbench_json::JsonSimdDerive,   "JSON",         "simd-json-derive", tuned;
    "json-flexon" => serbench_json::JsonFlexon,            "JSON",         "flexon",      stock, document, serde, evolution;
    "cbor"        => serbench_cbor::Cbor,                  "CBOR",         "ciborium",    stock, document, serde, evolution;
    "cbor-minicbor" => serbench_cbor::CborMinicbor,        "CBOR",         "minicbor",    stock, document, input;
    "cbor-cbor4ii"  => serbench_cbor::CborCbor4ii,         "CBOR",         "cbor4ii",     stock, document, serde, lend;
    "xml"         => serbench_xml::Xml,                    "XML",          "quick-xml",   stock, document, evolution;
    "msgpack"     => serbench_msgpack::MsgPack,            "MessagePack",  "rmp-serde",   stock, document, serde, lend, input, evolution
        // A document row of its own, with no dataset codec: records as
        // arrays of their values, no keys.
        + "msgpack-positional" => serbench_msgpack::MsgPackPositional, document, serde;
    "msgpack-zerompk" => serbench_msgpack::MsgPackZerompk, "MessagePack",  "zerompk",     stock, document, evolution;
    "bson"        => serbench_bson::Bson,                  "BSON",         "bson",        stock, document, serde, evolution;
    "bincode"     => serbench_bincode::Bincode,            "bincode",      "bincode",     tuned;
    "bincode-stock"  => serbench_bincode::BincodeStock,    "bincode",      "bincode",     stock, document, serde, lend, evolution;
    "bincode-serde-zap" => serbench_bincode::BincodeZap,   "bincode",      "serde-zap",   stock, document, serde, evolution;
    "postcard"    => serbench_postcard::Postcard,          "postcard",     "postcard",    stock, document, serde, lend, evolution;
    "bitcode"     => serbench_bitcode::Bitcode,            "bitcode",      "bitcode",     stock, evolution;
    "bitcode-serde" => serbench_bitcode::BitcodeSerde,     "bitcode",      "bitcode",     stock, document, serde, lend;
    "wincode"     => serbench_wincode::Wincode,            "wincode",      "wincode",     stock, evolution;
    "borsh"       => serbench_borsh::Borsh,                "Borsh",        "borsh",       stock, evolution;
    "protobuf"    => serbench_protobuf::Protobuf,          "Protobuf",     "prost",       tuned, native, document, evolution;
    "protobuf-stock" => serbench_protobuf::ProtobufStock,  "Protobuf",     "prost",       stock;
    "protobuf-rust" => serbench_protobuf::ProtobufRust,    "Protobuf",     "protobuf",    stock, document, evolution;
    "protobuf-buffa" => serbench_protobuf::ProtobufBuffa,  "Protobuf",     "buffa",       stock, document, evolution;
    "thrift-binary"  => serbench_thrift::ThriftBinary,     "Thrift",       "thrift",      stock, document, evolution;
    "thrift-compact" => serbench_thrift::ThriftCompact,    "Thrift",       "thrift",      stock, document, evolution;
    "avro"        => serbench_avro::Avro,                  "Avro",         "apache-avro", stock, document, evolution;
    "qdatastream" => serbench_qdatastream::QDataStream,    "QDataStream",  "serbench-qdatastream", tuned, document, evolution;
    "capnp"       => serbench_capnp::Capnp,                "Cap'n Proto",  "capnp",       stock, native, evolution;
    "flatbuffers" => serbench_flatbuffers::FlatBuffers,    "FlatBuffers",  "flatbuffers", stock, native, evolution;
    "flatbuffers-planus" => serbench_flatbuffers::FlatBuffersPlanus, "FlatBuffers", "planus", stock, evolution;
    "rkyv"        => serbench_rkyv::Rkyv,                  "rkyv",         "rkyv",        stock, native, evolution;
    // Traverse without validation, on bytes trusted and validated once.
    "rkyv-unvalidated" => serbench_rkyv::RkyvUnvalidated,  "rkyv",         "rkyv",        tuned;
    "ron"         => serbench_ron::Ron,                    "RON",          "ron",         stock, document, serde, evolution;
    "nanoserde-bin" => serbench_nanoserde::NanoserdeBin,   "nanoserde binary", "nanoserde", stock, evolution;
    "flexbuffers" => serbench_flexbuffers::FlexBuffers,    "FlexBuffers",  "flexbuffers", stock, document, serde, evolution;
    "musli-storage" => serbench_musli::MusliStorage,   "Musli storage", "musli",     stock;
    "musli-wire"  => serbench_musli::MusliWire,         "Musli wire",   "musli",       stock, evolution;
    "musli-descriptive" => serbench_musli::MusliDescriptive, "Musli descriptive", "musli", stock;
    "savefile"    => serbench_savefile::Savefile,          "savefile",     "savefile",    stock, evolution;
    "bilrost"     => serbench_bilrost::Bilrost,            "Bilrost",      "bilrost",     stock, evolution;
    "fory"        => serbench_fory::Fory,                  "Fory",         "fory",        stock, evolution;
    "bin-proto"   => serbench_binproto::BinProto,          "bin-proto",    "bin-proto",   stock, evolution;
    "musli-zerocopy" => serbench_musli_zerocopy::MusliZerocopy, "musli-zerocopy", "musli-zerocopy", stock, evolution;
}
