//! What a serbench run measured, as typed values.
//!
//! Every line that passes between serbench's processes (the bench binary's
//! [`SizeLine`] and [`SafetyLine`]) is one of these types, serialized once
//! and deserialized once; `results.json` is one too, a [`Report`]. The
//! crate also holds what is a pure function of those values: the
//! statistics of a timed row ([`stats`]), a run's records joined from its
//! lines ([`join`]), the verdicts read from paired
//! rounds ([`verdict`]), the contradictions a record can show, and how a
//! figure changed between two runs ([`compare`]), and how a figure is
//! written for a person ([`units`], which the progress lines and the
//! reports share). It depends on serde only: the callers choose JSON.
//!
//! # `results.json`
//!
//! ```text
//! { "schema": 6,
//!   "run": Run { "started", "quick", "filters", "machine", "compiler",
//!                "profile", "commit", "versions": { library: version },
//!                "check", "check_after": MachineCheck, "instructions" },
//!   "results": [ Record, ... ],
//!   "qt": [ Measured, ... ], "rounds": [ Rounds, ... ],
//!   "sweep": [ SweepPoint, ... ], "compile": [ CompileTime, ... ],
//!   "code_size": CodeSizes (with --compile-times),
//!   "evolution": [ EvolutionCell, ... ],
//!   "capabilities": [ Capability, ... ] }
//! ```
//!
//! A [`Record`] is one dataset × codec: its facts (`dataset`, `codec`
//! the codec id, `wire_format` the wire format's name, `library`, `version`,
//! `tuned`, `zero_copy`, `ok`, `error`, `size`, `size_label`, `messages`),
//! its sizes per message (`size_bytes`, `zstd_bytes`, `gzip_bytes`), the
//! `contradictions` it shows, `ops` (an [`OpStats`] object per timed
//! operation, `{"decode": {"median_ns": …, "min_ns": …, "p25_ns": …,
//! "p75_ns": …, "noise": …}}`, the quartiles over every raw sample; with
//! `--instructions` also `instructions` and `estimated_cycles` per
//! message, counted under Callgrind, and where they were counted at
//! another workload than the one timed, the record's `counted_at`,
//! [`CountedAt`]) and
//! `safety` (the conformance kit's memory figures, [`Safety`], or `null`).
//!
//! Times are nanoseconds per *message*, the median over the timed samples
//! (of several processes, the median of their medians); a dataset's
//! workload is `messages` messages (telemetry's 10 000, every other one's
//! 1). Sizes and allocation counts are per message too. An operation that
//! was not timed is absent: `build`/`write` exist only for codecs with
//! generated message types, and nothing is timed for a pair whose round
//! trip failed (`ok: false`, `error` says why).
//!
//! [`read`] reads the schema this version writes and refuses any other by
//! its number: no run has been published outside this repository, so a
//! run of an older layout is measured again rather than converted.
//!
//! ```
//! use serbench_results::{Op, OpStats, Ops, Record};
//!
//! let record = Record {
//!     size_bytes: 488.0,
//!     ops: Ops {
//!         decode: Some(OpStats { median_ns: 1000.0, ..OpStats::default() }),
//!         ..Ops::default()
//!     },
//!     ..Record::default()
//! };
//! assert_eq!(record.throughput(Op::Decode), Some(488e6));
//! ```

pub mod alloc;
mod checks;
pub mod compare;
pub mod join;
mod op;
pub mod qt;
mod record;
mod run;
pub mod sampling;
pub mod stats;
pub mod timing;
pub mod units;
pub mod verdict;

use serde::{Deserialize, Deserializer, Serialize};

pub use checks::{FLOOR_ABOVE_ENCODE, TRAVERSE_BELOW_DECODE};
pub use op::{Figure, Op, OpStats, Ops};
pub use qt::Measured;
pub use record::{CountedAt, Record, Safety, SafetyLine, SizeLine, join_safety};
pub use run::{BuildFacts, Counted, MachineCheck, Run, machine};
pub use verdict::Rounds;

/// The layout of the `results.json` this version writes, and the only
/// one it reads: a change of layout raises it, and the runs committed as
/// test fixtures (`serbench-report`'s `tests/fixture/`) are written again
/// in the new one.
pub const SCHEMA: u32 = 6;

/// Everything a report is made from; `results.json` holds it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The version of this file's layout, [`SCHEMA`].
    pub schema: u32,
    /// The run's conditions.
    pub run: Run,
    /// A record per dataset × codec, in the run's order.
    pub results: Vec<Record>,
    /// Qt's implementations timed here, if Qt 6 was installed.
    pub qt: Vec<Measured>,
    /// The paired rounds the verdicts are read from.
    pub rounds: Vec<Rounds>,
    /// `--sweep`: task-manager cost per task by size.
    pub sweep: Vec<SweepPoint>,
    /// `--compile-times`: clean build of each codec crate.
    pub compile: Vec<CompileTime>,
    /// `--compile-times`: the bytes each codec adds to a release binary
    /// (absent from runs without it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code_size: Option<CodeSizes>,
    /// The schema-evolution matrix, computed by `serbench-evolution`'s
    /// tests of every wire format (absent when the run has none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub evolution: Vec<EvolutionCell>,
    /// A line per codec of the capability table: what its tests decide
    /// and what the registry declares (absent when the run has none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub capabilities: Vec<Capability>,
}

/// Where the tables that are facts of the code, not of a run, are
/// committed, relative to the project root: `cargo test -p
/// serbench-evolution` computes them over the registry and holds this file
/// to them, and `cargo xtask bench` copies them into `results.json`, so the
/// bench binary emits measurements only.
pub const CODE_TABLES: &str = "docs/results/tables.json";

/// The evolution matrix and the capability table, as [`CODE_TABLES`]
/// holds them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CodeTables {
    /// Every cell of the schema-evolution matrix.
    pub evolution: Vec<EvolutionCell>,
    /// A line per codec of the registry.
    pub capabilities: Vec<Capability>,
}

/// Reads a `results.json` of schema [`SCHEMA`]. The file's `schema` is
/// read first, so a file of another layout is refused by its number
/// ([`check_schema`]) rather than by the first field it names otherwise.
/// `document` is read twice, so it is a deserializer that can be copied,
/// such as `&serde_json::Value`.
///
/// ```
/// let text = r#"{"schema": 6, "run": {"started": "", "quick": true, "filters": [],
///     "machine": "", "compiler": "", "profile": "", "commit": "", "versions": {}},
///     "results": [], "qt": [], "rounds": [], "sweep": [], "compile": []}"#;
/// let value: serde_json::Value = serde_json::from_str(text).unwrap();
/// let report = serbench_results::read(&value).unwrap();
/// assert!(report.run.quick);
/// ```
pub fn read<'de, D>(document: D) -> Result<Report, D::Error>
where
    D: Deserializer<'de> + Copy,
{
    /// A file's layout version, whatever else it holds.
    #[derive(Deserialize)]
    struct Schema {
        schema: u32,
    }
    check_schema(Schema::deserialize(document)?.schema)?;
    Report::deserialize(document)
}

/// Refuses a `results.json` whose `schema` is `found`, unless it is
/// [`SCHEMA`]; the error names both versions. For a reader that peeks at
/// the version itself, as `serbench-report` does to keep the parser's
/// line and column in its errors.
pub fn check_schema<E: serde::de::Error>(found: u32) -> Result<(), E> {
    if found == SCHEMA {
        Ok(())
    } else {
        Err(E::custom(format_args!(
            "results.json schema {found}: this version of serbench reads schema {SCHEMA} only"
        )))
    }
}

/// One `--sweep` figure: a codec's encode or decode of the sweep's dataset
/// at one size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepPoint {
    /// The codec id.
    pub codec: String,
    /// `encode` or `decode`.
    pub op: String,
    /// The size asked of the generator, which may deliver a few fewer.
    pub tasks: u64,
    /// Median nanoseconds for the whole value.
    pub ns: f64,
}

impl SweepPoint {
    /// Nanoseconds per task.
    #[must_use]
    pub fn ns_per_task(&self) -> f64 {
        self.ns / self.tasks.max(1) as f64
    }
}

/// One codec crate's clean build (`--compile-times`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompileTime {
    /// The package, such as `serbench-json`.
    pub package: String,
    /// Wall-clock seconds of `cargo build --release -p <package>` from an
    /// empty target folder.
    pub seconds: f64,
    /// Bytes of the compiled libraries (`.rlib`) of the crate and every
    /// dependency it pulls in.
    pub library_bytes: u64,
    /// How many crates that build compiled.
    pub crates: usize,
}

/// `--compile-times`: what each codec adds to a release binary that
/// encodes and decodes the task-manager (`serbench-codecs`' `code_size`
/// example), against the same program with no codec.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CodeSizes {
    /// The program with no codec: the model, its generator and the
    /// traverse answer it prints.
    pub baseline: Binary,
    /// The program with one codec each, in list order.
    pub codecs: Vec<CodecBinary>,
}

/// One release binary's size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Binary {
    /// Bytes of the file as the release profile links it (symbols and
    /// line tables kept).
    pub bytes: u64,
    /// Bytes of the same program linked with `-C strip=symbols`.
    pub stripped_bytes: u64,
}

/// The code-size program built with one codec.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CodecBinary {
    /// The codec id (`json-simd`).
    pub codec: String,
    /// Its crate (`serbench-json`), whose build `compile` times.
    pub package: String,
    /// The binary.
    pub binary: Binary,
}

impl CodecBinary {
    /// Bytes this codec adds to the baseline, unstripped and stripped
    /// (negative if the linker found the baseline larger).
    #[must_use]
    pub fn added(&self, baseline: Binary) -> (i64, i64) {
        let less = |a: u64, b: u64| {
            i64::try_from(a).unwrap_or(i64::MAX) - i64::try_from(b).unwrap_or(i64::MAX)
        };
        (
            less(self.binary.bytes, baseline.bytes),
            less(self.binary.stripped_bytes, baseline.stripped_bytes),
        )
    }
}

/// The schema-evolution matrix's changes, in the order the tables show
/// them: the id a cell names and how a table heads it.
pub const EVOLUTION_CHANGES: [(&str, &str); 6] = [
    ("field-added", "field added"),
    ("field-removed", "field removed"),
    ("field-renamed", "field renamed"),
    ("fields-reordered", "fields reordered"),
    ("int-widened", "i32 → i64"),
    ("enum-value-added", "enum value added"),
];

/// One cell of the schema-evolution matrix: a wire format's record
/// written by one version and read by the other (`serbench-evolution`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EvolutionCell {
    /// The wire format (`Protobuf`).
    pub wire_format: String,
    /// The library that wrote and read.
    pub library: String,
    /// The evolution practice followed (`field numbers`, `bare`,
    /// `version tag`).
    pub practice: String,
    /// The change, by id: `field-added`, `field-removed`,
    /// `field-renamed`, `fields-reordered`, `int-widened`,
    /// `enum-value-added`.
    pub change: String,
    /// `new-reads-old` (old data, new code) or `old-reads-new`.
    pub direction: String,
    /// `reads` (the intended value), `error` (a clear error) or `wrong`
    /// (a different value, without an error).
    pub outcome: String,
    /// The error, or which fields a wrong read changed; empty for
    /// `reads`.
    pub detail: String,
}

impl EvolutionCell {
    /// `✓`, `✗` or `⚠` for the outcome.
    #[must_use]
    pub fn mark(&self) -> &'static str {
        match self.outcome.as_str() {
            "reads" => "✓",
            "error" => "✗",
            "wrong" => "⚠",
            _ => "?",
        }
    }
}

/// One codec's line of the capability table, as [`CODE_TABLES`] holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "each is a yes/no column of the table, independent of the others"
)]
pub struct Capability {
    /// The codec id.
    pub codec: String,
    /// Its wire format.
    pub wire_format: String,
    /// Its library.
    pub library: String,
    /// Tested: the encoding holds the record's field names.
    pub field_names: bool,
    /// Tested: the same value always gives the same bytes.
    pub deterministic: bool,
    /// Declared by the codec: it answers the traverse question from the
    /// bytes in place.
    pub zero_copy: bool,
    /// `serde` or `native`: the path the codec times.
    pub api: Fact,
    /// What the registry declares with its source: `specification`,
    /// `schema`, `other languages`, `latest release`, `advisories`.
    pub declared: Vec<Fact>,
    /// Declared: the library carries an unmaintained notice (a RustSec
    /// advisory or its own README), as `advisories` says with its source.
    #[serde(default)]
    pub unmaintained: bool,
    /// Measured: the `unsafe` in the library's source and its
    /// dependencies'; `None` in the lines of older runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unsafe_code: Option<UnsafeCode>,
}

/// How much `unsafe` a library's source holds, as serbench-codecs' tests
/// count it: every `unsafe` keyword in the `.rs` files of each crate's
/// library folder (comments, doc comments and strings left out; code
/// under any `cfg`, in macros and in derive output counted), in the
/// versions `Cargo.lock` resolves.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnsafeCode {
    /// The library's own crates, `name version`: its crate and those it
    /// depends on from the same repository (its derive, its core).
    pub crates: Vec<String>,
    /// `unsafe` keywords in them.
    pub count: u64,
    /// The library's crate forbids unsafe code (`#![forbid(unsafe_code)]`).
    pub forbidden: bool,
    /// The other crates it links, by name (from other repositories).
    pub dependencies: Vec<String>,
    /// `unsafe` keywords in them.
    pub dependencies_count: u64,
}

/// A fact and where it is stated.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fact {
    /// What it is a fact of (`specification`); empty where the field
    /// holding it says.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The fact (`RFC 8949`).
    pub fact: String,
    /// Its source: a URL, or a file and section.
    pub source: String,
}

#[cfg(test)]
mod tests {
    use super::{Report, SCHEMA, read};

    fn parse(text: &str) -> serde_json::Value {
        serde_json::from_str(text).unwrap()
    }

    /// A file of this schema reads back what was written.
    #[test]
    fn the_current_schema_round_trips() {
        let report = read(&parse(
            r#"{ "schema": 6, "run": { "started": "s", "quick": false, "filters": [],
                 "machine": "m", "compiler": "c", "profile": "p", "commit": "abc",
                 "versions": {} },
                 "results": [ { "dataset": "media", "codec": "json", "wire_format": "JSON",
                                "library": "serde_json", "version": "1", "tuned": false,
                                "zero_copy": false, "ok": true, "size": 1,
                                "size_label": "", "messages": 1, "size_bytes": 1.0,
                                "zstd_bytes": 1.0, "gzip_bytes": 1.0, "contradictions": [],
                                "ops": { "decode": { "median_ns": 10.0, "noise": 0.1 } },
                                "safety": null } ],
                 "qt": [], "rounds": [], "sweep": [], "compile": [] }"#,
        ))
        .unwrap();
        assert_eq!(report.schema, SCHEMA);
        let value = serde_json::to_value(&report).unwrap();
        assert_eq!(value["results"][0]["ops"]["decode"]["median_ns"], 10.0);
        assert!(value["results"][0]["ops"].get("encode").is_none());
        assert_eq!(read(&value).unwrap(), report);
    }

    /// A file of an older or a later schema is refused by its number,
    /// with the one this version reads, before any field it lacks; so is
    /// a file without one.
    #[test]
    fn another_schema_is_refused_by_its_number() {
        let current = serde_json::to_value(Report {
            schema: SCHEMA,
            ..Report::default()
        })
        .unwrap();
        assert!(read(&current).is_ok());
        // Schema 3 named a record's codec `format`: the number is what is
        // reported, not the missing `codec`.
        let old =
            parse(r#"{ "schema": 3, "results": [ { "dataset": "media", "format": "json" } ] }"#);
        for (document, found) in [(old, 3), (parse(r#"{ "schema": 99 }"#), 99)] {
            let error = read(&document).unwrap_err().to_string();
            assert!(
                error.contains(&format!("schema {found}"))
                    && error.contains(&format!("schema {SCHEMA} only")),
                "{error}"
            );
        }
        let error = read(&parse(r#"{ "run": {} }"#)).unwrap_err().to_string();
        assert!(error.contains("`schema`"), "{error}");
    }
}
