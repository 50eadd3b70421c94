//! SVG charts of a run: per dataset the size against the time of encode
//! and of decode, a point per codec ([`scatter`], hand-written SVG),
//! then, drawn with plotters, the time of each operation and the size of
//! each codec as bars, and the sweep's cost per task. Each is written next
//! to the report and kept as text, so report.html can carry it inline.

use plotters::coord::Shift;
use plotters::coord::ranged1d::ValueFormatter;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::plot::scatter;
use serbench_results::{Op, Record};
use serbench_results::{Report, qt};

use crate::Error;
use serbench_results::units;

/// A chart of the run, written next to the reports.
pub struct Chart {
    /// The dataset it belongs to; `None` for the sweep.
    pub dataset: Option<String>,
    /// The operation whose time a scatter plots against size; `None` for
    /// the bar and sweep charts.
    pub scatter: Option<Op>,
    /// The chart's title, the image's alt text in Markdown.
    pub title: String,
    /// File name within the run's folder.
    pub file: String,
    /// The drawing itself.
    pub svg: String,
}

/// The longest name a file name keeps whole.
const STEM_BYTES: usize = 48;

/// `name` as part of a file name: itself when it is a short run of ASCII
/// letters, digits, `-`, `_` and `.` not starting with a `.` (every
/// dataset id of the benches is); else those characters kept, the others
/// made `_`, cut to [`STEM_BYTES`], and a hash of the whole name after
/// them, so two names that clean alike still name two files. A name from
/// a results file may hold `/`, control characters or 100 KB.
pub(crate) fn file_stem(name: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    if !name.is_empty()
        && name.len() <= STEM_BYTES
        && name.chars().all(plain)
        && !name.starts_with('.')
    {
        return name.to_owned();
    }
    let kept: String = name
        .chars()
        .take(STEM_BYTES)
        .map(|c| if plain(c) { c } else { '_' })
        .collect();
    // FNV-1a: stable across Rust versions and runs, as file names must be.
    let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{}-{hash:016x}", kept.trim_start_matches('.'))
}

const WIDTH: u32 = 960;
const HEIGHT: u32 = 520;
/// Room under a bar chart for its group names, written upward.
const NAME_AREA: u32 = 124;

/// Draws every chart of `results`, for the caller to write beside the
/// reports (each under its [`Chart::file`]).
pub fn draw(results: &Report) -> Result<Vec<Chart>, Error> {
    let mut charts = Vec::new();
    let mut datasets: Vec<&str> = Vec::new();
    for record in &results.results {
        if !datasets.contains(&record.dataset.as_str()) {
            datasets.push(&record.dataset);
        }
    }
    for dataset in datasets {
        let records: Vec<&Record> = results
            .results
            .iter()
            .filter(|r| r.dataset == dataset && r.ok)
            .collect();
        if records.is_empty() {
            continue;
        }
        charts.extend(scatters(dataset, &records));
        let mut times: Vec<(String, Vec<Option<f64>>)> = records
            .iter()
            .map(|r| {
                (
                    r.codec.clone(),
                    [Op::Encode, Op::Decode, Op::Traverse, Op::Floor]
                        .map(|op| r.ns(op))
                        .to_vec(),
                )
            })
            .collect();
        if dataset == qt::DATASET {
            // Qt's own implementations on the same value, as bars of their
            // own after the codecs, named short (`Qt json`) to fit a group.
            times.extend(results.qt.iter().map(|m| {
                (
                    format!("Qt {}", m.id),
                    vec![Some(m.serialize_ns), Some(m.deserialize_ns), None, None],
                )
            }));
        }
        let times: Vec<(&str, Vec<Option<f64>>)> = times
            .iter()
            .map(|(name, values)| (name.as_str(), values.clone()))
            .collect();
        let file = format!("time-{}.svg", file_stem(dataset));
        let svg = grouped_bars(
            &format!("{dataset}: time per message (log scale)"),
            &["encode", "decode", "traverse", "floor (memcpy)"],
            &times,
            true,
            &|ns| units::time(Some(ns)),
        )?;
        charts.push(Chart {
            dataset: Some(dataset.to_owned()),
            scatter: None,
            title: format!("{dataset} time"),
            file,
            svg,
        });

        let sizes: Vec<(&str, Vec<Option<f64>>)> = records
            .iter()
            .map(|r| {
                (
                    r.codec.as_str(),
                    vec![Some(r.size_bytes), Some(r.zstd_bytes), Some(r.gzip_bytes)],
                )
            })
            .collect();
        let file = format!("size-{}.svg", file_stem(dataset));
        let svg = grouped_bars(
            &format!("{dataset}: size per message"),
            &["encoded", "zstd", "gzip"],
            &sizes,
            false,
            &units::bytes,
        )?;
        charts.push(Chart {
            dataset: Some(dataset.to_owned()),
            scatter: None,
            title: format!("{dataset} size"),
            file,
            svg,
        });
    }
    for op in ["encode", "decode"] {
        if results.sweep.iter().any(|p| p.op == op) {
            charts.push(Chart {
                dataset: None,
                scatter: None,
                title: format!("task-manager {op} cost per task"),
                file: format!("sweep-{op}.svg"),
                svg: sweep(results, op)?,
            });
        }
    }
    Ok(charts)
}

/// A dataset's size against encode time and against decode time, for the
/// operations some codec timed.
fn scatters(dataset: &str, records: &[&Record]) -> Vec<Chart> {
    [Op::Encode, Op::Decode]
        .into_iter()
        .filter_map(|op| {
            let svg = scatter::chart(dataset, op, &scatter::points(records.iter().copied(), op))?;
            Some(Chart {
                dataset: Some(dataset.to_owned()),
                scatter: Some(op),
                title: format!("{dataset} {}: size against time", op.name()),
                file: format!("scatter-{}-{}.svg", file_stem(dataset), op.name()),
                svg,
            })
        })
        .collect()
}

fn plot_error<E: std::fmt::Debug>(error: E) -> Error {
    Error(format!("cannot draw a chart: {error:?}"))
}

fn canvas(svg: &mut String) -> Result<DrawingArea<SVGBackend<'_>, Shift>, Error> {
    let root = SVGBackend::with_string(svg, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&WHITE).map_err(plot_error)?;
    Ok(root)
}

/// One group of bars per codec, one bar per series; `log` draws the value
/// axis on a log scale, labelled with `label`.
fn grouped_bars(
    title: &str,
    series: &[&str],
    groups: &[(&str, Vec<Option<f64>>)],
    log: bool,
    label: &dyn Fn(f64) -> String,
) -> Result<String, Error> {
    let mut svg = String::new();
    let root = canvas(&mut svg)?;
    // Bounded, finite ranges only: plotters marks a log axis decade by
    // decade, and an infinite or zero bound never ends.
    let values = groups
        .iter()
        .flat_map(|(_, v)| v.iter().flatten().copied())
        .filter(|v| v.is_finite() && *v >= 0.0);
    let (low, high) = values.fold((f64::MAX, 0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let high = high.min(1e300);
    let count = groups.len() as f64;
    let mut builder = ChartBuilder::on(&root);
    builder
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(NAME_AREA)
        .y_label_area_size(72);
    // Headroom above the tallest bar keeps the legend clear of the bars.
    if log {
        let low = (low / 2.0).max(1e-9).max(high / 1e20);
        let chart = builder
            .build_cartesian_2d(-0.5..count - 0.5, (low..high * 30.0).log_scale())
            .map_err(plot_error)?;
        fill(&root, chart, series, groups, low, label)?;
    } else {
        let chart = builder
            .build_cartesian_2d(-0.5..count - 0.5, 0.0..high * 1.35)
            .map_err(plot_error)?;
        fill(&root, chart, series, groups, 0.0, label)?;
    }
    root.present().map_err(plot_error)?;
    drop(root);
    Ok(svg)
}

/// Draws the mesh, the bars from `base`, the codec ids under their
/// groups and the legend.
fn fill<'a, Y>(
    root: &DrawingArea<SVGBackend<'a>, Shift>,
    mut chart: ChartContext<'a, SVGBackend<'a>, Cartesian2d<RangedCoordf64, Y>>,
    series: &[&str],
    groups: &[(&str, Vec<Option<f64>>)],
    base: f64,
    label: &dyn Fn(f64) -> String,
) -> Result<(), Error>
where
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_label_formatter(&|value| label(*value))
        .draw()
        .map_err(plot_error)?;
    let width = 0.8 / series.len() as f64;
    for (index, name) in series.iter().enumerate() {
        let color = Palette99::pick(index).to_rgba();
        let bars = groups
            .iter()
            .enumerate()
            .filter_map(|(group, (_, values))| {
                let value = values.get(index).copied().flatten()?;
                let left = group as f64 - 0.4 + width * (index as f64 + 0.1);
                Some(Rectangle::new(
                    [(left, base), (left + width * 0.8, value)],
                    color.filled(),
                ))
            });
        chart
            .draw_series(bars)
            .map_err(plot_error)?
            .label(*name)
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], color.filled()));
    }
    for (index, (name, _)) in groups.iter().enumerate() {
        // The root area draws in the backend's own pixels, as
        // `backend_coord` gives them.
        let (x, y) = chart.backend_coord(&(index as f64, base));
        // Upright, two dozen names run into each other: each reads upward,
        // ending under its group.
        let style = TextStyle::from(("sans-serif", 13))
            .transform(FontTransform::Rotate270)
            .pos(Pos::new(HPos::Right, VPos::Center));
        root.draw(&Text::new((*name).to_owned(), (x, y + 6), style))
            .map_err(plot_error)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .border_style(BLACK)
        .background_style(WHITE)
        .draw()
        .map_err(plot_error)
}

/// Nanoseconds per task against tasks, one line per codec (log–log).
fn sweep(results: &Report, op: &str) -> Result<String, Error> {
    let mut svg = String::new();
    let root = canvas(&mut svg)?;
    let points: Vec<_> = results.sweep.iter().filter(|p| p.op == op).collect();
    let (low, high) = points.iter().fold((f64::MAX, 0f64), |(lo, hi), p| {
        (lo.min(p.ns_per_task()), hi.max(p.ns_per_task()))
    });
    let (first, last) = points.iter().fold((u64::MAX, 0), |(lo, hi), p| {
        (lo.min(p.tasks), hi.max(p.tasks))
    });
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("task-manager {op}: ns per task against tasks (log–log)"),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(64)
        .build_cartesian_2d(
            (first as f64 * 0.8..last as f64 * 1.25).log_scale(),
            (low / 1.5..high * 4.0).log_scale(),
        )
        .map_err(plot_error)?;
    chart
        .configure_mesh()
        .x_desc("tasks")
        .y_desc("ns per task")
        .x_label_formatter(&|tasks| format!("{tasks:.0}"))
        .y_label_formatter(&|ns| format!("{ns:.0}"))
        .draw()
        .map_err(plot_error)?;
    let mut codecs: Vec<&str> = points.iter().map(|p| p.codec.as_str()).collect();
    codecs.sort_unstable();
    codecs.dedup();
    for (index, codec) in codecs.iter().enumerate() {
        let color = Palette99::pick(index).to_rgba();
        let mut line: Vec<(f64, f64)> = points
            .iter()
            .filter(|p| p.codec == *codec)
            .map(|p| (p.tasks as f64, p.ns_per_task()))
            .collect();
        line.sort_by(|a, b| a.0.total_cmp(&b.0));
        chart
            .draw_series(LineSeries::new(line.clone(), color.stroke_width(2)))
            .map_err(plot_error)?
            .label(*codec)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 14, y)], color.stroke_width(2))
            });
        chart
            .draw_series(line.into_iter().map(|p| Circle::new(p, 3, color.filled())))
            .map_err(plot_error)?;
    }
    chart
        .configure_series_labels()
        .border_style(BLACK)
        .background_style(WHITE)
        .draw()
        .map_err(plot_error)?;
    root.present().map_err(plot_error)?;
    drop((chart, root));
    Ok(svg)
}
