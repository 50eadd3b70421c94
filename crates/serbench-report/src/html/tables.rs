//! The tables of one run's page. Each row carries its raw figures as
//! `data-` attributes (nanoseconds, bytes, counts), which the script sorts
//! on and the browser check reads; the cells show them as a person reads
//! them.

use crate::sections;
use maud::{Markup, html};

use serbench_results::qt::{self, COUNTERPARTS};
use serbench_results::units::{NONE, added_bytes, bytes, count, instructions, time};
use serbench_results::{CodeSizes, EVOLUTION_CHANGES, EvolutionCell, Report};
use serbench_results::{Op, Record};

/// A column a person can sort by: its title and the `data-` key its rows
/// hold.
struct Column {
    title: &'static str,
    key: &'static str,
    /// What the title's tooltip explains.
    about: &'static str,
}

const FIGURES: [Column; 15] = [
    Column {
        title: "codec",
        key: "codec-key",
        about: "wire format, then codec id; ⚡ traverses in place",
    },
    Column {
        title: "library",
        key: "library",
        about: "the library the codec calls",
    },
    Column {
        title: "version",
        key: "version",
        about: "the library's version",
    },
    Column {
        title: "path",
        key: "path",
        about: "stock API, or a path tuned in serbench",
    },
    Column {
        title: "encode",
        key: "encode",
        about: "model to bytes, median per message",
    },
    Column {
        title: "decode",
        key: "decode",
        about: "bytes to an owned model, median per message",
    },
    Column {
        title: "traverse",
        key: "traverse",
        about: "the dataset's question from the bytes",
    },
    Column {
        title: "floor",
        key: "floor",
        about: "memcpy of the same bytes",
    },
    Column {
        title: "size",
        key: "size",
        about: "encoded bytes per message",
    },
    Column {
        title: "zstd",
        key: "zstd",
        about: "zstd level 3, bytes per message",
    },
    Column {
        title: "gzip",
        key: "gzip",
        about: "gzip level 6, bytes per message",
    },
    Column {
        title: "instructions",
        key: "instructions",
        about: "instructions per message counted under Callgrind, encode / decode (sorts by \
                decode): the same on every run; – when the run did not count them",
    },
    Column {
        title: "allocs",
        key: "allocs",
        about: "allocations per message: encode / decode (sorts by decode)",
    },
    Column {
        title: "spread",
        key: "spread",
        about: "fastest–slowest sample and noise (± of the median) per operation; sorts by \
                decode's noise",
    },
    Column {
        title: "safety",
        key: "safety",
        about: "the conformance kit's damaged encodings of this dataset: worst peak memory as a \
                share of the bound (4 × input + 64 KiB), and bytes per byte of dense valid input",
    },
];

/// A table header of sortable columns.
fn head(columns: &[Column]) -> Markup {
    html! {
        thead { tr {
            @for column in columns {
                th data-key=(column.key) title=(column.about) scope="col" { (column.title) }
            }
        } }
    }
}

/// `decode 1.10–1.31 µs ±9%`: an operation's fastest and slowest sample,
/// and its noise when the run measured one.
fn spread(record: &Record, op: Op) -> Option<String> {
    let stats = record.op(op)?;
    let (min, max) = (stats.min_ns?, stats.max_ns?);
    let noise = stats
        .noise
        .map_or_else(String::new, |noise| format!(" ±{:.0}%", noise * 100.0));
    Some(format!(
        "{} {}–{}{noise}",
        op.name(),
        time(Some(min)),
        time(Some(max))
    ))
}

/// What decode's spread sorts by: its noise, else the fastest-to-slowest
/// width relative to the median (files written before noise existed).
fn spread_width(record: &Record) -> Option<f64> {
    let stats = record.op(Op::Decode)?;
    if stats.noise.is_some() {
        return stats.noise;
    }
    let (min, max) = (stats.min_ns?, stats.max_ns?);
    (stats.median_ns > 0.0).then(|| (max - min) / stats.median_ns)
}

/// `bounded, 12% · 24×/B`, or a warning when a damaged input broke the
/// bound.
fn safety(record: &Record) -> String {
    let Some(figures) = &record.safety else {
        return NONE.to_owned();
    };
    let dense = figures
        .dense_expansion
        .map_or_else(String::new, |dense| format!(" · {dense:.0}×/B valid"));
    let worst = figures.worst_of_bound;
    if figures.bounded() {
        format!("bounded, {:.0}%{dense}", worst * 100.0)
    } else {
        format!("⚠ past the bound, {worst:.1}×{dense}")
    }
}

fn allocs(record: &Record, op: Op) -> Option<f64> {
    record.op(op).and_then(|stats| stats.allocs)
}

/// The codec cell's sort key: the wire format first, so sorting by it
/// groups the codecs of one wire format.
pub(super) fn codec_key(record: &Record) -> String {
    format!("{} {}", record.wire_format, record.codec)
}

/// `JSON` over `simd-json ⚡`.
pub(super) fn codec_cell(record: &Record) -> Markup {
    html! {
        span.wire-format { (record.wire_format) } " "
        code { (record.codec) }
        @if record.zero_copy { " " abbr title="traverses the bytes in place" { "⚡" } }
    }
}

/// Every figure of one dataset, a row per codec, grouped by wire format; on
/// Qt's dataset, Qt's own implementations measured here follow, marked.
pub(super) fn figures(results: &Report, dataset: &str, records: &[&Record]) -> Markup {
    // Grouped by wire format: each where its first codec ran.
    let wire_formats: Vec<&str> = records.iter().map(|r| r.wire_format.as_str()).collect();
    let mut records = records.to_vec();
    records.sort_by_key(|r| wire_formats.iter().position(|f| *f == r.wire_format));
    let qt_rows = if dataset == qt::DATASET {
        results.qt.as_slice()
    } else {
        &[]
    };
    html! {
        table.figures.sortable data-dataset=(dataset) {
            caption { "Every codec on " (dataset) "; click a heading to sort" }
            (head(&FIGURES))
            tbody {
                @for record in &records {
                    @if record.ok { (row(record)) } @else {
                        tr.failed data-dataset=(record.dataset) data-codec=(record.codec)
                            data-codec-key=(codec_key(record)) {
                            td { (codec_cell(record)) }
                            td { (record.library) }
                            td { (record.version) }
                            td colspan=(FIGURES.len() - 3) {
                                "failed its round trip, not timed: " (record.error.as_deref().unwrap_or(""))
                            }
                        }
                    }
                }
                @for measured in qt_rows {
                    @let name = COUNTERPARTS.iter().find(|c| c.id == measured.id).map_or(measured.id.as_str(), |c| c.qt);
                    tr.qt data-codec-key=(format!("Qt {name}")) data-encode=(measured.serialize_ns)
                        data-decode=(measured.deserialize_ns) data-size=(measured.size_bytes) {
                        td { span.wire-format { "Qt" } " " code { (name) } }
                        td { "Qt 6" }
                        td { }
                        td { "reference" }
                        td.num { (time(Some(measured.serialize_ns))) }
                        td.num { (time(Some(measured.deserialize_ns))) }
                        td.num { (NONE) } td.num { (NONE) }
                        td.num { (bytes(measured.size_bytes as f64)) }
                        td.num { (NONE) } td.num { (NONE) } td.num { (NONE) } td.num { (NONE) }
                        td { } td { }
                    }
                }
            }
        }
    }
}

/// The instruction meter's section ([`crate::instructions`]): per
/// dataset, the codecs ranked by instructions for encode and decode, and
/// where the clock and the count disagree; nothing when the run did not
/// count.
pub(super) fn ranking(results: &Report) -> Markup {
    use crate::instructions::{
        ABOUT, TITLE, agreement, counted, counted_at, per_message_line, ranking_table,
    };
    if !counted(results) {
        return html! {};
    }
    let (lead, sentences) = agreement(results);
    html! {
        section #instructions {
            h2 { (TITLE) }
            p.about { (ABOUT) }
            @for dataset in crate::datasets(results) {
                @for op in [Op::Encode, Op::Decode] {
                    @if let Some(table) = ranking_table(results, dataset.id, op) {
                        h3 { (dataset.heading) ": " (op.name()) (counted_at(results, dataset.id)) }
                        (plain(&table))
                    }
                }
                @if let Some(line) = per_message_line(results, dataset.id) { p { (line) } }
            }
            p { (lead) }
            @if !sentences.is_empty() {
                ul { @for sentence in &sentences { li { (sentence) } } }
            }
        }
    }
}

/// Decode at its limits ([`sections::decode_limits`]): the owned and
/// borrowed decodes beside their floors, and why a codec has no borrowed
/// decode; nothing when the run timed no floor.
pub(super) fn decode_limits(results: &Report, dataset: &str) -> Markup {
    let Some((table, reasons)) = sections::decode_limits(results, dataset) else {
        return html! {};
    };
    html! {
        h3 { "Decode at its limits" }
        p.about { (sections::DECODE_LIMITS_ABOUT) }
        (plain(&table))
        @if !reasons.is_empty() {
            p { "No borrowed decode (–):" }
            ul { @for (why, codecs) in &reasons { li { (codecs.join(", ")) ": " (why) } } }
        }
    }
}

/// A report table as HTML, figures right-aligned.
fn plain(table: &crate::table::Table) -> Markup {
    let numeric = table.numeric();
    html! {
        table.ranking {
            thead { tr { @for title in table.titles() { th scope="col" { (title) } } } }
            tbody {
                @for row in table.rows() {
                    tr {
                        @for (at, cell) in row.iter().enumerate() {
                            @if numeric.get(at).copied().unwrap_or(false) {
                                td.num { (cell) }
                            } @else {
                                td { (cell) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A verified codec's row.
fn row(record: &Record) -> Markup {
    let path = if record.tuned { "tuned" } else { "stock" };
    html! {
        tr data-dataset=(record.dataset) data-codec=(record.codec)
            data-codec-key=(codec_key(record)) data-library=(record.library)
            data-version=(record.version) data-path=(path)
            data-encode=[record.ns(Op::Encode)] data-decode=[record.ns(Op::Decode)]
            data-traverse=[record.ns(Op::Traverse)] data-floor=[record.ns(Op::Floor)]
            data-size=(record.size_bytes) data-zstd=(record.zstd_bytes)
            data-gzip=(record.gzip_bytes) data-allocs=[allocs(record, Op::Decode)]
            data-instructions=[record.op(Op::Decode).and_then(|stats| stats.instructions)]
            data-spread=[spread_width(record)]
            data-safety=[record.safety.as_ref().map(|s| s.worst_of_bound)] {
            td { (codec_cell(record)) }
            td { (record.library) }
            td { (record.version) }
            td { (path) }
            td.num { (time(record.ns(Op::Encode))) }
            td.num { (time(record.ns(Op::Decode))) }
            td.num { (time(record.ns(Op::Traverse))) }
            td.num.floor { (time(record.ns(Op::Floor))) }
            td.num { (bytes(record.size_bytes)) }
            td.num { (bytes(record.zstd_bytes)) }
            td.num { (bytes(record.gzip_bytes)) }
            td.num {
                (instructions(record.op(Op::Encode).and_then(|s| s.instructions)))
                " / "
                (instructions(record.op(Op::Decode).and_then(|s| s.instructions)))
            }
            td.num { (count(allocs(record, Op::Encode))) " / " (count(allocs(record, Op::Decode))) }
            td.spread {
                @for op in [Op::Encode, Op::Decode, Op::Traverse] {
                    @if let Some(text) = spread(record, op) { span { (text) } br; }
                }
            }
            td { (safety(record)) }
        }
    }
}

/// The throughput view's table: its cells are the script's to fill, from
/// the bandwidth and CPU share the person sets.
pub(super) fn throughput(dataset: &str, records: &[&Record]) -> Markup {
    html! {
        table.throughput.sortable data-dataset=(dataset) {
            caption { "Messages per second on " (dataset) " at the link and CPU share above" }
            thead { tr {
                th data-key="codec-key" scope="col" { "codec" }
                th data-key="library" scope="col" { "library" }
                th data-key="rate-encode" scope="col" title="messages a sender can encode and send per second" { "send (encode)" }
                th scope="col" { "bound by" }
                th data-key="rate-decode" scope="col" title="messages a receiver can receive and decode per second" { "receive (decode)" }
                th scope="col" { "bound by" }
            } }
            tbody {
                @for record in records.iter().filter(|r| r.ok) {
                    tr data-dataset=(record.dataset) data-codec=(record.codec)
                        data-codec-key=(codec_key(record)) data-library=(record.library)
                        data-size=(record.size_bytes)
                        data-encode=[record.ns(Op::Encode)] data-decode=[record.ns(Op::Decode)] {
                        td { (codec_cell(record)) }
                        td { (record.library) }
                        td.num.rate data-op="encode" { (NONE) }
                        td.binds data-op="encode" { }
                        td.num.rate data-op="decode" { (NONE) }
                        td.binds data-op="decode" { }
                    }
                }
            }
        }
    }
}

/// `--sweep`: nanoseconds per task, a column per size.
pub(super) fn sweep(results: &Report) -> Markup {
    let mut sizes: Vec<u64> = results.sweep.iter().map(|p| p.tasks).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let mut rows: Vec<(&str, &str)> = results
        .sweep
        .iter()
        .map(|p| (p.codec.as_str(), p.op.as_str()))
        .collect();
    rows.sort_unstable();
    rows.dedup();
    html! {
        table.sweep {
            caption { "Nanoseconds per task; flat from left to right is linear growth" }
            thead { tr {
                th scope="col" { "codec" } th scope="col" { "op" }
                @for size in &sizes { th scope="col" { (size) " tasks" } }
            } }
            tbody {
                @for (codec, op) in &rows {
                    tr {
                        td { code { (codec) } } td { (op) }
                        @for size in &sizes {
                            @let point = results.sweep.iter().find(|p| p.codec == *codec && p.op == *op && p.tasks == *size);
                            td.num { (point.map_or_else(|| NONE.to_owned(), |p| format!("{:.0}", p.ns_per_task()))) }
                        }
                    }
                }
            }
        }
    }
}

/// `--compile-times`: a clean release build of each codec crate.
pub(super) fn compile(results: &Report) -> Markup {
    html! {
        table.compile.sortable {
            caption { "Clean cargo build --release -p <crate>, dependencies included" }
            thead { tr {
                th data-key="crate" scope="col" { "crate" }
                th data-key="seconds" scope="col" { "seconds" }
                th data-key="bytes" scope="col" { "libraries" }
                th data-key="crates" scope="col" { "crates" }
            } }
            tbody {
                @for compile in &results.compile {
                    tr data-crate=(compile.package) data-seconds=(compile.seconds)
                        data-bytes=(compile.library_bytes) data-crates=(compile.crates) {
                        td { code { (compile.package) } }
                        td.num { (format!("{:.1}", compile.seconds)) }
                        td.num { (bytes(compile.library_bytes as f64)) }
                        td.num { (compile.crates) }
                    }
                }
            }
        }
    }
}

/// `--compile-times`: the bytes each codec adds to a release binary.
pub(super) fn code_size(results: &Report, sizes: &CodeSizes) -> Markup {
    html! {
        table.code-size.sortable {
            caption { "Bytes each codec adds to a release binary, against one with no codec" }
            thead { tr {
                th data-key="codec" scope="col" { "codec" }
                th data-key="crate" scope="col" { "crate" }
                th data-key="stripped" scope="col" { "adds, stripped" }
                th data-key="bytes" scope="col" { "adds" }
                th data-key="seconds" scope="col" { "crate build" }
            } }
            tbody {
                @for codec in &sizes.codecs {
                    @let (added, stripped) = codec.added(sizes.baseline);
                    tr data-codec=(codec.codec) data-crate=(codec.package)
                        data-stripped=(stripped) data-bytes=(added)
                        data-seconds=[results.compile.iter().find(|c| c.package == codec.package).map(|c| c.seconds)] {
                        td { code { (codec.codec) } }
                        td { code { (codec.package) } }
                        td.num { (added_bytes(stripped)) }
                        td.num { (added_bytes(added)) }
                        td.num { (sections::build_seconds(results, &codec.package)) }
                    }
                }
            }
        }
    }
}

/// The schema-evolution matrix: a row per wire format and practice, two
/// marks per change (old data read by new code, new data read by old
/// code), each mark's error or wrong read in its title; then the ⚠ cells
/// in sentences.
pub(super) fn evolution(cells: &[EvolutionCell]) -> Markup {
    let wrong: Vec<&EvolutionCell> = cells.iter().filter(|c| c.outcome == "wrong").collect();
    html! {
        table.evolution {
            caption { "Each change: old data read by new code, then new data read by old code" }
            thead { tr {
                th scope="col" { "wire format" }
                th scope="col" { "library" }
                th scope="col" { "practice" }
                @for (_, about) in EVOLUTION_CHANGES { th scope="col" { (about) } }
            } }
            tbody {
                @for row in sections::evolution_rows(cells) {
                    tr data-format=(row[0].wire_format) {
                        td { (row[0].wire_format) }
                        td { (row[0].library) }
                        td { (row[0].practice) }
                        @for (change, _) in EVOLUTION_CHANGES {
                            td.marks {
                                @for cell in sections::evolution_pair(&row, change).into_iter().flatten() {
                                    span class=(cell.outcome)
                                        title=(if cell.detail.is_empty() { "reads the value the writer meant" } else { &cell.detail }) {
                                        (cell.mark())
                                    }
                                    " "
                                }
                            }
                        }
                    }
                }
            }
        }
        @if !wrong.is_empty() {
            p { "What each ⚠ read instead of the writer's value:" }
            ul.wrong {
                @for cell in wrong { li { (sections::evolution_sentence(cell)) } }
            }
        }
    }
}

/// The capability filters: the checkbox's label and the row attribute
/// it requires to be `yes`.
pub(super) const CAPABILITY_FILTERS: [(&str, &str); 8] = [
    ("field names in the data", "field-names"),
    ("deterministic", "deterministic"),
    ("zero-copy", "zero-copy"),
    ("bounded", "bounded"),
    (
        "evolves safely (old data always read, nothing read wrong)",
        "evolves",
    ),
    ("serde", "serde"),
    ("maintained (no unmaintained notice)", "maintained"),
    ("without unsafe in the library's own crates", "no-unsafe"),
];

/// The capability table: a row per codec, each declared fact's source in
/// its title, and the checkboxes that filter the codecs of every table on
/// the page by capability.
pub(super) fn capabilities(results: &Report) -> Markup {
    let yes = |b: bool| if b { "yes" } else { "no" };
    html! {
        form #capability-filter {
            fieldset {
                legend { "Only codecs that are" }
                @for (label, key) in CAPABILITY_FILTERS {
                    label { input.capability type="checkbox" value=(key); " " (label) }
                }
            }
        }
        table.capabilities.sortable {
            thead { tr {
                th data-key="codec" scope="col" { "codec" }
                th data-key="format" scope="col" { "wire format" }
                th data-key="field-names" scope="col" { "field names" }
                th data-key="deterministic" scope="col" { "deterministic" }
                th data-key="zero-copy" scope="col" { "zero-copy" }
                th data-key="bounded" scope="col" { "bounded" }
                th data-key="api" scope="col" { "API" }
                th data-key="evolution" scope="col" { "evolution" }
                th data-key="unsafe" scope="col" { "unsafe" }
                @for name in sections::DECLARED { th scope="col" { (name) } }
            } }
            tbody {
                @for row in sections::capability_rows(results) {
                    @let line = row.line;
                    @let code = line.unsafe_code.as_ref();
                    tr data-codec=(line.codec) data-format=(line.wire_format)
                        data-field-names=(yes(line.field_names))
                        data-deterministic=(yes(line.deterministic))
                        data-zero-copy=(yes(line.zero_copy))
                        data-bounded=(sections::yes_no(row.bounded))
                        data-api=(line.api.fact)
                        data-serde=(yes(line.api.fact == "serde"))
                        data-evolution=[row.evolution.as_ref().map(|e| e.counts[0])]
                        data-evolves=(yes(row.evolution.as_ref().is_some_and(|e| e.safe)))
                        data-unsafe=[code.map(|c| c.count)]
                        data-no-unsafe=(sections::yes_no(code.map(|c| c.count == 0)))
                        data-maintained=(yes(!line.unmaintained)) {
                        td { code { (line.codec) } }
                        td { (line.wire_format) }
                        td { (yes(line.field_names)) }
                        td { (yes(line.deterministic)) }
                        td { (yes(line.zero_copy)) }
                        td { (sections::yes_no(row.bounded)) }
                        td title=(line.api.source) { (line.api.fact) }
                        td { (row.evolution.as_ref().map_or_else(|| NONE.to_owned(), sections::EvolutionSummary::text)) }
                        td title=(sections::unsafe_source(code)) { (sections::unsafe_text(code)) }
                        @for name in sections::DECLARED {
                            @match sections::declared(line, name) {
                                Some(fact) => td title=(fact.source) { (fact.fact) },
                                None => td { (NONE) },
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{record, report};
    use serbench_results::qt::Measured;

    #[test]
    fn groups_codecs_by_wire_format_and_marks_qt() {
        let codec = |id: &str, wire_format: &str| Record {
            wire_format: wire_format.to_owned(),
            ..record(qt::DATASET, id, 100.0)
        };
        let records = [
            codec("json", "JSON"),
            codec("cbor", "CBOR"),
            codec("simd-json", "JSON"),
        ];
        let mut results = report(records.to_vec());
        results.qt.push(Measured {
            id: "json".to_owned(),
            serialize_ns: 56e6,
            deserialize_ns: 24e6,
            size_bytes: 2_005_273,
        });
        let table =
            figures(&results, qt::DATASET, &records.iter().collect::<Vec<_>>()).into_string();
        let at = |codec: &str| table.find(&format!("data-codec=\"{codec}\"")).unwrap();
        assert!(
            at("json") < at("simd-json") && at("simd-json") < at("cbor"),
            "{table}"
        );
        assert!(
            table.contains(r#"<tr class="qt" data-codec-key="Qt QJsonDocument""#),
            "{table}"
        );
    }
}
