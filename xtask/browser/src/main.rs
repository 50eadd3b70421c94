//! `check-report PAGE` (run by `cargo xtask check-report PAGE`): opens a
//! written page in headless Chromium and checks, from the rendered page,
//! what a person relies on.
//!
//! On a run's `report.html`: every dataset × codec of the run's
//! `results.json` (beside the page) has its row; each dataset has a
//! size-against-time scatter for encode and for decode with exactly one
//! point and one label per codec timed, the Pareto front marked as the
//! figures put it, and no label box overlapping another label or a point,
//! as the browser laid them out; sorting by decode time orders the rows as
//! the figures say; the throughput view follows the bandwidth; ticking a
//! capability keeps only the codecs that have it. On a
//! comparison page (`cargo xtask compare … --html`): each ratio of the
//! tables has exactly one mark in its dataset's chart, classed as the
//! table highlights it. On both, the page loads nothing but itself and
//! raises no error. It leaves a screenshot beside the page for a person to
//! look at.
//!
//! It needs Debian's `chromium` (CI installs it) and fails, never skips,
//! when the browser is missing: a check that quietly passes without a
//! browser proves nothing. `cargo test` does not run it, so the README's
//! test command still needs nothing but cargo. It is a package of its own
//! (`xtask-browser`) so that headless_chrome is built only by this task,
//! not by every `cargo xtask`.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use anyhow::{Context, bail, ensure};
use headless_chrome::protocol::cdp::Network;
use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
use headless_chrome::protocol::cdp::types::Event;
use headless_chrome::{Browser, LaunchOptions, Tab};

use serbench_report::scatter;
use serbench_results::{Op, Record, Report};
use serde::Deserialize;

/// Where Debian's package puts the browser; `SERBENCH_CHROMIUM` names
/// another.
const CHROMIUM: &str = "/usr/bin/chromium";

/// A browser that talks to nobody: no update checks, sync, first-run pages
/// or background fetches, no GPU (CI has none) and no sandbox (CI runs as
/// root, which Chromium's sandbox refuses).
const FLAGS: [&str; 7] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
];

/// What the page did while it was open.
#[derive(Default)]
struct Seen {
    /// Every URL the page requested.
    requests: Vec<String>,
    /// Uncaught exceptions and console or browser errors.
    errors: Vec<String>,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [page] = &args[..] else {
        eprintln!("usage: check-report PAGE");
        return ExitCode::from(2);
    };
    match check(Path::new(page)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Reads the `results.json` beside a run's page.
fn load(path: &Path) -> anyhow::Result<Report> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    serde_json::from_str(&text)
        .and_then(|value: serde_json::Value| serbench_results::read(&value))
        .with_context(|| format!("{} is not a serbench results.json", path.display()))
}

/// Cargo's target folder, honouring `CARGO_TARGET_DIR`, as the xtask
/// finds it.
fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"),
    }
}

fn check(page: &Path) -> anyhow::Result<()> {
    let page = page
        .canonicalize()
        .with_context(|| format!("cannot find {}", page.display()))?;
    let folder = page.parent().context("the page has no folder")?;
    let url = format!("file://{}", page.display());

    let browser = launch()?;
    let tab = browser.new_tab().context("cannot open a tab")?;
    let seen = watch(&tab)?;
    tab.navigate_to(&url)?
        .wait_until_navigated()
        .with_context(|| format!("Chromium cannot load {url}"))?;

    let stem = page.file_stem().and_then(OsStr::to_str).unwrap_or("page");
    let screenshot = folder.join(format!("{stem}.png"));
    let png = tab.capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)?;
    std::fs::write(&screenshot, png)?;

    let kind: String = json(&tab, "JSON.stringify(document.body.dataset.page || '')")?;
    let checked = if kind == "compare" {
        let marks = changes_match_the_tables(&tab)?;
        format!("{marks} ratios charted as the tables say")
    } else {
        let results = load(&folder.join("results.json"))?;
        rows_are_present(&tab, &results.results)?;
        let scatters = scatters_show_every_codec(&tab, &results.results)?;
        sorting_orders_by_decode(&tab, &results.results)?;
        bandwidth_moves_throughput(&tab)?;
        let filtered = capability_filter_keeps_the_capable(&tab, &results)?;
        format!(
            "{} rows, {scatters} scatter charts with every point labelled apart, sorting, \
             throughput view{filtered}",
            results.results.len()
        )
    };

    let seen = seen
        .lock()
        .map_err(|_| anyhow::anyhow!("the event log is poisoned"))?;
    let foreign: Vec<&String> = seen.requests.iter().filter(|r| **r != url).collect();
    ensure!(
        foreign.is_empty(),
        "the page made requests outside itself: {foreign:?}"
    );
    ensure!(
        seen.errors.is_empty(),
        "the page raised errors: {:?}",
        seen.errors
    );
    eprintln!(
        "check-report: {checked} and no requests, all fine; screenshot {}",
        screenshot.display()
    );
    Ok(())
}

fn launch() -> anyhow::Result<Browser> {
    let chromium = std::env::var_os("SERBENCH_CHROMIUM")
        .map_or_else(|| PathBuf::from(CHROMIUM), PathBuf::from);
    if !chromium.exists() {
        bail!(
            "no Chromium at {} (install Debian's: apt-get install chromium, or set SERBENCH_CHROMIUM)",
            chromium.display()
        );
    }
    // A fresh profile each time, so nothing a previous run cached or
    // learnt takes part.
    let profile = target_dir().join("serbench").join("chromium-profile");
    let _ = std::fs::remove_dir_all(&profile);
    std::fs::create_dir_all(&profile)?;
    let options = LaunchOptions {
        headless: true,
        sandbox: false,
        path: Some(chromium),
        user_data_dir: Some(profile),
        window_size: Some((1400, 1000)),
        args: FLAGS.iter().map(|flag| OsStr::new(*flag)).collect(),
        ..LaunchOptions::default()
    };
    Browser::new(options).context("cannot start Chromium")
}

/// Logs every request, uncaught exception and error message of the tab.
fn watch(tab: &Arc<Tab>) -> anyhow::Result<Arc<Mutex<Seen>>> {
    tab.call_method(Network::Enable {
        max_total_buffer_size: None,
        max_resource_buffer_size: None,
        max_post_data_size: None,
        report_direct_socket_traffic: None,
        enable_durable_messages: None,
    })?;
    tab.enable_log()?;
    tab.enable_runtime()?;
    let seen = Arc::new(Mutex::new(Seen::default()));
    let log = Arc::clone(&seen);
    tab.add_event_listener(Arc::new(move |event: &Event| {
        let Ok(mut log) = log.lock() else { return };
        match event {
            Event::NetworkRequestWillBeSent(sent) => {
                log.requests.push(sent.params.request.url.clone());
            }
            Event::RuntimeExceptionThrown(thrown) => log
                .errors
                .push(format!("{:?}", thrown.params.exception_details)),
            Event::LogEntryAdded(added) => log.errors.push(added.params.entry.text.clone()),
            _ => {}
        }
    }))?;
    Ok(seen)
}

/// Runs `script` in the page and reads the JSON text it returns.
fn json<T: serde::de::DeserializeOwned>(tab: &Tab, script: &str) -> anyhow::Result<T> {
    let value = tab
        .evaluate(script, false)?
        .value
        .with_context(|| format!("no value from {script}"))?;
    let text = value
        .as_str()
        .with_context(|| format!("{script} gave {value}, not text"))?;
    serde_json::from_str(text).with_context(|| format!("{script} gave {text}"))
}

/// The (dataset, codec) of every row of the figures tables, in page order.
fn rows(tab: &Tab, selector: &str) -> anyhow::Result<Vec<(String, String)>> {
    json(
        tab,
        &format!(
            "JSON.stringify(Array.from(document.querySelectorAll({selector:?}), \
             row => [row.dataset.dataset, row.dataset.codec]))"
        ),
    )
}

fn rows_are_present(tab: &Tab, records: &[Record]) -> anyhow::Result<()> {
    let shown = rows(tab, "table.figures tr[data-codec]")?;
    let missing: Vec<(&str, &str)> = records
        .iter()
        .map(|r| (r.dataset.as_str(), r.codec.as_str()))
        .filter(|(dataset, codec)| !shown.iter().any(|(d, c)| d == dataset && c == codec))
        .collect();
    ensure!(
        missing.is_empty(),
        "rows missing from the page: {missing:?}"
    );
    ensure!(
        shown.len() == records.len(),
        "the page shows {} rows for {} records",
        shown.len(),
        records.len()
    );
    Ok(())
}

/// A box as the browser laid it out, in the page's pixels, and the codec
/// of the mark or label it holds.
#[derive(Debug, Deserialize)]
struct Laid {
    codec: String,
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl Laid {
    /// Whether two boxes share more than half a pixel each way: text that
    /// merely touches still reads.
    fn overlaps(&self, other: &Laid) -> bool {
        const SLACK: f64 = 0.5;
        self.x0 + SLACK < other.x1
            && other.x0 + SLACK < self.x1
            && self.y0 + SLACK < other.y1
            && other.y0 + SLACK < self.y1
    }
}

/// What the page shows of one scatter chart.
#[derive(Debug, Deserialize)]
struct Shown {
    dataset: String,
    op: String,
    /// The codec of each point, and of each point marked on the front.
    points: Vec<String>,
    front: Vec<String>,
    /// How many step lines trace the front.
    lines: usize,
    labels: Vec<Laid>,
    marks: Vec<Laid>,
}

/// Every scatter of the page, with its points, labels and marks as laid
/// out.
const SCATTERS: &str = "(() => {
  const laid = (element) => {
    const box = element.getBoundingClientRect();
    const codec = element.closest('[data-codec]').dataset.codec;
    return { codec, x0: box.left, y0: box.top, x1: box.right, y1: box.bottom };
  };
  const codecs = (svg, selector) => Array.from(svg.querySelectorAll(selector), (e) => e.dataset.codec);
  return JSON.stringify(Array.from(document.querySelectorAll('svg.scatter'), (svg) => ({
    dataset: svg.dataset.dataset,
    op: svg.dataset.op,
    points: codecs(svg, 'g.point'),
    front: codecs(svg, 'g.point.front'),
    lines: svg.querySelectorAll('path.front-line').length,
    labels: Array.from(svg.querySelectorAll('text.label'), laid),
    marks: Array.from(svg.querySelectorAll('g.point circle'), laid),
  })));
})()";

/// Per dataset and for encode and decode, the scatter the figures call
/// for: one point and one label per codec timed, the front the figures
/// make, and no label over another label or over a point. Returns how
/// many charts it checked.
fn scatters_show_every_codec(tab: &Tab, records: &[Record]) -> anyhow::Result<usize> {
    let shown: Vec<Shown> = json(tab, SCATTERS)?;
    let mut datasets: Vec<&str> = Vec::new();
    for record in records {
        if !datasets.contains(&record.dataset.as_str()) {
            datasets.push(&record.dataset);
        }
    }
    let mut expected_charts = 0;
    for dataset in datasets {
        for op in [Op::Encode, Op::Decode] {
            let points = scatter::points(records.iter().filter(|r| r.dataset == dataset), op);
            let charts: Vec<&Shown> = shown
                .iter()
                .filter(|s| s.dataset == dataset && s.op == op.name())
                .collect();
            let name = format!("{dataset} {}", op.name());
            if points.is_empty() {
                ensure!(
                    charts.is_empty(),
                    "{name}: a scatter with no figures to show"
                );
                continue;
            }
            expected_charts += 1;
            let [chart] = charts[..] else {
                bail!("{name}: {} scatter charts, expected one", charts.len());
            };
            let mut expected: Vec<&str> = points.iter().map(|p| p.codec).collect();
            expected.sort_unstable();
            ensure!(
                sorted(&chart.points) == expected,
                "{name}: the points are {:?}, the codecs timed {expected:?}",
                chart.points
            );
            let mut front = scatter::front(&points);
            front.sort_unstable();
            ensure!(
                sorted(&chart.front) == front && chart.lines == 1,
                "{name}: the front marked is {:?} ({} lines), the figures make it {front:?}",
                chart.front,
                chart.lines
            );
            let labelled: Vec<String> = chart.labels.iter().map(|l| l.codec.clone()).collect();
            ensure!(
                sorted(&labelled) == expected,
                "{name}: the labels name {labelled:?}, the codecs timed {expected:?}"
            );
            for (index, label) in chart.labels.iter().enumerate() {
                if let Some(other) = chart.labels[index + 1..].iter().find(|o| label.overlaps(o)) {
                    bail!("{name}: the labels {label:?} and {other:?} overlap");
                }
                if let Some(mark) = chart.marks.iter().find(|m| label.overlaps(m)) {
                    bail!("{name}: the label {label:?} covers the point {mark:?}");
                }
            }
        }
    }
    ensure!(
        shown.len() == expected_charts,
        "the page has {} scatter charts, the figures call for {expected_charts}",
        shown.len()
    );
    Ok(expected_charts)
}

fn sorted(codecs: &[String]) -> Vec<&str> {
    let mut codecs: Vec<&str> = codecs.iter().map(String::as_str).collect();
    codecs.sort_unstable();
    codecs
}

/// A ratio of a comparison page: from the tables, with the highlight of
/// its cell, or from the charts, with its mark's class.
#[derive(Debug, Deserialize, PartialEq)]
struct Figure {
    dataset: String,
    codec: String,
    op: String,
    ratio: String,
    class: String,
}

/// The tables' ratios, then the charts' marks.
const RATIOS: &str = "(() => {
  const ops = ['encode', 'decode', 'traverse'];
  const tables = Array.from(document.querySelectorAll('table.figures tr[data-codec]')).flatMap((row) =>
    ops.filter((op) => row.hasAttribute('data-' + op)).map((op) => {
      const cell = row.querySelector(`td[data-op=${op}]`).classList;
      const kind = cell.contains('faster') ? 'faster' : cell.contains('slower') ? 'slower' : 'within';
      return { dataset: row.dataset.dataset, codec: row.dataset.codec, op, ratio: row.getAttribute('data-' + op), class: kind };
    }));
  const charts = Array.from(document.querySelectorAll('svg.changes g.change'), (mark) => ({
    dataset: mark.closest('svg').dataset.dataset,
    codec: mark.dataset.codec,
    op: mark.dataset.op,
    ratio: mark.dataset.ratio,
    class: ['faster', 'slower', 'within'].find((kind) => mark.classList.contains(kind)) || '',
  }));
  return JSON.stringify([tables, charts]);
})()";

/// Every ratio of the comparison's tables has exactly one mark in its
/// dataset's chart, with the same figure and highlight, and the charts
/// mark nothing else. Returns how many ratios it matched.
fn changes_match_the_tables(tab: &Tab) -> anyhow::Result<usize> {
    let (tables, charts): (Vec<Figure>, Vec<Figure>) = json(tab, RATIOS)?;
    ensure!(!tables.is_empty(), "the comparison has no ratio to chart");
    for ratio in &tables {
        let marks = charts.iter().filter(|mark| *mark == ratio).count();
        ensure!(
            marks == 1,
            "{ratio:?}: {marks} marks in the chart as the table shows it"
        );
    }
    ensure!(
        charts.len() == tables.len(),
        "the charts have {} marks for the tables' {} ratios",
        charts.len(),
        tables.len()
    );
    Ok(tables.len())
}

/// Clicks the decode heading of the dataset with the most decoded codecs
/// and expects its rows in the order of `results.json`'s decode medians.
fn sorting_orders_by_decode(tab: &Tab, records: &[Record]) -> anyhow::Result<()> {
    let decoded = |dataset: &str| {
        records
            .iter()
            .filter(|r| r.dataset == dataset && r.ns(Op::Decode).is_some())
            .count()
    };
    let dataset = records
        .iter()
        .map(|r| r.dataset.as_str())
        .max_by_key(|d| decoded(d))
        .context("the run has no records")?;
    ensure!(
        decoded(dataset) >= 2,
        "no dataset has two decoded codecs to sort"
    );
    let mut expected: Vec<&Record> = records.iter().filter(|r| r.dataset == dataset).collect();
    // Stable, so rows without a decode time keep their order at the end,
    // as the page's script leaves them.
    let key = |record: &Record| record.ns(Op::Decode).unwrap_or(f64::INFINITY);
    expected.sort_by(|a, b| key(a).total_cmp(&key(b)));
    let table = format!("table.figures[data-dataset={dataset:?}]");
    tab.find_element(&format!("{table} th[data-key=decode]"))?
        .click()?;
    let sorted = rows(tab, &format!("{table} tr[data-codec]"))?;
    let sorted: Vec<&str> = sorted.iter().map(|(_, codec)| codec.as_str()).collect();
    let expected: Vec<&str> = expected.iter().map(|r| r.codec.as_str()).collect();
    ensure!(
        sorted == expected,
        "sorting {dataset} by decode gave {sorted:?}, its decode times order {expected:?}"
    );
    Ok(())
}

/// Ticks the capability filter's "zero-copy" box and expects the page to
/// keep exactly the codecs `results.json` says are zero-copy, in the
/// capability table and in the figures tables; then unticks it and expects
/// every row back. A page without the table (a measured run's) has
/// nothing to check; says what was checked.
fn capability_filter_keeps_the_capable(tab: &Tab, results: &Report) -> anyhow::Result<String> {
    if results.capabilities.is_empty() {
        return Ok(String::new());
    }
    let wanted: Vec<&str> = results
        .capabilities
        .iter()
        .filter(|c| c.zero_copy)
        .map(|c| c.codec.as_str())
        .collect();
    let visible = |selector: &str| -> anyhow::Result<Vec<String>> {
        json(
            tab,
            &format!(
                "JSON.stringify(Array.from(document.querySelectorAll({selector:?}), row => row) \
                 .filter(row => !row.hidden).map(row => row.dataset.codec))"
            ),
        )
    };
    tab.find_element("input.capability[value=zero-copy]")?
        .click()?;
    let table = visible("table.capabilities tbody tr")?;
    ensure!(
        table == wanted,
        "ticking zero-copy kept {table:?} in the capability table, not {wanted:?}"
    );
    let figures = visible("table.figures tr[data-codec]")?;
    ensure!(
        !figures.is_empty() && figures.iter().all(|codec| wanted.contains(&codec.as_str())),
        "ticking zero-copy kept these codecs' figures: {figures:?}"
    );
    tab.find_element("input.capability[value=zero-copy]")?
        .click()?;
    let all = visible("table.capabilities tbody tr")?;
    ensure!(
        all.len() == results.capabilities.len()
            && visible("table.figures tr[data-codec]")?.len() == results.results.len(),
        "unticking zero-copy did not bring every row back"
    );
    Ok(format!(
        ", the capability filter ({} zero-copy codecs)",
        wanted.len()
    ))
}

/// The throughput cells and what binds them, in page order.
fn throughput(tab: &Tab) -> anyhow::Result<Vec<(String, String)>> {
    json(
        tab,
        "JSON.stringify(Array.from(document.querySelectorAll('table.throughput td.rate'), \
         cell => [cell.textContent, cell.nextElementSibling.textContent]))",
    )
}

/// Types a bandwidth so small that the link binds every format, and
/// expects the view to say so.
fn bandwidth_moves_throughput(tab: &Tab) -> anyhow::Result<()> {
    let before = throughput(tab)?;
    ensure!(!before.is_empty(), "the throughput view has no cells");
    ensure!(
        before.iter().all(|(rate, _)| rate != "–"),
        "the throughput view was not computed: {before:?}"
    );
    tab.evaluate(
        "const box = document.getElementById('bandwidth'); box.value = ''; box.focus();",
        false,
    )?;
    tab.type_str("0.001")?;
    let after = throughput(tab)?;
    // The first cells say enough when a check fails.
    let shown = &after[..after.len().min(6)];
    ensure!(
        before != after,
        "the throughput view did not follow the bandwidth: {shown:?}…"
    );
    ensure!(
        after.iter().all(|(_, binds)| binds == "link"),
        "at 1 kbit/s the link should bind every format: {shown:?}…"
    );
    Ok(())
}
