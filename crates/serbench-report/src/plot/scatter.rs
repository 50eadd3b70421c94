//! A dataset's codecs as points of encoded size against the median time of
//! one operation, both on log scales: the picture a reader wants first
//! ("which formats are small *and* fast?"). The Pareto front is drawn as a
//! step line through its points, which are marked; every point has its
//! codec's name beside it (or, where no room is left, under the plot) and a
//! tooltip with its figures.
//!
//! Stable hooks for the browser check and for scripts: the chart is
//! `svg.scatter` with `data-dataset` and `data-op`; each point is
//! `g.point` (`.front` on the front) with `data-codec`, `data-ns` and
//! `data-bytes`; each name is `text.label` with `data-codec`; the front's
//! line is `path.front-line`.

use std::fmt::Write as _;

use maud::{Markup, html};

use super::axis::{self, Log};
use super::labels::{self, Placed, Rect};
use super::pareto;
use super::{FONT, FONT_SIZE, px};
use serbench_results::units;
use serbench_results::{Op, Record};

const WIDTH: f64 = 660.0;
const HEIGHT: f64 = 480.0;
/// Room around the plot: the title and legend above, the tick labels and
/// axis titles left and below.
const LEFT: f64 = 74.0;
const RIGHT: f64 = 14.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 46.0;
/// The height of a row of the list of names that found no room.
const ROW: f64 = 18.0;
/// The most points whose names are placed beside them (a run has about
/// thirty codecs per dataset).
const LABELLED: usize = 48;

const FRONT_COLOR: &str = "#c2410c";
const POINT_COLOR: &str = "#4f7cac";

/// One codec's point.
#[derive(Clone, Debug, PartialEq)]
pub struct Point<'a> {
    /// The codec id.
    pub codec: &'a str,
    /// Median nanoseconds per message of the operation.
    pub ns: f64,
    /// Encoded bytes per message.
    pub bytes: f64,
}

/// The points of `records` for `op`: every verified codec that has a time
/// for it and a size.
#[must_use]
pub fn points<'a>(records: impl IntoIterator<Item = &'a Record>, op: Op) -> Vec<Point<'a>> {
    records
        .into_iter()
        .filter(|record| record.ok && record.size_bytes > 0.0)
        .filter_map(|record| {
            let ns = record.ns(op).filter(|ns| *ns > 0.0)?;
            Some(Point {
                codec: &record.codec,
                ns,
                bytes: record.size_bytes,
            })
        })
        .collect()
}

/// The codecs of `points` on the Pareto front, fastest first.
#[must_use]
pub fn front<'a>(points: &[Point<'a>]) -> Vec<&'a str> {
    let figures: Vec<(f64, f64)> = points.iter().map(|p| (p.ns, p.bytes)).collect();
    pareto::front(&figures)
        .into_iter()
        .map(|index| points[index].codec)
        .collect()
}

/// The chart of `dataset`'s `op`; `None` when no codec has a point.
pub(crate) fn chart(dataset: &str, op: Op, points: &[Point<'_>]) -> Option<String> {
    let (low_ns, high_ns) = axis::padded(points.iter().map(|p| p.ns), 1.3)?;
    let (low_bytes, high_bytes) = axis::padded(points.iter().map(|p| p.bytes), 1.2)?;
    let plot = Rect {
        x0: LEFT,
        y0: TOP,
        x1: WIDTH - RIGHT,
        y1: HEIGHT - BOTTOM,
    };
    let x = Log::new(low_ns, high_ns, plot.x0, plot.x1);
    let y = Log::new(low_bytes, high_bytes, plot.y1, plot.y0);
    let at: Vec<(f64, f64)> = points.iter().map(|p| (x.at(p.ns), y.at(p.bytes))).collect();
    let figures: Vec<(f64, f64)> = points.iter().map(|p| (p.ns, p.bytes)).collect();
    let front = pareto::front(&figures);
    let crowded = points.len() > LABELLED;
    let (placed, unplaced) = names(points, &at, plot, &front);
    let height = HEIGHT
        + if crowded {
            ROW
        } else if unplaced.is_empty() {
            0.0
        } else {
            ROW * (1.0
                + unplaced
                    .iter()
                    .map(|(row, _, _)| *row + 1.0)
                    .fold(0.0, f64::max))
        };
    let mut fronted = vec![false; points.len()];
    for &index in &front {
        fronted[index] = true;
    }
    let on_front = |index: usize| fronted[index];
    let svg = html! {
        svg xmlns="http://www.w3.org/2000/svg" class="scatter" data-dataset=(dataset) data-op=(op.name())
            width=(px(WIDTH)) height=(px(height)) viewBox=(format!("0 0 {} {}", px(WIDTH), px(height)))
            font-family=(FONT) font-size=(FONT_SIZE) role="img" {
            title { (dataset) ": encoded size against median " (op.name()) " time, one point per codec" }
            rect width="100%" height="100%" fill="white" {}
            text x=(px(LEFT)) y="20" font-size="15" font-weight="bold" {
                (dataset) ": " (op.name()) " time against size"
            }
            (legend())
            (grid(&x, &y, &plot, op))
            (front_line(&front, &at, &plot))
            g.leaders stroke="#888" stroke-width="1" {
                @for (index, spot) in placed.iter().enumerate() {
                    @if let Some(Placed { rect, leader: true }) = spot {
                        @let (ex, ey) = rect.nearest(at[index]);
                        line x1=(px(at[index].0)) y1=(px(at[index].1)) x2=(px(ex)) y2=(px(ey)) {}
                    }
                }
            }
            g.points {
                @for (index, point) in points.iter().enumerate() {
                    g.point.front[on_front(index)] data-codec=(point.codec) data-ns=(point.ns) data-bytes=(point.bytes) {
                        title { (tooltip(point, op, on_front(index))) }
                        @if on_front(index) {
                            circle cx=(px(at[index].0)) cy=(px(at[index].1)) r="5.5" fill=(FRONT_COLOR) stroke="#7c2d12" stroke-width="1" {}
                        } @else {
                            circle cx=(px(at[index].0)) cy=(px(at[index].1)) r="4.5" fill=(POINT_COLOR) stroke="white" stroke-width="1" {}
                        }
                    }
                }
            }
            g.labels paint-order="stroke" stroke="white" stroke-width="3" stroke-linejoin="round" {
                @for (index, spot) in placed.iter().enumerate() {
                    @if let Some(Placed { rect, .. }) = spot {
                        (label(points[index].codec, points[index].codec, rect.x0 + 1.0, baseline(rect.y0), on_front(index)))
                    }
                }
            }
            @if crowded {
                text x=(px(LEFT)) y=(px(HEIGHT + ROW - 4.0)) fill="#555" {
                    (points.len()) " codecs, too many to name beside their points (hover a point for its name)"
                }
            }
            @if !unplaced.is_empty() {
                text x=(px(LEFT)) y=(px(HEIGHT + ROW - 4.0)) fill="#555" {
                    "No room beside their points (hover a point for its name):"
                }
                @for (row, left, index) in &unplaced {
                    (label(points[*index].codec, &listed(&points[*index]), *left,
                        baseline(HEIGHT + ROW * (row + 1.0)), on_front(*index)))
                }
            }
        }
    };
    Some(svg.into_string())
}

/// Where each point's name goes: beside it, or listed under the plot
/// (see [`unplaced`]). Placing a label looks at every label placed before
/// it, so past [`LABELLED`] points none is named.
#[expect(
    clippy::type_complexity,
    reason = "the two lists the chart draws, each described where it is made"
)]
fn names(
    points: &[Point<'_>],
    at: &[(f64, f64)],
    plot: Rect,
    front: &[usize],
) -> (Vec<Option<Placed>>, Vec<(f64, f64, usize)>) {
    if points.len() > LABELLED {
        return (vec![None; points.len()], Vec::new());
    }
    let boxes: Vec<(f64, f64)> = points
        .iter()
        .map(|p| {
            (
                labels::text_width(p.codec, FONT_SIZE),
                labels::text_height(FONT_SIZE),
            )
        })
        .collect();
    let placed = labels::place(at, &boxes, plot, front);
    let unplaced = unplaced(points, &placed, plot.x1 - plot.x0);
    (placed, unplaced)
}

/// Where a label's text sits in its box: its baseline, a font's ascent
/// below the box's top.
fn baseline(top: f64) -> f64 {
    top + 1.04 * FONT_SIZE
}

/// A point's name (`text`, which may add its figures), in the front's
/// color when it is on it.
fn label(codec: &str, text: &str, x: f64, y: f64, front: bool) -> Markup {
    let fill = if front { "#7c2d12" } else { "#222" };
    html! {
        text.label.front[front] data-codec=(codec) x=(px(x)) y=(px(y)) fill=(fill) { (text) }
    }
}

/// `bincode: decode 1.17 ms, 643 KB, on the Pareto front`.
fn tooltip(point: &Point<'_>, op: Op, front: bool) -> String {
    format!(
        "{}: {} {}, {}{}",
        point.codec,
        op.name(),
        units::time(Some(point.ns)),
        units::bytes(point.bytes),
        if front {
            ", on the Pareto front (nothing both faster and smaller)"
        } else {
            ""
        }
    )
}

/// The labels that found no room, as (row, left edge, point index) of the
/// list under the plot, each with its figures so its point can be found.
fn unplaced(points: &[Point<'_>], placed: &[Option<Placed>], width: f64) -> Vec<(f64, f64, usize)> {
    let mut rows = Vec::new();
    let (mut row, mut left) = (0.0, LEFT);
    for (index, point) in points.iter().enumerate() {
        if placed[index].is_some() {
            continue;
        }
        let needed = labels::text_width(&listed(point), FONT_SIZE) + 12.0;
        if left > LEFT && left + needed > LEFT + width {
            row += 1.0;
            left = LEFT;
        }
        rows.push((row, left, index));
        left += needed;
    }
    rows
}

/// `json (6.67 ms, 2.01 MB)`: a name listed under the plot, with the
/// figures that find its point.
fn listed(point: &Point<'_>) -> String {
    format!(
        "{} ({}, {})",
        point.codec,
        units::time(Some(point.ns)),
        units::bytes(point.bytes)
    )
}

/// What the two kinds of point mean, under the title.
fn legend() -> Markup {
    const FRONT: &str = "Pareto front: no other codec is both faster and smaller";
    let second = LEFT + 40.0 + labels::text_width(FRONT, 11.0) + 16.0;
    html! {
        g.legend fill="#444" font-size="11" {
            circle cx=(px(LEFT + 5.0)) cy="36" r="5.5" fill=(FRONT_COLOR) stroke="#7c2d12" {}
            line x1=(px(LEFT + 14.0)) y1="36" x2=(px(LEFT + 34.0)) y2="36" stroke=(FRONT_COLOR)
                stroke-width="1.5" stroke-dasharray="5 3" {}
            text x=(px(LEFT + 40.0)) y="40" { (FRONT) }
            circle cx=(px(second + 5.0)) cy="36" r="4.5" fill=(POINT_COLOR) {}
            text x=(px(second + 14.0)) y="40" { "beaten on both" }
        }
    }
}

/// Grid lines, tick labels and axis titles.
fn grid(x: &Log, y: &Log, plot: &Rect, op: Op) -> Markup {
    let x_ticks = spaced(
        x.ticks(10)
            .into_iter()
            .map(|ns| (x.at(ns), axis::time(ns)))
            .collect(),
        |text| labels::text_width(text, 11.0) + 6.0,
    );
    let y_ticks = spaced(
        y.ticks(10)
            .into_iter()
            .map(|bytes| (y.at(bytes), axis::bytes(bytes)))
            .collect(),
        |_| 15.0,
    );
    html! {
        g.grid stroke="#e4e4e4" stroke-width="1" {
            @for (at, _, _) in &x_ticks { line x1=(px(*at)) y1=(px(plot.y0)) x2=(px(*at)) y2=(px(plot.y1)) {} }
            @for (at, _, _) in &y_ticks { line x1=(px(plot.x0)) y1=(px(*at)) x2=(px(plot.x1)) y2=(px(*at)) {} }
        }
        rect x=(px(plot.x0)) y=(px(plot.y0)) width=(px(plot.x1 - plot.x0)) height=(px(plot.y1 - plot.y0))
            fill="none" stroke="#999" {}
        g.ticks fill="#444" font-size="11" {
            @for (at, text, shown) in &x_ticks {
                @if *shown { text x=(px(*at)) y=(px(plot.y1 + 15.0)) text-anchor="middle" { (text) } }
            }
            @for (at, text, shown) in &y_ticks {
                @if *shown { text x=(px(plot.x0 - 6.0)) y=(px(*at + 4.0)) text-anchor="end" { (text) } }
            }
        }
        text x=(px(f64::midpoint(plot.x0, plot.x1))) y=(px(plot.y1 + 36.0)) text-anchor="middle" fill="#333" {
            "median " (op.name()) " time per message (log scale) →"
        }
        text transform=(format!("translate(16 {}) rotate(-90)", px(f64::midpoint(plot.y0, plot.y1))))
            text-anchor="middle" fill="#333" {
            "encoded size per message (log scale) →"
        }
    }
}

/// Ticks as (pixel, text, shown): a tick's text is left out where it would
/// run into the previous one shown, `room` being what a text needs.
fn spaced(ticks: Vec<(f64, String)>, room: impl Fn(&str) -> f64) -> Vec<(f64, String, bool)> {
    let mut last: Option<(f64, f64)> = None;
    ticks
        .into_iter()
        .map(|(at, text)| {
            let half = room(&text) / 2.0;
            let shown = last.is_none_or(|(previous, previous_half)| {
                (at - previous).abs() >= previous_half + half
            });
            if shown {
                last = Some((at, half));
            }
            (at, text, shown)
        })
        .collect()
}

/// The step line along the front: from the top of the plot down to the
/// fastest point, then from each point across to the next one's time and
/// down to its size, then across to the plot's right edge. Everything up
/// and to the right of it is beaten by a point on it.
fn front_line(front: &[usize], at: &[(f64, f64)], plot: &Rect) -> Markup {
    let Some(&first) = front.first() else {
        return html! {};
    };
    let mut path = format!("M{} {}", px(at[first].0), px(plot.y0));
    for &index in front {
        let (x, y) = at[index];
        let _ = write!(path, " H{} V{}", px(x), px(y));
    }
    let _ = write!(path, " H{}", px(plot.x1));
    html! {
        path.front-line d=(path) fill="none" stroke=(FRONT_COLOR) stroke-width="1.5" stroke-dasharray="5 3" {
            title { "Pareto front: every codec above and to the right of this line is beaten on both time and size by one on it" }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::tests::well_formed;

    fn point(codec: &str, ns: f64, bytes: f64) -> Point<'_> {
        Point { codec, ns, bytes }
    }

    #[test]
    fn every_point_has_a_mark_a_name_and_its_front() {
        let points = [
            point("json", 6.7e6, 2.01e6),
            point("bincode", 1.17e6, 643e3),
            point("bitcode", 1.87e6, 567e3),
            point("postcard", 1.99e6, 643e3),
        ];
        let svg = chart("task-manager", Op::Decode, &points).unwrap();
        well_formed(&svg).unwrap();
        assert!(
            svg.contains(r#"class="scatter" data-dataset="task-manager" data-op="decode""#),
            "{svg}"
        );
        for codec in ["json", "bincode", "bitcode", "postcard"] {
            assert_eq!(
                svg.matches(&format!("data-codec=\"{codec}\"")).count(),
                2,
                "{codec}: {svg}"
            );
        }
        assert_eq!(front(&points), ["bincode", "bitcode"]);
        assert_eq!(svg.matches(r#"<g class="point front""#).count(), 2);
        assert!(svg.contains(r#"<path class="front-line""#));
        assert!(svg.contains("<title>bincode: decode 1.17 ms, 643 KB, on the Pareto front"));
        assert!(chart("media", Op::Encode, &[]).is_none());
    }

    #[test]
    fn points_are_the_verified_codecs_with_a_time() {
        use serbench_results::OpStats;
        let mut timed = Record {
            codec: "json".into(),
            ok: true,
            size_bytes: 300.0,
            ..Record::default()
        };
        timed.ops.decode = Some(OpStats {
            median_ns: 500.0,
            ..OpStats::default()
        });
        let failed = Record {
            codec: "xml".into(),
            ..Record::default()
        };
        let records = [timed, failed];
        assert_eq!(points(&records, Op::Decode), [point("json", 500.0, 300.0)]);
        assert!(points(&records, Op::Encode).is_empty());
    }
}
