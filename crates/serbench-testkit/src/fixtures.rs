//! What a codec crate's own tests build their inputs and expected bytes
//! from: annotated hex dumps of a layout and small sample values.

use serbench_model::Record;

/// Bytes from hex digits; whitespace and `#` comments to the end of a
/// line are ignored, so a fixture can be annotated field by field.
///
/// ```
/// let bytes = serbench_testkit::hex(
///     "
///     a1          # map(1)
///       61 78     #   'x'
///       f5        #   true
///     ",
/// );
/// assert_eq!(bytes, [0xa1, 0x61, 0x78, 0xf5]);
/// ```
///
/// # Panics
///
/// On an odd number of digits, so a fixture cannot lose half a byte.
#[must_use]
pub fn hex(annotated: &str) -> Vec<u8> {
    let digits: Vec<u8> = annotated
        .lines()
        .flat_map(|line| line.split('#').next().unwrap_or_default().bytes())
        .filter(u8::is_ascii_hexdigit)
        .collect();
    assert!(
        digits.len().is_multiple_of(2),
        "an odd number of hex digits: {annotated}"
    );
    digits
        .chunks(2)
        .map(|pair| u8::from_str_radix(std::str::from_utf8(pair).expect("ASCII digits"), 16))
        .collect::<Result<_, _>>()
        .expect("hex digits")
}

/// A record of one id, 7, and one string, `"s"`: the smallest valid
/// record whose every part a crafted input can replace.
#[must_use]
pub fn small_record() -> Record {
    Record {
        ids: vec![7],
        strings: vec!["s".to_owned()],
    }
}
