//! `cargo xtask compare OLD NEW`'s table: how two runs differ, pair by
//! pair, with the changes larger than the runs' own noise flagged by
//! [`serbench_results::compare`]'s rule. A flagged figure that either run
//! marked noisy says so: such a change may be the machine's rather than
//! the code's. The last line counts the figures whose change is within the
//! larger noise: for two runs of the same code, how far the noise figures
//! can be trusted.

use std::fmt::Write as _;

use serbench_results::compare::{Basis, Change, INSTRUCTIONS_CHANGE, change};
use serbench_results::stats::NOISY;
use serbench_results::{Op, Record};

/// The two runs' records side by side, a line per pair of the new run:
/// each figure's ratio, flagged when beyond the runs' noise.
#[must_use]
pub fn comparison(old: &[Record], new: &[Record]) -> String {
    let mut text = format!(
        "{:<14} {:<14} {:>18} {:>18} {:>18} {:>9}\n",
        "dataset", "codec", "encode", "decode", "traverse", "size"
    );
    let (mut flagged, mut within, mut figures) = (0, 0_u32, 0_u32);
    for after in new {
        let Some(before) = old
            .iter()
            .find(|r| r.dataset == after.dataset && r.codec == after.codec)
        else {
            let _ = writeln!(
                text,
                "{:<14} {:<14} new in this run",
                after.dataset, after.codec
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
                basis: Basis::Instructions,
                ..
            }) => {
                flagged += 1;
                let word = if ratio < 1.0 { "fewer" } else { "MORE" };
                format!("{ratio:.3}× {word} i")
            }
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
            Some(Change {
                ratio,
                basis: Basis::Instructions,
                ..
            }) => format!("{ratio:.3}× i"),
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
            after.dataset, after.codec, cells[0], cells[1], cells[2], size
        );
    }
    let _ = writeln!(
        text,
        "\nratios are new ÷ old (below 1 is faster); {flagged} change(s) beyond twice the \
         runs' noise; ≈: one of the runs marked the figure noisy (above {:.0} %), so the \
         change may be the machine's; i: both runs counted the figure's instructions, and \
         the ratio is theirs, a change when above {:.0} %",
        NOISY * 100.0,
        INSTRUCTIONS_CHANGE * 100.0
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
    use serbench_results::{OpStats, Ops};

    use super::*;

    fn record(encode: f64, fastest: f64) -> Record {
        Record {
            dataset: "media".into(),
            codec: "json".into(),
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
        let text = comparison(&[record(1000.0, 980.0)], &[record(1100.0, 1080.0)]);
        assert!(text.contains("1.10× SLOWER"), "{text}");
        assert!(!text.contains("SLOWER ≈"), "{text}");
        // 20 % noise: the same slowdown does not.
        let text = comparison(&[record(1000.0, 800.0)], &[record(1100.0, 900.0)]);
        assert!(text.contains("1.10×") && !text.contains("SLOWER"), "{text}");
        assert!(text.contains("0 change(s)"));
        // A 10 % change against 20 % noise is within it; against 2 %, not.
        assert!(
            text.contains("1 of 1 figures (100.0 %) lie within"),
            "{text}"
        );
        let text = comparison(&[record(1000.0, 980.0)], &[record(1100.0, 1080.0)]);
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
        let text = comparison(&[with_noise(1000.0, 0.15)], &[with_noise(1250.0, 0.02)]);
        assert!(text.contains("1.25×") && !text.contains("SLOWER"), "{text}");
        // A 40 % change is beyond it, and marked as measured on a noisy row.
        let text = comparison(&[with_noise(1000.0, 0.15)], &[with_noise(1400.0, 0.02)]);
        assert!(text.contains("1.40× SLOWER ≈"), "{text}");
    }

    /// With counts in both runs, the counts decide: 1.5 % more
    /// instructions is flagged whatever the clock's noise.
    #[test]
    fn counts_decide_when_both_runs_counted() {
        let counted = |median: f64, instructions: f64| {
            let mut record = record(median, median * 0.5);
            if let Some(encode) = record.ops.encode.as_mut() {
                encode.instructions = Some(instructions);
            }
            record
        };
        let text = comparison(&[counted(1000.0, 20_000.0)], &[counted(1100.0, 20_300.0)]);
        assert!(text.contains("1.015× MORE i"), "{text}");
        assert!(text.contains("1 change(s)"), "{text}");
        let text = comparison(&[counted(1000.0, 20_000.0)], &[counted(1100.0, 20_100.0)]);
        assert!(
            text.contains("1.005× i") && text.contains("0 change(s)"),
            "{text}"
        );
    }
}
