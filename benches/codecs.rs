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
//! The codecs are the registry's (`serbench-codecs`): each bench takes the
//! codec as a divan argument named by its id, and runs a job with the
//! codec's type, so the timed loop is compiled for that codec as if it had
//! been written out.
//!
//! Run `cargo xtask bench`, which builds this in release, runs it and writes
//! the reports; `cargo bench -p serbench-benches` runs it bare (set
//! `SERBENCH_ALLOC=1` to count allocations).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, Instant};

use divan::counter::BytesCount;
use divan::{AllocProfiler, Bencher, black_box};
use serbench_benches::{messages, report_sizes, total_bytes, verified};
use serbench_codecs::{Carried, DatasetVisitor, Info, NativeJob, PairJob};
use serbench_model::{
    Codec, Error, Graph, MediaContent, NativeCodec, Record, SensorReading, TaskManager,
};
use serbench_testkit::CountingAllocator;

/// The system allocator, or, chosen once at start: divan's allocation
/// profiler when `SERBENCH_ALLOC=1`, the conformance kit's per-thread
/// counter in the safety pass. Counting costs every allocation a little,
/// which would tilt the timings against allocation-heavy decoders, so
/// `cargo xtask bench` times in one pass and counts in others.
struct Allocator;

const SYSTEM: u8 = 0;
const PROFILE: u8 = 1;
const KIT: u8 = 2;

static MODE: AtomicU8 = AtomicU8::new(SYSTEM);
static PROFILER: AllocProfiler = AllocProfiler::system();
static COUNTER: CountingAllocator = CountingAllocator;

// SAFETY: every branch is the system allocator (the profiler and the kit's
// counter wrap it and only add counting), so memory from one branch may be
// freed or resized by another; the contract of each method is passed
// straight through. Each method matches on the mode itself, so the timed
// pass calls the system allocator directly, as it did before counting
// existed.
#[allow(unsafe_code, reason = "a global allocator is an unsafe trait")]
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match MODE.load(Ordering::Relaxed) {
            SYSTEM => unsafe { System.alloc(layout) },
            PROFILE => unsafe { PROFILER.alloc(layout) },
            _ => unsafe { COUNTER.alloc(layout) },
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        match MODE.load(Ordering::Relaxed) {
            SYSTEM => unsafe { System.alloc_zeroed(layout) },
            PROFILE => unsafe { PROFILER.alloc_zeroed(layout) },
            _ => unsafe { COUNTER.alloc_zeroed(layout) },
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        match MODE.load(Ordering::Relaxed) {
            SYSTEM => unsafe { System.realloc(ptr, layout, new_size) },
            PROFILE => unsafe { PROFILER.realloc(ptr, layout, new_size) },
            _ => unsafe { COUNTER.realloc(ptr, layout, new_size) },
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        match MODE.load(Ordering::Relaxed) {
            SYSTEM => unsafe { System.dealloc(ptr, layout) },
            PROFILE => unsafe { PROFILER.dealloc(ptr, layout) },
            _ => unsafe { COUNTER.dealloc(ptr, layout) },
        }
    }
}

#[global_allocator]
static ALLOC: Allocator = Allocator;

mod safety;

fn main() {
    let env = |name: &str, value: &str| std::env::var_os(name).is_some_and(|v| v == value);
    if env("SERBENCH_ALLOC", "1") {
        MODE.store(PROFILE, Ordering::Relaxed);
    }
    if env("SERBENCH_MODE", "sizes") {
        sizes();
    } else if env("SERBENCH_MODE", "safety") {
        MODE.store(KIT, Ordering::Relaxed);
        safety::report();
    } else {
        divan::main();
    }
}

/// `encode`: the workload from the model to bytes, into a reused buffer.
struct Encode<'a, 'b>(Bencher<'a, 'b>);

impl<D: Carried> PairJob<D> for Encode<'_, '_> {
    type Output = ();

    fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) {
        let Some(encoded) = verified::<C, D>() else {
            return;
        };
        let messages = messages::<D>();
        let mut out = Vec::with_capacity(encoded.iter().map(Vec::len).max().unwrap_or(0));
        timed(self.0, total_bytes(encoded), || {
            for message in messages {
                out.clear();
                black_box(C::encode(black_box(message), &mut out)).ok();
                black_box(&out);
            }
        });
    }
}

/// `decode`: bytes to an owned value, freed inside the timed loop.
struct Decode<'a, 'b>(Bencher<'a, 'b>);

impl<D: Carried> PairJob<D> for Decode<'_, '_> {
    type Output = ();

    fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) {
        let Some(encoded) = verified::<C, D>() else {
            return;
        };
        timed(self.0, total_bytes(encoded), || {
            for bytes in encoded {
                black_box(C::decode(black_box(bytes))).ok();
            }
        });
    }
}

/// `traverse`: the dataset's question from the bytes.
struct Traverse<'a, 'b>(Bencher<'a, 'b>);

impl<D: Carried> PairJob<D> for Traverse<'_, '_> {
    type Output = ();

    fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) {
        let Some(encoded) = verified::<C, D>() else {
            return;
        };
        // The encodings live for the whole run, unchanged: a codec that
        // reads such bytes without validation (rkyv-unvalidated) validates
        // them in this first, untimed pass.
        for bytes in encoded {
            C::trust(bytes);
            black_box(C::traverse(bytes)).ok();
        }
        timed(self.0, total_bytes(encoded), || {
            for bytes in encoded {
                black_box(C::traverse(black_box(bytes))).ok();
            }
        });
    }
}

/// `floor`: a memcpy of the same bytes, the machine's limit.
struct Floor<'a, 'b>(Bencher<'a, 'b>);

impl<D: Carried> PairJob<D> for Floor<'_, '_> {
    type Output = ();

    fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) {
        let Some(encoded) = verified::<C, D>() else {
            return;
        };
        let mut out = Vec::with_capacity(encoded.iter().map(Vec::len).max().unwrap_or(0));
        timed(self.0, total_bytes(encoded), || {
            for bytes in encoded {
                out.clear();
                out.extend_from_slice(black_box(bytes));
                black_box(&out);
            }
        });
    }
}

/// `build`: the format's own message from the model (the builder cost).
struct Build<'a, 'b>(Bencher<'a, 'b>);

impl<D: Carried> NativeJob<D> for Build<'_, '_> {
    type Output = ();

    fn run<C: NativeCodec<D> + Codec<D, Error = Error> + 'static>(self, _: &'static Info) {
        let Some(encoded) = verified::<C, D>() else {
            return;
        };
        let messages = messages::<D>();
        timed(self.0, total_bytes(encoded), || {
            for message in messages {
                black_box(C::build(black_box(message))).ok();
            }
        });
    }
}

/// `write`: a prebuilt message to bytes, encode without the conversion.
struct Write<'a, 'b>(Bencher<'a, 'b>);

impl<D: Carried> NativeJob<D> for Write<'_, '_> {
    type Output = ();

    fn run<C: NativeCodec<D> + Codec<D, Error = Error> + 'static>(self, _: &'static Info) {
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
        timed(self.0, total_bytes(encoded), || {
            for message in &built {
                out.clear();
                black_box(C::write(black_box(message), &mut out)).ok();
                black_box(&out);
            }
        });
    }
}

/// How long a row's workload runs untimed before divan times it.
const WARM_UP: Duration = Duration::from_millis(1);

/// Times `body`, a pass over `bytes` encoded bytes, with divan, after
/// running it untimed for [`WARM_UP`] (at least once). divan sizes its
/// samples from the first run it times: a cold first run (caches, the
/// allocator's first pages) slower than 100 timer ticks left a
/// sub-microsecond row at one iteration per sample, so the timer's own
/// cost and jitter were a large share of every sample (media's postcard
/// encode: 140 ns timed one by one).
fn timed<O>(bencher: Bencher<'_, '_>, bytes: usize, mut body: impl FnMut() -> O) {
    let start = Instant::now();
    loop {
        black_box(body());
        if start.elapsed() >= WARM_UP {
            break;
        }
    }
    bencher.counter(BytesCount::new(bytes)).bench_local(body);
}

/// Runs a pair job for the codec divan passes as the argument.
fn run<D: Carried>(codec: &Info, job: impl PairJob<D, Output = ()>) {
    serbench_codecs::run::<D, _>(codec.name, job);
}

/// Runs a native job for the codec divan passes as the argument.
fn run_native<D: Carried>(codec: &Info, job: impl NativeJob<D, Output = ()>) {
    serbench_codecs::run_native::<D, _>(codec.name, job);
}

/// The codec rows of one dataset, and its native rows: divan's attribute
/// needs a function per row and dataset.
macro_rules! dataset_benches {
    ($module:ident, $dataset:ty) => {
        mod $module {
            use crate::*;

            #[divan::bench(args = serbench_codecs::codecs())]
            fn encode(bencher: Bencher<'_, '_>, codec: &Info) {
                crate::run::<$dataset>(codec, Encode(bencher));
            }

            #[divan::bench(args = serbench_codecs::codecs())]
            fn decode(bencher: Bencher<'_, '_>, codec: &Info) {
                crate::run::<$dataset>(codec, Decode(bencher));
            }

            #[divan::bench(args = serbench_codecs::codecs())]
            fn traverse(bencher: Bencher<'_, '_>, codec: &Info) {
                crate::run::<$dataset>(codec, Traverse(bencher));
            }

            #[divan::bench(args = serbench_codecs::codecs())]
            fn floor(bencher: Bencher<'_, '_>, codec: &Info) {
                crate::run::<$dataset>(codec, Floor(bencher));
            }
        }
    };
}

macro_rules! native_dataset_benches {
    ($module:ident, $dataset:ty) => {
        mod $module {
            use crate::*;

            #[divan::bench(args = serbench_codecs::native_codecs())]
            fn build(bencher: Bencher<'_, '_>, codec: &Info) {
                crate::run_native::<$dataset>(codec, Build(bencher));
            }

            #[divan::bench(args = serbench_codecs::native_codecs())]
            fn write(bencher: Bencher<'_, '_>, codec: &Info) {
                crate::run_native::<$dataset>(codec, Write(bencher));
            }
        }
    };
}

dataset_benches!(task_manager, TaskManager);
dataset_benches!(telemetry, SensorReading);
dataset_benches!(graph, Graph);
dataset_benches!(records, Record);
dataset_benches!(media, MediaContent);

/// Format-native rows: the two halves of `encode` for formats with
/// generated message types.
mod native {
    native_dataset_benches!(task_manager, TaskManager);
    native_dataset_benches!(telemetry, SensorReading);
    native_dataset_benches!(graph, Graph);
    native_dataset_benches!(records, Record);
    native_dataset_benches!(media, MediaContent);
}

/// The task-manager sizes of `--sweep`.
const SWEEP_TASKS: [usize; 4] = [100, 1_000, 10_000, 100_000];

/// `sweep::encode` at `TASKS` tasks.
struct SweepEncode<'a, 'b, const TASKS: usize>(Bencher<'a, 'b>);

impl<const TASKS: usize> PairJob<TaskManager> for SweepEncode<'_, '_, TASKS> {
    type Output = ();

    fn run<C: Codec<TaskManager, Error = Error> + 'static>(self, _: &'static Info) {
        let manager = TaskManager::generate(TASKS);
        let Ok(bytes) = C::to_vec(&manager) else {
            return;
        };
        let mut out = Vec::with_capacity(bytes.len());
        timed(self.0, bytes.len(), || {
            out.clear();
            black_box(C::encode(black_box(&manager), &mut out)).ok();
        });
    }
}

/// `sweep::decode` at `TASKS` tasks.
struct SweepDecode<'a, 'b, const TASKS: usize>(Bencher<'a, 'b>);

impl<const TASKS: usize> PairJob<TaskManager> for SweepDecode<'_, '_, TASKS> {
    type Output = ();

    fn run<C: Codec<TaskManager, Error = Error> + 'static>(self, _: &'static Info) {
        let manager = TaskManager::generate(TASKS);
        let Ok(bytes) = C::to_vec(&manager) else {
            return;
        };
        if C::decode(&bytes).ok().as_ref() != Some(&manager) {
            return;
        }
        timed(self.0, bytes.len(), || {
            black_box(C::decode(black_box(&bytes))).ok()
        });
    }
}

/// Task-manager cost against size, for `cargo xtask bench --sweep`.
mod sweep {
    use crate::{Bencher, Info, SWEEP_TASKS, SweepDecode, SweepEncode, TaskManager};

    #[divan::bench(consts = SWEEP_TASKS, args = serbench_codecs::codecs())]
    fn encode<const TASKS: usize>(bencher: Bencher<'_, '_>, codec: &Info) {
        crate::run::<TaskManager>(codec, SweepEncode::<TASKS>(bencher));
    }

    #[divan::bench(consts = SWEEP_TASKS, args = serbench_codecs::codecs())]
    fn decode<const TASKS: usize>(bencher: Bencher<'_, '_>, codec: &Info) {
        crate::run::<TaskManager>(codec, SweepDecode::<TASKS>(bencher));
    }
}

/// One JSON line per dataset × codec, dataset by dataset: verdict and
/// sizes.
fn sizes() {
    struct Sizes;

    impl<D: Carried> PairJob<D> for Sizes {
        type Output = ();

        fn run<C: Codec<D, Error = Error> + 'static>(self, info: &'static Info) {
            report_sizes::<C, D>(info);
        }
    }

    struct EachDataset;

    impl DatasetVisitor for EachDataset {
        fn dataset<D: Carried>(&mut self) {
            for codec in serbench_codecs::codecs() {
                serbench_codecs::run::<D, _>(codec.name, Sizes);
            }
        }
    }

    serbench_codecs::visit_datasets(&mut EachDataset);
}
