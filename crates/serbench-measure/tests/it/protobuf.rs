//! The protobuf row: the schema written from a document, round trips
//! through it, and the user's own `.proto`.

use std::path::PathBuf;

use serbench_measure::{Codec, UserSchemas, Value};
use serbench_model::{Error, ErrorKind};

use crate::schema_formats::json;

/// The protobuf codec for `messages`, named `name`, or why not.
fn build(name: &str, messages: &[Value], user: &UserSchemas) -> Result<Box<dyn Codec>, Error> {
    crate::schema_formats::build("protobuf", name, messages, user)
}

/// Every message encodes and decodes back to itself; returns the codec.
fn round_trip(name: &str, messages: &[Value]) -> Box<dyn Codec> {
    let codec = build(name, messages, &UserSchemas::default()).unwrap();
    for message in messages {
        let mut bytes = Vec::new();
        codec.encode(message, &mut bytes).unwrap();
        let back = codec.decode(&bytes).unwrap();
        assert_eq!(
            message.difference(&back),
            None,
            "{}",
            codec.schema_files()[0].text
        );
    }
    codec
}

#[test]
fn nested_objects_with_non_ascii_text() {
    round_trip(
        "people",
        &[json(
            r#"{"name": "Zoë Ñúñez", "city": {"name": "Zürich", "zip": "8001", "geo": {"lat": 47.37, "lon": 8.54}},
                "bio": "日本語のテキスト 🎉", "age": 0, "score": -0.0, "active": false, "tags": []}"#,
        )],
    );
}

#[test]
fn geojson_like_float_pairs() {
    round_trip(
        "shape",
        &[json(
            r#"{"type": "Polygon", "coordinates": [[[102.0, 2.0], [103.0, 2.0], [103.0, 3.0], [102.0, 2.0]]]}"#,
        )],
    );
}

#[test]
fn catalogue_with_optional_and_null_keys() {
    let catalogue = json(
        r#"{"items": [
            {"id": 1, "title": "Tea", "price": 3.5, "note": null, "tags": ["green"]},
            {"id": 2, "title": "", "note": "strong"},
            {"id": 18446744073709551615, "title": "Cup", "price": 12.0, "tags": []}
        ]}"#,
    );
    let codec = round_trip("catalogue", &[catalogue]);
    // "note" is absent, null and text: a oneof message keeps the three apart.
    let text = &codec.schema_files()[0].text;
    assert!(text.contains("NullableString note = 4;"), "{text}");
    assert!(text.contains("uint64 id = 1;"), "{text}");
    assert!(text.contains("StringList tags = 5;"), "{text}");
}

#[test]
fn mixed_int_float_null_lists_and_a_top_level_array() {
    round_trip(
        "mixed",
        &[json(
            r#"[1, 2.5, null, -3, "x", [1, [2]], {"a": true}, []]"#,
        )],
    );
    round_trip("numbers", &[json("[1, -2, 3.25, null]")]);
    round_trip("scalar", &[json(r#""just text""#)]);
}

#[test]
fn empty_lists_and_null_only_keys() {
    round_trip(
        "empty",
        &[json(
            r#"{"a": [], "b": null, "c": [[]], "d": [null, null]}"#,
        )],
    );
}

#[test]
fn ndjson_messages_with_keys_absent_in_some() {
    round_trip(
        "lines",
        &[
            json(r#"{"id": 1, "x": [1, 2]}"#),
            json(r#"{"id": 2}"#),
            json(r#"{"id": 3, "x": null}"#),
        ],
    );
}

#[test]
fn bytes_and_non_finite_floats() {
    let doc = Value::Map(vec![
        ("raw".to_owned(), Value::Bytes(vec![0, 255, 7])),
        ("nan".to_owned(), Value::Float(f64::NAN)),
        ("inf".to_owned(), Value::Float(f64::NEG_INFINITY)),
    ]);
    round_trip("blob", &[doc]);
}

#[test]
fn the_written_proto_for_a_small_document() {
    let codec = round_trip(
        "small doc",
        &[json(
            r#"{"id": -1, "first name": "Ada", "scores": [1.5, null], "tags": ["x"]}"#,
        )],
    );
    let files = codec.schema_files();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].name, "small doc.proto");
    let text = &files[0].text;
    assert!(text.contains("syntax = \"proto3\";"), "{text}");
    assert!(text.contains("message SmallDoc {"), "{text}");
    assert!(text.contains("  sint64 id = 1;"), "{text}");
    assert!(
        text.contains("  // The key \"first name\".\n  string first_name = 2;"),
        "{text}"
    );
    assert!(
        text.contains("  repeated NullableDouble scores = 3;"),
        "{text}"
    );
    assert!(text.contains("  repeated string tags = 4;"), "{text}");
    assert!(text.contains("message Null {}"), "{text}");
    assert!(
        text.contains("message NullableDouble {\n  oneof value {\n    Null null_value = 1;\n    double float_value = 2;\n  }\n}"),
        "{text}"
    );
}

#[test]
fn unique_message_names_beside_a_record_named_null() {
    round_trip("doc", &[json(r#"{"null": {"x": null}, "list": [[1]]}"#)]);
}

#[test]
fn integers_that_fit_no_64_bit_type_are_refused() {
    let error = build(
        "big",
        &[json(r#"{"n": [-1, 18446744073709551615]}"#)],
        &UserSchemas::default(),
    )
    .err()
    .unwrap();
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    assert_eq!(error.position().path(), Some("$.n[]"), "{error}");
}

#[test]
fn keys_out_of_the_schemas_order_are_found_by_name() {
    let messages = [json(r#"{"a": 1, "b": 2}"#)];
    let codec = build("d", &messages, &UserSchemas::default()).unwrap();
    let reordered = json(r#"{"b": 2, "a": 1}"#);
    let mut bytes = Vec::new();
    codec.encode(&reordered, &mut bytes).unwrap();
    let back = codec.decode(&bytes).unwrap();
    assert_eq!(reordered.difference_in_any_key_order(&back), None);
    let error = codec
        .encode(&json(r#"{"b": 2, "c": 1}"#), &mut Vec::new())
        .unwrap_err();
    assert!(error.message().contains("\"c\""), "{error}");
}

/// A `.proto` of the user's, written where the tests keep their files.
fn user_schema(name: &str, text: &str, message: &str) -> UserSchemas {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("protobuf-user");
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join(name);
    std::fs::write(&path, text).unwrap();
    UserSchemas {
        proto: Some((path, message.to_owned())),
        avsc: None,
    }
}

const SHOP: &str = r#"
syntax = "proto3";
package shop;

enum Colour {
  COLOUR_UNKNOWN = 0;
  RED = 1;
}

message Item {
  string name = 1;
  double price = 2;
  optional int32 stock = 3;
  Colour colour = 4;
  oneof id {
    string sku = 5;
    uint64 number = 6;
  }
}

message Catalogue {
  string title = 1;
  repeated Item items = 2;
  optional Item featured_item = 3;
  bytes logo = 4;
}
"#;

#[test]
fn a_users_schema_round_trips_a_document_that_fits() {
    let user = user_schema("shop.proto", SHOP, "Catalogue");
    let doc = json(
        r#"{"title": "Café", "items": [
            {"name": "Tea", "price": 3.5, "stock": 0, "colour": "RED", "sku": "T-1"},
            {"name": "Cup", "price": 0.0, "colour": "COLOUR_UNKNOWN", "number": 7}
        ], "featuredItem": {"name": "Pot", "price": 20.25, "colour": "RED"}, "logo": []}"#,
    );
    // JSON has no bytes: the document's logo is built as a byte string.
    let Value::Map(mut entries) = doc else {
        panic!()
    };
    entries[3].1 = Value::Bytes(vec![1, 2]);
    let doc = Value::Map(entries);
    let codec = build("shop", std::slice::from_ref(&doc), &user).unwrap();
    assert!(codec.schema_files().is_empty());
    let mut bytes = Vec::new();
    codec.encode(&doc, &mut bytes).unwrap();
    assert_eq!(doc.difference(&codec.decode(&bytes).unwrap()), None);
}

#[test]
fn a_users_imports_are_read_under_the_schemas_caps() {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("protobuf-imports");
    std::fs::create_dir_all(&folder).unwrap();
    let write = |name: &str, text: &str| std::fs::write(folder.join(name), text).unwrap();
    let user = |main: &str| UserSchemas {
        proto: Some((folder.join(main), "Main".to_owned())),
        avsc: None,
    };
    let doc = json(r#"{"part": {"n": 1}}"#);
    write(
        "part.proto",
        "syntax = \"proto3\";\nmessage Part { int64 n = 1; }\n",
    );
    write(
        "main.proto",
        "syntax = \"proto3\";\nimport \"part.proto\";\nimport \"google/protobuf/empty.proto\";\nmessage Main { Part part = 1; }\n",
    );
    let codec = build("main", std::slice::from_ref(&doc), &user("main.proto")).unwrap();
    let mut bytes = Vec::new();
    codec.encode(&doc, &mut bytes).unwrap();
    assert_eq!(doc.difference(&codec.decode(&bytes).unwrap()), None);

    // Each import is small, yet together past the 1 MiB they share.
    let half = serbench_measure::input::MAX_SCHEMA_BYTES as usize / 2;
    let padded = |n: u32| {
        format!(
            "syntax = \"proto3\";\nmessage P{n} {{}}\n// {}\n",
            "x".repeat(half)
        )
    };
    write("big1.proto", &padded(1));
    write("big2.proto", &padded(2));
    write(
        "wide.proto",
        "syntax = \"proto3\";\nimport \"big1.proto\";\nimport \"big2.proto\";\nmessage Main { int64 n = 1; }\n",
    );
    let error = build("wide", &[json(r#"{"n": 1}"#)], &user("wide.proto"))
        .err()
        .unwrap();
    assert_eq!(error.kind(), ErrorKind::Limit);
    assert!(
        error.message().contains("its imports past the 1 MiB"),
        "{error}"
    );

    // An import nested past the limit never reaches protox's parser.
    let deep = format!(
        "syntax = \"proto3\";\nmessage D {{ option deprecated = {}{}; }}\n",
        "{a: ".repeat(200),
        "}".repeat(200)
    );
    write("deep.proto", &deep);
    write(
        "uses_deep.proto",
        "syntax = \"proto3\";\nimport \"deep.proto\";\nmessage Main { int64 n = 1; }\n",
    );
    let error = build("deep", &[json(r#"{"n": 1}"#)], &user("uses_deep.proto"))
        .err()
        .unwrap();
    assert_eq!(error.kind(), ErrorKind::Limit);
    assert!(error.message().contains("nesting deeper than"), "{error}");
}

#[test]
fn a_users_schema_names_the_place_that_does_not_fit() {
    let user = user_schema("shop_mismatch.proto", SHOP, "shop.Catalogue");
    let doc = json(
        r#"{"title": "x", "items": [
            {"name": "a", "price": 1.5, "colour": "RED"},
            {"name": "b", "price": "cheap", "colour": "RED"}
        ], "logo": []}"#,
    );
    let error = build("shop", &[doc], &user).err().unwrap();
    assert_eq!(error.position().path(), Some("$.items[1].price"));
    assert_eq!(error.message(), "expected double, found text");
}

#[test]
fn a_users_schema_refuses_what_would_not_come_back() {
    let user = user_schema("shop_refuse.proto", SHOP, "Catalogue");
    // "title" has no presence: left out, it would come back as "".
    let error = build("shop", &[json(r#"{"items": [], "logo": []}"#)], &user)
        .err()
        .unwrap();
    assert_eq!(error.position().path(), Some("$"));
    assert!(error.message().contains("\"title\" is absent"), "{error}");
    let error = build(
        "shop",
        &[json(r#"{"title": null, "items": [], "logo": []}"#)],
        &user,
    )
    .err()
    .unwrap();
    assert_eq!(error.position().path(), Some("$.title"));
    assert!(
        error.message().starts_with("expected string, found null"),
        "{error}"
    );
}

#[test]
fn a_missing_message_lists_the_files_messages() {
    let user = user_schema("shop_missing.proto", SHOP, "Basket");
    let error = build("shop", &[json("{}")], &user).err().unwrap();
    assert!(error.message().contains("no message Basket"), "{error}");
    assert!(error.message().contains("shop.Catalogue"), "{error}");
}

#[test]
fn keyword_keys_and_clashing_json_names() {
    round_trip(
        "words",
        &[json(
            r#"{"option": 1, "message": "x", "optional": [1], "repeated": null, "reserved": true,
                "oneof": 2.0, "syntax": 1, "map": {"a": 1}, "string": "s", "import": 1, "enum": 3,
                "service": 4, "returns": 6, "group": 7, "int64": 9, "max": 10, "true": 12}"#,
        )],
    );
    // protoc refuses proto3 fields whose JSON names clash ("Null", "null").
    let codec = round_trip(
        "clash",
        &[json(
            r#"{"Null": 1, "null": {"x": null}, "first name": 2, "first_name": 3}"#,
        )],
    );
    let text = &codec.schema_files()[0].text;
    assert!(
        text.contains("  int64 Null = 1;\n  // The key \"null\".\n  ClashNull null_2 = 2;"),
        "{text}"
    );
    assert!(text.contains("int64 first_name = 3;"), "{text}");
    assert!(text.contains("int64 first_name_2 = 4;"), "{text}");
}

#[test]
fn field_numbers_skip_the_range_protobuf_keeps() {
    // Field 19 000 would be the 19 000th key: numbering goes on at 20 000.
    let entries: Vec<(String, Value)> = (0..19_010)
        .map(|i| (format!("k{i}"), Value::Int(i)))
        .collect();
    let codec = round_trip("wide", &[Value::Map(entries)]);
    let text = &codec.schema_files()[0].text;
    assert!(text.contains("int64 k18998 = 18999;"), "k18998");
    assert!(text.contains("int64 k18999 = 20000;"), "k18999");
    assert!(text.contains("int64 k19009 = 20010;"), "k19009");
    assert!(!(19_000..20_000).any(|n| text.contains(&format!(" = {n};"))));
}
