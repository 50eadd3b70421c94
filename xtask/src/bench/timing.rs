//! Running the bench binary's timing mode (`SERBENCH_MODE=time`,
//! `benches/timing.rs`) and reading what it writes: one
//! [`TimingLine`] per row, the raw samples of the row, from which a
//! [`Measurement`] is computed here.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::Stdio;

use anyhow::{Context, ensure};
use serbench_results::Op;
use serbench_results::timing::{Row, TimingLine};

use super::{bench_command, stats};

/// One row's figures from one process, in nanoseconds per iteration.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Measurement {
    /// The row, by dataset id, codec id and operation.
    pub(crate) row: Row,
    pub(crate) fastest_ns: f64,
    pub(crate) slowest_ns: f64,
    pub(crate) median_ns: f64,
    pub(crate) mean_ns: f64,
    /// The samples as taken, nanoseconds per iteration each: the
    /// quartiles that results.json gives are taken over every process's
    /// samples, pooled, so none are kept per process.
    pub(crate) samples_ns: Vec<f64>,
    /// Allocations per iteration, if counted.
    pub(crate) allocs: Option<f64>,
    /// Bytes allocated per iteration, if counted.
    pub(crate) alloc_bytes: Option<f64>,
    /// The most bytes live at once during an iteration, if counted.
    pub(crate) peak_bytes: Option<f64>,
}

impl Measurement {
    /// A row with no figures yet.
    pub(crate) fn of(row: Row) -> Measurement {
        Measurement {
            row,
            fastest_ns: 0.0,
            slowest_ns: 0.0,
            median_ns: 0.0,
            mean_ns: 0.0,
            samples_ns: Vec::new(),
            allocs: None,
            alloc_bytes: None,
            peak_bytes: None,
        }
    }

    /// The figures of a timed row's line; `None` for a line without
    /// samples (a counted one).
    pub(crate) fn timed(line: TimingLine) -> Option<Measurement> {
        let samples = &line.samples_ns;
        let quantile = |q: f64| stats::quantile(samples, q);
        Some(Measurement {
            fastest_ns: quantile(0.0)?,
            slowest_ns: quantile(1.0)?,
            median_ns: quantile(0.5)?,
            mean_ns: samples.iter().sum::<f64>() / samples.len() as f64,
            samples_ns: line.samples_ns,
            ..Measurement::of(line.row)
        })
    }

    /// Takes the allocation figures of the counted line of the same row.
    pub(crate) fn count(&mut self, counted: &TimingLine) {
        if let Some(alloc) = counted.alloc {
            self.allocs = Some(alloc.allocs as f64);
            self.alloc_bytes = Some(alloc.bytes as f64);
            self.peak_bytes = Some(alloc.peak_bytes as f64);
        }
    }
}

/// How a row is described in progress lines: `media decode json`,
/// `sweep decode 1000 json`.
pub(crate) fn describe(row: &Row) -> String {
    match row.tasks {
        Some(tasks) => format!("sweep {} {tasks} {}", row.op.name(), row.codec),
        None => format!("{} {} {}", row.dataset, row.op.name(), row.codec),
    }
}

/// The rows of one process: every dataset × codec × operation given, in
/// that order, and with `sweep` the sweep's rows of those codecs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Rows {
    pub(crate) datasets: Vec<String>,
    pub(crate) codecs: Vec<String>,
    pub(crate) ops: Vec<Op>,
    pub(crate) sweep: bool,
}

impl Rows {
    /// The command line naming these rows, the operations in `ops`' order.
    fn args(&self) -> Vec<String> {
        let datasets = self.datasets.iter().map(|d| ["--dataset", d]);
        let codecs = self.codecs.iter().map(|c| ["--codec", c]);
        let ops = self.ops.iter().map(|op| ["--op", op.name()]);
        let mut args: Vec<String> = datasets
            .chain(codecs)
            .chain(ops)
            .flatten()
            .map(str::to_owned)
            .collect();
        if self.sweep {
            args.push("--sweep".to_owned());
        }
        args
    }
}

/// Runs the bench binary's timing mode on `rows` with the sampling
/// arguments `sampling`, calling `finished` with each line as it is read
/// (a row done); returns every line.
pub(crate) fn run(
    binary: &Path,
    quick: bool,
    rows: &Rows,
    sampling: &[&str],
    mut finished: impl FnMut(&TimingLine),
) -> anyhow::Result<Vec<TimingLine>> {
    let mut child = bench_command(binary, quick)
        .env("SERBENCH_MODE", "time")
        .args(rows.args())
        .args(sampling)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .context("cannot run the bench binary")?;
    let stdout = child.stdout.take().context("no output")?;
    let mut lines = Vec::new();
    for line in BufReader::new(stdout).lines() {
        let line: TimingLine =
            serde_json::from_str(&line?).context("unreadable line from the timing mode")?;
        finished(&line);
        lines.push(line);
    }
    ensure!(child.wait()?.success(), "the benches failed");
    Ok(lines)
}

/// The rows the bench binary would time for `rows`, without timing them.
pub(crate) fn list(binary: &Path, quick: bool, rows: &Rows) -> anyhow::Result<Vec<Row>> {
    let output = bench_command(binary, quick)
        .env("SERBENCH_MODE", "time")
        .args(rows.args())
        .arg("--list")
        .stderr(Stdio::inherit())
        .output()
        .context("cannot run the bench binary")?;
    ensure!(output.status.success(), "cannot list the rows");
    String::from_utf8(output.stdout)?
        .lines()
        .map(|line| serde_json::from_str(line).context("unreadable row from the timing mode"))
        .collect()
}

#[cfg(test)]
#[allow(clippy::float_cmp, reason = "the expected figures are exact")]
mod tests {
    use super::*;

    fn line(samples_ns: &[f64]) -> TimingLine {
        serde_json::from_value(serde_json::json!({
            "dataset": "task-manager", "codec": "simd-json", "op": "decode",
            "iterations": 4, "samples_ns": samples_ns,
        }))
        .unwrap()
    }

    #[test]
    fn figures_from_the_raw_samples() {
        let measured = Measurement::timed(line(&[5.0, 1.0, 4.0, 2.0, 3.0])).unwrap();
        assert_eq!(measured.row.dataset, "task-manager");
        assert_eq!(measured.row.op, Op::Decode);
        assert_eq!((measured.fastest_ns, measured.slowest_ns), (1.0, 5.0));
        assert_eq!((measured.median_ns, measured.mean_ns), (3.0, 3.0));
        assert_eq!(measured.samples_ns, [5.0, 1.0, 4.0, 2.0, 3.0]);
        assert!(Measurement::timed(line(&[])).is_none());
    }

    #[test]
    fn counts_come_from_the_counted_line() {
        let mut measured = Measurement::timed(line(&[2.0])).unwrap();
        let counted: TimingLine = serde_json::from_str(
            r#"{"dataset":"task-manager","codec":"simd-json","op":"decode","iterations":1,
                "samples_ns":[],"alloc":{"allocs":11,"bytes":532,"peak_bytes":266}}"#,
        )
        .unwrap();
        assert_eq!(counted.row, measured.row);
        measured.count(&counted);
        assert_eq!(measured.allocs, Some(11.0));
        assert_eq!(measured.alloc_bytes, Some(532.0));
        assert_eq!(measured.peak_bytes, Some(266.0));
    }

    #[test]
    fn rows_name_ids_and_the_sweep() {
        let rows = Rows {
            datasets: vec!["task-manager".to_owned()],
            codecs: vec!["simd-json".to_owned()],
            ops: vec![Op::Traverse, Op::Decode],
            sweep: true,
        };
        assert_eq!(
            rows.args().join(" "),
            "--dataset task-manager --codec simd-json --op traverse --op decode --sweep"
        );
        let sweep: Row = serde_json::from_str(
            r#"{"dataset":"task-manager","codec":"json","op":"encode","tasks":1000}"#,
        )
        .unwrap();
        assert_eq!(describe(&sweep), "sweep encode 1000 json");
        assert_eq!(describe(&line(&[]).row), "task-manager decode simd-json");
    }
}
