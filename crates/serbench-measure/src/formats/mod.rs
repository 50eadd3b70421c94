//! The rows: every codec the measurement knows, in the registry's order,
//! each built for a document or saying why it cannot be.

mod minicbor_value;
pub(crate) mod positional;
mod protobuf;

use crate::codec::{Build, Row};

pub(crate) use minicbor_value::read_document as read_cbor;

/// Every row, in the order the report shows them (the registry's).
pub const ROWS: &[Row] = &[
    Row {
        id: "json",
        wire_format: "JSON",
        library: "serde_json",
        version: "1.0.154",
        keeps_key_order: true,
        build: Build::Registry,
    },
    Row {
        id: "json-simd",
        wire_format: "JSON",
        library: "simd-json",
        version: "0.19.0",
        keeps_key_order: true,
        build: Build::Registry,
    },
    Row {
        id: "json-sonic",
        wire_format: "JSON",
        library: "sonic-rs",
        version: "0.5.10",
        keeps_key_order: true,
        build: Build::Registry,
    },
    Row {
        id: "cbor",
        wire_format: "CBOR",
        library: "ciborium",
        version: "0.2.2",
        keeps_key_order: true,
        build: Build::Registry,
    },
    Row {
        id: "cbor-minicbor",
        wire_format: "CBOR",
        library: "minicbor",
        version: "2.3.1",
        keeps_key_order: true,
        build: Build::From(minicbor_value::build),
    },
    Row {
        id: "cbor-cbor4ii",
        wire_format: "CBOR",
        library: "cbor4ii",
        version: "1.2.4",
        keeps_key_order: true,
        build: Build::Registry,
    },
    Row {
        id: "xml",
        wire_format: "XML",
        library: "quick-xml",
        version: "0.42.0",
        keeps_key_order: true,
        build: Build::Registry,
    },
    Row {
        id: "msgpack",
        wire_format: "MessagePack",
        library: "rmp-serde",
        version: "1.3.1",
        keeps_key_order: true,
        build: Build::Registry,
    },
    Row {
        id: "msgpack-positional",
        wire_format: "MessagePack",
        library: "rmp-serde",
        version: "1.3.1",
        keeps_key_order: false,
        build: Build::From(positional::msgpack_positional),
    },
    Row {
        id: "bincode",
        wire_format: "bincode",
        library: "bincode",
        version: "2.0.1",
        keeps_key_order: false,
        build: Build::From(positional::bincode),
    },
    Row {
        id: "postcard",
        wire_format: "postcard",
        library: "postcard",
        version: "1.2.0",
        keeps_key_order: false,
        build: Build::From(positional::postcard),
    },
    Row {
        id: "bitcode",
        wire_format: "bitcode",
        library: "bitcode",
        version: "0.6.9",
        keeps_key_order: false,
        build: Build::Unavailable(
            "bitcode's Encode and Decode are derived for a Rust type at compile time; a schema known only at run time cannot drive them",
        ),
    },
    Row {
        id: "bitcode-serde",
        wire_format: "bitcode",
        library: "bitcode",
        version: "0.6.9",
        keeps_key_order: false,
        build: Build::From(positional::bitcode_serde),
    },
    Row {
        id: "wincode",
        wire_format: "wincode",
        library: "wincode",
        version: "0.6.3",
        keeps_key_order: false,
        build: Build::Unavailable(
            "wincode's SchemaWrite and SchemaRead are derived for a Rust type at compile time and it has no serde support; a schema known only at run time cannot drive it",
        ),
    },
    Row {
        id: "protobuf",
        wire_format: "Protobuf",
        library: "prost-reflect",
        version: "0.16.5",
        keeps_key_order: false,
        build: Build::From(protobuf::build),
    },
    Row {
        id: "thrift-binary",
        wire_format: "Thrift",
        library: "thrift",
        version: "0.17.0",
        keeps_key_order: false,
        build: Build::Registry,
    },
    Row {
        id: "thrift-compact",
        wire_format: "Thrift",
        library: "thrift",
        version: "0.17.0",
        keeps_key_order: false,
        build: Build::Registry,
    },
    Row {
        id: "avro",
        wire_format: "Avro",
        library: "apache-avro",
        version: "0.22.0",
        keeps_key_order: false,
        build: Build::Registry,
    },
    Row {
        id: "qdatastream",
        wire_format: "QDataStream",
        library: "serbench-qdatastream",
        version: "0.1.0",
        keeps_key_order: true,
        build: Build::Registry,
    },
    Row {
        id: "capnp",
        wire_format: "Cap'n Proto",
        library: "capnp",
        version: "0.27.3",
        keeps_key_order: false,
        build: Build::Unavailable(
            "the capnp crate reads and builds dynamic values only through schemas compiled in by capnpc, which needs the capnp tool; a schema inferred at run time cannot be loaded",
        ),
    },
    Row {
        id: "flatbuffers",
        wire_format: "FlatBuffers",
        library: "flatbuffers",
        version: "25.12.19",
        keeps_key_order: false,
        build: Build::Unavailable(
            "the flatbuffers crate builds and reads tables only through code flatc generates; it has no reflection-driven builder for a schema known at run time",
        ),
    },
    Row {
        id: "rkyv",
        wire_format: "rkyv",
        library: "rkyv",
        version: "0.8.18",
        keeps_key_order: false,
        build: Build::Unavailable(
            "rkyv's archived layouts are Rust types derived at compile time; it has no schema a program can give it at run time",
        ),
    },
];
