//! The `serbench-report` binary: what `cargo xtask bench`, `report` and
//! `compare` run.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixture")
        .join(name)
}

fn serbench_report(args: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_serbench-report"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A fresh folder of this test's own under cargo's temporary folder.
fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a writable temporary folder");
    dir
}

/// Given a run's folder, the binary writes the same reports as the golden
/// tests' copies, and the summary when asked.
#[test]
fn writes_a_runs_reports() {
    let dir = folder("writes_a_runs_reports");
    std::fs::copy(fixture("results.json"), dir.join("results.json")).unwrap();
    let output = serbench_report(&[&dir, Path::new("--summary")]);
    assert!(output.status.success(), "{output:?}");
    for name in ["report.md", "report.html", "results.csv"] {
        let written = std::fs::read_to_string(dir.join(name)).unwrap();
        assert_eq!(
            written,
            std::fs::read_to_string(fixture(name)).unwrap(),
            "{name}"
        );
    }
    let summary = String::from_utf8(output.stdout).unwrap();
    assert!(summary.contains("tasks"), "{summary}");
}

/// `--readme ROOT` rewrites the run's own files in `ROOT/docs/results/`
/// (the charts, the full results) and the README's block, and leaves the
/// pages other tools write there.
#[test]
fn readme_keeps_the_pages_it_does_not_write() {
    let dir = folder("readme_run");
    std::fs::copy(fixture("results.json"), dir.join("results.json")).unwrap();
    let root = folder("readme_root");
    std::fs::write(
        root.join("README.md"),
        "# a project\n\n<!-- results:begin (written by `cargo xtask bench --readme`) -->\n\
         <!-- results:end -->\n",
    )
    .unwrap();
    let docs = root.join("docs/results");
    std::fs::create_dir_all(&docs).unwrap();
    std::fs::write(docs.join("evolution.md"), "kept\n").unwrap();
    std::fs::write(docs.join("stale-chart.svg"), "<svg/>").unwrap();
    let output = serbench_report(&[&dir, Path::new("--readme"), &root]);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        std::fs::read_to_string(docs.join("evolution.md")).unwrap(),
        "kept\n"
    );
    assert!(!docs.join("stale-chart.svg").exists());
    assert!(docs.join("README.md").exists());
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    assert!(readme.len() > 200, "{readme}");
}

/// A run with one of RSB's datasets also writes `docs/rsb-comparison.md`
/// from `docs/rsb/published.json`, and says so clearly when that is
/// missing.
#[test]
fn readme_writes_the_rsb_comparison_from_the_published_figures() {
    let dir = folder("rsb_run");
    let mut results: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("results.json")).unwrap()).unwrap();
    let (media, log) = (
        <serbench_model::MediaContent as serbench_model::Dataset>::NAME,
        <serbench_model::Logs as serbench_model::Dataset>::NAME,
    );
    for record in results["results"].as_array_mut().unwrap() {
        if record["dataset"] == media {
            record["dataset"] = log.into();
        }
    }
    std::fs::write(dir.join("results.json"), results.to_string()).unwrap();
    let root = folder("rsb_root");
    std::fs::write(
        root.join("README.md"),
        "<!-- results:begin (written by `cargo xtask bench --readme`) -->\n<!-- results:end -->\n",
    )
    .unwrap();
    let output = serbench_report(&[&dir, Path::new("--readme"), &root]);
    assert!(!output.status.success(), "no published figures: {output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("cannot read") && stderr.contains("published.json"),
        "{stderr}"
    );

    std::fs::create_dir_all(root.join("docs/rsb")).unwrap();
    let published = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rsb/published.json");
    std::fs::copy(published, root.join("docs/rsb/published.json")).unwrap();
    let output = serbench_report(&[&dir, Path::new("--readme"), &root]);
    assert!(output.status.success(), "{output:?}");
    let page = std::fs::read_to_string(root.join("docs/rsb-comparison.md")).unwrap();
    assert!(page.contains("\n## log\n"), "{page}");
    assert!(page.contains("| postcard | postcard |"), "{page}");
}

/// `compare` of a run with itself: every figure is unchanged, and the
/// page is written.
#[test]
fn compares_a_run_with_itself() {
    let run = fixture("results-two-codecs.json");
    let page = folder("compares_a_run_with_itself").join("compare.html");
    let output = serbench_report(&[Path::new("compare"), &run, &run, Path::new("--html"), &page]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("0 change(s)"), "{text}");
    assert!(text.contains("6 of 6 figures"), "{text}");
    assert!(
        std::fs::read_to_string(&page)
            .unwrap()
            .contains("data-page=\"compare\"")
    );
}

/// A run of another schema is refused in one line that names its schema
/// and the one this version reads.
#[test]
fn refuses_a_run_of_another_schema() {
    let dir = folder("refuses_a_run_of_another_schema");
    let text = std::fs::read_to_string(fixture("results-two-codecs.json")).unwrap();
    let current = format!("\"schema\": {}", serbench_results::SCHEMA);
    assert!(text.contains(&current));
    std::fs::write(
        dir.join("results.json"),
        text.replacen(&current, "\"schema\": 2", 1),
    )
    .unwrap();
    let output = serbench_report(&[&dir]);
    assert_eq!(output.status.code(), Some(1));
    let error = String::from_utf8(output.stderr).unwrap();
    assert_eq!(error.lines().count(), 1, "{error}");
    assert!(
        error.contains("schema 2")
            && error.contains(&format!("schema {} only", serbench_results::SCHEMA)),
        "{error}"
    );
}

/// What is not a results file is a short error naming it, not a panic.
#[test]
fn refuses_what_is_not_a_run() {
    let dir = folder("refuses_what_is_not_a_run");
    std::fs::write(dir.join("results.json"), "[1, 2]").unwrap();
    let output = serbench_report(&[&dir]);
    assert_eq!(output.status.code(), Some(1));
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(error.contains("is not a serbench results.json"), "{error}");
    let output = serbench_report(&[]);
    assert_eq!(output.status.code(), Some(1));
}
