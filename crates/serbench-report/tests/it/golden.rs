//! Golden tests: a real quick run's `results.json` (`tests/fixture/`, in
//! the schema serbench reads; its figures are those of the run), rendered,
//! must give the committed `report.md`, `report.html`,
//! `results.csv` and headline scatter byte for byte, so a change to how a
//! report reads shows as a diff in review. Everything the reports say comes
//! from the results value, the run's date included, so the copies hold on
//! any machine on any day.
//!
//! `SERBENCH_BLESS=1 cargo test -p serbench-report` rewrites the copies
//! from the code as it is; review the diff before committing it.

use std::path::{Path, PathBuf};

use serbench_report::Chart;
use serbench_results::Report;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixture")
        .join(name)
}

/// The fixture run, read as `cargo xtask report` reads it.
fn run() -> Report {
    let text = std::fs::read_to_string(fixture("results.json")).expect("the fixture run");
    let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    serbench_results::read(&value).expect("a serbench results.json")
}

/// Compares `rendered` with the committed copy `name`, or with
/// `SERBENCH_BLESS=1` writes it.
fn golden(name: &str, rendered: &str) {
    let path = fixture(name);
    if std::env::var_os("SERBENCH_BLESS").is_some_and(|value| value == "1") {
        std::fs::write(&path, rendered).expect("a writable fixture folder");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != rendered {
        let line = committed
            .lines()
            .zip(rendered.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| committed.lines().count().min(rendered.lines().count()));
        panic!(
            "{name} differs from its committed copy from line {} on:\n  committed: {:?}\n  rendered:  {:?}\n\
             if the change is meant, rewrite the copies with SERBENCH_BLESS=1 and review the diff",
            line + 1,
            committed.lines().nth(line).unwrap_or(""),
            rendered.lines().nth(line).unwrap_or("")
        );
    }
}

fn charts(report: &Report) -> Vec<Chart> {
    serbench_report::charts(report).expect("the fixture's charts draw")
}

#[test]
fn report_md() {
    let report = run();
    golden(
        "report.md",
        &serbench_report::markdown(&report, &charts(&report)),
    );
}

#[test]
fn report_html() {
    let report = run();
    golden(
        "report.html",
        &serbench_report::html(&report, &charts(&report)),
    );
}

#[test]
fn results_csv() {
    golden("results.csv", &serbench_report::csv(&run().results));
}

/// The README's headline picture: the first dataset's size against decode
/// time, hand-written SVG with its Pareto front and labels placed apart.
#[test]
fn headline_svg() {
    let report = run();
    let charts = charts(&report);
    let headline = serbench_report::readme::headline(&report, &charts).expect("a headline");
    golden("headline.svg", &headline.svg);
}

/// The fixture is in the current schema: written by this version, not
/// converted on the way in.
#[test]
fn the_fixture_is_in_the_current_schema() {
    let text = std::fs::read_to_string(fixture("results.json")).expect("the fixture run");
    let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(value["schema"], serbench_results::SCHEMA);
    assert!(!run().results.is_empty());
}
