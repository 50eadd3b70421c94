//! The conditions of a run, for the reports' headers: machine, compiler,
//! build profile, commit, the codecs' library versions, and what the
//! machine check saw before and after timing.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::stats;

/// The conditions of a run.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Run {
    /// When the run started, UTC, `YYYY-MM-DD HH:MM:SS`.
    pub started: String,
    /// `--quick`: fewer samples, the graph at 200 nodes.
    pub quick: bool,
    /// The `--dataset`/`--codec` filters, if any.
    pub filters: Vec<String>,
    /// CPU model, cores, memory, OS.
    pub machine: String,
    /// `rustc --version`, host and LLVM.
    pub compiler: String,
    /// The profile the benches were built with.
    pub profile: String,
    /// The commit measured, `+dirty` when the tree had changes.
    pub commit: String,
    /// The codecs' libraries and their versions, from the sizes report.
    pub versions: BTreeMap<String, String>,
    /// What the machine check saw before timing.
    #[serde(default)]
    pub check: Option<MachineCheck>,
    /// What the same check saw after the last timed round: a build or a
    /// neighbour that arrived during the run shows here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check_after: Option<MachineCheck>,
    /// How the instructions were counted, when they were (`--instructions`):
    /// the tool and what is pinned so that counts repeat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instructions: Option<String>,
}

impl Run {
    /// The machine checks as the reports' headers give them: a label and a
    /// line each, with a note when the fixed workload's time moved.
    #[must_use]
    pub fn checks(&self) -> Vec<(&'static str, String)> {
        let mut facts = Vec::new();
        if let Some(before) = &self.check {
            facts.push(("Machine check before timing", before.describe()));
        }
        if let Some(after) = &self.check_after {
            let mut line = after.describe();
            if let Some(moved) = self.moved() {
                line.push_str("; ");
                line.push_str(&moved);
            }
            facts.push(("Machine check after timing", line));
        }
        facts
    }

    /// The sentence saying the fixed workload's time moved between the
    /// check before timing and the one after, if it did.
    fn moved(&self) -> Option<String> {
        self.check.as_ref()?.moved(self.check_after.as_ref()?)
    }

    /// Whether a check found the machine busy, or its speed moving during
    /// the run: what the short summaries (terminal, README) mention.
    #[must_use]
    pub fn disturbed(&self) -> bool {
        let busy = [&self.check, &self.check_after]
            .into_iter()
            .flatten()
            .any(|check| check.busy);
        busy || self.moved().is_some()
    }
}

/// Other processes using at least this many cores make the machine busy.
const BUSY_CORES: f64 = 0.25;
/// A fixed workload whose times spread more than this (range over median)
/// makes the machine busy.
const BUSY_SPREAD: f64 = 0.10;
/// What the check saw.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct MachineCheck {
    /// The 1-minute load average.
    pub load_average: f64,
    /// The cores the machine has.
    pub cores: usize,
    /// Cores' worth of CPU time other processes used during the look.
    pub busy_cores: f64,
    /// The fixed workload's median, nanoseconds.
    pub workload_ns: f64,
    /// Its range over its median.
    pub workload_spread: f64,
    /// Whether the machine was judged busy.
    pub busy: bool,
}

impl MachineCheck {
    /// Times the fixed workload is run.
    pub const RUNS: usize = 7;

    /// The check's verdict from what it saw: the load average, the
    /// machine's cores, the cores' worth of CPU time others used, and the
    /// fixed workload's times.
    #[must_use]
    pub fn judge(load_average: f64, cores: usize, busy_cores: f64, times: &[f64]) -> Self {
        let workload_ns = stats::median(times).unwrap_or(0.0);
        let low = times.iter().copied().fold(f64::INFINITY, f64::min);
        let high = times.iter().copied().fold(0.0, f64::max);
        let workload_spread = if workload_ns > 0.0 {
            (high - low) / workload_ns
        } else {
            0.0
        };
        Self {
            load_average,
            cores,
            busy_cores,
            workload_ns,
            workload_spread,
            busy: busy_cores >= BUSY_CORES || workload_spread > BUSY_SPREAD,
        }
    }

    /// One line for the terminal and the report's header.
    #[must_use]
    pub fn describe(&self) -> String {
        let verdict = if !self.busy {
            "quiet"
        } else if self.busy_cores >= BUSY_CORES {
            "BUSY: other processes are using the CPU; expect noisier figures (see each \
             row's noise)"
        } else {
            "BUSY: a fixed workload's times swing (frequency changes, or a neighbour on the \
             host); expect noisier figures (see each row's noise)"
        };
        format!(
            "{verdict}. Other processes used {:.2} of {} cores while the xtask slept, load \
             average {:.2}; a fixed workload took {:.1} ms ±{:.0} % over {} runs",
            self.busy_cores,
            self.cores,
            self.load_average,
            self.workload_ns / 1e6,
            self.workload_spread * 100.0,
            Self::RUNS
        )
    }

    /// A sentence when the fixed workload's median moved by more than
    /// 10 % between this check and a `later` one, else `None`.
    #[must_use]
    pub fn moved(&self, later: &Self) -> Option<String> {
        if self.workload_ns <= 0.0 || later.workload_ns <= 0.0 {
            return None;
        }
        let ratio = later.workload_ns / self.workload_ns;
        ((ratio - 1.0).abs() > BUSY_SPREAD).then(|| {
            format!(
                "the fixed workload took {:.1} ms before timing and {:.1} ms after, so the \
                 machine's speed changed during the run",
                self.workload_ns / 1e6,
                later.workload_ns / 1e6
            )
        })
    }
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

fn field<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .find(|line| line.starts_with(key))
        .and_then(|line| line.split_once(':'))
        .map(|(_, value)| value.trim())
}

/// This machine as a report's header names it: CPU model, cores, memory
/// and OS, read from `/proc` (parts it cannot read are left out).
#[must_use]
pub fn machine() -> String {
    let cpuinfo = read("/proc/cpuinfo");
    let cpu = field(&cpuinfo, "model name").unwrap_or("unknown CPU");
    let cores = std::thread::available_parallelism().map_or(0, std::num::NonZero::get);
    let memory = field(&read("/proc/meminfo"), "MemTotal")
        .and_then(|kb| kb.trim_end_matches(" kB").trim().parse::<f64>().ok())
        .map_or_else(String::new, |kb| {
            format!(", {:.0} GiB", kb / 1024.0 / 1024.0)
        });
    let os = format!(
        "{} {}",
        read("/proc/sys/kernel/ostype").trim(),
        read("/proc/sys/kernel/osrelease").trim()
    );
    format!("{cpu}, {cores} cores{memory}, {}", os.trim())
}

#[cfg(test)]
#[allow(clippy::float_cmp, reason = "the expected figures are exact")]
mod tests {
    use super::*;

    fn quiet(workload_ns: f64) -> MachineCheck {
        MachineCheck {
            load_average: 1.0,
            cores: 2,
            workload_ns,
            workload_spread: 0.05,
            ..MachineCheck::default()
        }
    }

    /// A run says what the check after timing saw, and when the machine's
    /// speed moved between the two checks although neither was busy.
    #[test]
    fn checks_after_timing_and_a_moved_workload_are_stated() {
        let mut run = Run {
            check: Some(quiet(3.9e6)),
            ..Run::default()
        };
        assert_eq!(run.checks().len(), 1);
        assert!(!run.disturbed());
        run.check_after = Some(quiet(4.0e6));
        let checks = run.checks();
        assert_eq!(checks[1].0, "Machine check after timing");
        assert!(checks[1].1.starts_with("quiet."), "{}", checks[1].1);
        assert!(!checks[1].1.contains("speed"), "{}", checks[1].1);
        assert!(!run.disturbed());
        run.check_after = Some(quiet(4.6e6));
        let after = &run.checks()[1].1;
        assert!(
            after.ends_with(
                "the fixed workload took 3.9 ms before timing and 4.6 ms after, so the \
                 machine's speed changed during the run"
            ),
            "{after}"
        );
        assert!(run.disturbed());
        run.check_after = Some(MachineCheck {
            busy: true,
            ..quiet(3.9e6)
        });
        assert!(run.disturbed());
    }

    #[test]
    fn busy_from_others_or_from_spread() {
        let steady = [10.0e6, 10.1e6, 10.2e6, 10.0e6];
        assert!(!MachineCheck::judge(0.3, 2, 0.05, &steady).busy);
        assert!(MachineCheck::judge(6.6, 2, 1.7, &steady).busy);
        let swinging = [10.0e6, 14.0e6, 10.2e6];
        let check = MachineCheck::judge(0.3, 2, 0.0, &swinging);
        assert!(check.busy, "{check:?}");
        assert!(
            check
                .describe()
                .starts_with("BUSY: a fixed workload's times swing"),
            "{}",
            check.describe()
        );
        let others = MachineCheck::judge(6.6, 2, 1.7, &steady);
        assert!(
            others.describe().starts_with("BUSY: other processes"),
            "{}",
            others.describe()
        );
        assert!((check.workload_spread - 0.4 / 1.02).abs() < 1e-9);
    }
}

/// What a program cannot know of its own build, and what a meter outside it
/// counted: `cargo xtask measure` hands these to `serbench measure`
/// (`--build-facts FILE`), which writes them into its results.json, so that
/// the file has one writer.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct BuildFacts {
    /// As [`Run::compiler`].
    pub compiler: String,
    /// As [`Run::profile`].
    pub profile: String,
    /// As [`Run::commit`].
    pub commit: String,
    /// How the counts were taken ([`Run::instructions`]); `None` when
    /// nothing was counted.
    #[serde(default)]
    pub instructions: Option<String>,
    /// One row's encode or decode of its whole workload, counted once.
    #[serde(default)]
    pub counts: Vec<Counted>,
}

/// What Callgrind counted of one row's operation, over its whole workload.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Counted {
    /// The row.
    #[serde(flatten)]
    pub row: crate::timing::Row,
    /// The counts of one pass over the row's workload.
    pub counts: crate::timing::Counts,
}

impl BuildFacts {
    /// Writes these facts into `report`: the build into its run, and each
    /// count, per message, into its record's operation (left alone where
    /// the operation was not measured).
    ///
    /// # Errors
    ///
    /// A count of a row the report has no record of, or of an operation
    /// other than encode and decode.
    pub fn apply(self, report: &mut crate::Report) -> Result<(), String> {
        report.run.compiler = self.compiler;
        report.run.profile = self.profile;
        report.run.commit = self.commit;
        report.run.instructions = self.instructions;
        for counted in self.counts {
            let row = &counted.row;
            let record = report
                .results
                .iter_mut()
                .find(|r| r.dataset == row.dataset && r.codec == row.codec)
                .ok_or_else(|| {
                    format!(
                        "a count of {} {}, which has no record",
                        row.dataset, row.codec
                    )
                })?;
            let (instructions, cycles) = counted.counts.per_message(record.messages);
            let op = match row.op {
                crate::Op::Encode => &mut record.ops.encode,
                crate::Op::Decode => &mut record.ops.decode,
                crate::Op::Borrow => &mut record.ops.borrow,
                crate::Op::Clone => &mut record.ops.clone,
                crate::Op::Lend => &mut record.ops.lend,
                other => {
                    return Err(format!(
                        "a count of {}, not of encode, decode, borrow or a decode floor",
                        other.name()
                    ));
                }
            };
            if let Some(stats) = op {
                stats.instructions = Some(instructions);
                stats.estimated_cycles = Some(cycles);
            }
        }
        Ok(())
    }
}
