//! A user's own serde type through every serde row.

use serbench_measure::typed::{SERDE_ROWS, decode, encode};

use crate::SIGNED_64_ONLY;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Order {
    id: u64,
    customer: String,
    lines: Vec<Line>,
    note: Option<String>,
    paid: bool,
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Line {
    sku: String,
    quantity: i32,
    price: f64,
}

/// An order whose id is past `i64::MAX`.
fn order() -> Order {
    Order {
        id: 18_446_744_073_709_551_000,
        customer: "Zoë Ångström".to_owned(),
        lines: vec![
            Line {
                sku: "A-1".to_owned(),
                quantity: -2,
                price: 9.99,
            },
            Line {
                sku: "B-2".to_owned(),
                quantity: 1,
                price: 0.1,
            },
        ],
        note: None,
        paid: true,
    }
}

/// [`order`] as row `id` carries it: with an id within `i64` where the
/// wire format has no larger integer.
fn order_for(id: &str) -> Order {
    let mut order = order();
    if SIGNED_64_ONLY.contains(&id) {
        order.id = i64::MAX.unsigned_abs();
    }
    order
}

#[test]
fn a_derived_struct_round_trips_through_every_serde_row() {
    for id in SERDE_ROWS.iter() {
        let order = order_for(id);
        let mut bytes = Vec::new();
        encode(id, &order, &mut bytes).unwrap_or_else(|e| panic!("{id}: {e}"));
        let back: Order = decode(id, &bytes).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(back, order, "{id}");
    }
}

/// A row whose wire format has no integer past `i64::MAX` refuses one at
/// encode, naming it; every other row carries it.
#[test]
fn an_integer_past_i64_is_carried_or_an_encode_error() {
    let order = order();
    for id in SERDE_ROWS.iter() {
        let written = encode(id, &order, &mut Vec::new());
        if SIGNED_64_ONLY.contains(id) {
            let error = written.unwrap_err();
            assert!(error.contains("18446744073709551000"), "{id}: {error}");
        } else {
            written.unwrap_or_else(|e| panic!("{id}: {e}"));
        }
    }
}

#[test]
fn truncated_typed_bytes_are_an_error() {
    for id in SERDE_ROWS.iter() {
        let order = order_for(id);
        let mut bytes = Vec::new();
        encode(id, &order, &mut bytes).unwrap();
        for len in 0..bytes.len() {
            assert!(
                decode::<Order>(id, &bytes[..len]).is_err(),
                "{id}: {len} of {} bytes decoded",
                bytes.len()
            );
        }
    }
}

#[test]
fn an_unknown_row_is_named() {
    let error = encode("protobuf", &1u8, &mut Vec::new()).unwrap_err();
    assert!(error.contains("\"protobuf\""), "{error}");
    assert!(decode::<u8>("nope", &[0]).is_err());
}

/// `measure_value`: every serde row verified on the user's own type, the
/// figures a record each, the same table as a document's.
#[test]
fn measure_value_verifies_every_serde_row() {
    #[derive(serde::Serialize, serde::Deserialize, PartialEq)]
    struct Reading {
        sensor: String,
        at: u64,
        values: Vec<f64>,
        note: Option<String>,
    }
    let reading = Reading {
        sensor: "außen-1".into(),
        at: u64::MAX,
        values: vec![0.5, -0.0, 1e300],
        note: None,
    };
    let options = serbench_measure::Options {
        untimed: true,
        ..Default::default()
    };
    let measured = serbench_measure::measure_value("reading", &reading, &options);
    let ids: Vec<&str> = measured.records.iter().map(|r| r.codec.as_str()).collect();
    assert_eq!(ids, *serbench_measure::typed::SERDE_ROWS);
    for record in &measured.records {
        if SIGNED_64_ONLY.contains(&record.codec.as_str()) {
            let error = record.error.as_deref().unwrap_or_default();
            assert!(
                !record.ok && error.contains("18446744073709551615"),
                "{}: {error}",
                record.codec
            );
        } else {
            assert!(record.ok, "{}: {:?}", record.codec, record.error);
        }
        assert_eq!(record.size_label, "one value of Reading");
    }
    let table = measured.table();
    assert!(
        table.starts_with("\nreading (one value of Reading)"),
        "{table}"
    );
}

/// A value that does not come back equal fails its row, never timed: a
/// NaN is not equal to itself by the type's own `PartialEq`.
#[test]
fn measure_value_fails_a_row_whose_value_comes_back_unequal() {
    let options = serbench_measure::Options {
        untimed: true,
        codecs: vec!["cbor".to_owned()],
        ..Default::default()
    };
    let measured = serbench_measure::measure_value("nan", &f64::NAN, &options);
    assert!(!measured.records[0].ok);
    assert!(
        measured.records[0]
            .error
            .as_deref()
            .unwrap()
            .contains("not equal"),
        "{:?}",
        measured.records[0].error
    );
}
