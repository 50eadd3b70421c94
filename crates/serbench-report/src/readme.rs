//! The README's results, rewritten by `cargo xtask bench --readme` (and
//! `cargo xtask report DIR --readme`): a short block between the README's
//! two markers, and the full results in `docs/results/`.
//!
//! The block answers first, as a README near its top should: one line
//! naming the run, the headline picture (the headline dataset's size
//! against decode time, [`HEADLINE`]), a table of one figure per cell
//! naming the smallest and fastest codec of each dataset, and a link to
//! the rest. Everything else (the machine checks, every dataset's full
//! table with its noise, the verdicts per format, Qt, the codecs, every
//! chart) is `docs/results/README.md`, the run's `report.md` under its own
//! title, beside copies of the run's charts. The headline is the run's
//! first dataset (the benches list the headline first).

use std::fmt::Write as _;
use std::path::Path;

use crate::charts::Chart;
use crate::markdown::full;
use crate::table::alt;
use crate::{Error, datasets, instructions, sections};
use serbench_model::excerpt::shown_name;

use serbench_results::Op;
use serbench_results::Report;

const BEGIN: &str = "<!-- results:begin (written by `cargo xtask bench --readme`) -->";
const END: &str = "<!-- results:end -->";

/// The folder of the full results, from the repository's root.
pub const DOCS: &str = "docs/results";
/// The headline picture, in [`DOCS`].
pub const HEADLINE: &str = "headline.svg";

/// The chart the README shows: the headline dataset's size against decode
/// time.
pub fn headline<'a>(results: &Report, charts: &'a [Chart]) -> Result<&'a Chart, Error> {
    let headline = datasets(results)
        .into_iter()
        .next()
        .ok_or_else(|| Error("the run measured no dataset".to_owned()))?;
    charts
        .iter()
        .find(|c| c.dataset.as_deref() == Some(headline.id) && c.scatter == Some(Op::Decode))
        .ok_or_else(|| {
            Error(format!(
                "no codec decoded {}, so there is no headline",
                shown_name(headline.id)
            ))
        })
}

/// The block between the markers, markers included.
#[must_use]
pub fn block(results: &Report) -> String {
    let run = &results.run;
    let headline = datasets(results)
        .into_iter()
        .next()
        .map_or_else(String::new, |dataset| dataset.id.to_owned());
    let shown = alt(&headline);
    let mut block = format!(
        "{BEGIN}\n\nMeasured by `cargo xtask bench{}{}` on {} ({}), {}, commit {}; {}.",
        if run.quick { " --quick" } else { "" },
        run.filters
            .iter()
            .fold(String::new(), |line, filter| line + " " + filter),
        run.machine,
        run.compiler,
        run.started,
        run.commit,
        run.profile
    );
    if run.disturbed() {
        let _ = write!(
            block,
            " The machine was busy or changed speed during the run, so its times are noisier \
             than usual: see the [machine checks]({DOCS}/README.md)."
        );
    }
    if let Some(ranking) = instructions::headline(results, &headline) {
        let _ = write!(
            block,
            "\n\n{shown}{}, every codec by the instructions it executes per message to \
             decode (counted under Callgrind: the same on every run, so it ranks across wire \
             formats where the clock cannot), with encode's beside and the clock's paired \
             verdict within each wire format:\n\n{}",
            instructions::counted_at(results, &headline),
            ranking.trim_end()
        );
    }
    let _ = write!(
        block,
        "\n\n![{shown}: encoded size against median decode time, a point per codec; down and \
         left is smaller and faster, the dashed line the Pareto front]({DOCS}/{HEADLINE})\n\n"
    );
    block.push_str(&sections::headline_table(results));
    let _ = write!(
        block,
        "\nSizes and median times per message. Every figure with its noise, the codecs within \
         noise of the fastest, the verdicts per format, Qt and the charts of every dataset: \
         [the full results]({DOCS}/README.md).\n\n{END}"
    );
    block
}

/// `docs/results/README.md`: the run's full report, under a title that
/// says where it comes from.
#[must_use]
pub fn full_results(results: &Report, charts: &[Chart]) -> String {
    format!(
        "# serbench results\n\nThe full results of the run the [README](../../README.md) \
         summarizes, written with it by `cargo xtask bench --readme`. The run's `report.html` \
         holds the same figures as a page to sort and filter.\n\n{}",
        full(results, charts)
    )
}

/// The README with the text between the markers (and the markers) replaced.
pub fn replace_section(readme: &str, section: &str) -> Result<String, Error> {
    let (before, rest) = readme
        .split_once(BEGIN)
        .ok_or_else(|| Error("README.md has no results section markers".to_owned()))?;
    let (_, after) = rest
        .split_once(END)
        .ok_or_else(|| Error("README.md's results section is not closed".to_owned()))?;
    Ok(format!("{before}{section}{after}"))
}

/// Holds the block between the lines `begin` and `end` of the file at
/// `path` to `body`, as the tests that generate README.md's tables do:
/// `Ok` when it is; otherwise the file is rewritten with `body` (but on
/// CI, where the checkout is not to change) and the `Err` says so, so the
/// change shows in review and the test fails once.
pub fn hold_block(path: &Path, begin: &str, end: &str, body: &str) -> Result<(), String> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    let (head, rest) = text
        .split_once(begin)
        .ok_or_else(|| format!("{name} has no line {begin}"))?;
    let (_, tail) = rest
        .split_once(end)
        .ok_or_else(|| format!("{name} has no line {end} after {begin}"))?;
    hold(
        path,
        &text,
        &format!("{head}{begin}\n\n{body}\n{end}{tail}"),
    )
}

/// Holds the whole generated file at `path` to `expected`, as
/// [`hold_block`] holds a block: rewritten and an error when it differs,
/// only an error under `CI`. A missing file is a stale one.
///
/// # Errors
///
/// When the file was stale, or cannot be written.
pub fn hold_file(path: &Path, expected: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    hold(path, &text, expected)
}

fn hold(path: &Path, text: &str, expected: &str) -> Result<(), String> {
    let name = path.display();
    if text == expected {
        return Ok(());
    }
    if std::env::var_os("CI").is_some() {
        return Err(format!(
            "{name} is stale: run the tests locally and commit {name}"
        ));
    }
    std::fs::write(path, expected).map_err(|e| format!("cannot write {name}: {e}"))?;
    Err(format!(
        "{name} was stale; it is rewritten: review it and commit {name}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{record, report};
    use serbench_results::OpStats;

    #[test]
    fn replaces_only_the_marked_section() {
        let readme = format!("# serbench\n\n{BEGIN}\nold\n{END}\n\n## More\n");
        let new = format!("{BEGIN}\nnew\n{END}");
        assert_eq!(
            replace_section(&readme, &new).unwrap(),
            format!("# serbench\n\n{BEGIN}\nnew\n{END}\n\n## More\n")
        );
        assert!(replace_section("# no markers", &new).is_err());
    }

    /// A record timed at `encode` and `decode` nanoseconds, with noise.
    fn timed(
        dataset: &str,
        codec: &str,
        size: f64,
        encode: f64,
        decode: f64,
    ) -> serbench_results::Record {
        let mut record = record(dataset, codec, size);
        let stats = |median_ns: f64| {
            Some(OpStats {
                median_ns,
                min_ns: Some(median_ns * 0.6),
                noise: Some(0.4),
                ..OpStats::default()
            })
        };
        record.ops.encode = stats(encode);
        record.ops.decode = stats(decode);
        record
    }

    /// The block is short and answers first: the picture, then a figure
    /// per cell naming the leaders, then the way to everything else.
    #[test]
    fn the_block_is_short_with_the_picture_the_leaders_and_the_link() {
        let codecs = [
            ("json", 2.01e6, 2.49e6, 6.67e6),
            ("bincode", 643e3, 341e3, 1.17e6),
            ("postcard", 643e3, 522e3, 1.99e6),
            ("bitcode", 567e3, 747e3, 1.87e6),
            ("wincode", 882e3, 245e3, 1.33e6),
        ];
        let mut records = Vec::new();
        for dataset in ["task-manager", "telemetry", "graph", "records", "media"] {
            for (codec, size, encode, decode) in codecs {
                records.push(timed(dataset, codec, size, encode, decode));
            }
        }
        let mut results = report(records);
        results.run.quick = true;
        let block = block(&results);
        assert!(block.starts_with(BEGIN) && block.ends_with(END), "{block}");
        assert!(block.lines().count() <= 30, "{block}");
        assert!(
            block.contains(
                "![task-manager: encoded size against median decode time, a point per codec"
            ),
            "{block}"
        );
        assert!(block.contains("](docs/results/headline.svg)"), "{block}");
        assert!(
            block.contains("| dataset | smallest | fastest encode | fastest decode |"),
            "{block}"
        );
        assert!(
            block.contains(
                "| task-manager (task-manager label) | bitcode 567 KB | wincode 245 µs | bincode 1.17 ms |"
            ),
            "{block}"
        );
        assert!(block.contains("[the full results](docs/results/README.md)"));
        assert!(block.contains("`cargo xtask bench --quick`"), "{block}");
        // One figure per cell: the noise stays in the full results.
        assert!(!block.contains('±') && !block.contains('≈'), "{block}");
    }

    #[test]
    fn ties_for_smallest_are_named_together() {
        let results = report(vec![
            timed("media", "bincode", 232.0, 10.0, 20.0),
            timed("media", "postcard", 232.0, 12.0, 22.0),
            timed("media", "json", 488.0, 30.0, 40.0),
        ]);
        assert!(
            block(&results).contains("| bincode, postcard 232 B | bincode 10.0 ns |"),
            "{}",
            block(&results)
        );
    }

    #[test]
    fn the_full_results_hold_the_tables_with_their_noise() {
        let results = report(vec![
            timed("media", "bincode", 232.0, 10.0, 20.0),
            timed("records", "json", 19_200.0, 30.0, 40.0),
        ]);
        let page = full_results(&results, &[]);
        assert!(page.starts_with("# serbench results\n"), "{page}");
        assert!(page.contains("## media (media label)"), "{page}");
        // Every figure is as noisy as the run's typical one: none is marked.
        assert!(page.contains("10.0 ns ±40% [6.00 ns]"), "{page}");
        assert!(
            page.contains("## Size per message on every dataset"),
            "{page}"
        );
        assert!(page.contains("| bincode | 232 B | – |"), "{page}");
    }
}
