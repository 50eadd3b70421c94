//! The timing protocol: what the bench binary writes for each row it
//! times, and xtask reads.
//!
//! xtask runs the bench binary with `SERBENCH_MODE=time` and names the rows
//! to time by ids (`--dataset task-manager --codec json --op decode`); the
//! binary prints one [`TimingLine`] per row as JSON, as soon as the row is
//! done, so that xtask can show which row is being timed. The samples are
//! raw, one per sample in the order taken, so every statistic (median,
//! quartiles, noise) is computed by the reader.

use serde::{Deserialize, Serialize};

use crate::Op;

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
