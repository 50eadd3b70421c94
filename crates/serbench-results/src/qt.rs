//! The Qt side of the task-manager comparison: the figures the issue gives
//! for Qt's own implementations, the serbench codec each is held against,
//! and what the same programs measured when Qt 6 was installed.

use serde::{Deserialize, Serialize};

/// The dataset the Qt benchmark measures, and the only one the Qt program
/// reads: the comparison is bound to it by nature.
pub const DATASET: &str = "task-manager";

/// A Qt implementation and the serbench codec it is compared with.
pub struct Counterpart {
    /// What the Qt benchmark calls it.
    pub qt: &'static str,
    /// The `qt_taskmanager bench` id.
    pub id: &'static str,
    /// The id of the serbench codec it is held against.
    pub codec: &'static str,
    /// Reference medians, serialize and deserialize, in ms: the Qt
    /// implementations on a machine like this one with the same data.
    pub reference_ms: (f64, f64),
}

/// Qt's implementations the benchmark times, with their counterparts.
pub const COUNTERPARTS: [Counterpart; 4] = [
    Counterpart {
        qt: "QDataStream",
        id: "datastream",
        codec: "qdatastream",
        reference_ms: (2.7, 4.4),
    },
    Counterpart {
        qt: "QXmlStream",
        id: "xml",
        codec: "xml",
        reference_ms: (27.0, 33.0),
    },
    Counterpart {
        qt: "QJsonDocument",
        id: "json",
        codec: "json",
        reference_ms: (56.0, 24.0),
    },
    Counterpart {
        qt: "QCborValue",
        id: "cbor",
        codec: "cbor",
        reference_ms: (52.0, 46.0),
    },
];

/// How much faster than Qt each codec aims to be, on both operations.
pub const AIM: f64 = 4.0;

/// One Qt implementation measured here: the median over its rounds of
/// each round's median.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Measured {
    /// The `qt_taskmanager bench` id, such as `json`.
    pub id: String,
    /// Nanoseconds of one serialize of the task-manager.
    pub serialize_ns: f64,
    /// Nanoseconds of one deserialize.
    pub deserialize_ns: f64,
    /// Bytes Qt wrote.
    pub size_bytes: u64,
}

/// The paired side id of a Qt implementation: `qt-json`.
#[must_use]
pub fn side_id(id: &str) -> String {
    format!("qt-{id}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn side_ids_name_qt() {
        assert_eq!(super::side_id("cbor"), "qt-cbor");
    }
}
