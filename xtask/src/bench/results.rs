//! The results of a run: one record per dataset × format, joined from the
//! sizes report and divan's measurements, and written as JSON and CSV.
//!
//! # `results.json`
//!
//! ```text
//! { "schema": 1,
//!   "run": { "started", "quick", "filters", "machine", "compiler",
//!            "profile", "commit", "versions": { crate: version } },
//!   "results": [ Record, ... ] }
//! ```
//!
//! Every `Record` field is listed on [`Record`]. Times are nanoseconds per
//! *message*, the median over divan's samples, with the fastest and slowest
//! sample as the spread (`*_min_ns`, `*_max_ns`) and the mean; telemetry's
//! workload is 10 000 messages, every other dataset's one. Sizes are bytes
//! per message (averaged for telemetry). Allocation figures are per message
//! too. A figure that was not measured is `null`: `traverse` is measured for
//! every format, `build`/`write` only for formats with generated message
//! types, and nothing for a pair whose round trip failed (`ok: false`,
//! `error` says why).

use serde::{Deserialize, Serialize};

use super::divan::Measurement;

/// The sizes report line the bench binary prints per pair.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct SizeLine {
    pub(crate) dataset: String,
    pub(crate) format: String,
    /// The codec type's name, as divan shows it.
    #[serde(rename = "type")]
    pub(crate) type_name: String,
    pub(crate) zero_copy: bool,
    pub(crate) size: u64,
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

/// One dataset × format.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub(crate) struct Record {
    /// Dataset id, such as `task-manager`.
    pub(crate) dataset: String,
    /// Format id, such as `json`.
    pub(crate) format: String,
    /// Whether `traverse` reads the bytes in place.
    pub(crate) zero_copy: bool,
    /// Whether the round trip was verified; only then is anything timed.
    pub(crate) ok: bool,
    /// Why the round trip failed.
    pub(crate) error: Option<String>,
    /// The dataset's size parameter (tasks, messages, nodes; 1 if fixed).
    pub(crate) size: u64,
    /// Messages in the workload.
    pub(crate) messages: u64,
    /// Encoded bytes per message.
    pub(crate) size_bytes: f64,
    /// The same compressed with zstd (level 3), per message.
    pub(crate) zstd_bytes: f64,
    /// The same compressed with gzip (level 6), per message.
    pub(crate) gzip_bytes: f64,
    pub(crate) encode_ns: Option<f64>,
    pub(crate) encode_min_ns: Option<f64>,
    pub(crate) encode_max_ns: Option<f64>,
    pub(crate) encode_mean_ns: Option<f64>,
    pub(crate) encode_allocs: Option<f64>,
    pub(crate) encode_alloc_bytes: Option<f64>,
    pub(crate) decode_ns: Option<f64>,
    pub(crate) decode_min_ns: Option<f64>,
    pub(crate) decode_max_ns: Option<f64>,
    pub(crate) decode_mean_ns: Option<f64>,
    pub(crate) decode_allocs: Option<f64>,
    pub(crate) decode_alloc_bytes: Option<f64>,
    /// Peak bytes live during a decode.
    pub(crate) decode_peak_bytes: Option<f64>,
    pub(crate) traverse_ns: Option<f64>,
    pub(crate) traverse_min_ns: Option<f64>,
    pub(crate) traverse_max_ns: Option<f64>,
    pub(crate) traverse_mean_ns: Option<f64>,
    pub(crate) traverse_allocs: Option<f64>,
    /// A memcpy of the same bytes: the machine's floor.
    pub(crate) floor_ns: Option<f64>,
    /// Building the format's own message from the model (native formats).
    pub(crate) build_ns: Option<f64>,
    /// Writing a prebuilt message (native formats).
    pub(crate) write_ns: Option<f64>,
}

/// The median figures of one operation, per message.
pub(crate) struct Op {
    pub(crate) median: f64,
    pub(crate) min: f64,
    pub(crate) max: f64,
    pub(crate) mean: f64,
    pub(crate) allocs: Option<f64>,
    pub(crate) alloc_bytes: Option<f64>,
    pub(crate) peak_bytes: Option<f64>,
}

impl Record {
    /// Encoded bytes per second of an operation taking `ns` per message.
    pub(crate) fn throughput(&self, ns: Option<f64>) -> Option<f64> {
        ns.filter(|ns| *ns > 0.0)
            .map(|ns| self.size_bytes / ns * 1e9)
    }

    fn set(&mut self, op: &str, figures: &Op) {
        let median = Some(figures.median);
        match op {
            "encode" => {
                self.encode_ns = median;
                self.encode_min_ns = Some(figures.min);
                self.encode_max_ns = Some(figures.max);
                self.encode_mean_ns = Some(figures.mean);
                self.encode_allocs = figures.allocs;
                self.encode_alloc_bytes = figures.alloc_bytes;
            }
            "decode" => {
                self.decode_ns = median;
                self.decode_min_ns = Some(figures.min);
                self.decode_max_ns = Some(figures.max);
                self.decode_mean_ns = Some(figures.mean);
                self.decode_allocs = figures.allocs;
                self.decode_alloc_bytes = figures.alloc_bytes;
                self.decode_peak_bytes = figures.peak_bytes;
            }
            "traverse" => {
                self.traverse_ns = median;
                self.traverse_min_ns = Some(figures.min);
                self.traverse_max_ns = Some(figures.max);
                self.traverse_mean_ns = Some(figures.mean);
                self.traverse_allocs = figures.allocs;
            }
            "floor" => self.floor_ns = median,
            "build" => self.build_ns = median,
            "write" => self.write_ns = median,
            _ => {}
        }
    }
}

/// Joins the sizes report with divan's measurements. Bench paths are
/// `<dataset>/<op>/<Type>` and `native/<dataset>/<op>/<Type>`, datasets
/// with `_` for `-`.
pub(crate) fn join(sizes: &[SizeLine], measurements: &[Measurement]) -> Vec<Record> {
    sizes
        .iter()
        .map(|line| {
            let mut record = Record {
                dataset: line.dataset.clone(),
                format: line.format.clone(),
                zero_copy: line.zero_copy,
                ok: line.ok,
                error: line.error.clone(),
                size: line.size,
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
            let module = line.dataset.replace('-', "_");
            for measurement in measurements {
                let path: Vec<&str> = measurement.path.iter().map(String::as_str).collect();
                let op = match path.as_slice() {
                    [dataset, op, ty] | ["native", dataset, op, ty]
                        if *dataset == module && *ty == line.type_name =>
                    {
                        *op
                    }
                    _ => continue,
                };
                let per_message = |value: f64| value / messages;
                record.set(
                    op,
                    &Op {
                        median: per_message(measurement.median_ns),
                        min: per_message(measurement.fastest_ns),
                        max: per_message(measurement.slowest_ns),
                        mean: per_message(measurement.mean_ns),
                        // The benches always profile allocations, and divan
                        // leaves out the rows of a count that is zero.
                        allocs: Some(per_message(measurement.allocs.unwrap_or(0.0))),
                        alloc_bytes: Some(per_message(measurement.alloc_bytes.unwrap_or(0.0))),
                        peak_bytes: Some(measurement.peak_bytes.unwrap_or(0.0)),
                    },
                );
            }
            record
        })
        .collect()
}

/// The CSV columns, in order: the record's fields.
const CSV_COLUMNS: [&str; 31] = [
    "dataset",
    "format",
    "zero_copy",
    "ok",
    "error",
    "size",
    "messages",
    "size_bytes",
    "zstd_bytes",
    "gzip_bytes",
    "encode_ns",
    "encode_min_ns",
    "encode_max_ns",
    "encode_mean_ns",
    "encode_allocs",
    "encode_alloc_bytes",
    "decode_ns",
    "decode_min_ns",
    "decode_max_ns",
    "decode_mean_ns",
    "decode_allocs",
    "decode_alloc_bytes",
    "decode_peak_bytes",
    "traverse_ns",
    "traverse_min_ns",
    "traverse_max_ns",
    "traverse_mean_ns",
    "traverse_allocs",
    "floor_ns",
    "build_ns",
    "write_ns",
];

/// The records as CSV, one row each, empty cells for unmeasured figures.
pub(crate) fn csv(records: &[Record]) -> anyhow::Result<String> {
    let mut text = CSV_COLUMNS.join(",");
    text.push('\n');
    for record in records {
        let value = serde_json::to_value(record)?;
        let cells: Vec<String> = CSV_COLUMNS
            .iter()
            .map(|column| match &value[*column] {
                serde_json::Value::Null => String::new(),
                serde_json::Value::String(text) => {
                    format!("\"{}\"", text.replace('"', "\"\""))
                }
                other => other.to_string(),
            })
            .collect();
        text.push_str(&cells.join(","));
        text.push('\n');
    }
    Ok(text)
}

#[cfg(test)]
#[allow(
    clippy::float_cmp,
    reason = "the figures are read from exact decimal text"
)]
mod tests {
    use super::*;

    #[test]
    fn csv_has_every_record_field() {
        let value = serde_json::to_value(Record::default()).unwrap();
        let fields: Vec<&str> = value
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut columns = CSV_COLUMNS.to_vec();
        columns.sort_unstable();
        let mut fields = fields.clone();
        fields.sort_unstable();
        assert_eq!(columns, fields);
    }

    #[test]
    fn joins_per_message() {
        let sizes = [SizeLine {
            dataset: "telemetry".into(),
            format: "json".into(),
            type_name: "Json".into(),
            zero_copy: false,
            size: 10_000,
            messages: 10_000,
            ok: true,
            error: None,
            size_bytes: 3_000_000,
            zstd_bytes: 2_000_000,
            gzip_bytes: 2_500_000,
        }];
        let measurement = Measurement {
            path: vec!["telemetry".into(), "decode".into(), "Json".into()],
            median_ns: 5_000_000.0,
            fastest_ns: 4_000_000.0,
            slowest_ns: 9_000_000.0,
            mean_ns: 6_000_000.0,
            samples: 10,
            iterations: 10,
            allocs: Some(20_000.0),
            alloc_bytes: None,
            peak_bytes: None,
        };
        let records = join(&sizes, &[measurement]);
        assert_eq!(records[0].size_bytes, 300.0);
        assert_eq!(records[0].decode_ns, Some(500.0));
        assert_eq!(records[0].decode_allocs, Some(2.0));
        assert_eq!(records[0].decode_alloc_bytes, Some(0.0));
        assert_eq!(records[0].encode_ns, None);
        assert!(
            csv(&records)
                .unwrap()
                .lines()
                .nth(1)
                .unwrap()
                .starts_with("\"telemetry\",\"json\",false,true,,")
        );
    }
}
