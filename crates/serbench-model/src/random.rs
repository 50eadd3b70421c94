//! The generators' source of randomness.
//!
//! ChaCha8 from `rand_chacha`, whose output stream that crate keeps stable
//! across releases and platforms, seeded with a fixed `u64` per dataset. The
//! mappings from raw 64-bit draws to ranges are written here, not taken from
//! `rand`'s distributions, so no dependency update can change a dataset.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use uuid::Uuid;

/// A seeded ChaCha8 stream. The conformance kit draws its truncations and
/// bit flips from it too, so they are as reproducible as the datasets.
pub struct Random(ChaCha8Rng);

impl Random {
    /// The stream for `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self(ChaCha8Rng::seed_from_u64(seed))
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A draw in `0..n`: the high 64 bits of `draw * n` (no rejection, so
    /// each draw costs exactly one `u64`; the bias is below 2^-50 for the
    /// ranges used here).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A draw in `lo..=hi`.
    pub(crate) fn between(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    /// A float in `[0, 1)` with 53 random bits.
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A float in `[lo, hi)`.
    pub(crate) fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// A random (version 4) UUID from two draws, little-endian.
    pub(crate) fn uuid(&mut self) -> Uuid {
        let mut bytes = [0; 16];
        bytes[..8].copy_from_slice(&self.next_u64().to_le_bytes());
        bytes[8..].copy_from_slice(&self.next_u64().to_le_bytes());
        uuid::Builder::from_random_bytes(bytes).into_uuid()
    }

    /// A string of `len` characters drawn from `alphabet`.
    pub(crate) fn string(&mut self, len: usize, alphabet: &[u8]) -> String {
        (0..len)
            .map(|_| char::from(alphabet[self.below(alphabet.len() as u64) as usize]))
            .collect()
    }
}
