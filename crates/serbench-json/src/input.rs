//! A user's JSON input read into a document (`serbench measure`'s input),
//! by serde_json as the `json` row reads, after a scan for what serde_json
//! would read silently other than written.

use serbench_document::serde_path::SerdeCodec;
use serbench_document::value::{MAX_DEPTH, Value};
use serbench_document::{DOCUMENT, ReadDocument};
use serbench_model::{BaseCodec, Error, ErrorKind, excerpt};

use crate::Json;

impl ReadDocument for Json {
    fn read_document(bytes: &[u8]) -> Result<Value, Error> {
        json_scan(bytes)?;
        Json::read(bytes)
    }
}

/// An error of `kind` at byte `at` of `bytes`, with its line and column
/// as serde_json counts them.
fn located(kind: ErrorKind, message: String, bytes: &[u8], at: usize) -> Error {
    let before = &bytes[..at];
    let line = before.split(|&b| b == b'\n').count();
    let column = at
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |n| n + 1)
        + 1;
    Error::named(kind, Json::NAME, DOCUMENT, message)
        .at_line_column(line, column)
        .at_offset(at)
}

/// What serde_json would read silently other than written, looked for
/// before it reads: an integer outside `i64` and `u64`, the range every
/// format here carries (it reads one as the nearest float, and the CBOR
/// reader refuses the same number), and
/// nesting past [`MAX_DEPTH`] (refused with the limit every input format
/// has). One pass over the text, strings skipped; malformed text is left
/// to serde_json, which says what is wrong with it.
fn json_scan(bytes: &[u8]) -> Result<(), Error> {
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
                    let message = format!("nesting deeper than {MAX_DEPTH} levels");
                    return Err(located(ErrorKind::Limit, message, bytes, at));
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
                    let message = format!(
                        "an integer outside the 64-bit range: {}",
                        excerpt::shown_name(&text)
                    );
                    return Err(located(ErrorKind::Invalid, message, bytes, at));
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
