//! The Qt side of the task-manager comparison: the figures the issue gives
//! for Qt's own implementations, and the same programs measured here when
//! Qt 6 is installed (`interop/qt/qt_taskmanager.cpp`, `bench` mode, one
//! implementation per invocation so that its rounds alternate with
//! serbench's, see [`super::paired`]).

use std::path::{Path, PathBuf};
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

/// One Qt implementation measured here: the median over its rounds of
/// each round's median.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Measured {
    pub(crate) id: String,
    pub(crate) serialize_ns: f64,
    pub(crate) deserialize_ns: f64,
    pub(crate) size_bytes: u64,
}

/// The paired side id of a Qt implementation: `qt-json`.
pub(crate) fn side_id(id: &str) -> String {
    format!("qt-{id}")
}

/// The Qt program, built once, and the task-manager it times.
pub(crate) struct Program {
    pub(crate) binary: PathBuf,
    /// serbench's task-manager dump in JSON, which the program reads.
    pub(crate) json: PathBuf,
}

impl Program {
    /// Builds the Qt program into `work`.
    pub(crate) fn build(work: &Path, json: PathBuf) -> anyhow::Result<Self> {
        let binary = crate::interop::build_qt(&crate::project_root(), work)?;
        Ok(Self { binary, json })
    }

    /// One round of one Qt implementation (`id`, such as `json`): the
    /// median of `runs` runs of each operation.
    pub(crate) fn round(&self, id: &str, runs: u32) -> anyhow::Result<Measured> {
        let output = Command::new(&self.binary)
            .arg("bench")
            .arg(&self.json)
            .arg(runs.to_string())
            .arg(id)
            .output()
            .with_context(|| format!("cannot run {}", self.binary.display()))?;
        ensure!(
            output.status.success(),
            "the Qt benchmark failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
        let text = String::from_utf8(output.stdout)?;
        let line = text
            .lines()
            .next()
            .context("the Qt benchmark printed nothing")?;
        parse(line)
    }
}

/// A `bench` line: `id serialize_ns deserialize_ns size_bytes`.
fn parse(line: &str) -> anyhow::Result<Measured> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [id, serialize, deserialize, size] = fields[..] else {
        anyhow::bail!("unexpected Qt benchmark line {line:?}");
    };
    Ok(Measured {
        id: id.to_owned(),
        serialize_ns: serialize.parse().context("serialize time")?,
        deserialize_ns: deserialize.parse().context("deserialize time")?,
        size_bytes: size.parse().context("size")?,
    })
}

#[cfg(test)]
#[allow(clippy::float_cmp, reason = "the figures are read from exact text")]
mod tests {
    use super::*;

    #[test]
    fn reads_a_bench_line() {
        let measured = parse("datastream 512000 1040000 1127000").unwrap();
        assert_eq!(measured.id, "datastream");
        assert_eq!(
            (measured.serialize_ns, measured.deserialize_ns),
            (512_000.0, 1_040_000.0)
        );
        assert_eq!(measured.size_bytes, 1_127_000);
        assert!(parse("json 1 2").is_err());
        assert!(parse("json fast 2 3").is_err());
        assert_eq!(side_id("cbor"), "qt-cbor");
    }
}
