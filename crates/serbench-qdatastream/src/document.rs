//! A document (`serbench-document`'s [`Value`]) as Qt's own `QVariant`s,
//! the form in which a Qt program holds and streams a loosely typed tree
//! (`QJsonDocument::toVariant` gives one), at stream version `Qt_6_4`, for
//! `serbench measure`'s QDataStream row.
//!
//! # The mapping
//!
//! A `QVariant` is its `QMetaType::Type` id (`quint32`), a null flag
//! (`qint8`), then the value as that type's `operator<<` writes it; every
//! integer and double big-endian:
//!
//! | Value        | Qt type (id)          | after id and flag                         |
//! |--------------|-----------------------|-------------------------------------------|
//! | null         | `Nullptr` (51)        | nothing                                   |
//! | boolean      | `Bool` (1)            | one byte, 0 or 1                          |
//! | integer      | `LongLong` (4)        | `qint64`                                  |
//! | past i64     | `ULongLong` (5)       | `quint64`                                 |
//! | float        | `Double` (6)          | the `double`'s bits, NaN payloads and −0.0 kept |
//! | text         | `QString` (10)        | `quint32` size in bytes, UTF-16 units     |
//! | bytes        | `QByteArray` (12)     | `quint32` size, the bytes                 |
//! | list         | `QVariantList` (9)    | `quint32` count, each `QVariant`          |
//! | map          | `QVariantHash` (28)   | `quint32` count, each key (`QString`) and value (`QVariant`) |
//!
//! The null flag is 1 for `Nullptr` and 0 for the rest, as Qt 6 writes
//! them: a `QVariant` of `nullptr` is null, one made from a value is not.
//! The strings, counts and numbers are this crate's own primitives, the
//! code its task-manager layout times.
//!
//! A map is a `QVariantHash` rather than a `QVariantMap` (`QJsonObject`'s
//! own form) because a `QVariantMap` is a sorted map: Qt writes its keys
//! in order, and a document whose keys came back sorted would fail the
//! measurement's exact check. A hash has no order of its own, so writing
//! its entries in the document's order is a valid `QVariantHash` that Qt
//! reads as any other (losing the order, as a hash does), and this row's
//! reader gets the order back. The two are laid out alike: only the type
//! id (28 here, 8 for a map) and the order of the entries differ.
//!
//! A `QVariantHash` holds each key once; on reading a repeated key Qt
//! keeps the last value. A document with a map that repeats a key is
//! refused when the row is built, naming the path, rather than written
//! as bytes Qt would read as another value.
//!
//! The one change to these layouts we know of between `Qt_6_0` and
//! `Qt_6_10` is the 64-bit size of `Qt_6_7` and later, for strings and
//! lists of 2³² − 2 units or more, which serbench-qdatastream refuses to
//! write; only `Qt_6_4` is checked against a running Qt. `cargo xtask
//! interop` has a Qt 6 program read the measured documents' encodings with
//! its QDataStream and compare them, type by type, with the documents as
//! its JSON parser reads them.
//!
//! # Decoding
//!
//! The reader takes exactly what the writer writes: the nine type ids
//! above (an `Int` or a `QVariantMap`, which Qt programs also write, is
//! refused by its id), the null flag that goes with each, and a `bool`
//! of 0 or 1. A `ULongLong` that fits `i64` reads as an integer, the one
//! form the value has. A null `QString` or `QByteArray` (size 0xFFFFFFFF)
//! reads as empty. Every size and count is checked against the bytes left
//! before anything is allocated, a list or hash counting at least 5 bytes
//! an item (a `QVariant`'s id and flag) or 9 an entry (an empty key and a
//! `QVariant`); nesting stops at [`MAX_DEPTH`]; invalid UTF-16 and bytes
//! after the value are errors; every error holds its byte.

use std::collections::HashSet;
use std::fmt::Write as _;

use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec};
use serbench_document::value::{MAX_DEPTH, Value};
use serbench_model::excerpt::shown;
use serbench_model::{BaseCodec, Error};

use crate::error::{Fault, Unsupported, decode_error, encode_error};
use crate::read::Reader;
use crate::write::Writer;
use crate::{ErrorKind, QDataStream};

/// The `QMetaType::Type` ids a document's values take (qmetatype.h).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MetaType {
    Bool = 1,
    LongLong = 4,
    ULongLong = 5,
    Double = 6,
    QVariantList = 9,
    QString = 10,
    QByteArray = 12,
    QVariantHash = 28,
    Nullptr = 51,
}

impl MetaType {
    fn from_id(id: u32) -> Option<MetaType> {
        Some(match id {
            1 => MetaType::Bool,
            4 => MetaType::LongLong,
            5 => MetaType::ULongLong,
            6 => MetaType::Double,
            9 => MetaType::QVariantList,
            10 => MetaType::QString,
            12 => MetaType::QByteArray,
            28 => MetaType::QVariantHash,
            51 => MetaType::Nullptr,
            _ => return None,
        })
    }

    /// The null flag Qt 6 writes for a `QVariant` of this type made from a
    /// document's value.
    fn null_flag(self) -> i8 {
        i8::from(self == MetaType::Nullptr)
    }
}

/// The bytes of the smallest `QVariant`: its id and flag (a `Nullptr` has
/// nothing after them).
const MIN_VARIANT: usize = 5;
/// The bytes of the smallest `QVariantHash` entry: an empty key's size and
/// the smallest `QVariant`.
const MIN_ENTRY: usize = 4 + MIN_VARIANT;

struct Variants;

impl DocumentCodec for QDataStream {
    const KEEPS_KEY_ORDER: bool = true;

    /// The codec of the document's `QVariant`s, once no map of the
    /// document repeats a key.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        let several = context.messages.len() > 1;
        for (n, message) in context.messages.iter().enumerate() {
            let mut path = String::from("$");
            if let Some(key) = repeated_key(message, &mut path) {
                let which = if several {
                    format!("message {}: ", n + 1)
                } else {
                    String::new()
                };
                // Qt keeps the last value of a key given twice.
                let message = format!(
                    "{which}the key {} appears twice; a QVariantHash holds a key once",
                    shown(key)
                );
                return Err(
                    Error::named(ErrorKind::Unsupported, Self::NAME, DOCUMENT, message)
                        .at_path(path),
                );
            }
        }
        Ok(Box::new(Variants))
    }
}

/// The first key a map in `value` repeats, with `path` left at that map.
fn repeated_key<'v>(value: &'v Value, path: &mut String) -> Option<&'v str> {
    let len = path.len();
    match value {
        Value::List(items) => items.iter().enumerate().find_map(|(i, item)| {
            path.truncate(len);
            let _ = write!(path, "[{i}]");
            repeated_key(item, path)
        }),
        Value::Map(entries) => {
            let mut seen = HashSet::with_capacity(entries.len());
            if let Some((key, _)) = entries.iter().find(|(key, _)| !seen.insert(key.as_str())) {
                return Some(key);
            }
            entries.iter().find_map(|(key, item)| {
                path.truncate(len);
                let _ = write!(path, ".{key}");
                repeated_key(item, path)
            })
        }
        _ => None,
    }
}

impl Codec for Variants {
    fn encode(&self, value: &Value, out: &mut Vec<u8>) -> Result<(), Error> {
        write(&mut Writer::new(out), value).map_err(|why| encode_error(DOCUMENT, why))
    }

    fn decode(&self, bytes: &[u8]) -> Result<Value, Error> {
        read_document(bytes).map_err(|fault| decode_error(DOCUMENT, &fault))
    }
}

fn write(w: &mut Writer<'_>, value: &Value) -> Result<(), Unsupported> {
    match value {
        Value::Null => header(w, MetaType::Nullptr),
        Value::Bool(b) => {
            header(w, MetaType::Bool);
            w.bool(*b);
        }
        Value::Int(n) => {
            header(w, MetaType::LongLong);
            w.i64(*n);
        }
        Value::UInt(n) => {
            header(w, MetaType::ULongLong);
            w.u64(*n);
        }
        Value::Float(x) => {
            header(w, MetaType::Double);
            w.f64(*x);
        }
        Value::Text(text) => {
            header(w, MetaType::QString);
            w.string(text, "a text")?;
        }
        Value::Bytes(bytes) => {
            header(w, MetaType::QByteArray);
            w.byte_array(bytes, "a byte string")?;
        }
        Value::List(items) => {
            header(w, MetaType::QVariantList);
            w.list(items, "a list", write)?;
        }
        Value::Map(entries) => {
            header(w, MetaType::QVariantHash);
            w.list(entries, "a map", |w, (key, item)| {
                w.string(key, "a key")?;
                write(w, item)
            })?;
        }
    }
    Ok(())
}

/// A `QVariant`'s id and null flag, in one write.
fn header(w: &mut Writer<'_>, meta: MetaType) {
    let [id0, id1, id2, id3] = (meta as u32).to_be_bytes();
    let [flag] = meta.null_flag().to_be_bytes();
    w.bytes(&[id0, id1, id2, id3, flag]);
}

/// One `QVariant`, all of `bytes`.
fn read_document(bytes: &[u8]) -> Result<Value, Fault> {
    let mut r = Reader::new(bytes);
    let value = read(&mut r, 0)?;
    r.finish()?;
    Ok(value)
}

fn read(r: &mut Reader<'_>, depth: usize) -> Result<Value, Fault> {
    let at = r.pos();
    let id = r.u32("a QVariant's type id")?;
    let meta = MetaType::from_id(id).ok_or_else(|| unknown_type(at, id))?;
    let flag_at = r.pos();
    let flag = r.i8("a QVariant's null flag")?;
    if flag != meta.null_flag() {
        return Err(Reader::fault(
            flag_at,
            ErrorKind::Invalid,
            format!(
                "a {meta:?} QVariant has the null flag {flag}; Qt 6 writes {}",
                meta.null_flag()
            ),
        ));
    }
    Ok(match meta {
        MetaType::Nullptr => Value::Null,
        MetaType::Bool => Value::Bool(r.bool("a bool")?),
        MetaType::LongLong => Value::Int(r.i64("a qint64")?),
        MetaType::ULongLong => Value::from_u64(r.u64("a quint64")?),
        MetaType::Double => Value::Float(r.f64("a double")?),
        MetaType::QString => Value::Text(r.string("a QString")?),
        MetaType::QByteArray => Value::Bytes(r.byte_array("a QByteArray")?),
        MetaType::QVariantList => {
            let depth = deeper(depth, at)?;
            Value::List(r.list("a QVariantList", MIN_VARIANT, |r| read(r, depth))?)
        }
        MetaType::QVariantHash => {
            let depth = deeper(depth, at)?;
            Value::Map(r.list("a QVariantHash", MIN_ENTRY, |r| {
                let key = r.string("a QVariantHash key")?;
                Ok((key, read(r, depth)?))
            })?)
        }
    })
}

#[cold]
fn unknown_type(at: usize, id: u32) -> Fault {
    Reader::fault(
        at,
        ErrorKind::Invalid,
        format!(
            "a QVariant of type {id}, which no document value is written as (the types read: \
             Nullptr 51, Bool 1, LongLong 4, ULongLong 5, Double 6, QString 10, QByteArray 12, \
             QVariantList 9, QVariantHash 28)"
        ),
    )
}

fn deeper(depth: usize, at: usize) -> Result<usize, Fault> {
    if depth >= MAX_DEPTH {
        return Err(Reader::fault(
            at,
            ErrorKind::Limit,
            format!("nesting deeper than {MAX_DEPTH} levels"),
        ));
    }
    Ok(depth + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(text: &str) -> Value {
        serde_json::from_str(text).unwrap()
    }

    fn encode(value: &Value) -> Vec<u8> {
        let mut out = Vec::new();
        Variants.encode(value, &mut out).unwrap();
        out
    }

    /// Encodes `value` and reads it back, exactly.
    fn round_trip(value: &Value) -> Vec<u8> {
        let bytes = encode(value);
        let back = read_document(&bytes).unwrap();
        assert_eq!(value.difference(&back), None);
        bytes
    }

    /// The kind and byte offset a decode of `bytes` fails with.
    fn refusal(bytes: &[u8]) -> (ErrorKind, usize) {
        let fault = read_document(bytes).unwrap_err();
        (fault.kind(), fault.offset())
    }

    /// The bytes Qt 6.4's own `QDataStream << QVariant` writes for these
    /// values (a QVariantHash of one entry has one order).
    #[test]
    fn each_kind_in_its_qt_layout() {
        let cases: [(Value, &[u8]); 9] = [
            (Value::Null, &[0, 0, 0, 51, 1]),
            (Value::Bool(true), &[0, 0, 0, 1, 0, 1]),
            (Value::Bool(false), &[0, 0, 0, 1, 0, 0]),
            (
                Value::Int(-2),
                &[
                    0, 0, 0, 4, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
                ],
            ),
            (
                Value::UInt(u64::MAX),
                &[
                    0, 0, 0, 5, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                ],
            ),
            (
                Value::Float(1.5),
                &[0, 0, 0, 6, 0, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0],
            ),
            (
                Value::Text("hé".into()),
                &[0, 0, 0, 10, 0, 0, 0, 0, 4, 0, b'h', 0, 0xe9],
            ),
            (
                Value::Bytes(vec![7, 0]),
                &[0, 0, 0, 12, 0, 0, 0, 0, 2, 7, 0],
            ),
            (
                json(r#"{"a": [null]}"#),
                &[
                    0, 0, 0, 28, 0, 0, 0, 0, 1, // a hash of one entry
                    0, 0, 0, 2, 0, b'a', // its key
                    0, 0, 0, 9, 0, 0, 0, 0, 1, // a list of one item
                    0, 0, 0, 51, 1,
                ],
            ),
        ];
        for (value, bytes) in cases {
            assert_eq!(round_trip(&value), bytes, "{value:?}");
        }
    }

    #[test]
    fn keys_keep_the_documents_order() {
        let value = json(r#"{"zebra": 1, "apple": {"y": 2, "b": 3}, "mango": []}"#);
        round_trip(&value);
        let Value::Map(entries) = read_document(&encode(&value)).unwrap() else {
            panic!("not a map");
        };
        let keys: Vec<&str> = entries.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["zebra", "apple", "mango"]);
    }

    #[test]
    fn text_beyond_ascii_and_the_basic_plane() {
        for text in ["", "ascii", "naïve café", "日本語", "𝄞 and 😀", "a\u{0}b"] {
            round_trip(&Value::Text(text.to_owned()));
        }
        // An astral character is a surrogate pair, big-endian.
        let bytes = round_trip(&Value::Text("😀".to_owned()));
        assert_eq!(bytes[5..], [0, 0, 0, 4, 0xd8, 0x3d, 0xde, 0x00]);
        round_trip(&json(r#"{"ключ 🔑": "значение"}"#));
    }

    #[test]
    fn floats_keep_their_bits() {
        let quiet_nan_with_payload = f64::from_bits(0x7ff8_0000_0000_1234);
        for x in [
            -0.0,
            0.0,
            f64::NAN,
            quiet_nan_with_payload,
            f64::INFINITY,
            f64::MIN_POSITIVE / 2.0,
            0.1,
        ] {
            round_trip(&Value::Float(x));
        }
    }

    #[test]
    fn integers_at_their_ends() {
        for n in [0, 1, -1, i64::MIN, i64::MAX] {
            round_trip(&Value::Int(n));
        }
        round_trip(&Value::UInt(u64::MAX));
        round_trip(&Value::UInt(1 << 63));
        // A ULongLong that fits i64, as Qt writes a small qulonglong, reads
        // as the integer's one form.
        let small = [0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 7];
        assert_eq!(read_document(&small).unwrap(), Value::Int(7));
    }

    #[test]
    fn empty_containers_and_nesting() {
        for text in ["{}", "[]", "[[], {}]", r#"{"a": {}, "b": []}"#] {
            round_trip(&json(text));
        }
        round_trip(&Value::Bytes(Vec::new()));
        // As deep as a document may be.
        let mut deepest = Value::List(Vec::new());
        for _ in 1..MAX_DEPTH {
            deepest = Value::List(vec![deepest]);
        }
        round_trip(&deepest);
    }

    #[test]
    fn a_repeated_key_is_refused_at_build_with_its_path() {
        // Built, as every input reader refuses a key twice.
        let twice = Value::Map(vec![
            ("x".to_owned(), Value::Int(1)),
            ("y".to_owned(), Value::Int(2)),
            ("x".to_owned(), Value::Int(3)),
        ]);
        let messages = [Value::Map(vec![(
            "a".to_owned(),
            Value::List(vec![Value::Int(1), twice]),
        )])];
        let schema = serbench_document::Schema::infer(&messages, "doc");
        let user = serbench_document::UserSchemas::default();
        let context = Context {
            name: "doc",
            messages: &messages,
            schema: &schema,
            user: &user,
        };
        let Err(why) = QDataStream::document(&context) else {
            panic!("built");
        };
        assert_eq!(why.kind(), ErrorKind::Unsupported);
        assert_eq!(why.position().path(), Some("$.a[1]"));
        assert!(
            why.message().starts_with("the key \"x\" appears twice"),
            "{why}"
        );
        let one = || ("x".to_owned(), Value::Int(1));
        let messages = [
            Value::Map(vec![one()]),
            Value::List(vec![Value::Map(vec![one(), one()])]),
        ];
        let context = Context {
            messages: &messages,
            ..context
        };
        let Err(why) = QDataStream::document(&context) else {
            panic!("built");
        };
        assert!(why.message().starts_with("message 2: "), "{why}");
        assert_eq!(why.position().path(), Some("$[0]"));
    }

    #[test]
    fn truncated_input_is_refused_at_every_length() {
        let bytes = encode(&json(
            r#"{"a": [1, 2.5, "x", true, null], "b": {"c": "é"}}"#,
        ));
        for end in 0..bytes.len() {
            let (kind, at) = refusal(&bytes[..end]);
            assert_eq!(kind, ErrorKind::Truncated, "cut at {end}");
            assert!(at <= end, "cut at {end}: at byte {at}");
        }
    }

    #[test]
    fn unknown_types_and_wrong_flags_are_refused() {
        // An Int (2) and a QVariantMap (8), which Qt writes but this row does not.
        assert_eq!(
            refusal(&[0, 0, 0, 2, 0, 0, 0, 0, 1]),
            (ErrorKind::Invalid, 0)
        );
        assert_eq!(
            refusal(&[0, 0, 0, 8, 0, 0, 0, 0, 0]),
            (ErrorKind::Invalid, 0)
        );
        let nested = [0, 0, 0, 9, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0];
        assert_eq!(refusal(&nested), (ErrorKind::Invalid, 9));
        // A null flag other than the one Qt writes for the type.
        assert_eq!(refusal(&[0, 0, 0, 51, 0]), (ErrorKind::Invalid, 4));
        assert_eq!(refusal(&[0, 0, 0, 1, 1, 1]), (ErrorKind::Invalid, 4));
        // A bool other than 0 or 1.
        assert_eq!(refusal(&[0, 0, 0, 1, 0, 2]), (ErrorKind::Invalid, 5));
    }

    #[test]
    fn counts_past_the_bytes_left_are_refused_before_allocating() {
        let mut list = vec![0, 0, 0, 9, 0, 0xff, 0xff, 0xff, 0xfd];
        list.extend([0, 0, 0, 51, 1]);
        assert_eq!(refusal(&list), (ErrorKind::Truncated, 5));
        // Two nulls' worth of bytes, for a count of three.
        let three = [0, 0, 0, 9, 0, 0, 0, 0, 3, 0, 0, 0, 51, 1, 0, 0, 0, 51, 1];
        assert_eq!(refusal(&three), (ErrorKind::Truncated, 5));
        // A hash entry takes at least 9 bytes: a key's size and a QVariant.
        let hash = [0, 0, 0, 28, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 51, 1];
        assert_eq!(refusal(&hash), (ErrorKind::Truncated, 5));
        let text = [0, 0, 0, 10, 0, 0x7f, 0xff, 0xff, 0xfe, 0, b'a'];
        assert_eq!(refusal(&text), (ErrorKind::Truncated, 5));
        let bytes = [0, 0, 0, 12, 0, 0, 0, 0, 3, 1, 2];
        assert_eq!(refusal(&bytes), (ErrorKind::Truncated, 5));
    }

    #[test]
    fn invalid_utf16_is_refused_where_it_is() {
        // A lone high surrogate, then an odd size.
        let lone = [0, 0, 0, 10, 0, 0, 0, 0, 4, 0, b'a', 0xd8, 0x3d];
        assert_eq!(refusal(&lone), (ErrorKind::Syntax, 11));
        let odd = [0, 0, 0, 10, 0, 0, 0, 0, 1, b'a'];
        assert_eq!(refusal(&odd), (ErrorKind::Syntax, 5));
        // In a key too.
        let key = [
            0, 0, 0, 28, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0xdc, 0, 0, 0, 0, 51, 1,
        ];
        assert_eq!(refusal(&key), (ErrorKind::Syntax, 13));
    }

    #[test]
    fn nesting_past_the_limit_is_refused() {
        let mut deep = Vec::new();
        for _ in 0..=MAX_DEPTH {
            deep.extend([0, 0, 0, 9, 0, 0, 0, 0, 1]);
        }
        deep.extend([0, 0, 0, 51, 1]);
        assert_eq!(refusal(&deep), (ErrorKind::Limit, 9 * MAX_DEPTH));
    }

    #[test]
    fn bytes_after_the_value_are_refused() {
        let mut bytes = encode(&json(r#"{"a": 1}"#));
        let end = bytes.len();
        bytes.push(0);
        assert_eq!(refusal(&bytes), (ErrorKind::TrailingBytes, end));
    }

    #[test]
    fn damaged_encodings_never_panic() {
        let bytes = encode(&json(
            r#"{"id": 7, "tags": ["a", "ü"], "price": 9.5, "n": null, "ok": true, "big": 18446744073709551615}"#,
        ));
        for at in 0..bytes.len() {
            for byte in [0x00, 0x01, 0x09, 0x1c, 0x7f, 0xff] {
                let mut changed = bytes.clone();
                changed[at] = byte;
                let _ = read_document(&changed);
            }
        }
    }
}
