//! The document path (`serbench measure`'s `bson` row): what BSON cannot
//! carry is refused when the codec is built, and its decode runs the
//! dataset codec's checks and a walk that bounds nesting first.

use serbench_bson::Bson;
use serbench_document::codec::{Codec, Context, DocumentCodec, UserSchemas};
use serbench_document::schema::Schema;
use serbench_document::value::{MAX_DEPTH, Value};
use serbench_model::Error;

use crate::hostile::{ARRAY, document, element};

/// The codec of a document of `messages`, or why there is none.
fn codec(messages: &[Value]) -> Result<Box<dyn Codec>, Error> {
    let schema = Schema::infer(messages, "doc");
    let user = UserSchemas::default();
    let context = Context {
        name: "doc",
        messages,
        schema: &schema,
        user: &user,
    };
    <Bson as DocumentCodec>::document(&context)
}

fn map(entries: &[(&str, Value)]) -> Value {
    Value::Map(
        entries
            .iter()
            .map(|(key, value)| ((*key).to_owned(), value.clone()))
            .collect(),
    )
}

#[test]
fn a_document_round_trips_in_key_order() {
    let value = map(&[
        ("b", Value::Int(i64::MIN)),
        ("a", Value::Float(f64::from_bits(0x7ff8_0000_0000_0001))),
        ("bytes", Value::Bytes(vec![0, 255])),
        (
            "list",
            Value::List(vec![
                Value::Null,
                Value::Bool(true),
                Value::Text("\0é".to_owned()),
            ]),
        ),
        ("empty", map(&[])),
    ]);
    let codec = codec(std::slice::from_ref(&value)).unwrap();
    let mut bytes = Vec::new();
    codec.encode(&value, &mut bytes).unwrap();
    let back = codec.decode(&bytes).unwrap();
    assert_eq!(value.difference(&back), None);
}

#[test]
fn what_bson_cannot_carry_is_refused_with_its_place() {
    for (messages, expected) in [
        (
            vec![Value::List(Vec::new())],
            "BSON's top level is a document (a map); this one is a list",
        ),
        (
            vec![map(&[]), Value::Int(1)],
            "BSON's top level is a document (a map); this one is a integer",
        ),
        (
            vec![map(&[("n", Value::UInt(u64::MAX))])],
            "the integer 18446744073709551615 is past i64::MAX: BSON has no unsigned integer \
             (at $.n)",
        ),
        (
            vec![map(&[("a", map(&[("k\0", Value::Null)]))])],
            "the key \"k\\0\" holds a 0 byte, which ends a BSON key (at $.a)",
        ),
    ] {
        let error = codec(&messages).err().unwrap();
        assert_eq!(
            error.to_string(),
            format!("cannot encode bson document: {expected}")
        );
    }
}

/// `levels` arrays, one in another, the outermost under the key `a` of
/// the top-level document: `levels + 1` levels in all.
fn nested(levels: usize) -> Vec<u8> {
    let mut inner = document(&[]);
    for _ in 1..levels {
        inner = document(&[element(ARRAY, "0", &inner)]);
    }
    document(&[element(ARRAY, "a", &inner)])
}

#[test]
fn nesting_past_the_limit_is_refused_before_the_library_reads_it() {
    let codec = codec(&[map(&[])]).unwrap();
    assert!(codec.decode(&nested(MAX_DEPTH - 1)).is_ok());
    let error = codec.decode(&nested(MAX_DEPTH)).unwrap_err();
    assert_eq!(
        error.to_string(),
        // The top level, then `a`, then arrays of 7 bytes before each
        // next one: the 128th level is the 126th of those.
        format!(
            "cannot decode bson document: nesting deeper than {MAX_DEPTH} levels (at byte {})",
            4 + 7 * 126
        )
    );
}

#[test]
fn a_decode_says_where_it_failed() {
    let codec = codec(&[map(&[])]).unwrap();
    let error = codec
        .decode(&document(&[element(0x20, "a", &[])]))
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "cannot decode bson document: the element type 0x20 is not BSON's (at a, byte 4)"
    );
    let mut trailing = document(&[]);
    trailing.push(0);
    let error = codec.decode(&trailing).unwrap_err();
    assert_eq!(
        error.to_string(),
        "cannot decode bson document: 1 bytes follow the document (at byte 5)"
    );
}
