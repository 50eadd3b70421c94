//! The documents in `data/measure/` (the shapes issue 23 names, and a
//! social network's search results with keys in another order from one
//! status to the next, issue 39's), and the same values read from CBOR and
//! MessagePack.

use std::path::{Path, PathBuf};

use serbench_measure::value::MAX_DEPTH;
use serbench_measure::{
    Build, Document, InputFormat, Options, Progress, ROWS, UserSchemas, Value, measure,
};

use serbench_model::ErrorKind;

use crate::schema_formats::build;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/measure")
        .join(name)
}

const DOCUMENTS: [&str; 6] = [
    "api-issues.json",
    "routes.geojson.json",
    "catalogue.json",
    "access-log.ndjson",
    "social-search.json",
    "social-statuses.ndjson",
];

fn untimed() -> Options {
    Options {
        untimed: true,
        ..Options::default()
    }
}

/// Every row that can be built carries every document exactly, and the
/// others say why.
#[test]
fn every_buildable_row_carries_every_document() {
    for name in DOCUMENTS {
        let document = Document::read(&data(name), None).unwrap();
        let measured = measure(&document, &untimed(), &mut |_| {}).unwrap();
        assert_eq!(measured.records.len(), ROWS.len());
        for (row, record) in ROWS.iter().zip(&measured.records) {
            assert_eq!(row.id, record.codec);
            match row.build {
                Build::Carried(_) => assert!(
                    record.ok,
                    "{name} {}: {}",
                    row.id,
                    record.error.as_deref().unwrap_or("")
                ),
                Build::Unavailable(why) => {
                    assert!(!record.ok);
                    assert_eq!(record.error.as_deref(), Some(why));
                }
            }
            if record.ok {
                assert!(record.size_bytes > 0.0 && record.zstd_bytes > 0.0);
                assert!(record.ops.encode.is_none(), "untimed");
            }
        }
    }
}

/// The NDJSON log is measured message by message.
#[test]
fn ndjson_is_measured_per_message() {
    let document = Document::read(&data("access-log.ndjson"), None).unwrap();
    assert_eq!(document.messages.len(), 3_000);
    let measured = measure(&document, &untimed(), &mut |_| {}).unwrap();
    let json = &measured.records[0];
    assert_eq!(json.messages, 3_000);
    assert!(json.size_bytes < 200.0, "{}", json.size_bytes);
}

/// A document read from its CBOR or MessagePack encoding is the same value,
/// so every input format leads to the same rows.
#[test]
fn cbor_and_msgpack_inputs_are_the_same_value() {
    let json = Document::read(&data("api-issues.json"), None).unwrap();
    let mut encodings = Vec::new();
    measure(&json, &untimed(), &mut |step| {
        if let Progress::Encoded { id, bytes } = step {
            encodings.push((id.to_owned(), bytes.to_vec()));
        }
    })
    .unwrap();
    for (id, format) in [
        ("cbor", InputFormat::Cbor),
        ("msgpack", InputFormat::MsgPack),
    ] {
        let (_, bytes) = encodings.iter().find(|(e, _)| e == id).unwrap();
        let read = Document::parse("api-issues", format, bytes).unwrap();
        assert_eq!(read.messages, json.messages, "{id}");
    }
}

/// A value a format cannot carry is refused with the path, never changed:
/// bytes and NaN in JSON.
#[test]
fn what_json_cannot_carry_is_refused_with_its_path() {
    // {"a": h'01', "b": NaN} in CBOR.
    let cbor = [0xa2, 0x61, b'a', 0x41, 0x01, 0x61, b'b', 0xf9, 0x7e, 0x00];
    let document = Document::parse("odd", InputFormat::Cbor, &cbor).unwrap();
    let options = Options {
        codecs: vec!["json".to_owned(), "cbor".to_owned()],
        ..untimed()
    };
    let measured = measure(&document, &options, &mut |_| {}).unwrap();
    let json = &measured.records[0];
    assert!(!json.ok);
    assert!(
        json.error
            .as_deref()
            .unwrap()
            .contains("byte strings (at $.a)"),
        "{:?}",
        json.error
    );
    assert!(measured.records[1].ok, "{:?}", measured.records[1].error);
}

#[test]
fn an_unknown_codec_is_named() {
    let document = Document::parse("x", InputFormat::Json, b"1").unwrap();
    let options = Options {
        codecs: vec!["nope".to_owned()],
        ..untimed()
    };
    let error = measure(&document, &options, &mut |_| {}).unwrap_err();
    assert!(error.starts_with("no codec \"nope\""), "{error}");
}

/// The rows that take a document as it is: every one carries the deepest
/// nesting the input readers accept.
const SELF_DESCRIBING: [&str; 9] = [
    "json",
    "json-simd",
    "json-sonic",
    "cbor",
    "cbor-minicbor",
    "cbor-cbor4ii",
    "xml",
    "msgpack",
    "qdatastream",
];

/// Nesting at the one limit is read from every input format and carried
/// by every self-describing row; one level more is refused by every
/// reader (the input readers' own tests) and by every row's decode.
#[test]
fn the_nesting_limit_is_one_number_for_readers_and_rows() {
    let deepest = format!("{}0{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
    let document = Document::parse("deep", InputFormat::Json, deepest.as_bytes()).unwrap();
    let options = Options {
        codecs: SELF_DESCRIBING.map(str::to_owned).to_vec(),
        ..untimed()
    };
    let mut encodings = Vec::new();
    let measured = measure(&document, &options, &mut |step| {
        if let Progress::Encoded { id, bytes } = step {
            encodings.push((id.to_owned(), bytes.to_vec()));
        }
    })
    .unwrap();
    for record in &measured.records {
        assert!(
            record.ok,
            "{}: {}",
            record.codec,
            record.error.as_deref().unwrap_or("")
        );
    }
    // The CBOR and MessagePack rows' bytes, read as input, are the same
    // value at the limit.
    for (id, format) in [
        ("cbor", InputFormat::Cbor),
        ("msgpack", InputFormat::MsgPack),
    ] {
        let (_, bytes) = encodings.iter().find(|(e, _)| e == id).unwrap();
        let read = Document::parse("deep", format, bytes).unwrap();
        assert_eq!(read.messages, document.messages, "{id}");
    }
}

/// A row's reason quotes the document through the excerpt: a long key
/// that differs between messages, or any other input, never makes a
/// long line.
#[test]
fn reasons_stay_short_whatever_the_document_holds() {
    let key = "k".repeat(1 << 20);
    let ndjson = format!("{{\"{key}a\": 1}}\n{{\"{key}b\": \"x\"}}\n");
    let document = Document::parse("long", InputFormat::Ndjson, ndjson.as_bytes()).unwrap();
    let measured = measure(&document, &untimed(), &mut |_| {}).unwrap();
    for record in &measured.records {
        let reason = record.error.as_deref().unwrap_or("");
        assert!(
            reason.len() <= 200,
            "{}: {} bytes",
            record.codec,
            reason.len()
        );
    }
    for line in measured.table().lines() {
        assert!(line.len() <= 256, "{} bytes: {line:.80}", line.len());
    }
    let options = Options {
        codecs: vec!["c".repeat(10_000)],
        ..untimed()
    };
    let refused = measure(&document, &options, &mut |_| {}).unwrap_err();
    assert!(
        refused.len() <= 200 && refused.contains("no codec"),
        "{refused:.80}"
    );
}

/// The JSON rows are serbench-json's own document path: simd-json and
/// sonic-rs read after the pass their dataset codecs take first, at a
/// document's nesting limit, and simd-json's refuses a bare `-0`.
#[test]
fn the_json_rows_run_the_codecs_checks() {
    let user = UserSchemas::default();
    let codec = |id: &str| build(id, "doc", &[Value::Int(0)], &user).unwrap();
    let error = codec("json-simd").decode(b"[-0]").unwrap_err();
    assert_eq!(
        (error.kind(), error.position().offset()),
        (ErrorKind::Invalid, Some(1))
    );
    assert!(error.message().starts_with("the number -0"), "{error}");
    assert!(codec("json").decode(b"[-0]").is_ok());
    let deep = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
    for id in ["json-simd", "json-sonic"] {
        let error = codec(id).decode(deep.as_bytes()).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Limit, "{id}: {error}");
        assert_eq!(error.position().offset(), Some(MAX_DEPTH), "{id}: {error}");
        assert!(
            error
                .message()
                .contains(&format!("nest more than {MAX_DEPTH} levels")),
            "{id}: {error}"
        );
    }
    // A -0.0 that sonic-rs would read back as 0.0 is refused at build.
    let error = build("json-sonic", "doc", &[Value::Float(-0.0)], &user)
        .err()
        .unwrap();
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    assert_eq!(error.message(), "-0.0, which sonic-rs reads back as 0.0");
    assert_eq!(error.position().path(), Some("$"));
}

/// The CBOR rows are serbench-cbor's own document path: all three read
/// after the crate's well-formedness pass, at a document's nesting limit.
#[test]
fn the_cbor_rows_run_the_codecs_pass() {
    for id in ["cbor", "cbor-cbor4ii", "cbor-minicbor"] {
        let codec = build(id, "doc", &[Value::Int(0)], &UserSchemas::default()).unwrap();
        // An indefinite-length text with a byte-string chunk (RFC 8949
        // §3.2.3 allows only text chunks).
        let error = codec.decode(&[0x7f, 0x41, b'a', 0xff]).unwrap_err();
        assert_eq!(error.position().offset(), Some(1), "{id}: {error}");
        // A map keyed by an integer.
        let error = codec.decode(&[0xa1, 0x01, 0x02]).unwrap_err();
        assert_eq!(error.position().offset(), Some(1), "{id}: {error}");
        let error = codec.decode(&[0x01, 0x02]).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::TrailingBytes, "{id}: {error}");
        assert_eq!(error.position().offset(), Some(1), "{id}: {error}");
        let mut deep = vec![0x81; MAX_DEPTH + 1];
        deep.push(0x00);
        let error = codec.decode(&deep).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Limit, "{id}: {error}");
        assert!(
            error
                .message()
                .contains(&format!("nesting deeper than {MAX_DEPTH} levels")),
            "{id}: {error}"
        );
        let mut deepest = vec![0x81; MAX_DEPTH];
        deepest.push(0x00);
        assert!(codec.decode(&deepest).is_ok(), "{id}");
    }
}
