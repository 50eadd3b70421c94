//! The positional rows carry documents through their inferred schema.

use serbench_measure::{Build, Codec, Context, ROWS, Schema, UserSchemas, Value};
use serbench_model::{Error, ErrorKind};

const POSITIONAL: &[&str] = &[
    "msgpack-positional",
    "bincode-stock",
    "postcard",
    "bitcode-serde",
];

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

fn codec(id: &str, messages: &[Value], schema: &Schema) -> Result<Box<dyn Codec>, Error> {
    let row = ROWS.iter().find(|row| row.id == id).expect("a row");
    let Build::Carried(build) = row.build else {
        panic!("{id} is unavailable");
    };
    let user = UserSchemas::default();
    build(&Context {
        name: "doc",
        messages,
        schema,
        user: &user,
    })
}

/// Every positional row gives back each message exactly, and refuses
/// every truncation of it.
fn round_trips(messages: &[Value]) {
    let schema = Schema::infer(messages, "doc");
    for id in POSITIONAL {
        let codec = codec(id, messages, &schema).unwrap_or_else(|e| panic!("{id}: {e}"));
        for message in messages {
            let mut bytes = Vec::new();
            codec
                .encode(message, &mut bytes)
                .unwrap_or_else(|e| panic!("{id}: {e}"));
            let back = codec.decode(&bytes).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(message.difference(&back), None, "{id}");
            assert_eq!(&back, message, "{id}");
            for len in 0..bytes.len() {
                assert!(
                    codec.decode(&bytes[..len]).is_err(),
                    "{id}: {len} of {} bytes decoded",
                    bytes.len()
                );
            }
            bytes.push(0);
            assert!(codec.decode(&bytes).is_err(), "{id}: a trailing byte");
        }
    }
}

#[test]
fn nested_objects_with_non_ascii_text() {
    round_trips(&[json(
        r#"{"name": "Zoë", "address": {"city": "Reykjavík", "lines": ["Laugavegur 1", "日本語"],
            "geo": {"lat": 64.1466, "lon": -21.9426}}, "tags": ["ß", "é"], "age": 41}"#,
    )]);
}

#[test]
fn geojson_like_float_pairs() {
    round_trips(&[json(
        r#"{"type": "Feature", "geometry": {"type": "LineString",
            "coordinates": [[102.0, 0.5], [103.0, -1.0e-300], [-0.0, 1.7976931348623157e308]]},
            "properties": {"prop0": "value0"}}"#,
    )]);
}

#[test]
fn a_catalogue_with_optional_keys() {
    round_trips(&[json(
        r#"{"items": [
            {"sku": "a", "price": 9.5, "tags": ["x"]},
            {"sku": "b", "stock": 3},
            {"sku": "c", "price": 1.25, "stock": 0, "discontinued": true}
        ]}"#,
    )]);
}

#[test]
fn a_key_absent_in_one_map_and_null_in_another() {
    round_trips(&[json(
        r#"[{"id": 1, "note": "x"}, {"id": 2}, {"id": 3, "note": null}, {"id": 4, "gone": null}]"#,
    )]);
}

#[test]
fn mixed_int_float_null_lists() {
    round_trips(&[json(r#"{"readings": [1, 2.5, null, -3, 4.0e10, null, 0]}"#)]);
}

#[test]
fn unions_of_record_and_text() {
    round_trips(&[json(
        r#"{"authors": ["Anonymous", {"first": "Ada", "last": "Lovelace"}, "Ibn Sīnā", null,
            {"first": "Alan"}]}"#,
    )]);
}

#[test]
fn a_top_level_list_and_ndjson_messages() {
    round_trips(&[json(r#"[{"a": 1}, {"a": 2, "b": [true, false]}]"#)]);
    round_trips(&[
        json(r#"{"event": "click", "x": 3}"#),
        json(r#"{"event": "scroll", "dy": -1.5}"#),
        json(r#"{"event": "key", "x": null}"#),
    ]);
}

#[test]
fn empty_lists_and_empty_records() {
    round_trips(&[json(
        r#"{"a": [], "b": [[], []], "c": {}, "d": [{}, {}], "e": null}"#,
    )]);
}

#[test]
fn integers_past_i64_and_bytes() {
    round_trips(&[json(
        r#"{"big": [18446744073709551615, 1, 9223372036854775808]}"#,
    )]);
    round_trips(&[Value::Map(vec![
        ("blob".to_owned(), Value::Bytes(vec![0, 255, 7])),
        ("min".to_owned(), Value::Int(i64::MIN)),
        ("nan".to_owned(), Value::Float(f64::NAN)),
    ])]);
}

#[test]
fn integers_that_fit_no_64_bit_type_are_refused_at_build() {
    let messages = [json("[-1, 18446744073709551615]")];
    let schema = Schema::infer(&messages, "doc");
    for id in POSITIONAL {
        let Err(error) = codec(id, &messages, &schema) else {
            panic!("{id} built")
        };
        assert_eq!(error.kind(), ErrorKind::Unsupported, "{id}: {error}");
        assert_eq!(error.codec(), *id);
        assert_eq!(error.position().path(), Some("$[]"), "{id}: {error}");
    }
}

#[test]
fn a_value_the_schema_does_not_admit_is_an_error_with_its_path() {
    let messages = [json(r#"{"items": [{"n": 1, "name": "a"}], "ok": true}"#)];
    let schema = Schema::infer(&messages, "doc");
    // The place, and what the message names there.
    let cases = [
        (
            r#"{"items": [{"n": 1, "name": 2}], "ok": true}"#,
            "$.items[0].name",
            "integer",
        ),
        (
            r#"{"items": [{"n": -1, "name": "a"}], "ok": true}"#,
            "$.items[0].n",
            "non-negative",
        ),
        (
            r#"{"items": [{"name": "a"}], "ok": true}"#,
            "$.items[0]",
            "\"n\"",
        ),
        (r#"{"items": [], "ok": true, "extra": 1}"#, "$", "\"extra\""),
    ];
    // The readers refuse a key given twice, so that value is built by hand:
    // an API caller can still hand one to a codec.
    let twice = Value::Map(vec![
        ("ok".to_owned(), Value::Bool(true)),
        ("items".to_owned(), Value::List(Vec::new())),
        ("ok".to_owned(), Value::Bool(false)),
    ]);
    for id in POSITIONAL {
        let codec = codec(id, &messages, &schema).unwrap();
        for (text, at, says) in cases {
            let error = codec.encode(&json(text), &mut Vec::new()).unwrap_err();
            assert_eq!(
                error.kind(),
                ErrorKind::Unsupported,
                "{id}: {text}: {error}"
            );
            assert_eq!(error.position().path(), Some(at), "{id}: {text}: {error}");
            assert!(error.message().contains(says), "{id}: {text}: {error}");
        }
        let error = codec.encode(&twice, &mut Vec::new()).unwrap_err();
        assert!(
            error.message().contains("\"ok\" is given twice"),
            "{id}: {error}"
        );
    }
}

#[test]
fn many_nulls_in_a_list_round_trip() {
    let nulls = Value::List(vec![Value::Null; 10_000]);
    round_trips(std::slice::from_ref(&Value::Map(vec![(
        "n".to_owned(),
        nulls,
    )])));
}

#[test]
fn declared_lengths_are_checked_against_the_input() {
    let messages = [json(r#"{"n": [null], "t": "x"}"#)];
    let schema = Schema::infer(&messages, "doc");
    // postcard: a list of 2^40 nulls, which take no bytes each.
    let postcard = codec("postcard", &messages, &schema).unwrap();
    // (postcard's error keeps no message of the seed's: only that it fails.)
    assert!(
        postcard
            .decode(&[0x80, 0x80, 0x80, 0x80, 0x80, 0x20, 0x01, b'x'])
            .is_err()
    );
    // bincode: a string of 2^32 bytes in a few bytes of input.
    let bincode = codec("bincode-stock", &messages, &schema).unwrap();
    assert!(bincode.decode(&[0x00, 0xfc, 0, 0, 0, 1, b'x']).is_err());
}
