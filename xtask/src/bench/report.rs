//! The reports a person reads: `report.md`, the summary printed at the end
//! of a run, and the README's results section.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Context;
use serde::{Deserialize, Serialize};

use super::Report;
use super::charts::Chart;
use super::divan::Measurement;
use super::qt::{AIM, COUNTERPARTS};
use super::results::{Record, SizeLine};

/// One `--sweep` figure: a format's encode or decode of the task-manager
/// at one size.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct SweepPoint {
    pub(crate) format: String,
    /// `encode` or `decode`.
    pub(crate) op: String,
    /// The task count asked of the generator (the lists hold up to 1.2 %
    /// fewer: 10 000 gives 9 944).
    pub(crate) tasks: u64,
    /// Median nanoseconds for the whole task-manager.
    pub(crate) ns: f64,
}

impl SweepPoint {
    pub(crate) fn ns_per_task(&self) -> f64 {
        self.ns / self.tasks.max(1) as f64
    }
}

/// The sweep's figures: bench paths `sweep::<op>::<Type>::<tasks>`.
pub(crate) fn sweep_points(sizes: &[SizeLine], measurements: &[Measurement]) -> Vec<SweepPoint> {
    measurements
        .iter()
        .filter_map(
            |m| match m.path.iter().map(String::as_str).collect::<Vec<_>>()[..] {
                ["sweep", op, ty, tasks] => {
                    let format = sizes.iter().find(|line| line.type_name == ty)?;
                    Some(SweepPoint {
                        format: format.format.clone(),
                        op: op.to_owned(),
                        tasks: tasks.parse().ok()?,
                        ns: m.median_ns,
                    })
                }
                _ => None,
            },
        )
        .collect()
}

/// `1.23 ms`, three significant digits.
pub(crate) fn time(ns: Option<f64>) -> String {
    let Some(ns) = ns else {
        return "–".to_owned();
    };
    let (value, unit) = if ns >= 1e9 {
        (ns / 1e9, "s")
    } else if ns >= 1e6 {
        (ns / 1e6, "ms")
    } else if ns >= 1e3 {
        (ns / 1e3, "µs")
    } else {
        (ns, "ns")
    };
    format!("{} {unit}", significant(value))
}

/// `1.51 MB` (decimal units, as the Qt benchmark's KB).
pub(crate) fn bytes(value: f64) -> String {
    if value >= 1e6 {
        format!("{} MB", significant(value / 1e6))
    } else if value >= 1e4 {
        format!("{} KB", significant(value / 1e3))
    } else {
        format!("{value:.0} B")
    }
}

fn significant(value: f64) -> String {
    if value >= 100.0 {
        format!("{value:.0}")
    } else if value >= 10.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.2}")
    }
}

fn count(value: Option<f64>) -> String {
    value.map_or_else(
        || "–".to_owned(),
        |v| {
            if v >= 10.0 {
                format!("{v:.0}")
            } else {
                format!("{v:.2}")
            }
        },
    )
}

fn rate(bytes_per_second: Option<f64>) -> String {
    bytes_per_second.map_or_else(|| "–".to_owned(), |rate| format!("{}/s", bytes(rate)))
}

/// The datasets in report order, with what their figures are per.
fn datasets(results: &Report) -> Vec<(&str, String)> {
    let mut seen: Vec<(&str, String)> = Vec::new();
    for record in &results.results {
        if !seen.iter().any(|(name, _)| *name == record.dataset) {
            let per = match record.dataset.as_str() {
                "task-manager" => format!("{} tasks requested", record.size),
                "telemetry" => format!("per message, {} messages", record.messages),
                "graph" => format!("{} nodes", record.size),
                _ => "one fixed value".to_owned(),
            };
            seen.push((record.dataset.as_str(), per));
        }
    }
    seen
}

fn of<'a>(results: &'a Report, dataset: &'a str) -> impl Iterator<Item = &'a Record> {
    results.results.iter().filter(move |r| r.dataset == dataset)
}

/// `report.md`.
pub(crate) fn markdown(results: &Report, charts: &[Chart]) -> String {
    let run = &results.run;
    let mut text = String::from("# serbench report\n\n");
    let kind = if run.quick {
        "quick run (few samples, small graph)"
    } else {
        "full run"
    };
    let _ = writeln!(
        text,
        "- **Run**: {}, {kind}{}",
        run.started,
        filters(&run.filters)
    );
    let _ = writeln!(text, "- **Machine**: {}", run.machine);
    let _ = writeln!(text, "- **Compiler**: {}", run.compiler);
    let _ = writeln!(text, "- **Build**: {}", run.profile);
    let _ = writeln!(text, "- **Commit**: {}", run.commit);
    let versions: Vec<String> = run
        .versions
        .iter()
        .map(|(name, version)| format!("{name} {version}"))
        .collect();
    let _ = writeln!(text, "- **Libraries**: {}\n", versions.join(", "));
    text.push_str(
        "Medians over divan's samples (the min–max spread is in `results.json`). *encode*: \
         model to bytes into a reused buffer; *decode*: bytes to an owned model value; \
         *traverse*: the dataset's question from the bytes (in place for zero-copy formats, \
         marked ⚡, else decode then walk); *floor*: a memcpy of the same bytes. Sizes are \
         bytes per message (KB = 1000 B); zstd level 3, gzip level 6. Allocations are counts \
         per message from divan's allocation profiler, in a second pass so that counting \
         does not slow the timed one. Each pair's round trip is verified before \
         it is timed.\n\n",
    );

    for (dataset, per) in datasets(results) {
        text.push_str(&dataset_section(results, charts, dataset, &per));
    }

    if !results.sweep.is_empty() {
        text.push_str(&sweep_table(results));
        for chart in charts.iter().filter(|c| c.dataset.is_none()) {
            let _ = writeln!(text, "![{}]({})\n", chart.title, chart.file);
        }
    }
    if !results.compile.is_empty() {
        text.push_str("## Compile times\n\nClean `cargo build --release -p <crate>`, dependencies included.\n\n| crate | seconds | libraries | crates |\n|---|---:|---:|---:|\n");
        for compile in &results.compile {
            let _ = writeln!(
                text,
                "| {} | {:.1} | {} | {} |",
                compile.package,
                compile.seconds,
                bytes(compile.library_bytes as f64),
                compile.crates
            );
        }
        text.push('\n');
    }
    text
}

/// One dataset's section of `report.md`: the table, native rows, Qt and charts.
fn dataset_section(results: &Report, charts: &[Chart], dataset: &str, per: &str) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "## {dataset} ({per})\n");
    text.push_str(
        "| format | encode | decode | traverse | size | zstd | gzip | encode allocs | decode allocs | encode | decode | floor |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for record in of(results, dataset) {
        if !record.ok {
            let _ = writeln!(
                text,
                "| {} | failed: {} |||||||||||",
                record.format,
                record.error.as_deref().unwrap_or("")
            );
            continue;
        }
        let _ = writeln!(
            text,
            "| {}{} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            record.format,
            if record.zero_copy { " ⚡" } else { "" },
            time(record.encode_ns),
            time(record.decode_ns),
            time(record.traverse_ns),
            bytes(record.size_bytes),
            bytes(record.zstd_bytes),
            bytes(record.gzip_bytes),
            count(record.encode_allocs),
            count(record.decode_allocs),
            rate(record.throughput(record.encode_ns)),
            rate(record.throughput(record.decode_ns)),
            time(record.floor_ns),
        );
    }
    text.push('\n');
    let native: Vec<&Record> = of(results, dataset)
        .filter(|r| r.build_ns.is_some())
        .collect();
    if !native.is_empty() {
        text.push_str(
            "Native rows, the two halves of *encode* for formats with generated message types:\n\n\
             | format | build message from model | write prebuilt message | encode |\n|---|---:|---:|---:|\n",
        );
        for record in native {
            let _ = writeln!(
                text,
                "| {} | {} | {} | {} |",
                record.format,
                time(record.build_ns),
                time(record.write_ns),
                time(record.encode_ns)
            );
        }
        text.push('\n');
    }
    if dataset == "task-manager" {
        text.push_str(&against_qt(results));
    }
    for chart in charts
        .iter()
        .filter(|c| c.dataset.as_deref() == Some(dataset))
    {
        let _ = writeln!(text, "![{}]({})\n", chart.title, chart.file);
    }
    text
}

fn filters(filters: &[String]) -> String {
    if filters.is_empty() {
        String::new()
    } else {
        format!(" ({})", filters.join(" "))
    }
}

/// The task-manager against Qt's implementations: the reference
/// figures, Qt measured here when installed, and how far ahead we are.
fn against_qt(results: &Report) -> String {
    let mut text = format!(
        "Against Qt (the aim: every codec at least {AIM}× faster than its Qt counterpart on \
         both operations; the ratio uses Qt measured here when available, else the reference; \
         Qt is timed as serbench is, the median of its runs, a deserialized value freed \
         inside the timed run):\n\n\
         | Qt | reference serialize / deserialize | Qt measured here | serbench | encode / decode | × faster | aim |\n\
         |---|---:|---:|---|---:|---:|:-:|\n"
    );
    for counterpart in &COUNTERPARTS {
        let Some(record) =
            of(results, "task-manager").find(|r| r.format == counterpart.format && r.ok)
        else {
            continue;
        };
        let measured = results.qt.iter().find(|m| m.id == counterpart.id);
        let (qt_serialize, qt_deserialize) = measured.map_or(
            (
                counterpart.reference_ms.0 * 1e6,
                counterpart.reference_ms.1 * 1e6,
            ),
            |m| (m.serialize_ns, m.deserialize_ns),
        );
        let ratios = record
            .encode_ns
            .zip(record.decode_ns)
            .map(|(e, d)| (qt_serialize / e, qt_deserialize / d));
        let _ = writeln!(
            text,
            "| {} | {} / {} ms | {} | {} | {} / {} | {} | {} |",
            counterpart.qt,
            counterpart.reference_ms.0,
            counterpart.reference_ms.1,
            measured.map_or_else(
                || "–".to_owned(),
                |m| format!(
                    "{} / {}",
                    time(Some(m.serialize_ns)),
                    time(Some(m.deserialize_ns))
                )
            ),
            record.format,
            time(record.encode_ns),
            time(record.decode_ns),
            ratios.map_or_else(|| "–".to_owned(), |(s, d)| format!("{s:.1} / {d:.1}")),
            ratios.map_or("–", |(s, d)| if s >= AIM && d >= AIM {
                "met"
            } else {
                "missed"
            }),
        );
    }
    text.push('\n');
    text
}

fn sweep_table(results: &Report) -> String {
    let mut sizes: Vec<u64> = results.sweep.iter().map(|p| p.tasks).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let mut text = String::from(
        "## Task-manager sweep\n\nNanoseconds per task; growth is linear where the figure stays flat \
         from left to right.\n\n| format | op |",
    );
    for size in &sizes {
        let _ = write!(text, " {size} |");
    }
    text.push_str(" largest ÷ smallest |\n|---|---|");
    text.push_str(&"---:|".repeat(sizes.len() + 1));
    text.push('\n');
    let mut rows: Vec<(&str, &str)> = results
        .sweep
        .iter()
        .map(|p| (p.format.as_str(), p.op.as_str()))
        .collect();
    rows.dedup();
    rows.sort_unstable();
    rows.dedup();
    for (format, op) in rows {
        let points: Vec<&SweepPoint> = results
            .sweep
            .iter()
            .filter(|p| p.format == format && p.op == op)
            .collect();
        let _ = write!(text, "| {format} | {op} |");
        for size in &sizes {
            let cell = points
                .iter()
                .find(|p| p.tasks == *size)
                .map_or_else(|| "–".to_owned(), |p| format!("{:.0}", p.ns_per_task()));
            let _ = write!(text, " {cell} |");
        }
        let first = points
            .iter()
            .min_by_key(|p| p.tasks)
            .map(|p| p.ns_per_task());
        let last = points
            .iter()
            .max_by_key(|p| p.tasks)
            .map(|p| p.ns_per_task());
        let growth = first
            .zip(last)
            .map_or_else(|| "–".to_owned(), |(a, b)| format!("{:.2}", b / a));
        let _ = writeln!(text, " {growth} |");
    }
    text.push('\n');
    text
}

/// The table printed at the end of a run.
pub(crate) fn summary(results: &Report) -> String {
    let mut text = String::new();
    for (dataset, per) in datasets(results) {
        let _ = writeln!(text, "\n{dataset} ({per})");
        let _ = writeln!(
            text,
            "  {:<12} {:>10} {:>10} {:>10} {:>10}",
            "format", "encode", "decode", "traverse", "size"
        );
        for record in of(results, dataset) {
            if record.ok {
                let _ = writeln!(
                    text,
                    "  {:<12} {:>10} {:>10} {:>10} {:>10}",
                    record.format,
                    time(record.encode_ns),
                    time(record.decode_ns),
                    time(record.traverse_ns),
                    bytes(record.size_bytes)
                );
            } else {
                let _ = writeln!(text, "  {:<12} failed its round trip", record.format);
            }
        }
    }
    text
}

const BEGIN: &str = "<!-- results:begin (written by `cargo xtask bench --readme`) -->";
const END: &str = "<!-- results:end -->";

/// Rewrites the README's results section from this run, with its charts
/// copied to `docs/results/`.
pub(crate) fn update_readme(root: &Path, out: &Path, results: &Report) -> anyhow::Result<()> {
    let charts = root.join("docs").join("results");
    let _ = std::fs::remove_dir_all(&charts);
    std::fs::create_dir_all(&charts)?;
    let mut images = Vec::new();
    for entry in std::fs::read_dir(out)? {
        let path = entry?.path();
        if path.extension().is_some_and(|ext| ext == "svg") {
            let name = path
                .file_name()
                .context("a chart file")?
                .to_string_lossy()
                .into_owned();
            std::fs::copy(&path, charts.join(&name))?;
            images.push(name);
        }
    }
    images.sort();

    let run = &results.run;
    let mut section = format!(
        "{BEGIN}\n\nMeasured by `cargo xtask bench{}` on {} ({}), {}, commit {}; {}.\n\n",
        if run.quick { " --quick" } else { "" },
        run.machine,
        run.compiler,
        run.started,
        run.commit,
        run.profile
    );
    section.push_str("Task-manager (10 000 → 9 944 tasks), median per operation:\n\n");
    section.push_str("| format | encode | decode | traverse | size |\n|---|---:|---:|---:|---:|\n");
    for record in of(results, "task-manager").filter(|r| r.ok) {
        let _ = writeln!(
            section,
            "| {}{} | {} | {} | {} | {} |",
            record.format,
            if record.zero_copy { " ⚡" } else { "" },
            time(record.encode_ns),
            time(record.decode_ns),
            time(record.traverse_ns),
            bytes(record.size_bytes)
        );
    }
    section.push('\n');
    section.push_str(&against_qt(results));
    section.push_str(&size_table(results));
    section.push_str(
        "\n⚡ traverses in place. Every figure, per dataset, is in the run's `report.md`.\n\n",
    );
    for image in images
        .iter()
        .filter(|name| name.contains("task-manager") || name.starts_with("sweep"))
    {
        let _ = writeln!(section, "![{image}](docs/results/{image})");
    }
    section.push('\n');
    section.push_str(END);

    let readme_path = root.join("README.md");
    let readme = std::fs::read_to_string(&readme_path)?;
    let (before, rest) = readme
        .split_once(BEGIN)
        .context("README.md has no results section markers")?;
    let (_, after) = rest
        .split_once(END)
        .context("README.md's results section is not closed")?;
    std::fs::write(&readme_path, format!("{before}{section}{after}"))?;
    Ok(())
}

/// The README's table of sizes: a row per format, a column per dataset.
fn size_table(results: &Report) -> String {
    let mut section = String::new();
    section.push_str("Size per message on every dataset:\n\n| format |");
    let names: Vec<&str> = datasets(results)
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    for name in &names {
        let _ = write!(section, " {name} |");
    }
    section.push_str("\n|---|");
    section.push_str(&"---:|".repeat(names.len()));
    section.push('\n');
    // Each format once, in the order of the run (records come per dataset).
    let mut formats: Vec<&str> = Vec::new();
    for record in &results.results {
        if !formats.contains(&record.format.as_str()) {
            formats.push(&record.format);
        }
    }
    for format in formats {
        let _ = write!(section, "| {format} |");
        for name in &names {
            let cell = of(results, name)
                .find(|r| r.format == format && r.ok)
                .map_or_else(|| "–".to_owned(), |r| bytes(r.size_bytes));
            let _ = write!(section, " {cell} |");
        }
        section.push('\n');
    }
    section
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_figures() {
        assert_eq!(time(Some(1_643.0)), "1.64 µs");
        assert_eq!(time(Some(56_000_000.0)), "56.0 ms");
        assert_eq!(time(None), "–");
        assert_eq!(bytes(2_005_273.0), "2.01 MB");
        assert_eq!(bytes(82.0), "82 B");
        assert_eq!(bytes(13_473.0), "13.5 KB");
    }

    #[test]
    fn size_table_has_a_row_per_format() {
        let record = |dataset: &str, format: &str, size: f64| Record {
            dataset: dataset.to_owned(),
            format: format.to_owned(),
            size_bytes: size,
            ok: true,
            ..Record::default()
        };
        let results = Report {
            schema: 1,
            run: crate::bench::machine::Run::default(),
            results: vec![
                record("media", "json", 488.0),
                record("media", "cbor", 394.0),
                record("records", "json", 19_200.0),
                record("records", "cbor", 13_500.0),
            ],
            qt: Vec::new(),
            sweep: Vec::new(),
            compile: Vec::new(),
        };
        let table = size_table(&results);
        assert_eq!(table.matches("| json |").count(), 1, "{table}");
        assert!(table.contains("| json | 488 B | 19.2 KB |"), "{table}");
        assert!(table.contains("| cbor | 394 B | 13.5 KB |"), "{table}");
    }
}
