//! What the benches share: the workloads at benchmark size, encodings
//! checked to round-trip before anything is timed, and the size report.
//!
//! The bench binary (`benches/codecs.rs`) runs divan, or, with
//! `SERBENCH_MODE=sizes`, prints one JSON line per dataset × codec with the
//! round-trip verdict and the encoded, zstd and gzip sizes, or, with
//! `SERBENCH_MODE=time`, times the rows it is asked for. `cargo xtask
//! bench` runs these modes and writes the reports; run it rather than this.
//!
//! Environment, set by the xtask:
//! - `SERBENCH_QUICK=1`: each dataset at its quick size
//!   (`Dataset::QUICK_SIZE`: the graph at 200 nodes instead of the seed
//!   size);
//! - `SERBENCH_MODE=sizes`: the size report instead of divan;
//! - `SERBENCH_MODE=time`: the timing mode (`benches/timing.rs`);
//! - `SERBENCH_CALLGRIND_OUT=FILE`: the timing mode's `--instructions`
//!   runs under Callgrind, which writes the dump of each call of
//!   [`counted`] to `FILE.1`, `FILE.2`, … (its `--callgrind-out-file`).

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::io::Write as _;
use std::sync::{Mutex, OnceLock};

use serbench_codecs::{Info, Tuning};
use serbench_model::{Borrowing, Codec, Dataset};
use serbench_results::{CountedAt, SizeLine};

/// The one function the instruction meter counts: `cargo xtask bench
/// --instructions` runs the bench binary under Callgrind told to count
/// only inside it (`--toggle-collect`) and to write its counts each time it
/// returns (`--dump-after`). It is not generic and never inlined, so that
/// it exists once, under this name, in every build; the row's body comes
/// in through a trait object, so everything the body does is counted and
/// nothing the caller does before or after.
#[inline(never)]
pub fn counted(body: &mut dyn FnMut()) {
    body();
}

/// Runs `body` once inside [`counted`], for Callgrind to count: the
/// `N`th call writes Callgrind's dump `SERBENCH_CALLGRIND_OUT.N`, which
/// xtask reads once the row's line arrives. This process reads nothing
/// back: a dump's size varies from run to run (it names the process id),
/// and reading it here would move the heap under the rows that follow.
///
/// # Errors
///
/// When this process is not running under Callgrind as `cargo xtask
/// bench --instructions` runs it (`SERBENCH_CALLGRIND_OUT` names its
/// output).
pub fn count_instructions(body: &mut dyn FnMut()) -> Result<(), String> {
    if std::env::var_os("SERBENCH_CALLGRIND_OUT").is_none() {
        return Err(
            "--instructions counts under Callgrind: run it through `cargo xtask bench \
                    --instructions`, which starts Valgrind with the options it needs"
                .to_owned(),
        );
    }
    counted(body);
    Ok(())
}

/// Whether the pairs' round trips were verified by another process, so
/// that this one only encodes ([`encodings`]): the instruction meter's,
/// which runs after xtask's sizes pass has verified every pair it names,
/// and under Callgrind, where verifying would cost as much as counting.
static VERIFIED_ELSEWHERE: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// Marks the pairs as verified by another process, so that [`encodings`]
/// only encodes: the instruction meter's process, which runs after xtask's
/// sizes pass has verified every pair it names, and under Callgrind, where
/// verifying would cost as much as counting.
pub fn verified_elsewhere() {
    VERIFIED_ELSEWHERE.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Whether this is a quick run (`SERBENCH_QUICK=1`).
#[must_use]
pub fn quick() -> bool {
    std::env::var_os("SERBENCH_QUICK").is_some_and(|value| value == "1")
}

/// The size this run measures `D` at.
#[must_use]
pub fn size<D: Dataset>() -> usize {
    if quick() {
        D::QUICK_SIZE
    } else {
        D::DEFAULT_SIZE
    }
}

/// A value made once per process and kept for the rest of it, keyed by
/// type: generating the seed graph or encoding it again for every bench
/// would cost more than some benches take.
fn cached<K: 'static, V: Send + Sync + 'static>(make: impl FnOnce() -> V) -> &'static V {
    type Cache = Mutex<HashMap<TypeId, &'static (dyn Any + Send + Sync)>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = || {
        CACHE
            .get_or_init(Mutex::default)
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    };
    let key = TypeId::of::<(K, V)>();
    let found = cache().get(&key).copied();
    let value = if let Some(value) = found {
        value
    } else {
        // Made without the lock held: making one value may need another.
        let fresh: &'static (dyn Any + Send + Sync) = Box::leak(Box::new(make()));
        *cache().entry(key).or_insert(fresh)
    };
    value
        .downcast_ref::<V>()
        .expect("the cache keys each value by its own type")
}

/// The workload of `D` at this run's size.
#[must_use]
pub fn messages<D: Dataset>() -> &'static [D] {
    cached::<D, Vec<D>>(|| D::workload(size::<D>()))
}

/// The encodings of `D`'s workload in `C`, once they have been checked to
/// decode to the same values, traverse to the same answers and borrow as
/// the same values (unless
/// another process checked them: [`verified_elsewhere`]); otherwise why the
/// pair failed.
pub fn encodings<C, D>() -> &'static Result<Vec<Vec<u8>>, String>
where
    C: Codec<D> + 'static,
    D: Dataset,
{
    cached::<(C, D), Result<Vec<Vec<u8>>, String>>(|| {
        let verified = VERIFIED_ELSEWHERE.load(std::sync::atomic::Ordering::Relaxed);
        messages::<D>()
            .iter()
            .enumerate()
            .map(|(index, message)| {
                let bytes = C::to_vec(message).map_err(|error| error.to_string())?;
                if verified {
                    return Ok(bytes);
                }
                let decoded = C::decode(&bytes).map_err(|error| error.to_string())?;
                if decoded != *message {
                    return Err(format!("message {index} changed in a round trip"));
                }
                let answer = C::traverse(&bytes).map_err(|error| error.to_string())?;
                if answer != message.traverse() {
                    return Err(format!(
                        "message {index} traverses to {answer}, not {}",
                        message.traverse()
                    ));
                }
                match C::borrow(&bytes) {
                    Some(Err(error)) => return Err(format!("borrowing: {error}")),
                    Some(Ok(lent)) if lent != message.lend() => {
                        return Err(format!("message {index} borrows as another value"));
                    }
                    _ => {}
                }
                Ok(bytes)
            })
            .collect()
    })
}

/// The verified encodings of a pair, or `None` when its round trip failed:
/// a benchmark run (divan's, `--bench`, or the timing mode,
/// `SERBENCH_MODE=time`) reports such a pair as failed (from the sizes
/// report) and times nothing, while a test run (`cargo test --benches`)
/// fails loudly.
///
/// # Panics
///
/// In a test run, when the pair fails its round trip.
#[must_use]
pub fn verified<C, D>() -> Option<&'static [Vec<u8>]>
where
    C: Codec<D> + 'static,
    D: Dataset,
{
    match encodings::<C, D>() {
        Ok(encodings) => Some(encodings),
        Err(_) if benchmarking() => None,
        Err(problem) => panic!("{} {} fails its round trip: {problem}", D::NAME, C::NAME),
    }
}

/// Whether this process times rows rather than tests them.
fn benchmarking() -> bool {
    std::env::args().any(|arg| arg == "--bench")
        || std::env::var_os("SERBENCH_MODE").is_some_and(|mode| mode == "time")
}

/// The bytes a benchmark pass over the workload reads or writes.
#[must_use]
pub fn total_bytes(encodings: &[Vec<u8>]) -> usize {
    encodings.iter().map(Vec::len).sum()
}

/// The workload the instruction meter counts `D` at, when it is not this
/// run's: the meter counts every dataset at its quick size (the xtask runs
/// it with `SERBENCH_QUICK=1`), which a full run times only where it is
/// the full size too. Made once per dataset, not once per codec: it
/// generates the quick workload to count its messages.
fn counted_at<D: Dataset>() -> Option<CountedAt> {
    cached::<D, Option<CountedAt>>(|| {
        (size::<D>() != D::QUICK_SIZE).then(|| CountedAt {
            size: D::QUICK_SIZE as u64,
            size_label: D::size_label(D::QUICK_SIZE),
            messages: D::workload(D::QUICK_SIZE).len() as u64,
        })
    })
    .clone()
}

/// Prints the size report line of one pair (a [`SizeLine`], the type the
/// xtask reads): what the registry says of the codec, the dataset's size
/// and its label, then the round-trip verdict, encoded bytes and the same
/// bytes compressed, message by message (zstd level 3, gzip level 6: each
/// library's default).
///
/// # Panics
///
/// When serde_json cannot write the line, which holds only strings,
/// numbers and booleans.
pub fn report_sizes<C, D>(info: &Info)
where
    C: Codec<D> + 'static,
    D: Dataset,
{
    let mut line = SizeLine {
        dataset: D::NAME.to_owned(),
        codec: info.id.to_owned(),
        wire_format: info.wire_format.to_owned(),
        library: info.library.to_owned(),
        version: info.version.to_owned(),
        tuned: info.tuning == Tuning::Tuned,
        zero_copy: info.zero_copy,
        borrow_unavailable: match info.borrow {
            Borrowing::Lends => None,
            Borrowing::Unavailable(why) => Some(why.to_owned()),
        },
        size: size::<D>() as u64,
        size_label: D::size_label(size::<D>()),
        messages: messages::<D>().len() as u64,
        counted_at: counted_at::<D>(),
        ..SizeLine::default()
    };
    match encodings::<C, D>() {
        Ok(encodings) => {
            let zstd: usize = encodings
                .iter()
                .map(|bytes| zstd::bulk::compress(bytes, 3).map_or(0, |z| z.len()))
                .sum();
            let gzip: usize = encodings.iter().map(|bytes| gzip_len(bytes)).sum();
            line.ok = true;
            line.size_bytes = total_bytes(encodings) as u64;
            line.zstd_bytes = zstd as u64;
            line.gzip_bytes = gzip as u64;
        }
        Err(problem) => line.error = Some(problem.clone()),
    }
    json_line(&line);
}

/// Writes `line` as one line of JSON on stdout, as xtask reads the bench
/// binary's modes; `false` once stdout is closed or full (the reader went
/// away, and reports what it missed), so a mode stops without a panic.
///
/// # Panics
///
/// If `line` does not serialize: every line is a `serbench_results` type
/// of strings and numbers, so that is a bug here.
pub fn json_line<T: serde::Serialize>(line: &T) -> bool {
    let json = serde_json::to_string(line).expect("a mode's line serializes");
    writeln!(std::io::stdout().lock(), "{json}").is_ok()
}

fn gzip_len(bytes: &[u8]) -> usize {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    let written = encoder.write_all(bytes);
    match (written, encoder.finish()) {
        (Ok(()), Ok(compressed)) => compressed.len(),
        _ => 0,
    }
}
