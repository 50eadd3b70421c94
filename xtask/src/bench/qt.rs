//! The Qt side of the task-manager comparison: the figures the issue gives
//! for Qt's own implementations, and the same programs measured here when
//! Qt 6 is installed (`interop/qt/qt_taskmanager.cpp`, `bench` mode).

use std::path::Path;
use std::process::Command;

use anyhow::{Context, ensure};
use serde::{Deserialize, Serialize};

/// The dataset the Qt benchmark measures, and the only one the Qt program
/// reads: the comparison is bound to it by nature.
pub(crate) const DATASET: &str = "task-manager";

/// A Qt implementation and the serbench format it is compared with.
pub(crate) struct Counterpart {
    /// What the Qt benchmark calls it.
    pub(crate) qt: &'static str,
    /// The `qt_taskmanager bench` id.
    pub(crate) id: &'static str,
    /// The serbench format it is held against.
    pub(crate) format: &'static str,
    /// Reference medians, serialize and deserialize, in ms: the Qt
    /// implementations on a machine like this one with the same data.
    pub(crate) reference_ms: (f64, f64),
}

pub(crate) const COUNTERPARTS: [Counterpart; 4] = [
    Counterpart {
        qt: "QDataStream",
        id: "datastream",
        format: "qdatastream",
        reference_ms: (2.7, 4.4),
    },
    Counterpart {
        qt: "QXmlStream",
        id: "xml",
        format: "xml",
        reference_ms: (27.0, 33.0),
    },
    Counterpart {
        qt: "QJsonDocument",
        id: "json",
        format: "json",
        reference_ms: (56.0, 24.0),
    },
    Counterpart {
        qt: "QCborValue",
        id: "cbor",
        format: "cbor",
        reference_ms: (52.0, 46.0),
    },
];

/// How much faster than Qt each codec aims to be, on both operations.
pub(crate) const AIM: f64 = 4.0;

/// One Qt implementation measured here.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Measured {
    pub(crate) id: String,
    pub(crate) serialize_ns: f64,
    pub(crate) deserialize_ns: f64,
    pub(crate) size_bytes: u64,
}

/// Builds the Qt program and times every Qt implementation on the
/// task-manager in `json` (serbench's dump), `runs` times each.
pub(crate) fn measure(work: &Path, json: &Path, runs: u32) -> anyhow::Result<Vec<Measured>> {
    let program = crate::interop::build_qt(&crate::project_root(), work)?;
    let output = Command::new(&program)
        .arg("bench")
        .arg(json)
        .arg(runs.to_string())
        .output()
        .with_context(|| format!("cannot run {}", program.display()))?;
    ensure!(
        output.status.success(),
        "the Qt benchmark failed: {}",
        String::from_utf8_lossy(&output.stderr).trim()
    );
    String::from_utf8(output.stdout)?
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [id, serialize, deserialize, size] = fields[..] else {
                anyhow::bail!("unexpected Qt benchmark line {line:?}");
            };
            Ok(Measured {
                id: id.to_owned(),
                serialize_ns: serialize.parse()?,
                deserialize_ns: deserialize.parse()?,
                size_bytes: size.parse()?,
            })
        })
        .collect()
}
