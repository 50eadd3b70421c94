//! `cargo xtask bench`: every codec on every dataset, measured and reported.
//!
//! 1. builds the benches (`benches/`, bench profile: release with fat LTO);
//! 2. runs them in sizes mode: each pair's round trip is verified (a pair
//!    that fails is reported as failed and never timed), and its encoded,
//!    zstd and gzip sizes measured; each line also says what the xtask must
//!    not know itself: the codec's format family, library, version and
//!    stock or tuned path, and the dataset's own label for its size;
//! 3. runs divan twice on the pairs chosen (bench paths name codecs by
//!    their ids, so `--format` needs no mapping), reading its output as it
//!    prints ([`divan`]): once for time, showing progress, and once under
//!    divan's allocation profiler for the allocation counts (counting slows
//!    allocation, so it is kept out of the timed pass);
//! 4. when Qt 6 is installed, times Qt's own implementations on the same
//!    task-manager ([`qt`]), and with `--compile-times` builds each codec
//!    crate from clean ([`compile`]);
//! 5. writes `target/serbench/<timestamp>/` and `target/serbench/latest/`:
//!    `report.md` and `report.html` ([`report`]), `results.json` (schema in
//!    [`results`]), `results.csv`, SVG charts, and divan's log; then prints
//!    the summary table.

mod charts;
mod compile;
pub(crate) mod divan;
mod machine;
mod qt;
mod report;
pub(crate) mod results;
mod table;
mod units;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail, ensure};
use serde::{Deserialize, Serialize};

use crate::{cargo, project_root, target_dir};
use machine::Run;
pub(crate) use report::{check_html, html_comparison};
use results::{Record, SizeLine};

pub(crate) const USAGE: &str = "\
usage: cargo xtask bench [--dataset D]... [--format F]... [--quick] [--sweep]
                         [--compile-times] [--readme]

  --dataset D       only this dataset (repeatable)
  --format F        only this codec, by id such as json (repeatable)
  --quick           few samples and the graph at 200 nodes: minutes, not more
  --sweep           also the task-manager from 100 to 100 000 tasks
  --compile-times   also a clean release build of each codec crate
  --readme          write the results into README.md and docs/results/
";

/// The command line of `cargo xtask bench`.
#[derive(Debug, Default)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "one flag per command-line switch"
)]
struct Options {
    datasets: Vec<String>,
    formats: Vec<String>,
    quick: bool,
    sweep: bool,
    compile_times: bool,
    readme: bool,
}

impl Options {
    fn parse(args: &[String]) -> anyhow::Result<Self> {
        let mut options = Options::default();
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--dataset" => options
                    .datasets
                    .push(args.next().context("--dataset needs a value")?.clone()),
                "--format" => options
                    .formats
                    .push(args.next().context("--format needs a value")?.clone()),
                "--quick" => options.quick = true,
                "--sweep" => options.sweep = true,
                "--compile-times" => options.compile_times = true,
                "--readme" => options.readme = true,
                other => bail!("unknown option {other:?}\n{USAGE}"),
            }
        }
        Ok(options)
    }

    fn filters(&self) -> Vec<String> {
        let datasets = self.datasets.iter().map(|d| format!("--dataset {d}"));
        datasets
            .chain(self.formats.iter().map(|f| format!("--format {f}")))
            .collect()
    }
}

/// Everything a report is made from; `results.json` holds it.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Report {
    /// The version of this file's layout.
    pub(crate) schema: u32,
    pub(crate) run: Run,
    pub(crate) results: Vec<Record>,
    /// Qt's implementations timed here, if Qt 6 was installed.
    #[serde(default)]
    pub(crate) qt: Vec<qt::Measured>,
    /// `--sweep`: task-manager cost per task by size.
    #[serde(default)]
    pub(crate) sweep: Vec<results::SweepPoint>,
    /// `--compile-times`: clean build of each codec crate.
    #[serde(default)]
    pub(crate) compile: Vec<compile::CompileTime>,
}

pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let options = Options::parse(args)?;
    let now = time::OffsetDateTime::now_utc();
    let started = format!(
        "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
        now.year(),
        u8::from(now.month()),
        now.day(),
        now.hour(),
        now.minute(),
        now.second()
    );
    let stamp = started.replace([' ', ':'], "-");
    let out = target_dir().join("serbench").join(&stamp);
    std::fs::create_dir_all(&out)?;

    eprintln!("bench: building the benches (bench profile: release with fat LTO, a few minutes)");
    let binary = build_benches()?;

    eprintln!("bench: checking every round trip and measuring sizes");
    let sizes = sizes(&binary, &options)?;
    for line in sizes.iter().filter(|line| !line.ok) {
        eprintln!(
            "bench: {} {} FAILED its round trip and is not timed: {}",
            line.dataset,
            line.format,
            line.error.as_deref().unwrap_or("")
        );
    }

    let filters = divan_filters(&options, &sizes);
    let total = list(&binary, options.quick, &filters)?;
    eprintln!("bench: timing {total} benches with divan");
    let (log, mut measurements) = divan_run(&binary, options.quick, &filters, Pass::Time, total)?;
    std::fs::write(out.join("divan.txt"), &log)?;
    eprintln!("bench: counting their allocations (one iteration each, profiled)");
    let (allocations, counted) = divan_run(&binary, options.quick, &filters, Pass::Count, total)?;
    std::fs::write(out.join("divan-allocations.txt"), &allocations)?;
    for measurement in &mut measurements {
        if let Some(count) = counted.iter().find(|c| c.path == measurement.path) {
            measurement.allocs = count.allocs;
            measurement.alloc_bytes = count.alloc_bytes;
            measurement.peak_bytes = count.peak_bytes;
        }
    }

    let mut results = Report {
        schema: 1,
        run: Run::describe(
            started,
            options.quick,
            options.filters(),
            results::versions(&sizes),
        ),
        results: results::join(&sizes, &measurements),
        qt: Vec::new(),
        sweep: results::sweep_points(&measurements),
        compile: Vec::new(),
    };
    if results
        .results
        .iter()
        .any(|r| r.dataset == qt::DATASET && r.ok)
    {
        results.qt = measure_qt(options.quick);
    }
    if options.compile_times {
        results.compile = compile::measure()?;
    }

    let charts = write(&out, &results)?;
    let latest = target_dir().join("serbench").join("latest");
    let _ = std::fs::remove_dir_all(&latest);
    copy_dir(&out, &latest)?;
    if options.readme {
        report::update_readme(&project_root(), &out, &results, &charts)?;
        eprintln!("bench: README.md results and docs/results/ updated");
    }
    print!("{}", report::summary(&results));
    eprintln!("bench: wrote {} (and latest/)", out.display());
    Ok(())
}

/// Builds the bench binary and returns its path.
fn build_benches() -> anyhow::Result<PathBuf> {
    let output = cargo()
        .args([
            "bench",
            "--package",
            "serbench-benches",
            "--bench",
            "codecs",
            "--no-run",
            "--message-format=json-render-diagnostics",
        ])
        .current_dir(project_root())
        .stderr(Stdio::inherit())
        .output()
        .context("cannot run cargo bench")?;
    ensure!(output.status.success(), "building the benches failed");
    String::from_utf8(output.stdout)?
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|message| message["target"]["name"] == "codecs")
        .find_map(|message| message["executable"].as_str().map(PathBuf::from))
        .context("cargo did not name the bench executable")
}

fn bench_command(binary: &Path, quick: bool) -> Command {
    let mut command = Command::new(binary);
    command.current_dir(project_root());
    if quick {
        command.env("SERBENCH_QUICK", "1");
    }
    command
}

/// The sizes report, restricted to the chosen datasets and formats.
fn sizes(binary: &Path, options: &Options) -> anyhow::Result<Vec<SizeLine>> {
    let output = bench_command(binary, options.quick)
        .env("SERBENCH_MODE", "sizes")
        .stderr(Stdio::inherit())
        .output()
        .context("cannot run the bench binary")?;
    ensure!(output.status.success(), "the sizes report failed");
    let lines: Vec<SizeLine> = String::from_utf8(output.stdout)?
        .lines()
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()
        .context("unreadable sizes report")?;
    for (chosen, known) in [
        (
            &options.datasets,
            lines.iter().map(|l| &l.dataset).collect::<Vec<_>>(),
        ),
        (&options.formats, lines.iter().map(|l| &l.format).collect()),
    ] {
        if let Some(unknown) = chosen.iter().find(|c| !known.contains(c)) {
            bail!("unknown dataset or format {unknown:?}");
        }
    }
    Ok(lines
        .into_iter()
        .filter(|l| options.datasets.is_empty() || options.datasets.contains(&l.dataset))
        .filter(|l| options.formats.is_empty() || options.formats.contains(&l.format))
        .collect())
}

/// divan's filters for the chosen pairs: bench paths are
/// `codecs::[native::]<dataset>::<op>::<codec>` and
/// `codecs::sweep::<op>::<tasks>::<codec>`, codec ids being divan's args.
fn divan_filters(options: &Options, sizes: &[SizeLine]) -> Vec<String> {
    let mut codecs: Vec<&str> = sizes.iter().map(|l| l.format.as_str()).collect();
    codecs.sort_unstable();
    codecs.dedup();
    let mut modules: Vec<String> = sizes.iter().map(|l| l.dataset.replace('-', "_")).collect();
    modules.sort_unstable();
    modules.dedup();
    let mut filters = vec![format!(
        "^codecs::(native::)?({})::[a-z]+::({})$",
        modules.join("|"),
        codecs.join("|")
    )];
    if options.sweep {
        filters.push(format!(
            "^codecs::sweep::[a-z]+::[0-9]+::({})$",
            codecs.join("|")
        ));
    }
    filters
}

/// The two runs of the benches.
#[derive(Clone, Copy, PartialEq)]
enum Pass {
    /// Medians, with allocations not counted.
    Time,
    /// Allocations, counted by divan's profiler over one iteration.
    Count,
}

/// Runs divan on the chosen benches, printing a line per finished one;
/// returns divan's log and what it measured.
fn divan_run(
    binary: &Path,
    quick: bool,
    filters: &[String],
    pass: Pass,
    total: usize,
) -> anyhow::Result<(String, Vec<divan::Measurement>)> {
    // A full run takes enough samples for stable medians without letting the
    // seed-size graph take minutes per bench; a quick run takes ten.
    let samples: &[&str] = match (pass, quick) {
        (Pass::Count, _) => &["--sample-count", "1", "--sample-size", "1"],
        (Pass::Time, true) => &["--sample-count", "10", "--max-time", "0.3"],
        (Pass::Time, false) => &["--sample-count", "100", "--max-time", "5"],
    };
    let mut command = bench_command(binary, quick);
    if pass == Pass::Count {
        command.env("SERBENCH_ALLOC", "1");
    }
    let mut child = command
        .arg("--bench")
        .args(samples)
        .args(filters)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .context("cannot run the bench binary")?;
    let stdout = child.stdout.take().context("no output")?;
    let mut log = String::new();
    let mut parser = divan::Parser::default();
    let mut done = 0;
    for line in BufReader::new(stdout).lines() {
        let line = line?;
        log.push_str(&line);
        log.push('\n');
        let finished = parser
            .line(&line)
            .context("unreadable divan output (is divan still the pinned version?)")?;
        if let (Some(bench), Pass::Time) = (finished, pass) {
            done += 1;
            eprintln!(
                "bench: [{done}/{total}] {} median {}",
                bench.path.join(" "),
                units::time(Some(bench.median_ns))
            );
        }
    }
    ensure!(child.wait()?.success(), "the benches failed");
    Ok((log, parser.finish()?))
}

/// How many benches the filters select: divan's terse list, a line per
/// bench and codec (the tree `--list` prints leaves out divan's args). divan
/// offers the terse form to cargo-nextest only, which it knows by
/// `NEXTEST=1`.
fn list(binary: &Path, quick: bool, filters: &[String]) -> anyhow::Result<usize> {
    let output = bench_command(binary, quick)
        .env("NEXTEST", "1")
        .args(["--bench", "--list", "--format", "terse"])
        .args(filters)
        .output()?;
    ensure!(output.status.success(), "cannot list the benches");
    Ok(count_runs(&String::from_utf8(output.stdout)?))
}

/// The benches in divan's terse list.
fn count_runs(list: &str) -> usize {
    list.lines()
        .filter(|line| line.ends_with(": benchmark"))
        .count()
}

fn measure_qt(quick: bool) -> Vec<qt::Measured> {
    let attempt = || -> anyhow::Result<Vec<qt::Measured>> {
        let dumps = target_dir().join("serbench").join("qt");
        let status = Command::new(crate::build_serbench()?)
            .args([
                "dump",
                "--dataset",
                qt::DATASET,
                "--format",
                "json",
                "--out",
            ])
            .arg(&dumps)
            .current_dir(project_root())
            .status()?;
        ensure!(status.success(), "cannot dump the task-manager");
        qt::measure(
            &dumps,
            &dumps.join(format!("{}.json", qt::DATASET)),
            if quick { 5 } else { 30 },
        )
    };
    eprintln!("bench: timing Qt's implementations on the same task-manager");
    attempt().unwrap_or_else(|error| {
        eprintln!("bench: Qt 6 not measured ({error:#}); the report gives the reference figures");
        Vec::new()
    })
}

/// Writes the run's files; returns the charts drawn.
fn write(out: &Path, results: &Report) -> anyhow::Result<Vec<charts::Chart>> {
    std::fs::write(
        out.join("results.json"),
        serde_json::to_string_pretty(results)?,
    )?;
    std::fs::write(out.join("results.csv"), results::csv(&results.results)?)?;
    let charts = charts::draw(out, results)?;
    std::fs::write(out.join("report.md"), report::markdown(results, &charts))?;
    std::fs::write(out.join("report.html"), report::html_page(results, &charts))?;
    Ok(charts)
}

/// `cargo xtask report DIR`: a run's reports and charts written again from
/// its `results.json`, as this version of the xtask writes them.
pub(crate) fn rewrite(dir: &Path) -> anyhow::Result<()> {
    let results = load(&dir.join("results.json"))?;
    write(dir, &results)?;
    eprintln!("report: wrote the reports of {}", dir.display());
    Ok(())
}

fn copy_dir(from: &Path, to: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let path = entry?.path();
        if let Some(name) = path.file_name() {
            std::fs::copy(&path, to.join(name))?;
        }
    }
    Ok(())
}

/// Reads a `results.json`.
pub(crate) fn load(path: &Path) -> anyhow::Result<Report> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    serde_json::from_str(&text)
        .with_context(|| format!("{} is not a serbench results.json", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_every_codec_of_the_terse_list() {
        let list = "codecs::media::decode::bincode: benchmark\n\
                    codecs::media::decode::simd-json: benchmark\n\
                    codecs::sweep::decode::100::json: benchmark\n";
        assert_eq!(count_runs(list), 3);
    }

    #[test]
    fn filters_name_codec_ids() {
        let sizes: Vec<SizeLine> = [("task-manager", "simd-json"), ("media", "json")]
            .into_iter()
            .map(|(dataset, format)| {
                serde_json::from_value(serde_json::json!({
                    "dataset": dataset, "format": format, "family": "JSON",
                    "library": "serde_json", "version": "1.0.145", "tuned": false,
                    "zero_copy": false, "native": false, "size": 1,
                    "size_label": "one value", "messages": 1, "ok": true
                }))
                .unwrap()
            })
            .collect();
        let options = Options {
            sweep: true,
            ..Options::default()
        };
        assert_eq!(
            divan_filters(&options, &sizes),
            [
                "^codecs::(native::)?(media|task_manager)::[a-z]+::(json|simd-json)$",
                "^codecs::sweep::[a-z]+::[0-9]+::(json|simd-json)$"
            ]
        );
    }

    #[test]
    fn options() {
        let args: Vec<String> = ["--quick", "--dataset", "media", "--format", "json"]
            .map(String::from)
            .into();
        let options = Options::parse(&args).unwrap();
        assert!(options.quick && !options.sweep);
        assert_eq!(options.filters(), ["--dataset media", "--format json"]);
        assert!(Options::parse(&["--fast".to_owned()]).is_err());
        assert!(Options::parse(&["--dataset".to_owned()]).is_err());
    }
}
