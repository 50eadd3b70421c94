//! `results.json` files no run wrote: figures past what a run can
//! measure, names that are long or hold `/` and newlines, files past the
//! cap and lists past their bounds. Each is refused in one short line, or
//! rendered with names kept in their place.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

use serbench_report::read::{MAX_BYTES, MAX_DATASETS, MAX_ITEMS};
use serde_json::{Value, json};

/// The longest message line any input may produce.
const LINE_BYTES: usize = 256;

fn fixture() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixture/results.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn read(document: &Value) -> Result<serbench_results::Report, String> {
    let text = serde_json::to_vec(document).unwrap();
    serbench_report::read(text.as_slice()).map_err(|e| e.to_string())
}

/// The error of reading `document`, held to one short line.
fn refused(document: &Value) -> String {
    let error = read(document).expect_err("refused");
    assert!(!error.contains('\n'), "{error}");
    assert!(error.len() <= LINE_BYTES, "{} bytes: {error}", error.len());
    error
}

/// The fixture with every record's median encode time set to `ns`.
fn every_median(ns: f64) -> Value {
    let mut document = fixture();
    for record in document["results"].as_array_mut().unwrap() {
        if let Some(encode) = record["ops"].get_mut("encode") {
            encode["median_ns"] = json!(ns);
        }
    }
    document
}

fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the binary on `dir`, returning its exit code and stderr, every
/// line of which is short.
fn run_on(dir: &Path) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_serbench-report"))
        .arg(dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    for line in stderr.lines() {
        assert!(line.len() <= LINE_BYTES, "{} bytes: {line}", line.len());
    }
    (output.status.code(), stderr)
}

/// `document` written as `dir`'s results.json, then run on by the binary.
fn render(dir: &Path, document: &Value) -> (Option<i32>, String) {
    std::fs::write(
        dir.join("results.json"),
        serde_json::to_vec(document).unwrap(),
    )
    .unwrap();
    run_on(dir)
}

#[test]
fn the_fixture_reads_within_every_bound() {
    let report = read(&fixture()).unwrap();
    assert_eq!(report.results.len(), 120);
}

#[test]
fn implausible_figures_are_refused_naming_the_figure() {
    for ns in [1e308, 5e-324, -1.0, 0.0, 1e-4, 4e12] {
        let error = refused(&every_median(ns));
        assert!(
            error.contains("results[0]") && error.contains("encode_ns"),
            "{error}"
        );
    }
    let mut document = fixture();
    document["results"][3]["size_bytes"] = json!(-5.0);
    assert!(refused(&document).contains("results[3]"));
    document = fixture();
    document["rounds"][0]["sides"][1]["ns"][0] = json!(1e300);
    assert!(refused(&document).contains("rounds[0]"));
    document = fixture();
    document["results"][0]["ops"]["decode"]["noise"] = json!(-0.5);
    assert!(refused(&document).contains("decode_noise"));
}

/// JSON has no NaN or infinity; a number past `f64` is refused by the
/// parser, with its position.
#[test]
fn numbers_past_f64_are_refused() {
    let text = serde_json::to_string(&fixture()).unwrap();
    let text = text.replacen("\"median_ns\":", "\"median_ns\":1e400,\"x\":", 1);
    let error = serbench_report::read(text.as_bytes())
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("out of range") && error.contains("column"),
        "{error}"
    );
}

/// Whatever a file holds, rendering what [`serbench_report::read`] did
/// not check ends: the axes span a bounded number of decades.
#[test]
fn unchecked_extreme_figures_still_render() {
    for ns in [1e308, 5e-324] {
        let document = every_median(ns);
        let report: serbench_results::Report = serbench_results::read(&document).unwrap();
        let reports = serbench_report::files(&report).unwrap();
        assert!(reports.files.len() > 20);
    }
}

#[test]
fn long_strings_are_quoted_as_excerpts() {
    let long = "y".repeat(100_000);
    let mut document = fixture();
    document["schema"] = json!(long);
    let error = refused(&document);
    assert!(error.contains("bytes cut"), "{error}");
    // Through the binary, under a long path: still one short line.
    let dir = folder(&format!(
        "long_strings_are_quoted_as_excerpts-{}",
        "p".repeat(200)
    ));
    let (code, stderr) = render(&dir, &document);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("bytes cut"), "{stderr}");
    let mut document = every_median(1e308);
    document["results"][0]["dataset"] = json!(long);
    document["results"][0]["codec"] = json!(format!("{long}\n"));
    let error = refused(&document);
    assert!(error.contains("(100001 bytes)"), "{error}");
    let (code, stderr) = render(&dir, &document);
    assert_eq!(code, Some(1), "{stderr}");
}

/// A dataset named with `/`, a newline, a pipe and 100 KB writes its
/// charts under safe, short names, and keeps report.md's lines whole.
#[test]
fn names_become_safe_file_names_and_markdown() {
    let mut document = fixture();
    let odd = ["me/dia\n| evil ](x) [", &"z/".repeat(50_000), "..", "."];
    // The fixture's datasets after the first (the headline, which the
    // report heads in its own way), in the order they first appear, each
    // renamed to one of the odd names.
    let mut seen: Vec<String> = Vec::new();
    for record in document["results"].as_array_mut().unwrap() {
        let dataset = record["dataset"].as_str().unwrap().to_owned();
        let index = seen.iter().position(|d| *d == dataset).unwrap_or_else(|| {
            seen.push(dataset);
            seen.len() - 1
        });
        if let Some(name) = index.checked_sub(1).and_then(|i| odd.get(i)) {
            record["dataset"] = json!(name);
        }
    }
    assert!(
        seen.len() >= odd.len(),
        "the fixture has {} datasets",
        seen.len()
    );
    let report = read(&document).unwrap();
    let reports = serbench_report::files(&report).unwrap();
    let mut names = std::collections::HashSet::new();
    for (name, _) in &reports.files {
        assert!(names.insert(name.clone()), "{name} written twice");
        assert!(name.len() <= 100, "{name}");
        assert!(
            !name.contains('/') && !name.chars().any(char::is_control) && !name.starts_with('.'),
            "{name:?}"
        );
    }
    let markdown = &reports
        .files
        .iter()
        .find(|(n, _)| n == "report.md")
        .unwrap()
        .1;
    assert!(
        markdown
            .lines()
            .any(|line| line.starts_with("## me/dia | evil ](x) [")),
        "one heading line"
    );
    assert!(!markdown.lines().any(|line| line.starts_with("| evil")));
    assert!(
        markdown.contains("![me/dia | evil \\](x) \\[ time]("),
        "alt text escaped"
    );

    let dir = folder("names_become_safe_file_names_and_markdown");
    let (code, stderr) = render(&dir, &document);
    assert_eq!(code, Some(0), "{stderr}");
    let written = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(written, reports.files.len() + 1);
}

/// A file past the cap is refused after reading one byte more than the
/// cap, however long it goes on.
#[test]
fn a_file_past_the_cap_is_refused_unread() {
    struct Endless(u64);
    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            buf.fill(b' ');
            self.0 += buf.len() as u64;
            Ok(buf.len())
        }
    }
    let mut source = Endless(0);
    let error = serbench_report::read(&mut source).unwrap_err().to_string();
    assert!(error.contains("larger than 16 MiB"), "{error}");
    assert_eq!(source.0, MAX_BYTES + 1);

    // A sparse file of a byte more than the cap, through the binary.
    let dir = folder("a_file_past_the_cap_is_refused_unread");
    let file = std::fs::File::create(dir.join("results.json")).unwrap();
    file.set_len(MAX_BYTES + 1).unwrap();
    let (code, stderr) = run_on(&dir);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("larger than"), "{stderr}");
}

/// The most records a file may hold, every one a codec of one dataset,
/// render; past the scatter's label bound, no label is placed (placement
/// compares every label with those placed before it). One more record,
/// or one dataset too many, is refused.
#[test]
fn lists_are_bounded_and_render_at_the_bound() {
    let mut document = fixture();
    let first = document["results"][0].clone();
    let records: Vec<Value> = (0..MAX_ITEMS)
        .map(|i| {
            let mut record = first.clone();
            record["codec"] = json!(format!("c{i}"));
            record["size_bytes"] = json!(1000 + i);
            record
        })
        .collect();
    document["results"] = json!(records);
    document["rounds"] = json!([]);
    let report = read(&document).unwrap();
    let reports = serbench_report::files(&report).unwrap();
    let scatter = reports
        .charts
        .iter()
        .find(|chart| chart.scatter.is_some())
        .unwrap();
    let points = scatter.svg.matches("class=\"point\"").count()
        + scatter.svg.matches("class=\"point front\"").count();
    assert_eq!(points, MAX_ITEMS);
    assert_eq!(scatter.svg.matches("<text class=\"label").count(), 0);

    let mut more = document.clone();
    more["results"].as_array_mut().unwrap().push(first.clone());
    assert!(refused(&more).contains("results: 4097 entries"));

    let mut spread = fixture();
    let records: Vec<Value> = (0..=MAX_DATASETS)
        .map(|i| {
            let mut record = first.clone();
            record["dataset"] = json!(format!("d{i}"));
            record
        })
        .collect();
    spread["results"] = json!(records);
    assert!(refused(&spread).contains("more than 32 datasets"));
}
