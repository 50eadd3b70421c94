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
//!
//! When both runs counted the figure's instructions (`--instructions`),
//! the counts decide instead: they repeat on the same build within a
//! fraction of a percent whatever the machine does, so a change above
//! [`INSTRUCTIONS_CHANGE`] is real and one below it is not.

use crate::OpStats;
use crate::stats::{NOISY, within_process};

/// The smallest change worth flagging, whatever the noise.
pub const MIN_CHANGE: f64 = 0.05;
/// How many noises apart two medians must be to differ.
pub const NOISES: f64 = 2.0;
/// The smallest change of an instruction count that is real: two counts
/// of the same build agree within 0.5 % (`cargo xtask instructions
/// --twice` holds them to it), so 1 % is a change of the code.
pub const INSTRUCTIONS_CHANGE: f64 = 0.01;

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
    /// What the ratio compares.
    pub basis: Basis,
}

/// What a [`Change`]'s ratio compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// Median times, judged against the runs' noise.
    Time,
    /// Instruction counts, which both runs took: judged against
    /// [`INSTRUCTIONS_CHANGE`].
    Instructions,
}

/// How a pair's figure changed, if both runs timed it.
#[must_use]
pub fn change(old: Option<&OpStats>, new: Option<&OpStats>) -> Option<Change> {
    let (old, new) = (old?, new?);
    if let (Some(before), Some(after)) = (old.instructions, new.instructions)
        && before > 0.0
    {
        let ratio = after / before;
        let within = (ratio - 1.0).abs() <= INSTRUCTIONS_CHANGE;
        return Some(Change {
            ratio,
            threshold: INSTRUCTIONS_CHANGE,
            significant: !within,
            noisy: false,
            within_noise: within,
            basis: Basis::Instructions,
        });
    }
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
        basis: Basis::Time,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figure(median_ns: f64, instructions: Option<f64>) -> OpStats {
        OpStats {
            median_ns,
            noise: Some(0.4),
            instructions,
            ..OpStats::default()
        }
    }

    #[test]
    fn counts_decide_when_both_runs_have_them() {
        // Twice as slow on the clock, within its 40 % noise; 2 % more
        // instructions, which is real.
        let both = change(
            Some(&figure(1000.0, Some(10_000.0))),
            Some(&figure(1500.0, Some(10_200.0))),
        )
        .unwrap();
        assert!(both.basis == Basis::Instructions && both.significant && !both.noisy);
        assert!((both.ratio - 1.02).abs() < 1e-9);
        let tiny = change(
            Some(&figure(1000.0, Some(10_000.0))),
            Some(&figure(1000.0, Some(10_050.0))),
        )
        .unwrap();
        assert!(tiny.basis == Basis::Instructions && !tiny.significant && tiny.within_noise);
        // One run without counts: the clock's rule.
        let clock = change(
            Some(&figure(1000.0, None)),
            Some(&figure(1500.0, Some(10_050.0))),
        )
        .unwrap();
        assert!(clock.basis == Basis::Time && !clock.significant && clock.noisy);
    }
}
