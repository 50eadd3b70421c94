//! BSON's integers are signed: a log's `size`, the model's one `u64`,
//! round-trips up to `i64::MAX` and is an encode error past it. The kit's
//! log edge cases and arbitrary values, which reach `u64::MAX`, are held
//! here to that instead (`Carries` declares no such capability).

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serbench_bson::{Bson, ErrorKind};
use serbench_model::{Codec, Logs};
use serbench_testkit::{Arbitrary, cases, check_value};

/// The value with every size past `i64::MAX` brought to it, and whether
/// one was.
fn within_int64(mut logs: Logs) -> (Logs, bool) {
    let mut clamped = false;
    for log in &mut logs.logs {
        if i64::try_from(log.size).is_err() {
            log.size = i64::MAX.cast_unsigned();
            clamped = true;
        }
    }
    (logs, clamped)
}

/// A value with a size past `i64::MAX` is refused with its path; the same
/// value within `int64` round-trips.
fn check(logs: &Logs) -> Result<(), String> {
    let (within, clamped) = within_int64(logs.clone());
    if clamped {
        let error = Bson::to_vec(logs).expect_err("a size past i64::MAX");
        if error.kind() != ErrorKind::Unsupported
            || !error
                .position()
                .path()
                .is_some_and(|p| p.ends_with("].size"))
        {
            return Err(format!("a size past i64::MAX refused as {error}"));
        }
    }
    check_value::<Bson, Logs>(&within)
}

#[test]
fn log_edge_cases_within_int64() {
    for (index, value) in Logs::edge_cases().into_iter().enumerate() {
        if let Err(problem) = check(&value) {
            panic!("edge case {index} of log: {problem}");
        }
    }
}

#[test]
fn log_properties_within_int64() {
    let config = Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    };
    let result = TestRunner::new(config).run(&Logs::strategy(), |value| {
        check(&value).map_err(TestCaseError::fail)
    });
    if let Err(failure) = result {
        panic!("{failure}");
    }
}

#[test]
fn a_size_past_int64_names_its_field() {
    let mut logs = Logs::generate(3);
    logs.logs[2].size = u64::MAX;
    let error = Bson::to_vec(&logs).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    assert_eq!(error.position().path(), Some("logs[2].size"));
    assert!(
        error.to_string().contains("18446744073709551615"),
        "{error}"
    );
    logs.logs[2].size = i64::MAX.cast_unsigned();
    let bytes = Bson::to_vec(&logs).unwrap();
    assert_eq!(<Bson as Codec<Logs>>::decode(&bytes).unwrap(), logs);
}
