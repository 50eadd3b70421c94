//! JSON's backslash escapes, which carry the characters XML 1.0 cannot
//! hold in strings and keys marked `escaped="true"` or
//! `escaped-key="true"`.

use std::borrow::Cow;
use std::fmt::Write as _;

use super::is_xml_char;

/// Whether `text` holds a character XML 1.0 cannot, and so needs JSON's
/// escapes.
pub(super) fn needs_escapes(text: &str) -> bool {
    // Only a byte below 0x20 or the lead byte 0xEF (where U+FFFE and U+FFFF
    // begin) can start such a character: most text skips decoding.
    let suspect = |b: u8| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) || b == 0xEF;
    text.bytes().any(suspect) && text.chars().any(|c| !is_xml_char(c))
}

/// `text` with JSON's escapes for a backslash and for each character XML
/// 1.0 cannot hold, into `out` (cleared first).
pub(super) fn json_escape(text: &str, out: &mut String) {
    out.clear();
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if !is_xml_char(c) => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
}

/// Reads text written with JSON's escapes back: `\"`, `\\`, `\/`, `\b`,
/// `\f`, `\n`, `\r`, `\t` and `\uXXXX` (a surrogate pair as one
/// character); any other character stands for itself.
pub(super) fn json_unescape(escaped: &str) -> Result<Cow<'_, str>, String> {
    if !escaped.contains('\\') {
        return Ok(Cow::Borrowed(escaped));
    }
    let mut text = String::with_capacity(escaped.len());
    let mut rest = escaped;
    while let Some(at) = rest.find('\\') {
        text.push_str(&rest[..at]);
        let mut chars = rest[at + 1..].chars();
        let c = match chars.next() {
            Some('"') => '"',
            Some('\\') => '\\',
            Some('/') => '/',
            Some('b') => '\u{8}',
            Some('f') => '\u{c}',
            Some('n') => '\n',
            Some('r') => '\r',
            Some('t') => '\t',
            Some('u') => {
                let (c, after) = unicode_escape(chars.as_str())?;
                chars = after.chars();
                c
            }
            Some(other) => {
                return Err(format!(
                    "`\\{other}` is not one of JSON's escapes (error FOJS0007)"
                ));
            }
            None => return Err("the text ends in a lone `\\` (error FOJS0007)".to_owned()),
        };
        text.push(c);
        rest = chars.as_str();
    }
    text.push_str(rest);
    Ok(Cow::Owned(text))
}

/// The character of a `\uXXXX` escape whose hex digits start `rest` (and
/// of the low surrogate's escape after it, for a high surrogate), and
/// what follows.
fn unicode_escape(rest: &str) -> Result<(char, &str), String> {
    let hex = |rest: &str| -> Option<u32> {
        let digits = rest.get(..4)?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        u32::from_str_radix(digits, 16).ok()
    };
    let bad = || "`\\u` not followed by four hex digits (error FOJS0007)".to_owned();
    let first = hex(rest).ok_or_else(bad)?;
    let rest = &rest[4..];
    if let Some(c) = char::from_u32(first) {
        return Ok((c, rest));
    }
    let unpaired =
        || format!("an unpaired surrogate \\u{first:04X}: text holds Unicode scalar values only");
    if !(0xD800..0xDC00).contains(&first) {
        return Err(unpaired());
    }
    let low = rest
        .strip_prefix("\\u")
        .and_then(hex)
        .filter(|low| (0xDC00..0xE000).contains(low))
        .ok_or_else(unpaired)?;
    let c =
        char::from_u32(0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00)).ok_or_else(unpaired)?;
    Ok((c, &rest[6..]))
}
