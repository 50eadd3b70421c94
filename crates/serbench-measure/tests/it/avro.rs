//! The avro row: inferred `.avsc`, round trips, the user's own schema.

use std::path::PathBuf;

use serbench_measure::{UserSchemas, Value};
use serbench_model::ErrorKind;

use crate::schema_formats::{build, documents, json, round_trip};

#[test]
fn avro_round_trips_realistic_documents() {
    for messages in documents() {
        round_trip("avro", &messages);
    }
}

#[test]
fn avro_writes_the_inferred_schema() {
    let messages = [
        json(r#"{"id": 1, "first name": "Ann", "email": "a@x", "score": 2.5}"#),
        json(r#"{"id": 2, "first name": "Bo", "email": null}"#),
        json(r#"{"id": 3, "first name": "Cy"}"#),
    ];
    let codec = round_trip("avro", &messages);
    let files = codec.schema_files();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].name, "doc.avsc");
    let text = &files[0].text;
    for wanted in [
        r#""type": "record""#,
        r#""name": "Doc""#,
        r#""name": "id",
      "type": "long""#,
        r#""name": "first_name",
      "doc": "first name",
      "type": "string""#,
        // Absent and null: a branch of its own for the absence.
        r#""name": "Absent""#,
        r#""default": {}"#,
        // Only absent: null means absent.
        r#""type": ["null", "double"],
      "default": null"#,
    ] {
        assert!(text.contains(wanted), "{wanted} not in\n{text}");
    }
}

#[test]
fn avro_wraps_a_document_that_is_not_a_map() {
    let messages = [json("[1, 2, 3]")];
    let codec = round_trip("avro", &messages);
    let text = &codec.schema_files()[0].text;
    assert!(text.contains(r#""name": "value""#), "{text}");
    let mut bytes = Vec::new();
    codec.encode(&messages[0], &mut bytes).unwrap();
    // One block of 3 (zigzag 6), 2, 4, 6, then the closing 0.
    assert_eq!(bytes, [6, 2, 4, 6, 0]);
}

#[test]
fn avro_refuses_integers_past_i64() {
    let messages = [json(r#"{"big": 18446744073709551615}"#)];
    let error = build("avro", "doc", &messages, &UserSchemas::default())
        .err()
        .unwrap();
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    assert_eq!(error.position().path(), Some("$.big"));
    assert!(error.message().contains("signed"), "{error}");
}

fn user_schema(name: &str, text: &str) -> UserSchemas {
    let dir = std::env::temp_dir().join(format!("serbench-measure-avro-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, text).unwrap();
    UserSchemas {
        avsc: Some(path),
        ..UserSchemas::default()
    }
}

const CATALOG: &str = r#"{
  "type": "record", "name": "Catalog", "namespace": "shop",
  "fields": [
    {"name": "title", "type": "string"},
    {"name": "items", "type": {"type": "array", "items": {
      "type": "record", "name": "Item",
      "fields": [
        {"name": "sku", "type": "string", "aliases": ["id"]},
        {"name": "price", "type": "long"},
        {"name": "size", "type": {"type": "enum", "name": "Size", "symbols": ["S", "M", "L"]}},
        {"name": "note", "type": ["null", "string"], "default": null},
        {"name": "qty", "type": "int", "default": 1}
      ]}}}
  ]
}"#;

#[test]
fn avro_writes_with_the_users_schema() {
    let user = user_schema("catalog.avsc", CATALOG);
    let message = json(
        r#"{"title": "Spring", "items": [
            {"sku": "a", "price": 5, "size": "M", "note": "ok", "qty": 2},
            {"sku": "b", "price": -1, "size": "L", "note": null, "qty": 7}]}"#,
    );
    let codec = build("avro", "catalog", std::slice::from_ref(&message), &user).unwrap();
    assert!(codec.schema_files().is_empty());
    let mut bytes = Vec::new();
    codec.encode(&message, &mut bytes).unwrap();
    assert_eq!(codec.decode(&bytes).unwrap(), message);

    // An alias finds the field, a default fills the missing ones.
    let short = json(r#"{"title": "T", "items": [{"id": "c", "price": 1, "size": "S"}]}"#);
    bytes.clear();
    codec.encode(&short, &mut bytes).unwrap();
    let back = codec.decode(&bytes).unwrap();
    let filled = json(
        r#"{"title": "T", "items": [{"sku": "c", "price": 1, "size": "S", "note": null, "qty": 1}]}"#,
    );
    assert_eq!(back, filled);
}

#[test]
fn avro_names_the_field_that_does_not_fit_the_users_schema() {
    let user = user_schema("catalog2.avsc", CATALOG);
    let bad = json(
        r#"{"title": "T", "items": [
            {"sku": "a", "price": 1, "size": "S"},
            {"sku": "b", "price": 1, "size": "S"},
            {"sku": "c", "price": 1, "size": "S"},
            {"sku": "d", "price": "cheap", "size": "S"}]}"#,
    );
    let codec = build("avro", "catalog", std::slice::from_ref(&bad), &user).unwrap();
    let error = codec.encode(&bad, &mut Vec::new()).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    assert_eq!(error.position().path(), Some("$.items[3].price"));
    assert_eq!(error.message(), "expected long, found text");

    let stray = json(r#"{"title": "T", "items": [], "extra": 1}"#);
    let error = codec.encode(&stray, &mut Vec::new()).unwrap_err();
    assert!(error.message().contains("\"extra\""), "{error}");

    let symbol = json(r#"{"title": "T", "items": [{"sku": "a", "price": 1, "size": "XL"}]}"#);
    let error = codec.encode(&symbol, &mut Vec::new()).unwrap_err();
    assert_eq!(error.position().path(), Some("$.items[0].size"), "{error}");

    let missing = json(r#"{"items": []}"#);
    let error = codec.encode(&missing, &mut Vec::new()).unwrap_err();
    assert_eq!(error.position().path(), Some("$.title"), "{error}");
}

#[test]
fn avro_refuses_a_schema_that_does_not_parse() {
    let user = user_schema("broken.avsc", r#"{"type": "record", "name": "X"}"#);
    let messages = [Value::Map(Vec::new())];
    let error = build("avro", "x", &messages, &user).err().unwrap();
    assert_eq!(error.kind(), ErrorKind::Invalid);
    assert!(error.message().contains("broken.avsc"), "{error}");
}
