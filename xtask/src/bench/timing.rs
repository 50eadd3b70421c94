//! Running the bench binary's timing mode (`SERBENCH_MODE=time`,
//! `benches/timing.rs`) and reading what it writes: one
//! [`TimingLine`] per row, the raw samples of the row.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::Stdio;

use anyhow::{Context, ensure};
use serbench_results::Op;
use serbench_results::timing::{Row, TimingLine};

use super::bench_command;

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
    finished: impl FnMut(&TimingLine),
) -> anyhow::Result<Vec<TimingLine>> {
    run_command(bench_command(binary, quick), rows, sampling, finished)
}

/// [`run`] with the command that starts the bench binary given: the
/// binary itself, or a tool that runs it (Callgrind).
pub(crate) fn run_command(
    mut command: std::process::Command,
    rows: &Rows,
    sampling: &[&str],
    mut finished: impl FnMut(&TimingLine),
) -> anyhow::Result<Vec<TimingLine>> {
    let mut child = command
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
mod tests {
    use super::*;

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
        let row: Row =
            serde_json::from_str(r#"{"dataset":"task-manager","codec":"simd-json","op":"decode"}"#)
                .unwrap();
        assert_eq!(describe(&row), "task-manager decode simd-json");
    }
}
