//! The tables of the reports, each built from the run's records with the
//! table builder: a dataset's full figures, its native rows, the
//! comparison with Qt, the sweep, compile times, the sizes of every
//! dataset, and the README's headline table.

use std::fmt::Write as _;

use crate::table::{Align, Table};
use crate::{datasets, instructions, of};
use serbench_results::qt::{self, AIM, COUNTERPARTS};
use serbench_results::stats::{NOISY, median};
use serbench_results::units::{NONE, added_bytes, bytes, count, rate, time};
use serbench_results::verdict::{Ratio, Verdict};
use serbench_results::{
    Capability, CodeSizes, EVOLUTION_CHANGES, EvolutionCell, Fact, Report, UnsafeCode,
};
use serbench_results::{FLOOR_ABOVE_ENCODE, Op, Record, Safety, SweepPoint, TRAVERSE_BELOW_DECODE};

/// The noise above which a time cell is marked ≈: [`NOISY`], or twice the
/// run's typical (median) noise when that is higher. On a busy machine
/// every figure is noisy and a mark on all of them says nothing; marking
/// the figures well above the run's own typical noise picks out the ones
/// to trust least. A quiet run marks what it always did.
pub(super) fn noisy_above(results: &Report) -> f64 {
    let noises: Vec<f64> = results
        .results
        .iter()
        .flat_map(|record| {
            [Op::Encode, Op::Decode, Op::Traverse, Op::Floor]
                .into_iter()
                .filter_map(|op| record.op(op)?.noise)
        })
        .collect();
    median(&noises).map_or(NOISY, |typical| NOISY.max(2.0 * typical))
}

/// The legend of the time cells, for the paragraphs under the tables.
pub(super) fn legend(results: &Report) -> String {
    let above = noisy_above(results);
    let mark = if above > NOISY {
        format!(
            "≈ marks a noise above {:.0} %, twice this run's typical (median) noise: every \
             figure of this run is noisy, and ≈ picks out the noisiest",
            above * 100.0
        )
    } else {
        format!("≈ marks a noise above {:.0} %", NOISY * 100.0)
    };
    format!(
        "Each time reads *median ±noise [fastest sample]*; {mark}; ‽ marks a figure that \
         contradicts another of its row beyond noise (traverse below decode for a codec that \
         decodes before it walks; the memcpy floor above encode)."
    )
}

/// `2.07 ms ±40% ≈ [1.24 ms]`: one operation's median, noise and fastest
/// sample, marked when its noise is above `noisy_above` or it is
/// contradicted.
pub(super) fn timed(record: &Record, op: Op, noisy_above: f64) -> String {
    let Some(stats) = record.op(op) else {
        return NONE.to_owned();
    };
    let mut cell = time(Some(stats.median_ns));
    if let Some(noise) = stats.noise {
        let _ = write!(cell, " ±{:.0}%", noise * 100.0);
    }
    if record.noisy(op, noisy_above) {
        cell.push_str(" ≈");
    }
    let contradicted = match op {
        Op::Traverse => Some(TRAVERSE_BELOW_DECODE),
        Op::Floor => Some(FLOOR_ABOVE_ENCODE),
        _ => None,
    };
    if contradicted.is_some_and(|name| record.contradictions.iter().any(|c| c == name)) {
        cell.push_str(" ‽");
    }
    if let Some(fastest) = stats.min_ns {
        let _ = write!(cell, " [{}]", time(Some(fastest)));
    }
    cell
}

/// `capnp ⚡`: the codec id, marked when it traverses in place.
fn codec_cell(record: &Record) -> String {
    if record.zero_copy {
        format!("{} ⚡", record.codec)
    } else {
        record.codec.clone()
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
            .find(|records| records[0].codec == record.codec)
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
    let measured: Vec<&Safety> = records.iter().filter_map(|r| r.safety.as_ref()).collect();
    if measured.is_empty() {
        return NONE.to_owned();
    }
    let inputs: u64 = measured.iter().map(|s| s.damaged).sum();
    let violations: u64 = measured.iter().map(|s| s.violations).sum();
    let worst = measured
        .iter()
        .map(|s| s.worst_of_bound)
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
        .filter_map(|r| r.safety.as_ref()?.dense_expansion)
        .reduce(f64::max)
        .map_or_else(|| NONE.to_owned(), |worst| format!("{worst:.0}×"))
}

/// Every codec of the run: what it times (wire format, library, version, the
/// library's stock API or a path written here) and how it holds up (the
/// conformance kit's memory figures). The rows follow the registry, which
/// groups them by wire format.
pub(super) fn codecs_table(results: &Report) -> String {
    let mut table = Table::new()
        .left("wire format")
        .left("codec")
        .left("library")
        .left("path")
        .left("hostile input")
        .right("valid input, worst expansion");
    for records in codecs(results) {
        let first = records[0];
        table.push(vec![
            first.wire_format.clone(),
            codec_cell(first),
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
    let mut table = Table::new().left("codec").left("library");
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
    let counted = instructions::counted(results);
    if counted {
        let at = instructions::counted_at(results, dataset);
        for op in [Op::Encode, Op::Decode, Op::Traverse] {
            table = table.right(format!("{} instructions (est. cycles{at})", op.name()));
        }
    }
    let noisy = noisy_above(results);
    for record in of(results, dataset) {
        if !record.ok {
            table.push(vec![
                record.codec.clone(),
                library_cell(record),
                format!("failed: {}", record.error.as_deref().unwrap_or("")),
            ]);
            continue;
        }
        let op = |op: Op| record.op(op);
        table.push(vec![
            codec_cell(record),
            library_cell(record),
            timed(record, Op::Encode, noisy),
            timed(record, Op::Decode, noisy),
            timed(record, Op::Traverse, noisy),
            bytes(record.size_bytes),
            bytes(record.zstd_bytes),
            bytes(record.gzip_bytes),
            count(op(Op::Encode).and_then(|stats| stats.allocs)),
            count(op(Op::Decode).and_then(|stats| stats.allocs)),
            rate(record.throughput(Op::Encode)),
            rate(record.throughput(Op::Decode)),
            timed(record, Op::Floor, noisy),
        ]);
        if counted {
            let cells = table.last_row();
            for op in [Op::Encode, Op::Decode, Op::Traverse] {
                cells.push(instructions::cell(record, op));
            }
        }
    }
    table.render()
}

/// `1.35×`: how many times its floor an operation takes, or `–` when either
/// was not timed.
fn over_floor(record: &Record, op: Op, floor: Op) -> String {
    match (record.ns(op), record.ns(floor)) {
        (Some(ns), Some(floor)) if floor > 0.0 => format!("{:.2}×", ns / floor),
        _ => NONE.to_owned(),
    }
}

/// What the decode-limits table says above it.
pub(crate) const DECODE_LIMITS_ABOUT: &str = "Decode at its limits: decode builds owned \
     values and borrow the model's borrowed form, its text lent from the input; each beside \
     the floor under it, the same values built with no parsing (clone floor: a clone of the \
     values; lend floor: their borrowed forms built from them in memory, the lists allocated \
     and no text copied). A ratio is the operation's median over its floor's, from the same \
     process.";

/// The codecs with no borrowed decode, grouped by the reason each declares.
pub(crate) type NoBorrow = Vec<(String, Vec<String>)>;

/// Decode at its limits, for one dataset: each codec's owned decode beside
/// the floor under it (a `clone` of the same values), and its borrowed
/// decode beside the floor under that (the borrowed forms built from values
/// in memory), each as a time, a ratio to its floor and allocations; a
/// codec with no borrowed decode shows `–`. With the table, the codecs
/// without one grouped by the reason each declares. `None` when the run
/// timed neither a floor nor a borrowed decode (`serbench measure` times
/// no floors: its table has borrowed decodes and `–` for the floors).
pub(crate) fn decode_limits(results: &Report, dataset: &str) -> Option<(Table, NoBorrow)> {
    let records: Vec<&Record> = of(results, dataset).filter(|r| r.ok).collect();
    if !records
        .iter()
        .any(|r| r.op(Op::Clone).is_some() || r.op(Op::Borrow).is_some())
    {
        return None;
    }
    let mut table = Table::new()
        .left("codec")
        .right("decode")
        .right("÷ clone floor")
        .right("decode allocs")
        .right("borrow")
        .right("÷ lend floor")
        .right("borrow allocs")
        .right("clone floor")
        .right("lend floor");
    let counted = instructions::counted(results);
    if counted {
        let at = instructions::counted_at(results, dataset);
        table = table
            .right(format!("decode instructions (est. cycles{at})"))
            .right(format!("borrow instructions (est. cycles{at})"));
    }
    let noisy = noisy_above(results);
    let allocs = |record: &Record, op: Op| count(record.op(op).and_then(|stats| stats.allocs));
    let mut reasons: NoBorrow = Vec::new();
    for record in &records {
        let mut cells = vec![
            codec_cell(record),
            timed(record, Op::Decode, noisy),
            over_floor(record, Op::Decode, Op::Clone),
            allocs(record, Op::Decode),
            timed(record, Op::Borrow, noisy),
            over_floor(record, Op::Borrow, Op::Lend),
            allocs(record, Op::Borrow),
            timed(record, Op::Clone, noisy),
            timed(record, Op::Lend, noisy),
        ];
        if counted {
            cells.push(instructions::cell(record, Op::Decode));
            cells.push(instructions::cell(record, Op::Borrow));
        }
        table.push(cells);
        if let Some(why) = &record.borrow_unavailable {
            match reasons.iter_mut().find(|(reason, _)| reason == why) {
                Some((_, codecs)) => codecs.push(record.codec.clone()),
                None => reasons.push((why.clone(), vec![record.codec.clone()])),
            }
        }
    }
    Some((table, reasons))
}

/// [`decode_limits`] as Markdown, the reasons listed under the table;
/// empty when the run timed no floor.
pub(super) fn decode_limits_table(results: &Report, dataset: &str) -> String {
    let Some((table, reasons)) = decode_limits(results, dataset) else {
        return String::new();
    };
    let mut out = format!("{DECODE_LIMITS_ABOUT}\n\n{}\n", table.render());
    if !reasons.is_empty() {
        out.push_str("\nNo borrowed decode (–):\n\n");
        for (why, codecs) in reasons {
            let _ = writeln!(out, "- {}: {why}", codecs.join(", "));
        }
    }
    out
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
        .left("codec")
        .right("build message from model")
        .right("write prebuilt message")
        .right("encode");
    let counted = instructions::counted(results);
    if counted {
        let at = instructions::counted_at(results, dataset);
        table = table
            .right(format!("build instructions (est. cycles{at})"))
            .right(format!("write instructions (est. cycles{at})"));
    }
    for record in native {
        let mut cells = vec![
            record.codec.clone(),
            time(record.ns(Op::Build)),
            time(record.ns(Op::Write)),
            time(record.ns(Op::Encode)),
        ];
        if counted {
            cells.push(instructions::cell(record, Op::Build));
            cells.push(instructions::cell(record, Op::Write));
        }
        table.push(cells);
    }
    format!(
        "Native rows, the two halves of *encode* for formats with generated message types:\n\n{}\n",
        table.render()
    )
}

/// Qt's dataset against Qt's implementations: the reference
/// figures, Qt measured here when installed, and how far ahead we are,
/// judged from the paired rounds (or, without Qt, from the reference
/// against our median and its noise).
pub(super) fn against_qt(results: &Report) -> String {
    let mut table = Table::new()
        .left("Qt")
        .right("reference serialize / deserialize")
        .right("Qt measured here")
        .left("serbench")
        .right("encode / decode")
        .right("× faster (middle half of the rounds)")
        .column("aim", Align::Center);
    for counterpart in &COUNTERPARTS {
        let Some(record) = of(results, qt::DATASET).find(|r| r.codec == counterpart.codec && r.ok)
        else {
            continue;
        };
        let measured = results.qt.iter().find(|m| m.id == counterpart.id);
        let ratios = [Op::Encode, Op::Decode].map(|op| {
            let reference = match op {
                Op::Encode => counterpart.reference_ms.0,
                _ => counterpart.reference_ms.1,
            } * 1e6;
            qt_ratio(results, record, counterpart.id, op, reference)
        });
        let [Some(serialize), Some(deserialize)] = ratios else {
            table.push(vec![counterpart.qt.to_owned()]);
            continue;
        };
        let verdicts = [serialize.against(AIM), deserialize.against(AIM)];
        let aim = if verdicts.iter().all(|v| *v == Verdict::Above) {
            "met"
        } else if verdicts.contains(&Verdict::Below) {
            "missed"
        } else {
            "within noise"
        };
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
            record.codec.clone(),
            format!(
                "{} / {}",
                time(record.ns(Op::Encode)),
                time(record.ns(Op::Decode))
            ),
            format!("{} / {}", ratio_cell(serialize), ratio_cell(deserialize)),
            aim.to_owned(),
        ]);
    }
    let borrowed = borrowed_against_qt(results);
    format!(
        "Against Qt (the aim: every codec at least {AIM}× faster than its Qt counterpart on \
         both operations). With Qt installed, Qt and serbench are timed in alternating short \
         rounds, the ratio taken round by round: *met* when the lower quartile of the ratios \
         clears the aim on both operations, *missed* when the upper quartile falls short on \
         one, *within noise* otherwise. Without Qt, the reference figures are held against \
         serbench's median and its noise. Qt is timed as serbench is, the median of its runs, \
         a deserialized value freed inside the timed run:\n\n{}\n{borrowed}",
        table.render()
    )
}

/// The line under the Qt table on the fastest borrowed decode, labelled
/// as such: Qt builds owned `QString`s, so the table holds owned decodes
/// against Qt's, and this line only says how far a decode that lends its
/// text goes beside QDataStream's. Empty when no borrow was timed.
fn borrowed_against_qt(results: &Report) -> String {
    let Some(fastest) = of(results, qt::DATASET)
        .filter(|r| r.ok && r.ns(Op::Borrow).is_some())
        .min_by(|a, b| {
            let ns = |r: &Record| r.ns(Op::Borrow).unwrap_or(f64::INFINITY);
            ns(a).total_cmp(&ns(b))
        })
    else {
        return String::new();
    };
    let Some(datastream) = COUNTERPARTS.iter().find(|c| c.codec == "qdatastream") else {
        return String::new();
    };
    let (qt_ns, source) = match results.qt.iter().find(|m| m.id == datastream.id) {
        Some(measured) => (measured.deserialize_ns, "measured here"),
        None => (datastream.reference_ms.1 * 1e6, "its reference figure"),
    };
    let borrow_ns = fastest.ns(Op::Borrow).unwrap_or(0.0);
    if borrow_ns <= 0.0 {
        return String::new();
    }
    format!(
        "\nBorrowed, not owned (so not in the table): the fastest borrowed decode, {} at {}, \
         deserializes {:.1}× faster than Qt's QDataStream ({}, {source}), its strings lent \
         from the input where Qt builds QStrings.\n",
        fastest.codec,
        time(Some(borrow_ns)),
        qt_ns / borrow_ns,
        time(Some(qt_ns)),
    )
}

/// Qt's time ÷ ours for one operation: from the paired rounds when Qt was
/// measured, else from the reference and our noise.
fn qt_ratio(
    results: &Report,
    record: &Record,
    id: &str,
    op: Op,
    reference_ns: f64,
) -> Option<Ratio> {
    let qt_side = qt::side_id(id);
    let paired = results
        .rounds
        .iter()
        .find(|r| r.dataset == qt::DATASET && r.op == op.name() && r.side(&qt_side).is_some());
    if let Some(rounds) = paired {
        return Ratio::of(rounds.side(&qt_side)?, rounds.side(&record.codec)?);
    }
    let stats = record.op(op)?;
    (stats.median_ns > 0.0)
        .then(|| Ratio::single(reference_ns / stats.median_ns, stats.noise.unwrap_or(0.0)))
}

/// `4.2 (3.9–4.6)`: the median ratio and its middle half.
fn ratio_cell(ratio: Ratio) -> String {
    if ratio.rounds > 1 {
        format!("{:.1} ({:.1}–{:.1})", ratio.median, ratio.low, ratio.high)
    } else {
        format!("{:.1}", ratio.median)
    }
}

/// `--sweep`: nanoseconds per task, a column per size.
pub(super) fn sweep_table(results: &Report) -> String {
    let mut sizes: Vec<u64> = results.sweep.iter().map(|p| p.tasks).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let mut table = Table::new().left("codec").left("op");
    for size in &sizes {
        table = table.right(size.to_string());
    }
    table = table.right("largest ÷ smallest");
    let mut rows: Vec<(&str, &str)> = results
        .sweep
        .iter()
        .map(|p| (p.codec.as_str(), p.op.as_str()))
        .collect();
    rows.sort_unstable();
    rows.dedup();
    for (codec, op) in rows {
        let points: Vec<&SweepPoint> = results
            .sweep
            .iter()
            .filter(|p| p.codec == codec && p.op == op)
            .collect();
        let mut cells = vec![codec.to_owned(), op.to_owned()];
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

/// `--compile-times`: the bytes each codec adds to a release binary, with
/// its crate's clean build time beside it.
pub(super) fn code_size_table(results: &Report) -> String {
    let Some(sizes) = &results.code_size else {
        return String::new();
    };
    let mut table = Table::new()
        .left("codec")
        .left("crate")
        .right("adds, stripped")
        .right("adds")
        .right("crate build");
    for codec in &sizes.codecs {
        let (added, stripped) = codec.added(sizes.baseline);
        table.push(vec![
            codec.codec.clone(),
            codec.package.clone(),
            added_bytes(stripped),
            added_bytes(added),
            build_seconds(results, &codec.package),
        ]);
    }
    format!(
        "## Code size\n\n{}\n\n{}\n",
        code_size_about(sizes),
        table.render()
    )
}

/// What the code-size table measures, in a sentence both reports show.
pub(super) fn code_size_about(sizes: &CodeSizes) -> String {
    format!(
        "What each codec adds to a release binary that encodes and decodes the task-manager \
         (serbench-codecs' code_size example with that codec's feature alone), against the same \
         program with no codec: {} stripped (-C strip=symbols), {} as the release profile links it \
         (symbols and line tables). The crate's clean build time, from the compile-times table, is beside it. \
         Each figure is one build's byte count, so it has no noise within a run, but it moves with the \
         code a codec shares with the rest of the program and with the linker's layout: read a few per \
         cent between two codecs as a tie (docs/methodology.md).",
        bytes(sizes.baseline.stripped_bytes as f64),
        bytes(sizes.baseline.bytes as f64),
    )
}

/// A crate's clean build time in seconds, if this run measured it.
pub(super) fn build_seconds(results: &Report, package: &str) -> String {
    results
        .compile
        .iter()
        .find(|compile| compile.package == package)
        .map_or_else(
            || NONE.to_owned(),
            |compile| format!("{:.1} s", compile.seconds),
        )
}

/// The schema-evolution matrix's rows: each wire format's library and
/// practice, in the matrix's order, with its cells.
pub(super) fn evolution_rows(cells: &[EvolutionCell]) -> Vec<Vec<&EvolutionCell>> {
    let mut rows: Vec<Vec<&EvolutionCell>> = Vec::new();
    for cell in cells {
        match rows.iter_mut().find(|row| {
            let first = row[0];
            (&first.wire_format, &first.library, &first.practice)
                == (&cell.wire_format, &cell.library, &cell.practice)
        }) {
            Some(row) => row.push(cell),
            None => rows.push(vec![cell]),
        }
    }
    rows
}

/// A row's two cells for `change`: old data read by new code, then new
/// data read by old code.
pub(super) fn evolution_pair<'a>(
    row: &[&'a EvolutionCell],
    change: &str,
) -> [Option<&'a EvolutionCell>; 2] {
    ["new-reads-old", "old-reads-new"].map(|direction| {
        row.iter()
            .copied()
            .find(|c| c.change == change && c.direction == direction)
    })
}

/// What the schema-evolution table shows, in the words both reports use.
pub(super) const EVOLUTION_ABOUT: &str = "One record (media's Image) in an old version and, for each change on its own, a new one; \
     each wire format writes with one version and reads with the other through the evolution mechanism its users \
     are told to use (serde's default and alias, field numbers, Avro's schema resolution, a version tag in front of \
     a positional record). Each cell gives old data read by new code, then new data read by old code: \
     ✓ reads the value the writer meant (a field the reader lacks takes its default), ✗ a clear error, \
     ⚠ a different value without an error. Every cell is computed by serbench-evolution's tests.";

/// The schema-evolution matrix as Markdown: the table, then a sentence
/// per ⚠ cell saying what was read. README.md carries the same text.
#[must_use]
pub fn evolution(cells: &[EvolutionCell]) -> String {
    let mut table = Table::new()
        .left("wire format")
        .left("library")
        .left("practice");
    for (_, about) in EVOLUTION_CHANGES {
        table = table.left(about);
    }
    for row in evolution_rows(cells) {
        let first = row[0];
        let mut line = vec![
            first.wire_format.clone(),
            first.library.clone(),
            first.practice.clone(),
        ];
        for (change, _) in EVOLUTION_CHANGES {
            line.push(
                evolution_pair(&row, change)
                    .map(|cell| cell.map_or("?", EvolutionCell::mark))
                    .join(" "),
            );
        }
        table.push(line);
    }
    let mut text = format!("{EVOLUTION_ABOUT}\n\n{}", table.render());
    let wrong: Vec<String> = cells
        .iter()
        .filter(|cell| cell.outcome == "wrong")
        .map(|cell| format!("- {}", evolution_sentence(cell)))
        .collect();
    if !wrong.is_empty() {
        let _ = write!(
            text,
            "\nWhat each ⚠ read instead of the writer's value:\n\n{}\n",
            wrong.join("\n")
        );
    }
    text
}

/// The schema-evolution matrix in short, for README.md: per wire format,
/// its best practice and how many of its twelve cells read right, fail
/// or read wrong; the whole matrix ([`evolution`]) is in
/// `docs/results/evolution.md`, written by the same tests.
#[must_use]
pub fn evolution_summary_markdown(cells: &[EvolutionCell]) -> String {
    let rows = evolution_rows(cells);
    let mut table = Table::new()
        .left("wire format")
        .left("best practice")
        .left("old data, new code")
        .left("new data, old code")
        .left("read wrong");
    let mut seen: Vec<&str> = Vec::new();
    for row in &rows {
        let format = row[0].wire_format.as_str();
        if seen.contains(&format) {
            continue;
        }
        seen.push(format);
        let Some(best) = evolution_summary(&rows, format, None) else {
            continue;
        };
        let best_row = rows
            .iter()
            .find(|row| row[0].wire_format == format && row[0].practice == best.practice)
            .map_or(&[][..], Vec::as_slice);
        let reads = |direction: &str| {
            let of: Vec<_> = best_row
                .iter()
                .filter(|cell| cell.direction == direction)
                .collect();
            let right = of.iter().filter(|cell| cell.outcome == "reads").count();
            format!("{right} of {} ✓", of.len())
        };
        table.push(vec![
            format.to_owned(),
            best.practice.clone(),
            reads("new-reads-old"),
            reads("old-reads-new"),
            if best.counts[2] == 0 {
                "none".to_owned()
            } else {
                format!("{} ⚠", best.counts[2])
            },
        ]);
    }
    format!(
        "Per wire format, the practice that reads the most cells right, of six changes each way; \
         every practice, every cell and what each ⚠ read are in \
         [docs/results/evolution.md](docs/results/evolution.md).\n\n{}",
        table.render()
    )
}

/// One cell in a sentence: `bincode (bincode, bare), fields reordered,
/// old data read by new code: read width 480 (meant 640)`.
pub(super) fn evolution_sentence(cell: &EvolutionCell) -> String {
    let change = EVOLUTION_CHANGES
        .iter()
        .find(|(id, _)| *id == cell.change)
        .map_or(cell.change.as_str(), |(_, about)| about);
    let direction = if cell.direction == "new-reads-old" {
        "old data read by new code"
    } else {
        "new data read by old code"
    };
    format!(
        "{} ({}, {}), {change}, {direction}: {}",
        cell.wire_format, cell.library, cell.practice, cell.detail
    )
}

/// One codec's line of the capability table, with what the run adds to
/// the registry's line: whether its decoders stayed bounded on the kit's
/// damaged inputs, and its wire format's evolution.
pub(super) struct CapabilityRow<'a> {
    /// The registry's line.
    pub(super) line: &'a Capability,
    /// Every dataset's damaged inputs within the kit's bound; `None` when
    /// the run has no safety figures for the codec.
    pub(super) bounded: Option<bool>,
    /// The best evolution practice of the codec's own library, where the
    /// matrix has a row of it, else of its wire format (a second codec of
    /// a library the matrix tests under another codec's row, such as
    /// msgpack-zerompk): its counts and name.
    pub(super) evolution: Option<EvolutionSummary>,
}

/// A wire format's evolution in one cell: its best practice's counts.
pub(super) struct EvolutionSummary {
    /// The practice.
    pub(super) practice: String,
    /// ✓, ✗ and ⚠ cells of its twelve.
    pub(super) counts: [usize; 3],
    /// Old data is always read right and nothing is ever read wrong.
    pub(super) safe: bool,
}

impl EvolutionSummary {
    /// `10 ✓ 2 ✗ 0 ⚠ (serde default, alias)`.
    pub(super) fn text(&self) -> String {
        let [reads, errors, wrong] = self.counts;
        format!("{reads} ✓ {errors} ✗ {wrong} ⚠ ({})", self.practice)
    }
}

/// The capability table's rows, in the registry's order.
pub(super) fn capability_rows(results: &Report) -> Vec<CapabilityRow<'_>> {
    let evolution = evolution_rows(&results.evolution);
    results
        .capabilities
        .iter()
        .map(|line| {
            let safety: Vec<&Safety> = results
                .results
                .iter()
                .filter(|r| r.codec == line.codec)
                .filter_map(|r| r.safety.as_ref())
                .collect();
            CapabilityRow {
                line,
                bounded: (!safety.is_empty()).then(|| safety.iter().all(|s| s.bounded())),
                evolution: evolution_summary(
                    &evolution,
                    &line.wire_format,
                    Some(line.library.as_str()),
                ),
            }
        })
        .collect()
}

/// The practice of `wire_format` that reads the most cells right (fewer
/// ⚠ breaking a tie), summed up: of `library`'s rows where it has any, so
/// that one library's result is not shown for another's.
fn evolution_summary(
    rows: &[Vec<&EvolutionCell>],
    wire_format: &str,
    library: Option<&str>,
) -> Option<EvolutionSummary> {
    let own = library.filter(|library| {
        rows.iter()
            .any(|row| row[0].wire_format == wire_format && row[0].library == *library)
    });
    rows.iter()
        .filter(|row| row[0].wire_format == wire_format)
        .filter(|row| own.is_none_or(|library| row[0].library == library))
        .map(|row| {
            let count = |outcome: &str| row.iter().filter(|c| c.outcome == outcome).count();
            EvolutionSummary {
                practice: row[0].practice.clone(),
                counts: [count("reads"), count("error"), count("wrong")],
                safe: count("wrong") == 0
                    && row
                        .iter()
                        .filter(|c| c.direction == "new-reads-old")
                        .all(|c| c.outcome == "reads"),
            }
        })
        .max_by_key(|summary| (summary.counts[0], std::cmp::Reverse(summary.counts[2])))
}

/// A declared fact of a capability line, by name.
pub(super) fn declared<'a>(line: &'a Capability, name: &str) -> Option<&'a Fact> {
    line.declared.iter().find(|fact| fact.name == name)
}

/// The declared facts the table shows, in its column order.
pub(super) const DECLARED: [&str; 5] = [
    "schema",
    "specification",
    "other languages",
    "latest release",
    "advisories",
];

/// `yes`, `no` or `–`.
pub(super) fn yes_no(value: Option<bool>) -> &'static str {
    match value {
        Some(true) => "yes",
        Some(false) => "no",
        None => NONE,
    }
}

/// The `unsafe` column's cell: `13 + 421 in 4 deps`, the library's own
/// count first (`0, forbidden` where its crate forbids unsafe code).
pub(super) fn unsafe_text(code: Option<&UnsafeCode>) -> String {
    let Some(code) = code else {
        return NONE.to_owned();
    };
    let forbidden = if code.forbidden { ", forbidden" } else { "" };
    let deps = code.dependencies.len();
    let plural = if deps == 1 { "" } else { "s" };
    format!(
        "{}{forbidden} + {} in {deps} dep{plural}",
        code.count, code.dependencies_count
    )
}

/// Where the `unsafe` column's figures were counted: the crates by name
/// and version, and the dependencies by name.
pub(super) fn unsafe_source(code: Option<&UnsafeCode>) -> String {
    code.map_or_else(String::new, |code| {
        format!(
            "counted in {}; dependencies: {}",
            code.crates.join(", "),
            if code.dependencies.is_empty() {
                "none".to_owned()
            } else {
                code.dependencies.join(", ")
            }
        )
    })
}

/// What the capability table's columns mean, in the words both reports
/// use.
pub(super) const CAPABILITIES_ABOUT: &str = "Per codec: field names and determinism are tested here \
     (media's encoding holds its field names; every dataset's messages encode to the same bytes again, \
     from a copy and after a round trip), zero-copy is the codec's own declaration, bounded comes from \
     a run's safety figures (every damaged input within the kit's bound; – without a run), evolution is the wire \
     format's best practice in the matrix above; unsafe is measured: the `unsafe` keywords in the library's \
     own crates' source, then in the other crates it links, in the locked versions (comments and strings left \
     out, code under every cfg counted); the rest is declared in serbench-codecs with its \
     source (report.html shows each source on hover; results.json carries them).";

/// The capability table as Markdown, from a run's capability lines, its
/// safety figures and its evolution matrix. README.md carries it too,
/// from the lines and the matrix alone (bounded there is `–`).
#[must_use]
pub fn capabilities(results: &Report) -> String {
    let mut table = Table::new()
        .left("codec")
        .left("wire format")
        .left("field names")
        .left("deterministic")
        .left("zero-copy")
        .left("bounded")
        .left("API")
        .left("evolution")
        .left("unsafe");
    for name in DECLARED {
        table = table.left(name);
    }
    for row in capability_rows(results) {
        let line = row.line;
        let mut cells = vec![
            line.codec.clone(),
            line.wire_format.clone(),
            yes_no(Some(line.field_names)).to_owned(),
            yes_no(Some(line.deterministic)).to_owned(),
            yes_no(Some(line.zero_copy)).to_owned(),
            yes_no(row.bounded).to_owned(),
            line.api.fact.clone(),
            row.evolution
                .as_ref()
                .map_or_else(|| NONE.to_owned(), EvolutionSummary::text),
            unsafe_text(line.unsafe_code.as_ref()),
        ];
        for name in DECLARED {
            cells.push(declared(line, name).map_or_else(|| NONE.to_owned(), |f| f.fact.clone()));
        }
        table.push(cells);
    }
    format!("{CAPABILITIES_ABOUT}\n\n{}", table.render())
}

/// The capability table in short, for README.md: per codec, what a reader
/// choosing one asks first; the whole table ([`capabilities`]) is in
/// `docs/results/capabilities.md`, written by the same tests.
#[must_use]
pub fn capabilities_summary_markdown(results: &Report) -> String {
    let mut table = Table::new()
        .left("codec")
        .left("wire format")
        .left("schema")
        .left("zero-copy")
        .left("evolution")
        .left("unsafe");
    for row in capability_rows(results) {
        let line = row.line;
        table.push(vec![
            line.codec.clone(),
            line.wire_format.clone(),
            declared(line, "schema").map_or_else(|| NONE.to_owned(), |f| f.fact.clone()),
            yes_no(Some(line.zero_copy)).to_owned(),
            row.evolution
                .as_ref()
                .map_or_else(|| NONE.to_owned(), EvolutionSummary::text),
            unsafe_text(line.unsafe_code.as_ref()),
        ]);
    }
    format!(
        "Per codec, in short; field names, determinism, the API, specifications, other languages, \
         releases, advisories and each figure's source are in \
         [docs/results/capabilities.md](docs/results/capabilities.md).\n\n{}",
        table.render()
    )
}

/// The README's headline: per dataset, the smallest codec and the fastest
/// at encode and at decode, one figure each, so that a reader who knows
/// neither the project nor the formats finds the leaders at a glance. The
/// noise, and the rivals within it, are in the full tables the README
/// links.
pub(super) fn headline_table(results: &Report) -> String {
    let mut table = Table::new()
        .left("dataset")
        .left("smallest")
        .left("fastest encode")
        .left("fastest decode")
        .left("fastest borrowed decode");
    for dataset in datasets(results) {
        let records: Vec<&Record> = of(results, dataset.id).filter(|r| r.ok).collect();
        if records.is_empty() {
            continue;
        }
        table.push(vec![
            dataset.heading,
            smallest(&records),
            fastest(&records, Op::Encode),
            fastest(&records, Op::Decode),
            fastest(&records, Op::Borrow),
        ]);
    }
    table.render()
}

/// `bincode, postcard 643 KB`: every codec of the smallest size, since
/// sizes are exact and a tie is real.
fn smallest(records: &[&Record]) -> String {
    let Some(least) = records
        .iter()
        .map(|r| r.size_bytes)
        .filter(|size| *size > 0.0)
        .reduce(f64::min)
    else {
        return NONE.to_owned();
    };
    let names: Vec<&str> = records
        .iter()
        .filter(|r| r.size_bytes > 0.0 && r.size_bytes <= least)
        .map(|r| r.codec.as_str())
        .collect();
    format!("{} {}", names.join(", "), bytes(least))
}

/// `wincode 245 µs`: the codec of the lowest median time for `op`.
fn fastest(records: &[&Record], op: Op) -> String {
    records
        .iter()
        .filter_map(|r| Some((r.codec.as_str(), r.ns(op)?)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map_or_else(
            || NONE.to_owned(),
            |(codec, ns)| format!("{codec} {}", time(Some(ns))),
        )
}

/// Sizes at a glance: a row per codec, a column per dataset.
pub(super) fn size_table(results: &Report) -> String {
    let names: Vec<&str> = datasets(results).iter().map(|d| d.id).collect();
    let mut table = Table::new().left("codec");
    for name in &names {
        table = table.right(*name);
    }
    // Each codec once, in the order of the run (records come per dataset).
    let mut codecs: Vec<&str> = Vec::new();
    for record in &results.results {
        if !codecs.contains(&record.codec.as_str()) {
            codecs.push(&record.codec);
        }
    }
    for codec in codecs {
        let mut cells = vec![codec.to_owned()];
        cells.extend(names.iter().map(|name| {
            of(results, name)
                .find(|r| r.codec == codec && r.ok)
                .map_or_else(|| NONE.to_owned(), |r| bytes(r.size_bytes))
        }));
        table.push(cells);
    }
    table.render()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{record, report};
    use serbench_results::OpStats;

    #[test]
    fn size_table_has_a_row_per_codec() {
        let results = report(vec![
            record("media", "json", 488.0),
            record("media", "cbor", 394.0),
            record("records", "json", 19_200.0),
            record("records", "cbor", 13_500.0),
        ]);
        let table = size_table(&results);
        assert!(table.starts_with("| codec | media | records |\n|---|---:|---:|\n"));
        assert_eq!(table.matches("| json |").count(), 1, "{table}");
        assert!(table.contains("| json | 488 B | 19.2 KB |"), "{table}");
        assert!(table.contains("| cbor | 394 B | 13.5 KB |"), "{table}");
    }

    #[test]
    fn codecs_table_sums_the_safety_figures_of_every_dataset() {
        let safe = |dataset: &str, worst: f64, violations: u64, dense: Option<f64>| {
            let mut record = record(dataset, "json", 100.0);
            record.wire_format = "JSON".to_owned();
            record.safety = Some(Safety {
                damaged: 1_500,
                worst_of_bound: worst,
                violations,
                dense_expansion: dense,
            });
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

    fn stats(median_ns: f64, fastest: f64, noise: f64) -> Option<OpStats> {
        let stats = OpStats {
            median_ns,
            min_ns: Some(fastest),
            noise: Some(noise),
            ..OpStats::default()
        };
        (median_ns > 0.0).then_some(stats)
    }

    #[test]
    fn time_cells_show_noise_fastest_and_marks() {
        let mut json = record("task-manager", "json", 2_000_000.0);
        json.ops.decode = stats(8_670_000.0, 8_500_000.0, 0.02);
        json.ops.traverse = stats(7_250_000.0, 7_000_000.0, 0.03);
        json.ops.encode = stats(2_070_000.0, 1_240_000.0, 0.40);
        json.contradictions = vec![TRAVERSE_BELOW_DECODE.to_owned()];
        assert_eq!(timed(&json, Op::Encode, NOISY), "2.07 ms ±40% ≈ [1.24 ms]");
        assert_eq!(timed(&json, Op::Decode, NOISY), "8.67 ms ±2% [8.50 ms]");
        assert_eq!(timed(&json, Op::Traverse, NOISY), "7.25 ms ±3% ‽ [7.00 ms]");
        assert_eq!(timed(&json, Op::Build, NOISY), NONE);
        // A file without noise figures shows what it has.
        json.ops.encode = Some(OpStats {
            median_ns: 1_000.0,
            ..OpStats::default()
        });
        assert_eq!(timed(&json, Op::Encode, NOISY), "1.00 µs");
    }

    /// A busy run marks only its noisiest figures; a quiet one, those
    /// above 10 %.
    #[test]
    fn the_noisy_mark_follows_the_runs_typical_noise() {
        let noisy = |codec: &str, noise: f64| {
            let mut record = record("media", codec, 100.0);
            record.ops.decode = stats(1000.0, 600.0, noise);
            record
        };
        let busy = report(vec![
            noisy("json", 0.40),
            noisy("cbor", 0.45),
            noisy("xml", 0.95),
        ]);
        assert!((noisy_above(&busy) - 0.9).abs() < 1e-9);
        assert!(legend(&busy).contains("above 90 %, twice this run's typical"));
        let table = dataset_table(&busy, "media");
        assert_eq!(table.matches('≈').count(), 1, "{table}");
        assert!(table.contains("±95% ≈"), "{table}");
        let quiet = report(vec![
            noisy("json", 0.02),
            noisy("xml", 0.03),
            noisy("cbor", 0.15),
        ]);
        assert!((noisy_above(&quiet) - NOISY).abs() < 1e-9);
        assert!(legend(&quiet).contains("≈ marks a noise above 10 %;"));
    }

    #[test]
    fn qt_verdicts_come_from_the_rounds() {
        let mut json = record("task-manager", "json", 2_000_000.0);
        json.ops.encode = stats(10.0, 9.0, 0.05);
        json.ops.decode = stats(10.0, 9.0, 0.05);
        let mut results = report(vec![json]);
        let rounds = |op: Op, qt: &[f64]| serbench_results::verdict::Rounds {
            dataset: "task-manager".to_owned(),
            op: op.name().to_owned(),
            sides: vec![
                serbench_results::verdict::Side {
                    id: "qt-json".to_owned(),
                    ns: qt.to_vec(),
                },
                serbench_results::verdict::Side {
                    id: "json".to_owned(),
                    ns: vec![10.0; 5],
                },
            ],
        };
        results.rounds = vec![
            rounds(Op::Encode, &[50.0, 52.0, 55.0, 60.0, 48.0]),
            rounds(Op::Decode, &[30.0, 52.0, 40.0, 41.0, 48.0]),
        ];
        let text = against_qt(&results);
        assert!(
            text.contains("| 5.2 (5.0–5.5) / 4.1 (4.0–4.8) | within noise |"),
            "{text}"
        );
        results.rounds[1] = rounds(Op::Decode, &[30.0, 32.0, 31.0, 33.0, 29.0]);
        assert!(against_qt(&results).contains("| missed |"));
        results.rounds[1] = rounds(Op::Decode, &[50.0, 52.0, 55.0, 60.0, 48.0]);
        assert!(against_qt(&results).contains("| met |"));
        // Without rounds: the reference (56 / 24 ms) against our median.
        results.rounds.clear();
        assert!(against_qt(&results).contains("| met |"));
    }
}
