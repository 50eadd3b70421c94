//! The thrift rows: the inferred IDL, round trips in both protocols, and
//! the decoder's refusals.

use serbench_measure::UserSchemas;
use serbench_model::ErrorKind;

use crate::schema_formats::{build, documents, json, round_trip};

const ROWS: [&str; 2] = ["thrift-binary", "thrift-compact"];

#[test]
fn thrift_round_trips_realistic_documents() {
    for id in ROWS {
        for messages in documents() {
            round_trip(id, &messages);
        }
    }
}

#[test]
fn thrift_writes_the_inferred_idl() {
    let messages = [
        json(r#"{"id": 1, "list": ["a"], "email": "a@x", "score": 2.5}"#),
        json(r#"{"id": 2, "list": [], "email": null}"#),
        json(r#"{"id": 3, "list": []}"#),
    ];
    let codec = round_trip("thrift-compact", &messages);
    let files = codec.schema_files();
    assert_eq!(files[0].name, "doc.thrift");
    let text = &files[0].text;
    for wanted in [
        "struct Null {\n}",
        "union DocEmailValue {\n  1: Null null_value\n  2: string text_value\n}",
        "struct Doc {\n  1: required i64 id\n  2: required list<string> list_ // \"list\"\n  \
         3: optional DocEmailValue email\n  4: optional double score\n}",
    ] {
        assert!(text.contains(wanted), "{wanted:?} not in\n{text}");
    }
    // Children before parents: the compiler takes no forward references.
    assert!(text.find("union DocEmailValue").unwrap() < text.find("struct Doc {").unwrap());
}

#[test]
fn thrift_refuses_integers_past_i64() {
    for id in ROWS {
        let messages = [json(r#"{"n": [1, 18446744073709551615]}"#)];
        let error = build(id, "doc", &messages, &UserSchemas::default())
            .err()
            .unwrap();
        assert_eq!(error.kind(), ErrorKind::Unsupported);
        assert_eq!(error.position().path(), Some("$.n[]"), "{error}");
    }
}

#[test]
fn thrift_decoding_checks_the_schema() {
    let messages = [json(r#"{"id": 7, "name": "x"}"#)];
    for id in ROWS {
        let codec = build(id, "doc", &messages, &UserSchemas::default()).unwrap();
        let mut bytes = Vec::new();
        codec.encode(&messages[0], &mut bytes).unwrap();
        // Cut short, and every byte changed in turn: an error or a value,
        // never a panic or a huge allocation.
        for end in 0..bytes.len() {
            assert!(codec.decode(&bytes[..end]).is_err(), "{id} cut at {end}");
        }
        for at in 0..bytes.len() {
            for byte in [0x00, 0x7f, 0xff] {
                let mut changed = bytes.clone();
                changed[at] = byte;
                let _ = codec.decode(&changed);
            }
        }
    }
    // A binary-protocol field of an unknown id.
    let codec = build("thrift-binary", "doc", &messages, &UserSchemas::default()).unwrap();
    let unknown = [10, 0, 9, 0, 0, 0, 0, 0, 0, 0, 1, 0];
    let error = codec.decode(&unknown).unwrap_err();
    assert!(error.message().contains("no field 9"), "{error}");
    // A string declaring more bytes than are left.
    let long = [
        10, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 11, 0, 2, 0x7f, 0xff, 0xff, 0xff, 0,
    ];
    let error = codec.decode(&long).unwrap_err();
    assert!(
        error.message().contains("declares 2147483647 bytes"),
        "{error}"
    );
}

#[test]
fn thrift_escapes_the_compilers_namespace_words() {
    let words = [
        "py_module",
        "java_package",
        "cpp_namespace",
        "csharp_namespace",
        "php_namespace",
        "perl_package",
        "ruby_namespace",
        "smalltalk_category",
        "smalltalk_prefix",
        "delphi_namespace",
    ];
    let fields: Vec<String> = words.iter().map(|w| format!(r#""{w}": 1"#)).collect();
    let messages = [json(&format!("{{{}}}", fields.join(", ")))];
    for id in ROWS {
        let codec = round_trip(id, &messages);
        let text = &codec.schema_files()[0].text;
        for word in words {
            assert!(
                text.contains(&format!("required i64 {word}_ // \"{word}\"")),
                "{word} in\n{text}"
            );
        }
    }
}

#[test]
fn thrift_refuses_a_field_twice_and_a_required_one_missing() {
    let codec = build(
        "thrift-binary",
        "doc",
        &[json(r#"{"a": 1, "b": 2}"#)],
        &UserSchemas::default(),
    )
    .unwrap();
    let field = |id: u8, n: u8| [vec![10, 0, id], vec![0, 0, 0, 0, 0, 0, 0, n]].concat();
    let twice = [field(2, 2), field(1, 1), field(2, 3), vec![0]].concat();
    let error = codec.decode(&twice).unwrap_err();
    assert_eq!(error.position().offset(), Some(22));
    assert!(
        error
            .message()
            .contains("b (field 2 of Doc) is given twice"),
        "{error}"
    );
    let missing = [field(1, 1), vec![0]].concat();
    let error = codec.decode(&missing).unwrap_err();
    assert!(error.message().contains("required field 2"), "{error}");
    let back = codec
        .decode(&[field(2, 2), field(1, 1), vec![0]].concat())
        .unwrap();
    assert_eq!(
        back.difference_in_any_key_order(&json(r#"{"a": 1, "b": 2}"#)),
        None
    );
}

#[test]
fn thrift_compact_refuses_varints_wider_than_their_type_as_the_codec_does() {
    // The rows read with serbench-thrift's own reader: a length, an
    // integer or a field id in a varint longer than its type takes is
    // refused, where a copy of the reader once read ten bytes and
    // saturated.
    let messages = [json(r#"{"n": 7, "s": "ab"}"#)];
    let codec = build("thrift-compact", "doc", &messages, &UserSchemas::default()).unwrap();
    let mut bytes = Vec::new();
    codec.encode(&messages[0], &mut bytes).unwrap();
    // Field 1 (i64, delta 1): 0x16, then 7 as a zigzag varint, 0x0e.
    assert_eq!(&bytes[..2], &[0x16, 0x0e]);
    // 7 again, in eleven bytes: past the ten an i64 takes.
    let long = [&[0x16][..], &[0x8e], &[0x80; 9], &[0x00], &bytes[2..]].concat();
    let error = codec.decode(&long).unwrap_err();
    assert!(error.message().contains("longer than 10 bytes"), "{error}");
    // The string's length 2 in six bytes: past the five a length takes.
    let at = 3;
    assert_eq!(&bytes[at..at + 2], &[0x02, b'a']);
    let wide = [
        &bytes[..at],
        &[0x82, 0x80, 0x80, 0x80, 0x80, 0x00],
        &bytes[at + 1..],
    ]
    .concat();
    let error = codec.decode(&wide).unwrap_err();
    assert!(error.message().contains("longer than 5 bytes"), "{error}");
}
