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

use serbench_results::MachineCheck;

/// Looks at the machine for about a second.
pub(crate) fn check() -> MachineCheck {
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
    let times: Vec<f64> = (0..MachineCheck::RUNS).map(|_| workload()).collect();
    let load_average = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| load_average(&text))
        .unwrap_or(0.0);
    MachineCheck::judge(load_average, cores, busy_cores, &times)
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
}
