//! The kit's safety checks as figures rather than verdicts, for the
//! benchmark report: how close a codec's decoder comes to the kit's memory
//! bound on damaged input, and how much memory it builds per byte of valid
//! input. The tests hold every registered codec to these bounds; the report
//! shows where each one sits, so a reader sees the margin, not just a pass.

use std::panic::{AssertUnwindSafe, catch_unwind};

use serbench_model::{Codec, Dataset};

use crate::arbitrary::Arbitrary;
use crate::dense::Dense;
use crate::hostile::{damaged_samples, require_counting_allocator};
use crate::memory;

/// What the kit measured of one codec on one dataset.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Safety {
    /// Damaged encodings decoded and traversed: the
    /// [`hostile`](crate::hostile()) check's truncations, bit flips and
    /// trailers.
    pub damaged: usize,
    /// The highest peak allocation of a damaged input's decode or traverse,
    /// as a share of the kit's [`bound`](crate::bound) for that input: at
    /// most 1 is within it.
    pub worst_of_bound: f64,
    /// Damaged inputs whose decode or traverse panicked or went past the
    /// bound.
    pub violations: usize,
    /// The most bytes decoding one of the kit's [`Dense`] valid values held
    /// at once per byte of its encoding; `None` when the codec carries
    /// none of them.
    pub dense_expansion: Option<f64>,
}

/// Measures `C` on `D` as the kit checks it. Needs the kit's
/// [`CountingAllocator`](crate::CountingAllocator) as the process's global
/// allocator.
///
/// # Panics
///
/// When the counting allocator is not installed: the figures would be
/// zeros.
#[must_use]
pub fn safety<C, D>() -> Safety
where
    C: Codec<D>,
    D: Dataset + Arbitrary + Dense,
{
    require_counting_allocator();
    let mut damaged = 0;
    let mut worst_of_bound = 0.0_f64;
    let mut violations = 0;
    for sample in damaged_samples::<C, D>() {
        for damage in &sample.damages {
            let input = damage.apply(&sample.bytes);
            let bound = memory::bound(input.len()) as f64;
            for peak in [peak(|| C::decode(&input)), peak(|| C::traverse(&input))] {
                match peak {
                    Some(peak) => {
                        let share = peak as f64 / bound;
                        worst_of_bound = worst_of_bound.max(share);
                        violations += usize::from(share > 1.0);
                    }
                    None => violations += 1,
                }
            }
            damaged += 1;
        }
    }
    Safety {
        damaged,
        worst_of_bound,
        violations,
        dense_expansion: dense_expansion::<C, D>(),
    }
}

/// The peak allocation of `step`, or `None` when it panicked.
fn peak<T>(step: impl FnOnce() -> T) -> Option<usize> {
    let (result, peak) = memory::measure(|| catch_unwind(AssertUnwindSafe(step)).is_ok());
    result.then_some(peak)
}

/// The worst bytes per byte of input over the kit's dense values that `C`
/// carries and decodes: a value refused as past a codec's own limit
/// (bitcode's) builds nothing, so its small peak is no expansion.
fn dense_expansion<C, D>() -> Option<f64>
where
    C: Codec<D>,
    D: Dataset + Dense,
{
    D::dense()
        .into_iter()
        .filter_map(|(_, value)| C::to_vec(&value).ok())
        .filter(|bytes| !bytes.is_empty())
        .filter_map(|bytes| {
            let (decoded, peak) = memory::measure(|| C::decode(&bytes).is_ok());
            decoded.then(|| peak as f64 / bytes.len() as f64)
        })
        .reduce(f64::max)
}
