//! `results.csv`: a row per record, its facts, then every operation's
//! figures under flat `<op><figure>` columns ([`Op::figures`]), then the
//! safety figures, then the workload the instructions were counted at when
//! it is not the one timed; an empty cell for a figure not measured.

use std::fmt::Display;

use serbench_results::{Op, Record};

/// The facts' columns, in order.
const FACTS: [&str; 16] = [
    "dataset",
    "codec",
    "wire_format",
    "library",
    "version",
    "tuned",
    "zero_copy",
    "ok",
    "error",
    "size",
    "size_label",
    "messages",
    "size_bytes",
    "zstd_bytes",
    "gzip_bytes",
    "contradictions",
];

/// The safety figures' columns, in order.
const SAFETY: [&str; 4] = [
    "safety_damaged",
    "safety_worst_of_bound",
    "safety_violations",
    "dense_expansion",
];

/// Every column, in order.
fn columns() -> Vec<String> {
    FACTS
        .into_iter()
        .map(str::to_owned)
        .chain(
            Op::ALL
                .into_iter()
                .flat_map(|op| op.keys().map(|(key, _)| key)),
        )
        .chain(SAFETY.into_iter().map(str::to_owned))
        .chain(["counted_at".to_owned()])
        .collect()
}

/// The records as CSV, one row each, empty cells for unmeasured figures.
#[must_use]
pub fn csv(records: &[Record]) -> String {
    let mut text = columns().join(",");
    text.push('\n');
    for record in records {
        text.push_str(&row(record).join(","));
        text.push('\n');
    }
    text
}

/// One record's cells, in [`columns`]' order.
fn row(record: &Record) -> Vec<String> {
    let mut cells = vec![
        quoted(&record.dataset),
        quoted(&record.codec),
        quoted(&record.wire_format),
        quoted(&record.library),
        quoted(&record.version),
        record.tuned.to_string(),
        record.zero_copy.to_string(),
        record.ok.to_string(),
        record.error.as_deref().map_or_else(String::new, quoted),
        record.size.to_string(),
        quoted(&record.size_label),
        record.messages.to_string(),
        number(record.size_bytes),
        number(record.zstd_bytes),
        number(record.gzip_bytes),
        quoted(&record.contradictions.join(" ")),
    ];
    for op in Op::ALL {
        let stats = record.op(op);
        cells.extend(op.figures().iter().map(|figure| {
            stats
                .and_then(|stats| figure.get(stats))
                .map_or_else(String::new, number)
        }));
    }
    let safety = record.safety.as_ref();
    cells.extend([
        cell(safety.map(|s| s.damaged)),
        cell(safety.map(|s| number(s.worst_of_bound))),
        cell(safety.map(|s| s.violations)),
        cell(safety.and_then(|s| s.dense_expansion).map(number)),
        record
            .counted_at
            .as_ref()
            .map_or_else(String::new, |at| quoted(&at.size_label)),
    ]);
    cells
}

/// A figure as JSON writes it: `488.0`, not `488`.
fn number(value: f64) -> String {
    if value.is_finite() && value.fract() == 0.0 && value.abs() < 1e16 {
        format!("{value:.1}")
    } else {
        value.to_string()
    }
}

fn cell<T: Display>(value: Option<T>) -> String {
    value.map_or_else(String::new, |value| value.to_string())
}

/// A CSV cell holding text.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

#[cfg(test)]
mod tests {
    use serbench_results::{OpStats, Ops, Safety};

    use super::*;

    #[test]
    fn a_row_has_a_cell_per_column() {
        let record = Record {
            dataset: "telemetry".into(),
            codec: "json".into(),
            wire_format: "JSON".into(),
            library: "serde_json".into(),
            version: "1.0.145".into(),
            ok: true,
            size_bytes: 300.0,
            ops: Ops {
                decode: Some(OpStats {
                    median_ns: 500.0,
                    min_ns: Some(400.0),
                    allocs: Some(2.5),
                    ..OpStats::default()
                }),
                ..Ops::default()
            },
            safety: Some(Safety {
                damaged: 2100,
                worst_of_bound: 0.25,
                violations: 0,
                dense_expansion: None,
            }),
            ..Record::default()
        };
        let text = csv(&[record]);
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        let row: Vec<&str> = lines.next().unwrap().split(',').collect();
        assert_eq!(header.len(), row.len());
        let at = |column: &str| row[header.iter().position(|c| *c == column).unwrap()];
        assert!(
            text.lines()
                .nth(1)
                .unwrap()
                .starts_with("\"telemetry\",\"json\",\"JSON\",\"serde_json\",\"1.0.145\",false,"),
            "{text}"
        );
        assert_eq!(at("size_bytes"), "300.0");
        assert_eq!(at("decode_ns"), "500.0");
        assert_eq!(at("decode_allocs"), "2.5");
        assert_eq!(at("encode_ns"), "");
        assert_eq!(at("safety_damaged"), "2100");
        assert_eq!(at("safety_worst_of_bound"), "0.25");
        assert_eq!(at("dense_expansion"), "");
        assert_eq!(at("error"), "");
    }
}
