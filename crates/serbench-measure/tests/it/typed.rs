//! A user's own serde type through every serde row.

use serbench_measure::typed::{SERDE_ROWS, decode, encode};
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

#[test]
fn a_derived_struct_round_trips_through_every_serde_row() {
    let order = order();
    for id in SERDE_ROWS {
        let mut bytes = Vec::new();
        encode(id, &order, &mut bytes).unwrap_or_else(|e| panic!("{id}: {e}"));
        let back: Order = decode(id, &bytes).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(back, order, "{id}");
    }
}

#[test]
fn truncated_typed_bytes_are_an_error() {
    let order = order();
    for id in SERDE_ROWS {
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
