//! `serbench-report`: a run's reports written from its `results.json`,
//! and two runs compared.
//!
//! The library renders; this binary reads and writes the files. It is a
//! process of its own so that `cargo xtask`, which runs it, builds neither
//! maud nor plotters: `cargo xtask bench` writes `results.json` and then
//! runs `serbench-report DIR --summary`, `cargo xtask report` and
//! `cargo xtask compare` run it too.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serbench_model::excerpt::{self, shown_name};
use serbench_report::Chart;
use serbench_report::readme::{self, DOCS, HEADLINE};
use serbench_results::Report;

const USAGE: &str = "\
usage: serbench-report DIR [--summary] [--readme ROOT]
       serbench-report compare OLD.json NEW.json [--html OUT.html]

  DIR              a run's folder: its results.json is read,
                   and report.md, report.html, results.csv and the charts
                   are written beside it
  --summary        print the summary table
  --readme ROOT    also the results block of ROOT/README.md and ROOT/docs/results/,
                   and, when the run has RSB's datasets, ROOT/docs/rsb-comparison.md
                   from ROOT/docs/rsb/published.json
  compare          how two runs differ, pair by pair, changes beyond the
                   runs' noise flagged; --html: the two side by side as a page
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("serbench-report: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    match args {
        [] => Err(USAGE.trim_end().to_owned()),
        [flag, ..] if flag == "--help" || flag == "-h" => emit(USAGE),
        [task, rest @ ..] if task == "compare" => compare(rest),
        [dir, rest @ ..] => write_run(Path::new(dir), rest),
    }
}

/// `DIR [--summary] [--readme ROOT]`.
fn write_run(dir: &Path, args: &[String]) -> Result<(), String> {
    let mut summary = false;
    let mut root: Option<PathBuf> = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--summary" => summary = true,
            "--readme" => {
                let value = args.next().ok_or("--readme needs the project's folder")?;
                root = Some(PathBuf::from(value));
            }
            other => return Err(format!("unknown option {}\n{USAGE}", excerpt::shown(other))),
        }
    }
    let results = load(&dir.join("results.json"))?;
    let serbench_report::Reports { charts, files } =
        serbench_report::files(&results).map_err(|e| e.to_string())?;
    for (name, text) in &files {
        write(&dir.join(name), text)?;
    }
    eprintln!("report: wrote the reports of {}", shown(dir));
    if let Some(root) = root {
        update_readme(&root, dir, &results, &charts)?;
        eprintln!("report: README.md results and {DOCS}/ updated");
    }
    if summary {
        emit(&serbench_report::summary(&results))?;
    }
    Ok(())
}

/// Rewrites the README's results block and `docs/results/` from the run
/// whose charts were written into `dir`.
fn update_readme(
    root: &Path,
    dir: &Path,
    results: &Report,
    charts: &[Chart],
) -> Result<(), String> {
    let picture = readme::headline(results, charts).map_err(|e| e.to_string())?;
    let docs = root.join(DOCS);
    // The run's files only: the charts and the full results. The pages the
    // tests write (evolution.md, capabilities.md) and code-size.md stay.
    if let Ok(entries) = std::fs::read_dir(&docs) {
        for path in entries.flatten().map(|entry| entry.path()) {
            let ours = path.extension().is_some_and(|ext| ext == "svg")
                || path.file_name().is_some_and(|name| name == "README.md");
            if ours {
                std::fs::remove_file(&path)
                    .map_err(|e| format!("cannot remove {}: {e}", shown(&path)))?;
            }
        }
    }
    std::fs::create_dir_all(&docs).map_err(|e| format!("cannot create {}: {e}", shown(&docs)))?;
    for chart in charts {
        std::fs::copy(dir.join(&chart.file), docs.join(&chart.file))
            .map_err(|e| format!("cannot copy {} to {}: {e}", chart.file, shown(&docs)))?;
    }
    write(&docs.join(HEADLINE), &picture.svg)?;
    write(
        &docs.join("README.md"),
        &readme::full_results(results, charts),
    )?;
    rsb_comparison(root, results)?;
    let path = root.join("README.md");
    let text =
        std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", shown(&path)))?;
    let text =
        readme::replace_section(&text, &readme::block(results)).map_err(|e| e.to_string())?;
    write(&path, &text)
}

/// RSB's published figures, in the project's folder.
const PUBLISHED: &str = "docs/rsb/published.json";

/// `docs/rsb-comparison.md`, when the run measured any of RSB's datasets.
fn rsb_comparison(root: &Path, results: &Report) -> Result<(), String> {
    let measured = |name: &str| results.results.iter().any(|record| record.dataset == name);
    if !serbench_model::rsb::DATASETS
        .iter()
        .any(|name| measured(name))
    {
        return Ok(());
    }
    let text = std::fs::read_to_string(root.join(PUBLISHED)).map_err(|e| {
        format!(
            "the run has RSB's datasets, but cannot read {PUBLISHED} in {}: {e}",
            shown(root)
        )
    })?;
    let published: serbench_report::rsb::Published = serde_json::from_str(&text).map_err(|e| {
        format!(
            "{PUBLISHED} in {} is not RSB's published figures: {e}",
            shown(root)
        )
    })?;
    match serbench_report::rsb::page(results, &published) {
        Some(page) => write(&root.join("docs/rsb-comparison.md"), &page),
        None => Ok(()),
    }
}

/// `compare OLD NEW [--html OUT]`.
fn compare(args: &[String]) -> Result<(), String> {
    let (old, new, html) = match args {
        [old, new] => (old, new, None),
        [old, new, flag, out] if flag == "--html" => (old, new, Some(Path::new(out))),
        _ => {
            return Err(format!(
                "compare takes OLD.json NEW.json [--html OUT.html]\n{USAGE}"
            ));
        }
    };
    let (old, new) = (load(Path::new(old))?, load(Path::new(new))?);
    emit(&serbench_report::comparison(&old.results, &new.results))?;
    if let Some(out) = html {
        write(out, &serbench_report::html_comparison(&old, &new))?;
        eprintln!("compare: wrote {}", shown(out));
    }
    Ok(())
}

/// Reads a `results.json`, within the bounds of
/// [`serbench_report::read()`].
fn load(path: &Path) -> Result<Report, String> {
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", shown(path)))?;
    serbench_report::read(file).map_err(|e| format!("{}: {e}", shown(path)))
}

/// A path in a message: at most an excerpt of it.
fn shown(path: &Path) -> String {
    shown_name(&path.to_string_lossy()).to_string()
}

/// Prints `text`; a reader that closed the pipe early (`| head`) is no
/// error, any other failure to write is.
fn emit(text: &str) -> Result<(), String> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("cannot write to stdout: {error}"))
        }
        _ => Ok(()),
    }
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", shown(path)))
}
