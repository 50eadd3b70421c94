//! How much a piece of code allocates: a counting global allocator with
//! per-thread accounting, which the conformance kit's memory checks, the
//! bench binary's allocation pass and `serbench measure` all read.
//!
//! Test binaries run their tests on parallel threads, so a process-wide
//! count would mix one test's decode with another's. Each thread counts
//! its own bytes instead: those it allocates minus those it frees, and the
//! highest that sum reaches. [`tally`] resets the counts and reports them:
//! the blocks and bytes allocated and the most memory the code held at
//! once (a block freed by another thread, or allocated before the
//! measurement and freed during it, only lowers the count).
//!
//! A program that also times code (the `serbench` binary) turns counting
//! off ([`count_by_default`]) so that its timed loops pay one relaxed
//! atomic load per allocation, not the counting; [`tally`] counts while it
//! runs whatever the default.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether allocations are counted outside [`tally`].
static COUNTING: AtomicBool = AtomicBool::new(true);

/// Whether [`CountingAllocator`] counts when no [`tally`] runs: on unless
/// turned off. The memory checks of the kit leave it on.
pub fn count_by_default(on: bool) {
    COUNTING.store(on, Ordering::Relaxed);
}

/// A global allocator that counts: the system allocator, counting per
/// thread. The kit's `conformance_tests!` installs it in a test binary,
/// the `serbench` binary in itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct CountingAllocator;

thread_local! {
    /// Bytes this thread allocated minus those it freed, since the last
    /// [`measure`] started.
    static LIVE: Cell<isize> = const { Cell::new(0) };
    /// The highest `LIVE` reached since then.
    static PEAK: Cell<isize> = const { Cell::new(0) };
    /// Blocks this thread allocated since then, and their bytes.
    static ALLOCATED: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

/// Adds `change` bytes to this thread's count. The thread-locals have
/// constant initializers and no destructor, so touching them never
/// allocates and works while a thread starts and ends.
fn count(change: isize) {
    if !COUNTING.load(Ordering::Relaxed) {
        return;
    }
    let live = LIVE.get().wrapping_add(change);
    LIVE.set(live);
    if live > PEAK.get() {
        PEAK.set(live);
    }
}

/// Counts a new block of `size` bytes (not a reallocation, which divan's
/// profiler also leaves out of its allocation count).
fn allocated(size: usize) {
    if !COUNTING.load(Ordering::Relaxed) {
        return;
    }
    let (blocks, bytes) = ALLOCATED.get();
    ALLOCATED.set((
        blocks.wrapping_add(1),
        bytes.wrapping_add(u64::try_from(size).unwrap_or(u64::MAX)),
    ));
    count(signed(size));
}

fn signed(size: usize) -> isize {
    isize::try_from(size).unwrap_or(isize::MAX)
}

#[allow(
    unsafe_code,
    reason = "a global allocator implements an unsafe trait; this one forwards every call \
              unchanged to the system allocator and only counts sizes"
)]
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees for `layout` are System's.
        let block = unsafe { System.alloc(layout) };
        if !block.is_null() {
            allocated(layout.size());
        }
        block
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let block = unsafe { System.alloc_zeroed(layout) };
        if !block.is_null() {
            allocated(layout.size());
        }
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // SAFETY: `block` came from System with `layout`, as the caller
        // guarantees for this allocator, which only forwards.
        unsafe { System.dealloc(block, layout) };
        count(-signed(layout.size()));
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `dealloc`, and the caller's guarantees for
        // `new_size` are System's.
        let moved = unsafe { System.realloc(block, layout, new_size) };
        if !moved.is_null() {
            // A reallocation that moves holds both blocks while it copies,
            // so the peak counts both.
            count(signed(new_size));
            count(-signed(layout.size()));
        }
        moved
    }
}

/// Runs `f` and returns its result with the most bytes this thread held
/// allocated at once while it ran (its result included, if it allocates).
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let (result, tally) = tally(f);
    (result, tally.peak)
}

/// What a piece of code allocated on this thread: the allocation figures
/// of the bench binary and of `serbench measure`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Blocks allocated (reallocations not counted).
    pub allocations: u64,
    /// Bytes in those blocks.
    pub bytes: u64,
    /// The most bytes held at once, as [`measure`] counts them.
    pub peak: usize,
}

/// Runs `f` and returns its result with what it allocated on this thread,
/// counting while it runs even where counting is off by default.
pub fn tally<R>(f: impl FnOnce() -> R) -> (R, Tally) {
    let by_default = COUNTING.swap(true, Ordering::Relaxed);
    LIVE.set(0);
    PEAK.set(0);
    ALLOCATED.set((0, 0));
    let result = f();
    COUNTING.store(by_default, Ordering::Relaxed);
    let (allocations, bytes) = ALLOCATED.get();
    let tally = Tally {
        allocations,
        bytes,
        peak: usize::try_from(PEAK.get()).unwrap_or(0),
    };
    (result, tally)
}

/// Whether [`CountingAllocator`] is this process's global allocator. The
/// memory checks would pass vacuously without it.
#[must_use]
pub fn installed() -> bool {
    let (_, peak) = measure(|| std::hint::black_box(Vec::<u8>::with_capacity(1024)));
    peak >= 1024
}
