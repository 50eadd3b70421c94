//! How many bytes a decode may allocate: the kit's bounds, over the
//! counting allocator of `serbench_results::alloc` (re-exported here),
//! which counts per thread what a piece of code allocates and the most it
//! held at once.

pub use serbench_results::alloc::{CountingAllocator, Tally, installed, measure, tally};

/// The bytes per byte of hostile input a decode may allocate, on top of
/// 64 KiB, unless the codec documents more.
pub const HOSTILE_EXPANSION: usize = 4;

/// The most a decode of `len` bytes of hostile input may allocate: four
/// times the input plus 64 KiB.
#[must_use]
pub const fn bound(len: usize) -> usize {
    bound_per_byte(len, HOSTILE_EXPANSION)
}

/// The most a decode of `len` bytes may allocate at `expansion` bytes per
/// byte of input: `len × expansion` plus 64 KiB.
#[must_use]
pub const fn bound_per_byte(len: usize, expansion: usize) -> usize {
    len.saturating_mul(expansion).saturating_add(64 * 1024)
}
