//! Reading the user's document: JSON, NDJSON (a message a line), CBOR or
//! MessagePack, into [`Value`]s, with errors that say where.

use std::fmt;
use std::io::Read as _;
use std::path::Path;

use serbench_model::excerpt;

use crate::codec::said;
use crate::value::Value;
use serbench_document::ReadInput;

/// The largest input read, in bytes. A value takes up to 32 bytes per
/// input byte in memory (a CBOR list of one-byte integers); while a row
/// is verified its decoded copy, its own form of the value and its
/// encodings lie beside it, and no other row's: a run holds at most about
/// 128 bytes per input byte and 256 MiB besides (`docs/measure.md`), one
/// file at a time.
pub const MAX_INPUT_BYTES: u64 = 32 * 1024 * 1024;

/// How an input is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputFormat {
    /// One JSON document (`.json`).
    Json,
    /// JSON Lines: a JSON document per line, each a message (`.ndjson`,
    /// `.jsonl`); blank lines are skipped.
    Ndjson,
    /// One CBOR data item (`.cbor`).
    Cbor,
    /// One MessagePack object (`.msgpack`, `.mpk`, `.mp`).
    MsgPack,
}

impl InputFormat {
    /// The format a file's extension names, if it names one.
    #[must_use]
    pub fn from_path(path: &Path) -> Option<InputFormat> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match extension.as_str() {
            "json" => InputFormat::Json,
            "ndjson" | "jsonl" | "jsonlines" => InputFormat::Ndjson,
            "cbor" => InputFormat::Cbor,
            "msgpack" | "mpk" | "mp" => InputFormat::MsgPack,
            _ => return None,
        })
    }

    /// The format named on the command line (`json`, `ndjson`, `cbor`,
    /// `msgpack`).
    #[must_use]
    pub fn parse(name: &str) -> Option<InputFormat> {
        Some(match name {
            "json" => InputFormat::Json,
            "ndjson" | "jsonl" => InputFormat::Ndjson,
            "cbor" => InputFormat::Cbor,
            "msgpack" => InputFormat::MsgPack,
            _ => return None,
        })
    }

    /// Its name as people say it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            InputFormat::Json => "JSON",
            InputFormat::Ndjson => "NDJSON",
            InputFormat::Cbor => "CBOR",
            InputFormat::MsgPack => "MessagePack",
        }
    }
}

/// A document read: its messages and where they came from.
#[derive(Clone, Debug)]
pub struct Document {
    /// The name records and files take from it: the file's stem, made
    /// [`safe_name`].
    pub name: String,
    /// How it was written.
    pub format: InputFormat,
    /// Its bytes as read.
    pub input_bytes: u64,
    /// Its messages: one for a document, a line each for NDJSON.
    pub messages: Vec<Value>,
}

/// Why an input could not be read: what, and where.
#[derive(Debug)]
pub struct InputError(String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

impl Document {
    /// Reads `path`, in `format` or the one its extension names.
    pub fn read(path: &Path, format: Option<InputFormat>) -> Result<Document, InputError> {
        let path_text = path.to_string_lossy();
        let shown = excerpt::shown_name(&path_text);
        let format = format.or_else(|| InputFormat::from_path(path)).ok_or_else(|| {
            InputError::new(format_args!(
                "{shown}: cannot tell the input's format from its name; say it with --input-format json, ndjson, cbor or msgpack"
            ))
        })?;
        let file = std::fs::File::open(path)
            .map_err(|error| InputError::new(format_args!("{shown}: cannot open: {error}")))?;
        // Read one byte past the cap, so a larger file is refused without
        // reading it whole.
        let mut bytes = Vec::new();
        file.take(MAX_INPUT_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|error| InputError::new(format_args!("{shown}: cannot read: {error}")))?;
        if bytes.len() as u64 > MAX_INPUT_BYTES {
            return Err(InputError::new(format_args!(
                "{shown}: larger than the {} MiB an input may be",
                MAX_INPUT_BYTES >> 20
            )));
        }
        let stem = path.file_stem().map(|stem| stem.to_string_lossy());
        Document::parse(stem.as_deref().unwrap_or(""), format, &bytes)
            .map_err(|error| InputError::new(format_args!("{shown}: {}", error.0)))
    }

    /// Reads a document from `bytes`; `name` is made [`safe_name`].
    pub fn parse(name: &str, format: InputFormat, bytes: &[u8]) -> Result<Document, InputError> {
        if bytes.len() as u64 > MAX_INPUT_BYTES {
            return Err(InputError::new(format_args!(
                "larger than the {} MiB an input may be",
                MAX_INPUT_BYTES >> 20
            )));
        }
        let one = |wire_format: &str| {
            reader(wire_format)
                .and_then(|read| read(bytes).map_err(|error| said(&error)))
                .map(|value| vec![value])
                .map_err(|error| InputError::new(format_args!("invalid {wire_format}: {error}")))
        };
        let messages = match format {
            InputFormat::Json => one("JSON")?,
            InputFormat::Ndjson => ndjson(bytes)?,
            InputFormat::Cbor => one("CBOR")?,
            InputFormat::MsgPack => one("MessagePack")?,
        };
        Ok(Document {
            name: safe_name(name),
            format,
            input_bytes: bytes.len() as u64,
            messages,
        })
    }
}

pub use serbench_document::schema_file::{MAX_SCHEMA_BYTES, MAX_SCHEMA_DEPTH};

/// The longest name [`safe_name`] gives: with a row id and the longest
/// extension written beside it, a file name stays far below the 255
/// bytes file systems allow.
pub const NAME_BYTES: usize = 64;

/// `name` as records, progress lines and the files written take it:
/// ASCII letters, digits, `-`, `_` and `.` kept, any other character
/// `_`, no leading `.`, at most [`NAME_BYTES`] bytes, `document` when
/// nothing is left. A file's stem can hold a newline, a `/` (as a
/// document's name given to [`Document::parse`]) or 250 bytes; the name
/// every file is written under must hold none of them.
#[must_use]
pub fn safe_name(name: &str) -> String {
    let mut safe: String = name
        .chars()
        .take(NAME_BYTES)
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if safe.starts_with('.') {
        safe.replace_range(..1, "_");
    }
    if safe.is_empty() {
        safe.push_str("document");
    }
    safe
}

impl InputError {
    /// The error, cut to [`excerpt::LINE_BYTES`]: a library's message
    /// can quote the input at any length.
    fn new(message: fmt::Arguments<'_>) -> InputError {
        let message = message.to_string();
        InputError(excerpt::cut(&message, excerpt::LINE_BYTES).into_owned())
    }
}

/// How the crate of the codec that reads `wire_format` reads a document
/// (`serbench_codecs::document_reader`).
fn reader(wire_format: &str) -> Result<ReadInput, String> {
    serbench_codecs::document_reader(wire_format).ok_or_else(|| {
        format!("this build has no codec that reads {wire_format} (see `serbench list`)")
    })
}

fn ndjson(bytes: &[u8]) -> Result<Vec<Value>, InputError> {
    // Found once for the file, not once per line.
    let read = reader("JSON");
    let mut messages = Vec::new();
    for (n, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let value = read
            .clone()
            .and_then(|read| read(line).map_err(|error| said(&error)))
            .map_err(|error| {
                InputError::new(format_args!(
                    "line {} is not a JSON document: {error}",
                    n + 1
                ))
            })?;
        messages.push(value);
    }
    if messages.is_empty() {
        return Err(InputError::new(format_args!(
            "no messages: every line is blank"
        )));
    }
    Ok(messages)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::MAX_DEPTH;

    fn error(format: InputFormat, bytes: &[u8]) -> String {
        Document::parse("t", format, bytes).unwrap_err().to_string()
    }

    #[test]
    fn errors_say_where() {
        assert!(error(InputFormat::Json, b"{\"a\": 1,\n \"b\": }").contains("line 2 column"));
        let found = error(InputFormat::Ndjson, b"{\"a\": 1}\n\n{\"a\": 2\n");
        assert!(
            found.starts_with("line 3 is not a JSON document"),
            "{found}"
        );
        assert!(error(InputFormat::Cbor, &[0x82, 0x01]).contains("byte"));
        assert!(error(InputFormat::Cbor, &[0xc1, 0x01]).contains("tag"));
        assert!(error(InputFormat::MsgPack, &[0x92, 0x01]).contains("MessagePack"));
        assert!(error(InputFormat::Json, b"").contains("EOF"));
        let after = error(InputFormat::MsgPack, &[0x92, 0x01, 0x01, 0x01]);
        assert!(
            after.contains("1 bytes follow the value (at byte 3)"),
            "{after}"
        );
    }

    #[test]
    fn ndjson_is_a_message_a_line() {
        let doc = Document::parse("t", InputFormat::Ndjson, b"{\"a\":1}\r\n\n{\"a\":2}").unwrap();
        assert_eq!(doc.messages.len(), 2);
    }

    /// `levels` lists nested in `format`, the innermost holding `0`.
    pub(crate) fn nested(format: InputFormat, levels: usize) -> Vec<u8> {
        match format {
            InputFormat::Json | InputFormat::Ndjson => {
                format!("{}0{}", "[".repeat(levels), "]".repeat(levels)).into_bytes()
            }
            InputFormat::Cbor => [vec![0x81; levels], vec![0x00]].concat(),
            InputFormat::MsgPack => [vec![0x91; levels], vec![0x00]].concat(),
        }
    }

    const ALL: [InputFormat; 4] = [
        InputFormat::Json,
        InputFormat::Ndjson,
        InputFormat::Cbor,
        InputFormat::MsgPack,
    ];

    #[test]
    fn nesting_stops_at_one_limit_in_every_input_format() {
        for format in ALL {
            let deepest = Document::parse("t", format, &nested(format, MAX_DEPTH));
            assert!(deepest.is_ok(), "{format:?}: {}", deepest.unwrap_err());
            let found = error(format, &nested(format, MAX_DEPTH + 1));
            let limit = format!("nesting deeper than {MAX_DEPTH} levels");
            assert!(found.contains(&limit), "{format:?}: {found}");
            // Far deeper is refused as soon, without recursing.
            assert!(error(format, &nested(format, 100_000)).contains(&limit));
        }
    }

    #[test]
    fn a_key_twice_in_a_map_is_refused_in_every_input_format() {
        let cases: [(InputFormat, &[u8], &str); 5] = [
            (InputFormat::Json, br#"{"a": 1, "a": 2}"#, "column"),
            (
                InputFormat::Ndjson,
                b"{\"b\": 0}\n{\"a\": 1, \"a\": 2}",
                "line 2",
            ),
            // {"a": 1, "a": 2}
            (
                InputFormat::Cbor,
                &[0xa2, 0x61, b'a', 1, 0x61, b'a', 2],
                "at byte 4",
            ),
            (
                InputFormat::MsgPack,
                &[0x82, 0xa1, b'a', 1, 0xa1, b'a', 2],
                "at byte",
            ),
            // A wide map: the repeat is found by its hash.
            (InputFormat::Json, WIDE.as_bytes(), "column"),
        ];
        for (format, bytes, place) in cases {
            let found = error(format, bytes);
            assert!(found.contains("twice in one map"), "{format:?}: {found}");
            assert!(
                found.contains(r#""a""#) && found.contains(place),
                "{format:?}: {found}"
            );
        }
        let distinct = br#"{"a": 1, "A": 2, "a ": 3}"#;
        assert!(Document::parse("t", InputFormat::Json, distinct).is_ok());
    }

    const WIDE: &str = r#"{"a":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":0,"k11":1,"k12":2,"k13":3,"k14":4,"k15":5,"k16":6,"k17":7,"a":8}"#;

    #[test]
    fn a_messagepack_str_that_is_not_utf8_is_refused_where_it_goes_wrong() {
        let patterns: [&[u8]; 7] = [
            &[0xff],
            &[0xc0, 0xaf],                   // an overlong '/'
            &[0xe0, 0x80, 0xaf],             // an overlong '/' in three bytes
            &[0xed, 0xa0, 0x80],             // a surrogate
            &[0x80],                         // a lone continuation byte
            &[0xe2, 0x82],                   // a sequence cut short
            &[0xf8, 0x88, 0x80, 0x80, 0x80], // a 5-byte form
        ];
        for pattern in patterns {
            // ["ok", "x" + pattern]: the bad byte is at 2 + 3 + 2.
            let mut bytes = vec![
                0x92,
                0xa2,
                b'o',
                b'k',
                0xa0 | (pattern.len() as u8 + 1),
                b'x',
            ];
            bytes.extend_from_slice(pattern);
            let found = error(InputFormat::MsgPack, &bytes);
            assert!(
                found.contains("not UTF-8 (at byte 6)"),
                "{pattern:x?}: {found}"
            );
        }
        // A bin is bytes, and stays so.
        let doc = Document::parse("t", InputFormat::MsgPack, &[0xc4, 1, 0xff]).unwrap();
        assert_eq!(doc.messages, [Value::Bytes(vec![0xff])]);
    }

    #[test]
    fn integers_past_64_bits_are_refused_in_every_input_format() {
        let hundred = format!("[1, {}]", "9".repeat(100));
        for json in ["18446744073709551616", "-9223372036854775809", &hundred] {
            for format in [InputFormat::Json, InputFormat::Ndjson] {
                let found = error(format, json.as_bytes());
                assert!(found.contains("outside the 64-bit range"), "{found}");
                assert!(found.contains("column"), "{found}");
                assert!(found.len() < 200, "{found}");
            }
        }
        // CBOR's 2^64, as a negative integer's argument.
        let cbor = [0x3b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
        assert!(error(InputFormat::Cbor, &cbor).contains("outside the 64-bit range"));
        let edges = br#"[18446744073709551615, -9223372036854775808, 1e300, 0, -0, 1.5e3, "99999999999999999999"]"#;
        let doc = Document::parse("t", InputFormat::Json, edges).unwrap();
        let Value::List(items) = &doc.messages[0] else {
            panic!()
        };
        assert_eq!(items[0], Value::UInt(u64::MAX));
        assert_eq!(items[1], Value::Int(i64::MIN));
    }

    #[test]
    fn a_cbor_half_or_single_nan_keeps_its_payload() {
        // A signalling NaN with payload 4, as a half and as a single.
        let half = Document::parse("t", InputFormat::Cbor, &[0xf9, 0x7c, 0x04]).unwrap();
        let single =
            Document::parse("t", InputFormat::Cbor, &[0xfa, 0xff, 0x80, 0x00, 0x04]).unwrap();
        let Value::Float(x) = half.messages[0] else {
            panic!()
        };
        assert_eq!(x.to_bits(), 0x7ff0_1000_0000_0000);
        let Value::Float(y) = single.messages[0] else {
            panic!()
        };
        assert_eq!(y.to_bits(), 0xfff0_0000_8000_0000);
        let plain = Document::parse("t", InputFormat::Cbor, &[0xf9, 0x3e, 0x00]).unwrap();
        assert_eq!(plain.messages, [Value::Float(1.5)]);
    }

    #[test]
    fn errors_stay_short_whatever_they_quote() {
        let key = "k".repeat(1 << 20);
        let json = format!(r#"{{"{key}": 1, "{key}": 2}}"#);
        let found = error(InputFormat::Json, json.as_bytes());
        assert!(
            found.len() <= excerpt::LINE_BYTES && found.contains("(1048576 bytes)"),
            "{found}"
        );
        let long = format!("[{}x]", "1,".repeat(1 << 20));
        assert!(error(InputFormat::Json, long.as_bytes()).len() <= excerpt::LINE_BYTES);
        let path = std::path::PathBuf::from("d".repeat(300)).with_extension("json");
        let found = Document::read(&path, None).unwrap_err().to_string();
        assert!(
            found.len() <= excerpt::LINE_BYTES && found.contains("cannot open"),
            "{found}"
        );
    }

    #[test]
    fn names_are_safe_and_bounded() {
        assert_eq!(safe_name("orders-2024.v2"), "orders-2024.v2");
        assert_eq!(safe_name("a/b\nc d"), "a_b_c_d");
        assert_eq!(safe_name("../x"), "_._x");
        assert_eq!(safe_name(""), "document");
        assert_eq!(safe_name(&"é".repeat(300)).len(), NAME_BYTES);
        let doc = Document::parse("x/\n", InputFormat::Json, b"1").unwrap();
        assert_eq!(doc.name, "x__");
    }
}
