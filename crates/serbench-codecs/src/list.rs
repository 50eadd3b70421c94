//! The list: one line per codec, in report order, grouped by wire format
//! (the report shows a format's libraries together).
//!
//! Each line names the cargo feature (the codec's id), the codec type, the
//! wire format it writes, the library it times and that library's exact
//! version (a test holds it to `Cargo.lock`), and whether the timed path is
//! the library's own API (`stock`) or code written in serbench around it
//! (`tuned`). `native` marks codecs that also implement
//! [`NativeCodec`](serbench_model::NativeCodec) for every dataset, and
//! `document` those whose crate carries a document (`serbench measure`'s
//! rows) through `serbench_document::DocumentCodec`, `serde` those whose
//! crate offers its library's serde calls for any type
//! (`serbench_document::SerdeCodec`, `serbench measure`'s typed path),
//! `input` the one codec per wire format whose crate reads a user's file
//! of that format (`serbench_document::ReadDocument`, `serbench measure`'s
//! input).
//!
//! A line may end in `+ "id" => crate::Type, markers` for a document row
//! that a codec's crate offers under an id of its own and that has no
//! dataset codec (MessagePack's positional form): it is visited with the
//! line's facts under that id, for its markers only, and is no codec of
//! the benchmark.

codecs! {
    // feature       codec type                            wire format     library        version      path
    "json"        => serbench_json::Json,                  "JSON",         "serde_json",  "1.0.154",   stock, document, serde, input;
    "json-simd"   => serbench_json::JsonSimd,              "JSON",         "simd-json",   "0.19.0",    stock, document, serde;
    "json-sonic"  => serbench_json::JsonSonic,             "JSON",         "sonic-rs",    "0.5.10",    stock, document, serde;
    "cbor"        => serbench_cbor::Cbor,                  "CBOR",         "ciborium",    "0.2.2",     stock, document, serde;
    "cbor-minicbor" => serbench_cbor::CborMinicbor,        "CBOR",         "minicbor",    "2.3.1",     stock, document, input;
    "cbor-cbor4ii"  => serbench_cbor::CborCbor4ii,         "CBOR",         "cbor4ii",     "1.2.4",     stock, document, serde;
    "xml"         => serbench_xml::Xml,                    "XML",          "quick-xml",   "0.42.0",    stock, document;
    "msgpack"     => serbench_msgpack::MsgPack,            "MessagePack",  "rmp-serde",   "1.3.1",     stock, document, serde, input
        // A document row of its own, with no dataset codec: records as
        // arrays of their values, no keys.
        + "msgpack-positional" => serbench_msgpack::MsgPackPositional, document, serde;
    "bincode"     => serbench_bincode::Bincode,            "bincode",      "bincode",     "2.0.1",     tuned;
    "bincode-stock"  => serbench_bincode::BincodeStock,    "bincode",      "bincode",     "2.0.1",     stock, document, serde;
    "postcard"    => serbench_postcard::Postcard,          "postcard",     "postcard",    "1.2.0",     stock, document, serde;
    "bitcode"     => serbench_bitcode::Bitcode,            "bitcode",      "bitcode",     "0.6.9",     stock;
    "bitcode-serde" => serbench_bitcode::BitcodeSerde,     "bitcode",      "bitcode",     "0.6.9",     stock, document, serde;
    "wincode"     => serbench_wincode::Wincode,            "wincode",      "wincode",     "0.6.3",     stock;
    "protobuf"    => serbench_protobuf::Protobuf,          "Protobuf",     "prost",       "0.14.6",    tuned, native, document;
    "protobuf-stock" => serbench_protobuf::ProtobufStock,  "Protobuf",     "prost",       "0.14.6",    stock;
    "thrift-binary"  => serbench_thrift::ThriftBinary,     "Thrift",       "thrift",      "0.17.0",    stock, document;
    "thrift-compact" => serbench_thrift::ThriftCompact,    "Thrift",       "thrift",      "0.17.0",    stock, document;
    "avro"        => serbench_avro::Avro,                  "Avro",         "apache-avro", "0.22.0",    stock, document;
    "qdatastream" => serbench_qdatastream::QDataStream,    "QDataStream",  "serbench-qdatastream", "0.1.0", tuned, document;
    "capnp"       => serbench_capnp::Capnp,                "Cap'n Proto",  "capnp",       "0.27.3",    stock, native;
    "flatbuffers" => serbench_flatbuffers::FlatBuffers,    "FlatBuffers",  "flatbuffers", "25.12.19",  stock, native;
    "rkyv"        => serbench_rkyv::Rkyv,                  "rkyv",         "rkyv",        "0.8.18",    stock, native;
    // Traverse without validation, on bytes trusted and validated once.
    "rkyv-unvalidated" => serbench_rkyv::RkyvUnvalidated,  "rkyv",         "rkyv",        "0.8.18",    tuned;
}
