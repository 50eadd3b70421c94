//! Two runs side by side (`cargo xtask compare OLD NEW --html OUT`): their
//! conditions in two columns, then per dataset a chart of every ratio
//! against the band its noise allows ([`changes`]) and each codec's old and
//! new figures with the ratio, changes beyond the runs' noise highlighted
//! by the same rule as the text comparison ([`serbench_results::compare`]).

use maud::{Markup, PreEscaped, html};

use super::tables::{codec_cell, codec_key};
use super::{controls, document};
use crate::datasets;
use crate::facts;
use crate::plot::changes::{self, OPS};
use serbench_results::Report;
use serbench_results::compare::{Change, change};
use serbench_results::units::{NONE, bytes, time};
use serbench_results::{Op, Record};

/// The page comparing `old` with `new`.
#[must_use]
pub fn page(old: &Report, new: &Report) -> String {
    let datasets = datasets(new);
    let ids: Vec<&str> = datasets.iter().map(|d| d.id).collect();
    let old_facts = facts(&old.run);
    let body = html! {
        header {
            h1 { "serbench: two runs compared" }
            table.facts {
                thead { tr { th { } th scope="col" { "old" } th scope="col" { "new" } } }
                tbody {
                    @for ((term, before), (_, after)) in old_facts.iter().zip(facts(&new.run)) {
                        tr .differs[*before != after] { th scope="row" { (term) } td { (before) } td { (after) } }
                    }
                }
            }
            p.about {
                "Ratios are new ÷ old: below 1 is faster or smaller. A time change is "
                span.faster { "highlighted" } " or " span.slower { "highlighted" }
                " when it exceeds twice the larger of the two runs' noise and 5 %; a row's noise is the larger of how far its median sits above its fastest sample and how far its processes' medians spread."
            }
        }
        (controls(&ids))
        @for dataset in &datasets {
            section.dataset data-dataset=(dataset.id) {
                h2 { (dataset.heading) }
                @if let Some(svg) = chart(dataset.id, &old.results, &new.results) {
                    figure { (PreEscaped(svg)) }
                }
                (table(dataset.id, &old.results, &new.results))
            }
        }
        @let gone: Vec<&Record> = old.results.iter().filter(|o| !new.results.iter().any(|n| same_pair(o, n))).collect();
        @if !gone.is_empty() {
            section #gone {
                h2 { "Only in the old run" }
                ul { @for record in gone { li { (record.dataset) " × " code { (record.codec) } } } }
            }
        }
    };
    document("serbench: two runs compared", "compare", &body)
}

fn same_pair(a: &Record, b: &Record) -> bool {
    a.dataset == b.dataset && a.codec == b.codec
}

/// The chart of one dataset's ratios, a row per codec of the new run.
fn chart(dataset: &str, old: &[Record], new: &[Record]) -> Option<String> {
    let rows: Vec<changes::Row<'_>> = new
        .iter()
        .filter(|r| r.dataset == dataset)
        .map(|after| {
            let before = old.iter().find(|r| same_pair(r, after));
            changes::Row {
                codec: &after.codec,
                changes: OPS.map(|op| change(before.and_then(|b| b.op(op)), after.op(op))),
            }
        })
        .collect();
    changes::chart(dataset, &rows)
}

/// One dataset's codecs in both runs.
fn table(dataset: &str, old: &[Record], new: &[Record]) -> Markup {
    html! {
        table.figures.sortable data-dataset=(dataset) {
            caption { "Old and new figures on " (dataset) "; click a heading to sort" }
            thead { tr {
                th data-key="codec-key" scope="col" { "codec" }
                th data-key="library" scope="col" { "library" }
                @for op in OPS {
                    th scope="col" { (op.name()) " old" }
                    th scope="col" { (op.name()) " new" }
                    th data-key=(op.name()) scope="col" title="new ÷ old" { "×" }
                }
                th scope="col" { "size old" } th scope="col" { "size new" }
                th data-key="size" scope="col" title="new ÷ old" { "×" }
            } }
            tbody {
                @for after in new.iter().filter(|r| r.dataset == dataset) {
                    (row(old.iter().find(|r| same_pair(r, after)), after))
                }
            }
        }
    }
}

/// A codec's row; `before` is `None` for a pair new in this run.
fn row(before: Option<&Record>, after: &Record) -> Markup {
    let version = match before {
        Some(before) if before.version != after.version => {
            format!("{} {} → {}", after.library, before.version, after.version)
        }
        _ => format!("{} {}", after.library, after.version),
    };
    let changes = OPS.map(|op| change(before.and_then(|b| b.op(op)), after.op(op)));
    let size_ratio = before
        .filter(|b| b.size_bytes > 0.0 && after.ok)
        .map(|b| after.size_bytes / b.size_bytes);
    html! {
        tr data-dataset=(after.dataset) data-codec=(after.codec) data-codec-key=(codec_key(after))
            data-library=(after.library)
            data-encode=[changes[0].as_ref().map(|c| c.ratio)]
            data-decode=[changes[1].as_ref().map(|c| c.ratio)]
            data-traverse=[changes[2].as_ref().map(|c| c.ratio)]
            data-size=[size_ratio] {
            td { (codec_cell(after)) @if before.is_none() { " " span.new { "new" } } }
            td { (version) }
            @for (op, change) in OPS.iter().zip(&changes) {
                td.num { (time(before.and_then(|b| b.ns(*op)))) }
                td.num { (time(after.ns(*op))) }
                (ratio_cell(*op, change.as_ref()))
            }
            td.num { (before.map_or_else(|| NONE.to_owned(), |b| bytes(b.size_bytes))) }
            td.num { (bytes(after.size_bytes)) }
            td.num { (size_ratio.map_or_else(|| NONE.to_owned(), |r| format!("{r:.3}×"))) }
        }
    }
}

/// The ratio of `op`, highlighted as its mark in the chart is.
fn ratio_cell(op: Op, change: Option<&Change>) -> Markup {
    match change {
        None => html! { td.num data-op=(op.name()) { (NONE) } },
        Some(change) => {
            let class = match changes::class(change) {
                "within" => "num",
                "faster" => "num faster",
                _ => "num slower",
            };
            html! { td class=(class) data-op=(op.name()) { (format!("{:.2}×", change.ratio)) } }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{record, report};
    use serbench_results::{OpStats, Ops};

    fn timed(encode: f64, fastest: f64) -> Record {
        let mut record = record("media", "json", 488.0);
        record.ops = Ops {
            encode: Some(OpStats {
                median_ns: encode,
                min_ns: Some(fastest),
                ..OpStats::default()
            }),
            ..Ops::default()
        };
        record
    }

    #[test]
    fn highlights_changes_beyond_noise() {
        let old = report(vec![timed(1000.0, 980.0), record("media", "cbor", 394.0)]);
        let new = report(vec![timed(1100.0, 1080.0)]);
        let page = page(&old, &new);
        assert!(
            page.contains(r#"<td class="num slower" data-op="encode">1.10×</td>"#),
            "{page}"
        );
        assert!(
            page.contains(r#"<g class="change slower" data-codec="json" data-op="encode""#),
            "the chart marks it too: {page}"
        );
        assert!(page.contains("Only in the old run"), "{page}");
        let calm = page_of(timed(1000.0, 800.0), timed(1100.0, 900.0));
        assert!(!calm.contains("num slower"), "{calm}");
    }

    fn page_of(old: Record, new: Record) -> String {
        page(&report(vec![old]), &report(vec![new]))
    }
}
