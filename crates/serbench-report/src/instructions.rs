//! The instruction meter's figures in the reports: per dataset, every
//! codec of every wire format ranked by the instructions it executes per
//! message, each with its ratio to the fewest, its estimated cycles, its
//! size and what the clock's paired rounds said of it within its wire
//! format; and, in words, where the clock and the count disagree.
//!
//! The clock cannot rank across wire formats on a busy machine (most
//! figures are within each other's noise) and its paired rounds only pit
//! the libraries of one wire format against each other; a count is the
//! same on every run, so it ranks them all. It is not the time: a SIMD
//! instruction does more work than a scalar one, and a row that waits on
//! memory costs more than its instructions say, which is what the
//! estimated cycles weigh in.

use std::fmt::Write as _;

use crate::table::Table;
use crate::verdicts;
use crate::{datasets, of};
use serbench_results::compare::INSTRUCTIONS_CHANGE;
use serbench_results::units::{NONE, bytes, instructions};
use serbench_results::{Op, Record, Report};

/// Whether the run counted instructions.
pub(crate) fn counted(results: &Report) -> bool {
    results.results.iter().any(|record| {
        record
            .op(Op::Decode)
            .is_some_and(|s| s.instructions.is_some())
    })
}

/// `, counted at 200 nodes`: the workload `dataset`'s counts were taken
/// at, for the headings, when it is not the one the run timed (the meter
/// counts every dataset at its quick size); empty otherwise.
pub(crate) fn counted_at(results: &Report, dataset: &str) -> String {
    of(results, dataset)
        .find_map(|record| record.counted_at.as_ref())
        .map_or_else(String::new, |at| format!(", counted at {}", at.size_label))
}

/// The instructions per message of `op`.
fn of_op(record: &Record, op: Op) -> Option<f64> {
    record.op(op)?.instructions
}

/// `16.7 k (23.4 k)`: instructions and, in brackets, estimated cycles
/// per message.
pub(crate) fn cell(record: &Record, op: Op) -> String {
    let Some(stats) = record.op(op) else {
        return NONE.to_owned();
    };
    match (stats.instructions, stats.estimated_cycles) {
        (Some(counted), Some(cycles)) => format!(
            "{} ({})",
            instructions(Some(counted)),
            instructions(Some(cycles))
        ),
        (Some(counted), None) => instructions(Some(counted)),
        _ => NONE.to_owned(),
    }
}

/// The ranking of one dataset's codecs by the instructions of `op`, the
/// fewest first, in markdown; `None` when none was counted.
pub(crate) fn ranking(results: &Report, dataset: &str, op: Op) -> Option<String> {
    ranking_table(results, dataset, op).map(|table| table.render())
}

/// [`ranking`] as a table, for the page to render too.
pub(crate) fn ranking_table(results: &Report, dataset: &str, op: Op) -> Option<Table> {
    let mut ranked: Vec<(&Record, f64)> = of(results, dataset)
        .filter(|record| record.ok)
        .filter_map(|record| Some((record, of_op(record, op)?)))
        .collect();
    ranked.sort_by(|a, b| a.1.total_cmp(&b.1));
    let best = ranked.first()?.1.max(1.0);
    // Counted at another size, the sizes beside are still the run's.
    let size = if counted_at(results, dataset).is_empty() {
        "size".to_owned()
    } else {
        format!("size at {}", ranked[0].0.size_label)
    };
    let mut table = Table::new()
        .right("rank")
        .left("codec")
        .left("wire format")
        .right(format!("{} instructions", op.name()))
        .right("× fewest")
        .right("est. cycles")
        .right(size)
        .left("the clock, within its wire format");
    for (rank, (record, counted)) in ranked.iter().enumerate() {
        let cycles = record.op(op).and_then(|stats| stats.estimated_cycles);
        table.push(vec![
            (rank + 1).to_string(),
            record.codec.clone(),
            record.wire_format.clone(),
            instructions(Some(*counted)),
            format!("{:.2}×", counted / best),
            instructions(cycles),
            bytes(record.size_bytes),
            clock(results, record, op),
        ]);
    }
    Some(table)
}

/// The README's opening table: the headline dataset's codecs by decode
/// instructions, the fewest first, with encode's beside and the clock's
/// paired verdict on decode; `None` when the run counted none.
pub(crate) fn headline(results: &Report, dataset: &str) -> Option<String> {
    let mut ranked: Vec<(&Record, f64)> = of(results, dataset)
        .filter(|record| record.ok)
        .filter_map(|record| Some((record, of_op(record, Op::Decode)?)))
        .collect();
    ranked.sort_by(|a, b| a.1.total_cmp(&b.1));
    let fewest = |op: Op| {
        ranked
            .iter()
            .filter_map(|(record, _)| of_op(record, op))
            .reduce(f64::min)
            .map_or(1.0, |least| least.max(1.0))
    };
    let (decode_best, encode_best) = (fewest(Op::Decode), fewest(Op::Encode));
    if ranked.is_empty() {
        return None;
    }
    let mut table = Table::new()
        .left("codec")
        .left("wire format")
        .right("decode instructions")
        .right("× fewest")
        .right("encode instructions")
        .right("× fewest")
        .left("the clock on decode, within its wire format");
    for (record, decode) in ranked {
        let encode = of_op(record, Op::Encode);
        table.push(vec![
            record.codec.clone(),
            record.wire_format.clone(),
            instructions(Some(decode)),
            format!("{:.2}×", decode / decode_best),
            instructions(encode),
            encode.map_or_else(|| NONE.to_owned(), |e| format!("{:.2}×", e / encode_best)),
            clock(results, record, Op::Decode),
        ]);
    }
    Some(table.render())
}

/// What the clock's paired verdict says of `record` among the codecs of
/// its wire format: `fastest`, `≈ json` (within noise) or `behind
/// simd-json`.
fn clock(results: &Report, record: &Record, op: Op) -> String {
    let rivals = rivals(results, record);
    if rivals.len() < 2 {
        return "only codec".to_owned();
    }
    let Some(fastest) = verdicts::fastest(results, &rivals, op) else {
        return NONE.to_owned();
    };
    if fastest.winner == record.codec {
        return match (fastest.tied.is_empty(), fastest.lead) {
            (false, _) => format!("≈ {} (within noise)", fastest.tied.join(", ")),
            (true, Some((nearest, ratio))) => {
                format!("fastest, {:.2}× ahead of {nearest}", ratio.median)
            }
            (true, None) => "fastest".to_owned(),
        };
    }
    if fastest.tied.contains(&record.codec.as_str()) {
        format!("≈ {} (within noise)", fastest.winner)
    } else {
        format!("behind {}", fastest.winner)
    }
}

/// The verified codecs of `record`'s dataset and wire format.
fn rivals<'a>(results: &'a Report, record: &'a Record) -> Vec<&'a Record> {
    of(results, &record.dataset)
        .filter(|r| r.ok && r.wire_format == record.wire_format)
        .collect()
}

/// The section's title, in report.md and on the page.
pub(crate) const TITLE: &str = "Instructions per message, across wire formats";

/// What the section's figures are, under its title.
pub(crate) const ABOUT: &str = "\
Counted under Valgrind's Callgrind: one iteration of each row, after one warm-up \
         iteration, in the same build as the timed rows (the header says what is pinned). \
         A count is the same on every run of a build, whatever else the machine is doing, so \
         it ranks every codec of every wire format where the clock cannot tell most of them \
         apart. It is not the time: SIMD instructions (json-simd's simd-json, json-sonic's \
         sonic-rs) do more work each, so counts under-rate those codecs, and a row that waits \
         on memory (the graph, large decodes that allocate much) costs more than its \
         instructions; the estimated cycles weigh in the simulated cache misses. “× fewest” \
         is the ratio to the codec with the fewest instructions; the last column is the \
         clock's paired verdict among the codecs of the same wire format. Every dataset is \
         counted at its quick size, which is the size timed for all but the graph (its \
         headings name the size counted): a row of the full graph executes billions of \
         instructions, and Callgrind runs some fifty times slower than the machine.";

/// Where the clock and the count disagree, a sentence each: the clock's
/// paired rounds put a codec ahead of a rival of its wire format, which
/// executes fewer instructions by more than a real change of a count
/// ([`INSTRUCTIONS_CHANGE`]).
pub(crate) fn disagreements(results: &Report) -> Vec<String> {
    let mut found = Vec::new();
    for dataset in datasets(results) {
        for op in [Op::Encode, Op::Decode] {
            let mut seen: Vec<&str> = Vec::new();
            for record in of(results, dataset.id).filter(|r| r.ok) {
                if seen.contains(&record.wire_format.as_str()) {
                    continue;
                }
                seen.push(&record.wire_format);
                let rivals = rivals(results, record);
                let Some(fastest) = verdicts::fastest(results, &rivals, op) else {
                    continue;
                };
                let Some((_, lead)) = fastest.lead else {
                    continue;
                };
                let Some(winner) = rivals.iter().find(|r| r.codec == fastest.winner) else {
                    continue;
                };
                let Some(winner_count) = of_op(winner, op) else {
                    continue;
                };
                for rival in &rivals {
                    let Some(count) = of_op(rival, op) else {
                        continue;
                    };
                    // Counts closer than a real change (1 %) rank no one.
                    let fewer = count * (1.0 + INSTRUCTIONS_CHANGE) < winner_count;
                    if rival.codec != winner.codec && fewer {
                        found.push(format!(
                            "{} {} ({}): the clock puts {} ahead ({:.2}× over its nearest \
                             rival), yet {} executes fewer instructions ({} against {}{}).",
                            dataset.id,
                            op.name(),
                            record.wire_format,
                            winner.codec,
                            lead.median,
                            rival.codec,
                            instructions(Some(count)),
                            instructions(Some(winner_count)),
                            counted_at(results, dataset.id),
                        ));
                    }
                }
            }
        }
    }
    found
}

/// The section that opens the reports' results when the run counted
/// instructions: what the counts are, then per dataset the rankings for
/// encode and decode, and where clock and count disagree. Empty without
/// counts.
pub(crate) fn section(results: &Report) -> String {
    if !counted(results) {
        return String::new();
    }
    let mut text = format!("## {TITLE}\n\n{ABOUT}\n\n");
    for dataset in datasets(results) {
        for op in [Op::Encode, Op::Decode] {
            if let Some(table) = ranking(results, dataset.id, op) {
                let _ = writeln!(
                    text,
                    "### {}: {}{}\n\n{table}",
                    dataset.heading,
                    op.name(),
                    counted_at(results, dataset.id)
                );
            }
        }
        if let Some(line) = per_message_line(results, dataset.id) {
            let _ = writeln!(text, "{}\n", crate::table::inline(&line));
        }
    }
    let (lead, sentences) = agreement(results);
    let _ = writeln!(text, "{lead}\n");
    for sentence in &sentences {
        let _ = writeln!(text, "- {}", crate::table::inline(sentence));
    }
    if !sentences.is_empty() {
        text.push('\n');
    }
    text
}

/// What the section says of the clock and the count: a sentence, and the
/// disagreements it introduces (none when they agree).
pub(crate) fn agreement(results: &Report) -> (&'static str, Vec<String>) {
    let disagreements = disagreements(results);
    let lead = if disagreements.is_empty() {
        "The clock's paired verdicts and the counts agree: wherever the clock names a fastest \
         codec within a wire format, it also executes the fewest instructions there."
    } else {
        "Where the clock's paired verdict and the count disagree (the clock is right about \
         time on this machine; the count says how much work each does):"
    };
    (lead, disagreements)
}

/// For a dataset of many small messages (telemetry's sensor readings):
/// the cost of one message, the figure a battery-powered sender needs,
/// from the codec that encodes with the fewest instructions.
pub(crate) fn per_message_line(results: &Report, dataset: &str) -> Option<String> {
    let records: Vec<&Record> = of(results, dataset)
        .filter(|r| r.ok && r.messages > 1)
        .collect();
    let (fewest, encode) = records
        .iter()
        .filter_map(|r| Some((*r, of_op(r, Op::Encode)?)))
        .min_by(|a, b| a.1.total_cmp(&b.1))?;
    let (most, most_encode) = records
        .iter()
        .filter_map(|r| Some((*r, of_op(r, Op::Encode)?)))
        .max_by(|a, b| a.1.total_cmp(&b.1))?;
    Some(format!(
        "Per message of {dataset}: {} encodes one in {} instructions to {}, {} in {} to {} \
         ({:.1}× the work), and decoding one costs {} and {} instructions.",
        fewest.codec,
        instructions(Some(encode)),
        bytes(fewest.size_bytes),
        most.codec,
        instructions(Some(most_encode)),
        bytes(most.size_bytes),
        most_encode / encode.max(1.0),
        instructions(of_op(fewest, Op::Decode)),
        instructions(of_op(most, Op::Decode)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{record, report, rounds_of};
    use serbench_results::{OpStats, Ops};

    fn counted_record(codec: &str, format: &str, decode: f64, ns: f64) -> Record {
        let mut record = record("media", codec, 400.0);
        record.wire_format = format.to_owned();
        record.ops = Ops {
            decode: Some(OpStats {
                median_ns: ns,
                noise: Some(0.01),
                instructions: Some(decode),
                estimated_cycles: Some(decode * 1.4),
                ..OpStats::default()
            }),
            ..Ops::default()
        };
        record
    }

    #[test]
    fn ranks_across_formats_with_the_clock_beside() {
        let mut results = report(vec![
            counted_record("json", "JSON", 16_676.0, 1000.0),
            counted_record("json-simd", "JSON", 20_000.0, 700.0),
            counted_record("postcard", "postcard", 5040.0, 300.0),
        ]);
        results.rounds = vec![rounds_of(
            "media",
            Op::Decode,
            &[
                ("json", &[1000.0, 1010.0, 990.0]),
                ("json-simd", &[700.0, 705.0, 702.0]),
            ],
        )];
        let table = ranking(&results, "media", Op::Decode).unwrap();
        let lines: Vec<&str> = table.lines().collect();
        assert!(lines[2].starts_with("| 1 | postcard | postcard | 5040 | 1.00× | 7056 |"));
        assert!(lines[2].ends_with("| only codec |"), "{table}");
        assert!(
            lines[3].contains("| json | JSON | 16.7 k | 3.31× |"),
            "{table}"
        );
        assert!(lines[3].ends_with("| behind json-simd |"), "{table}");
        assert!(lines[4].contains("fastest, 1.43× ahead of json"), "{table}");
        assert_eq!(ranking(&results, "media", Op::Encode), None);

        let words = disagreements(&results);
        assert_eq!(words.len(), 1, "{words:?}");
        assert!(
            words[0].starts_with("media decode (JSON): the clock puts json-simd ahead"),
            "{words:?}"
        );
        assert!(words[0].contains("json executes fewer instructions (16.7 k against 20.0 k)"));
        let section = section(&results);
        assert!(section.starts_with("## Instructions per message"));
        assert!(section.contains("### media"), "{section}");
        assert!(counted(&results));
        assert_eq!(cell(&results.results[2], Op::Decode), "5040 (7056)");
        assert_eq!(cell(&results.results[2], Op::Encode), NONE);
        let headline = headline(&results, "media").unwrap();
        assert!(
            headline
                .lines()
                .nth(2)
                .unwrap()
                .starts_with("| postcard | postcard | 5040 | 1.00× | – | – | only codec |"),
            "{headline}"
        );
    }

    /// Counts taken at another size than the one timed (the graph's quick
    /// size) say so in every heading that shows them.
    #[test]
    fn names_the_size_counted_where_it_is_not_the_size_timed() {
        let mut counted_smaller = counted_record("json", "JSON", 1_000.0, 9.0);
        counted_smaller.counted_at = Some(serbench_results::CountedAt {
            size: 200,
            size_label: "200 nodes".into(),
            messages: 1,
        });
        let results = report(vec![counted_smaller]);
        assert_eq!(counted_at(&results, "media"), ", counted at 200 nodes");
        let section = section(&results);
        assert!(
            section.contains(": decode, counted at 200 nodes\n"),
            "{section}"
        );
        assert!(section.contains("| size at media label |"), "{section}");
        let table = crate::sections::dataset_table(&results, "media");
        assert!(
            table.contains("| decode instructions (est. cycles, counted at 200 nodes) |"),
            "{table}"
        );
        let same = report(vec![counted_record("json", "JSON", 1_000.0, 9.0)]);
        assert_eq!(counted_at(&same, "media"), "");
    }

    #[test]
    fn nothing_without_counts() {
        let mut plain = counted_record("json", "JSON", 1.0, 1.0);
        plain.ops.decode.as_mut().unwrap().instructions = None;
        let results = report(vec![plain]);
        assert!(!counted(&results));
        assert!(section(&results).is_empty());
        assert!(disagreements(&results).is_empty());
    }
}
