//! Two runs' changes on one dataset, as a picture: a row per codec, a
//! panel per operation, each figure's new ÷ old ratio as a dot on a log
//! axis (½ as far left as 2 is right) over a grey band, the change the
//! two runs' noise allows ([`serbench_results::compare`]'s rule). A dot outside its
//! band is a change beyond noise, green when faster, red when slower.
//!
//! Stable hooks: the chart is `svg.changes` with `data-dataset`; each
//! figure is `g.change` with `data-codec`, `data-op`, `data-ratio` and a
//! class, `faster`, `slower` or `within`.

use maud::{Markup, html};

use super::axis::{self, Log};
use super::labels;
use super::{FONT, FONT_SIZE, px};
use serbench_results::Op;
use serbench_results::compare::Change;

/// The operations the comparison holds, a panel each.
pub(crate) const OPS: [Op; 3] = [Op::Encode, Op::Decode, Op::Traverse];

const PANEL: f64 = 220.0;
const GAP: f64 = 18.0;
const TOP: f64 = 54.0;
const ROW: f64 = 18.0;
const BOTTOM: f64 = 48.0;

const FASTER: &str = "#15803d";
const SLOWER: &str = "#b91c1c";
const WITHIN: &str = "#6b7280";

/// A codec's changes, one per operation of [`OPS`] (`None` where a run did
/// not time it).
pub(crate) struct Row<'a> {
    pub(crate) codec: &'a str,
    pub(crate) changes: [Option<Change>; 3],
}

/// What a change is called, as its mark's class.
pub(crate) fn class(change: &Change) -> &'static str {
    match (change.significant, change.ratio < 1.0) {
        (false, _) => "within",
        (true, true) => "faster",
        (true, false) => "slower",
    }
}

/// The chart of one dataset's rows; `None` when no row has a change.
pub(crate) fn chart(dataset: &str, rows: &[Row<'_>]) -> Option<String> {
    let ratios: Vec<f64> = rows
        .iter()
        .flat_map(|row| row.changes.iter().flatten().map(|c| c.ratio))
        .filter(|ratio| *ratio > 0.0 && ratio.is_finite())
        .collect();
    if ratios.is_empty() {
        return None;
    }
    // Symmetric about 1, so that twice as slow is as far from the middle
    // as twice as fast.
    let extent = ratios
        .iter()
        .map(|ratio| ratio.ln().abs())
        .fold(1.25_f64.ln(), f64::max)
        * 1.15;
    let names = rows
        .iter()
        .map(|row| labels::text_width(row.codec, FONT_SIZE))
        .fold(80.0, f64::max)
        + 16.0;
    let width = names + 3.0 * PANEL + 2.0 * GAP + 12.0;
    let bottom = TOP + ROW * rows.len() as f64;
    let height = bottom + BOTTOM;
    let panels: Vec<(Op, Log, f64)> = OPS
        .iter()
        .enumerate()
        .map(|(index, op)| {
            let left = names + index as f64 * (PANEL + GAP);
            (
                *op,
                Log::new(
                    (-extent).exp(),
                    extent.exp(),
                    left + 6.0,
                    left + PANEL - 6.0,
                ),
                left,
            )
        })
        .collect();
    let svg = html! {
        svg xmlns="http://www.w3.org/2000/svg" class="changes" data-dataset=(dataset)
            width=(px(width)) height=(px(height)) viewBox=(format!("0 0 {} {}", px(width), px(height)))
            font-family=(FONT) font-size=(FONT_SIZE) role="img" {
            title { (dataset) ": new ÷ old per codec and operation, with the change the runs' noise allows" }
            rect width="100%" height="100%" fill="white" {}
            text x="8" y="20" font-size="15" font-weight="bold" { (dataset) ": new ÷ old (log scale)" }
            @for (index, row) in rows.iter().enumerate() {
                @let top = TOP + ROW * index as f64;
                @if index % 2 == 1 {
                    rect x="0" y=(px(top)) width=(px(width)) height=(px(ROW)) fill="#f6f7f9" {}
                }
                text x=(px(names - 8.0)) y=(px(top + 13.0)) text-anchor="end" fill="#222" { (row.codec) }
            }
            @for (slot, (op, scale, left)) in panels.iter().enumerate() {
                (panel(*op, scale, *left, bottom))
                @for (index, row) in rows.iter().enumerate() {
                    @if let Some(change) = &row.changes[slot] {
                        (mark(row.codec, *op, change, scale, TOP + ROW * index as f64 + ROW / 2.0))
                    }
                }
            }
            (legend(8.0, height - 10.0))
        }
    };
    Some(svg.into_string())
}

/// A panel's frame, title, line at 1 and ticks.
fn panel(op: Op, scale: &Log, left: f64, bottom: f64) -> Markup {
    let one = scale.at(1.0);
    html! {
        rect x=(px(left)) y=(px(TOP)) width=(px(PANEL)) height=(px(bottom - TOP)) fill="none" stroke="#bbb" {}
        text x=(px(left + PANEL / 2.0)) y=(px(TOP - 10.0)) text-anchor="middle" font-weight="bold" fill="#333" {
            (op.name())
        }
        @for ratio in ticks(scale) {
            line x1=(px(scale.at(ratio))) y1=(px(TOP)) x2=(px(scale.at(ratio))) y2=(px(bottom))
                stroke="#e4e4e4" {}
            text x=(px(scale.at(ratio))) y=(px(bottom + 14.0)) text-anchor="middle" font-size="11" fill="#444" {
                (axis::number(ratio)) "×"
            }
        }
        line x1=(px(one)) y1=(px(TOP)) x2=(px(one)) y2=(px(bottom)) stroke="#888" {}
    }
}

/// One figure's band and dot.
fn mark(codec: &str, op: Op, change: &Change, scale: &Log, y: f64) -> Markup {
    let low = scale.at(scale.clamp((1.0 - change.threshold).max(f64::MIN_POSITIVE)));
    let high = scale.at(scale.clamp(1.0 + change.threshold));
    let class = class(change);
    let color = match class {
        "faster" => FASTER,
        "slower" => SLOWER,
        _ => WITHIN,
    };
    let verdict = match class {
        "faster" => "faster beyond noise",
        "slower" => "slower beyond noise",
        _ => "within noise",
    };
    html! {
        g.change.(class) data-codec=(codec) data-op=(op.name()) data-ratio=(change.ratio) {
            title {
                (codec) " " (op.name()) ": " (format!("{:.2}", change.ratio)) "× (new ÷ old), " (verdict)
                "; the noise allows ±" (format!("{:.0}", change.threshold * 100.0)) " %"
            }
            rect x=(px(low)) y=(px(y - 4.0)) width=(px(high - low)) height="8" fill="#dcdfe4" {}
            circle cx=(px(scale.at(change.ratio))) cy=(px(y)) r="4" fill=(color) {}
        }
    }
}

/// Round ratios to mark: 1, then pairs such as 0.8 and 1.25 outward, each
/// far enough from the last on its side to leave room for its text.
fn ticks(scale: &Log) -> Vec<f64> {
    const ROUND: [f64; 11] = [1.05, 1.1, 1.25, 1.5, 2.0, 3.0, 5.0, 10.0, 20.0, 50.0, 100.0];
    let mut ticks = vec![1.0];
    for side in [1.0, -1.0] {
        let mut last = scale.at(1.0);
        for ratio in ROUND.map(|r: f64| r.powf(side)) {
            let at = scale.at(ratio);
            if scale.contains(ratio) && (at - last).abs() >= 34.0 {
                ticks.push(ratio);
                last = at;
            }
        }
    }
    ticks
}

/// The three kinds of dot and the band, on one line from `(x, y)`.
fn legend(x: f64, y: f64) -> Markup {
    let items = [
        (FASTER, "faster beyond noise"),
        (SLOWER, "slower beyond noise"),
        (WITHIN, "within noise"),
    ];
    let mut left = x;
    let mut placed = Vec::new();
    for (color, text) in items {
        placed.push((left, color, text));
        left += labels::text_width(text, 11.0) + 30.0;
    }
    html! {
        g.legend font-size="11" fill="#444" {
            @for (at, color, text) in placed {
                circle cx=(px(at + 4.0)) cy=(px(y - 4.0)) r="4" fill=(color) {}
                text x=(px(at + 12.0)) y=(px(y)) { (text) }
            }
            rect x=(px(left)) y=(px(y - 8.0)) width="24" height="8" fill="#dcdfe4" {}
            text x=(px(left + 30.0)) y=(px(y)) { "band: the change the two runs' noise allows" }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::tests::well_formed;

    fn change(ratio: f64, threshold: f64) -> Change {
        Change {
            ratio,
            threshold,
            significant: (ratio - 1.0).abs() > threshold,
            noisy: false,
            within_noise: false,
            basis: serbench_results::compare::Basis::Time,
        }
    }

    #[test]
    fn a_mark_per_figure_classed_by_its_band() {
        let rows = [
            Row {
                codec: "json",
                changes: [
                    Some(change(1.3, 0.1)),
                    Some(change(0.6, 0.1)),
                    Some(change(1.02, 0.1)),
                ],
            },
            Row {
                codec: "cbor",
                changes: [None, Some(change(1.2, 0.5)), None],
            },
        ];
        let svg = chart("media", &rows).unwrap();
        well_formed(&svg).unwrap();
        assert_eq!(svg.matches("<g class=\"change ").count(), 4, "{svg}");
        assert!(svg.contains(
            r#"<g class="change slower" data-codec="json" data-op="encode" data-ratio="1.3">"#
        ));
        assert!(svg.contains(r#"<g class="change faster" data-codec="json" data-op="decode""#));
        assert!(svg.contains(r#"<g class="change within" data-codec="cbor" data-op="decode""#));
        let none = [Row {
            codec: "xml",
            changes: [None, None, None],
        }];
        assert!(chart("media", &none).is_none());
    }
}
