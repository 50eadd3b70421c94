//! One dataset × codec: the bench binary's two lines about it (its sizes,
//! its safety figures) and the record `results.json` keeps of it.

use serde::{Deserialize, Serialize};

use crate::checks;
use crate::op::{Op, OpStats, Ops};

/// The sizes line the bench binary prints per dataset × codec
/// (`SERBENCH_MODE=sizes`): the registry's facts about the codec, the
/// dataset's words for its size, and, when the round trip was verified,
/// the encoded sizes of the whole workload.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SizeLine {
    /// The dataset id, such as `task-manager`.
    pub dataset: String,
    /// The codec id, as the registry and the timing mode name it.
    pub codec: String,
    /// The wire format's display name, such as `JSON`.
    pub wire_format: String,
    /// The library the codec calls.
    pub library: String,
    /// That library's version.
    pub version: String,
    /// Whether the codec is a path written in serbench rather than the
    /// library's stock API.
    pub tuned: bool,
    /// Whether `traverse` reads the bytes in place.
    pub zero_copy: bool,
    /// Why the codec has no borrowed decode (no `borrow` row), as it
    /// declares; `None` when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub borrow_unavailable: Option<String>,
    /// The dataset's size parameter.
    pub size: u64,
    /// The dataset's own words for its size.
    pub size_label: String,
    /// Messages in the workload.
    pub messages: u64,
    /// Whether the round trip was verified.
    pub ok: bool,
    /// Why the round trip failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Encoded bytes of the whole workload (0 when the round trip failed).
    #[serde(default)]
    pub size_bytes: u64,
    /// The same compressed with zstd (level 3).
    #[serde(default)]
    pub zstd_bytes: u64,
    /// The same compressed with gzip (level 6).
    #[serde(default)]
    pub gzip_bytes: u64,
    /// The workload the instruction meter counts, when it is not this
    /// line's: the meter counts every dataset at its quick size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counted_at: Option<CountedAt>,
}

/// The workload the instruction meter counted a dataset at, where that is
/// not the workload the run timed. The meter counts every dataset at its
/// quick size, which is the full size for all but the graph: a row of the
/// full graph executes billions of instructions, and under Callgrind,
/// some fifty times slower than the machine, the graph alone would take
/// hours.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountedAt {
    /// The dataset's size parameter counted at.
    pub size: u64,
    /// The dataset's words for that size, such as `200 nodes`.
    pub size_label: String,
    /// Messages in that workload: the counts per message divide by it.
    pub messages: u64,
}

/// The conformance kit's memory checks of one pair, as figures.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Safety {
    /// Damaged encodings (cuts, bit flips, trailers) decoded and traversed.
    pub damaged: u64,
    /// The highest peak allocation on a damaged input as a share of the
    /// kit's bound (4 × input + 64 KiB); at most 1 is bounded.
    pub worst_of_bound: f64,
    /// Damaged inputs that panicked or went past the bound.
    pub violations: u64,
    /// The most bytes held at once per byte of the kit's dense valid
    /// values (many minimal elements) that the codec decodes; `None` when
    /// it carries none of them or refuses them all as past its own limit.
    pub dense_expansion: Option<f64>,
}

impl Safety {
    /// Whether every damaged input stayed within the bound without a panic.
    #[must_use]
    pub fn bounded(&self) -> bool {
        self.violations == 0
    }
}

/// The line the bench binary's safety pass prints per dataset × codec
/// (`SERBENCH_MODE=safety`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SafetyLine {
    /// The dataset id.
    pub dataset: String,
    /// The codec id.
    pub codec: String,
    /// What the kit measured.
    pub safety: Safety,
}

/// One dataset × codec of a run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "each is an independent yes/no fact of the record"
)]
pub struct Record {
    /// Dataset id, such as `task-manager`.
    pub dataset: String,
    /// Codec id, such as `json-simd`.
    pub codec: String,
    /// The wire format's display name, such as `JSON`.
    pub wire_format: String,
    /// The library the codec calls, such as `serde_json`.
    pub library: String,
    /// The library's version.
    pub version: String,
    /// Whether the codec is a path written in serbench rather than the
    /// library's stock API.
    pub tuned: bool,
    /// Whether `traverse` reads the bytes in place.
    pub zero_copy: bool,
    /// Why the codec has no borrowed decode (no `borrow` row), as it
    /// declares; `None` when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub borrow_unavailable: Option<String>,
    /// Whether the round trip was verified; only then is anything timed.
    pub ok: bool,
    /// Why the round trip failed.
    pub error: Option<String>,
    /// The dataset's size parameter (tasks, messages, nodes; 1 if fixed).
    pub size: u64,
    /// The dataset's own words for its size in this run.
    pub size_label: String,
    /// Messages in the workload.
    pub messages: u64,
    /// Encoded bytes per message.
    pub size_bytes: f64,
    /// The same compressed with zstd (level 3), per message.
    pub zstd_bytes: f64,
    /// The same compressed with gzip (level 6), per message.
    pub gzip_bytes: f64,
    /// The figures of this record that contradict each other beyond noise
    /// ([`crate::TRAVERSE_BELOW_DECODE`], [`crate::FLOOR_ABOVE_ENCODE`]).
    pub contradictions: Vec<String>,
    /// The timed operations.
    pub ops: Ops,
    /// The conformance kit's memory checks, as figures; `None` when the
    /// safety pass did not measure the pair.
    pub safety: Option<Safety>,
    /// The workload the instruction counts were taken at, when the run
    /// counted and that is not [`Record::size_label`]'s (the graph's quick
    /// size).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counted_at: Option<CountedAt>,
    /// `serbench measure`: the round trip gave a document's maps back in
    /// the codec's schema order and was verified without regard to key
    /// order (absent when false).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub any_key_order: bool,
}

impl Record {
    /// The record of a sizes line, its sizes per message, nothing timed
    /// yet.
    #[must_use]
    pub fn from_sizes(line: &SizeLine) -> Self {
        let mut record = Record {
            dataset: line.dataset.clone(),
            codec: line.codec.clone(),
            wire_format: line.wire_format.clone(),
            library: line.library.clone(),
            version: line.version.clone(),
            tuned: line.tuned,
            zero_copy: line.zero_copy,
            borrow_unavailable: line.borrow_unavailable.clone(),
            ok: line.ok,
            error: line.error.clone(),
            size: line.size,
            size_label: line.size_label.clone(),
            messages: line.messages,
            ..Record::default()
        };
        if line.ok {
            let messages = line.messages.max(1) as f64;
            record.size_bytes = line.size_bytes as f64 / messages;
            record.zstd_bytes = line.zstd_bytes as f64 / messages;
            record.gzip_bytes = line.gzip_bytes as f64 / messages;
        }
        record
    }

    /// Names the figures of this record that contradict each other beyond
    /// noise ([`crate::TRAVERSE_BELOW_DECODE`],
    /// [`crate::FLOOR_ABOVE_ENCODE`]); call it once the operations are
    /// filled in.
    pub fn check(&mut self) {
        self.contradictions = checks::contradictions(self);
    }

    /// The figures of one operation, if it was timed.
    #[must_use]
    pub fn op(&self, op: Op) -> Option<&OpStats> {
        self.ops.get(op)
    }

    /// The median nanoseconds per message of one operation.
    #[must_use]
    pub fn ns(&self, op: Op) -> Option<f64> {
        self.op(op).map(|stats| stats.median_ns)
    }

    /// Whether an operation's noise is above `above` (a share of the
    /// median, such as [`crate::stats::NOISY`]).
    #[must_use]
    pub fn noisy(&self, op: Op, above: f64) -> bool {
        self.op(op)
            .and_then(|stats| stats.noise)
            .is_some_and(|noise| noise > above)
    }

    /// Encoded bytes per second of an operation.
    #[must_use]
    pub fn throughput(&self, op: Op) -> Option<f64> {
        self.ns(op)
            .filter(|ns| *ns > 0.0)
            .map(|ns| self.size_bytes / ns * 1e9)
    }
}

/// Fills each record's safety figures from the safety pass's line of its
/// pair.
pub fn join_safety(records: &mut [Record], lines: &[SafetyLine]) {
    for record in records {
        if let Some(line) = lines
            .iter()
            .find(|l| l.dataset == record.dataset && l.codec == record.codec)
        {
            record.safety = Some(line.safety.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_a_safety_line_to_its_pair() {
        let line = SafetyLine {
            dataset: "media".into(),
            codec: "json".into(),
            safety: Safety {
                damaged: 2100,
                worst_of_bound: 0.25,
                violations: 0,
                dense_expansion: None,
            },
        };
        let record = |codec: &str| Record {
            dataset: "media".into(),
            codec: codec.into(),
            ..Record::default()
        };
        let mut records = vec![record("json"), record("cbor")];
        join_safety(&mut records, &[line]);
        let json = records[0].safety.as_ref().unwrap();
        assert_eq!(json.damaged, 2100);
        assert!(json.bounded());
        assert_eq!(records[1].safety, None);
    }

    #[test]
    fn a_failed_round_trip_has_no_sizes() {
        let line = SizeLine {
            dataset: "telemetry".into(),
            codec: "json".into(),
            messages: 10_000,
            ok: true,
            size_bytes: 3_000_000,
            ..SizeLine::default()
        };
        assert!((Record::from_sizes(&line).size_bytes - 300.0).abs() < 1e-9);
        let failed = SizeLine {
            ok: false,
            error: Some("differs".into()),
            ..line
        };
        let record = Record::from_sizes(&failed);
        assert!(!record.ok && record.size_bytes == 0.0);
        assert_eq!(record.error.as_deref(), Some("differs"));
    }
}
