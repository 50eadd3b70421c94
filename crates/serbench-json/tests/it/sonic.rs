//! sonic-rs under the conformance kit: every test of `conformance_tests!`,
//! but for telemetry's edge cases and properties, where a reading of
//! `-0.0`, which sonic-rs cannot read back, must be an encode error
//! instead of a round trip.

use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serbench_json::{ErrorKind, JsonSonic};
use serbench_model::{Codec, SensorReading};
use serbench_testkit::{Arbitrary, check_value};

use crate::hostile::Sonic;

serbench_testkit::conformance_tests!(
    JsonSonic,
    hostile = Sonic,
    skip(telemetry::edge_cases, telemetry::properties) = "a reading of -0.0, which sonic-rs \
        cannot read back, must be an encode error: `telemetry_edge_cases` and \
        `telemetry_properties` below hold it to that",
    global_allocator = false,
);
serbench_testkit::document_tests!(JsonSonic, Sonic);

/// A reading round-trips exactly, is refused as any JSON codec refuses it
/// (NaN, infinities), or holds `-0.0` and is refused naming the field.
fn reading(value: &SensorReading) -> Result<(), String> {
    let readings = value.readings();
    let negative_zero = SensorReading::READING_NAMES
        .into_iter()
        .zip(readings)
        .find(|(_, reading)| *reading == 0.0 && reading.is_sign_negative())
        .filter(|_| readings.iter().all(|reading| reading.is_finite()));
    match negative_zero {
        None => check_value::<JsonSonic, SensorReading>(value),
        Some((name, _)) => match JsonSonic::to_vec(value) {
            Err(error)
                if error.kind() == ErrorKind::Unsupported
                    && error.position().path() == Some(name) =>
            {
                Ok(())
            }
            other => Err(format!("-0.0 in {name} gave {other:?}")),
        },
    }
}

#[test]
fn telemetry_edge_cases() {
    for (index, value) in SensorReading::edge_cases().iter().enumerate() {
        if let Err(problem) = reading(value) {
            panic!("edge case {index}: {problem}");
        }
    }
}

#[test]
fn telemetry_properties() {
    let config = Config {
        cases: serbench_testkit::cases(),
        failure_persistence: None,
        ..Config::default()
    };
    let result = TestRunner::new(config).run(&SensorReading::strategy(), |value| {
        reading(&value).map_err(TestCaseError::fail)
    });
    if let Err(failure) = result {
        panic!("{failure}");
    }
}
