//! Every codec on every dataset, with divan, or in the timing mode
//! `cargo xtask bench` drives.
//!
//! Per operation, dataset and codec (`codecs::encode::media::json`):
//! `encode` (model to bytes into a reused
//! buffer), `decode` (bytes to an owned model value), `traverse` (the
//! dataset's question from the bytes: in place for zero-copy codecs, decode
//! then walk for the others) and `floor` (a memcpy of the same bytes, the
//! machine's limit); `borrow` (bytes to the model's borrowed form, for a
//! codec that has one) and the floors under the two decodes, `clone` (the
//! owned values cloned) and `lend` (their borrowed forms built from them); `native` adds, for formats with generated message
//! types, `build` (model to message) and `write` (prebuilt message to
//! bytes). Each pass covers the whole workload, message by message
//! (telemetry is 10 000 messages), and counts the encoded bytes, so divan
//! reports throughput. A pair whose round trip fails is never timed.
//! `sweep` runs the task-manager from 100 to 100 000 tasks.
//!
//! The codecs are the registry's (`serbench-codecs`): each bench takes the
//! codec as a divan argument named by its id, and runs a job with the
//! codec's type, so the timed loop is compiled for that codec as if it had
//! been written out. The datasets are the model's (`for_each_dataset!`).
//!
//! Each row's body is written once, as a job generic over a [`Timer`]:
//! divan's [`Bencher`] for people running `cargo bench -p serbench-benches`
//! (set `SERBENCH_ALLOC=1` for divan's allocation counts), or the sampler
//! of the timing mode (`SERBENCH_MODE=time`, [`timing`]) that `cargo xtask
//! bench` runs, which writes each row's raw samples as typed JSON lines.
//! A test run (`cargo test --bench codecs`) runs every divan bench once and
//! then the timing mode on one small row.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use divan::counter::BytesCount;
use divan::{AllocProfiler, Bencher, black_box};
use serbench_benches::{messages, report_sizes, total_bytes, verified};
use serbench_codecs::{Carried, DatasetVisitor, Info, NativeJob, PairJob};
use serbench_model::{Borrowing, Codec, Dataset, Error, NativeCodec, TaskManager};
use serbench_results::sampling::warm_up;
use serbench_testkit::CountingAllocator;

/// The system allocator, or, chosen once at start: divan's allocation
/// profiler when `SERBENCH_ALLOC=1`, the conformance kit's per-thread
/// counter in the safety pass and when the timing mode counts allocations. Counting costs every allocation a little,
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
mod timing;

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
    } else if env("SERBENCH_MODE", "time") {
        serbench_results::sampling::settle_allocator();
        timing::main();
    } else {
        serbench_results::sampling::settle_allocator();
        let arg = |name: &str| std::env::args().any(|arg| arg == name);
        let test_run = !arg("--bench") && !arg("--list");
        TEST_RUN.store(test_run, Ordering::Relaxed);
        divan::main();
        if test_run {
            timing::test();
        }
    }
}

/// Counts allocations with the conformance kit's counter from now on
/// (`count`), or stops counting.
fn count_allocations(count: bool) {
    MODE.store(if count { KIT } else { SYSTEM }, Ordering::Relaxed);
}

/// Where a row's body runs: divan's [`Bencher`] (`cargo bench`), or the
/// timing mode's sampler (`cargo xtask bench`). The jobs below are each
/// row's one body for both.
///
/// The body comes as a trait object, so the timers' code (divan's sampling
/// loop among it) is compiled once per output type, not once per row:
/// rows are codecs × datasets × operations, and a generic body made the
/// bench binary's build mostly copies of the same loop. A body is one pass
/// over a whole workload, so one indirect call per pass is lost in it.
trait Timer {
    /// Times `body`, one pass over the workload that reads or writes
    /// `bytes` encoded bytes, after [`warm_up`]. What it returns is dropped
    /// outside the timing, as divan drops it.
    fn time<O>(self, bytes: usize, body: &mut dyn FnMut() -> O);
}

impl Timer for Bencher<'_, '_> {
    fn time<O>(self, bytes: usize, body: &mut dyn FnMut() -> O) {
        warm_up(body);
        self.counter(BytesCount::new(bytes)).bench_local(body);
    }
}

/// `encode`: the workload from the model to bytes, into a reused buffer.
struct Encode<T>(T);

impl<D: Carried, T: Timer> PairJob<D> for Encode<T> {
    type Output = ();

    fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) {
        let Some(encoded) = verified::<C, D>() else {
            return;
        };
        let messages = messages::<D>();
        let mut out = Vec::with_capacity(encoded.iter().map(Vec::len).max().unwrap_or(0));
        self.0.time(total_bytes(encoded), &mut || {
            for message in messages {
                out.clear();
                black_box(C::encode(black_box(message), &mut out)).ok();
                black_box(&out);
            }
        });
    }
}

/// `decode`: bytes to an owned value, freed inside the timed loop.
struct Decode<T>(T);

impl<D: Carried, T: Timer> PairJob<D> for Decode<T> {
    type Output = ();

    fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) {
        let Some(encoded) = verified::<C, D>() else {
            return;
        };
        self.0.time(total_bytes(encoded), &mut || {
            for bytes in encoded {
                black_box(C::decode(black_box(bytes))).ok();
            }
        });
    }
}

/// `traverse`: the dataset's question from the bytes.
struct Traverse<T>(T);

impl<D: Carried, T: Timer> PairJob<D> for Traverse<T> {
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
        self.0.time(total_bytes(encoded), &mut || {
            for bytes in encoded {
                black_box(C::traverse(black_box(bytes))).ok();
            }
        });
    }
}

/// `floor`: a memcpy of the same bytes, the machine's limit.
struct Floor<T>(T);

impl<D: Carried, T: Timer> PairJob<D> for Floor<T> {
    type Output = ();

    fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) {
        let Some(encoded) = verified::<C, D>() else {
            return;
        };
        let mut out = Vec::with_capacity(encoded.iter().map(Vec::len).max().unwrap_or(0));
        self.0.time(total_bytes(encoded), &mut || {
            for bytes in encoded {
                out.clear();
                out.extend_from_slice(black_box(bytes));
                black_box(&out);
            }
        });
    }
}

/// `borrow`: bytes to the model's borrowed form, freed inside the timed
/// loop; a codec without a borrowed decode has no row.
struct Borrow<T>(T);

impl<D: Carried, T: Timer> PairJob<D> for Borrow<T> {
    type Output = ();

    fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) {
        if C::BORROW != Borrowing::Lends {
            return;
        }
        let Some(encoded) = verified::<C, D>() else {
            return;
        };
        self.0.time(total_bytes(encoded), &mut || {
            for bytes in encoded {
                black_box(C::borrow(black_box(bytes)));
            }
        });
    }
}

/// `clone`: the floor under `decode`, the same owned values built with no
/// parsing (a `clone` of each, dropped inside the timed loop).
struct CloneFloor<T>(T);

impl<D: Carried, T: Timer> PairJob<D> for CloneFloor<T> {
    type Output = ();

    fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) {
        let Some(encoded) = verified::<C, D>() else {
            return;
        };
        let messages = messages::<D>();
        self.0.time(total_bytes(encoded), &mut || {
            for message in messages {
                black_box(black_box(message).clone());
            }
        });
    }
}

/// `lend`: the floor under `borrow`, each value's borrowed form built from
/// the value in memory (its lists allocated, no text copied); a row of the
/// codecs that borrow.
struct LendFloor<T>(T);

impl<D: Carried, T: Timer> PairJob<D> for LendFloor<T> {
    type Output = ();

    fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) {
        if C::BORROW != Borrowing::Lends {
            return;
        }
        let Some(encoded) = verified::<C, D>() else {
            return;
        };
        let messages = messages::<D>();
        self.0.time(total_bytes(encoded), &mut || {
            for message in messages {
                black_box(black_box(message).lend());
            }
        });
    }
}

/// `build`: the format's own message from the model (the builder cost).
struct Build<T>(T);

impl<D: Carried, T: Timer> NativeJob<D> for Build<T> {
    type Output = ();

    fn run<C: NativeCodec<D> + Codec<D, Error = Error> + 'static>(self, _: &'static Info) {
        let Some(encoded) = verified::<C, D>() else {
            return;
        };
        let messages = messages::<D>();
        self.0.time(total_bytes(encoded), &mut || {
            for message in messages {
                black_box(C::build(black_box(message))).ok();
            }
        });
    }
}

/// `write`: a prebuilt message to bytes, encode without the conversion.
struct Write<T>(T);

impl<D: Carried, T: Timer> NativeJob<D> for Write<T> {
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
        self.0.time(total_bytes(encoded), &mut || {
            for message in &built {
                out.clear();
                black_box(C::write(black_box(message), &mut out)).ok();
                black_box(&out);
            }
        });
    }
}

/// Runs a pair job for the codec divan passes as the argument.
fn run<D: Carried>(codec: &Info, job: impl PairJob<D, Output = ()>) {
    serbench_codecs::run::<D, _>(codec.id, job);
}

/// Runs a native job for the codec divan passes as the argument.
fn run_native<D: Carried>(codec: &Info, job: impl NativeJob<D, Output = ()>) {
    serbench_codecs::run_native::<D, _>(codec.id, job);
}

/// The divan benches of one operation, a bench per dataset (named by its
/// id) with the codecs as arguments: `codecs::<op>::<dataset>::<codec>`.
/// Each sits in a block of its own, as divan needs a function per bench.
macro_rules! op_benches {
    ($op:ident, $job:ident, $run:ident, $codecs:ident; $($dataset:path),*) => {
        mod $op {
            use crate::*;

            $(
                const _: () = {
                    #[divan::bench(
                        name = <$dataset as Dataset>::NAME,
                        args = serbench_codecs::$codecs()
                    )]
                    fn bench(bencher: Bencher<'_, '_>, codec: &Info) {
                        crate::$run::<$dataset>(codec, $job(bencher));
                    }
                };
            )*
        }
    };
}

/// Every operation's benches over the model's datasets.
macro_rules! dataset_benches {
    ($($dataset:path),* $(,)?) => {
        op_benches!(encode, Encode, run, codecs; $($dataset),*);
        op_benches!(decode, Decode, run, codecs; $($dataset),*);
        op_benches!(traverse, Traverse, run, codecs; $($dataset),*);
        op_benches!(floor, Floor, run, codecs; $($dataset),*);
        op_benches!(borrow, Borrow, run, codecs; $($dataset),*);
        op_benches!(clone, CloneFloor, run, codecs; $($dataset),*);
        op_benches!(lend, LendFloor, run, codecs; $($dataset),*);

        /// Format-native rows: the two halves of `encode` for formats with
        /// generated message types.
        mod native {
            op_benches!(build, Build, run_native, native_codecs; $($dataset),*);
            op_benches!(write, Write, run_native, native_codecs; $($dataset),*);
        }
    };
}

serbench_model::for_each_dataset!(dataset_benches);

/// The task-manager sizes of `--sweep`.
const SWEEP_TASKS: [usize; 4] = [100, 1_000, 10_000, 100_000];

/// Whether divan runs each bench once as a test (`cargo test --bench`),
/// where a figure is no measurement: the sweep's larger sizes then run at
/// [`SWEEP_TEST_TASKS`], each still run (and a decode verified), so the time
/// of a test run does not grow with the largest size times every codec.
static TEST_RUN: AtomicBool = AtomicBool::new(false);

/// The largest sweep size a test run builds.
const SWEEP_TEST_TASKS: usize = 1_000;

/// `tasks`, or the test run's cap on it.
fn sweep_tasks(tasks: usize) -> usize {
    if TEST_RUN.load(Ordering::Relaxed) {
        tasks.min(SWEEP_TEST_TASKS)
    } else {
        tasks
    }
}

/// `sweep::encode` at `tasks` tasks.
struct SweepEncode<T> {
    tasks: usize,
    timer: T,
}

impl<T: Timer> PairJob<TaskManager> for SweepEncode<T> {
    type Output = ();

    fn run<C: Codec<TaskManager, Error = Error> + 'static>(self, _: &'static Info) {
        let manager = TaskManager::generate(sweep_tasks(self.tasks));
        let Ok(bytes) = C::to_vec(&manager) else {
            return;
        };
        let mut out = Vec::with_capacity(bytes.len());
        self.timer.time(bytes.len(), &mut || {
            out.clear();
            black_box(C::encode(black_box(&manager), &mut out)).ok();
        });
    }
}

/// `sweep::decode` at `tasks` tasks.
struct SweepDecode<T> {
    tasks: usize,
    timer: T,
}

impl<T: Timer> PairJob<TaskManager> for SweepDecode<T> {
    type Output = ();

    fn run<C: Codec<TaskManager, Error = Error> + 'static>(self, _: &'static Info) {
        let manager = TaskManager::generate(sweep_tasks(self.tasks));
        let Ok(bytes) = C::to_vec(&manager) else {
            return;
        };
        if C::decode(&bytes).ok().as_ref() != Some(&manager) {
            return;
        }
        self.timer.time(bytes.len(), &mut || {
            black_box(C::decode(black_box(&bytes))).ok()
        });
    }
}

/// Task-manager cost against size, for `cargo xtask bench --sweep`.
mod sweep {
    use crate::{Bencher, Info, SWEEP_TASKS, SweepDecode, SweepEncode, TaskManager};

    #[divan::bench(consts = SWEEP_TASKS, args = serbench_codecs::codecs())]
    fn encode<const TASKS: usize>(bencher: Bencher<'_, '_>, codec: &Info) {
        let job = SweepEncode {
            tasks: TASKS,
            timer: bencher,
        };
        crate::run::<TaskManager>(codec, job);
    }

    #[divan::bench(consts = SWEEP_TASKS, args = serbench_codecs::codecs())]
    fn decode<const TASKS: usize>(bencher: Bencher<'_, '_>, codec: &Info) {
        let job = SweepDecode {
            tasks: TASKS,
            timer: bencher,
        };
        crate::run::<TaskManager>(codec, job);
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
                serbench_codecs::run::<D, _>(codec.id, Sizes);
            }
        }
    }

    serbench_codecs::visit_datasets(&mut EachDataset);
}
