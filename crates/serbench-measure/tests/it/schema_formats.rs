//! What the schema-format rows share in their tests: documents to
//! round-trip and a codec built for them.

use serbench_measure::{Build, Codec, Context, ROWS, Schema, UserSchemas, Value};
use serbench_model::Error;

pub(crate) fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

/// The codec of row `id` for `messages`, or the codec's error saying why
/// it cannot be built.
pub(crate) fn build(
    id: &str,
    name: &str,
    messages: &[Value],
    user: &UserSchemas,
) -> Result<Box<dyn Codec>, Error> {
    let row = ROWS.iter().find(|row| row.id == id).unwrap();
    let Build::Carried(build) = row.build else {
        panic!("{id} is unavailable");
    };
    let schema = Schema::infer(messages, name);
    build(&Context {
        name,
        messages,
        schema: &schema,
        user,
    })
}

/// Encodes and decodes each message with row `id`, each coming back equal.
pub(crate) fn round_trip(id: &str, messages: &[Value]) -> Box<dyn Codec> {
    let codec = build(id, "doc", messages, &UserSchemas::default()).unwrap();
    for message in messages {
        let mut bytes = Vec::new();
        codec.encode(message, &mut bytes).unwrap();
        let back = codec.decode(&bytes).unwrap();
        assert_eq!(message.difference(&back), None, "{id}");
        bytes.push(0);
        assert!(codec.decode(&bytes).is_err(), "{id} took a trailing byte");
    }
    codec
}

/// Realistic documents, each a set of messages of one schema.
pub(crate) fn documents() -> Vec<Vec<Value>> {
    vec![
        vec![json(
            r#"{"name": "Zoë Ångström", "city": "Kraków", "note": "日本語 ✓",
                "address": {"street": "Große Straße 1", "geo": {"lat": 50.06, "lon": 19.94}},
                "tags": ["naïve", "café"]}"#,
        )],
        vec![json(
            r#"{"type": "FeatureCollection", "features": [
                {"type": "Feature", "geometry": {"type": "Polygon",
                  "coordinates": [[[-122.4194, 37.7749], [-122.4, 37.78], [-0.0, 1e-300], [-122.4194, 37.7749]]]},
                 "properties": {"name": "A"}}]}"#,
        )],
        vec![json(
            r#"{"items": [
                {"sku": "A1", "price": 9.99, "stock": 3},
                {"sku": "B2", "price": 19.5, "discount": 0.1},
                {"sku": "C3", "stock": 0, "tags": []},
                {"sku": "D4", "price": 1.0, "discount": 0.25, "tags": ["x", "y"]}
            ]}"#,
        )],
        vec![json(r#"{"readings": [1, 2.5, null, -7, null, 3.25, 0]}"#)],
        vec![json(
            r#"{"people": [{"name": "a", "email": "a@x"}, {"name": "b", "email": null}, {"name": "c"}]}"#,
        )],
        vec![json(r#"[{"a": 1}, {"a": 2, "b": "two"}, {"b": "three"}]"#)],
        vec![json(
            r#"{"empty": [], "nested": [[], [[]]], "nothing": null}"#,
        )],
        vec![
            json(r#"{"id": 1, "v": "x"}"#),
            json(r#"{"id": -2}"#),
            json(r#"{"id": 3, "v": null}"#),
        ],
        vec![json(r#"[1, "two", 3.0, true, null, [4], {"five": 5}]"#)],
        vec![Value::Map(vec![(
            "blob".into(),
            Value::Bytes(vec![0, 255, 7]),
        )])],
    ]
}
