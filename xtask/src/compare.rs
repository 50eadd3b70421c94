//! `cargo xtask compare OLD.json NEW.json`: how two runs differ, pair by
//! pair, with the changes larger than the runs' own noise flagged.
//!
//! A run's noise for one figure is the one `results.json` records
//! (`<op>_noise`: the larger of the median's lead over the fastest sample
//! and, with several processes, the range of their medians, both relative to
//! the median); files written before it existed give the first of the two,
//! computed here. A change counts when the new median differs from the old
//! by more than twice the larger of the two noises, and by at least 5 %. A
//! flagged figure that either run marked noisy says so: such a change may
//! be the machine's rather than the code's. The last line counts the
//! figures whose change is within the larger noise: for two runs of the
//! same code, how far the noise figures can be trusted.
//!
//! With `--html OUT` it also writes the two runs side by side as a page
//! ([`crate::bench::html_comparison`]), highlighting the same changes.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Context;

use crate::bench::results::{Op, OpStats, Record};
use crate::bench::stats::{NOISY, within_process};
use crate::bench::{html_comparison, load};

/// The smallest change worth flagging, whatever the noise.
const MIN_CHANGE: f64 = 0.05;
/// How many noises apart two medians must be to differ.
const NOISES: f64 = 2.0;

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
    stats
        .noise
        .or_else(|| within_process(stats.min_ns?, stats.median_ns))
}

/// One figure of a pair in both runs.
pub(crate) struct Change {
    /// New ÷ old.
    pub(crate) ratio: f64,
    /// How far from 1 the ratio must be, either way, to count: twice the
    /// larger of the two noises, and at least 5 %.
    pub(crate) threshold: f64,
    /// Whether the change is beyond both runs' noise.
    pub(crate) significant: bool,
    /// Either run's noise is above the mark.
    pub(crate) noisy: bool,
    /// The change is no larger than the larger of the two noises: the two
    /// runs agree as far as they can tell.
    pub(crate) within_noise: bool,
}

/// How a pair's figure changed, if both runs timed it.
pub(crate) fn change(old: Option<&OpStats>, new: Option<&OpStats>) -> Option<Change> {
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

fn compare(old: &[Record], new: &[Record]) -> String {
    let mut text = format!(
        "{:<14} {:<14} {:>18} {:>18} {:>18} {:>9}\n",
        "dataset", "format", "encode", "decode", "traverse", "size"
    );
    let (mut flagged, mut within, mut figures) = (0, 0_u32, 0_u32);
    for after in new {
        let Some(before) = old
            .iter()
            .find(|r| r.dataset == after.dataset && r.format == after.format)
        else {
            let _ = writeln!(
                text,
                "{:<14} {:<14} new in this run",
                after.dataset, after.format
            );
            continue;
        };
        let changes =
            [Op::Encode, Op::Decode, Op::Traverse].map(|op| change(before.op(op), after.op(op)));
        for change in changes.iter().flatten() {
            figures += 1;
            within += u32::from(change.within_noise);
        }
        let cells = changes.map(|cell| match cell {
            None => "–".to_owned(),
            Some(Change {
                ratio,
                significant: true,
                noisy,
                ..
            }) => {
                flagged += 1;
                let word = if ratio < 1.0 { "faster" } else { "SLOWER" };
                let noisy = if noisy { " ≈" } else { "" };
                format!("{ratio:.2}× {word}{noisy}")
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
            "{:<14} {:<14} {:>18} {:>18} {:>18} {:>9}",
            after.dataset, after.format, cells[0], cells[1], cells[2], size
        );
    }
    let _ = writeln!(
        text,
        "\nratios are new ÷ old (below 1 is faster); {flagged} change(s) beyond twice the \
         runs' noise; ≈: one of the runs marked the figure noisy (above {:.0} %), so the \
         change may be the machine's",
        NOISY * 100.0
    );
    if figures > 0 {
        let _ = writeln!(
            text,
            "{within} of {figures} figures ({:.1} %) lie within the larger of their two noises",
            f64::from(within) * 100.0 / f64::from(figures)
        );
    }
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
        assert!(!text.contains("SLOWER ≈"), "{text}");
        // 20 % noise: the same slowdown does not.
        let text = compare(&[record(1000.0, 800.0)], &[record(1100.0, 900.0)]);
        assert!(text.contains("1.10×") && !text.contains("SLOWER"), "{text}");
        assert!(text.contains("0 change(s)"));
        // A 10 % change against 20 % noise is within it; against 2 %, not.
        assert!(
            text.contains("1 of 1 figures (100.0 %) lie within"),
            "{text}"
        );
        let text = compare(&[record(1000.0, 980.0)], &[record(1100.0, 1080.0)]);
        assert!(text.contains("0 of 1 figures (0.0 %) lie within"), "{text}");
    }

    /// The noise a run records (its passes' spread) wins over the figure
    /// computed from the fastest sample.
    #[test]
    fn uses_the_recorded_noise() {
        let with_noise = |median: f64, noise: f64| {
            let mut record = record(median, median);
            if let Some(encode) = record.ops.encode.as_mut() {
                encode.noise = Some(noise);
            }
            record
        };
        // Fastest equals median, but the passes spread 15 %: a 25 % change
        // is within twice that.
        let text = compare(&[with_noise(1000.0, 0.15)], &[with_noise(1250.0, 0.02)]);
        assert!(text.contains("1.25×") && !text.contains("SLOWER"), "{text}");
        // A 40 % change is beyond it, and marked as measured on a noisy row.
        let text = compare(&[with_noise(1000.0, 0.15)], &[with_noise(1400.0, 0.02)]);
        assert!(text.contains("1.40× SLOWER ≈"), "{text}");
    }
}
