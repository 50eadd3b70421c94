//! The rows: each wire format with the library and the evolution practice
//! its users follow, in the registry's order of wire formats.

mod capnp;
mod flatbuffers;
mod generated_types;
mod serde_formats;

use crate::Row;
use serde_formats::{Bincode, Cbor, Json, MessagePack, Postcard};

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
        wire_format: "Cap'n Proto",
        library: "capnp",
        practice: "ordinals, obsolete field kept",
        cells: generated_types::cells::<capnp::Capnp>,
    },
    Row {
        wire_format: "FlatBuffers",
        library: "flatbuffers",
        practice: "declaration order, deprecated",
        cells: generated_types::cells::<flatbuffers::FlatBuffers>,
    },
];
