//! A `results.json` read as input: whoever hands the binary a file may
//! have written every figure and name in it, so the file is bounded in
//! size and in what it holds before anything is drawn from it.
//!
//! A full run writes well under a megabyte (a record per dataset × codec,
//! a few rounds per pair), so the bounds below sit far above any real run
//! and far below what would take the renderer minutes or gigabytes:
//! - the file: at most [`MAX_BYTES`], refused unread past that;
//! - lists: at most [`MAX_ITEMS`] records, rounds, cells or lines each,
//!   [`MAX_ITEMS`] samples per side of a round, and [`MAX_DATASETS`]
//!   datasets;
//! - figures: finite, and within what a run can measure: times
//!   ([`TIME_NS`]) from a picosecond to an hour, sizes per message up to
//!   [`MAX_SIZE`], counts and shares non-negative and bounded.
//!
//! A file past any bound is refused with one line that names the bound
//! and where it was passed, names from the file quoted through the one
//! excerpt helper.

use std::collections::HashSet;
use std::fmt::Display;
use std::io::Read;

use serbench_model::excerpt::{cut, shown_name};
use serbench_results::{Figure, Op, Record, Report};

use crate::Error;

/// The largest `results.json` read: sixteen times a full run's file.
pub const MAX_BYTES: u64 = 16 << 20;

/// The most entries of any list of the file (records, rounds, the
/// sweep's points, evolution cells, capability lines, …); a full run has
/// a few hundred at most.
pub const MAX_ITEMS: usize = 4096;

/// The most distinct datasets (a run has nine): each gets its own
/// section and charts.
pub const MAX_DATASETS: usize = 32;

/// The range of a plausible time in nanoseconds: a picosecond to an hour.
pub const TIME_NS: (f64, f64) = (1e-3, 3.6e12);

/// The largest plausible size per message, in bytes (a terabyte).
pub const MAX_SIZE: f64 = 1e12;

/// The largest plausible count (allocations, instructions, cycles, bytes
/// allocated) per message.
const MAX_COUNT: f64 = 1e15;

/// The largest plausible share (noise, spread, a bound's share).
const MAX_SHARE: f64 = 1e6;

/// The most bytes of a parser's message an error keeps: with the
/// binary's `serbench-report: `, an excerpt of the path and this
/// module's words, the line stays within 256 bytes.
const PARSER_BYTES: usize = 140;

/// Reads a `results.json` of the current schema from `source`, at most
/// [`MAX_BYTES`] of it, and checks what it holds against the bounds of
/// this module.
pub fn read(source: impl Read) -> Result<Report, Error> {
    let mut text = Vec::new();
    source
        .take(MAX_BYTES + 1)
        .read_to_end(&mut text)
        .map_err(|e| fail(format_args!("cannot read it: {e}")))?;
    if text.len() as u64 > MAX_BYTES {
        return Err(fail(format_args!(
            "it is larger than {} MiB, the most a results.json may be",
            MAX_BYTES >> 20
        )));
    }
    let report = parse(&text)?;
    check(&report)?;
    Ok(report)
}

/// The file's `schema` first, so a run of another layout is refused by
/// its number; then the report straight from the text, so that a
/// parser's error keeps its line and column.
fn parse(text: &[u8]) -> Result<Report, Error> {
    /// A file's layout version, whatever else it holds.
    #[derive(serde::Deserialize)]
    struct Schema {
        schema: u32,
    }
    let not_a_run = |e: serde_json::Error| {
        fail(format_args!(
            "it is not a serbench results.json: {}",
            cut(&e.to_string().escape_debug().to_string(), PARSER_BYTES)
        ))
    };
    let schema: Schema = serde_json::from_slice(text).map_err(not_a_run)?;
    serbench_results::check_schema(schema.schema).map_err(|e: serde_json::Error| fail(e))?;
    serde_json::from_slice(text).map_err(not_a_run)
}

fn fail(what: impl Display) -> Error {
    Error(what.to_string())
}

/// Checks every list and figure of `report` against the bounds.
pub fn check(report: &Report) -> Result<(), Error> {
    count("results", report.results.len())?;
    count("rounds", report.rounds.len())?;
    count("qt", report.qt.len())?;
    count("sweep", report.sweep.len())?;
    count("compile", report.compile.len())?;
    count("evolution", report.evolution.len())?;
    count("capabilities", report.capabilities.len())?;
    let mut datasets: HashSet<&str> = HashSet::new();
    for (index, record) in report.results.iter().enumerate() {
        datasets.insert(&record.dataset);
        if datasets.len() > MAX_DATASETS {
            return Err(fail(format_args!(
                "results[{index}]: dataset {}: more than {MAX_DATASETS} datasets",
                shown_name(&record.dataset)
            )));
        }
        record_figures(record).map_err(|e| {
            fail(format_args!(
                "results[{index}], codec {}: {e}",
                shown_name(&record.codec)
            ))
        })?;
    }
    for (index, rounds) in report.rounds.iter().enumerate() {
        count("the sides of a round", rounds.sides.len())?;
        for side in &rounds.sides {
            count("the rounds of a side", side.ns.len())?;
            for &ns in &side.ns {
                time(ns).map_err(|e| {
                    fail(format_args!(
                        "rounds[{index}], side {}: ns {e}",
                        shown_name(&side.id)
                    ))
                })?;
            }
        }
    }
    for (index, measured) in report.qt.iter().enumerate() {
        time(measured.serialize_ns)
            .and_then(|()| time(measured.deserialize_ns))
            .map_err(|e| fail(format_args!("qt[{index}]: a time {e}")))?;
    }
    for (index, point) in report.sweep.iter().enumerate() {
        time(point.ns).map_err(|e| fail(format_args!("sweep[{index}]: ns {e}")))?;
    }
    for (index, compile) in report.compile.iter().enumerate() {
        within(compile.seconds, 0.0, TIME_NS.1 / 1e9)
            .map_err(|e| fail(format_args!("compile[{index}]: seconds {e}")))?;
    }
    if let Some(sizes) = &report.code_size {
        count("code_size.codecs", sizes.codecs.len())?;
    }
    Ok(())
}

fn count(list: &str, len: usize) -> Result<(), Error> {
    if len > MAX_ITEMS {
        return Err(fail(format_args!(
            "{list}: {len} entries, more than the {MAX_ITEMS} a results.json may hold"
        )));
    }
    Ok(())
}

fn record_figures(record: &Record) -> Result<(), String> {
    for (name, bytes) in [
        ("size_bytes", record.size_bytes),
        ("zstd_bytes", record.zstd_bytes),
        ("gzip_bytes", record.gzip_bytes),
    ] {
        within(bytes, 0.0, MAX_SIZE).map_err(|e| format!("{name} {e}"))?;
    }
    if let Some(safety) = &record.safety {
        within(safety.worst_of_bound, 0.0, MAX_SHARE)
            .map_err(|e| format!("safety.worst_of_bound {e}"))?;
        if let Some(expansion) = safety.dense_expansion {
            within(expansion, 0.0, MAX_SHARE).map_err(|e| format!("safety.dense_expansion {e}"))?;
        }
    }
    for op in Op::ALL {
        let Some(stats) = record.op(op) else { continue };
        for (name, value) in [("p25_ns", stats.p25_ns), ("p75_ns", stats.p75_ns)] {
            if let Some(value) = value {
                time(value).map_err(|e| format!("{}.{name} {e}", op.name()))?;
            }
        }
        for figure in [
            Figure::Median,
            Figure::Min,
            Figure::Max,
            Figure::Mean,
            Figure::Noise,
            Figure::Spread,
            Figure::Runs,
            Figure::Allocs,
            Figure::AllocBytes,
            Figure::PeakBytes,
            Figure::Instructions,
            Figure::EstimatedCycles,
        ] {
            let Some(value) = figure.get(stats) else {
                continue;
            };
            let checked = match figure {
                Figure::Median | Figure::Min | Figure::Max | Figure::Mean => time(value),
                Figure::Noise | Figure::Spread => within(value, 0.0, MAX_SHARE),
                Figure::Runs
                | Figure::Allocs
                | Figure::AllocBytes
                | Figure::PeakBytes
                | Figure::Instructions
                | Figure::EstimatedCycles => within(value, 0.0, MAX_COUNT),
            };
            checked.map_err(|e| format!("{}{} {e}", op.name(), figure.suffix()))?;
        }
    }
    Ok(())
}

/// A time in nanoseconds within [`TIME_NS`].
fn time(ns: f64) -> Result<(), String> {
    within(ns, TIME_NS.0, TIME_NS.1)
}

/// `value` finite and within `low..=high`, else why not.
fn within(value: f64, low: f64, high: f64) -> Result<(), String> {
    if !value.is_finite() {
        Err(format!("is {value}, not a finite number"))
    } else if value < low || value > high {
        Err(format!(
            "is {value:e}, outside the plausible {low:e} to {high:e}"
        ))
    } else {
        Ok(())
    }
}
