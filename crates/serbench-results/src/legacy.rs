//! The files of schemas 1 to 3, read as they were written and converted.
//!
//! All of them named a record's codec id `format` and its wire format
//! `family`, and a sweep point's codec id `format`; schema 4 calls them
//! `codec` and `wire_format`, the words the rest of serbench uses.
//! Schemas 1 and 2 also spelled a record's figures as flat keys,
//! `<op><figure>` (`decode_min_ns`), and its safety figures as
//! `safety_damaged`, `safety_worst_of_bound`, `safety_violations` and
//! `dense_expansion`. Schema 1 had neither the codec's facts (`family`,
//! `library`, `version`, `tuned`, `size_label`) nor the noise, rounds,
//! machine check and safety figures: they read as empty. [`crate::read`]
//! picks a shape by the file's `schema` and converts it with `From`.

use serde::Deserialize;

use crate::{
    CompileTime, Measured, OpStats, Ops, Record, Report, Rounds, Run, SCHEMA, Safety, SweepPoint,
};

/// A `results.json` of schema 1 or 2.
#[derive(Debug, Deserialize)]
pub(crate) struct ReportV2 {
    run: Run,
    results: Vec<RecordV2>,
    #[serde(default)]
    qt: Vec<Measured>,
    #[serde(default)]
    rounds: Vec<Rounds>,
    #[serde(default)]
    sweep: Vec<SweepPointV3>,
    #[serde(default)]
    compile: Vec<CompileTime>,
}

/// A `results.json` of schema 3: the current layout but for the names of
/// a record's codec id and wire format, and of a sweep point's codec id.
#[derive(Debug, Deserialize)]
pub(crate) struct ReportV3 {
    run: Run,
    results: Vec<RecordV3>,
    qt: Vec<Measured>,
    rounds: Vec<Rounds>,
    sweep: Vec<SweepPointV3>,
    compile: Vec<CompileTime>,
}

/// A record of schema 3: its figures as [`Ops`] and [`Safety`] already.
#[derive(Debug, Deserialize)]
struct RecordV3 {
    dataset: String,
    format: String,
    family: String,
    library: String,
    version: String,
    tuned: bool,
    zero_copy: bool,
    ok: bool,
    error: Option<String>,
    size: u64,
    size_label: String,
    messages: u64,
    size_bytes: f64,
    zstd_bytes: f64,
    gzip_bytes: f64,
    contradictions: Vec<String>,
    ops: Ops,
    safety: Option<Safety>,
}

/// A sweep point of schemas 1 to 3.
#[derive(Debug, Deserialize)]
struct SweepPointV3 {
    format: String,
    op: String,
    tasks: u64,
    ns: f64,
}

/// A record of schema 1 or 2: the facts, then every figure under its flat
/// key; a figure not measured is `null` or absent.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
#[allow(
    clippy::struct_field_names,
    reason = "the fields are the old files' keys, operation first"
)]
struct RecordV2 {
    dataset: String,
    format: String,
    family: String,
    library: String,
    version: String,
    tuned: bool,
    zero_copy: bool,
    ok: bool,
    error: Option<String>,
    size: u64,
    size_label: String,
    messages: u64,
    size_bytes: f64,
    zstd_bytes: f64,
    gzip_bytes: f64,
    contradictions: Vec<String>,
    encode_ns: Option<f64>,
    encode_min_ns: Option<f64>,
    encode_max_ns: Option<f64>,
    encode_mean_ns: Option<f64>,
    encode_noise: Option<f64>,
    encode_spread: Option<f64>,
    encode_runs: Option<f64>,
    encode_allocs: Option<f64>,
    encode_alloc_bytes: Option<f64>,
    decode_ns: Option<f64>,
    decode_min_ns: Option<f64>,
    decode_max_ns: Option<f64>,
    decode_mean_ns: Option<f64>,
    decode_noise: Option<f64>,
    decode_spread: Option<f64>,
    decode_runs: Option<f64>,
    decode_allocs: Option<f64>,
    decode_alloc_bytes: Option<f64>,
    decode_peak_bytes: Option<f64>,
    traverse_ns: Option<f64>,
    traverse_min_ns: Option<f64>,
    traverse_max_ns: Option<f64>,
    traverse_mean_ns: Option<f64>,
    traverse_noise: Option<f64>,
    traverse_spread: Option<f64>,
    traverse_runs: Option<f64>,
    traverse_allocs: Option<f64>,
    floor_ns: Option<f64>,
    floor_min_ns: Option<f64>,
    floor_noise: Option<f64>,
    floor_spread: Option<f64>,
    floor_runs: Option<f64>,
    build_ns: Option<f64>,
    build_min_ns: Option<f64>,
    build_noise: Option<f64>,
    build_spread: Option<f64>,
    build_runs: Option<f64>,
    write_ns: Option<f64>,
    write_min_ns: Option<f64>,
    write_noise: Option<f64>,
    write_spread: Option<f64>,
    write_runs: Option<f64>,
    safety_damaged: Option<u64>,
    safety_worst_of_bound: Option<f64>,
    safety_violations: Option<u64>,
    dense_expansion: Option<f64>,
}

impl From<ReportV2> for Report {
    fn from(old: ReportV2) -> Self {
        Report {
            schema: SCHEMA,
            run: old.run,
            results: old.results.into_iter().map(Record::from).collect(),
            qt: old.qt,
            rounds: old.rounds,
            sweep: old.sweep.into_iter().map(SweepPoint::from).collect(),
            compile: old.compile,
            code_size: None,
            evolution: Vec::new(),
            capabilities: Vec::new(),
        }
    }
}

impl From<ReportV3> for Report {
    fn from(old: ReportV3) -> Self {
        Report {
            schema: SCHEMA,
            run: old.run,
            results: old.results.into_iter().map(Record::from).collect(),
            qt: old.qt,
            rounds: old.rounds,
            sweep: old.sweep.into_iter().map(SweepPoint::from).collect(),
            compile: old.compile,
            code_size: None,
            evolution: Vec::new(),
            capabilities: Vec::new(),
        }
    }
}

impl From<RecordV3> for Record {
    fn from(record: RecordV3) -> Self {
        Record {
            dataset: record.dataset,
            codec: record.format,
            wire_format: record.family,
            library: record.library,
            version: record.version,
            tuned: record.tuned,
            zero_copy: record.zero_copy,
            ok: record.ok,
            error: record.error,
            size: record.size,
            size_label: record.size_label,
            messages: record.messages,
            size_bytes: record.size_bytes,
            zstd_bytes: record.zstd_bytes,
            gzip_bytes: record.gzip_bytes,
            contradictions: record.contradictions,
            ops: record.ops,
            safety: record.safety,
            // Older schemas predate the instruction meter.
            counted_at: None,
        }
    }
}

impl From<SweepPointV3> for SweepPoint {
    fn from(point: SweepPointV3) -> Self {
        SweepPoint {
            codec: point.format,
            op: point.op,
            tasks: point.tasks,
            ns: point.ns,
        }
    }
}

impl From<RecordV2> for Record {
    fn from(record: RecordV2) -> Self {
        // An operation was timed when its median is there.
        let ops = Ops {
            encode: record.encode_ns.map(|median_ns| OpStats {
                median_ns,
                min_ns: record.encode_min_ns,
                max_ns: record.encode_max_ns,
                mean_ns: record.encode_mean_ns,
                noise: record.encode_noise,
                spread: record.encode_spread,
                runs: record.encode_runs,
                allocs: record.encode_allocs,
                alloc_bytes: record.encode_alloc_bytes,
                ..OpStats::default()
            }),
            decode: record.decode_ns.map(|median_ns| OpStats {
                median_ns,
                min_ns: record.decode_min_ns,
                max_ns: record.decode_max_ns,
                mean_ns: record.decode_mean_ns,
                noise: record.decode_noise,
                spread: record.decode_spread,
                runs: record.decode_runs,
                allocs: record.decode_allocs,
                alloc_bytes: record.decode_alloc_bytes,
                peak_bytes: record.decode_peak_bytes,
                // Old files kept no quartiles.
                ..OpStats::default()
            }),
            traverse: record.traverse_ns.map(|median_ns| OpStats {
                median_ns,
                min_ns: record.traverse_min_ns,
                max_ns: record.traverse_max_ns,
                mean_ns: record.traverse_mean_ns,
                noise: record.traverse_noise,
                spread: record.traverse_spread,
                runs: record.traverse_runs,
                allocs: record.traverse_allocs,
                ..OpStats::default()
            }),
            floor: record.floor_ns.map(|median_ns| OpStats {
                median_ns,
                min_ns: record.floor_min_ns,
                noise: record.floor_noise,
                spread: record.floor_spread,
                runs: record.floor_runs,
                ..OpStats::default()
            }),
            build: record.build_ns.map(|median_ns| OpStats {
                median_ns,
                min_ns: record.build_min_ns,
                noise: record.build_noise,
                spread: record.build_spread,
                runs: record.build_runs,
                ..OpStats::default()
            }),
            write: record.write_ns.map(|median_ns| OpStats {
                median_ns,
                min_ns: record.write_min_ns,
                noise: record.write_noise,
                spread: record.write_spread,
                runs: record.write_runs,
                ..OpStats::default()
            }),
        };
        // The safety pass wrote its three counts together.
        let safety = match (
            record.safety_damaged,
            record.safety_worst_of_bound,
            record.safety_violations,
        ) {
            (Some(damaged), Some(worst_of_bound), Some(violations)) => Some(Safety {
                damaged,
                worst_of_bound,
                violations,
                dense_expansion: record.dense_expansion,
            }),
            _ => None,
        };
        Record {
            dataset: record.dataset,
            codec: record.format,
            wire_format: record.family,
            library: record.library,
            version: record.version,
            tuned: record.tuned,
            zero_copy: record.zero_copy,
            ok: record.ok,
            error: record.error,
            size: record.size,
            size_label: record.size_label,
            messages: record.messages,
            size_bytes: record.size_bytes,
            zstd_bytes: record.zstd_bytes,
            gzip_bytes: record.gzip_bytes,
            contradictions: record.contradictions,
            ops,
            safety,
            counted_at: None,
        }
    }
}

#[cfg(test)]
#[allow(
    clippy::float_cmp,
    reason = "the figures are read from exact decimal text"
)]
mod tests {
    use crate::stats::NOISY;
    use crate::{Op, Report, SCHEMA, read};

    fn read_str(text: &str) -> Report {
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        read(&value).unwrap()
    }

    /// A schema-1 `results.json` (before noise, rounds and the machine
    /// check) still reads, with those empty; a record as the first files
    /// held it (a real run's `media` × `json`) keeps every figure.
    #[test]
    fn reads_a_schema_1_file() {
        let old = r#"{
            "schema": 1,
            "run": { "started": "2026-11-30 10:00:00", "quick": true, "filters": [],
                     "machine": "m", "compiler": "c", "profile": "p", "commit": "abc",
                     "versions": { "serde_json": "1.0.145" } },
            "results": [ {
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
                "floor_ns": 12.5, "build_ns": null, "write_ns": null } ],
            "qt": [ { "id": "json", "serialize_ns": 5.6e7, "deserialize_ns": 2.4e7,
                      "size_bytes": 2005273 } ]
        }"#;
        let report = read_str(old);
        assert_eq!(report.schema, SCHEMA);
        assert!(report.rounds.is_empty() && report.run.check.is_none());
        assert_eq!(report.qt[0].id, "json");
        let record = &report.results[0];
        assert_eq!(record.codec, "json");
        assert_eq!(record.library, "");
        let decode = record.op(Op::Decode).unwrap();
        assert_eq!(decode.median_ns, 1109.0);
        assert_eq!(decode.min_ns, Some(1001.0));
        assert_eq!(decode.peak_bytes, Some(266.0));
        assert_eq!(decode.noise, None);
        assert_eq!(record.op(Op::Traverse).unwrap().allocs, Some(11.0));
        assert_eq!(record.ns(Op::Floor), Some(12.5));
        assert_eq!(record.op(Op::Build), None);
        assert!(record.safety.is_none());
        assert!(record.contradictions.is_empty() && !record.noisy(Op::Decode, NOISY));
    }

    /// A schema-2 record's noise and safety figures, under their flat keys.
    #[test]
    fn reads_a_schema_2_record() {
        let old = r#"{
            "schema": 2,
            "run": { "started": "2026-12-01 10:00:00", "quick": true, "filters": [],
                     "machine": "m", "compiler": "c", "profile": "p", "commit": "abc",
                     "versions": {}, "check": null },
            "results": [ {
                "dataset": "media", "format": "json", "family": "JSON",
                "library": "serde_json", "version": "1.0.145", "tuned": false,
                "zero_copy": false, "ok": true, "error": null, "size": 1,
                "size_label": "one value", "messages": 1, "size_bytes": 488.0,
                "zstd_bytes": 330.0, "gzip_bytes": 318.0,
                "contradictions": ["floor_above_encode"],
                "floor_ns": 3.0, "floor_min_ns": 2.0, "floor_noise": 0.25,
                "floor_spread": null, "floor_runs": 3.0, "encode_ns": null,
                "safety_damaged": 2100, "safety_worst_of_bound": 0.25,
                "safety_violations": 0, "dense_expansion": null } ],
            "qt": [], "rounds": [], "sweep": [], "compile": []
        }"#;
        let record = &read_str(old).results[0];
        let floor = record.op(Op::Floor).unwrap();
        assert_eq!((floor.median_ns, floor.noise), (3.0, Some(0.25)));
        assert_eq!((floor.spread, floor.runs), (None, Some(3.0)));
        assert_eq!(record.op(Op::Encode), None);
        assert_eq!(record.contradictions, ["floor_above_encode"]);
        let safety = record.safety.as_ref().unwrap();
        assert_eq!((safety.damaged, safety.violations), (2100, 0));
        assert_eq!(safety.dense_expansion, None);
    }

    /// A schema-3 record, as the fixture's quick run wrote it: `format`
    /// and `family` become `codec` and `wire_format`, the figures are kept,
    /// and a sweep point's `format` becomes its `codec`.
    #[test]
    fn reads_a_schema_3_record() {
        let old = r#"{
            "schema": 3,
            "run": { "started": "2026-12-20 10:00:00", "quick": true,
                     "filters": ["--format json-simd"], "machine": "m", "compiler": "c",
                     "profile": "p", "commit": "abc", "versions": {}, "check": null },
            "results": [ {
                "dataset": "media", "format": "json-simd", "family": "JSON",
                "library": "simd-json", "version": "0.19.0", "tuned": false,
                "zero_copy": false, "ok": true, "error": null, "size": 1, "size_label": "",
                "messages": 1, "size_bytes": 488.0, "zstd_bytes": 288.0, "gzip_bytes": 283.0,
                "contradictions": ["traverse_below_decode"],
                "ops": { "decode": { "median_ns": 3234.0, "min_ns": 2913.0,
                                     "max_ns": 46370.0, "mean_ns": 7804.0, "noise": 0.0993,
                                     "runs": 1.0, "allocs": 17.0, "alloc_bytes": 4424.0,
                                     "peak_bytes": 7384.0 } },
                "safety": { "damaged": 3748, "worst_of_bound": 0.114, "violations": 0,
                            "dense_expansion": 32.8 } } ],
            "qt": [], "rounds": [],
            "sweep": [ { "format": "json-simd", "op": "encode", "tasks": 1000,
                         "ns": 250000.0 } ],
            "compile": []
        }"#;
        let report = read_str(old);
        assert_eq!(report.schema, SCHEMA);
        assert_eq!(report.run.filters, ["--format json-simd"]);
        let record = &report.results[0];
        assert_eq!(record.codec, "json-simd");
        assert_eq!(record.wire_format, "JSON");
        assert_eq!(record.library, "simd-json");
        let decode = record.op(Op::Decode).unwrap();
        assert_eq!(
            (decode.median_ns, decode.peak_bytes),
            (3234.0, Some(7384.0))
        );
        assert_eq!(record.op(Op::Encode), None);
        assert_eq!(record.contradictions, ["traverse_below_decode"]);
        assert_eq!(record.safety.as_ref().unwrap().damaged, 3748);
        assert_eq!(report.sweep[0].codec, "json-simd");
        assert_eq!(report.sweep[0].ns_per_task(), 250.0);
        let written = serde_json::to_value(&report).unwrap();
        assert_eq!(written["results"][0]["codec"], "json-simd");
        assert_eq!(written["results"][0]["wire_format"], "JSON");
        assert!(written["results"][0].get("format").is_none());
        assert_eq!(written["sweep"][0]["codec"], "json-simd");
    }

    /// A schema-3 file is read by its own shape: a record with the new
    /// keys under the old schema number is refused, not half read.
    #[test]
    fn a_schema_3_file_has_the_old_keys() {
        let mixed = r#"{ "schema": 3, "run": { "started": "s", "quick": false, "filters": [],
                 "machine": "m", "compiler": "c", "profile": "p", "commit": "abc",
                 "versions": {} },
                 "results": [ { "dataset": "media", "codec": "json", "wire_format": "JSON",
                                "library": "serde_json", "version": "1", "tuned": false,
                                "zero_copy": false, "ok": true, "error": null, "size": 1,
                                "size_label": "", "messages": 1, "size_bytes": 1.0,
                                "zstd_bytes": 1.0, "gzip_bytes": 1.0, "contradictions": [],
                                "ops": {}, "safety": null } ],
                 "qt": [], "rounds": [], "sweep": [], "compile": [] }"#;
        let value: serde_json::Value = serde_json::from_str(mixed).unwrap();
        let error = read(&value).unwrap_err().to_string();
        assert!(error.contains("format"), "{error}");
    }

    /// The current layout reads back what it wrote; a schema from the
    /// future is refused by name.
    #[test]
    fn the_current_schema_round_trips() {
        let report = read_str(
            r#"{ "schema": 2, "run": { "started": "s", "quick": false, "filters": [],
                 "machine": "m", "compiler": "c", "profile": "p", "commit": "abc",
                 "versions": {} },
                 "results": [ { "dataset": "media", "format": "json", "ok": true,
                                "decode_ns": 10.0, "decode_noise": 0.1 } ] }"#,
        );
        let value = serde_json::to_value(&report).unwrap();
        assert_eq!(value["schema"], SCHEMA);
        assert_eq!(value["results"][0]["ops"]["decode"]["median_ns"], 10.0);
        assert!(value["results"][0]["ops"].get("encode").is_none());
        assert_eq!(read(&value).unwrap(), report);
        let mut future = value;
        future["schema"] = 99.into();
        let error = read(&future).unwrap_err().to_string();
        assert!(error.contains("schema 99"), "{error}");
    }
}
