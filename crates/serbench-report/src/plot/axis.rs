//! A logarithmic axis: where a value lands, and which round values to
//! mark on it. Both charts spread their figures over several times their
//! smallest (a codec twenty times slower than another, a ratio of ½ beside
//! one of 2), where a linear axis would crowd the interesting end.

/// The most powers of ten an axis spans.
const DECADES: i32 = 24;

/// A log scale from the values `low..high` onto the pixels `from..to`
/// (`to` below `from` for a y axis that grows upward).
#[derive(Clone, Copy, Debug)]
pub(super) struct Log {
    low: f64,
    high: f64,
    from: f64,
    to: f64,
}

impl Log {
    /// `low` and `high` must be positive; equal ones are widened, so that a
    /// single figure lands mid-axis.
    ///
    /// Whatever the figures, the axis spans at most [`DECADES`] powers of
    /// ten between finite positive bounds: a figure of `1e308` or
    /// `5e-324` (or one padded past `f64`'s range) would otherwise make
    /// thousands of decades, or an infinite count of them, to mark.
    pub(super) fn new(low: f64, high: f64, from: f64, to: f64) -> Self {
        let (low, high) = if high > low {
            (low, high)
        } else {
            (low / 2.0, high * 2.0)
        };
        let high = if high.is_finite() && high > 0.0 {
            high.clamp(1e-280, 1e300)
        } else {
            1.0
        };
        let least = high / 10f64.powi(DECADES);
        let low = match low {
            low if low >= high => high / 2.0,
            low if low.is_finite() && low > 0.0 => low.max(least),
            _ => least,
        };
        Self {
            low,
            high,
            from,
            to,
        }
    }

    /// The pixel of `value`.
    pub(super) fn at(&self, value: f64) -> f64 {
        let share = (value.ln() - self.low.ln()) / (self.high.ln() - self.low.ln());
        self.from + share * (self.to - self.from)
    }

    /// Whether `value` lies on the axis.
    pub(super) fn contains(&self, value: f64) -> bool {
        (self.low..=self.high).contains(&value)
    }

    /// `value` moved inside the axis, for marks (a noise band) that may
    /// reach past it.
    pub(super) fn clamp(&self, value: f64) -> f64 {
        value.clamp(self.low, self.high)
    }

    /// Round values inside the axis to mark: 1 to 9 with 1.2, 1.5 and 2.5
    /// (for an axis that spans less than a factor of three), or 1 to 9,
    /// or 1, 2 and 5, or 1 alone, times powers of ten, the densest of
    /// these with at most `most` marks.
    pub(super) fn ticks(&self, most: usize) -> Vec<f64> {
        const MANTISSAS: [&[f64]; 4] = [
            &[1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0],
            &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0],
            &[1.0, 2.0, 5.0],
            &[1.0],
        ];
        let mut ticks = Vec::new();
        for mantissas in MANTISSAS {
            ticks = self.round_values(mantissas);
            if ticks.len() <= most {
                return ticks;
            }
        }
        // Powers of ten alone are too many: every few of them.
        let every = ticks.len().div_ceil(most.max(1));
        ticks.into_iter().step_by(every).collect()
    }

    fn round_values(&self, mantissas: &[f64]) -> Vec<f64> {
        // A hair of slack, so that a bound which is itself round counts.
        let (low, high) = (self.low * (1.0 - 1e-9), self.high * (1.0 + 1e-9));
        #[allow(
            clippy::cast_possible_truncation,
            reason = "`new` keeps both bounds finite and positive, so their decades lie inside ±310"
        )]
        let (first, last) = (low.log10().floor() as i32, high.log10().ceil() as i32);
        (first..=last)
            .flat_map(|decade| mantissas.iter().map(move |m| m * 10f64.powi(decade)))
            .filter(|value| (low..=high).contains(value))
            .collect()
    }
}

/// The smallest and largest of `values`, each pushed out by `pad` (a
/// factor, so the room is the same on a log axis at either end); `None`
/// when no value is positive.
pub(super) fn padded(values: impl Iterator<Item = f64>, pad: f64) -> Option<(f64, f64)> {
    let (low, high) = values
        .filter(|value| *value > 0.0 && value.is_finite())
        .fold((f64::MAX, 0.0_f64), |(low, high), value| {
            (low.min(value), high.max(value))
        });
    (high > 0.0).then(|| (low / pad, high * pad))
}

/// `500 µs`, `2 ms`: a round time as an axis marks it.
pub(super) fn time(ns: f64) -> String {
    let (value, unit) = serbench_results::units::scaled_time(ns);
    format!("{} {unit}", number(value))
}

/// `600 KB`, `2 MB` (decimal, as the tables count).
pub(super) fn bytes(value: f64) -> String {
    let (value, unit) = if value >= 1e6 {
        (value / 1e6, "MB")
    } else if value >= 1e3 {
        (value / 1e3, "KB")
    } else {
        (value, "B")
    };
    format!("{} {unit}", number(value))
}

/// `0.5`, `2`, `1.25`: a round value without trailing zeros.
pub(super) fn number(value: f64) -> String {
    format!("{}", (value * 100.0).round() / 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_ratios_evenly() {
        let axis = Log::new(1.0, 100.0, 0.0, 200.0);
        assert!((axis.at(10.0) - 100.0).abs() < 1e-9);
        let upward = Log::new(1.0, 100.0, 400.0, 0.0);
        assert!((upward.at(100.0)).abs() < 1e-9);
        assert!((axis.at(axis.clamp(1e6)) - 200.0).abs() < 1e-9);
    }

    #[test]
    fn ticks_are_round_and_few() {
        // 567 KB to 2.01 MB: every mantissa but the finest fits.
        let sizes = Log::new(450e3, 2.6e6, 0.0, 1.0);
        let ticks: Vec<String> = sizes.ticks(8).into_iter().map(bytes).collect();
        assert_eq!(
            ticks,
            [
                "500 KB", "600 KB", "700 KB", "800 KB", "900 KB", "1 MB", "2 MB"
            ]
        );
        // 13 KB to 26 KB: the finest.
        let narrow = Log::new(11e3, 31e3, 0.0, 1.0);
        let ticks: Vec<String> = narrow.ticks(8).into_iter().map(bytes).collect();
        assert_eq!(ticks, ["12 KB", "15 KB", "20 KB", "25 KB", "30 KB"]);
        // Four decades: 1, 2 and 5 would make twelve.
        let times = Log::new(80.0, 2e6, 0.0, 1.0);
        let ticks: Vec<String> = times.ticks(8).into_iter().map(time).collect();
        assert_eq!(ticks, ["100 ns", "1 µs", "10 µs", "100 µs", "1 ms"]);
        assert_eq!(number(0.8), "0.8");
    }

    #[test]
    fn extreme_bounds_make_a_bounded_axis() {
        for (low, high) in [
            (5e-324, 5e-324),
            (5e-324, 1e308),
            (1e308, 1e308),
            (0.0, f64::INFINITY),
            (f64::NAN, f64::NAN),
            (-1.0, -1.0),
        ] {
            let axis = Log::new(low, high, 0.0, 100.0);
            assert!(axis.low > 0.0 && axis.high.is_finite() && axis.low < axis.high);
            assert!((axis.high / axis.low).log10() <= f64::from(DECADES) + 1e-6);
            assert!(axis.ticks(10).len() <= 10, "{low} {high}");
            assert!(axis.at(axis.clamp(1e300)).is_finite());
        }
        assert_eq!(number(1.25), "1.25");
    }
}
