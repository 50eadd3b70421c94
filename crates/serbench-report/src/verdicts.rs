//! The per-format verdict: per dataset and wire format, the fastest
//! codec for encode and for decode and the smallest encoding, so that "is
//! CBOR slower than JSON?" is answered with each format's best library, not
//! its first. Speed comes from the paired rounds (measured by the xtask);
//! a run without them (an old `results.json`) falls back on the medians and
//! their noise. Sizes are exact, so the smallest needs no rounds.

use crate::table::Table;
use crate::{datasets, of};
use serbench_results::Report;
use serbench_results::verdict::{self, Fastest, Ratio, Verdict};
use serbench_results::{Op, Record};

/// The verdict table, a row per dataset and wire format (a wire format
/// with one codec says so: it has no rival).
pub(crate) fn table(results: &Report) -> String {
    let mut table = Table::new()
        .left("dataset")
        .left("wire format")
        .left("fastest encode")
        .left("fastest decode")
        .left("smallest");
    let mut rows = 0;
    for dataset in datasets(results) {
        for wire_format in wire_formats(results, dataset.id) {
            let codecs: Vec<&Record> = of(results, dataset.id)
                .filter(|r| r.ok && r.wire_format == wire_format)
                .collect();
            rows += 1;
            table.push(vec![
                dataset.id.to_owned(),
                wire_format.to_owned(),
                speed(results, &codecs, Op::Encode),
                speed(results, &codecs, Op::Decode),
                smallest(&codecs),
            ]);
        }
    }
    if rows == 0 {
        return String::new();
    }
    table.render()
}

/// The wire formats of a dataset's verified records, in the run's order.
fn wire_formats<'a>(results: &'a Report, dataset: &'a str) -> Vec<&'a str> {
    let mut found: Vec<&str> = Vec::new();
    for record in of(results, dataset).filter(|r| r.ok) {
        let wire_format = if record.wire_format.is_empty() {
            record.codec.as_str()
        } else {
            record.wire_format.as_str()
        };
        if !found.contains(&wire_format) {
            found.push(wire_format);
        }
    }
    found
}

/// `simd-json (simd-json)`: the codec id, and its library when the two
/// differ.
fn name(codecs: &[&Record], id: &str) -> String {
    match codecs.iter().find(|r| r.codec == id) {
        Some(record) if !record.library.is_empty() && record.library != record.codec => {
            format!("{id} ({})", record.library)
        }
        _ => id.to_owned(),
    }
}

/// The fastest codec of one operation, or the codecs it cannot be told
/// from.
fn speed(results: &Report, codecs: &[&Record], op: Op) -> String {
    if let [only] = codecs {
        return format!("{}, only codec", name(codecs, &only.codec));
    }
    let Some((fastest, paired)) = fastest_with(results, codecs, op) else {
        return String::new();
    };
    let how = if paired {
        ""
    } else {
        " (from medians, no rounds)"
    };
    describe(codecs, &fastest, how)
}

/// The fastest of `codecs` (one dataset's, of one wire format) at `op`:
/// from the paired rounds that timed them all, else from their medians
/// and noise.
pub(crate) fn fastest<'a>(
    results: &'a Report,
    codecs: &[&'a Record],
    op: Op,
) -> Option<Fastest<'a>> {
    fastest_with(results, codecs, op).map(|(fastest, _)| fastest)
}

/// [`fastest`], and whether it comes from paired rounds.
fn fastest_with<'a>(
    results: &'a Report,
    codecs: &[&'a Record],
    op: Op,
) -> Option<(Fastest<'a>, bool)> {
    let first = codecs.first()?;
    let paired = results.rounds.iter().find(|rounds| {
        rounds.dataset == first.dataset
            && rounds.op == op.name()
            && codecs.iter().all(|r| rounds.side(&r.codec).is_some())
    });
    match paired {
        Some(rounds) => Some((verdict::fastest(rounds)?, true)),
        None => Some((from_medians(codecs, op)?, false)),
    }
}

/// Without paired rounds: the medians, held apart by their noise.
fn from_medians<'a>(codecs: &[&'a Record], op: Op) -> Option<Fastest<'a>> {
    let medians: Vec<(&Record, f64, f64)> = codecs
        .iter()
        .filter_map(|r| {
            let stats = r.op(op)?;
            Some((*r, stats.median_ns, stats.noise.unwrap_or(0.0)))
        })
        .collect();
    let (winner, best, winner_noise) =
        medians.iter().copied().min_by(|a, b| a.1.total_cmp(&b.1))?;
    let mut tied = Vec::new();
    let mut lead: Option<(&str, Ratio)> = None;
    for (other, median, noise) in medians.iter().filter(|t| t.0.codec != winner.codec) {
        let ratio = Ratio::single(median / best, noise.max(winner_noise));
        if ratio.against(1.0) == Verdict::Above {
            if lead.is_none_or(|(_, near)| ratio.median < near.median) {
                lead = Some((other.codec.as_str(), ratio));
            }
        } else {
            tied.push(other.codec.as_str());
        }
    }
    Some(Fastest {
        winner: winner.codec.as_str(),
        lead: if tied.is_empty() { lead } else { None },
        tied,
    })
}

fn describe(codecs: &[&Record], fastest: &Fastest<'_>, how: &str) -> String {
    if !fastest.tied.is_empty() {
        let mut names = vec![name(codecs, fastest.winner)];
        names.extend(fastest.tied.iter().map(|id| name(codecs, id)));
        return format!("{} within noise{how}", names.join(" ≈ "));
    }
    match fastest.lead {
        Some((nearest, ratio)) => format!(
            "{}, {:.2}× ahead of {}{how}",
            name(codecs, fastest.winner),
            ratio.median,
            name(codecs, nearest)
        ),
        None => name(codecs, fastest.winner),
    }
}

/// The smallest encoding, or the codecs that tie for it byte for byte.
fn smallest(codecs: &[&Record]) -> String {
    let Some(least) = codecs.iter().map(|r| r.size_bytes).min_by(f64::total_cmp) else {
        return String::new();
    };
    let tied: Vec<String> = codecs
        .iter()
        .filter(|r| (r.size_bytes - least).abs() < 0.5)
        .map(|r| name(codecs, &r.codec))
        .collect();
    let size = serbench_results::units::bytes(least);
    if codecs.len() > 1 && tied.len() == codecs.len() {
        format!("all {size} (same bytes)")
    } else {
        format!("{} {size}", tied.join(" = "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{record, report, rounds_of};
    use serbench_results::{OpStats, Ops};

    fn codec(id: &str, library: &str, size: f64, decode: f64, noise: f64) -> Record {
        let mut record = record("media", id, size);
        record.wire_format = "JSON".to_owned();
        record.library = library.to_owned();
        record.ops = Ops {
            decode: Some(OpStats {
                median_ns: decode,
                noise: Some(noise),
                ..OpStats::default()
            }),
            ..Ops::default()
        };
        record
    }

    #[test]
    fn names_the_fastest_from_paired_rounds() {
        let mut results = report(vec![
            codec("json", "serde_json", 488.0, 1000.0, 0.3),
            codec("simd-json", "simd-json", 488.0, 700.0, 0.3),
        ]);
        results.rounds = vec![rounds_of(
            "media",
            Op::Decode,
            &[
                ("json", &[1000.0, 1400.0, 1100.0]),
                ("simd-json", &[700.0, 1000.0, 760.0]),
            ],
        )];
        let table = table(&results);
        assert!(
            table.contains("| simd-json, 1.43× ahead of json (serde_json) |"),
            "{table}"
        );
        assert!(table.contains("| all 488 B (same bytes) |"), "{table}");
        // Encode was not paired nor timed: no verdict, no panic.
        assert!(table.starts_with("| dataset | wire format |"), "{table}");
    }

    #[test]
    fn falls_back_on_medians_and_their_noise() {
        let results = report(vec![
            codec("json", "serde_json", 488.0, 1000.0, 0.3),
            codec("simd-json", "simd-json", 470.0, 900.0, 0.3),
            codec("cbor", "ciborium", 400.0, 900.0, 0.0),
        ]);
        let mut only_cbor = results.results[2].clone();
        only_cbor.wire_format = "CBOR".to_owned();
        let results = report(vec![
            results.results[0].clone(),
            results.results[1].clone(),
            only_cbor,
        ]);
        let full = table(&results);
        assert!(
            full.contains("simd-json ≈ json (serde_json) within noise (from medians, no rounds)"),
            "{full}"
        );
        assert!(full.contains("| simd-json 470 B |"), "{full}");
        assert!(full.contains("cbor (ciborium), only codec"), "{full}");
        assert!(table(&report(Vec::new())).is_empty());
    }
}
