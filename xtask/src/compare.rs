//! `cargo xtask compare OLD.json NEW.json`: how two runs differ, pair by
//! pair, with the changes larger than the runs' own noise flagged.
//!
//! A run's noise for one figure is how far its median sits above its
//! fastest sample, relative to the median (slow outliers do not widen it).
//! A change counts when the new median differs from the old by more than
//! three times the larger of the two noises, and by at least 5 %.

use std::fmt::Write as _;
use std::path::Path;

use crate::bench::{load, results::Record};

/// The smallest change worth flagging, whatever the noise.
const MIN_CHANGE: f64 = 0.05;

pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let [old, new] = args else {
        anyhow::bail!("usage: cargo xtask compare OLD.json NEW.json");
    };
    let (old, new) = (load(Path::new(old))?, load(Path::new(new))?);
    print!("{}", compare(&old.results, &new.results));
    Ok(())
}

fn noise(median: Option<f64>, fastest: Option<f64>) -> Option<f64> {
    median
        .zip(fastest)
        .filter(|(m, _)| *m > 0.0)
        .map(|(m, f)| (m - f) / m)
}

/// One figure of a pair in both runs.
struct Change {
    ratio: f64,
    significant: bool,
}

fn change(old: (Option<f64>, Option<f64>), new: (Option<f64>, Option<f64>)) -> Option<Change> {
    let (old_median, new_median) = (old.0?, new.0?);
    if old_median <= 0.0 {
        return None;
    }
    let ratio = new_median / old_median;
    let noise = noise(old.0, old.1)
        .unwrap_or(0.0)
        .max(noise(new.0, new.1).unwrap_or(0.0));
    Some(Change {
        ratio,
        significant: (ratio - 1.0).abs() > (3.0 * noise).max(MIN_CHANGE),
    })
}

fn compare(old: &[Record], new: &[Record]) -> String {
    let mut text = format!(
        "{:<14} {:<12} {:>12} {:>12} {:>12} {:>9}\n",
        "dataset", "format", "encode", "decode", "traverse", "size"
    );
    let mut flagged = 0;
    for after in new {
        let Some(before) = old
            .iter()
            .find(|r| r.dataset == after.dataset && r.format == after.format)
        else {
            let _ = writeln!(
                text,
                "{:<14} {:<12} new in this run",
                after.dataset, after.format
            );
            continue;
        };
        let cells = [
            change(
                (before.encode_ns, before.encode_min_ns),
                (after.encode_ns, after.encode_min_ns),
            ),
            change(
                (before.decode_ns, before.decode_min_ns),
                (after.decode_ns, after.decode_min_ns),
            ),
            change(
                (before.traverse_ns, before.traverse_min_ns),
                (after.traverse_ns, after.traverse_min_ns),
            ),
        ]
        .map(|cell| match cell {
            None => "–".to_owned(),
            Some(Change {
                ratio,
                significant: true,
            }) => {
                flagged += 1;
                let word = if ratio < 1.0 { "faster" } else { "SLOWER" };
                format!("{ratio:.2}× {word}")
            }
            Some(Change { ratio, .. }) => format!("{ratio:.2}×"),
        });
        let size = if before.size_bytes > 0.0 {
            format!("{:.3}×", after.size_bytes / before.size_bytes)
        } else {
            "–".to_owned()
        };
        let _ = writeln!(
            text,
            "{:<14} {:<12} {:>12} {:>12} {:>12} {:>9}",
            after.dataset, after.format, cells[0], cells[1], cells[2], size
        );
    }
    let _ = writeln!(
        text,
        "\nratios are new ÷ old (below 1 is faster); {flagged} change(s) beyond the runs' noise"
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(encode: f64, fastest: f64) -> Record {
        Record {
            dataset: "media".into(),
            format: "json".into(),
            ok: true,
            size_bytes: 488.0,
            encode_ns: Some(encode),
            encode_min_ns: Some(fastest),
            ..Record::default()
        }
    }

    #[test]
    fn flags_only_changes_beyond_noise() {
        // 2 % noise: a 10 % slowdown counts.
        let text = compare(&[record(1000.0, 980.0)], &[record(1100.0, 1080.0)]);
        assert!(text.contains("1.10× SLOWER"), "{text}");
        // 20 % noise: the same slowdown does not.
        let text = compare(&[record(1000.0, 800.0)], &[record(1100.0, 900.0)]);
        assert!(text.contains("1.10×") && !text.contains("SLOWER"), "{text}");
        assert!(text.contains("0 change(s)"));
    }
}
