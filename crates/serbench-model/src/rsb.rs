//! What the four datasets of rust_serialization_benchmark (RSB) share: the
//! seeded stream they are drawn from and the few ways RSB draws a value.
//!
//! RSB's benches seed PCG's `Lcg64Xsh32` with [`STATE`] and [`STREAM`] for
//! each dataset, draw the number of top-level items as `gen_range(n..n +
//! 1)` and then each item, field by field, with `rand` 0.8's `gen`,
//! `gen_range`, `gen_bool` and `WeightedIndex`. The generators here make
//! the same calls, in the same order and at the same integer and float
//! types (the type decides how many 32-bit words a draw takes), on the same
//! crate releases (`rand` 0.8.5, `rand_pcg` 0.3.1, pinned in the workspace
//! manifest), so they produce RSB's values to the bit. `docs/rsb-datasets.md`
//! says how that was checked.

use std::ops::Range;

use rand::Rng;
use rand_pcg::Lcg64Xsh32;

/// The PCG state every RSB dataset's stream starts from: the first ten
/// digits of π.
pub const STATE: u64 = 3_141_592_653;

/// The PCG stream (increment) every RSB dataset uses: π's next ten digits.
pub const STREAM: u64 = 5_897_932_384;

/// The names of RSB's datasets ([`Dataset::NAME`](crate::Dataset::NAME)),
/// which RSB's published figures are filed under: what a report joins with
/// them.
pub const DATASETS: [&str; 4] = [
    <crate::Logs as crate::Dataset>::NAME,
    <crate::Mesh as crate::Dataset>::NAME,
    <crate::Players as crate::Dataset>::NAME,
    <crate::Updates as crate::Dataset>::NAME,
];

/// The generator RSB draws from.
pub(crate) type Stream = Lcg64Xsh32;

/// `count` top-level items as RSB's benches draw them: a fresh stream, the
/// length drawn from the one-value range `count..count + 1` (a `usize`
/// draw, which still takes words from the stream), then each item.
///
/// The length draw consumes the same words whatever `count` is, so a
/// smaller dataset is a prefix of the full one.
pub(crate) fn generate<T>(count: usize, item: impl FnMut(&mut Stream) -> T) -> Vec<T> {
    let mut rng = Stream::new(STATE, STREAM);
    vec_of(&mut rng, count..count.saturating_add(1), item)
}

/// RSB's `generate_vec`: a length drawn from `range`, then that many items.
pub(crate) fn vec_of<T>(
    rng: &mut Stream,
    range: Range<usize>,
    mut item: impl FnMut(&mut Stream) -> T,
) -> Vec<T> {
    let len = rng.gen_range(range);
    (0..len).map(|_| item(rng)).collect()
}

/// RSB's `Option` generator: a fair coin, then the value if it came up.
pub(crate) fn maybe<T>(rng: &mut Stream, item: impl FnOnce(&mut Stream) -> T) -> Option<T> {
    if rng.gen_bool(0.5) {
        Some(item(rng))
    } else {
        None
    }
}

/// Equality of floats bit for bit, as the rest of the model compares them:
/// a round trip must keep `-0.0` and a NaN's payload, so `PartialEq` of a
/// type with floats is written with this instead of derived.
pub(crate) trait SameBits {
    fn same_bits(&self, other: &Self) -> bool;
}

impl SameBits for f32 {
    fn same_bits(&self, other: &Self) -> bool {
        self.to_bits() == other.to_bits()
    }
}

impl SameBits for f64 {
    fn same_bits(&self, other: &Self) -> bool {
        self.to_bits() == other.to_bits()
    }
}

impl<A: SameBits, B: SameBits> SameBits for (A, B) {
    fn same_bits(&self, other: &Self) -> bool {
        self.0.same_bits(&other.0) && self.1.same_bits(&other.1)
    }
}

impl<A: SameBits, B: SameBits, C: SameBits> SameBits for (A, B, C) {
    fn same_bits(&self, other: &Self) -> bool {
        self.0.same_bits(&other.0) && self.1.same_bits(&other.1) && self.2.same_bits(&other.2)
    }
}

impl<T: SameBits> SameBits for Option<T> {
    fn same_bits(&self, other: &Self) -> bool {
        match (self, other) {
            (Some(a), Some(b)) => a.same_bits(b),
            (None, None) => true,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests;
