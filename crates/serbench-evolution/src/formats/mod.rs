//! The rows: each wire format with the library and the evolution practice
//! its users follow, in the registry's order of wire formats.
//!
//! Two ways to the cells. Avro, driven by a schema given at run time,
//! works on any version, as a [`PairVisitor`](crate::model::PairVisitor).
//! Every other row is a `Practice` for every concrete pair of versions,
//! which the model hands over by their types, and `typed::cells` judges
//! it: one module, no lookup at run time. The libraries that write a Rust
//! type as it is (the serde ones, bitcode, wincode, rkyv) share their two
//! practices, `library::Bare` and `library::Tagged`, and differ only in
//! their entry points and the types their users declare.

mod avro;
mod bitcode;
mod capnp;
mod flatbuffers;
mod library;
mod own_types;
mod protobuf;
mod qdatastream;
mod rkyv;
mod serde_formats;
mod thrift;
mod typed;
mod wincode;
mod xml;

use self::bitcode::Bitcode;
use self::rkyv::Rkyv;
use self::wincode::Wincode;
use crate::Row;
use library::{Bare, Tagged};
use protobuf::Protobuf;
use serde_formats::{Bincode, Cbor, Json, MessagePack, Postcard};
use thrift::{Binary, Compact, Thrift};
use typed::{Direct, cells};
use xml::Xml;

/// Every row of the matrix.
pub const ROWS: &[Row] = &[
    Row {
        wire_format: "JSON",
        library: "serde_json",
        practice: "serde default, alias",
        cells: cells::<Bare<Json>>,
    },
    Row {
        wire_format: "CBOR",
        library: "ciborium",
        practice: "serde default, alias",
        cells: cells::<Bare<Cbor>>,
    },
    Row {
        wire_format: "XML",
        library: "quick-xml",
        practice: "serde default, alias",
        cells: cells::<Bare<Xml>>,
    },
    Row {
        wire_format: "MessagePack",
        library: "rmp-serde",
        practice: "serde default, alias",
        cells: cells::<Bare<MessagePack>>,
    },
    Row {
        wire_format: "bincode",
        library: "bincode",
        practice: "bare",
        cells: cells::<Bare<Bincode>>,
    },
    Row {
        wire_format: "bincode",
        library: "bincode",
        practice: "version tag",
        cells: cells::<Tagged<Bincode>>,
    },
    Row {
        wire_format: "postcard",
        library: "postcard",
        practice: "bare",
        cells: cells::<Bare<Postcard>>,
    },
    Row {
        wire_format: "postcard",
        library: "postcard",
        practice: "version tag",
        cells: cells::<Tagged<Postcard>>,
    },
    Row {
        wire_format: "bitcode",
        library: "bitcode",
        practice: "bare",
        cells: cells::<Bare<Bitcode>>,
    },
    Row {
        wire_format: "bitcode",
        library: "bitcode",
        practice: "version tag",
        cells: cells::<Tagged<Bitcode>>,
    },
    Row {
        wire_format: "wincode",
        library: "wincode",
        practice: "bare",
        cells: cells::<Bare<Wincode>>,
    },
    Row {
        wire_format: "wincode",
        library: "wincode",
        practice: "version tag",
        cells: cells::<Tagged<Wincode>>,
    },
    Row {
        wire_format: "Protobuf",
        library: "prost",
        practice: "field numbers",
        cells: cells::<Direct<Protobuf>>,
    },
    Row {
        wire_format: "Thrift",
        library: "thrift",
        practice: "field ids, binary protocol",
        cells: cells::<Direct<Thrift<Binary>>>,
    },
    Row {
        wire_format: "Thrift",
        library: "thrift",
        practice: "field ids, compact protocol",
        cells: cells::<Direct<Thrift<Compact>>>,
    },
    Row {
        wire_format: "Avro",
        library: "apache-avro",
        practice: "schema resolution",
        cells: avro::cells,
    },
    Row {
        wire_format: "QDataStream",
        library: "serbench-evolution",
        practice: "bare",
        cells: cells::<qdatastream::Bare>,
    },
    Row {
        wire_format: "QDataStream",
        library: "serbench-evolution",
        practice: "version tag",
        cells: cells::<qdatastream::Tagged>,
    },
    Row {
        wire_format: "Cap'n Proto",
        library: "capnp",
        practice: "ordinals, obsolete field kept",
        cells: cells::<Direct<capnp::Capnp>>,
    },
    Row {
        wire_format: "FlatBuffers",
        library: "flatbuffers",
        practice: "declaration order, deprecated",
        cells: cells::<Direct<flatbuffers::FlatBuffers>>,
    },
    Row {
        wire_format: "rkyv",
        library: "rkyv",
        practice: "bare",
        cells: cells::<Bare<Rkyv>>,
    },
    Row {
        wire_format: "rkyv",
        library: "rkyv",
        practice: "version tag",
        cells: cells::<Tagged<Rkyv>>,
    },
    Row {
        wire_format: "rkyv",
        library: "rkyv",
        practice: "boxed root",
        cells: cells::<rkyv::Boxed>,
    },
];
