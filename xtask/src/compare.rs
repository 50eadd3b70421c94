//! `cargo xtask compare OLD.json NEW.json`: how two runs differ, pair by
//! pair, with the changes larger than the runs' own noise flagged.
//!
//! A run's noise for one figure is how far its median sits above its
//! fastest sample, relative to the median (slow outliers do not widen it).
//! A change counts when the new median differs from the old by more than
//! three times the larger of the two noises, and by at least 5 %.
//!
//! With `--html OUT` it also writes the two runs side by side as a page
//! ([`crate::bench::html_comparison`]), highlighting the same changes.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Context;

use crate::bench::results::{Op, OpStats, Record};
use crate::bench::{html_comparison, load};

/// The smallest change worth flagging, whatever the noise.
const MIN_CHANGE: f64 = 0.05;

const USAGE: &str = "usage: cargo xtask compare OLD.json NEW.json [--html OUT.html]";

pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let (old, new, html) = match args {
        [old, new] => (old, new, None),
        [old, new, flag, out] if flag == "--html" => (old, new, Some(Path::new(out))),
        _ => anyhow::bail!(USAGE),
    };
    let (old, new) = (load(Path::new(old))?, load(Path::new(new))?);
    print!("{}", compare(&old.results, &new.results));
    if let Some(out) = html {
        std::fs::write(out, html_comparison(&old, &new))
            .with_context(|| format!("cannot write {}", out.display()))?;
        eprintln!("compare: wrote {}", out.display());
    }
    Ok(())
}

fn noise(stats: &OpStats) -> Option<f64> {
    let fastest = stats.min_ns?;
    (stats.median_ns > 0.0).then(|| (stats.median_ns - fastest) / stats.median_ns)
}

/// One figure of a pair in both runs.
pub(crate) struct Change {
    /// New ÷ old.
    pub(crate) ratio: f64,
    /// Whether the change is beyond both runs' noise.
    pub(crate) significant: bool,
}

/// How a pair's figure changed, if both runs timed it.
pub(crate) fn change(old: Option<&OpStats>, new: Option<&OpStats>) -> Option<Change> {
    let (old, new) = (old?, new?);
    if old.median_ns <= 0.0 {
        return None;
    }
    let ratio = new.median_ns / old.median_ns;
    let noise = noise(old).unwrap_or(0.0).max(noise(new).unwrap_or(0.0));
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
        let cells = [Op::Encode, Op::Decode, Op::Traverse]
            .map(|op| change(before.op(op), after.op(op)))
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
    use crate::bench::results::Ops;

    fn record(encode: f64, fastest: f64) -> Record {
        Record {
            dataset: "media".into(),
            format: "json".into(),
            ok: true,
            size_bytes: 488.0,
            ops: Ops {
                encode: Some(OpStats {
                    median_ns: encode,
                    min_ns: Some(fastest),
                    ..OpStats::default()
                }),
                ..Ops::default()
            },
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
