//! The results of a run: one record per dataset × codec, joined from the
//! sizes report and divan's measurements, and written as JSON and CSV.
//!
//! # `results.json`
//!
//! ```text
//! { "schema": 2,
//!   "run": { "started", "quick", "filters", "machine", "compiler",
//!            "profile", "commit", "versions": { library: version },
//!            "check", "check_after": MachineCheck (before and after
//!            timing; "check_after" absent in older files) },
//!   "results": [ Record, ... ],
//!   "qt": [ ... ], "rounds": [ Rounds, ... ],
//!   "sweep": [ SweepPoint, ... ], "compile": [ ... ] }
//! ```
//!
//! A record is a flat object. Its facts: `dataset`, `format` (the codec id),
//! `family` (the wire format's name), `library`, `version`, `tuned` (a path
//! written in serbench rather than the library's stock API), `zero_copy`,
//! `ok`, `error`, `size` (the dataset's size parameter), `size_label` (the
//! dataset's own words for it), `messages`, and `size_bytes`, `zstd_bytes`,
//! `gzip_bytes`. Then the figures of each operation, named
//! `<op><figure>`: `encode`, `decode` and `traverse` keep `_ns` (the median),
//! `_min_ns` and `_max_ns` (the fastest and slowest sample, the spread),
//! `_mean_ns` and `_allocs`; `encode` and `decode` also `_alloc_bytes`, and
//! `decode` `_peak_bytes` (the most bytes live at once); `floor` (a memcpy
//! of the same bytes), `build` and `write` (the two halves of a native
//! encode) keep `_ns` and `_min_ns`. Every operation also keeps `_noise`
//! (the row's noise relative to its median, see [`super::stats`]),
//! `_spread` (the range of the medians of the processes that timed the row,
//! three per pass in a full run, relative to their median, `null` for one
//! process) and `_runs` (those processes). [`Op::figures`]
//! holds this list. `contradictions` names the figures a stable
//! measurement cannot show ([`checks`]). Last, the safety pass's figures
//! ([`Safety`]): `safety_damaged` (damaged encodings tried),
//! `safety_worst_of_bound` (their worst peak allocation as a share of the
//! kit's bound, 4 × input + 64 KiB), `safety_violations` and
//! `dense_expansion` (bytes held per byte of dense valid input). Files
//! written before `family`, `library`, `version`, `tuned`, `size_label`,
//! the noise and the safety figures existed (schema 1) still read, with
//! those facts empty.
//!
//! Times are nanoseconds per *message*, the median over divan's samples
//! (of several processes, the median of their medians);
//! a dataset's workload is `messages` messages (telemetry's 10 000, every
//! other one's 1). Sizes and allocation counts are per message too. A figure
//! that was not measured is `null`: `build`/`write` exist only for codecs
//! with generated message types, and nothing is timed for a pair whose round
//! trip failed (`ok: false`, `error` says why).

mod checks;
mod ops;
mod safety;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::stats;
use super::timing::Measurement;
pub(crate) use checks::{FLOOR_ABOVE_ENCODE, TRAVERSE_BELOW_DECODE};
pub(crate) use ops::{Op, OpStats, Ops};
pub(crate) use safety::{Safety, SafetyLine, join as join_safety};

/// The sizes report line the bench binary prints per dataset × codec.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct SizeLine {
    pub(crate) dataset: String,
    /// The codec id, as divan's bench paths name it.
    pub(crate) format: String,
    pub(crate) family: String,
    pub(crate) library: String,
    pub(crate) version: String,
    pub(crate) tuned: bool,
    pub(crate) zero_copy: bool,
    pub(crate) size: u64,
    pub(crate) size_label: String,
    pub(crate) messages: u64,
    pub(crate) ok: bool,
    #[serde(default)]
    pub(crate) error: Option<String>,
    #[serde(default)]
    pub(crate) size_bytes: u64,
    #[serde(default)]
    pub(crate) zstd_bytes: u64,
    #[serde(default)]
    pub(crate) gzip_bytes: u64,
}

/// One dataset × codec.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub(crate) struct Record {
    /// Dataset id, such as `task-manager`.
    pub(crate) dataset: String,
    /// Codec id, such as `json`.
    pub(crate) format: String,
    /// The wire format's display name, such as `JSON`.
    #[serde(default)]
    pub(crate) family: String,
    /// The library the codec calls, such as `serde_json`.
    #[serde(default)]
    pub(crate) library: String,
    /// The library's version.
    #[serde(default)]
    pub(crate) version: String,
    /// Whether the codec is a path written in serbench rather than the
    /// library's stock API.
    #[serde(default)]
    pub(crate) tuned: bool,
    /// Whether `traverse` reads the bytes in place.
    pub(crate) zero_copy: bool,
    /// Whether the round trip was verified; only then is anything timed.
    pub(crate) ok: bool,
    /// Why the round trip failed.
    pub(crate) error: Option<String>,
    /// The dataset's size parameter (tasks, messages, nodes; 1 if fixed).
    pub(crate) size: u64,
    /// The dataset's own words for its size in this run.
    #[serde(default)]
    pub(crate) size_label: String,
    /// Messages in the workload.
    pub(crate) messages: u64,
    /// Encoded bytes per message.
    pub(crate) size_bytes: f64,
    /// The same compressed with zstd (level 3), per message.
    pub(crate) zstd_bytes: f64,
    /// The same compressed with gzip (level 6), per message.
    pub(crate) gzip_bytes: f64,
    /// The figures of this record that contradict each other beyond noise
    /// (`traverse_below_decode`, `floor_above_encode`).
    #[serde(default)]
    pub(crate) contradictions: Vec<String>,
    /// The timed operations.
    #[serde(flatten)]
    pub(crate) ops: Ops,
    /// The conformance kit's memory checks, as figures.
    #[serde(flatten)]
    pub(crate) safety: Safety,
}

impl Record {
    /// The figures of one operation, if it was timed.
    pub(crate) fn op(&self, op: Op) -> Option<&OpStats> {
        self.ops.get(op)
    }

    /// The median nanoseconds per message of one operation.
    pub(crate) fn ns(&self, op: Op) -> Option<f64> {
        self.op(op).map(|stats| stats.median_ns)
    }

    /// Whether an operation's noise is above `above` (a share of the
    /// median, such as [`stats::NOISY`]).
    pub(crate) fn noisy(&self, op: Op, above: f64) -> bool {
        self.op(op)
            .and_then(|stats| stats.noise)
            .is_some_and(|noise| noise > above)
    }

    /// Encoded bytes per second of an operation.
    pub(crate) fn throughput(&self, op: Op) -> Option<f64> {
        self.ns(op)
            .filter(|ns| *ns > 0.0)
            .map(|ns| self.size_bytes / ns * 1e9)
    }
}

/// Joins the sizes report with the timing mode's measurements, which hold
/// a measurement per row and process, combined here.
pub(crate) fn join(sizes: &[SizeLine], measurements: &[Measurement]) -> Vec<Record> {
    sizes
        .iter()
        .map(|line| {
            let mut record = Record {
                dataset: line.dataset.clone(),
                format: line.format.clone(),
                family: line.family.clone(),
                library: line.library.clone(),
                version: line.version.clone(),
                tuned: line.tuned,
                zero_copy: line.zero_copy,
                ok: line.ok,
                error: line.error.clone(),
                size: line.size,
                size_label: line.size_label.clone(),
                messages: line.messages,
                ..Record::default()
            };
            if !line.ok {
                return record;
            }
            let messages = line.messages.max(1) as f64;
            record.size_bytes = line.size_bytes as f64 / messages;
            record.zstd_bytes = line.zstd_bytes as f64 / messages;
            record.gzip_bytes = line.gzip_bytes as f64 / messages;
            for op in Op::ALL {
                let processes: Vec<&Measurement> = measurements
                    .iter()
                    .filter(|m| {
                        let row = &m.row;
                        row.dataset == line.dataset
                            && row.codec == line.format
                            && row.tasks.is_none()
                            && Op::parse(row.op.name()) == Some(op)
                    })
                    .collect();
                *record.ops.slot(op) = per_message(&processes, messages);
            }
            record.contradictions = checks::contradictions(&record);
            record
        })
        .collect()
}

/// The codecs' libraries and their versions, as the benches report them.
pub(crate) fn versions(sizes: &[SizeLine]) -> BTreeMap<String, String> {
    sizes
        .iter()
        .map(|line| (line.library.clone(), line.version.clone()))
        .collect()
}

/// One operation's figures per message from every process that timed it.
fn per_message(processes: &[&Measurement], messages: f64) -> Option<OpStats> {
    let timed: Vec<stats::Process> = processes
        .iter()
        .map(|m| stats::Process {
            fastest: m.fastest_ns,
            slowest: m.slowest_ns,
            median: m.median_ns,
            mean: m.mean_ns,
        })
        .collect();
    let combined = stats::combine(&timed)?;
    // Every process carries the same counts, from the one profiled run.
    let counted = processes[0];
    let per_message = |value: f64| value / messages;
    Some(OpStats {
        median_ns: per_message(combined.median),
        min_ns: Some(per_message(combined.fastest)),
        max_ns: Some(per_message(combined.slowest)),
        mean_ns: Some(per_message(combined.mean)),
        noise: Some(combined.noise),
        spread: combined.spread,
        runs: Some(combined.processes as f64),
        // The benches always profile allocations, and divan leaves out the
        // rows of a count that is zero.
        allocs: Some(per_message(counted.allocs.unwrap_or(0.0))),
        alloc_bytes: Some(per_message(counted.alloc_bytes.unwrap_or(0.0))),
        // The peak of one run, which holds a single message at a time.
        peak_bytes: Some(counted.peak_bytes.unwrap_or(0.0)),
    })
}

/// One `--sweep` figure: a codec's encode or decode of the sweep's dataset
/// at one size.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct SweepPoint {
    /// The codec id.
    pub(crate) format: String,
    /// `encode` or `decode`.
    pub(crate) op: String,
    /// The size asked of the generator, which may deliver a few fewer.
    pub(crate) tasks: u64,
    /// Median nanoseconds for the whole value.
    pub(crate) ns: f64,
}

impl SweepPoint {
    pub(crate) fn ns_per_task(&self) -> f64 {
        self.ns / self.tasks.max(1) as f64
    }
}

/// The sweep's figures: the rows with a task count, the median of the
/// passes that timed each.
pub(crate) fn sweep_points(measurements: &[Measurement]) -> Vec<SweepPoint> {
    let mut points: Vec<(SweepPoint, Vec<f64>)> = Vec::new();
    for m in measurements {
        let Some(tasks) = m.row.tasks else {
            continue;
        };
        let (op, codec) = (m.row.op.name(), m.row.codec.as_str());
        let same = |p: &SweepPoint| p.format == codec && p.op == op && p.tasks == tasks;
        if let Some((_, medians)) = points.iter_mut().find(|(p, _)| same(p)) {
            medians.push(m.median_ns);
        } else {
            let point = SweepPoint {
                format: codec.to_owned(),
                op: op.to_owned(),
                tasks,
                ns: 0.0,
            };
            points.push((point, vec![m.median_ns]));
        }
    }
    points
        .into_iter()
        .map(|(point, medians)| SweepPoint {
            ns: stats::median(&medians).unwrap_or(0.0),
            ..point
        })
        .collect()
}

/// The CSV columns, in order: the record's facts, then its figures.
fn csv_columns() -> Vec<String> {
    let facts = [
        "dataset",
        "format",
        "family",
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
    facts
        .into_iter()
        .map(str::to_owned)
        .chain(
            Op::ALL
                .into_iter()
                .flat_map(|op| op.keys().map(|(key, _)| key)),
        )
        .chain(Safety::COLUMNS.into_iter().map(str::to_owned))
        .collect()
}

/// The records as CSV, one row each, empty cells for unmeasured figures.
pub(crate) fn csv(records: &[Record]) -> anyhow::Result<String> {
    let columns = csv_columns();
    let mut text = columns.join(",");
    text.push('\n');
    for record in records {
        let value = serde_json::to_value(record)?;
        let cells: Vec<String> = columns
            .iter()
            .map(|column| match &value[column] {
                serde_json::Value::Null => String::new(),
                serde_json::Value::String(text) => quoted(text),
                serde_json::Value::Array(items) => quoted(
                    &items
                        .iter()
                        .filter_map(serde_json::Value::as_str)
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
                other => other.to_string(),
            })
            .collect();
        text.push_str(&cells.join(","));
        text.push('\n');
    }
    Ok(text)
}

/// A CSV cell holding text.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

#[cfg(test)]
#[allow(
    clippy::float_cmp,
    reason = "the figures are read from exact decimal text"
)]
mod tests {
    use serbench_results::timing::Row;

    use super::*;

    #[test]
    fn csv_has_every_record_field() {
        let value = serde_json::to_value(Record::default()).unwrap();
        let mut fields: Vec<String> = value.as_object().unwrap().keys().cloned().collect();
        let mut columns = csv_columns();
        columns.sort_unstable();
        fields.sort_unstable();
        assert_eq!(columns, fields);
    }

    fn line() -> SizeLine {
        serde_json::from_str(
            r#"{"dataset":"telemetry","format":"json","family":"JSON","library":"serde_json",
                "version":"1.0.145","tuned":false,"zero_copy":false,"native":false,
                "size":10000,"size_label":"10 000 messages","messages":10000,"ok":true,
                "size_bytes":3000000,"zstd_bytes":2000000,"gzip_bytes":2500000}"#,
        )
        .unwrap()
    }

    /// A row of the timing mode.
    fn row(dataset: &str, op: &str, codec: &str, tasks: Option<u64>) -> Row {
        Row {
            dataset: dataset.to_owned(),
            codec: codec.to_owned(),
            op: serbench_results::Op::parse(op).unwrap(),
            tasks,
        }
    }

    #[test]
    fn joins_per_message() {
        let measurement = Measurement {
            median_ns: 5_000_000.0,
            fastest_ns: 4_000_000.0,
            slowest_ns: 9_000_000.0,
            mean_ns: 6_000_000.0,
            samples: 10,
            iterations: 10,
            allocs: Some(20_000.0),
            ..Measurement::of(row("telemetry", "decode", "json", None))
        };
        let records = join(&[line()], &[measurement]);
        let record = &records[0];
        assert_eq!(record.size_bytes, 300.0);
        assert_eq!(record.library, "serde_json");
        let decode = record.op(Op::Decode).unwrap();
        assert_eq!(decode.median_ns, 500.0);
        assert_eq!(decode.min_ns, Some(400.0));
        assert_eq!(decode.allocs, Some(2.0));
        assert_eq!(decode.alloc_bytes, Some(0.0));
        assert_eq!(record.op(Op::Encode), None);
        let csv = csv(&records).unwrap();
        let row = csv.lines().nth(1).unwrap();
        assert!(
            row.starts_with("\"telemetry\",\"json\",\"JSON\",\"serde_json\",\"1.0.145\",false,"),
            "{row}"
        );
    }

    /// A record as `results.json` held it before the record carried the
    /// codec's library (a real run's `media` × `json`).
    #[test]
    fn reads_a_record_of_the_first_files() {
        let old = r#"{
            "dataset": "media", "format": "json", "zero_copy": false, "ok": true,
            "error": null, "size": 1, "messages": 1,
            "size_bytes": 488.0, "zstd_bytes": 330.0, "gzip_bytes": 318.0,
            "encode_ns": 296.3, "encode_min_ns": 287.9, "encode_max_ns": 400.2,
            "encode_mean_ns": 300.1, "encode_allocs": 0.0, "encode_alloc_bytes": 0.0,
            "decode_ns": 1109.0, "decode_min_ns": 1001.0, "decode_max_ns": 1226.0,
            "decode_mean_ns": 1124.0, "decode_allocs": 11.0, "decode_alloc_bytes": 532.0,
            "decode_peak_bytes": 266.0,
            "traverse_ns": 1150.0, "traverse_min_ns": 1050.0, "traverse_max_ns": 1300.0,
            "traverse_mean_ns": 1160.0, "traverse_allocs": 11.0,
            "floor_ns": 12.5, "build_ns": null, "write_ns": null
        }"#;
        let record: Record = serde_json::from_str(old).unwrap();
        assert_eq!(record.format, "json");
        assert_eq!(record.library, "");
        let decode = record.op(Op::Decode).unwrap();
        assert_eq!(decode.median_ns, 1109.0);
        assert_eq!(decode.min_ns, Some(1001.0));
        assert_eq!(decode.peak_bytes, Some(266.0));
        assert_eq!(record.op(Op::Traverse).unwrap().allocs, Some(11.0));
        assert_eq!(record.ns(Op::Floor), Some(12.5));
        assert_eq!(record.op(Op::Build), None);
        assert_eq!(decode.noise, None);
        assert!(record.contradictions.is_empty() && !record.noisy(Op::Decode, stats::NOISY));
        // Written again, it has the same figures under the same keys.
        let again = serde_json::to_value(&record).unwrap();
        let old: serde_json::Value = serde_json::from_str(old).unwrap();
        for (key, value) in old.as_object().unwrap() {
            assert_eq!(&again[key], value, "{key}");
        }
    }

    /// A run's rows joined with sizes lines of the same shape: every codec
    /// gets its four operations, the native ones their two halves, and the
    /// sweep a point per operation, size and codec.
    #[test]
    fn joins_every_row_of_a_run() {
        let codecs = ["capnp", "json", "protobuf", "simd-json"];
        let native = |codec: &str| ["capnp", "protobuf"].contains(&codec);
        let mut measurements = Vec::new();
        let mut measured = |row: Row| {
            measurements.push(Measurement {
                median_ns: 1_109.0,
                peak_bytes: Some(266.0),
                ..Measurement::of(row)
            });
        };
        for codec in codecs {
            for op in ["encode", "decode", "traverse", "floor", "build", "write"] {
                if native(codec) || !["build", "write"].contains(&op) {
                    measured(row("media", op, codec, None));
                }
            }
            for (op, tasks) in [("encode", 100), ("decode", 100), ("decode", 100_000)] {
                measured(row("task-manager", op, codec, Some(tasks)));
            }
        }
        let sizes: Vec<SizeLine> = codecs
            .iter()
            .map(|codec| SizeLine {
                dataset: "media".into(),
                format: (*codec).into(),
                size: 1,
                size_label: "one fixed value".into(),
                messages: 1,
                size_bytes: 400,
                ..line()
            })
            .collect();
        let records = join(&sizes, &measurements);
        for record in &records {
            for op in [Op::Encode, Op::Decode, Op::Traverse, Op::Floor] {
                assert!(record.ns(op).is_some(), "{} {op:?}", record.format);
            }
            let native = native(&record.format);
            assert_eq!(record.ns(Op::Build).is_some(), native, "{}", record.format);
            assert_eq!(record.ns(Op::Write).is_some(), native, "{}", record.format);
            assert_eq!(
                record.op(Op::Decode).unwrap().runs,
                Some(1.0),
                "no sweep row"
            );
        }
        let json = records.iter().find(|r| r.format == "simd-json").unwrap();
        assert_eq!(json.ns(Op::Decode), Some(1_109.0));
        assert_eq!(json.op(Op::Decode).unwrap().peak_bytes, Some(266.0));
        assert_eq!(sweep_points(&measurements).len(), 3 * codecs.len());
    }

    /// Three passes of one row: the median of their medians, the fastest
    /// sample of any, and the passes' spread as the noise when it is the
    /// larger; the counts come from the profiled pass.
    #[test]
    fn combines_the_passes_of_a_row() {
        let pass = |fastest: f64, median: f64| Measurement {
            median_ns: median,
            fastest_ns: fastest,
            slowest_ns: median * 1.5,
            mean_ns: median,
            samples: 10,
            iterations: 10,
            allocs: Some(20_000.0),
            ..Measurement::of(row("telemetry", "decode", "json", None))
        };
        let passes = [
            pass(4_900_000.0, 5_000_000.0),
            pass(5_900_000.0, 6_000_000.0),
            pass(5_400_000.0, 5_500_000.0),
        ];
        let records = join(&[line()], &passes);
        let decode = records[0].op(Op::Decode).unwrap();
        assert_eq!(decode.median_ns, 550.0);
        assert_eq!(decode.min_ns, Some(490.0));
        assert_eq!(decode.max_ns, Some(900.0));
        assert_eq!(decode.runs, Some(3.0));
        let spread = 1_000_000.0 / 5_500_000.0;
        assert!(
            (decode.spread.unwrap() - spread).abs() < 1e-12,
            "{decode:?}"
        );
        assert_eq!(decode.noise, decode.spread);
        assert_eq!(decode.allocs, Some(2.0));
        assert!(records[0].noisy(Op::Decode, stats::NOISY));
        assert!(records[0].contradictions.is_empty());
    }

    #[test]
    fn reads_sweep_rows() {
        let measurement = Measurement {
            median_ns: 2_000_000.0,
            ..Measurement::of(row("task-manager", "encode", "simd-json", Some(1000)))
        };
        let points = sweep_points(&[measurement]);
        assert_eq!(points[0].format, "simd-json");
        assert_eq!((points[0].tasks, points[0].ns_per_task()), (1000, 2_000.0));
    }
}
