//! How one figure of a pair changed between two runs, against the runs'
//! own noise.
//!
//! A run's noise for one figure is the one `results.json` records (the
//! larger of the median's lead over the fastest sample and, with several
//! processes, the range of their medians, both relative to the median);
//! files written before it existed give the first of the two, computed
//! here. A change counts when the new median differs from the old by more
//! than [`NOISES`] times the larger of the two noises, and by at least
//! [`MIN_CHANGE`].

use crate::OpStats;
use crate::stats::{NOISY, within_process};

/// The smallest change worth flagging, whatever the noise.
pub const MIN_CHANGE: f64 = 0.05;
/// How many noises apart two medians must be to differ.
pub const NOISES: f64 = 2.0;

/// A figure's noise: the one the run recorded, else (files written
/// before it existed) the median's lead over the fastest sample.
#[must_use]
pub fn noise(stats: &OpStats) -> Option<f64> {
    stats
        .noise
        .or_else(|| within_process(stats.min_ns?, stats.median_ns))
}

/// One figure of a pair in both runs.
pub struct Change {
    /// New ÷ old.
    pub ratio: f64,
    /// How far from 1 the ratio must be, either way, to count: twice the
    /// larger of the two noises, and at least 5 %.
    pub threshold: f64,
    /// Whether the change is beyond both runs' noise.
    pub significant: bool,
    /// Either run's noise is above the mark.
    pub noisy: bool,
    /// The change is no larger than the larger of the two noises: the two
    /// runs agree as far as they can tell.
    pub within_noise: bool,
}

/// How a pair's figure changed, if both runs timed it.
#[must_use]
pub fn change(old: Option<&OpStats>, new: Option<&OpStats>) -> Option<Change> {
    let (old, new) = (old?, new?);
    if old.median_ns <= 0.0 {
        return None;
    }
    let ratio = new.median_ns / old.median_ns;
    let noise = noise(old).unwrap_or(0.0).max(noise(new).unwrap_or(0.0));
    let threshold = (NOISES * noise).max(MIN_CHANGE);
    Some(Change {
        ratio,
        threshold,
        significant: (ratio - 1.0).abs() > threshold,
        noisy: noise > NOISY,
        within_noise: (ratio - 1.0).abs() <= noise,
    })
}
