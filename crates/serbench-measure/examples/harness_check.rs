//! Does `serbench measure`'s harness add anything to what it times?
//!
//! `cargo run --release -p serbench-measure --example harness_check --
//! FILE [ROUNDS]` times the json row's decode of a document in one
//! process, alternating, ROUNDS times (default 5): once as `serbench
//! measure` does (the row, its sampler and its figures, through
//! [`serbench_measure::measure`]) and as plain loops around
//! `serde_json::from_slice` into the same [`Value`], fixed batches timed
//! with `Instant`, nothing else. It prints each round's medians and the
//! ratio of each plain loop to the harness, with the harness's own noise
//! beside it: a ratio within that noise says the harness adds nothing.
//!
//! There are two plain loops because there are two compiled copies of the
//! parser: the call written here compiles one in this example, and the
//! json row's own read (serbench-json's serde calls, found through
//! `serbench_codecs::serde_codec`) is compiled in that library crate. Two
//! more columns tell where a difference comes from: the same loop into a
//! `serde_json::Value` (what the value type costs), and the json row's own
//! codec timed by the harness's sampler (`serbench_results::sampling`)
//! outside `measure`. Odd rounds time the harness first, even rounds the
//! plain loop. With `--shuffle-heap` each round first allocates blocks of
//! pseudo-random sizes and keeps some ([`shuffle_heap`]), so that the
//! rounds meet the allocator in different states.

use std::hint::black_box;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use serbench_measure::{Codec, Document, Options, Value};
use serbench_results::sampling;

/// Samples per plain-loop timing, as many as the harness takes at most.
const SAMPLES: usize = 100;

/// A sample of the plain loop lasts at least this long, in nanoseconds.
const SAMPLE_NS: u128 = 2_000_000;

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let shuffle = args.iter().any(|arg| arg == "--shuffle-heap");
    args.retain(|arg| arg != "--shuffle-heap");
    let Some(path) = args.first().cloned() else {
        eprintln!("usage: harness_check FILE [ROUNDS] [--shuffle-heap]");
        return ExitCode::from(2);
    };
    let rounds: usize = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(5);
    let document = match Document::read(Path::new(&path), None) {
        Ok(document) => document,
        Err(error) => {
            eprintln!("harness_check: {error}");
            return ExitCode::FAILURE;
        }
    };
    let encoded: Vec<Vec<u8>> = document
        .messages
        .iter()
        .map(|message| serde_json::to_vec(message).expect("a read document writes as JSON"))
        .collect();
    let options = Options {
        codecs: vec!["json".to_owned()],
        ..Options::default()
    };
    let Some(codec) = json_codec(&document) else {
        eprintln!("harness_check: the json row cannot carry {path}");
        return ExitCode::FAILURE;
    };
    let Some(row_read) = serbench_codecs::serde_codec::<Value>("json") else {
        eprintln!("harness_check: this build has no json codec");
        return ExitCode::FAILURE;
    };
    println!(
        "round  harness ns  noise   plain ns  plain/harness  library ns  library/harness  serde_json::Value ns  sampler ns"
    );
    let mut ratios = Vec::new();
    let mut same_crate_ratios = Vec::new();
    for round in 1..=rounds {
        // Odd rounds time the harness first, even rounds the plain loop
        // first, so that neither always runs on the other's warm caches.
        let _layout = shuffle.then(|| shuffle_heap(round as u64));
        let early = (round % 2 == 0).then(|| {
            plain_loop(&encoded, |bytes| {
                serde_json::from_slice::<Value>(bytes).map(drop).is_ok()
            })
        });
        let measured = match serbench_measure::measure(&document, &options, &mut |_| {}) {
            Ok(measured) => measured,
            Err(error) => {
                eprintln!("harness_check: {error}");
                return ExitCode::FAILURE;
            }
        };
        let Some(decode) = measured
            .records
            .iter()
            .find(|record| record.codec == "json")
            .and_then(|record| record.ops.decode.clone())
        else {
            eprintln!("harness_check: the json row did not time a decode (see `serbench measure`)");
            return ExitCode::FAILURE;
        };
        let plain = early.unwrap_or_else(|| {
            plain_loop(&encoded, |bytes| {
                serde_json::from_slice::<Value>(bytes).map(drop).is_ok()
            })
        });
        let row_codec = sampled(codec.as_ref(), &encoded);
        let library = plain_loop(&encoded, |bytes| row_read.decode(bytes).is_ok());
        let generic = plain_loop(&encoded, |bytes| {
            serde_json::from_slice::<serde_json::Value>(bytes)
                .map(drop)
                .is_ok()
        });
        let ratio = plain / decode.median_ns;
        ratios.push(ratio);
        let same_crate = library / decode.median_ns;
        same_crate_ratios.push(same_crate);
        println!(
            "{round:>5}  {:>10.0}  {:>5.1}%  {plain:>9.0}  {ratio:>13.3}  {library:>10.0}  {same_crate:>13.3}  {generic:>20.0}  {row_codec:>10.0}",
            decode.median_ns,
            decode.noise.unwrap_or(f64::NAN) * 100.0,
        );
    }
    for (name, ratios) in [("plain", &mut ratios), ("library", &mut same_crate_ratios)] {
        ratios.sort_by(f64::total_cmp);
        println!(
            "{name}/harness over {rounds} rounds: median {:.3}, from {:.3} to {:.3}",
            ratios[ratios.len() / 2],
            ratios[0],
            ratios[ratios.len() - 1]
        );
    }
    ExitCode::SUCCESS
}

/// The json row's codec, built for `document` as `measure` builds it.
fn json_codec(document: &Document) -> Option<Box<dyn Codec>> {
    let schema = serbench_measure::Schema::infer(&document.messages, &document.name);
    let user = serbench_measure::UserSchemas::default();
    let context = serbench_measure::Context {
        name: &document.name,
        messages: &document.messages,
        schema: &schema,
        user: &user,
    };
    serbench_measure::ROWS
        .iter()
        .find(|row| row.id == "json")?
        .codec(&context)
        .ok()
}

/// The median nanoseconds per message of `codec`'s decode of every
/// message, timed by the harness's own sampler, outside `measure`.
fn sampled(codec: &dyn Codec, encoded: &[Vec<u8>]) -> f64 {
    let mut body = || {
        for bytes in encoded {
            drop(black_box(codec.decode(black_box(bytes))));
        }
    };
    sampling::warm_up(&mut body);
    let (_, mut samples) = sampling::sample(SAMPLES, Duration::from_secs(3), &mut body);
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2] / encoded.len() as f64
}

/// The median nanoseconds per message of `decode` over every message,
/// in batches of a fixed count that last at least [`SAMPLE_NS`].
fn plain_loop(encoded: &[Vec<u8>], mut decode: impl FnMut(&[u8]) -> bool) -> f64 {
    let mut once = || {
        for bytes in encoded {
            assert!(black_box(decode(black_box(bytes))), "the document decodes");
        }
    };
    once();
    let start = Instant::now();
    once();
    let first = start.elapsed().as_nanos().max(1);
    let batch = usize::try_from(SAMPLE_NS / first + 1).unwrap_or(usize::MAX);
    let mut samples: Vec<f64> = (0..SAMPLES)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..batch {
                once();
            }
            start.elapsed().as_secs_f64() * 1e9 / (batch * encoded.len()) as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// Blocks of pseudo-random sizes (one up to 4 MiB, then up to 2 000 of
/// 16 to 4 095 bytes), about half of them, at random, kept until the
/// round ends: each round then meets the heap in another state, so a figure that
/// follows where the allocator puts things shows as a spread over rounds
/// rather than as a fixed difference.
fn shuffle_heap(seed: u64) -> Vec<Vec<u8>> {
    // xorshift64, enough to scatter sizes; the seed is the round, so a
    // rerun meets the same states.
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        usize::try_from(state % (1 << 32)).unwrap_or(0)
    };
    let mut blocks = vec![vec![1_u8; next() % (4 << 20)]];
    for _ in 0..next() % 2000 {
        blocks.push(vec![1_u8; 16 + next() % 4080]);
    }
    blocks.retain(|_| next() % 2 == 0);
    blocks
}
