//! A user's JSON input read into a document (`serbench measure`'s input),
//! by serde_json as the `json` row reads, after a scan for what serde_json
//! would read silently other than written.

use serbench_document::ReadDocument;
use serbench_document::serde_path::SerdeCodec;
use serbench_document::value::{MAX_DEPTH, Value};
use serbench_model::excerpt;

use crate::Json;

impl ReadDocument for Json {
    fn read_document(bytes: &[u8]) -> Result<Value, String> {
        json_scan(bytes)?;
        Json::read(bytes)
    }
}

/// Where byte `at` of `bytes` is, as serde_json says it.
fn line_column(bytes: &[u8], at: usize) -> String {
    let before = &bytes[..at];
    let line = before.split(|&b| b == b'\n').count();
    let column = at
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |n| n + 1)
        + 1;
    format!("line {line} column {column}")
}

/// What serde_json would read silently other than written, looked for
/// before it reads: an integer outside `i64` and `u64` (it reads one as
/// the nearest float, and the CBOR reader refuses the same number), and
/// nesting past [`MAX_DEPTH`] (refused with the limit every input format
/// has). One pass over the text, strings skipped; malformed text is left
/// to serde_json, which says what is wrong with it.
fn json_scan(bytes: &[u8]) -> Result<(), String> {
    let mut depth = 0usize;
    let mut at = 0;
    while let Some(&b) = bytes.get(at) {
        match b {
            b'"' => {
                at += 1;
                while let Some(&c) = bytes.get(at) {
                    at += if c == b'\\' { 2 } else { 1 };
                    if c == b'"' {
                        break;
                    }
                }
                continue;
            }
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(format!(
                        "nesting deeper than {MAX_DEPTH} levels (at {})",
                        line_column(bytes, at)
                    ));
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            b'-' | b'0'..=b'9' => {
                let end = bytes[at..]
                    .iter()
                    .position(|c| !matches!(c, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'))
                    .map_or(bytes.len(), |n| at + n);
                let token = &bytes[at..end];
                if outside_64_bits(token) {
                    let text = String::from_utf8_lossy(token);
                    return Err(format!(
                        "the integer {} is outside the 64-bit range every format here carries (at {})",
                        excerpt::shown_name(&text),
                        line_column(bytes, at)
                    ));
                }
                at = end;
                continue;
            }
            _ => {}
        }
        at += 1;
    }
    Ok(())
}

/// Whether `token` is a JSON integer (no fraction, no exponent) that
/// neither `i64` nor `u64` holds.
fn outside_64_bits(token: &[u8]) -> bool {
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    let integer = !digits.is_empty()
        && digits.iter().all(u8::is_ascii_digit)
        && (digits == b"0" || digits[0] != b'0');
    if !integer {
        return false;
    }
    let text = std::str::from_utf8(token).unwrap_or_default();
    text.parse::<i64>().is_err() && text.parse::<u64>().is_err()
}
