//! The borrowed decode of a document (`borrow` rows): the rows whose
//! library lends read every document into a `Lent` value equal to the
//! owned decode's, with its text lent from the bytes, and refuse what the
//! owned decode refuses, in its words.

use std::path::Path;

use serbench_measure::value::Lent;
use serbench_measure::{
    Build, Codec, Context, Document, Options, ROWS, Schema, UserSchemas, measure,
};

/// The rows whose document path lends, and whether their keys come from
/// the input (self-describing) or from the schema (positional, copied).
const LENDING: &[(&str, bool)] = &[
    ("json", true),
    ("json-sonic", true),
    ("cbor-cbor4ii", true),
    ("msgpack", true),
    ("postcard", false),
    ("bincode-stock", false),
    ("bincode-serde-zap", false),
    ("bitcode-serde", false),
];

const DOCUMENTS: [&str; 4] = [
    "api-issues.json",
    "catalogue.json",
    "access-log.ndjson",
    "social-search.json",
];

fn build(id: &str, document: &Document, schema: &Schema) -> Box<dyn Codec> {
    let row = ROWS.iter().find(|row| row.id == id).expect("a row");
    let Build::Carried(build) = row.build else {
        panic!("{id} is unavailable");
    };
    let user = UserSchemas::default();
    build(&Context {
        name: &document.name,
        messages: &document.messages,
        schema,
        user: &user,
    })
    .unwrap_or_else(|error| panic!("{id}: {error}"))
}

/// What a borrow or a decode gave, as a test compares them: the value
/// owned, or the error's words.
fn outcome<T, E: std::fmt::Display>(read: Result<T, E>) -> Result<T, String> {
    read.map_err(|error| error.to_string())
}

#[test]
fn the_lending_rows_read_every_document_borrowed() {
    for name in DOCUMENTS {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../data/measure")
            .join(name);
        let document = Document::read(&path, None).unwrap();
        let schema = Schema::infer(&document.messages, &document.name);
        for &(id, keys_lent) in LENDING {
            let codec = build(id, &document, &schema);
            let lender = codec
                .lender()
                .unwrap_or_else(|| panic!("{id} has no borrowed decode"));
            let (mut lent, mut texts) = (0, 0);
            for message in &document.messages {
                let mut bytes = Vec::new();
                codec.encode(message, &mut bytes).unwrap();
                let borrowed: Lent<'_> = lender
                    .borrow(&bytes)
                    .unwrap_or_else(|error| panic!("{name} {id}: {error}"));
                let counts = borrowed.texts_lent();
                lent += counts.0;
                texts += counts.1;
                let owned = borrowed.into_owned();
                assert_eq!(
                    message.difference_in_any_key_order(&owned),
                    None,
                    "{name} {id}"
                );
                // Cut short, or with a byte after it: refused as decode
                // refuses, in its words.
                let cuts = (0..bytes.len()).step_by(bytes.len().div_ceil(48).max(1));
                for len in cuts {
                    assert_eq!(
                        outcome(lender.borrow(&bytes[..len]).map(Lent::into_owned)),
                        outcome(codec.decode(&bytes[..len])),
                        "{name} {id}: {len} of {} bytes",
                        bytes.len()
                    );
                }
                bytes.push(0);
                let refused = outcome(lender.borrow(&bytes).map(Lent::into_owned));
                assert!(refused.is_err(), "{name} {id}: a trailing byte");
                assert_eq!(refused, outcome(codec.decode(&bytes)), "{name} {id}");
            }
            // Every document has text: the self-describing rows lend every
            // key and string without an escape, the positional ones every
            // string (their keys are the schema's).
            assert!(lent > 0, "{name} {id}: no text lent of {texts}");
            if keys_lent {
                assert!(
                    lent * 10 >= texts * 9,
                    "{name} {id}: {lent} of {texts} lent"
                );
            }
        }
    }
}

#[test]
fn a_borrow_refuses_what_decode_refuses_in_its_words() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/measure/catalogue.json");
    let document = Document::read(&path, None).unwrap();
    let schema = Schema::infer(&document.messages, &document.name);
    let json = build("json", &document, &schema);
    let lender = json.lender().unwrap();
    for bad in [
        &br#"{"a": 1, "a": 2}"#[..],
        &br#"{"a": "\ud800"}"#[..],
        &br#"{"a": 1} x"#[..],
        &[b'['; 200][..],
    ] {
        let borrowed = outcome(lender.borrow(bad).map(Lent::into_owned));
        assert!(borrowed.is_err(), "{}", String::from_utf8_lossy(bad));
        assert_eq!(borrowed, outcome(json.decode(bad)));
    }
    // An escaped string is copied, the others lent.
    let lent = lender
        .borrow(br#"{"plain": "a\nb", "other": "c"}"#)
        .unwrap();
    assert_eq!(lent.texts_lent(), (3, 4));
}

#[test]
fn every_verified_row_lends_or_says_why_not() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/measure/api-issues.json");
    let document = Document::read(&path, None).unwrap();
    let options = Options {
        untimed: true,
        ..Options::default()
    };
    let measured = measure(&document, &options, &mut |_| {}).unwrap();
    for record in measured.records.iter().filter(|record| record.ok) {
        let lends = LENDING.iter().any(|(id, _)| *id == record.codec);
        assert_eq!(
            record.borrow_unavailable.is_none(),
            lends,
            "{}: {:?}",
            record.codec,
            record.borrow_unavailable
        );
    }
}
