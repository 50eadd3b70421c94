//! The statistics behind every figure the reports show: quartiles of a
//! handful of values, and the noise of a timed row.
//!
//! divan prints, per bench, its fastest, slowest, median and mean sample,
//! not its quartiles; so a row's noise is built from what is there:
//!
//! - *within a process*, how far the median sits above the fastest sample,
//!   relative to the median: `(median − fastest) / median`. On a busy
//!   machine the fastest sample is the one the other processes disturbed
//!   least, and the gap to the median is how much they cost the typical
//!   sample; slow outliers (a page fault, a preemption) do not widen it.
//!   Of several processes, the median of this figure is kept.
//! - *across processes* (three per pass in a full run, `--repeat N`
//!   passes), the range of the processes' medians relative to their
//!   median: what a second run of the same row moves by, measured rather
//!   than guessed. A [`Process`] holds one of them.
//!
//! A row's noise is the larger of the two. It is a relative half-width in
//! the sense the comparisons use it: two medians of one row whose
//! difference is within the noise cannot be told apart.

/// A row noisier than this is marked in the reports.
pub const NOISY: f64 = 0.10;

/// The median of `values`; `None` when there are none.
#[must_use]
pub fn median(values: &[f64]) -> Option<f64> {
    quantile(values, 0.5)
}

/// The `q` quantile (0 to 1) by linear interpolation between the sorted
/// values (the usual "type 7"): with five values the quartiles are the
/// second and fourth, with three they lie halfway to the extremes.
#[must_use]
pub fn quantile(values: &[f64], q: f64) -> Option<f64> {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
    if sorted.is_empty() {
        return None;
    }
    sorted.sort_by(f64::total_cmp);
    let last = sorted.len() - 1;
    let position = q.clamp(0.0, 1.0) * last as f64;
    #[allow(
        clippy::cast_sign_loss,
        clippy::cast_possible_truncation,
        reason = "position lies in 0..=last"
    )]
    let below = position.floor() as usize;
    let above = (below + 1).min(last);
    let fraction = position - below as f64;
    Some(sorted[below] + (sorted[above] - sorted[below]) * fraction)
}

/// `(median − fastest) / median`, the noise of one process of one row.
#[must_use]
pub fn within_process(fastest: f64, median: f64) -> Option<f64> {
    (median > 0.0 && fastest.is_finite()).then(|| ((median - fastest) / median).max(0.0))
}

/// The range of several processes' medians relative to their median;
/// `None` for a single process, which has no spread across processes.
#[must_use]
pub fn across_processes(medians: &[f64]) -> Option<f64> {
    if medians.len() < 2 {
        return None;
    }
    let middle = median(medians).filter(|m| *m > 0.0)?;
    let low = medians.iter().copied().fold(f64::INFINITY, f64::min);
    let high = medians.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    Some((high - low) / middle)
}

/// One row's figures over every process that timed it.
#[derive(Clone, Debug, PartialEq)]
pub struct Combined {
    /// The median of the processes' medians.
    pub median: f64,
    /// The fastest sample of any process.
    pub fastest: f64,
    /// The slowest sample of any process.
    pub slowest: f64,
    /// The mean of the processes' means.
    pub mean: f64,
    /// The row's noise: the larger of the within-process and
    /// across-process figures.
    pub noise: f64,
    /// The across-process figure alone, when there were several processes.
    pub spread: Option<f64>,
    /// How many processes timed the row.
    pub processes: usize,
}

/// One process's figures of a row, from its raw samples.
#[derive(Clone, Copy, Debug)]
pub struct Process {
    /// The fastest sample.
    pub fastest: f64,
    /// The slowest sample.
    pub slowest: f64,
    /// The median sample.
    pub median: f64,
    /// The mean over the samples.
    pub mean: f64,
}

/// Combines the processes of one row; `None` when there are none.
#[must_use]
pub fn combine(processes: &[Process]) -> Option<Combined> {
    let medians: Vec<f64> = processes.iter().map(|p| p.median).collect();
    let median = median(&medians)?;
    let within: Vec<f64> = processes
        .iter()
        .filter_map(|p| within_process(p.fastest, p.median))
        .collect();
    let spread = across_processes(&medians);
    let noise = self::median(&within)
        .unwrap_or(0.0)
        .max(spread.unwrap_or(0.0));
    Some(Combined {
        median,
        fastest: processes
            .iter()
            .map(|p| p.fastest)
            .fold(f64::INFINITY, f64::min),
        slowest: processes
            .iter()
            .map(|p| p.slowest)
            .fold(f64::NEG_INFINITY, f64::max),
        mean: processes.iter().map(|p| p.mean).sum::<f64>() / processes.len() as f64,
        noise,
        spread,
        processes: processes.len(),
    })
}

#[cfg(test)]
#[allow(clippy::float_cmp, reason = "the expected figures are exact")]
mod tests {
    use super::*;

    #[test]
    fn quartiles_interpolate() {
        let five = [5.0, 1.0, 4.0, 2.0, 3.0];
        assert_eq!(median(&five), Some(3.0));
        assert_eq!(quantile(&five, 0.25), Some(2.0));
        assert_eq!(quantile(&five, 0.75), Some(4.0));
        let three = [1.0, 2.0, 4.0];
        assert_eq!(quantile(&three, 0.25), Some(1.5));
        assert_eq!(quantile(&three, 0.75), Some(3.0));
        assert_eq!(median(&[1.0, 2.0]), Some(1.5));
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[f64::NAN, 7.0]), Some(7.0));
    }

    #[test]
    fn noise_of_one_process_is_the_median_s_lead_over_the_fastest() {
        // The bincode decode: fastest 1.24 ms, median 2.07 ms.
        let noise = within_process(1.24, 2.07).unwrap();
        assert!((noise - 0.401).abs() < 1e-3, "{noise}");
        assert_eq!(within_process(1.0, 0.0), None);
        assert!(across_processes(&[3.0]).is_none());
        assert_eq!(across_processes(&[90.0, 100.0, 110.0]), Some(0.2));
    }

    #[test]
    fn combines_processes_with_the_larger_noise() {
        let process = |fastest, median| Process {
            fastest,
            slowest: median * 2.0,
            median,
            mean: median,
        };
        // Quiet inside each process (1 %), but the processes disagree by 20 %.
        let combined = combine(&[
            process(99.0, 100.0),
            process(118.8, 120.0),
            process(108.9, 110.0),
        ])
        .unwrap();
        assert_eq!(combined.median, 110.0);
        assert_eq!(combined.fastest, 99.0);
        assert_eq!(combined.slowest, 240.0);
        assert_eq!(combined.processes, 3);
        assert!((combined.noise - 20.0 / 110.0).abs() < 1e-9);
        // A single process: the within-process figure alone.
        let single = combine(&[process(80.0, 100.0)]).unwrap();
        assert_eq!((single.noise, single.spread), (0.2, None));
        assert!(combine(&[]).is_none());
    }
}
