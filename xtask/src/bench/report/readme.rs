//! The README's results section, rewritten by `cargo xtask bench --readme`
//! between its two markers, with the run's charts copied to
//! `docs/results/`. The headline is the run's first dataset (the benches
//! list the headline first).

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Context;

use super::super::Report;
use super::super::charts::Chart;
use super::{datasets, sections};

const BEGIN: &str = "<!-- results:begin (written by `cargo xtask bench --readme`) -->";
const END: &str = "<!-- results:end -->";

/// Rewrites the README's results section from this run.
pub(crate) fn update_readme(
    root: &Path,
    out: &Path,
    results: &Report,
    charts: &[Chart],
) -> anyhow::Result<()> {
    let headline = datasets(results)
        .into_iter()
        .next()
        .context("the run measured no dataset")?;
    // Every chart goes to docs/results/; the README shows the headline's
    // and the sweep's.
    let docs = root.join("docs").join("results");
    let _ = std::fs::remove_dir_all(&docs);
    std::fs::create_dir_all(&docs).with_context(|| format!("cannot create {}", docs.display()))?;
    for chart in charts {
        std::fs::copy(out.join(&chart.file), docs.join(&chart.file))
            .with_context(|| format!("cannot copy {} to {}", chart.file, docs.display()))?;
    }
    let mut images: Vec<&str> = charts
        .iter()
        .filter(|c| c.dataset.as_deref().is_none_or(|d| d == headline.id))
        .map(|c| c.file.as_str())
        .collect();
    images.sort_unstable();

    let run = &results.run;
    let mut section = format!(
        "{BEGIN}\n\nMeasured by `cargo xtask bench{}{}` on {} ({}), {}, commit {}; {}.\n\n",
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
        for (label, line) in run.checks() {
            let _ = writeln!(section, "{label}: {line}.\n");
        }
    }
    let _ = writeln!(
        section,
        "{}, median per operation with its noise and fastest sample:\n",
        capitalized(&headline.heading)
    );
    section.push_str(&sections::headline_table(results, headline.id));
    section.push('\n');
    section.push_str(sections::LEGEND);
    section.push_str("\n\n");
    let verdicts = super::verdicts::table(results, true);
    if !verdicts.is_empty() {
        section.push_str(
            "Per-format verdict, for the formats with several codecs (from alternating \
             rounds; the full table is in `report.md`):\n\n",
        );
        section.push_str(&verdicts);
        section.push('\n');
    }
    section.push_str(&sections::against_qt(results));
    section.push_str("Size per message on every dataset:\n\n");
    section.push_str(&sections::size_table(results));
    section.push('\n');
    section.push_str(&sections::codecs_table(results));
    section.push_str(
        "\n⚡ traverses in place. Every figure, per dataset, is in the run's `report.md`.\n\n",
    );
    for image in images {
        let _ = writeln!(section, "![{image}](docs/results/{image})");
    }
    section.push('\n');
    section.push_str(END);

    let readme_path = root.join("README.md");
    let readme = std::fs::read_to_string(&readme_path)
        .with_context(|| format!("cannot read {}", readme_path.display()))?;
    std::fs::write(&readme_path, replace_section(&readme, &section)?)
        .with_context(|| format!("cannot write {}", readme_path.display()))?;
    Ok(())
}

/// `Task-manager (…)`: the heading opens a sentence in the README.
fn capitalized(heading: &str) -> String {
    let mut chars = heading.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The README with the text between the markers (and the markers) replaced.
fn replace_section(readme: &str, section: &str) -> anyhow::Result<String> {
    let (before, rest) = readme
        .split_once(BEGIN)
        .context("README.md has no results section markers")?;
    let (_, after) = rest
        .split_once(END)
        .context("README.md's results section is not closed")?;
    Ok(format!("{before}{section}{after}"))
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn the_heading_opens_a_sentence() {
        assert_eq!(
            capitalized("task-manager (10 000 → 9 944 tasks)"),
            "Task-manager (10 000 → 9 944 tasks)"
        );
    }
}
