//! Reading the user's document: JSON, NDJSON (a message a line), CBOR or
//! MessagePack, into [`Value`]s, with errors that say where.

use std::fmt;
use std::io::Read as _;
use std::path::Path;

use serde::Deserialize as _;

use crate::value::Value;

/// The largest input read, in bytes. A value takes up to 32 bytes per
/// input byte in memory (a CBOR list of one-byte integers), and every
/// codec's encodings are kept beside it: at this cap the measurement
/// stays within about 1.5 GiB.
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
    /// The name records and files take from it (the file's stem).
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
        let shown = path.display();
        let format = format.or_else(|| InputFormat::from_path(path)).ok_or_else(|| {
            InputError(format!(
                "{shown}: cannot tell the input's format from its name; say it with --input-format json, ndjson, cbor or msgpack"
            ))
        })?;
        let file = std::fs::File::open(path)
            .map_err(|error| InputError(format!("{shown}: cannot open: {error}")))?;
        // Read one byte past the cap, so a larger file is refused without
        // reading it whole.
        let mut bytes = Vec::new();
        file.take(MAX_INPUT_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|error| InputError(format!("{shown}: cannot read: {error}")))?;
        if bytes.len() as u64 > MAX_INPUT_BYTES {
            return Err(InputError(format!(
                "{shown}: larger than the {} MiB an input may be",
                MAX_INPUT_BYTES >> 20
            )));
        }
        let name = path
            .file_stem()
            .and_then(|stem| stem.to_str())
            .unwrap_or("document")
            .to_owned();
        Document::parse(&name, format, &bytes)
            .map_err(|error| InputError(format!("{shown}: {}", error.0)))
    }

    /// Reads a document from `bytes`.
    pub fn parse(name: &str, format: InputFormat, bytes: &[u8]) -> Result<Document, InputError> {
        if bytes.len() as u64 > MAX_INPUT_BYTES {
            return Err(InputError(format!(
                "larger than the {} MiB an input may be",
                MAX_INPUT_BYTES >> 20
            )));
        }
        let messages = match format {
            InputFormat::Json => vec![json(bytes)?],
            InputFormat::Ndjson => ndjson(bytes)?,
            InputFormat::Cbor => vec![
                crate::formats::read_cbor(bytes)
                    .map_err(|error| InputError(format!("invalid CBOR: {error}")))?,
            ],
            InputFormat::MsgPack => vec![msgpack(bytes)?],
        };
        Ok(Document {
            name: name.to_owned(),
            format,
            input_bytes: bytes.len() as u64,
            messages,
        })
    }
}

fn json(bytes: &[u8]) -> Result<Value, InputError> {
    serde_json::from_slice(bytes).map_err(|error| InputError(format!("invalid JSON: {error}")))
}

fn ndjson(bytes: &[u8]) -> Result<Vec<Value>, InputError> {
    let mut messages = Vec::new();
    for (n, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let value: Value = serde_json::from_slice(line).map_err(|error| {
            InputError(format!("line {} is not a JSON document: {error}", n + 1))
        })?;
        messages.push(value);
    }
    if messages.is_empty() {
        return Err(InputError("no messages: every line is blank".to_owned()));
    }
    Ok(messages)
}

fn msgpack(bytes: &[u8]) -> Result<Value, InputError> {
    let mut rest = bytes;
    let mut deserializer = rmp_serde::Deserializer::new(&mut rest);
    let value = Value::deserialize(&mut deserializer);
    drop(deserializer);
    let at = bytes.len() - rest.len();
    let value = value
        .map_err(|error| InputError(format!("invalid MessagePack: {error} (at byte {at})")))?;
    if !rest.is_empty() {
        return Err(InputError(format!(
            "invalid MessagePack: {} bytes after the value (at byte {at})",
            rest.len()
        )));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(error(InputFormat::Cbor, &[0xc1, 0x01]).contains("tag (1)"));
        assert!(error(InputFormat::MsgPack, &[0x92, 0x01]).contains("MessagePack"));
        assert!(error(InputFormat::Json, b"").contains("EOF"));
    }

    #[test]
    fn ndjson_is_a_message_a_line() {
        let doc = Document::parse("t", InputFormat::Ndjson, b"{\"a\":1}\r\n\n{\"a\":2}").unwrap();
        assert_eq!(doc.messages.len(), 2);
    }

    #[test]
    fn deep_nesting_is_refused_in_every_input_format() {
        let deep = 200;
        let json = "[".repeat(deep) + &"]".repeat(deep);
        assert!(error(InputFormat::Json, json.as_bytes()).contains("recursion"));
        let cbor = vec![0x81; deep];
        assert!(error(InputFormat::Cbor, &cbor).contains("nesting deeper"));
        let msgpack = vec![0x91; deep];
        assert!(!error(InputFormat::MsgPack, &msgpack).is_empty());
    }
}
