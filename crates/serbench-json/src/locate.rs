//! Where in the input a simd-json error is, for the errors whose own index
//! does not say.
//!
//! simd-json's [`Error::index`](simd_json::Error::index) is the byte
//! offset only for errors its stage 2 raises at a structural character (a
//! missing comma, a bad literal or number, trailing data): those carry the
//! character too. Stage 1 errors (a control character in a string, a
//! string that never ends, invalid UTF-8) and every error serde raises
//! while reading the tape (a wrong type, a missing field, the input ending)
//! carry index 0, and a bad escape carries an index counted from a block
//! of its string on the SIMD targets. For the stage 1 and escape errors
//! the fault is in the bytes, so [`string_fault`] and [`utf8_fault`] find
//! it again, on the error path only; a serde error's place is not in the
//! tape at all, and those errors name no offset.

/// What [`string_fault`] looks for inside strings.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum StringFault {
    /// What simd-json's stage 1 refuses: an unescaped control character,
    /// or a string that never ends (at its opening quote).
    Unescaped,
    /// A backslash that starts no JSON escape: an unknown letter, `\u`
    /// without four hex digits, or a surrogate without its other half.
    Escape,
}

/// The offset of the first fault of kind `fault` inside a string of
/// `bytes`, if there is one.
pub(crate) fn string_fault(bytes: &[u8], fault: StringFault) -> Option<usize> {
    let mut at = 0;
    let mut opened = None;
    while let Some(&byte) = bytes.get(at) {
        if opened.is_none() {
            if byte == b'"' {
                opened = Some(at);
            }
            at += 1;
            continue;
        }
        match byte {
            b'"' => opened = None,
            b'\\' => match escape_len(&bytes[at..]) {
                Some(len) => {
                    at += len;
                    continue;
                }
                None if fault == StringFault::Escape => return Some(at),
                // The backslash and the byte after it, as stage 1 skips them.
                None => at += 1,
            },
            0..0x20 if fault == StringFault::Unescaped => return Some(at),
            _ => {}
        }
        at += 1;
    }
    opened.filter(|_| fault == StringFault::Unescaped)
}

/// How many bytes the escape at the start of `text` (a backslash) takes,
/// or `None` if it is not one JSON has.
fn escape_len(text: &[u8]) -> Option<usize> {
    match text.get(1)? {
        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => Some(2),
        b'u' => {
            let unit = hex_unit(text.get(2..6)?)?;
            if (0xdc00..0xe000).contains(&unit) {
                return None;
            }
            if !(0xd800..0xdc00).contains(&unit) {
                return Some(6);
            }
            let low = text
                .get(6..8)
                .filter(|next| *next == b"\\u")
                .and_then(|_| hex_unit(text.get(8..12)?))?;
            (0xdc00..0xe000).contains(&low).then_some(12)
        }
        _ => None,
    }
}

/// The UTF-16 unit four hex digits write.
fn hex_unit(digits: &[u8]) -> Option<u16> {
    let digits = std::str::from_utf8(digits).ok()?;
    if !digits.bytes().all(|digit| digit.is_ascii_hexdigit()) {
        return None;
    }
    u16::from_str_radix(digits, 16).ok()
}

/// Whether `bytes` end inside an array, object or string, with no bracket
/// closed that was not open: simd-json's stage 2, run out of structural
/// characters there, reports a syntax error at the last one it read,
/// where the fault is the input's end.
pub(crate) fn ends_open(bytes: &[u8]) -> bool {
    let mut depth = 0usize;
    let mut strings = crate::depth::Strings::default();
    for &byte in bytes {
        if !strings.outside(byte) {
            continue;
        }
        match byte {
            b'[' | b'{' => depth += 1,
            b']' | b'}' => match depth.checked_sub(1) {
                Some(outer) => depth = outer,
                None => return false,
            },
            _ => {}
        }
    }
    strings.open() || depth > 0
}

/// The offset of the first byte of `bytes` that is not UTF-8, if any.
pub(crate) fn utf8_fault(bytes: &[u8]) -> Option<usize> {
    std::str::from_utf8(bytes)
        .err()
        .map(|error| error.valid_up_to())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_stage_1_refuses() {
        let unescaped = |text: &str| string_fault(text.as_bytes(), StringFault::Unescaped);
        assert_eq!(unescaped(r#"{"a":"b\"c","d":"e"}"#), None);
        assert_eq!(unescaped("{\"a\":\"b\u{1}\"}"), Some(7));
        assert_eq!(unescaped(r#"{"a":"b","c":"de"#), Some(13));
        assert_eq!(unescaped(r#"{"a":"b\"#), Some(5));
        assert_eq!(unescaped(r#"{"a":"\q"}"#), None);
    }

    #[test]
    fn finds_a_bad_escape() {
        let escape = |text: &str| string_fault(text.as_bytes(), StringFault::Escape);
        assert_eq!(escape(r#"["\n\u00e9\ud83d\ude00\/"]"#), None);
        assert_eq!(escape(r#"["ok", "a\q"]"#), Some(9));
        assert_eq!(escape(r#"["ok", "a\u12g4"]"#), Some(9));
        assert_eq!(escape(r#"["ok", "a\ud83d"]"#), Some(9));
        assert_eq!(escape(r#"["ok", "a\ud83d\u0041"]"#), Some(9));
        assert_eq!(escape(r#"["ok", "a\ude00"]"#), Some(9));
        assert_eq!(escape(r#"["ok", "a\u12"#), Some(9));
        assert_eq!(escape(r#"["\q"#), Some(2));
        assert_eq!(escape(r"[1, \q]"), None);
    }

    #[test]
    fn knows_an_input_that_ends_open() {
        for open in ["{", r#"{"a":[1,"#, r#"{"a":"b"#, r#"{"a":"b\"#, "[[]"] {
            assert!(ends_open(open.as_bytes()), "{open}");
        }
        for closed in ["{}", r#"{"a":"]"}"#, "{}}", "[]]["] {
            assert!(!ends_open(closed.as_bytes()), "{closed}");
        }
    }

    #[test]
    fn finds_the_first_byte_not_utf8() {
        assert_eq!(utf8_fault(b"[\"ok\"]"), None);
        assert_eq!(utf8_fault(b"[\"o\xffk\"]"), Some(3));
    }
}
