//! The timing protocol: what the bench binary writes for each row it
//! times, and xtask reads.
//!
//! xtask runs the bench binary with `SERBENCH_MODE=time` and names the rows
//! to time by ids (`--dataset task-manager --codec json --op decode`); the
//! binary prints one [`TimingLine`] per row as JSON, as soon as the row is
//! done, so that xtask can show which row is being timed. The samples are
//! raw, one per sample in the order taken, so every statistic (median,
//! quartiles, noise) is computed by the reader: a [`Measurement`] per row
//! and process, which [`crate::join`] combines over processes.

use serde::{Deserialize, Serialize};

use crate::{Op, stats};

/// One timed row: an operation of a codec on a dataset, by their ids.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Row {
    /// The dataset id, such as `task-manager`.
    pub dataset: String,
    /// The codec id, such as `json`.
    pub codec: String,
    /// What the row times.
    pub op: Op,
    /// The task-manager size of a `--sweep` row; `None` for the run's own
    /// workload.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tasks: Option<u64>,
}

/// What the bench binary measured of one row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TimingLine {
    /// The row measured.
    #[serde(flatten)]
    pub row: Row,
    /// Iterations (passes over the workload) in each sample.
    pub iterations: u64,
    /// Nanoseconds per iteration, one per sample, in the order taken;
    /// empty when the row's allocations were counted instead.
    pub samples_ns: Vec<f64>,
    /// What one iteration allocated, when allocations were counted
    /// (`--alloc`) rather than time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alloc: Option<Allocations>,
    /// What one iteration cost in instructions and simulated cache
    /// accesses, when it ran under Callgrind (`--instructions`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counts: Option<Counts>,
}

/// What one iteration of a row allocated, on the thread that ran it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Allocations {
    /// Blocks allocated (reallocations not counted).
    pub allocs: u64,
    /// Bytes in those blocks.
    pub bytes: u64,
    /// The most bytes live at once, counted from the iteration's start.
    pub peak_bytes: u64,
}

impl From<crate::alloc::Tally> for Allocations {
    /// The counting allocator's figures as a line carries them.
    fn from(tally: crate::alloc::Tally) -> Allocations {
        Allocations {
            allocs: tally.allocations,
            bytes: tally.bytes,
            peak_bytes: tally.peak as u64,
        }
    }
}

/// What one iteration of a row cost under Callgrind with its cache
/// simulation: events that depend on the code, the input and the simulated
/// caches, not on the machine's load or clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    /// Instructions executed (Callgrind's `Ir`).
    pub instructions: u64,
    /// Data reads (`Dr`).
    pub data_reads: u64,
    /// Data writes (`Dw`).
    pub data_writes: u64,
    /// Accesses that missed the first-level caches (`I1mr + D1mr + D1mw`).
    pub l1_misses: u64,
    /// Accesses that missed the last-level cache too (`ILmr + DLmr +
    /// DLmw`): the ones served from memory.
    pub ll_misses: u64,
}

impl Counts {
    /// Instructions and estimated cycles per message of a workload of
    /// `messages` (at least one), as the reports give them.
    #[must_use]
    pub fn per_message(&self, messages: u64) -> (f64, f64) {
        let messages = messages.max(1) as f64;
        (
            self.instructions as f64 / messages,
            self.estimated_cycles() as f64 / messages,
        )
    }

    /// The `summary:` line of a Callgrind output file (one dump), read by
    /// the names on its `events:` line; an error says what is missing.
    ///
    /// ```
    /// use serbench_results::timing::Counts;
    ///
    /// let dump = "events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\n\
    ///             summary: 13514 4323 3228 21 1 126 21 0 126\n";
    /// let counts = Counts::from_callgrind(dump).unwrap();
    /// assert_eq!(counts.instructions, 13_514);
    /// assert_eq!((counts.l1_misses, counts.ll_misses), (148, 147));
    /// ```
    ///
    /// # Errors
    ///
    /// When the text has no `events:` or `summary:` line, or they lack
    /// the instruction or cache events (Callgrind run without
    /// `--cache-sim=yes`).
    pub fn from_callgrind(text: &str) -> Result<Counts, String> {
        let line = |key: &str| {
            text.lines()
                .find_map(|line| line.strip_prefix(key))
                .ok_or_else(|| format!("no `{key}` line in the Callgrind output"))
        };
        let names: Vec<&str> = line("events:")?.split_whitespace().collect();
        let values = line("summary:")?
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<Vec<u64>, _>>()
            .map_err(|error| format!("an unreadable Callgrind summary: {error}"))?;
        let event = |name: &str| {
            names
                .iter()
                .position(|n| *n == name)
                .map(|at| values.get(at).copied().unwrap_or(0))
                .ok_or_else(|| format!("Callgrind counted no {name} (it needs --cache-sim=yes)"))
        };
        let sum = |names: [&str; 3]| -> Result<u64, String> { names.into_iter().map(event).sum() };
        Ok(Counts {
            instructions: event("Ir")?,
            data_reads: event("Dr")?,
            data_writes: event("Dw")?,
            l1_misses: sum(["I1mr", "D1mr", "D1mw"])?,
            ll_misses: sum(["ILmr", "DLmr", "DLmw"])?,
        })
    }

    /// Cycles estimated from the cache simulation, as Cachegrind's
    /// documentation and gungraun weigh them: an access that hits the
    /// first level costs 1, one served by the last level 5, one from
    /// memory 35.
    #[must_use]
    pub fn estimated_cycles(&self) -> u64 {
        let accesses = self.instructions + self.data_reads + self.data_writes;
        let first_level = accesses.saturating_sub(self.l1_misses);
        let last_level = self.l1_misses.saturating_sub(self.ll_misses);
        first_level + 5 * last_level + 35 * self.ll_misses
    }
}

/// One row's figures from one process, in nanoseconds per iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    /// The row, by dataset id, codec id and operation.
    pub row: Row,
    /// The fastest sample.
    pub fastest_ns: f64,
    /// The slowest sample.
    pub slowest_ns: f64,
    /// The median sample.
    pub median_ns: f64,
    /// The mean of the samples.
    pub mean_ns: f64,
    /// The samples as taken, nanoseconds per iteration each: the
    /// quartiles that results.json gives are taken over every process's
    /// samples, pooled, so none are kept per process.
    pub samples_ns: Vec<f64>,
    /// Allocations per iteration, if counted.
    pub allocs: Option<f64>,
    /// Bytes allocated per iteration, if counted.
    pub alloc_bytes: Option<f64>,
    /// The most bytes live at once during an iteration, if counted.
    pub peak_bytes: Option<f64>,
    /// Instructions per iteration, if counted under Callgrind.
    pub instructions: Option<f64>,
    /// Estimated cycles per iteration ([`Counts::estimated_cycles`]).
    pub estimated_cycles: Option<f64>,
}

impl Measurement {
    /// A row with no figures yet.
    #[must_use]
    pub fn of(row: Row) -> Measurement {
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
            instructions: None,
            estimated_cycles: None,
        }
    }

    /// The figures of a timed row's line; `None` for a line without
    /// samples (a counted one).
    #[must_use]
    pub fn timed(line: TimingLine) -> Option<Measurement> {
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

    /// Takes the counted figures (allocations, instructions) of a counted
    /// line of the same row.
    pub fn count(&mut self, counted: &TimingLine) {
        if let Some(alloc) = counted.alloc {
            self.allocs = Some(alloc.allocs as f64);
            self.alloc_bytes = Some(alloc.bytes as f64);
            self.peak_bytes = Some(alloc.peak_bytes as f64);
        }
        if let Some(counts) = counted.counts {
            self.instructions = Some(counts.instructions as f64);
            self.estimated_cycles = Some(counts.estimated_cycles() as f64);
        }
    }
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
        assert_eq!(measured.instructions, None);

        let instructions: TimingLine = serde_json::from_str(
            r#"{"dataset":"task-manager","codec":"simd-json","op":"decode","iterations":1,
                "samples_ns":[],"counts":{"instructions":1000,"data_reads":300,
                "data_writes":100,"l1_misses":40,"ll_misses":2}}"#,
        )
        .unwrap();
        measured.count(&instructions);
        assert_eq!(measured.instructions, Some(1000.0));
        // 1 360 hits at the first level, 38 at the last, 2 from memory.
        assert_eq!(measured.estimated_cycles, Some(1360.0 + 5.0 * 38.0 + 70.0));
        assert_eq!(measured.allocs, Some(11.0), "the allocations stay");
    }

    #[test]
    fn counts_read_by_the_event_names() {
        let reordered =
            "events: Dr Ir Dw DLmw I1mr D1mr D1mw ILmr DLmr\nsummary: 5 9 1 0 2 0 0 1 0\n";
        let counts = Counts::from_callgrind(reordered).unwrap();
        assert_eq!((counts.instructions, counts.data_reads), (9, 5));
        assert_eq!((counts.l1_misses, counts.ll_misses), (2, 1));
        let without_cache = "events: Ir\nsummary: 9\n";
        let error = Counts::from_callgrind(without_cache).unwrap_err();
        assert!(error.contains("cache-sim"), "{error}");
        assert!(Counts::from_callgrind("summary: 1\n").is_err());
        assert!(Counts::from_callgrind("events: Ir\nsummary: x\n").is_err());
    }
}
