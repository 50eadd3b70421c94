//! The document paths of the `protobuf-rust` and `protobuf-buffa` rows:
//! rust-protobuf's `MessageDyn` and buffa-descriptor's `DynamicMessage`
//! over the schema the `protobuf` row writes, by the same mapping, so they
//! write prost-reflect's bytes for every document of `data/measure/`.

use std::path::Path;

use serbench_document::codec::{Codec, Context, DocumentCodec, UserSchemas};
use serbench_document::schema::Schema;
use serbench_document::value::Value;
use serbench_model::ErrorKind;
use serbench_protobuf::{Protobuf, ProtobufBuffa, ProtobufRust};

use crate::layout::{Fields, varint};

/// A row's id and its codec of a document.
type Row = (&'static str, Box<dyn Codec>);

/// The `protobuf` row's codec of the document `name` made of `messages`,
/// and the other rows' with their ids.
fn rows(name: &str, messages: &[Value]) -> (Box<dyn Codec>, [Row; 2]) {
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
        [
            ("protobuf-rust", ProtobufRust::document(&context).unwrap()),
            ("protobuf-buffa", ProtobufBuffa::document(&context).unwrap()),
        ],
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
        let (prost, others) = rows(name, &messages);
        for (row, codec) in &others {
            assert_eq!(prost.schema_files(), codec.schema_files(), "{name}");
            for (i, message) in messages.iter().enumerate() {
                let (mut ours, mut theirs) = (Vec::new(), Vec::new());
                codec.encode(message, &mut ours).unwrap();
                prost.encode(message, &mut theirs).unwrap();
                assert!(ours == theirs, "{row} {name} message {i}: bytes differ");
                let back = codec.decode(&ours).unwrap();
                let off = back.difference_in_any_key_order(message);
                assert_eq!(off, None, "{row} {name} {i}");
            }
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
    let (prost, others) = rows("doc", &messages);
    for (row, codec) in &others {
        for message in &messages {
            let (mut ours, mut theirs) = (Vec::new(), Vec::new());
            codec.encode(message, &mut ours).unwrap();
            prost.encode(message, &mut theirs).unwrap();
            assert_eq!(ours, theirs, "{row} {message:?}");
            let back = codec.decode(&ours).unwrap();
            assert_eq!(back.difference_in_any_key_order(message), None, "{row}");
        }
    }
}

#[test]
fn refusals_name_the_row_and_the_path() {
    let doc = Value::Map(vec![(
        "a".to_owned(),
        Value::List(vec![Value::Int(1), Value::Int(2)]),
    )]);
    let (_, [(_, rust), (_, buffa)]) = rows("doc", std::slice::from_ref(&doc));
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
    let error = buffa.encode(&wrong, &mut out).unwrap_err();
    assert_eq!(error.codec(), "protobuf-buffa");
    assert_eq!(error.position().path(), Some("$.a[1]"));

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
        let error = buffa.decode(&input).unwrap_err();
        assert_eq!(error.codec(), "protobuf-buffa");
    }
    // buffa checks each length before it reserves, and counts nesting.
    let error = buffa.decode(&huge).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Truncated, "{error}");
    let error = buffa.decode(&vec![0x7b; 10_000]).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Limit, "{error}");
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
    let (_, others) = rows("chain", std::slice::from_ref(&doc));
    for (row, codec) in &others {
        let mut bytes = Vec::new();
        codec.encode(&doc, &mut bytes).unwrap();
        assert_eq!(codec.decode(&bytes).unwrap(), doc, "{row}");
    }
    let deeper = chain(102);
    let schema = Schema::infer(std::slice::from_ref(&deeper), "chain");
    let user = UserSchemas::default();
    let context = Context {
        name: "chain",
        messages: std::slice::from_ref(&deeper),
        schema: &schema,
        user: &user,
    };
    let error = ProtobufRust::document(&context).err().unwrap();
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    assert_eq!(error.codec(), "protobuf-rust");
    let error = ProtobufBuffa::document(&context).err().unwrap();
    assert_eq!(error.codec(), "protobuf-buffa");
}

/// rust-protobuf holds a slot for every field a message declares, so
/// maps that each hold one of many keys are refused by that row, under
/// the rule of the formats that write every field, and carried by the
/// rows whose messages hold only the fields set.
#[test]
fn maps_of_varying_keys_are_refused_by_the_row_that_holds_every_field() {
    let sparse = |count: i64| {
        Value::List(
            (0..count)
                .map(|i| Value::Map(vec![(format!("f{i}"), Value::Int(i))]))
                .collect(),
        )
    };
    let build =
        |doc: &Value, row: fn(&Context<'_>) -> Result<Box<dyn Codec>, serbench_model::Error>| {
            let messages = std::slice::from_ref(doc);
            let schema = Schema::infer(messages, "sparse");
            let user = UserSchemas::default();
            let context = Context {
                name: "sparse",
                messages,
                schema: &schema,
                user: &user,
            };
            row(&context)
        };
    // 250 maps of 250 declared fields: 62 500, within the 65 536 fields
    // any document may take.
    let small = sparse(250);
    let codec = build(&small, ProtobufRust::document).unwrap();
    let mut bytes = Vec::new();
    codec.encode(&small, &mut bytes).unwrap();
    assert_eq!(codec.decode(&bytes).unwrap(), small);
    // 3 000 maps: 9 million slots for 6 001 values.
    let wide = sparse(3_000);
    let error = build(&wide, ProtobufRust::document).err().unwrap();
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    assert_eq!(error.codec(), "protobuf-rust");
    assert!(
        error
            .to_string()
            .contains("9000000 record fields for 6001 values"),
        "{error}"
    );
    for row in [Protobuf::document, ProtobufBuffa::document] {
        let codec = build(&wide, row).unwrap();
        let mut bytes = Vec::new();
        codec.encode(&wide, &mut bytes).unwrap();
        assert_eq!(codec.decode(&bytes).unwrap(), wide);
    }
}

/// Every cut of a real encoding, and the same bytes with one byte
/// changed at each place, decode to a value or an error, never a panic.
#[test]
fn damaged_encodings_are_errors_or_values() {
    let messages = messages("api-issues.json");
    let (prost, others) = rows("api-issues", &messages);
    let mut bytes = Vec::new();
    prost.encode(&messages[0], &mut bytes).unwrap();
    let step = (bytes.len() / 400).max(1);
    for (_, codec) in &others {
        for cut in (0..bytes.len()).step_by(step) {
            let _ = codec.decode(&bytes[..cut]);
            for flip in [0x80, 0x07, 0xff] {
                let mut damaged = bytes.clone();
                damaged[cut] ^= flip;
                let _ = codec.decode(&damaged);
            }
        }
    }
}
