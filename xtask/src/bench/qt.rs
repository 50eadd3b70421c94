//! The Qt side of the task-manager comparison: the figures the issue gives
//! for Qt's own implementations, and the same programs measured here when
//! Qt 6 is installed (`interop/qt/qt_taskmanager.cpp`, `bench` mode, one
//! implementation per invocation so that its rounds alternate with
//! serbench's, see [`super::paired`]).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, ensure};

pub(crate) use serbench_results::qt::{COUNTERPARTS, DATASET, Measured, side_id};

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
    }
}
