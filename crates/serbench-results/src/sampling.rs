//! How a timed row is sampled, as divan 0.1.21 samples a `bench_local`
//! body: the bench binary's timing mode and `serbench measure` both time
//! their bodies here, so their figures are taken the same way.
//!
//! 1. [`warm_up`] runs the body untimed for [`WARM_UP`];
//! 2. [`sample`] times a sample of one iteration; while a sample takes no
//!    more than 100 ticks of the timer's precision (the smallest step
//!    `Instant` is seen to take, measured once per process as divan
//!    measures it), the iterations per sample double and the sample is
//!    dropped; the first sample above that is kept and fixes the
//!    iterations per sample;
//! 3. samples are taken until there are `count` of them or the row has
//!    been sampled for `time`, counted from its first timed sample, the
//!    dropped ones included (a row slower than that gets one sample);
//! 4. a body's outputs are dropped after its sample, outside the timed
//!    span (divan's deferred drop).
//!
//! Unlike divan, nothing is subtracted for the timer's own cost, a few
//! nanoseconds per sample (under 1 % of a sample, which lasts at least 100
//! timer ticks).

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Puts the heap allocator in the state a program reaches once it has
/// freed a large buffer, before anything is timed: one allocation of just
/// under 32 MiB, written to and freed.
///
/// glibc's malloc starts with a 128 KiB mmap threshold and returns the
/// free top of its heap to the kernel past 128 KiB (its trim threshold);
/// the first time it frees a mapped block of up to 32 MiB it raises the
/// first to that block's size and the second to twice it. Until then, a
/// body whose outputs free more than the trim threshold (a document decoded
/// into a tree of small values, then dropped) gives its pages back on
/// every iteration and faults them in again on the next, and whether it
/// does depends on which rows happened to free a large buffer before it.
/// A plain loop timed after them was 13 to 16 % faster than the same
/// decode timed earlier in the same process (docs/measure.md). Allocators
/// without such thresholds pay one allocation.
pub fn settle_allocator() {
    const LARGE: usize = 32 * 1024 * 1024 - 64 * 1024;
    let mut block = vec![0_u8; LARGE];
    block[LARGE - 1] = 1;
    drop(black_box(block));
}

/// The untimed warm-up before a row's first sample.
pub const WARM_UP: Duration = Duration::from_millis(1);

/// Runs `body` untimed for [`WARM_UP`] (at least once). divan, and the
/// timing mode after it, size their samples from the first run they time:
/// a cold first run (caches, the allocator's first pages) slower than 100
/// timer ticks left a sub-microsecond row at one iteration per sample, so
/// the timer's own cost and jitter were a large share of every sample
/// (media's postcard encode: 140 ns timed one by one).
pub fn warm_up<O, F: FnMut() -> O + ?Sized>(body: &mut F) {
    let start = Instant::now();
    loop {
        black_box(body());
        if start.elapsed() >= WARM_UP {
            break;
        }
    }
}

/// Samples `body` (steps 2 to 4 above): the iterations per sample and
/// each sample's nanoseconds per iteration.
pub fn sample<O, F: FnMut() -> O + ?Sized>(
    count: usize,
    time: Duration,
    body: &mut F,
) -> (u64, Vec<f64>) {
    let floor = precision() * 100;
    let mut iterations: u64 = 1;
    let mut samples_ns = Vec::with_capacity(count);
    let mut outputs: Vec<O> = Vec::new();
    let mut tuning = true;
    let started = Instant::now();
    while samples_ns.is_empty() || (samples_ns.len() < count && started.elapsed() < time) {
        if std::mem::needs_drop::<O>() {
            outputs.reserve(usize::try_from(iterations).unwrap_or(usize::MAX));
        }
        let start = Instant::now();
        for _ in 0..iterations {
            let output = black_box(body());
            if std::mem::needs_drop::<O>() {
                outputs.push(output);
            } else {
                std::mem::forget(output);
            }
        }
        let took = start.elapsed();
        outputs.clear();
        if tuning {
            if took <= floor {
                iterations *= 2;
                continue;
            }
            tuning = false;
        }
        samples_ns.push(took.as_secs_f64() * 1e9 / iterations as f64);
    }
    (iterations, samples_ns)
}

/// The smallest step `Instant` is seen to take, as divan measures its
/// timer's precision: the shortest non-zero time between two readings,
/// once it has been seen 100 times (or after a million tries).
fn precision() -> Duration {
    static PRECISION: std::sync::OnceLock<Duration> = std::sync::OnceLock::new();
    *PRECISION.get_or_init(|| {
        let mut shortest = Duration::MAX;
        let mut seen = 0;
        for _ in 0..1_000_000 {
            let start = Instant::now();
            let step = start.elapsed();
            if step.is_zero() {
                continue;
            }
            match step.cmp(&shortest) {
                std::cmp::Ordering::Less => (shortest, seen) = (step, 0),
                std::cmp::Ordering::Equal => seen += 1,
                std::cmp::Ordering::Greater => {}
            }
            if seen >= 100 {
                break;
            }
        }
        if shortest == Duration::MAX {
            Duration::from_nanos(1)
        } else {
            shortest
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fast_body_is_sampled_in_batches_and_stops_at_the_count() {
        let mut calls = 0u64;
        let (iterations, samples) = sample(5, Duration::from_secs(5), &mut || {
            calls += 1;
        });
        assert_eq!(samples.len(), 5);
        assert!(iterations > 1, "{iterations}");
        assert!(calls >= iterations * 5);
    }

    #[test]
    fn a_slow_body_gets_one_sample_past_the_time() {
        let (_, samples) = sample(100, Duration::ZERO, &mut || {
            std::thread::sleep(Duration::from_millis(2));
        });
        assert_eq!(samples.len(), 1);
    }
}
