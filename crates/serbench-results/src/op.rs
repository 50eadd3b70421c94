//! A record's timed operations and their figures.
//!
//! In `results.json` a record's `ops` is an object keyed by the
//! operation's name, each an [`OpStats`] object whose absent figures were
//! not measured: `"ops": {"decode": {"median_ns": 1109.0, "min_ns": …}}`.
//! `results.csv` spells the same figures as flat `<op><figure>` keys
//! (`decode_min_ns`); [`Op::figures`] lists which figures each operation
//! has there, and [`Figure`] names them.

use serde::{Deserialize, Serialize};

/// An operation a bench times; its name is the bench path's segment and
/// the key `results.json` files it under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Op {
    /// The model to bytes, into a reused buffer.
    Encode,
    /// Bytes to an owned model value.
    Decode,
    /// The dataset's question answered from the bytes.
    Traverse,
    /// A `memcpy` of the encoded bytes: the floor no decoder can beat.
    Floor,
    /// The native path's build of its own types from the model.
    Build,
    /// The native path's write of those types.
    Write,
    /// Bytes to the model's borrowed form, its text lent from the bytes
    /// where the library can (`Codec::borrow`).
    Borrow,
    /// A `clone` of the decoded value: the floor under an owned decode,
    /// the same value built with no parsing (its allocations, its copies
    /// of the text, and its drop).
    Clone,
    /// The borrowed form built from the decoded value (`Dataset::lend`):
    /// the floor under a borrowed decode, its lists allocated and no text
    /// copied.
    Lend,
}

impl Op {
    /// Every operation, in the order `results.json` lists them.
    pub const ALL: [Op; 9] = [
        Op::Encode,
        Op::Decode,
        Op::Traverse,
        Op::Floor,
        Op::Build,
        Op::Write,
        Op::Borrow,
        Op::Clone,
        Op::Lend,
    ];

    /// The operation's name: `decode`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Op::Encode => "encode",
            Op::Decode => "decode",
            Op::Traverse => "traverse",
            Op::Floor => "floor",
            Op::Build => "build",
            Op::Write => "write",
            Op::Borrow => "borrow",
            Op::Clone => "clone",
            Op::Lend => "lend",
        }
    }

    /// The operation named `name`, as [`Op::name`] spells it.
    #[must_use]
    pub fn parse(name: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|op| op.name() == name)
    }

    /// The figures `results.csv` keeps of this operation: the spread and
    /// allocations of the three the report shows and of the borrowed
    /// decode and the two decode floors; of the others the median, the
    /// fastest sample and the noise figures; the instruction counts of
    /// every operation but the floor, a `memcpy`.
    #[must_use]
    pub fn figures(self) -> &'static [Figure] {
        use Figure::{
            AllocBytes, Allocs, EstimatedCycles, Instructions, Max, Mean, Median, Min, Noise,
            PeakBytes, Runs, Spread,
        };
        match self {
            Op::Encode => &[
                Median,
                Min,
                Max,
                Mean,
                Noise,
                Spread,
                Runs,
                Allocs,
                AllocBytes,
                Instructions,
                EstimatedCycles,
            ],
            Op::Decode | Op::Borrow | Op::Clone | Op::Lend => &[
                Median,
                Min,
                Max,
                Mean,
                Noise,
                Spread,
                Runs,
                Allocs,
                AllocBytes,
                PeakBytes,
                Instructions,
                EstimatedCycles,
            ],
            Op::Traverse => &[
                Median,
                Min,
                Max,
                Mean,
                Noise,
                Spread,
                Runs,
                Allocs,
                Instructions,
                EstimatedCycles,
            ],
            Op::Build | Op::Write => &[
                Median,
                Min,
                Noise,
                Spread,
                Runs,
                Instructions,
                EstimatedCycles,
            ],
            Op::Floor => &[Median, Min, Noise, Spread, Runs],
        }
    }

    /// The flat keys of this operation's figures (`decode_min_ns`), with
    /// the figure each names.
    pub fn keys(self) -> impl Iterator<Item = (String, Figure)> {
        self.figures()
            .iter()
            .map(move |figure| (format!("{}{}", self.name(), figure.suffix()), *figure))
    }
}

/// The figures of one operation, per message.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct OpStats {
    /// The median over the timed samples.
    pub median_ns: f64,
    /// The fastest sample.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_ns: Option<f64>,
    /// The slowest sample.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_ns: Option<f64>,
    /// The first quartile of every sample of every process that timed the
    /// row, pooled. `None` in files written before the bench binary handed
    /// its raw samples over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p25_ns: Option<f64>,
    /// The third quartile, pooled likewise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p75_ns: Option<f64>,
    /// The mean over the timed samples.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mean_ns: Option<f64>,
    /// The row's noise, relative to the median (0.05 is 5 %): the larger
    /// of the spread within a process and across processes
    /// ([`crate::stats`]). `None` in files written before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub noise: Option<f64>,
    /// The range of the processes' medians relative to their median, when
    /// more than one process timed the row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spread: Option<f64>,
    /// How many timed processes the figures come from (three per pass in a
    /// full run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runs: Option<f64>,
    /// Allocations per message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocs: Option<f64>,
    /// Bytes allocated per message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alloc_bytes: Option<f64>,
    /// The most bytes live at once during one run of the operation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_bytes: Option<f64>,
    /// Instructions per message, counted under Callgrind
    /// (`--instructions`): the same on every run of the same build.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instructions: Option<f64>,
    /// Cycles per message estimated from Callgrind's cache simulation
    /// ([`crate::timing::Counts::estimated_cycles`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub estimated_cycles: Option<f64>,
}

/// One figure of an operation, as a flat key's suffix names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// `_ns`: [`OpStats::median_ns`].
    Median,
    /// `_min_ns`.
    Min,
    /// `_max_ns`.
    Max,
    /// `_mean_ns`.
    Mean,
    /// `_noise`.
    Noise,
    /// `_spread`.
    Spread,
    /// `_runs`.
    Runs,
    /// `_allocs`.
    Allocs,
    /// `_alloc_bytes`.
    AllocBytes,
    /// `_peak_bytes`.
    PeakBytes,
    /// `_instructions`.
    Instructions,
    /// `_estimated_cycles`.
    EstimatedCycles,
}

impl Figure {
    /// The key's suffix after the operation's name: `_min_ns`.
    #[must_use]
    pub fn suffix(self) -> &'static str {
        match self {
            Figure::Median => "_ns",
            Figure::Min => "_min_ns",
            Figure::Max => "_max_ns",
            Figure::Mean => "_mean_ns",
            Figure::Noise => "_noise",
            Figure::Spread => "_spread",
            Figure::Runs => "_runs",
            Figure::Allocs => "_allocs",
            Figure::AllocBytes => "_alloc_bytes",
            Figure::PeakBytes => "_peak_bytes",
            Figure::Instructions => "_instructions",
            Figure::EstimatedCycles => "_estimated_cycles",
        }
    }

    /// This figure of `stats`, if measured.
    #[must_use]
    pub fn get(self, stats: &OpStats) -> Option<f64> {
        match self {
            Figure::Median => Some(stats.median_ns),
            Figure::Min => stats.min_ns,
            Figure::Max => stats.max_ns,
            Figure::Mean => stats.mean_ns,
            Figure::Noise => stats.noise,
            Figure::Spread => stats.spread,
            Figure::Runs => stats.runs,
            Figure::Allocs => stats.allocs,
            Figure::AllocBytes => stats.alloc_bytes,
            Figure::PeakBytes => stats.peak_bytes,
            Figure::Instructions => stats.instructions,
            Figure::EstimatedCycles => stats.estimated_cycles,
        }
    }
}

/// A record's timed operations: an operation that was not timed is `None`
/// (and absent from `results.json`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ops {
    /// [`Op::Encode`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encode: Option<OpStats>,
    /// [`Op::Decode`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decode: Option<OpStats>,
    /// [`Op::Traverse`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub traverse: Option<OpStats>,
    /// [`Op::Floor`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub floor: Option<OpStats>,
    /// [`Op::Build`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub build: Option<OpStats>,
    /// [`Op::Write`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub write: Option<OpStats>,
    /// [`Op::Borrow`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub borrow: Option<OpStats>,
    /// [`Op::Clone`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clone: Option<OpStats>,
    /// [`Op::Lend`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lend: Option<OpStats>,
}

impl Ops {
    /// The figures of `op`, if it was timed.
    #[must_use]
    pub fn get(&self, op: Op) -> Option<&OpStats> {
        match op {
            Op::Encode => self.encode.as_ref(),
            Op::Decode => self.decode.as_ref(),
            Op::Traverse => self.traverse.as_ref(),
            Op::Floor => self.floor.as_ref(),
            Op::Build => self.build.as_ref(),
            Op::Write => self.write.as_ref(),
            Op::Borrow => self.borrow.as_ref(),
            Op::Clone => self.clone.as_ref(),
            Op::Lend => self.lend.as_ref(),
        }
    }

    /// The place of `op`'s figures, to fill in.
    pub fn slot(&mut self, op: Op) -> &mut Option<OpStats> {
        match op {
            Op::Encode => &mut self.encode,
            Op::Decode => &mut self.decode,
            Op::Traverse => &mut self.traverse,
            Op::Floor => &mut self.floor,
            Op::Build => &mut self.build,
            Op::Write => &mut self.write,
            Op::Borrow => &mut self.borrow,
            Op::Clone => &mut self.clone,
            Op::Lend => &mut self.lend,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back() {
        for op in Op::ALL {
            assert_eq!(Op::parse(op.name()), Some(op));
        }
        assert_eq!(Op::parse("encoding"), None);
    }

    #[test]
    fn flat_keys_name_op_and_figure() {
        let keys: Vec<String> = Op::Floor.keys().map(|(key, _)| key).collect();
        assert_eq!(
            keys,
            [
                "floor_ns",
                "floor_min_ns",
                "floor_noise",
                "floor_spread",
                "floor_runs"
            ]
        );
        assert_eq!(
            Op::Decode.keys().last().unwrap().0,
            "decode_estimated_cycles"
        );
    }
}
