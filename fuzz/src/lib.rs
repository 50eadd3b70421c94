//! The checks behind serbench's two fuzz targets.
//!
//! The targets name no codec: each fuzzes the codec of the registry
//! (`serbench-codecs`) that the environment variable [`CODEC_VARIABLE`]
//! names, so a codec added to the registry is fuzzed with no edit here.
//!
//! ```text
//! cd fuzz
//! SERBENCH_FUZZ_CODEC=json cargo fuzz run -s none decode target/corpus/decode_json corpus/decode_json
//! ```
//!
//! (`cargo xtask fuzz` runs every codec so; see `fuzz/README.md`.)
//!
//! - [`DECODE`] (`fuzz_targets/decode.rs`): untrusted bytes. Decoding (and,
//!   for zero-copy formats, traversing) must return, never panic; bytes
//!   that decode must traverse to the decoded value's answer and survive a
//!   round trip of their own.
//! - [`ROUND_TRIP`] (`fuzz_targets/round_trip.rs`): arbitrary model values
//!   built from the fuzz input ([`Generate`], edge values weighted up as in
//!   the conformance kit: NaN payloads, −0.0, odd timestamps and offsets,
//!   control characters, huge and empty strings). A value the format
//!   carries must come back equal and traverse to the same answer; a value
//!   it cannot carry must be an encode error (the kit's `check_value`
//!   decides both).
//!
//! In both the input's first byte picks the dataset ([`visit_datasets`]
//! gives each its selector), so one target covers every dataset. The codec is
//! looked up once, at start-up: the checks are plain generic functions,
//! instantiated for each codec and dataset through the registry's
//! `PairJob`, and each input calls one through a table.

mod checks;
mod datasets;
mod values;

use std::sync::OnceLock;

use crate::checks::{Check, Kind};
pub use crate::datasets::{DatasetVisitor, Fuzzed, visit_datasets};
pub use crate::values::Generate;

/// The environment variable naming the codec the targets fuzz, by its
/// registry id (`json`).
pub const CODEC_VARIABLE: &str = "SERBENCH_FUZZ_CODEC";

/// One fuzz target: a kind of check, for the codec [`CODEC_VARIABLE`]
/// names.
#[derive(Debug)]
pub struct Target {
    kind: Kind,
    /// The check per dataset, indexed by selector.
    checks: OnceLock<Vec<Check>>,
}

/// The decode target: see the crate docs.
pub static DECODE: Target = Target::new(Kind::Decode);

/// The round-trip target: see the crate docs.
pub static ROUND_TRIP: Target = Target::new(Kind::RoundTrip);

impl Target {
    const fn new(kind: Kind) -> Self {
        Target {
            kind,
            checks: OnceLock::new(),
        }
    }

    /// Picks the codec: the target's `init`, run before libFuzzer reads
    /// any input, so a wrong id is a usage error and not a finding.
    ///
    /// # Panics
    ///
    /// When [`CODEC_VARIABLE`] is unset or names no codec of the registry;
    /// the message lists the ids.
    pub fn init(&self) {
        self.checks();
    }

    /// Checks one input: its first byte picks the dataset, the rest is the
    /// check's. An empty input checks nothing.
    ///
    /// # Panics
    ///
    /// When the codec fails the check: that is the finding.
    pub fn run(&self, data: &[u8]) {
        if let Some((&selector, rest)) = data.split_first() {
            let checks = self.checks();
            checks[usize::from(selector) % checks.len()](rest);
        }
    }

    fn checks(&self) -> &[Check] {
        self.checks.get_or_init(|| {
            let codec = std::env::var_os(CODEC_VARIABLE)
                .map(|codec| codec.to_string_lossy().into_owned())
                .unwrap_or_default();
            checks::table(self.kind, &codec).unwrap_or_else(|| {
                let ids: Vec<&str> = serbench_codecs::codecs().iter().map(|c| c.id).collect();
                let ids = ids.join(", ");
                if codec.is_empty() {
                    panic!("set {CODEC_VARIABLE} to the codec to fuzz, one of: {ids}")
                }
                panic!("{CODEC_VARIABLE}={codec} names no codec; the codecs are: {ids}")
            })
        })
    }
}
