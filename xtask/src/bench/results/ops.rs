//! A record's timed operations and their figures, and how `results.json`
//! spells them: flat `<op><figure>` keys (`decode_min_ns`), the layout of
//! the first files, so that `cargo xtask compare` reads every run. Which
//! figures each operation keeps is [`Op::figures`]; in memory a record holds
//! an `Option<OpStats>` per operation instead.

use std::fmt;

use serde::de::{IgnoredAny, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An operation a bench times; its name is the bench path's segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    Encode,
    Decode,
    Traverse,
    Floor,
    Build,
    Write,
}

impl Op {
    /// Every operation, in the order `results.json` lists them.
    pub(crate) const ALL: [Op; 6] = [
        Op::Encode,
        Op::Decode,
        Op::Traverse,
        Op::Floor,
        Op::Build,
        Op::Write,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Op::Encode => "encode",
            Op::Decode => "decode",
            Op::Traverse => "traverse",
            Op::Floor => "floor",
            Op::Build => "build",
            Op::Write => "write",
        }
    }

    pub(super) fn parse(name: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|op| op.name() == name)
    }

    /// The figures `results.json` keeps of this operation: the spread and
    /// allocations of the three the report shows; the median of the others
    /// (schema 1), and, since schema 2, the fastest sample and the noise
    /// figures of every operation.
    pub(crate) fn figures(self) -> &'static [Figure] {
        use Figure::{AllocBytes, Allocs, Max, Mean, Median, Min, Noise, PeakBytes, Runs, Spread};
        match self {
            Op::Encode => &[
                Median, Min, Max, Mean, Noise, Spread, Runs, Allocs, AllocBytes,
            ],
            Op::Decode => &[
                Median, Min, Max, Mean, Noise, Spread, Runs, Allocs, AllocBytes, PeakBytes,
            ],
            Op::Traverse => &[Median, Min, Max, Mean, Noise, Spread, Runs, Allocs],
            Op::Floor | Op::Build | Op::Write => &[Median, Min, Noise, Spread, Runs],
        }
    }

    /// The `results.json` keys of this operation's figures.
    pub(super) fn keys(self) -> impl Iterator<Item = (String, Figure)> {
        self.figures()
            .iter()
            .map(move |figure| (format!("{}{}", self.name(), figure.suffix()), *figure))
    }
}

/// The figures of one operation, per message.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct OpStats {
    /// The median over divan's samples.
    pub(crate) median_ns: f64,
    /// The fastest sample (`None` where `results.json` keeps the median
    /// alone).
    pub(crate) min_ns: Option<f64>,
    /// The slowest sample.
    pub(crate) max_ns: Option<f64>,
    pub(crate) mean_ns: Option<f64>,
    /// The row's noise, relative to the median (0.05 is 5 %): the larger
    /// of the spread within a process and across processes
    /// ([`super::super::stats`]).
    /// `None` in files written before it existed.
    pub(crate) noise: Option<f64>,
    /// The range of the processes' medians relative to their median, when
    /// more than one process timed the row.
    pub(crate) spread: Option<f64>,
    /// How many timed processes the figures come from (three per pass in a
    /// full run).
    pub(crate) runs: Option<f64>,
    pub(crate) allocs: Option<f64>,
    pub(crate) alloc_bytes: Option<f64>,
    /// The most bytes live at once during one run of the operation.
    pub(crate) peak_bytes: Option<f64>,
}

/// One figure of an operation, as a `results.json` key names it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Figure {
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
}

impl Figure {
    fn suffix(self) -> &'static str {
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
        }
    }

    fn get(self, stats: &OpStats) -> Option<f64> {
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
        }
    }

    fn set(self, stats: &mut OpStats, value: f64) {
        match self {
            Figure::Median => stats.median_ns = value,
            Figure::Min => stats.min_ns = Some(value),
            Figure::Max => stats.max_ns = Some(value),
            Figure::Mean => stats.mean_ns = Some(value),
            Figure::Noise => stats.noise = Some(value),
            Figure::Spread => stats.spread = Some(value),
            Figure::Runs => stats.runs = Some(value),
            Figure::Allocs => stats.allocs = Some(value),
            Figure::AllocBytes => stats.alloc_bytes = Some(value),
            Figure::PeakBytes => stats.peak_bytes = Some(value),
        }
    }
}

/// A record's timed operations. In `results.json` they are the flat
/// `<op><figure>` keys the first files had, so old runs still compare.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Ops {
    pub(crate) encode: Option<OpStats>,
    pub(crate) decode: Option<OpStats>,
    pub(crate) traverse: Option<OpStats>,
    pub(crate) floor: Option<OpStats>,
    pub(crate) build: Option<OpStats>,
    pub(crate) write: Option<OpStats>,
}

impl Ops {
    pub(crate) fn get(&self, op: Op) -> Option<&OpStats> {
        match op {
            Op::Encode => self.encode.as_ref(),
            Op::Decode => self.decode.as_ref(),
            Op::Traverse => self.traverse.as_ref(),
            Op::Floor => self.floor.as_ref(),
            Op::Build => self.build.as_ref(),
            Op::Write => self.write.as_ref(),
        }
    }

    pub(super) fn slot(&mut self, op: Op) -> &mut Option<OpStats> {
        match op {
            Op::Encode => &mut self.encode,
            Op::Decode => &mut self.decode,
            Op::Traverse => &mut self.traverse,
            Op::Floor => &mut self.floor,
            Op::Build => &mut self.build,
            Op::Write => &mut self.write,
        }
    }
}

impl Serialize for Ops {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for op in Op::ALL {
            for (key, figure) in op.keys() {
                map.serialize_entry(&key, &self.get(op).and_then(|stats| figure.get(stats)))?;
            }
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Ops {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(OpsVisitor)
    }
}

struct OpsVisitor;

impl<'de> Visitor<'de> for OpsVisitor {
    type Value = Ops;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a record's <op>_ns figures")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Ops, A::Error> {
        // An operation was timed when its median is there; its other
        // figures may come before the median, so they are gathered first.
        let mut gathered: Vec<(Op, Figure, f64)> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            let known = Op::ALL.into_iter().find_map(|op| {
                op.keys()
                    .find(|(name, _)| *name == key)
                    .map(|(_, f)| (op, f))
            });
            match known {
                Some((op, figure)) => {
                    if let Some(value) = map.next_value::<Option<f64>>()? {
                        gathered.push((op, figure, value));
                    }
                }
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let mut ops = Ops::default();
        for (op, figure, value) in &gathered {
            if matches!(figure, Figure::Median) {
                let stats = ops.slot(*op).get_or_insert_with(OpStats::default);
                figure.set(stats, *value);
            }
        }
        for (op, figure, value) in gathered {
            if let Some(stats) = ops.slot(op) {
                figure.set(stats, value);
            }
        }
        Ok(ops)
    }
}

#[cfg(test)]
#[allow(
    clippy::float_cmp,
    reason = "the figures are read from exact decimal text"
)]
mod tests {
    use super::*;

    #[test]
    fn writes_the_first_schema_s_keys() {
        let ops = Ops {
            floor: Some(OpStats {
                median_ns: 3.0,
                min_ns: Some(2.0),
                max_ns: Some(9.0),
                noise: Some(0.25),
                ..OpStats::default()
            }),
            ..Ops::default()
        };
        let value = serde_json::to_value(&ops).unwrap();
        assert_eq!(value["floor_ns"], 3.0);
        assert_eq!(value["floor_min_ns"], 2.0);
        assert_eq!(value["floor_noise"], 0.25);
        assert!(value.get("floor_max_ns").is_none());
        assert!(value["encode_ns"].is_null() && value["decode_peak_bytes"].is_null());
        assert!(value["encode_noise"].is_null() && value["traverse_spread"].is_null());
        let back: Ops = serde_json::from_value(value).unwrap();
        assert_eq!(back.get(Op::Floor).map(|s| s.median_ns), Some(3.0));
        assert_eq!(back.get(Op::Encode), None);
    }
}
