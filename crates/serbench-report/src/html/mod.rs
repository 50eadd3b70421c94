//! `report.html`: the run as one page a person can explore, with nothing
//! to fetch. Data, styles and script are inlined and the page's content
//! security policy forbids every load, so it opens from disk, from a mail
//! attachment or an archive, years later, exactly as it was written.
//!
//! The page is built by maud templates from the run's `Report` (what
//! `results.json` holds): every figure is in server-rendered tables that
//! read well with JavaScript off, each row carrying its raw figures as
//! `data-` attributes. The small script in `page.js` only sorts and
//! filters those rows and computes the throughput view from them.
//!
//! [`run`] is one run's page, [`compare`] two runs side by side; the
//! `check-report` binary (package `xtask-browser`) checks a written page
//! in headless Chromium.

pub(crate) mod compare;
mod run;
mod tables;

use maud::{DOCTYPE, Markup, PreEscaped, html};

pub use run::page;

const CSS: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// Nothing may load: no script, style, image or font from anywhere, not
/// even the file's own folder; the inline styles, script and SVG are all
/// the page has.
const POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; \
     script-src 'unsafe-inline'; img-src data:";

/// The page around `body`, with the styles and script inlined; `kind`
/// (`run` or `compare`) tells the browser check which page it opened.
fn document(title: &str, kind: &str, body: &Markup) -> String {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta http-equiv="Content-Security-Policy" content=(POLICY);
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                style { (PreEscaped(CSS)) }
            }
            body data-page=(kind) {
                (body)
                script { (PreEscaped(SCRIPT)) }
            }
        }
    }
    .into_string()
}

/// The filter box and the dataset switches every page starts with.
fn controls(datasets: &[&str]) -> Markup {
    html! {
        form #controls {
            label { "Filter rows " input #filter type="search" placeholder="json, prost, tuned…"; }
            fieldset {
                legend { "Datasets" }
                @for dataset in datasets {
                    label { input.dataset type="checkbox" checked value=(dataset); " " (dataset) }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serbench_results::Run;

    use super::*;
    use crate::facts;

    #[test]
    fn the_page_carries_its_script_and_forbids_loads() {
        let page = document("t", "run", &html! { p { "<b>" } });
        assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
        assert!(page.contains("default-src 'none'"));
        assert!(page.contains("&lt;b&gt;"), "text is escaped: {page}");
        assert!(page.contains(SCRIPT) && page.contains(CSS));
        assert!(!page.contains("src=\"http") && !page.contains("href=\"http"));
    }

    #[test]
    fn the_header_states_the_machine_checks() {
        let check = serbench_results::MachineCheck {
            workload_ns: 3.9e6,
            ..Default::default()
        };
        let run = Run {
            check: Some(check.clone()),
            check_after: Some(check),
            ..Run::default()
        };
        let labels: Vec<&str> = facts(&run).iter().map(|(label, _)| *label).collect();
        assert_eq!(
            labels,
            [
                "Run",
                "Machine",
                "Compiler",
                "Build",
                "Commit",
                "Machine check before timing",
                "Machine check after timing",
                "Libraries"
            ]
        );
    }
}
