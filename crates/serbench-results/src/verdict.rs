//! Verdicts that do not flip with the machine's mood: two or more sides
//! (Qt and serbench, or the codecs of one wire format) timed in alternating
//! short rounds, the ratio taken per round, and the verdict read from the
//! ratios' median and quartiles rather than from one median against
//! another measured minutes apart.
//!
//! A verdict is one of three: the ratio is above the line (every codec
//! "met" its aim, or one library is faster), below it ("missed"), or
//! "within noise" when the middle half of the rounds' ratios straddles the
//! line or comes within [`MARGIN`] of it. The margin keeps a ratio that
//! sits on the line, steady or not, from deciding by a hair.

use serde::{Deserialize, Serialize};

use crate::stats;

/// How far past the line the quartile must be, relative to the line.
pub const MARGIN: f64 = 0.03;

/// One paired measurement: the sides of a comparison, timed in the same
/// rounds of one dataset's operation.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Rounds {
    /// The dataset id.
    pub dataset: String,
    /// `encode` or `decode` (Qt's serialize and deserialize).
    pub op: String,
    /// The sides, each with a median per round, rounds in the same order.
    pub sides: Vec<Side>,
}

/// One side of a paired measurement.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Side {
    /// A codec id, or `qt-<implementation>` for a Qt implementation.
    pub id: String,
    /// Nanoseconds per message, the median of each round.
    pub ns: Vec<f64>,
}

impl Rounds {
    /// The side named `id`.
    #[must_use]
    pub fn side(&self, id: &str) -> Option<&Side> {
        self.sides.iter().find(|side| side.id == id)
    }
}

impl Side {
    /// The median over the rounds.
    #[must_use]
    pub fn median(&self) -> Option<f64> {
        stats::median(&self.ns)
    }
}

/// The ratios of a pair over its rounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ratio {
    /// The median of the per-round ratios.
    pub median: f64,
    /// The lower and upper quartiles of the per-round ratios.
    pub low: f64,
    /// The upper quartile.
    pub high: f64,
    /// How many rounds gave a ratio.
    pub rounds: usize,
}

/// Which side of a line a ratio lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Clearly above the line.
    Above,
    /// Clearly below it.
    Below,
    /// Too close to the line, or too spread around it, to tell.
    WithinNoise,
}

impl Ratio {
    /// `a ÷ b` round by round; `None` without a round both sides timed.
    #[must_use]
    pub fn of(a: &Side, b: &Side) -> Option<Self> {
        let ratios: Vec<f64> =
            a.ns.iter()
                .zip(&b.ns)
                .filter(|(_, b)| **b > 0.0)
                .map(|(a, b)| a / b)
                .collect();
        Some(Self {
            median: stats::median(&ratios)?,
            low: stats::quantile(&ratios, 0.25)?,
            high: stats::quantile(&ratios, 0.75)?,
            rounds: ratios.len(),
        })
    }

    /// A ratio known from one measurement with a relative noise, as when Qt
    /// is not installed and serbench's median is held against a reference.
    #[must_use]
    pub fn single(ratio: f64, noise: f64) -> Self {
        let noise = noise.clamp(0.0, 0.99);
        Self {
            median: ratio,
            low: ratio * (1.0 - noise),
            high: ratio / (1.0 - noise),
            rounds: 1,
        }
    }

    /// Where the middle half of the ratios lies against `line`.
    #[must_use]
    pub fn against(&self, line: f64) -> Verdict {
        if self.low > line * (1.0 + MARGIN) {
            Verdict::Above
        } else if self.high * (1.0 + MARGIN) < line {
            Verdict::Below
        } else {
            Verdict::WithinNoise
        }
    }
}

/// The fastest side of a paired measurement.
#[derive(Clone, Debug, PartialEq)]
pub struct Fastest<'a> {
    /// The side with the lowest median over the rounds.
    pub winner: &'a str,
    /// The other sides it cannot be told from (within noise).
    pub tied: Vec<&'a str>,
    /// When it is ahead of every other side, its lead over the nearest one
    /// (that side's time ÷ the winner's).
    pub lead: Option<(&'a str, Ratio)>,
}

/// The fastest side of `rounds`; `None` when no side was timed.
#[must_use]
pub fn fastest(rounds: &Rounds) -> Option<Fastest<'_>> {
    let winner = rounds
        .sides
        .iter()
        .filter_map(|side| side.median().map(|median| (side, median)))
        .min_by(|a, b| a.1.total_cmp(&b.1))?
        .0;
    let mut tied = Vec::new();
    let mut nearest: Option<(&str, Ratio)> = None;
    for other in rounds.sides.iter().filter(|s| s.id != winner.id) {
        let Some(ratio) = Ratio::of(other, winner) else {
            continue;
        };
        if ratio.against(1.0) == Verdict::Above {
            if nearest.is_none_or(|(_, near)| ratio.median < near.median) {
                nearest = Some((&other.id, ratio));
            }
        } else {
            tied.push(other.id.as_str());
        }
    }
    Some(Fastest {
        winner: &winner.id,
        lead: if tied.is_empty() { nearest } else { None },
        tied,
    })
}

#[cfg(test)]
#[allow(clippy::float_cmp, reason = "the expected ratios are exact")]
mod tests {
    use super::*;

    fn side(id: &str, ns: &[f64]) -> Side {
        Side {
            id: id.to_owned(),
            ns: ns.to_vec(),
        }
    }

    #[test]
    fn ratios_are_taken_round_by_round() {
        // The machine slows down by 2× in the middle rounds; both sides
        // suffer together, so every round's ratio is still 4.
        let qt = side("qt-json", &[40.0, 80.0, 80.0, 40.0, 40.0]);
        let ours = side("json", &[10.0, 20.0, 20.0, 10.0, 10.0]);
        let ratio = Ratio::of(&qt, &ours).unwrap();
        assert_eq!((ratio.median, ratio.low, ratio.high), (4.0, 4.0, 4.0));
        assert_eq!(ratio.rounds, 5);
        // Exactly on the aim is no verdict either way.
        assert_eq!(ratio.against(4.0), Verdict::WithinNoise);
        assert_eq!(ratio.against(3.0), Verdict::Above);
        assert_eq!(ratio.against(5.0), Verdict::Below);
    }

    #[test]
    fn a_straddling_spread_is_within_noise() {
        let qt = side("qt-json", &[30.0, 50.0, 42.0, 36.0, 48.0]);
        let ours = side("json", &[10.0; 5]);
        let ratio = Ratio::of(&qt, &ours).unwrap();
        assert_eq!(ratio.median, 4.2);
        assert_eq!((ratio.low, ratio.high), (3.6, 4.8));
        assert_eq!(ratio.against(4.0), Verdict::WithinNoise);
        assert!(Ratio::of(&qt, &side("json", &[])).is_none());
    }

    #[test]
    fn a_single_measurement_keeps_its_noise() {
        assert_eq!(Ratio::single(5.0, 0.1).against(4.0), Verdict::Above);
        assert_eq!(Ratio::single(4.2, 0.1).against(4.0), Verdict::WithinNoise);
        assert_eq!(Ratio::single(3.0, 0.1).against(4.0), Verdict::Below);
    }

    fn rounds(sides: Vec<Side>) -> Rounds {
        Rounds {
            dataset: "task-manager".to_owned(),
            op: "decode".to_owned(),
            sides,
        }
    }

    #[test]
    fn the_fastest_library_or_a_tie() {
        let clear = rounds(vec![
            side("json", &[10.0, 13.0, 11.0]),
            side("simd-json", &[7.0, 9.0, 8.0]),
            side("sonic-rs", &[9.0, 12.0, 10.0]),
        ]);
        let fastest = fastest(&clear).unwrap();
        assert_eq!(fastest.winner, "simd-json");
        assert!(fastest.tied.is_empty());
        let (nearest, lead) = fastest.lead.unwrap();
        assert_eq!(nearest, "sonic-rs");
        // The median of the rounds' ratios 9/7, 12/9 and 10/8.
        assert!((lead.median - 9.0 / 7.0).abs() < 1e-9, "{lead:?}");

        // sonic-rs is faster in one round, slower in the others: a tie.
        let close = rounds(vec![
            side("simd-json", &[8.0, 8.0, 8.0]),
            side("sonic-rs", &[7.0, 8.4, 8.2]),
        ]);
        let fastest = super::fastest(&close).unwrap();
        assert_eq!(fastest.winner, "simd-json");
        assert_eq!(fastest.tied, ["sonic-rs"]);
        assert!(fastest.lead.is_none());
        assert!(super::fastest(&rounds(Vec::new())).is_none());
    }
}
