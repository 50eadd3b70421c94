//! One run's page: the run's conditions, the ranking by instructions
//! when the run counted them, then the picture (per dataset,
//! size against encode and decode time, a point per codec), then what the
//! figures mean, the throughput inputs, and per dataset its figures, its
//! throughput table and its bar charts, then the sweep and compile times
//! when the run has them. The page shows before it tells: a reader sees
//! which codecs are small and fast before reading a table.

use crate::sections;
use maud::{Markup, PreEscaped, html};

use super::{controls, document, tables};
use crate::charts::Chart;
use crate::{Dataset, datasets, facts, of};
use serbench_results::Report;

/// The link and CPU the throughput view starts from: a 100 Mbit/s link
/// and one whole core.
const BANDWIDTH_MBITS: f64 = 100.0;
const CPU_PERCENT: f64 = 100.0;

/// `report.html` of a run whose charts are `charts`.
#[must_use]
pub fn page(results: &Report, charts: &[Chart]) -> String {
    let datasets = datasets(results);
    let ids: Vec<&str> = datasets.iter().map(|d| d.id).collect();
    let body = html! {
        header {
            h1 { "serbench report" }
            dl.facts {
                @for (term, value) in facts(&results.run) { dt { (term) } dd { (value) } }
            }
        }
        (tables::ranking(results))
        (overview(&datasets, charts))
        section #about {
            p.about {
                "Medians over the timed samples, per message. " em { "encode" } ": model to bytes into a reused buffer; "
                em { "decode" } ": bytes to an owned model value; " em { "traverse" } ": the dataset's question from the bytes "
                "(in place for zero-copy formats, marked ⚡, else decode then walk); " em { "floor" } ": a memcpy of the same bytes. "
                "Sizes are bytes per message (KB = 1000 B). Allocations are counts per message from a counting allocator. "
                "Each pair's round trip is verified before it is timed."
            }
        }
        (controls(&ids))
        (throughput_inputs())
        @for dataset in &datasets {
            @let records: Vec<_> = of(results, dataset.id).collect();
            section.dataset data-dataset=(dataset.id) id=(format!("dataset-{}", dataset.id)) {
                h2 { (dataset.heading) }
                (tables::figures(results, dataset.id, &records))
                (tables::throughput(dataset.id, &records))
                (tables::decode_limits(results, dataset.id))
                div.charts {
                    @for chart in charts.iter().filter(|c| c.dataset.as_deref() == Some(dataset.id) && c.scatter.is_none()) {
                        figure { (PreEscaped(&chart.svg)) figcaption { (chart.title) } }
                    }
                }
            }
        }
        @if !results.sweep.is_empty() {
            section #sweep {
                h2 { "Task-manager sweep" }
                (tables::sweep(results))
                div.charts {
                    @for chart in charts.iter().filter(|c| c.dataset.is_none()) {
                        figure { (PreEscaped(&chart.svg)) figcaption { (chart.title) } }
                    }
                }
            }
        }
        @if !results.compile.is_empty() {
            section #compile {
                h2 { "Compile times" }
                (tables::compile(results))
            }
        }
        @if !results.evolution.is_empty() {
            section #evolution {
                h2 { "Schema evolution" }
                p.about { (sections::EVOLUTION_ABOUT) }
                (tables::evolution(&results.evolution))
            }
        }
        @if !results.capabilities.is_empty() {
            section #capabilities {
                h2 { "Capabilities" }
                p.about { (sections::CAPABILITIES_ABOUT) }
                (tables::capabilities(results))
            }
        }
        @if let Some(sizes) = &results.code_size {
            section #code-size {
                h2 { "Code size" }
                p.about { (sections::code_size_about(sizes)) }
                (tables::code_size(results, sizes))
            }
        }
    };
    document("serbench report", "run", &body)
}

/// Per dataset, its scatter charts side by side.
fn overview(datasets: &[Dataset<'_>], charts: &[Chart]) -> Markup {
    html! {
        section #overview {
            h2 { "Size against time" }
            p.about {
                "Per dataset, each codec's encoded size against its median encode and decode time, both on log scales: "
                "down and to the left is smaller and faster. The marked points and the dashed line are the Pareto front, "
                "the codecs no other codec beats on both; hover a point for its figures. The tables below give every figure with its noise."
            }
            @for dataset in datasets {
                @let scatters: Vec<&Chart> = charts.iter().filter(|c| c.scatter.is_some() && c.dataset.as_deref() == Some(dataset.id)).collect();
                @if !scatters.is_empty() {
                    div.overview data-dataset=(dataset.id) {
                        h3 { a href=(format!("#dataset-{}", dataset.id)) { (dataset.heading) } }
                        div.charts {
                            @for chart in scatters { figure { (PreEscaped(&chart.svg)) } }
                        }
                    }
                }
            }
        }
    }
}

/// The throughput view's inputs. Each dataset's throughput table answers
/// for them: a sender can send no more messages per second than the link
/// carries (bandwidth ÷ bits per message) nor than its CPU share encodes
/// (share ÷ encode time), a receiver likewise with decode; the smaller
/// binds.
fn throughput_inputs() -> Markup {
    html! {
        form #throughput {
            h2 { "Throughput view" }
            p {
                "Messages per second each codec allows over a link of "
                label { input #bandwidth type="number" min="0" step="any" value=(BANDWIDTH_MBITS); " Mbit/s" }
                " with "
                label { input #cpu type="number" min="0" max="100" step="any" value=(CPU_PERCENT); " % of a core" }
                " for encoding or decoding: the link or the CPU, whichever binds. "
                "The tables under each dataset follow these figures."
            }
            noscript { p { "The throughput view is computed in the page and needs JavaScript; every other table reads without it." } }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{record, report};
    use serbench_results::{Op, OpStats, Ops};

    /// The scatters open the page, before any table; the bar charts stay
    /// with their dataset.
    #[test]
    fn the_page_opens_on_the_scatters() {
        let chart = |scatter: Option<Op>, svg: &str| Chart {
            dataset: Some("media".to_owned()),
            scatter,
            title: "t".to_owned(),
            file: "f.svg".to_owned(),
            svg: svg.to_owned(),
        };
        let charts = [
            chart(Some(Op::Encode), "<svg class=\"scatter\"></svg>"),
            chart(None, "<svg class=\"bars\"></svg>"),
        ];
        let page = page(&report(vec![record("media", "json", 488.0)]), &charts);
        let at = |text: &str| page.find(text).unwrap_or_else(|| panic!("{text}: {page}"));
        assert!(at("<svg class=\"scatter\">") < at("Medians over the timed samples"));
        assert!(at("<svg class=\"scatter\">") < at("<table class=\"figures"));
        assert!(at("<table class=\"figures") < at("<svg class=\"bars\">"));
        assert_eq!(page.matches("<svg class=\"scatter\">").count(), 1, "{page}");
    }

    #[test]
    fn every_pair_has_a_row_with_its_figures() {
        let mut json = record("media", "json", 488.0);
        json.wire_format = "JSON".to_owned();
        json.ops = Ops {
            decode: Some(OpStats {
                median_ns: 1109.0,
                min_ns: Some(1001.0),
                max_ns: Some(1226.0),
                ..OpStats::default()
            }),
            ..Ops::default()
        };
        let mut failed = record("records", "xml", 0.0);
        failed.ok = false;
        failed.error = Some("<bad>".to_owned());
        let page = page(&report(vec![json, failed]), &[]);
        assert!(
            page.contains(r#"data-dataset="media" data-codec="json" data-codec-key="JSON json""#),
            "{page}"
        );
        assert!(page.contains(r#"data-decode="1109""#), "{page}");
        assert!(page.contains("decode 1.00 µs–1.23 µs"), "{page}");
        assert!(page.contains("not timed: &lt;bad&gt;"), "{page}");
        assert!(
            page.contains(r#"<section class="dataset" data-dataset="records""#),
            "{page}"
        );
    }
}
