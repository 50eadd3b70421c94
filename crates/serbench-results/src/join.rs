//! A run's records, joined from the bench binary's sizes lines and the
//! timing mode's measurements (a [`Measurement`] per row and process).

use std::collections::BTreeMap;

use crate::timing::Measurement;
use crate::{Op, OpStats, Record, SizeLine, SweepPoint, stats};

/// Joins the sizes report with the timing mode's measurements, which hold
/// a measurement per row and process, combined here.
#[must_use]
pub fn records(sizes: &[SizeLine], measurements: &[Measurement]) -> Vec<Record> {
    sizes
        .iter()
        .map(|line| {
            let mut record = Record::from_sizes(line);
            if !line.ok {
                return record;
            }
            let messages = line.messages.max(1) as f64;
            // Counted at another workload (the meter's quick size), the
            // counts are per message of that one.
            let counted_messages = line
                .counted_at
                .as_ref()
                .map_or(messages, |at| at.messages.max(1) as f64);
            for op in Op::ALL {
                let processes: Vec<&Measurement> = measurements
                    .iter()
                    .filter(|m| {
                        let row = &m.row;
                        row.dataset == line.dataset
                            && row.codec == line.codec
                            && row.tasks.is_none()
                            && row.op == op
                    })
                    .collect();
                *record.ops.slot(op) = per_message(&processes, messages, counted_messages);
            }
            let counted = Op::ALL.into_iter().any(|op| {
                record
                    .op(op)
                    .is_some_and(|stats| stats.instructions.is_some())
            });
            if counted {
                record.counted_at.clone_from(&line.counted_at);
            }
            record.check();
            record
        })
        .collect()
}

/// The codecs' libraries and their versions, as the benches report them.
#[must_use]
pub fn versions(sizes: &[SizeLine]) -> BTreeMap<String, String> {
    sizes
        .iter()
        .map(|line| (line.library.clone(), line.version.clone()))
        .collect()
}

/// One operation's figures per message from every process that timed it;
/// its counts per message of the workload they were counted at, of
/// `counted_messages` messages.
fn per_message(
    processes: &[&Measurement],
    messages: f64,
    counted_messages: f64,
) -> Option<OpStats> {
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
    // The median stays the median of the processes' medians (a process's
    // memory layout moves a whole row); the quartiles pool every sample, so
    // they show the spread a reader would see over all the processes.
    let pooled: Vec<f64> = processes
        .iter()
        .flat_map(|m| m.samples_ns.iter().copied())
        .collect();
    Some(OpStats {
        median_ns: per_message(combined.median),
        min_ns: Some(per_message(combined.fastest)),
        max_ns: Some(per_message(combined.slowest)),
        p25_ns: stats::quantile(&pooled, 0.25).map(per_message),
        p75_ns: stats::quantile(&pooled, 0.75).map(per_message),
        mean_ns: Some(per_message(combined.mean)),
        noise: Some(combined.noise),
        spread: combined.spread,
        runs: Some(combined.processes as f64),
        // The allocation pass counts every row it times, so a missing count
        // is a row it did not reach, and is shown as none.
        allocs: Some(per_message(counted.allocs.unwrap_or(0.0))),
        alloc_bytes: Some(per_message(counted.alloc_bytes.unwrap_or(0.0))),
        // The peak of one run, which holds a single message at a time.
        peak_bytes: Some(counted.peak_bytes.unwrap_or(0.0)),
        // Counted only when the run ran the instruction meter.
        instructions: counted.instructions.map(|n| n / counted_messages),
        estimated_cycles: counted.estimated_cycles.map(|n| n / counted_messages),
    })
}

/// The sweep's figures: the rows with a task count, the median of the
/// passes that timed each.
#[must_use]
pub fn sweep(measurements: &[Measurement]) -> Vec<SweepPoint> {
    let mut points: Vec<(SweepPoint, Vec<f64>)> = Vec::new();
    for m in measurements {
        let Some(tasks) = m.row.tasks else {
            continue;
        };
        let (op, codec) = (m.row.op.name(), m.row.codec.as_str());
        let same = |p: &SweepPoint| p.codec == codec && p.op == op && p.tasks == tasks;
        if let Some((_, medians)) = points.iter_mut().find(|(p, _)| same(p)) {
            medians.push(m.median_ns);
        } else {
            let point = SweepPoint {
                codec: codec.to_owned(),
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

#[cfg(test)]
#[allow(
    clippy::float_cmp,
    reason = "the figures are read from exact decimal text"
)]
mod tests {
    use super::*;
    use crate::timing::Row;

    fn line() -> SizeLine {
        SizeLine {
            dataset: "telemetry".into(),
            codec: "json".into(),
            wire_format: "JSON".into(),
            library: "serde_json".into(),
            version: "1.0.145".into(),
            size: 10_000,
            size_label: "10 000 messages".into(),
            messages: 10_000,
            ok: true,
            size_bytes: 3_000_000,
            zstd_bytes: 2_000_000,
            gzip_bytes: 2_500_000,
            ..SizeLine::default()
        }
    }

    /// A row of the timing mode.
    fn row(dataset: &str, op: &str, codec: &str, tasks: Option<u64>) -> Row {
        Row {
            dataset: dataset.to_owned(),
            codec: codec.to_owned(),
            op: Op::parse(op).unwrap(),
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
            allocs: Some(20_000.0),
            instructions: Some(31_000_000.0),
            estimated_cycles: Some(45_000_000.0),
            ..Measurement::of(row("telemetry", "decode", "json", None))
        };
        let records = records(&[line()], &[measurement]);
        let record = &records[0];
        assert_eq!(record.size_bytes, 300.0);
        assert_eq!(record.library, "serde_json");
        let decode = record.op(Op::Decode).unwrap();
        assert_eq!(decode.median_ns, 500.0);
        assert_eq!(decode.min_ns, Some(400.0));
        assert_eq!(decode.allocs, Some(2.0));
        assert_eq!(decode.alloc_bytes, Some(0.0));
        assert_eq!(decode.instructions, Some(3_100.0));
        assert_eq!(decode.estimated_cycles, Some(4_500.0));
        assert_eq!(record.op(Op::Encode), None);
    }

    /// Counts taken at another workload (the graph's quick size) are per
    /// message of that workload, and the record says which it was; a run
    /// that did not count says nothing of it.
    #[test]
    fn counts_taken_at_the_quick_size_say_so() {
        let at = crate::CountedAt {
            size: 200,
            size_label: "200 nodes".into(),
            messages: 2,
        };
        let graph = SizeLine {
            dataset: "graph".into(),
            size: 1_870,
            size_label: "1 870 nodes".into(),
            messages: 1,
            counted_at: Some(at.clone()),
            ..line()
        };
        let timed = Measurement {
            median_ns: 8.0,
            instructions: Some(1_000.0),
            estimated_cycles: Some(3_000.0),
            ..Measurement::of(row("graph", "decode", "json", None))
        };
        let record = &records(std::slice::from_ref(&graph), std::slice::from_ref(&timed))[0];
        let decode = record.op(Op::Decode).unwrap();
        assert_eq!(decode.median_ns, 8.0);
        assert_eq!(decode.instructions, Some(500.0));
        assert_eq!(decode.estimated_cycles, Some(1_500.0));
        assert_eq!(record.counted_at, Some(at));

        let clock_only = Measurement {
            instructions: None,
            estimated_cycles: None,
            ..timed
        };
        let record = &records(&[graph], &[clock_only])[0];
        assert_eq!(record.counted_at, None);
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
                codec: (*codec).into(),
                size: 1,
                size_label: "one fixed value".into(),
                messages: 1,
                size_bytes: 400,
                ..line()
            })
            .collect();
        let records = records(&sizes, &measurements);
        for record in &records {
            for op in [Op::Encode, Op::Decode, Op::Traverse, Op::Floor] {
                assert!(record.ns(op).is_some(), "{} {op:?}", record.codec);
            }
            let native = native(&record.codec);
            assert_eq!(record.ns(Op::Build).is_some(), native, "{}", record.codec);
            assert_eq!(record.ns(Op::Write).is_some(), native, "{}", record.codec);
            assert_eq!(
                record.op(Op::Decode).unwrap().runs,
                Some(1.0),
                "no sweep row"
            );
        }
        let json = records.iter().find(|r| r.codec == "simd-json").unwrap();
        assert_eq!(json.ns(Op::Decode), Some(1_109.0));
        assert_eq!(json.op(Op::Decode).unwrap().peak_bytes, Some(266.0));
        assert_eq!(sweep(&measurements).len(), 3 * codecs.len());
    }

    /// Three passes of one row: the median of their medians, the fastest
    /// sample of any, and the passes' spread as the noise when it is the
    /// larger; the counts come from the profiled pass.
    #[test]
    fn combines_the_passes_of_a_row() {
        let pass = |fastest: f64, median: f64| Measurement {
            samples_ns: vec![fastest, median, median * 1.5],
            median_ns: median,
            fastest_ns: fastest,
            slowest_ns: median * 1.5,
            mean_ns: median,
            allocs: Some(20_000.0),
            ..Measurement::of(row("telemetry", "decode", "json", None))
        };
        let passes = [
            pass(4_900_000.0, 5_000_000.0),
            pass(5_900_000.0, 6_000_000.0),
            pass(5_400_000.0, 5_500_000.0),
        ];
        let records = records(&[line()], &passes);
        let decode = records[0].op(Op::Decode).unwrap();
        assert_eq!(decode.median_ns, 550.0);
        assert_eq!(decode.min_ns, Some(490.0));
        assert_eq!(decode.max_ns, Some(900.0));
        assert_eq!(decode.runs, Some(3.0));
        // Nine samples pooled: 4.9, 5.0, 5.4, 5.5, 5.9, 6.0, 7.5, 8.25, 9.0 ms.
        assert_eq!(decode.p25_ns, Some(540.0));
        assert_eq!(decode.p75_ns, Some(750.0));
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
        let points = sweep(&[measurement]);
        assert_eq!(points[0].codec, "simd-json");
        assert_eq!((points[0].tasks, points[0].ns_per_task()), (1000, 2_000.0));
    }
}
