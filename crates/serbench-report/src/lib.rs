//! Markdown, HTML and SVG from a run's results: what a person reads of a
//! serbench run.
//!
//! Every function here is a pure function of a [`Report`] (what
//! `results.json` holds, [`serbench_results`]): the same value renders the
//! same text, which the golden tests in `tests/` hold. The caller (the
//! xtask) measures, opens and writes files; nothing here reads the clock
//! or the disk.
//!
//! - [`charts`] draws the SVG charts: the hand-written scatters of size
//!   against time (every mark carries its codec as a `data-` attribute,
//!   the Pareto front marked, labels placed apart; [`scatter`]), and bars
//!   and the sweep's lines with plotters;
//! - [`markdown`] is `report.md`, [`summary`] the table printed at the end
//!   of a run, [`readme`] the README's results block;
//! - [`html`] is `report.html` and [`html_comparison`] two runs side by
//!   side: maud templates, the SVG inline, a small script and stylesheet
//!   inlined, nothing to fetch;
//! - [`csv`] is `results.csv`, and [`comparison`] the text table of
//!   `cargo xtask compare`;
//! - [`files`] is all of a run's reports, named, for a caller to write;
//! - [`read()`] is a `results.json` read from a reader the caller opened, as
//!   input: at most [`read::MAX_BYTES`], its lists and figures held to
//!   plausible bounds, anything else refused in one short line.
//!
//! What a dataset is called and how big it was comes from the benches
//! (each record's `size_label`), so no dataset is described here.
//!
//! ```
//! use serbench_results::Report;
//!
//! let report = Report::default();
//! let charts = serbench_report::charts(&report).unwrap();
//! assert!(serbench_report::markdown(&report, &charts).starts_with("# serbench report"));
//! ```

mod charts;
mod compare;
mod csv;
mod html;
mod instructions;
mod markdown;
mod plot;
pub mod read;
pub mod readme;
pub mod rsb;
mod sections;
mod table;
mod verdicts;

use std::fmt;

use serbench_results::{Record, Report, Run};

pub use charts::{Chart, draw as charts};
pub use compare::comparison;
pub use csv::csv;
pub use html::compare::page as html_comparison;
pub use html::page as html;
pub use markdown::{markdown, summary};
pub use plot::scatter;
pub use read::read;
pub use sections::{
    capabilities as capabilities_markdown, capabilities_summary_markdown,
    evolution as evolution_markdown, evolution_summary_markdown,
};
pub use serbench_results::units;

/// Why a report could not be drawn or written: a chart the plotting
/// library refused, or a README without its results markers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// A run's reports, for a caller to write beside its `results.json`.
pub struct Reports {
    /// The charts, also among the files (the README's block uses them).
    pub charts: Vec<Chart>,
    /// Every file, its name and its text: the charts (`.svg`),
    /// `results.csv`, `report.md` and `report.html`.
    pub files: Vec<(String, String)>,
}

/// Every file of a run's reports: what the `serbench-report` binary and
/// `serbench measure` write.
pub fn files(results: &Report) -> Result<Reports, Error> {
    let charts = charts(results)?;
    let mut files: Vec<(String, String)> = charts
        .iter()
        .map(|chart| (chart.file.clone(), chart.svg.clone()))
        .collect();
    files.push(("results.csv".to_owned(), csv(&results.results)));
    files.push(("report.md".to_owned(), markdown(results, &charts)));
    files.push(("report.html".to_owned(), html(results, &charts)));
    Ok(Reports { charts, files })
}

/// A dataset of the run, in report order.
struct Dataset<'a> {
    id: &'a str,
    /// The dataset's own words for its size, and whether figures are per
    /// message of a larger workload.
    heading: String,
}

/// The datasets in the order of the run (the benches' order).
fn datasets(results: &Report) -> Vec<Dataset<'_>> {
    let mut seen: Vec<Dataset<'_>> = Vec::new();
    for record in &results.results {
        if !seen.iter().any(|dataset| dataset.id == record.dataset) {
            seen.push(Dataset {
                id: &record.dataset,
                heading: heading(record),
            });
        }
    }
    seen
}

/// `task-manager (10 000 → 9 944 tasks)`, on one line whatever the
/// names hold (see [`table::inline`]).
fn heading(record: &Record) -> String {
    table::inline(&heading_text(record))
}

fn heading_text(record: &Record) -> String {
    let per_message = if record.messages > 1 {
        "figures per message"
    } else {
        ""
    };
    let notes: Vec<&str> = [record.size_label.as_str(), per_message]
        .into_iter()
        .filter(|note| !note.is_empty())
        .collect();
    if notes.is_empty() {
        record.dataset.clone()
    } else {
        format!("{} ({})", record.dataset, notes.join("; "))
    }
}

/// The records of one dataset, in the order of the run.
fn of<'a>(results: &'a Report, dataset: &'a str) -> impl Iterator<Item = &'a Record> {
    results.results.iter().filter(move |r| r.dataset == dataset)
}

/// The run's conditions, a label and its text each: `report.md`'s
/// header and the pages' facts list.
pub(crate) fn facts(run: &Run) -> Vec<(&'static str, String)> {
    let kind = if run.quick {
        "quick run (few samples, small graph)"
    } else {
        "full run"
    };
    let filters = if run.filters.is_empty() {
        String::new()
    } else {
        format!(" ({})", run.filters.join(" "))
    };
    let versions: Vec<String> = run
        .versions
        .iter()
        .map(|(name, version)| format!("{name} {version}"))
        .collect();
    let mut facts = vec![
        ("Run", format!("{}, {kind}{filters}", run.started)),
        ("Machine", run.machine.clone()),
        ("Compiler", run.compiler.clone()),
        ("Build", run.profile.clone()),
        ("Commit", run.commit.clone()),
    ];
    if let Some(meter) = &run.instructions {
        facts.push(("Instructions", meter.clone()));
    }
    facts.extend(run.checks());
    facts.push(("Libraries", versions.join(", ")));
    facts
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A verified record of `size` bytes per message.
    pub(crate) fn record(dataset: &str, codec: &str, size: f64) -> Record {
        Record {
            dataset: dataset.to_owned(),
            codec: codec.to_owned(),
            library: format!("lib-{codec}"),
            version: "1.0.0".to_owned(),
            size_label: format!("{dataset} label"),
            messages: 1,
            size_bytes: size,
            ok: true,
            ..Record::default()
        }
    }

    /// Paired rounds of one dataset and operation: a side per codec id,
    /// its nanoseconds round by round.
    pub(crate) fn rounds_of(
        dataset: &str,
        op: serbench_results::Op,
        sides: &[(&str, &[f64])],
    ) -> serbench_results::verdict::Rounds {
        serbench_results::verdict::Rounds {
            dataset: dataset.to_owned(),
            op: op.name().to_owned(),
            sides: sides
                .iter()
                .map(|(id, ns)| serbench_results::verdict::Side {
                    id: (*id).to_owned(),
                    ns: ns.to_vec(),
                })
                .collect(),
        }
    }

    pub(crate) fn report(results: Vec<Record>) -> Report {
        Report {
            schema: 1,
            run: serbench_results::Run::default(),
            results,
            qt: Vec::new(),
            rounds: Vec::new(),
            sweep: Vec::new(),
            compile: Vec::new(),
            code_size: None,
            evolution: Vec::new(),
            capabilities: Vec::new(),
        }
    }

    #[test]
    fn headings_come_from_the_benches() {
        let mut telemetry = record("telemetry", "json", 300.0);
        telemetry.size_label = "10 000 messages".to_owned();
        telemetry.messages = 10_000;
        assert_eq!(
            heading(&telemetry),
            "telemetry (10 000 messages; figures per message)"
        );
        let mut media = record("media", "json", 488.0);
        media.size_label = String::new();
        assert_eq!(heading(&media), "media");
    }
}
