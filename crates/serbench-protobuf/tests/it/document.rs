//! The document path (`document` feature): a document's message is read
//! with the checks the datasets' decode makes, and a fault is told in its
//! words. The rows' mapping itself is tested through `serbench measure`
//! (serbench-measure's `tests/it/protobuf.rs`).

use std::path::PathBuf;

use serbench_document::codec::{Codec, Context, DocumentCodec, UserSchemas};
use serbench_document::schema::Schema;
use serbench_document::value::Value;
use serbench_model::Record;
use serbench_protobuf::{Protobuf, from_slice, to_vec};
use serbench_testkit::hex;

use crate::layout::{Fields, varint};

/// The codec of the document `name` made of `messages`.
fn document(name: &str, messages: &[Value], user: &UserSchemas) -> Box<dyn Codec> {
    let schema = Schema::infer(messages, name);
    Protobuf::document(&Context {
        name,
        messages,
        schema: &schema,
        user,
    })
    .unwrap()
}

/// A document whose written schema is the records dataset's layout:
/// `repeated sint64 ids = 1; repeated string strings = 2;`.
fn records_like() -> Value {
    let list = |items: Vec<Value>| Value::List(items);
    Value::Map(vec![
        ("ids".to_owned(), list(vec![Value::Int(1), Value::Int(-2)])),
        (
            "strings".to_owned(),
            list(vec![Value::Text("a".to_owned())]),
        ),
    ])
}

#[test]
fn a_document_reads_what_the_dataset_reads_and_refuses_what_it_refuses() {
    let doc = records_like();
    let codec = document("doc", std::slice::from_ref(&doc), &UserSchemas::default());
    let text = &codec.schema_files()[0].text;
    assert!(text.contains("  repeated sint64 ids = 1;"), "{text}");
    assert!(text.contains("  repeated string strings = 2;"), "{text}");
    let mut bytes = Vec::new();
    codec.encode(&doc, &mut bytes).unwrap();
    // The same bytes as the dataset's value of the same fields.
    let record = Record {
        ids: vec![1, -2],
        strings: vec!["a".to_owned()],
    };
    assert_eq!(bytes, to_vec(&record).unwrap());
    assert_eq!(codec.decode(&bytes).unwrap(), doc);

    let with = |tail: &[u8]| [&bytes[..], tail].concat();
    // Field 5 is unknown to both, declaring 2^40 bytes and holding 3.
    let mut huge = Fields::default().key(5, 2).0;
    huge.extend(varint(1 << 40));
    huge.extend_from_slice(b"abc");
    for (input, says) in [
        (with(b"\0"), "invalid tag value: 0 in Doc"),
        // Wire type 7 does not exist.
        (hex("0f"), "invalid wire type value: 7 in Doc"),
        // A key of eleven bytes: no varint is longer than ten.
        (hex("ffffffffffffffffffff01"), "invalid varint in Doc"),
        (with(b"x"), "the input ends inside a varint of Doc"),
        (
            huge,
            "the input ends inside Doc: a length or value runs past its end",
        ),
        // Nested groups in an unknown field: prost stops at 100 levels.
        (
            vec![0x7b; 10_000],
            "Doc nests deeper than prost's limit of 100 levels",
        ),
    ] {
        let error = codec.decode(&input).unwrap_err();
        let dataset = from_slice::<Record>(&input).unwrap_err();
        assert_eq!(error.message(), says);
        assert_eq!(error.kind(), dataset.kind(), "{says}");
        assert_eq!(error.position(), dataset.position(), "{says}");
        assert_eq!(dataset.message(), says.replace("Doc", "Record"));
    }
}

#[test]
fn a_users_message_nested_past_prosts_limit_is_refused_as_the_datasets_are() {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("protobuf-document");
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join("chain.proto");
    std::fs::write(
        &path,
        "syntax = \"proto3\";\nmessage Link { optional int64 n = 1; Link next = 2; }\n",
    )
    .unwrap();
    let user = UserSchemas {
        proto: Some((path, "Link".to_owned())),
        avsc: None,
    };
    let chain = |levels: usize| {
        (1..levels).fold(
            Value::Map(vec![("n".to_owned(), Value::Int(0))]),
            |inner, _| Value::Map(vec![("next".to_owned(), inner)]),
        )
    };
    // prost decodes the outermost message and 100 nested in it.
    for (levels, fits) in [(101, true), (102, false)] {
        let doc = chain(levels);
        let codec = document("chain", std::slice::from_ref(&doc), &user);
        let mut bytes = Vec::new();
        codec.encode(&doc, &mut bytes).unwrap();
        let read = codec.decode(&bytes);
        if fits {
            assert_eq!(read.unwrap(), doc);
        } else {
            let error = read.unwrap_err();
            assert_eq!(error.kind(), serbench_model::ErrorKind::Limit);
            assert!(error.position().offset().is_some(), "{error}");
            assert_eq!(
                error.message(),
                "Link nests deeper than prost's limit of 100 levels"
            );
        }
    }
}
