//! The conformance kit (the `testkit` feature): every codec crate runs it in
//! one line, so a new format is checked the moment it exists.
//!
//! ```ignore
//! // crates/serbench-<format>/tests/it.rs
//! serbench_model::conformance_tests!(serbench_json::Json);
//! ```
//!
//! For each of the five datasets that expands to four tests:
//!
//! - `generated`: the benchmark workload at full size round-trips exactly,
//!   encodes the same bytes twice, appends to a non-empty buffer, and
//!   [`Codec::traverse`] gives the same answer as the value;
//! - `edge_cases`: hand-picked values (nil and max ids, nanoseconds and odd
//!   offsets, control characters, huge strings, NaN payloads, −0.0,
//!   subnormals, extreme integers) round-trip exactly when the format
//!   [carries](crate::Carries) them and are encode errors when it does not;
//! - `properties`: the same over arbitrary values (`PROPTEST_CASES`, default
//!   64, sets how many);
//! - `hostile`: truncations, bit flips and trailing bytes give `Err` (or,
//!   for a flip, any `Ok`; for a truncation in a format that cannot detect
//!   one (see `Format::DETECTS_TRUNCATION`), an `Ok` that is
//!   not the original), never a panic.

#![allow(
    clippy::missing_panics_doc,
    reason = "the kit's checks fail by panicking, as tests do"
)]

mod arbitrary;
mod needs;

use std::fmt::Debug;
use std::panic::{AssertUnwindSafe, catch_unwind};

use proptest::test_runner::{Config, TestCaseError, TestRunner};

pub use self::arbitrary::{Arbitrary, float, string, timestamp, uuid};
pub use self::needs::Needs;
use crate::random::Random;
use crate::{Codec, Dataset};

/// The property-test case count: `PROPTEST_CASES`, else 64.
#[must_use]
pub fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(64)
}

/// Checks one value against the format's declared capabilities: a value it
/// carries round-trips exactly (and traverses to the same answer); a value
/// it does not carry is an encode error.
pub fn check_value<C, D>(value: &D) -> Result<(), String>
where
    C: Codec<D>,
    D: Dataset + Needs,
{
    let needs = value.needs();
    let carried = C::CARRIES.covers(needs);
    let mut bytes = Vec::new();
    match (C::encode(value, &mut bytes), carried) {
        (Ok(()), true) => {}
        (Ok(()), false) => {
            return Err(format!(
                "{} encoded a {} value needing {needs:?}, which it declares it cannot carry; \
                 that must be an encode error",
                C::NAME,
                D::NAME
            ));
        }
        (Err(error), true) => {
            return Err(format!(
                "{} failed to encode a {} value it carries: {error}",
                C::NAME,
                D::NAME
            ));
        }
        (Err(error), false) if error.to_string().is_empty() => {
            return Err(format!("{} refused a value with an empty message", C::NAME));
        }
        (Err(_), false) => return Ok(()),
    }
    let decoded = C::decode(&bytes).map_err(|error| {
        format!(
            "{} cannot decode its own {} encoding: {error}",
            C::NAME,
            D::NAME
        )
    })?;
    if decoded != *value {
        return Err(format!(
            "{} changed a {} value in a round trip",
            C::NAME,
            D::NAME
        ));
    }
    let answer = C::traverse(&bytes).map_err(|error| {
        format!(
            "{} cannot traverse its own {} encoding: {error}",
            C::NAME,
            D::NAME
        )
    })?;
    if answer != value.traverse() {
        return Err(format!(
            "{} traverses {} to {answer}, the value to {}",
            C::NAME,
            D::NAME,
            value.traverse()
        ));
    }
    Ok(())
}

/// The benchmark workload round-trips exactly; see the module docs.
pub fn generated<C, D>()
where
    C: Codec<D>,
    D: Dataset + Needs,
{
    for (index, message) in D::workload(D::DEFAULT_SIZE).iter().enumerate() {
        let bytes = encode::<C, D>(message);
        let again = encode::<C, D>(message);
        assert!(
            bytes == again,
            "{} encodes {} message {index} differently twice",
            C::NAME,
            D::NAME
        );
        let mut appended = b"prefix".to_vec();
        C::encode(message, &mut appended).expect("encoded once already");
        assert!(
            appended.starts_with(b"prefix") && appended[6..] == bytes,
            "{} does not append to the buffer it is given",
            C::NAME
        );
        if let Err(problem) = check_value::<C, D>(message) {
            panic!("message {index}: {problem}");
        }
    }
}

/// Hand-picked edge values; see the module docs.
pub fn edge_cases<C, D>()
where
    C: Codec<D>,
    D: Dataset + Needs + Arbitrary,
{
    for (index, value) in D::edge_cases().iter().enumerate() {
        if let Err(problem) = check_value::<C, D>(value) {
            panic!("edge case {index} of {}: {problem}\n{value:?}", D::NAME);
        }
    }
}

/// Arbitrary values; see the module docs.
pub fn properties<C, D>()
where
    C: Codec<D>,
    D: Dataset + Needs + Arbitrary,
{
    let config = Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let result = runner.run(&D::strategy(), |value| {
        check_value::<C, D>(&value).map_err(TestCaseError::fail)
    });
    if let Err(failure) = result {
        panic!("{failure}");
    }
}

/// Damaged encodings never panic; see the module docs.
pub fn hostile<C, D>()
where
    C: Codec<D>,
    D: Dataset + Needs + Arbitrary,
{
    let mut samples = D::workload(quick_size::<D>());
    samples.truncate(3);
    samples.extend(D::edge_cases().into_iter().take(4));
    let mut random = Random::new(0x0405_711e);
    for value in &samples {
        let mut bytes = Vec::new();
        if C::encode(value, &mut bytes).is_err() {
            continue;
        }
        for cut in cuts(bytes.len(), &mut random) {
            let result = decode_guarded::<C, D>(&bytes[..cut], || {
                format!("truncated to {cut} of {} bytes", bytes.len())
            });
            // A format that cannot tell a cut message from a smaller one must
            // at least not return the original.
            let accepted = match result {
                Ok(decoded) => C::DETECTS_TRUNCATION || decoded == *value,
                Err(_) => false,
            };
            assert!(
                !accepted,
                "{} decoded {} truncated to {cut} of {} bytes",
                C::NAME,
                D::NAME,
                bytes.len()
            );
        }
        // An empty encoding (protobuf's empty message) has no bit to flip.
        let flips = if bytes.is_empty() { 0 } else { 200 };
        for _ in 0..flips {
            let bit = random.below(bytes.len() as u64 * 8) as usize;
            let mut flipped = bytes.clone();
            flipped[bit / 8] ^= 1 << (bit % 8);
            let _ = decode_guarded::<C, D>(&flipped, || format!("bit {bit} flipped"));
        }
        for trailer in [&b"\0"[..], b"x", b"\xff\xff\xff\xff"] {
            let mut longer = bytes.clone();
            longer.extend_from_slice(trailer);
            let result = decode_guarded::<C, D>(&longer, || format!("trailing {trailer:?}"));
            assert!(
                result.is_err(),
                "{} accepted trailing bytes {trailer:?} after {}",
                C::NAME,
                D::NAME
            );
        }
    }
}

/// A size small enough to truncate at many places.
fn quick_size<D: Dataset>() -> usize {
    match D::SIZE_UNIT {
        "tasks" => 40,
        "nodes" => 6,
        _ => 3,
    }
}

/// Every cut of a short encoding; for a long one the first and last 64 and
/// 512 seeded ones in between.
fn cuts(len: usize, random: &mut Random) -> Vec<usize> {
    if len <= 4_096 {
        return (0..len).collect();
    }
    let mut cuts: Vec<usize> = (0..64).chain(len - 64..len).collect();
    cuts.extend((0..512).map(|_| random.below(len as u64) as usize));
    cuts
}

fn encode<C: Codec<D>, D: Dataset>(value: &D) -> Vec<u8> {
    let mut bytes = Vec::new();
    if let Err(error) = C::encode(value, &mut bytes) {
        panic!(
            "{} cannot encode the generated {}: {error}",
            C::NAME,
            D::NAME
        );
    }
    bytes
}

/// Decodes, turning a panic into a test failure that says which input.
fn decode_guarded<C, D>(bytes: &[u8], what: impl Fn() -> String) -> Result<D, C::Error>
where
    C: Codec<D>,
    D: Dataset + Debug,
{
    catch_unwind(AssertUnwindSafe(|| C::decode(bytes)))
        .unwrap_or_else(|_| panic!("{} panicked decoding {} {}", C::NAME, D::NAME, what()))
}

/// Expands to the kit's tests for one codec: a module per dataset, each
/// with `generated`, `edge_cases`, `properties` and `hostile`.
#[macro_export]
macro_rules! conformance_tests {
    ($codec:ty) => {
        $crate::conformance_tests!(@dataset $codec, task_manager, $crate::TaskManager);
        $crate::conformance_tests!(@dataset $codec, telemetry, $crate::SensorReading);
        $crate::conformance_tests!(@dataset $codec, graph, $crate::Graph);
        $crate::conformance_tests!(@dataset $codec, records, $crate::Record);
        $crate::conformance_tests!(@dataset $codec, media, $crate::MediaContent);
    };
    (@dataset $codec:ty, $name:ident, $dataset:ty) => {
        mod $name {
            #[allow(unused_imports, reason = "the codec path may name an item of the parent")]
            use super::*;

            #[test]
            fn generated() {
                $crate::testkit::generated::<$codec, $dataset>();
            }

            #[test]
            fn edge_cases() {
                $crate::testkit::edge_cases::<$codec, $dataset>();
            }

            #[test]
            fn properties() {
                $crate::testkit::properties::<$codec, $dataset>();
            }

            #[test]
            fn hostile() {
                $crate::testkit::hostile::<$codec, $dataset>();
            }
        }
    };
}
