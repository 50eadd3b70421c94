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

/// sonic-rs lends a string without an escape, copies one with an escape,
/// and borrows the task-manager with an allocation per list (printed with
/// `--nocapture`).
#[test]
fn borrow_lends_unescaped_strings() {
    use serbench_model::{Dataset, TaskManager};
    use serbench_testkit::tally;

    let manager = &TaskManager::workload(TaskManager::DEFAULT_SIZE)[0];
    let bytes = JsonSonic::to_vec(manager).unwrap();
    let ((), owned) = tally(|| drop(<JsonSonic as Codec<TaskManager>>::decode(&bytes)));
    let ((), lent) = tally(|| drop(<JsonSonic as Codec<TaskManager>>::borrow(&bytes)));
    println!(
        "json-sonic: task-manager decode {} allocations, borrow {}",
        owned.allocations, lent.allocations
    );
    assert!(lent.allocations <= 25, "{} allocations", lent.allocations);

    let mut escaped = TaskManager::generate(1);
    escaped.user = "Demo \"User\"".to_owned();
    let bytes = JsonSonic::to_vec(&escaped).unwrap();
    let lent = <JsonSonic as Codec<TaskManager>>::borrow(&bytes)
        .expect("a borrowed decode")
        .unwrap();
    assert!(!lent.user.is_borrowed() && lent.lists[0].header.name.is_borrowed());
    assert_eq!(lent, escaped.lend());
}
