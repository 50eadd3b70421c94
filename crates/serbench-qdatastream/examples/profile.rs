//! Encodes or decodes the benchmark's task-manager (10 000 tasks) a few
//! times, for a profiler. The machine the benchmarks run on is shared and
//! its timings noisy; instruction counts are not, so the codec's speed work
//! is measured with callgrind on this program:
//!
//! ```text
//! cargo build --release --example profile -p serbench-qdatastream
//! valgrind --tool=callgrind --collect-atstart=no --toggle-collect='profile::run' \
//!     target/release/examples/profile decode 10
//! ```
//!
//! Only `run` is counted, so the model's generator and the first encode stay
//! out of the figures; divide by the repeat count for one encode or decode.

use std::hint::black_box;
use std::process::ExitCode;

use serbench_model::{Codec, TaskManager};

/// The benchmark's task count.
const TASKS: usize = 10_000;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (Some(direction), repeats) = (args.next(), args.next()) else {
        eprintln!("usage: profile encode|decode [REPEATS]");
        return ExitCode::FAILURE;
    };
    let repeats = repeats.and_then(|n| n.parse().ok()).unwrap_or(10);
    let manager = TaskManager::generate(TASKS);
    let bytes = match serbench_qdatastream::to_vec(&manager) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    let decode = match direction.as_str() {
        "encode" => false,
        "decode" => true,
        other => {
            eprintln!("{other}: expected encode or decode");
            return ExitCode::FAILURE;
        }
    };
    let mut decoded = Vec::with_capacity(repeats);
    match run(&manager, &bytes, decode, repeats, &mut decoded) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}

/// The measured part: `repeats` encodes into a reused buffer, or decodes.
/// Decoded values are kept in `decoded` and dropped after, as the
/// benchmark drops them outside its timing.
#[inline(never)]
fn run(
    manager: &TaskManager,
    bytes: &[u8],
    decode: bool,
    repeats: usize,
    decoded: &mut Vec<TaskManager>,
) -> Result<(), serbench_qdatastream::Error> {
    let mut out = Vec::with_capacity(bytes.len());
    for _ in 0..repeats {
        if decode {
            decoded.push(serbench_qdatastream::from_slice(black_box(bytes))?);
        } else {
            out.clear();
            serbench_qdatastream::QDataStream::encode(black_box(manager), &mut out)?;
            black_box(&out);
        }
    }
    Ok(())
}
