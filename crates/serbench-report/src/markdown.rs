//! The reports a person reads: `report.md`, `report.html` ([`html`]), the
//! summary printed at the end of a run, and the README's results section
//! ([`readme`]). Their tables
//! are built in [`sections`]; what a dataset is called and how big it was
//! comes from the benches (each record's `size_label`), so no dataset is
//! described here.

use std::fmt::Write as _;

use serbench_results::{Op, Record, Report, qt};

use crate::charts::Chart;
use crate::table::{alt, inline};
use crate::{datasets, facts, instructions, of, sections, verdicts};
use serbench_results::units::{bytes, time};

/// `report.md`.
#[must_use]
pub fn markdown(results: &Report, charts: &[Chart]) -> String {
    format!("# serbench report\n\n{}", full(results, charts))
}

/// Every figure of the run in Markdown, under a title of the caller's:
/// `report.md`, and the README's full results (`docs/results/README.md`),
/// which sits beside copies of the same charts, so the images' relative
/// links hold in both.
pub(crate) fn full(results: &Report, charts: &[Chart]) -> String {
    let mut text = header(results);
    text.push_str(&instructions::section(results));
    if charts.iter().any(|c| c.scatter.is_some()) {
        text.push_str(
            "## Size against time\n\nPer dataset, each codec's encoded size against its median \
             encode and decode time, both on log scales: down and to the left is smaller and \
             faster. The marked points and the dashed line are the Pareto front, the codecs no \
             other codec beats on both.\n\n",
        );
        for chart in charts.iter().filter(|c| c.scatter.is_some()) {
            let _ = writeln!(text, "![{}]({})", alt(&chart.title), chart.file);
        }
        text.push('\n');
    }
    let verdicts = verdicts::table(results);
    if !verdicts.is_empty() {
        text.push_str(
            "## Per-format verdict\n\nPer dataset and wire format, the fastest codec for encode \
             and for decode and the smallest encoding. Where a wire format has several codecs, speed is \
             judged from short rounds that alternate the codecs, the ratio taken round by round: \
             a codec is named fastest only when the middle half of its rivals' ratios clears \
             it by 3 %; otherwise the codecs are *within noise* of each other.\n\n",
        );
        text.push_str(&verdicts);
        text.push('\n');
    }
    text.push_str(
        "Medians over the timed samples (the median of the medians of the processes that timed \
         the row: a full run times each row in three processes per pass, because where a \
         process's memory lands moves some rows by 1.7×), with the row's noise and its \
         fastest sample. *encode*: \
         model to bytes into a reused buffer; *decode*: bytes to an owned model value; \
         *traverse*: the dataset's question from the bytes (in place for zero-copy formats, \
         marked ⚡, else decode then walk); *floor*: a memcpy of the same bytes. Sizes are \
         bytes per message (KB = 1000 B); zstd level 3, gzip level 6. Allocations are counts \
         per message from a counting allocator, in a second pass so that counting \
         does not slow the timed one. A library marked *tuned* is called through a path \
         written in serbench rather than its stock API. Each pair's round trip is verified \
         before it is timed. ",
    );
    text.push_str(&sections::legend(results));
    text.push_str(
        " The noise is the larger of the median's lead over the fastest sample and, with \
         several processes, the range of their medians, both relative to the median; two \
         figures closer than their noise cannot be told apart.\n\n",
    );
    text.push_str("## Codecs\n\n");
    text.push_str(&sections::codecs_table(results));
    text.push_str("\n## Size per message on every dataset\n\n");
    text.push_str(&sections::size_table(results));
    text.push('\n');
    for dataset in datasets(results) {
        let _ = writeln!(text, "## {}\n", dataset.heading);
        text.push_str(&sections::dataset_table(results, dataset.id));
        text.push('\n');
        text.push_str(&sections::native_table(results, dataset.id));
        let limits = sections::decode_limits_table(results, dataset.id);
        if !limits.is_empty() {
            text.push('\n');
            text.push_str(&limits);
        }
        if dataset.id == qt::DATASET {
            text.push_str(&sections::against_qt(results));
        }
        for chart in charts
            .iter()
            .filter(|c| c.dataset.as_deref() == Some(dataset.id) && c.scatter.is_none())
        {
            let _ = writeln!(text, "![{}]({})\n", alt(&chart.title), chart.file);
        }
    }
    if !results.sweep.is_empty() {
        text.push_str(&sections::sweep_table(results));
        for chart in charts.iter().filter(|c| c.dataset.is_none()) {
            let _ = writeln!(text, "![{}]({})\n", alt(&chart.title), chart.file);
        }
    }
    if !results.compile.is_empty() {
        text.push_str(&sections::compile_table(results));
    }
    text.push_str(&sections::code_size_table(results));
    if !results.evolution.is_empty() {
        let _ = write!(
            text,
            "## Schema evolution\n\n{}\n",
            sections::evolution(&results.evolution)
        );
    }
    if !results.capabilities.is_empty() {
        let _ = write!(
            text,
            "## Capabilities\n\n{}\n",
            sections::capabilities(results)
        );
    }
    text
}

/// The run's conditions, a bullet each.
fn header(results: &Report) -> String {
    let mut text = String::new();
    for (label, line) in facts(&results.run) {
        let _ = writeln!(text, "- **{label}**: {}", inline(&line));
    }
    text.push('\n');
    text
}

/// The table printed at the end of a run: medians with their noise.
#[must_use]
pub fn summary(results: &Report) -> String {
    let cell = |record: &Record, op: Op| {
        record.op(op).map_or_else(
            || time(None),
            |stats| match stats.noise {
                Some(noise) => format!("{} ±{:.0}%", time(Some(stats.median_ns)), noise * 100.0),
                None => time(Some(stats.median_ns)),
            },
        )
    };
    let mut text = String::new();
    for dataset in datasets(results) {
        let _ = writeln!(text, "\n{}", dataset.heading);
        let _ = writeln!(
            text,
            "  {:<14} {:>16} {:>16} {:>16} {:>10}",
            "codec", "encode", "decode", "traverse", "size"
        );
        for record in of(results, dataset.id) {
            if record.ok {
                let _ = writeln!(
                    text,
                    "  {:<14} {:>16} {:>16} {:>16} {:>10}{}",
                    record.codec,
                    cell(record, Op::Encode),
                    cell(record, Op::Decode),
                    cell(record, Op::Traverse),
                    bytes(record.size_bytes),
                    if record.contradictions.is_empty() {
                        String::new()
                    } else {
                        format!("  contradicts: {}", record.contradictions.join(", "))
                    }
                );
            } else {
                // Why, as the record says (a measured document's rows say
                // why a library cannot carry it), on one line.
                let why = record.error.as_deref().unwrap_or("its round trip failed");
                let mut why: String = why.chars().take(110).collect();
                if why.len() < record.error.as_deref().map_or(0, str::len) {
                    why.push('…');
                }
                let _ = writeln!(text, "  {:<14} not measured: {why}", record.codec);
            }
        }
    }
    if results.run.disturbed() {
        for (label, line) in results.run.checks() {
            let _ = writeln!(text, "\n{}: {line}", label.to_lowercase());
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{record, report};

    #[test]
    fn report_names_each_dataset_once_with_its_libraries() {
        let results = report(vec![
            record("media", "json", 488.0),
            record("media", "cbor", 394.0),
            record("records", "json", 19_200.0),
        ]);
        let text = markdown(&results, &[]);
        assert_eq!(text.matches("## media (media label)").count(), 1, "{text}");
        assert!(text.contains("| json | lib-json 1.0.0 |"), "{text}");
        assert!(summary(&results).contains("records (records label)"));
    }
}
