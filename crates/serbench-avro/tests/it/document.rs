//! A document's datum goes through the walk the datasets' do, over a shape
//! built from its schema: a lying length or count is refused with its
//! offset before apache-avro reads it, and a schema that refers to itself
//! nests no deeper than a document can.

use serbench_avro::{Avro, ErrorKind};
use serbench_document::{Codec, Context, DocumentCodec, Schema, UserSchemas, Value};

use crate::datum::{array, long, string};

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

fn codec(messages: &[Value], user: &UserSchemas) -> Box<dyn Codec> {
    let schema = Schema::infer(messages, "doc");
    Avro::document(&Context {
        name: "doc",
        messages,
        schema: &schema,
        user,
    })
    .unwrap()
}

/// The codec of the inferred schema of `message`, which must round-trip.
fn inferred(message: &str) -> Box<dyn Codec> {
    let message = json(message);
    let codec = codec(std::slice::from_ref(&message), &UserSchemas::default());
    let mut bytes = Vec::new();
    codec.encode(&message, &mut bytes).unwrap();
    assert_eq!(codec.decode(&bytes).unwrap(), message);
    codec
}

#[test]
fn a_length_past_the_input_is_refused_at_its_offset() {
    let codec = inferred(r#"{"id": 7, "name": "a"}"#);
    let lying = [long(7), long(1 << 40)].concat();
    let error = codec.decode(&lying).unwrap_err();
    assert_eq!(error.dataset(), "document");
    assert_eq!(error.position().offset(), Some(1));
    assert!(
        error
            .message()
            .starts_with("a string of 1099511627776 bytes"),
        "{error}"
    );
}

#[test]
fn a_count_past_the_input_is_refused_at_its_offset() {
    let codec = inferred(r#"{"xs": [1, 2, 3]}"#);
    let honest = array(&[long(1), long(2), long(3)]);
    assert_eq!(codec.decode(&honest).unwrap(), json(r#"{"xs": [1, 2, 3]}"#));
    let error = codec
        .decode(&[long(i64::MAX), long(1)].concat())
        .unwrap_err();
    assert_eq!(error.position().offset(), Some(0));
    assert!(error.message().starts_with("a block of "), "{error}");
    let error = codec.decode(&[honest, vec![0]].concat()).unwrap_err();
    assert_eq!(
        (error.kind(), error.position().offset()),
        (ErrorKind::TrailingBytes, Some(5))
    );
}

#[test]
fn items_that_take_no_byte_are_counted_not_bounded_by_the_bytes() {
    // Nulls and empty records are written as nothing: 1 000 of them take
    // the count's two bytes and the closing 0.
    let many = format!(
        r#"{{"xs": [{}], "ys": [{}]}}"#,
        ["null"; 1000].join(","),
        ["{}"; 1000].join(",")
    );
    inferred(&many);
    // A count no honest input could fit is apache-avro's to refuse, by its
    // own limit, without allocating for it.
    let codec = inferred(r#"{"xs": [null]}"#);
    assert!(codec.decode(&[long(1 << 60), long(0)].concat()).is_err());
}

const LIST: &str = r#"{"type": "record", "name": "Node", "fields": [
    {"name": "label", "type": "string"},
    {"name": "next", "type": ["null", "Node"], "default": null}
]}"#;

fn user_schema(name: &str, text: &str) -> UserSchemas {
    let dir = std::env::temp_dir().join(format!("serbench-avro-document-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    UserSchemas {
        avsc: Some(path),
        ..UserSchemas::default()
    }
}

#[test]
fn a_schema_that_refers_to_itself_nests_as_deep_as_a_document() {
    let user = user_schema("list.avsc", LIST);
    let message = json(r#"{"label": "a", "next": {"label": "b", "next": null}}"#);
    let codec = codec(std::slice::from_ref(&message), &user);
    let mut bytes = Vec::new();
    codec.encode(&message, &mut bytes).unwrap();
    assert_eq!(codec.decode(&bytes).unwrap(), message);

    // Node after node, each an empty label and the `Node` branch: the walk
    // stops at the document's depth, before apache-avro's reader recurses
    // once per node.
    let node = [string(b""), long(1)].concat();
    let deep = [node.repeat(100_000), string(b""), long(0)].concat();
    let error = codec.decode(&deep).unwrap_err();
    assert_eq!(
        (error.kind(), error.position().offset()),
        (ErrorKind::Limit, Some(256))
    );
    assert!(
        error
            .message()
            .starts_with("records nested past 128 levels"),
        "{error}"
    );
}
