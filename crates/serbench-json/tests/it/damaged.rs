//! The kit's damaged encodings (every cut, seeded bit flips, trailing
//! bytes), held to a codec's own memory bound instead of the kit's four
//! times the input: for simd-json, whose tape and buffers take more.
//!
//! The inputs, the small stack and the agreement of decode and traverse
//! are the kit's (`serbench_testkit::hostile`); only the bound differs.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::thread;

use serbench_model::__private::Random;
use serbench_model::{Codec, Dataset};
use serbench_testkit::{Arbitrary, EVERY_CUT_UP_TO, FLIPS, SAMPLED_CUTS, SEED, STACK, measure};

/// Damaged encodings of `D`'s small workload and edge cases decode without
/// a panic, within `expansion` bytes per input byte plus 64 KiB, to an
/// error for every cut and trailer, and traverse as they decode.
pub(crate) fn damaged<C: Codec<D>, D: Dataset + Arbitrary>(expansion: usize) {
    let name = format!("{} {} damaged encodings", C::NAME, D::NAME);
    let outcome = thread::scope(|scope| {
        thread::Builder::new()
            .name(name.clone())
            .stack_size(STACK)
            .spawn_scoped(scope, || check::<C, D>(expansion))
            .expect("a thread can start")
            .join()
            .unwrap_or_else(|_| Err(format!("the check of {name} panicked")))
    });
    if let Err(problem) = outcome {
        panic!("{problem}");
    }
}

fn check<C: Codec<D>, D: Dataset + Arbitrary>(expansion: usize) -> Result<(), String> {
    let small = match D::SIZE_UNIT {
        "tasks" => 40,
        "nodes" => 6,
        _ => 3,
    };
    let mut samples = D::workload(small);
    samples.truncate(3);
    samples.extend(D::edge_cases().into_iter().take(4));
    let samples: Vec<Vec<u8>> = samples.iter().filter_map(|v| C::to_vec(v).ok()).collect();
    let flips = FLIPS.div_ceil(samples.len().max(1));
    let mut random = Random::new(SEED);
    for (index, bytes) in samples.iter().enumerate() {
        let len = bytes.len();
        let cuts: Vec<usize> = if len <= EVERY_CUT_UP_TO {
            (0..len).collect()
        } else {
            let ends = (0..64).chain(len - 64..len);
            ends.chain((0..SAMPLED_CUTS).map(|_| random.below(len as u64) as usize))
                .collect()
        };
        for cut in cuts {
            if decoded::<C, D>(&bytes[..cut], expansion, &|| {
                format!("sample {index} cut to {cut}")
            })? {
                return Err(format!("{} decoded sample {index} cut to {cut}", C::NAME));
            }
        }
        for _ in 0..flips {
            let bit = random.below(len as u64 * 8) as usize;
            let mut flipped = bytes.clone();
            flipped[bit / 8] ^= 1 << (bit % 8);
            decoded::<C, D>(&flipped, expansion, &|| {
                format!("sample {index}, bit {bit} flipped")
            })?;
        }
        for trailer in [&b"\0"[..], b"x", b"\xff\xff\xff\xff"] {
            let longer = [&bytes[..], trailer].concat();
            if decoded::<C, D>(&longer, expansion, &|| {
                format!("sample {index} + {trailer:?}")
            })? {
                return Err(format!("{} accepted sample {index} + {trailer:?}", C::NAME));
            }
        }
    }
    Ok(())
}

/// Whether `bytes` decode, after checking the peak allocation of the decode
/// and the traverse and that the two agree.
fn decoded<C: Codec<D>, D: Dataset>(
    bytes: &[u8],
    expansion: usize,
    what: &dyn Fn() -> String,
) -> Result<bool, String> {
    let bound = bytes.len() * expansion + 64 * 1024;
    let (decoded, peak) = measure(|| catch_unwind(AssertUnwindSafe(|| C::decode(bytes))));
    let (traversed, traverse_peak) =
        measure(|| catch_unwind(AssertUnwindSafe(|| C::traverse(bytes))));
    let (Ok(decoded), Ok(traversed)) = (decoded, traversed) else {
        return Err(format!("{} panicked on {} {}", C::NAME, D::NAME, what()));
    };
    if peak.max(traverse_peak) > bound {
        return Err(format!(
            "{} allocated {} bytes at peak on {} {} of {} bytes; the bound is {bound}",
            C::NAME,
            peak.max(traverse_peak),
            D::NAME,
            what(),
            bytes.len()
        ));
    }
    match (decoded, traversed) {
        (Ok(value), Ok(answer)) if value.traverse() == answer => Ok(true),
        (Err(_), Err(_)) => Ok(false),
        _ => Err(format!(
            "{} decode and traverse disagree on {}",
            C::NAME,
            what()
        )),
    }
}
