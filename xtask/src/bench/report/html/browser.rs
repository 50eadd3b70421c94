//! `cargo xtask check-report PAGE`: opens a written `report.html` in
//! headless Chromium and checks, from the rendered page, what a person
//! relies on: every dataset × codec of the run's `results.json` (beside the
//! page) has its row, sorting by decode time orders the rows as the
//! figures say, the throughput view follows the bandwidth, and the page
//! loads nothing but itself and raises no error. It leaves a screenshot
//! beside the page for a person to look at.
//!
//! It needs Debian's `chromium` (CI installs it) and fails, never skips,
//! when the browser is missing: a check that quietly passes without a
//! browser proves nothing. `cargo test` does not run it, so the README's
//! test command still needs nothing but cargo.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::{Context, bail, ensure};
use headless_chrome::protocol::cdp::Network;
use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
use headless_chrome::protocol::cdp::types::Event;
use headless_chrome::{Browser, LaunchOptions, Tab};

use super::super::super::load;
use super::super::super::results::{Op, Record};
use crate::target_dir;

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

pub(crate) fn check(page: &Path) -> anyhow::Result<()> {
    let page = page
        .canonicalize()
        .with_context(|| format!("cannot find {}", page.display()))?;
    let folder = page.parent().context("the page has no folder")?;
    let results = load(&folder.join("results.json"))?;
    let url = format!("file://{}", page.display());

    let browser = launch()?;
    let tab = browser.new_tab().context("cannot open a tab")?;
    let seen = watch(&tab)?;
    tab.navigate_to(&url)?
        .wait_until_navigated()
        .with_context(|| format!("Chromium cannot load {url}"))?;

    let screenshot = folder.join("report.png");
    let png = tab.capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)?;
    std::fs::write(&screenshot, png)?;

    rows_are_present(&tab, &results.results)?;
    sorting_orders_by_decode(&tab, &results.results)?;
    bandwidth_moves_throughput(&tab)?;

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
        "check-report: {} rows, sorting, throughput view and no requests all fine; screenshot {}",
        results.results.len(),
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
        .map(|r| (r.dataset.as_str(), r.format.as_str()))
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
    let expected: Vec<&str> = expected.iter().map(|r| r.format.as_str()).collect();
    ensure!(
        sorted == expected,
        "sorting {dataset} by decode gave {sorted:?}, its decode times order {expected:?}"
    );
    Ok(())
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
