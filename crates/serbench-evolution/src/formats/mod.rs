//! The rows: each wire format with the library and the evolution practice
//! its users follow, in the registry's order of wire formats.
//!
//! Two ways to the cells. Formats serde or a run-time schema drives
//! (`serde_formats`, `avro`) work on any version, as a
//! [`PairVisitor`](crate::model::PairVisitor). Every other format reaches
//! its own type for each version, so it is a `Practice` for every
//! concrete pair of versions, which the model hands over by their types,
//! and `typed::cells` judges it: one module, no lookup at run time.

mod avro;
mod bitcode;
mod capnp;
mod flatbuffers;
mod own_types;
mod protobuf;
mod qdatastream;
mod rkyv;
mod serde_formats;
mod thrift;
mod typed;
mod wincode;
mod xml;

use crate::Row;
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
        cells: serde_formats::named::<Json>,
    },
    Row {
        wire_format: "CBOR",
        library: "ciborium",
        practice: "serde default, alias",
        cells: serde_formats::named::<Cbor>,
    },
    Row {
        wire_format: "XML",
        library: "quick-xml",
        practice: "serde default, alias",
        cells: serde_formats::named::<Xml>,
    },
    Row {
        wire_format: "MessagePack",
        library: "rmp-serde",
        practice: "serde default, alias",
        cells: serde_formats::named::<MessagePack>,
    },
    Row {
        wire_format: "bincode",
        library: "bincode",
        practice: "bare",
        cells: serde_formats::named::<Bincode>,
    },
    Row {
        wire_format: "bincode",
        library: "bincode",
        practice: "version tag",
        cells: serde_formats::tagged::<Bincode>,
    },
    Row {
        wire_format: "postcard",
        library: "postcard",
        practice: "bare",
        cells: serde_formats::named::<Postcard>,
    },
    Row {
        wire_format: "postcard",
        library: "postcard",
        practice: "version tag",
        cells: serde_formats::tagged::<Postcard>,
    },
    Row {
        wire_format: "bitcode",
        library: "bitcode",
        practice: "bare",
        cells: cells::<bitcode::Bare>,
    },
    Row {
        wire_format: "bitcode",
        library: "bitcode",
        practice: "version tag",
        cells: cells::<bitcode::Tagged>,
    },
    Row {
        wire_format: "wincode",
        library: "wincode",
        practice: "bare",
        cells: cells::<wincode::Bare>,
    },
    Row {
        wire_format: "wincode",
        library: "wincode",
        practice: "version tag",
        cells: cells::<wincode::Tagged>,
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
        cells: cells::<rkyv::Bare>,
    },
    Row {
        wire_format: "rkyv",
        library: "rkyv",
        practice: "version tag",
        cells: cells::<rkyv::Tagged>,
    },
    Row {
        wire_format: "rkyv",
        library: "rkyv",
        practice: "boxed root",
        cells: cells::<rkyv::Boxed>,
    },
];
