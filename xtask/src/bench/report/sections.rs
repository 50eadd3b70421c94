//! The tables of the reports, each built from the run's records with the
//! table builder: a dataset's full figures, its native rows, the
//! comparison with Qt, the sweep, compile times, and the README's headline
//! and size tables.

use super::super::Report;
use super::super::qt::{self, AIM, COUNTERPARTS};
use super::super::results::{Op, Record, SweepPoint};
use super::super::table::{Align, Table};
use super::super::units::{NONE, bytes, count, rate, time};
use super::{datasets, of};

/// `capnp ⚡`: the codec id, marked when it traverses in place.
fn format_cell(record: &Record) -> String {
    if record.zero_copy {
        format!("{} ⚡", record.format)
    } else {
        record.format.clone()
    }
}

/// `serde_json 1.0.145`, and `tuned` for a path written in serbench.
fn library_cell(record: &Record) -> String {
    let tuned = if record.tuned { ", tuned" } else { "" };
    format!("{} {}{tuned}", record.library, record.version)
}

/// Each codec once, in the order of the run (the registry's, grouped by
/// wire format), with the record of each dataset it ran on.
fn codecs(results: &Report) -> Vec<Vec<&Record>> {
    let mut codecs: Vec<Vec<&Record>> = Vec::new();
    for record in &results.results {
        match codecs
            .iter_mut()
            .find(|records| records[0].format == record.format)
        {
            Some(records) => records.push(record),
            None => codecs.push(vec![record]),
        }
    }
    codecs
}

/// Hostile input, from the kit's damaged encodings over every dataset:
/// `bounded (≤ 31% of the bound, 41 230 inputs)`, or how many broke it.
fn hostile_cell(records: &[&Record]) -> String {
    let measured: Vec<&Record> = records
        .iter()
        .copied()
        .filter(|r| r.safety.bounded().is_some())
        .collect();
    if measured.is_empty() {
        return NONE.to_owned();
    }
    let inputs: u64 = measured.iter().filter_map(|r| r.safety.damaged).sum();
    let violations: u64 = measured.iter().filter_map(|r| r.safety.violations).sum();
    let worst = measured
        .iter()
        .filter_map(|r| r.safety.worst_of_bound)
        .fold(0.0, f64::max);
    if violations == 0 {
        format!(
            "bounded (≤ {:.0}% of the bound, {} inputs)",
            worst * 100.0,
            count_cell(inputs)
        )
    } else {
        format!(
            "⚠ NOT bounded: {} of {} inputs over the bound or panicked (worst {:.1}× the bound)",
            count_cell(violations),
            count_cell(inputs),
            worst
        )
    }
}

/// `41 230`: a count with thin spaces between thousands.
fn count_cell(value: u64) -> String {
    let digits = value.to_string();
    let mut text = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            text.push(' ');
        }
        text.push(digit);
    }
    text
}

/// The worst bytes held per byte of the kit's dense valid input, over
/// every dataset.
fn expansion_cell(records: &[&Record]) -> String {
    records
        .iter()
        .filter_map(|r| r.safety.dense_expansion)
        .reduce(f64::max)
        .map_or_else(|| NONE.to_owned(), |worst| format!("{worst:.0}×"))
}

/// Every codec of the run: what it times (format, library, version, the
/// library's stock API or a path written here) and how it holds up (the
/// conformance kit's memory figures). The rows follow the registry, which
/// groups them by wire format.
pub(super) fn codecs_table(results: &Report) -> String {
    let mut table = Table::new()
        .left("format")
        .left("codec")
        .left("library")
        .left("path")
        .left("hostile input")
        .right("valid input, worst expansion");
    for records in codecs(results) {
        let first = records[0];
        table.push(vec![
            first.family.clone(),
            format_cell(first),
            format!("{} {}", first.library, first.version),
            if first.tuned { "tuned" } else { "stock" }.to_owned(),
            hostile_cell(&records),
            expansion_cell(&records),
        ]);
    }
    format!(
        "Codecs: *stock* times the library's own API, *tuned* a path written in serbench \
         around it. *Hostile input*: the conformance kit's damaged encodings (every cut, \
         seeded bit flips, trailing bytes) of every dataset, decoded and traversed; bounded \
         when none panicked and none held more than 4 × its size + 64 KiB at once, with the \
         worst peak as a share of that bound. *Worst expansion*: the most bytes a decode \
         held at once per byte of the kit's densest valid values (many minimal elements); \
         SECURITY.md gives each codec's limits.\n\n{}\n",
        table.render()
    )
}

/// Every figure of one dataset, a row per codec.
pub(super) fn dataset_table(results: &Report, dataset: &str) -> String {
    let mut table = Table::new().left("format").left("library");
    for title in [
        "encode",
        "decode",
        "traverse",
        "size",
        "zstd",
        "gzip",
        "encode allocs",
        "decode allocs",
        "encode rate",
        "decode rate",
        "floor",
    ] {
        table = table.right(title);
    }
    for record in of(results, dataset) {
        if !record.ok {
            table.push(vec![
                record.format.clone(),
                library_cell(record),
                format!("failed: {}", record.error.as_deref().unwrap_or("")),
            ]);
            continue;
        }
        let op = |op: Op| record.op(op);
        table.push(vec![
            format_cell(record),
            library_cell(record),
            time(record.ns(Op::Encode)),
            time(record.ns(Op::Decode)),
            time(record.ns(Op::Traverse)),
            bytes(record.size_bytes),
            bytes(record.zstd_bytes),
            bytes(record.gzip_bytes),
            count(op(Op::Encode).and_then(|stats| stats.allocs)),
            count(op(Op::Decode).and_then(|stats| stats.allocs)),
            rate(record.throughput(Op::Encode)),
            rate(record.throughput(Op::Decode)),
            time(record.ns(Op::Floor)),
        ]);
    }
    table.render()
}

/// The build and write halves of encode, for codecs with generated message
/// types; empty when the dataset has none.
pub(super) fn native_table(results: &Report, dataset: &str) -> String {
    let native: Vec<&Record> = of(results, dataset)
        .filter(|r| r.op(Op::Build).is_some())
        .collect();
    if native.is_empty() {
        return String::new();
    }
    let mut table = Table::new()
        .left("format")
        .right("build message from model")
        .right("write prebuilt message")
        .right("encode");
    for record in native {
        table.push(vec![
            record.format.clone(),
            time(record.ns(Op::Build)),
            time(record.ns(Op::Write)),
            time(record.ns(Op::Encode)),
        ]);
    }
    format!(
        "Native rows, the two halves of *encode* for formats with generated message types:\n\n{}\n",
        table.render()
    )
}

/// Qt's dataset against Qt's implementations: the reference
/// figures, Qt measured here when installed, and how far ahead we are.
pub(super) fn against_qt(results: &Report) -> String {
    let mut table = Table::new()
        .left("Qt")
        .right("reference serialize / deserialize")
        .right("Qt measured here")
        .left("serbench")
        .right("encode / decode")
        .right("× faster")
        .column("aim", Align::Center);
    for counterpart in &COUNTERPARTS {
        let Some(record) =
            of(results, qt::DATASET).find(|r| r.format == counterpart.format && r.ok)
        else {
            continue;
        };
        let measured = results.qt.iter().find(|m| m.id == counterpart.id);
        let (qt_serialize, qt_deserialize) = measured.map_or(
            (
                counterpart.reference_ms.0 * 1e6,
                counterpart.reference_ms.1 * 1e6,
            ),
            |m| (m.serialize_ns, m.deserialize_ns),
        );
        let ratios = record
            .ns(Op::Encode)
            .zip(record.ns(Op::Decode))
            .map(|(e, d)| (qt_serialize / e, qt_deserialize / d));
        table.push(vec![
            counterpart.qt.to_owned(),
            format!(
                "{} / {} ms",
                counterpart.reference_ms.0, counterpart.reference_ms.1
            ),
            measured.map_or_else(
                || NONE.to_owned(),
                |m| {
                    format!(
                        "{} / {}",
                        time(Some(m.serialize_ns)),
                        time(Some(m.deserialize_ns))
                    )
                },
            ),
            record.format.clone(),
            format!(
                "{} / {}",
                time(record.ns(Op::Encode)),
                time(record.ns(Op::Decode))
            ),
            ratios.map_or_else(|| NONE.to_owned(), |(s, d)| format!("{s:.1} / {d:.1}")),
            ratios
                .map_or(NONE, |(s, d)| {
                    if s >= AIM && d >= AIM {
                        "met"
                    } else {
                        "missed"
                    }
                })
                .to_owned(),
        ]);
    }
    format!(
        "Against Qt (the aim: every codec at least {AIM}× faster than its Qt counterpart on \
         both operations; the ratio uses Qt measured here when available, else the reference; \
         Qt is timed as serbench is, the median of its runs, a deserialized value freed \
         inside the timed run):\n\n{}\n",
        table.render()
    )
}

/// `--sweep`: nanoseconds per task, a column per size.
pub(super) fn sweep_table(results: &Report) -> String {
    let mut sizes: Vec<u64> = results.sweep.iter().map(|p| p.tasks).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let mut table = Table::new().left("format").left("op");
    for size in &sizes {
        table = table.right(size.to_string());
    }
    table = table.right("largest ÷ smallest");
    let mut rows: Vec<(&str, &str)> = results
        .sweep
        .iter()
        .map(|p| (p.format.as_str(), p.op.as_str()))
        .collect();
    rows.sort_unstable();
    rows.dedup();
    for (format, op) in rows {
        let points: Vec<&SweepPoint> = results
            .sweep
            .iter()
            .filter(|p| p.format == format && p.op == op)
            .collect();
        let mut cells = vec![format.to_owned(), op.to_owned()];
        cells.extend(sizes.iter().map(|size| {
            points
                .iter()
                .find(|p| p.tasks == *size)
                .map_or_else(|| NONE.to_owned(), |p| format!("{:.0}", p.ns_per_task()))
        }));
        let first = points.iter().min_by_key(|p| p.tasks);
        let last = points.iter().max_by_key(|p| p.tasks);
        cells.push(first.zip(last).map_or_else(
            || NONE.to_owned(),
            |(a, b)| format!("{:.2}", b.ns_per_task() / a.ns_per_task()),
        ));
        table.push(cells);
    }
    format!(
        "## Task-manager sweep\n\nNanoseconds per task; growth is linear where the figure stays \
         flat from left to right.\n\n{}\n",
        table.render()
    )
}

/// `--compile-times`: a clean release build of each codec crate.
pub(super) fn compile_table(results: &Report) -> String {
    let mut table = Table::new()
        .left("crate")
        .right("seconds")
        .right("libraries")
        .right("crates");
    for compile in &results.compile {
        table.push(vec![
            compile.package.clone(),
            format!("{:.1}", compile.seconds),
            bytes(compile.library_bytes as f64),
            compile.crates.to_string(),
        ]);
    }
    format!(
        "## Compile times\n\nClean `cargo build --release -p <crate>`, dependencies included.\n\n{}\n",
        table.render()
    )
}

/// The README's headline: one dataset's medians, a row per verified codec.
pub(super) fn headline_table(results: &Report, dataset: &str) -> String {
    let mut table = Table::new()
        .left("format")
        .left("library")
        .right("encode")
        .right("decode")
        .right("traverse")
        .right("size");
    for record in of(results, dataset).filter(|r| r.ok) {
        table.push(vec![
            format_cell(record),
            library_cell(record),
            time(record.ns(Op::Encode)),
            time(record.ns(Op::Decode)),
            time(record.ns(Op::Traverse)),
            bytes(record.size_bytes),
        ]);
    }
    table.render()
}

/// The README's sizes: a row per codec, a column per dataset.
pub(super) fn size_table(results: &Report) -> String {
    let names: Vec<&str> = datasets(results).iter().map(|d| d.id).collect();
    let mut table = Table::new().left("format");
    for name in &names {
        table = table.right(*name);
    }
    // Each codec once, in the order of the run (records come per dataset).
    let mut formats: Vec<&str> = Vec::new();
    for record in &results.results {
        if !formats.contains(&record.format.as_str()) {
            formats.push(&record.format);
        }
    }
    for format in formats {
        let mut cells = vec![format.to_owned()];
        cells.extend(names.iter().map(|name| {
            of(results, name)
                .find(|r| r.format == format && r.ok)
                .map_or_else(|| NONE.to_owned(), |r| bytes(r.size_bytes))
        }));
        table.push(cells);
    }
    table.render()
}

#[cfg(test)]
mod tests {
    use super::super::tests::{record, report};
    use super::*;

    #[test]
    fn size_table_has_a_row_per_format() {
        let results = report(vec![
            record("media", "json", 488.0),
            record("media", "cbor", 394.0),
            record("records", "json", 19_200.0),
            record("records", "cbor", 13_500.0),
        ]);
        let table = size_table(&results);
        assert!(table.starts_with("| format | media | records |\n|---|---:|---:|\n"));
        assert_eq!(table.matches("| json |").count(), 1, "{table}");
        assert!(table.contains("| json | 488 B | 19.2 KB |"), "{table}");
        assert!(table.contains("| cbor | 394 B | 13.5 KB |"), "{table}");
    }

    #[test]
    fn codecs_table_sums_the_safety_figures_of_every_dataset() {
        let safe = |dataset: &str, worst: f64, violations: u64, dense: Option<f64>| {
            let mut record = record(dataset, "json", 100.0);
            record.family = "JSON".to_owned();
            record.safety = crate::bench::results::Safety {
                damaged: Some(1_500),
                worst_of_bound: Some(worst),
                violations: Some(violations),
                dense_expansion: dense,
            };
            record
        };
        let mut unmeasured = record("media", "cbor", 90.0);
        unmeasured.tuned = true;
        let bounded = report(vec![
            safe("media", 0.12, 0, Some(7.4)),
            safe("records", 0.31, 0, None),
            unmeasured,
        ]);
        let table = codecs_table(&bounded);
        assert!(
            table.contains(
                "| JSON | json | lib-json 1.0.0 | stock | bounded (≤ 31% of the bound, 3 000 inputs) | 7× |"
            ),
            "{table}"
        );
        assert!(
            table.contains("| cbor | lib-cbor 1.0.0 | tuned | – | – |"),
            "{table}"
        );
        let broken = report(vec![safe("media", 2.5, 3, Some(400.0))]);
        assert!(
            codecs_table(&broken).contains("NOT bounded: 3 of 1 500 inputs"),
            "{}",
            codecs_table(&broken)
        );
    }

    #[test]
    fn a_failed_pair_fills_its_row() {
        let mut failed = record("media", "xml", 0.0);
        failed.ok = false;
        failed.error = Some("bad | input".to_owned());
        let table = dataset_table(&report(vec![failed]), "media");
        let row = table.lines().nth(2).unwrap();
        assert_eq!(row.matches(" | ").count(), 12, "{row}");
        assert!(row.contains("failed: bad \\| input"), "{row}");
    }
}
