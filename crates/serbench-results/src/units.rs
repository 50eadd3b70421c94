//! Figures as a person reads them: times with their unit, sizes in
//! decimal kilo- and megabytes (as the Qt benchmark counts them), rates and
//! counts, and `–` for what was not measured.

/// `1.23 ms`, three significant digits.
#[must_use]
pub fn time(ns: Option<f64>) -> String {
    let Some(ns) = ns else {
        return NONE.to_owned();
    };
    let (value, unit) = scaled_time(ns);
    format!("{} {unit}", significant(value))
}

/// `ns` in the largest unit that keeps it at 1 or more: `(1.23, "ms")`.
#[must_use]
pub fn scaled_time(ns: f64) -> (f64, &'static str) {
    if ns >= 1e9 {
        (ns / 1e9, "s")
    } else if ns >= 1e6 {
        (ns / 1e6, "ms")
    } else if ns >= 1e3 {
        (ns / 1e3, "µs")
    } else {
        (ns, "ns")
    }
}

/// An instruction or cycle count: whole below ten thousand, then with
/// its decimal prefix and three significant digits (`48.6 M`).
#[must_use]
pub fn instructions(value: Option<f64>) -> String {
    let Some(value) = value else {
        return NONE.to_owned();
    };
    if value >= 1e9 {
        format!("{} G", significant(value / 1e9))
    } else if value >= 1e6 {
        format!("{} M", significant(value / 1e6))
    } else if value >= 1e4 {
        format!("{} k", significant(value / 1e3))
    } else {
        format!("{value:.0}")
    }
}

/// `1.51 MB` (decimal units, as the Qt benchmark's KB).
#[must_use]
pub fn bytes(value: f64) -> String {
    if value >= 1e6 {
        format!("{} MB", significant(value / 1e6))
    } else if value >= 1e4 {
        format!("{} KB", significant(value / 1e3))
    } else {
        format!("{value:.0} B")
    }
}

/// A difference of sizes, signed: `+1.2 MB`, `-300 B`.
#[must_use]
pub fn added_bytes(value: i64) -> String {
    let sign = if value < 0 { '-' } else { '+' };
    format!("{sign}{}", bytes(value.unsigned_abs() as f64))
}

/// An allocation count: whole above ten, two decimals below (a per-message
/// average can be a fraction).
#[must_use]
pub fn count(value: Option<f64>) -> String {
    value.map_or_else(
        || NONE.to_owned(),
        |v| {
            if v >= 10.0 {
                format!("{v:.0}")
            } else {
                format!("{v:.2}")
            }
        },
    )
}

/// `1.2 MB/s`.
#[must_use]
pub fn rate(bytes_per_second: Option<f64>) -> String {
    bytes_per_second.map_or_else(|| NONE.to_owned(), |rate| format!("{}/s", bytes(rate)))
}

/// What a cell shows for a figure that was not measured.
pub const NONE: &str = "–";

fn significant(value: f64) -> String {
    if value >= 100.0 {
        format!("{value:.0}")
    } else if value >= 10.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_instruction_counts() {
        assert_eq!(instructions(Some(7368.0)), "7368");
        assert_eq!(instructions(Some(48_602_720.0)), "48.6 M");
        assert_eq!(instructions(Some(16_676.0)), "16.7 k");
        assert_eq!(instructions(None), NONE);
    }

    #[test]
    fn formats_figures() {
        assert_eq!(time(Some(1_643.0)), "1.64 µs");
        assert_eq!(time(Some(56_000_000.0)), "56.0 ms");
        assert_eq!(time(None), "–");
        assert_eq!(bytes(2_005_273.0), "2.01 MB");
        assert_eq!(bytes(82.0), "82 B");
        assert_eq!(bytes(13_473.0), "13.5 KB");
        assert_eq!(count(Some(2.5)), "2.50");
        assert_eq!(rate(Some(2e6)), "2.00 MB/s");
    }
}
