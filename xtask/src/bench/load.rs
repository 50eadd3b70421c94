//! The machine check before timing (and again after it): is something
//! else using the CPU?
//!
//! Two looks, both cheap: the CPU time other processes take while the
//! xtask sleeps for a moment (`/proc/stat`, with the 1-minute load average
//! beside it for the reader), and a fixed workload timed a few times, whose
//! spread shows what the others' load, a build or frequency swings do to a
//! timing right now. A busy machine is said so in the terminal and in the
//! report's header, and the run goes on: its noise figures will show how
//! much the figures suffered. The check after the last timed round catches
//! what arrived during the run, and a fixed workload that got faster or
//! slower between the two says the machine's speed moved.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::stats;

/// Other processes using at least this many cores make the machine busy.
const BUSY_CORES: f64 = 0.25;
/// A fixed workload whose times spread more than this (range over median)
/// makes the machine busy.
const BUSY_SPREAD: f64 = 0.10;
/// Times the fixed workload is run.
const RUNS: usize = 7;

/// What the check saw.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub(crate) struct MachineCheck {
    /// The 1-minute load average.
    pub(crate) load_average: f64,
    /// The cores the machine has.
    pub(crate) cores: usize,
    /// Cores' worth of CPU time other processes used during the look.
    pub(crate) busy_cores: f64,
    /// The fixed workload's median, nanoseconds.
    pub(crate) workload_ns: f64,
    /// Its range over its median.
    pub(crate) workload_spread: f64,
    /// Whether the machine was judged busy.
    pub(crate) busy: bool,
}

impl MachineCheck {
    /// Looks at the machine for about a second.
    pub(crate) fn run() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let before = std::fs::read_to_string("/proc/stat").ok();
        std::thread::sleep(Duration::from_millis(500));
        let after = std::fs::read_to_string("/proc/stat").ok();
        let busy_cores = before
            .zip(after)
            .and_then(|(before, after)| busy_share(&before, &after))
            .map_or(0.0, |share| share * cores as f64);
        // One run unrecorded: the first after the sleep also times the core
        // waking up.
        workload();
        let times: Vec<f64> = (0..RUNS).map(|_| workload()).collect();
        let load_average = std::fs::read_to_string("/proc/loadavg")
            .ok()
            .and_then(|text| load_average(&text))
            .unwrap_or(0.0);
        Self::judge(load_average, cores, busy_cores, &times)
    }

    fn judge(load_average: f64, cores: usize, busy_cores: f64, times: &[f64]) -> Self {
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
    pub(crate) fn describe(&self) -> String {
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
             average {:.2}; a fixed workload took {:.1} ms ±{:.0} % over {RUNS} runs",
            self.busy_cores,
            self.cores,
            self.load_average,
            self.workload_ns / 1e6,
            self.workload_spread * 100.0
        )
    }

    /// A sentence when the fixed workload's median moved by more than
    /// [`BUSY_SPREAD`] between this check and a `later` one, else `None`.
    pub(crate) fn moved(&self, later: &Self) -> Option<String> {
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

/// A fixed integer workload (a few milliseconds), its time in nanoseconds.
fn workload() -> f64 {
    let start = Instant::now();
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut sum = 0u64;
    for _ in 0..400_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        sum = sum.wrapping_add(state);
    }
    std::hint::black_box(sum);
    start.elapsed().as_nanos() as f64
}

/// The 1-minute load average of `/proc/loadavg`.
fn load_average(text: &str) -> Option<f64> {
    text.split_whitespace().next()?.parse().ok()
}

/// The share of all CPUs' time (0 to 1) spent not idle between two reads
/// of `/proc/stat`: the `cpu` line's jiffies, idle and iowait counted as
/// idle.
fn busy_share(before: &str, after: &str) -> Option<f64> {
    let (busy_a, total_a) = jiffies(before)?;
    let (busy_b, total_b) = jiffies(after)?;
    let total = total_b.checked_sub(total_a).filter(|t| *t > 0)?;
    Some(busy_b.saturating_sub(busy_a) as f64 / total as f64)
}

/// The `cpu` line's busy and total jiffies.
fn jiffies(stat: &str) -> Option<(u64, u64)> {
    let line = stat.lines().find(|line| line.starts_with("cpu "))?;
    let values: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    // user nice system idle iowait irq softirq steal (guest time is
    // already in user).
    let total: u64 = values.iter().take(8).sum();
    let idle = values.get(3)? + values.get(4).copied().unwrap_or(0);
    Some((total - idle, total))
}

#[cfg(test)]
#[allow(clippy::float_cmp, reason = "the expected figures are exact")]
mod tests {
    use super::*;

    #[test]
    fn reads_proc_files() {
        assert_eq!(load_average("6.62 3.25 2.40 1/96 1111\n"), Some(6.62));
        assert_eq!(load_average(""), None);
        let before = "cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 1 2 3 4\n";
        let after = "cpu  250 0 100 1000 50 0 0 0 0 0\ncpu0 1 2 3 4\n";
        // 200 of 400 jiffies busy.
        assert_eq!(busy_share(before, after), Some(0.5));
        assert_eq!(busy_share(after, after), None);
        assert_eq!(busy_share("intr 1 2", after), None);
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
