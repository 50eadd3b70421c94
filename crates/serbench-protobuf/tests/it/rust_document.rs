//! The `protobuf-rust` row's document path: rust-protobuf's `MessageDyn`
//! over the schema the `protobuf` row writes, by the same mapping, so it
//! writes prost-reflect's bytes for every document of `data/measure/`.

use std::path::Path;

use serbench_document::codec::{Codec, Context, DocumentCodec, UserSchemas};
use serbench_document::schema::Schema;
use serbench_document::value::Value;
use serbench_model::ErrorKind;
use serbench_protobuf::{Protobuf, ProtobufRust};

use crate::layout::{Fields, varint};

/// Both rows' codecs of the document `name` made of `messages`.
fn both(name: &str, messages: &[Value]) -> (Box<dyn Codec>, Box<dyn Codec>) {
    let schema = Schema::infer(messages, name);
    let user = UserSchemas::default();
    let context = Context {
        name,
        messages,
        schema: &schema,
        user: &user,
    };
    (
        Protobuf::document(&context).unwrap(),
        ProtobufRust::document(&context).unwrap(),
    )
}

/// The messages of `data/measure/{name}`: one document, or one a line.
fn messages(name: &str) -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/measure")
        .join(name);
    let text = std::fs::read_to_string(path).unwrap();
    if name.ends_with(".ndjson") {
        text.lines()
            .filter(|line| !line.trim().is_empty())
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    } else {
        vec![serde_json::from_str(&text).unwrap()]
    }
}

#[test]
fn every_measure_document_round_trips_in_prost_reflects_bytes() {
    for name in [
        "api-issues.json",
        "routes.geojson.json",
        "catalogue.json",
        "access-log.ndjson",
        "social-search.json",
        "social-statuses.ndjson",
    ] {
        let messages = messages(name);
        let (prost, rust) = both(name, &messages);
        assert_eq!(prost.schema_files(), rust.schema_files(), "{name}");
        for (i, message) in messages.iter().enumerate() {
            let (mut ours, mut theirs) = (Vec::new(), Vec::new());
            rust.encode(message, &mut ours).unwrap();
            prost.encode(message, &mut theirs).unwrap();
            assert!(ours == theirs, "{name} message {i}: the rows' bytes differ");
            let back = rust.decode(&ours).unwrap();
            assert_eq!(
                back.difference_in_any_key_order(message),
                None,
                "{name} {i}"
            );
        }
    }
}

/// Values whose presence only a field written when set keeps: a zero in
/// an `optional` field and in a oneof, `-0.0`, an empty list beside a
/// missing one, nulls.
#[test]
fn defaults_and_nulls_keep_their_presence() {
    let map = |entries: Vec<(&str, Value)>| {
        Value::Map(
            entries
                .into_iter()
                .map(|(key, value)| (key.to_owned(), value))
                .collect(),
        )
    };
    let messages = [
        map(vec![
            ("n", Value::Int(0)),
            ("x", Value::Float(-0.0)),
            ("u", Value::Int(0)),
            ("s", Value::Text(String::new())),
            ("l", Value::List(vec![])),
            ("big", Value::UInt(u64::MAX)),
            ("neg", Value::List(vec![Value::Int(-1), Value::Int(0)])),
        ]),
        map(vec![
            ("n", Value::Null),
            ("u", Value::Text(String::new())),
            ("s", Value::Text("a".to_owned())),
            ("big", Value::Int(0)),
            ("neg", Value::List(vec![])),
        ]),
        map(vec![
            ("u", Value::Bool(false)),
            ("s", Value::Text(String::new())),
            ("l", Value::List(vec![Value::Null, Value::Bool(true)])),
            ("big", Value::Int(1)),
            ("neg", Value::List(vec![Value::Int(i64::MIN)])),
        ]),
    ];
    let (prost, rust) = both("doc", &messages);
    for message in &messages {
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        rust.encode(message, &mut ours).unwrap();
        prost.encode(message, &mut theirs).unwrap();
        assert_eq!(ours, theirs, "{message:?}");
        let back = rust.decode(&ours).unwrap();
        assert_eq!(back.difference_in_any_key_order(message), None);
        assert_eq!(
            back.difference_in_any_key_order(&prost.decode(&ours).unwrap()),
            None
        );
    }
}

#[test]
fn refusals_name_the_row_and_the_path() {
    let doc = Value::Map(vec![(
        "a".to_owned(),
        Value::List(vec![Value::Int(1), Value::Int(2)]),
    )]);
    let (_, rust) = both("doc", std::slice::from_ref(&doc));
    let mut out = Vec::new();
    let wrong = Value::Map(vec![(
        "a".to_owned(),
        Value::List(vec![Value::Int(1), Value::Text("x".to_owned())]),
    )]);
    let error = rust.encode(&wrong, &mut out).unwrap_err();
    assert_eq!(error.codec(), "protobuf-rust");
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    assert_eq!(error.position().path(), Some("$.a[1]"));
    let unknown = Value::Map(vec![("b".to_owned(), Value::Int(1))]);
    let error = rust.encode(&unknown, &mut out).unwrap_err();
    assert_eq!(error.position().path(), Some("$"), "{error}");

    // A packed field declaring 2^40 bytes and holding 3: refused before
    // rust-protobuf reserves room for it.
    let mut huge = Fields::default().key(1, 2).0;
    huge.extend(varint(1 << 40));
    huge.extend_from_slice(b"abc");
    let error = rust.decode(&huge).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Truncated);
    assert_eq!(error.position().offset(), Some(0));
    // Unknown groups nested 10,000 deep: the library's recursion limit.
    let error = rust.decode(&vec![0x7b; 10_000]).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Limit, "{error}");
    // Field number 0, then a key cut short: the library's own refusals.
    for input in [vec![0u8], vec![0x08, 0xff]] {
        let error = rust.decode(&input).unwrap_err();
        assert_eq!(error.codec(), "protobuf-rust");
        assert!(error.position().offset().is_some(), "{error}");
    }
}

#[test]
fn a_document_nested_past_the_libraries_limit_is_refused_when_built() {
    let chain = |levels: usize| {
        (1..levels).fold(
            Value::Map(vec![("n".to_owned(), Value::Int(1))]),
            |inner, _| Value::Map(vec![("next".to_owned(), inner)]),
        )
    };
    // The outermost message and 100 nested in it decode.
    let doc = chain(101);
    let (_, rust) = both("chain", std::slice::from_ref(&doc));
    let mut bytes = Vec::new();
    rust.encode(&doc, &mut bytes).unwrap();
    assert_eq!(rust.decode(&bytes).unwrap(), doc);
    let deeper = chain(102);
    let schema = Schema::infer(std::slice::from_ref(&deeper), "chain");
    let error = ProtobufRust::document(&Context {
        name: "chain",
        messages: std::slice::from_ref(&deeper),
        schema: &schema,
        user: &UserSchemas::default(),
    })
    .err()
    .unwrap();
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    assert_eq!(error.codec(), "protobuf-rust");
}
