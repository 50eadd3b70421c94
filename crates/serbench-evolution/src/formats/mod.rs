//! The rows: each wire format with the library and the evolution practice
//! its users follow, in the registry's order of wire formats.

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
];
