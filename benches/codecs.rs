//! Every codec on every dataset, with divan.
//!
//! Per dataset module and codec: `encode` (model to bytes into a reused
//! buffer), `decode` (bytes to an owned model value), `traverse` (the
//! dataset's question from the bytes: in place for zero-copy codecs, decode
//! then walk for the others) and `floor` (a memcpy of the same bytes, the
//! machine's limit); `native` adds, for formats with generated message
//! types, `build` (model to message) and `write` (prebuilt message to
//! bytes). Each pass covers the whole workload, message by message
//! (telemetry is 10 000 messages), and counts the encoded bytes, so divan
//! reports throughput. A pair whose round trip fails is never timed.
//! `sweep` runs the task-manager from 100 to 100 000 tasks.
//!
//! Run `cargo xtask bench`, which builds this in release, runs it and writes
//! the reports; `cargo bench -p serbench-benches` runs it bare (set
//! `SERBENCH_ALLOC=1` to count allocations).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, Ordering};

use divan::counter::BytesCount;
use divan::{AllocProfiler, Bencher, black_box};
use serbench_benches::{messages, report_sizes, total_bytes, verified};
use serbench_model::{Codec, Dataset, NativeCodec, TaskManager};

/// divan's allocation profiler when `SERBENCH_ALLOC=1`, else the system
/// allocator. Counting costs every allocation a little, which would tilt
/// the timings against allocation-heavy decoders, so `cargo xtask bench`
/// times in one pass and counts allocations in a second.
struct Allocator;

static PROFILE: AtomicBool = AtomicBool::new(false);
static PROFILER: AllocProfiler = AllocProfiler::system();

// SAFETY: both branches are the system allocator (the profiler wraps it and
// only adds counting), so memory from either branch may be freed or resized
// by the other; the contract of each method is passed straight through.
#[allow(unsafe_code, reason = "a global allocator is an unsafe trait")]
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if PROFILE.load(Ordering::Relaxed) {
            unsafe { PROFILER.alloc(layout) }
        } else {
            unsafe { System.alloc(layout) }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if PROFILE.load(Ordering::Relaxed) {
            unsafe { PROFILER.alloc_zeroed(layout) }
        } else {
            unsafe { System.alloc_zeroed(layout) }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if PROFILE.load(Ordering::Relaxed) {
            unsafe { PROFILER.realloc(ptr, layout, new_size) }
        } else {
            unsafe { System.realloc(ptr, layout, new_size) }
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if PROFILE.load(Ordering::Relaxed) {
            unsafe { PROFILER.dealloc(ptr, layout) }
        } else {
            unsafe { System.dealloc(ptr, layout) }
        }
    }
}

#[global_allocator]
static ALLOC: Allocator = Allocator;

fn main() {
    let env = |name: &str, value: &str| std::env::var_os(name).is_some_and(|v| v == value);
    PROFILE.store(env("SERBENCH_ALLOC", "1"), Ordering::Relaxed);
    if env("SERBENCH_MODE", "sizes") {
        sizes();
    } else {
        divan::main();
    }
}

fn encode<C: Codec<D> + 'static, D: Dataset>(bencher: Bencher<'_, '_>) {
    let Some(encoded) = verified::<C, D>() else {
        return;
    };
    let messages = messages::<D>();
    let mut out = Vec::with_capacity(encoded.iter().map(Vec::len).max().unwrap_or(0));
    bencher
        .counter(BytesCount::new(total_bytes(encoded)))
        .bench_local(|| {
            for message in messages {
                out.clear();
                black_box(C::encode(black_box(message), &mut out)).ok();
                black_box(&out);
            }
        });
}

fn decode<C: Codec<D> + 'static, D: Dataset>(bencher: Bencher<'_, '_>) {
    let Some(encoded) = verified::<C, D>() else {
        return;
    };
    bencher
        .counter(BytesCount::new(total_bytes(encoded)))
        .bench_local(|| {
            for bytes in encoded {
                black_box(C::decode(black_box(bytes))).ok();
            }
        });
}

fn traverse<C: Codec<D> + 'static, D: Dataset>(bencher: Bencher<'_, '_>) {
    let Some(encoded) = verified::<C, D>() else {
        return;
    };
    bencher
        .counter(BytesCount::new(total_bytes(encoded)))
        .bench_local(|| {
            for bytes in encoded {
                black_box(C::traverse(black_box(bytes))).ok();
            }
        });
}

fn floor<C: Codec<D> + 'static, D: Dataset>(bencher: Bencher<'_, '_>) {
    let Some(encoded) = verified::<C, D>() else {
        return;
    };
    let mut out = Vec::with_capacity(encoded.iter().map(Vec::len).max().unwrap_or(0));
    bencher
        .counter(BytesCount::new(total_bytes(encoded)))
        .bench_local(|| {
            for bytes in encoded {
                out.clear();
                out.extend_from_slice(black_box(bytes));
                black_box(&out);
            }
        });
}

/// Building the format's own message from the model (the builder cost).
fn build<C: NativeCodec<D> + 'static, D: Dataset>(bencher: Bencher<'_, '_>) {
    let Some(encoded) = verified::<C, D>() else {
        return;
    };
    let messages = messages::<D>();
    bencher
        .counter(BytesCount::new(total_bytes(encoded)))
        .bench_local(|| {
            for message in messages {
                black_box(C::build(black_box(message))).ok();
            }
        });
}

/// Writing a prebuilt message: encode without the conversion.
fn write<C: NativeCodec<D> + 'static, D: Dataset>(bencher: Bencher<'_, '_>) {
    let Some(encoded) = verified::<C, D>() else {
        return;
    };
    let Ok(built) = messages::<D>()
        .iter()
        .map(C::build)
        .collect::<Result<Vec<_>, _>>()
    else {
        return;
    };
    let mut out = Vec::with_capacity(encoded.iter().map(Vec::len).max().unwrap_or(0));
    bencher
        .counter(BytesCount::new(total_bytes(encoded)))
        .bench_local(|| {
            for message in &built {
                out.clear();
                black_box(C::write(black_box(message), &mut out)).ok();
                black_box(&out);
            }
        });
}

/// The four benches of one dataset, for every codec in the list.
macro_rules! dataset_benches {
    ($dataset:ty, [$($codec:path),*]) => {
        use crate::*;

        #[divan::bench(types = [$($codec),*])]
        fn encode<C: Codec<$dataset> + 'static>(bencher: Bencher<'_, '_>) {
            crate::encode::<C, $dataset>(bencher);
        }

        #[divan::bench(types = [$($codec),*])]
        fn decode<C: Codec<$dataset> + 'static>(bencher: Bencher<'_, '_>) {
            crate::decode::<C, $dataset>(bencher);
        }

        #[divan::bench(types = [$($codec),*])]
        fn traverse<C: Codec<$dataset> + 'static>(bencher: Bencher<'_, '_>) {
            crate::traverse::<C, $dataset>(bencher);
        }

        #[divan::bench(types = [$($codec),*])]
        fn floor<C: Codec<$dataset> + 'static>(bencher: Bencher<'_, '_>) {
            crate::floor::<C, $dataset>(bencher);
        }
    };
}

/// The native rows of one dataset: `build` and `write`.
macro_rules! native_dataset_benches {
    ($dataset:ty, [$($codec:path),*]) => {
        use crate::*;

        #[divan::bench(types = [$($codec),*])]
        fn build<C: NativeCodec<$dataset> + 'static>(bencher: Bencher<'_, '_>) {
            crate::build::<C, $dataset>(bencher);
        }

        #[divan::bench(types = [$($codec),*])]
        fn write<C: NativeCodec<$dataset> + 'static>(bencher: Bencher<'_, '_>) {
            crate::write::<C, $dataset>(bencher);
        }
    };
}

/// The task-manager sizes of `--sweep`.
const SWEEP_TASKS: [usize; 4] = [100, 1_000, 10_000, 100_000];

fn sweep_encode<C: Codec<TaskManager>>(bencher: Bencher<'_, '_>, tasks: usize) {
    let manager = TaskManager::generate(tasks);
    let Ok(bytes) = C::to_vec(&manager) else {
        return;
    };
    let mut out = Vec::with_capacity(bytes.len());
    bencher
        .counter(BytesCount::new(bytes.len()))
        .bench_local(|| {
            out.clear();
            black_box(C::encode(black_box(&manager), &mut out)).ok();
        });
}

fn sweep_decode<C: Codec<TaskManager>>(bencher: Bencher<'_, '_>, tasks: usize) {
    let manager = TaskManager::generate(tasks);
    let Ok(bytes) = C::to_vec(&manager) else {
        return;
    };
    if C::decode(&bytes).ok().as_ref() != Some(&manager) {
        return;
    }
    bencher
        .counter(BytesCount::new(bytes.len()))
        .bench_local(|| black_box(C::decode(black_box(&bytes))).ok());
}

macro_rules! benches {
    ($($codec:path),* $(,)?) => {
        mod task_manager {
            dataset_benches!(serbench_model::TaskManager, [$($codec),*]);
        }
        mod telemetry {
            dataset_benches!(serbench_model::SensorReading, [$($codec),*]);
        }
        mod graph {
            dataset_benches!(serbench_model::Graph, [$($codec),*]);
        }
        mod records {
            dataset_benches!(serbench_model::Record, [$($codec),*]);
        }
        mod media {
            dataset_benches!(serbench_model::MediaContent, [$($codec),*]);
        }

        /// Task-manager cost against size, for `cargo xtask bench --sweep`.
        mod sweep {
            use crate::*;

            #[divan::bench(types = [$($codec),*], args = SWEEP_TASKS)]
            fn encode<C: Codec<TaskManager>>(bencher: Bencher<'_, '_>, tasks: usize) {
                crate::sweep_encode::<C>(bencher, tasks);
            }

            #[divan::bench(types = [$($codec),*], args = SWEEP_TASKS)]
            fn decode<C: Codec<TaskManager>>(bencher: Bencher<'_, '_>, tasks: usize) {
                crate::sweep_decode::<C>(bencher, tasks);
            }
        }

        /// One JSON line per dataset × codec, dataset by dataset: verdict
        /// and sizes.
        fn sizes() {
            $(report_sizes::<$codec, serbench_model::TaskManager>();)*
            $(report_sizes::<$codec, serbench_model::SensorReading>();)*
            $(report_sizes::<$codec, serbench_model::Graph>();)*
            $(report_sizes::<$codec, serbench_model::Record>();)*
            $(report_sizes::<$codec, serbench_model::MediaContent>();)*
        }
    };
}

serbench_model::for_each_codec!(benches);

macro_rules! native_benches {
    ($($codec:path),* $(,)?) => {
        /// Format-native rows: the two halves of `encode` for formats with
        /// generated message types.
        mod native {
            mod task_manager {
                native_dataset_benches!(serbench_model::TaskManager, [$($codec),*]);
            }
            mod telemetry {
                native_dataset_benches!(serbench_model::SensorReading, [$($codec),*]);
            }
            mod graph {
                native_dataset_benches!(serbench_model::Graph, [$($codec),*]);
            }
            mod records {
                native_dataset_benches!(serbench_model::Record, [$($codec),*]);
            }
            mod media {
                native_dataset_benches!(serbench_model::MediaContent, [$($codec),*]);
            }
        }
    };
}

serbench_model::for_each_native_codec!(native_benches);
