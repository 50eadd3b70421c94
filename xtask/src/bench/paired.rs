//! The paired rounds behind the report's verdicts ([`super::verdict`]).
//!
//! - *Per-format verdict*: for each dataset and wire format with several
//!   codecs in the run (serde_json, simd-json and sonic-rs for JSON), each
//!   round runs every codec's `encode` and `decode` of that dataset, one
//!   short process of the bench binary's timing mode per codec, the codecs' order rotating from
//!   round to round so that none always goes first.
//! - *Against Qt*: each round times one Qt implementation (the Qt program
//!   with its format named) and its serbench counterpart, Qt first in even
//!   rounds and serbench first in odd ones.
//!
//! Both sides of a round run within seconds of each other, so a change in
//! the machine's load between rounds moves both, and the per-round ratio
//! keeps what the two medians measured minutes apart would lose.

use std::path::Path;

use anyhow::{Context, bail};
use serbench_results::Op;

use super::passes::{Samples, turned};
use super::qt::{self, COUNTERPARTS, Measured, Program};
use super::stats;
use super::timing::{self, Rows};
use super::verdict::{Rounds, Side};
use serbench_results::Record;

/// Rounds per comparison.
pub(crate) fn rounds(quick: bool) -> usize {
    if quick { 3 } else { 5 }
}

/// The bench binary and how to run it.
pub(crate) struct Bench<'a> {
    pub(crate) binary: &'a Path,
    pub(crate) quick: bool,
}

impl Bench<'_> {
    /// One short round of a codec's `encode` and `decode` of a dataset:
    /// nanoseconds per message of each.
    fn round(&self, record: &Record, turn: usize) -> anyhow::Result<(f64, f64)> {
        let rows = Rows {
            datasets: vec![record.dataset.clone()],
            codecs: vec![record.codec.clone()],
            ops: turned(&[Op::Encode, Op::Decode], turn),
            sweep: false,
        };
        let sampling = Samples::Round.args(self.quick);
        let lines = timing::run(self.binary, self.quick, &rows, sampling, |_| {})?;
        let median = |op: Op| -> anyhow::Result<f64> {
            let ns = lines
                .iter()
                .find(|line| line.row.op == op)
                .and_then(|line| stats::median(&line.samples_ns))
                .with_context(|| {
                    format!("no {} of {} {}", op.name(), record.dataset, record.codec)
                })?;
            Ok(ns / record.messages.max(1) as f64)
        };
        Ok((median(Op::Encode)?, median(Op::Decode)?))
    }
}

/// The paired rounds of every dataset × wire format with several verified
/// codecs; a wire format whose rounds fail is left out with a warning.
pub(crate) fn formats(bench: &Bench<'_>, records: &[Record]) -> Vec<Rounds> {
    let mut measured = Vec::new();
    for (dataset, wire_format) in wire_formats(records) {
        let codecs: Vec<&Record> = records
            .iter()
            .filter(|r| r.ok && r.dataset == dataset && r.wire_format == wire_format)
            .collect();
        eprintln!(
            "bench: paired rounds of {dataset} {wire_format} ({})",
            codecs
                .iter()
                .map(|r| r.codec.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        );
        match wire_format_rounds(bench, &codecs) {
            Ok(mut rounds) => measured.append(&mut rounds),
            Err(error) => {
                eprintln!("bench: {dataset} {wire_format} has no per-format verdict: {error:#}");
            }
        }
    }
    measured
}

/// The datasets × wire formats of the run with more than one verified codec,
/// in the run's order.
fn wire_formats(records: &[Record]) -> Vec<(&str, &str)> {
    let mut found: Vec<(&str, &str)> = Vec::new();
    for record in records.iter().filter(|r| r.ok && !r.wire_format.is_empty()) {
        let key = (record.dataset.as_str(), record.wire_format.as_str());
        if found.contains(&key) {
            continue;
        }
        let several = records
            .iter()
            .filter(|r| r.ok && (r.dataset.as_str(), r.wire_format.as_str()) == key)
            .count()
            > 1;
        if several {
            found.push(key);
        }
    }
    found
}

/// The encode and decode rounds of one wire format on one dataset.
fn wire_format_rounds(bench: &Bench<'_>, codecs: &[&Record]) -> anyhow::Result<Vec<Rounds>> {
    let Some(first) = codecs.first() else {
        bail!("no codec");
    };
    let side = |record: &Record| Side {
        id: record.codec.clone(),
        ns: Vec::new(),
    };
    let mut encode: Vec<Side> = codecs.iter().map(|r| side(r)).collect();
    let mut decode = encode.clone();
    for round in 0..rounds(bench.quick) {
        for offset in 0..codecs.len() {
            let index = (round + offset) % codecs.len();
            let (e, d) = bench.round(codecs[index], round)?;
            encode[index].ns.push(e);
            decode[index].ns.push(d);
        }
    }
    Ok(vec![
        Rounds {
            dataset: first.dataset.clone(),
            op: "encode".to_owned(),
            sides: encode,
        },
        Rounds {
            dataset: first.dataset.clone(),
            op: "decode".to_owned(),
            sides: decode,
        },
    ])
}

/// Qt's implementations in rounds alternating with their serbench
/// counterparts: each one's median figures, and the paired rounds.
pub(crate) fn qt(
    bench: &Bench<'_>,
    program: &Program,
    records: &[Record],
) -> anyhow::Result<(Vec<Measured>, Vec<Rounds>)> {
    let runs = if bench.quick { 5 } else { 10 };
    let mut measured = Vec::new();
    let mut paired = Vec::new();
    for counterpart in &COUNTERPARTS {
        let Some(record) = records
            .iter()
            .find(|r| r.dataset == qt::DATASET && r.codec == counterpart.codec && r.ok)
        else {
            continue;
        };
        eprintln!(
            "bench: paired rounds of Qt's {} and {}",
            counterpart.qt, record.codec
        );
        let mut ours = (Vec::new(), Vec::new());
        let mut theirs: Vec<Measured> = Vec::new();
        for round in 0..rounds(bench.quick) {
            let qt_first = round % 2 == 0;
            if qt_first {
                theirs.push(program.round(counterpart.id, runs)?);
            }
            let (encode, decode) = bench.round(record, round)?;
            ours.0.push(encode);
            ours.1.push(decode);
            if !qt_first {
                theirs.push(program.round(counterpart.id, runs)?);
            }
        }
        let side = |id: String, ns: Vec<f64>| Side { id, ns };
        let qt_id = qt::side_id(counterpart.id);
        let serialize: Vec<f64> = theirs.iter().map(|m| m.serialize_ns).collect();
        let deserialize: Vec<f64> = theirs.iter().map(|m| m.deserialize_ns).collect();
        measured.push(Measured {
            id: counterpart.id.to_owned(),
            serialize_ns: stats::median(&serialize).unwrap_or(0.0),
            deserialize_ns: stats::median(&deserialize).unwrap_or(0.0),
            size_bytes: theirs.first().map_or(0, |m| m.size_bytes),
        });
        for (op, qt_ns, our_ns) in [
            ("encode", serialize, ours.0.clone()),
            ("decode", deserialize, ours.1.clone()),
        ] {
            paired.push(Rounds {
                dataset: qt::DATASET.to_owned(),
                op: op.to_owned(),
                sides: vec![
                    side(qt_id.clone(), qt_ns),
                    side(record.codec.clone(), our_ns),
                ],
            });
        }
    }
    Ok((measured, paired))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_formats_with_several_verified_codecs() {
        let record = |dataset: &str, codec: &str, wire_format: &str, ok: bool| Record {
            dataset: dataset.to_owned(),
            codec: codec.to_owned(),
            wire_format: wire_format.to_owned(),
            ok,
            ..Record::default()
        };
        let records = vec![
            record("media", "json", "JSON", true),
            record("media", "simd-json", "JSON", true),
            record("media", "cbor", "CBOR", true),
            record("media", "minicbor", "CBOR", false),
            record("records", "json", "JSON", true),
            record("records", "sonic-rs", "JSON", true),
            record("records", "thrift-binary", "Thrift", true),
            record("records", "thrift-compact", "Thrift", true),
        ];
        assert_eq!(
            wire_formats(&records),
            [
                ("media", "JSON"),
                ("records", "JSON"),
                ("records", "Thrift")
            ]
        );
    }
}
