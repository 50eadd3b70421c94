//! The program whose size says what a codec costs a binary.
//!
//! `cargo xtask bench --compile-times` builds it in release once with no
//! codec feature (the baseline) and once per codec with that codec's
//! feature alone (`--no-default-features --features json`), and reports
//! each binary's bytes less the baseline's, stripped and unstripped. Both
//! builds make the same task-manager value and print its traverse answer,
//! so the difference is the code that encodes and decodes it: the codec,
//! its library and what they pull in, not the model or the generator.
//!
//! A codec build encodes the value, decodes it back and checks it is the
//! same, so the linker keeps both directions, then prints one line: the
//! codec's id, its package and the encoded size.

use std::hint::black_box;
use std::process::ExitCode;

use serbench_codecs::{Info, PairJob};
use serbench_model::{Codec, Dataset, Error, TaskManager};

/// Encodes the value, decodes it back and checks they are equal.
struct RoundTrip(TaskManager);

impl PairJob<TaskManager> for RoundTrip {
    type Output = Result<usize, String>;

    fn run<C: Codec<TaskManager, Error = Error> + 'static>(
        self,
        info: &'static Info,
    ) -> Self::Output {
        let bytes = C::to_vec(&self.0).map_err(|e| e.to_string())?;
        let back = C::decode(black_box(&bytes)).map_err(|e| e.to_string())?;
        if back == self.0 {
            Ok(bytes.len())
        } else {
            Err(format!("{} decoded a different task-manager", info.id))
        }
    }
}

fn main() -> ExitCode {
    // The size comes from the command line so that the optimiser cannot
    // evaluate the generator at compile time in one build and not the
    // other.
    let size = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(TaskManager::QUICK_SIZE);
    let value = TaskManager::workload(size).remove(0);
    println!("answer {}", value.traverse());
    for info in serbench_codecs::codecs() {
        match serbench_codecs::run::<TaskManager, _>(info.id, RoundTrip(value.clone())) {
            Some(Ok(encoded)) => println!("codec {} {} {encoded}", info.id, info.package()),
            Some(Err(error)) => {
                eprintln!("code_size: {error}");
                return ExitCode::FAILURE;
            }
            None => {
                eprintln!("code_size: {} is listed but cannot be run", info.id);
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
