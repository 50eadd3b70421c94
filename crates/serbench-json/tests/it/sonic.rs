//! sonic-rs under the conformance kit: every test of `conformance_tests!`,
//! but for the edge cases and properties of the datasets with floats,
//! where a value holding `-0.0`, which sonic-rs cannot read back, must be
//! an encode error instead of a round trip.

use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serbench_json::{ErrorKind, Json, JsonSonic};
use serbench_model::{Codec, Dataset, Mesh, Players, SensorReading, Updates};
use serbench_testkit::{Arbitrary, Needs, check_value};
use serde::Serialize;
use serde_json::Value;

use crate::hostile::Sonic;

serbench_testkit::conformance_tests!(
    JsonSonic,
    hostile = Sonic,
    skip(
        telemetry::edge_cases,
        telemetry::properties,
        mesh::edge_cases,
        mesh::properties,
        minecraft::edge_cases,
        minecraft::properties,
        mk48::edge_cases,
        mk48::properties
    ) = "a value holding -0.0, which sonic-rs cannot read back, must be an encode error: \
        the tests below hold each dataset with floats to that",
    global_allocator = false,
);
serbench_testkit::document_tests!(JsonSonic, Sonic);

/// Whether a float of `tree` (serde_json's reading of a value) is `-0.0`.
fn holds_negative_zero(tree: &Value) -> bool {
    match tree {
        Value::Number(number) => number
            .as_f64()
            .is_some_and(|value| value == 0.0 && value.is_sign_negative()),
        Value::Array(items) => items.iter().any(holds_negative_zero),
        Value::Object(fields) => fields.values().any(holds_negative_zero),
        _ => false,
    }
}

/// A field path as the codecs write it (`updates[0].contacts[1].transform.position[0]`)
/// as a JSON pointer (`/updates/0/contacts/1/transform/position/0`).
fn pointer(path: &str) -> String {
    let mut pointer = String::from("/");
    pointer.extend(path.chars().filter_map(|c| match c {
        '.' | '[' => Some('/'),
        ']' => None,
        c => Some(c),
    }));
    pointer
}

/// A value round-trips exactly, is refused as any JSON codec refuses it
/// (NaN, infinities), or holds `-0.0` and is refused naming a field that
/// holds it.
fn checked<D>(value: &D) -> Result<(), String>
where
    D: Dataset + Needs + Serialize,
    JsonSonic: Codec<D>,
    Json: Codec<D>,
{
    let tree = serde_json::to_value(value).map_err(|error| error.to_string())?;
    if Json::to_vec(value).is_err() || !holds_negative_zero(&tree) {
        return check_value::<JsonSonic, D>(value);
    }
    match JsonSonic::to_vec(value) {
        Err(error) if error.kind() == ErrorKind::Unsupported => {
            let path = error.position().path().unwrap_or_default();
            let held = tree.pointer(&pointer(path)).and_then(Value::as_f64);
            match held {
                Some(zero) if zero == 0.0 && zero.is_sign_negative() => Ok(()),
                other => Err(format!("refused at `{path}`, which holds {other:?}")),
            }
        }
        other => Err(format!("a value with -0.0 gave {other:?}")),
    }
}

fn edge_cases<D>()
where
    D: Dataset + Needs + Serialize + Arbitrary,
    JsonSonic: Codec<D>,
    Json: Codec<D>,
{
    for (index, value) in D::edge_cases().iter().enumerate() {
        if let Err(problem) = checked(value) {
            panic!("{} edge case {index}: {problem}", D::NAME);
        }
    }
}

fn properties<D>()
where
    D: Dataset + Needs + Serialize + Arbitrary,
    JsonSonic: Codec<D>,
    Json: Codec<D>,
{
    let config = Config {
        cases: serbench_testkit::cases(),
        failure_persistence: None,
        ..Config::default()
    };
    let result = TestRunner::new(config).run(&D::strategy(), |value| {
        checked(&value).map_err(TestCaseError::fail)
    });
    if let Err(failure) = result {
        panic!("{}: {failure}", D::NAME);
    }
}

macro_rules! with_floats {
    ($($edge_cases:ident, $properties:ident: $dataset:ty;)*) => {$(
        #[test]
        fn $edge_cases() {
            edge_cases::<$dataset>();
        }

        #[test]
        fn $properties() {
            properties::<$dataset>();
        }
    )*};
}

with_floats!(
    telemetry_edge_cases, telemetry_properties: SensorReading;
    mesh_edge_cases, mesh_properties: Mesh;
    minecraft_edge_cases, minecraft_properties: Players;
    mk48_edge_cases, mk48_properties: Updates;
);

#[test]
fn a_path_is_a_pointer() {
    assert_eq!(pointer("light"), "/light");
    assert_eq!(
        pointer("updates[0].contacts[12].transform.position[1]"),
        "/updates/0/contacts/12/transform/position/1"
    );
}

/// sonic-rs lends a string without an escape, copies one with an escape,
/// and borrows the task-manager with an allocation per list (printed with
/// `--nocapture`).
#[test]
fn borrow_lends_unescaped_strings() {
    use serbench_model::TaskManager;
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
