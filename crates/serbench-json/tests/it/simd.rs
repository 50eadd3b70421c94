//! simd-json under the conformance kit: every test of
//! `conformance_tests!`, with the damaged encodings held to simd-json's
//! own memory bound ([`DAMAGED_EXPANSION`]), which SECURITY.md documents.

use serbench_json::JsonSimd;

use crate::hostile::Simd;

/// simd-json's worst peak on the kit's damaged encodings, in bytes per
/// input byte on top of 64 KiB: it copies the input (it parses in place),
/// copies it again aligned and padded, keeps a string buffer of the
/// input's size, and indexes every structural character in a tape of
/// 16-byte nodes before serde reads a value. The kit's bound, four times
/// the input, holds only for inputs of a few KiB.
pub(crate) const DAMAGED_EXPANSION: usize = 24;

serbench_testkit::conformance_tests!(
    JsonSimd,
    hostile = Simd,
    damaged_expansion = DAMAGED_EXPANSION,
    global_allocator = false,
);
serbench_testkit::document_tests!(JsonSimd, Simd);

/// A bare `-0` in a float field, the one place JSON's libraries differ on
/// it: serde_json reads −0.0, sonic-rs 0.0, and simd-json, which would
/// read the integer 0 and so +0.0, refuses it (SECURITY.md). `-0.0`, and
/// `-0` inside a string, read as ever.
#[test]
fn a_bare_minus_zero_reading_is_refused_not_read_as_plus_zero() {
    use serbench_json::{ErrorKind, Json, JsonSonic};
    use serbench_model::{Codec, SensorReading};

    let reading = SensorReading::from_readings("-0".to_owned(), [1.5; 8]);
    let text = String::from_utf8(Json::to_vec(&reading).unwrap()).unwrap();
    let bare = text.replacen(r#""humidity":1.5"#, r#""humidity":-0"#, 1);
    let fraction = text.replacen(r#""humidity":1.5"#, r#""humidity":-0.0"#, 1);
    assert_ne!(bare, text);

    let first: SensorReading = Json::decode(bare.as_bytes()).unwrap();
    assert!(first.humidity == 0.0 && first.humidity.is_sign_negative());
    let sonic: SensorReading = JsonSonic::decode(bare.as_bytes()).unwrap();
    assert!(sonic.humidity == 0.0);
    let error = <JsonSimd as Codec<SensorReading>>::decode(bare.as_bytes()).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");
    let at = bare.find(r#""humidity":-0"#).unwrap() + r#""humidity":"#.len();
    assert_eq!(error.position().offset(), Some(at), "{error}");

    let simd: SensorReading = JsonSimd::decode(fraction.as_bytes()).unwrap();
    assert!(simd.humidity == 0.0 && simd.humidity.is_sign_negative());
    assert_eq!(JsonSimd::decode(text.as_bytes()).ok(), Some(reading));
}

/// simd-json's errors name the byte where the fault is, wherever simd-json
/// or a look at the bytes knows it, and no byte at all where neither does
/// (an error serde raises while reading simd-json's tape): never the byte
/// 0 its own index gives for most errors. Each input is the media value's
/// encoding with one fault far from its start.
#[test]
fn errors_are_at_their_byte_or_at_none() {
    use serbench_json::{Error, ErrorKind};
    use serbench_model::{Codec, MediaContent};

    let text = String::from_utf8(JsonSimd::to_vec(&MediaContent::canonical()).unwrap()).unwrap();
    let after = |pattern: &str| text.find(pattern).unwrap() + pattern.len();
    let decode =
        |bytes: &[u8]| -> Error { <JsonSimd as Codec<MediaContent>>::decode(bytes).unwrap_err() };
    let patched = |from: &str, to: &str| text.replacen(from, to, 1).into_bytes();
    let title = after(r#""title":""#);

    // A control character and a string that never ends: stage 1.
    let error = decode(&patched("Javaone Keynote", "Javaone\u{1}Keynote"));
    assert_eq!(error.position().offset(), Some(title + 7), "{error}");
    let unterminated = [&text.as_bytes()[..title], b"Java"].concat();
    let error = decode(&unterminated);
    assert_eq!(error.position().offset(), Some(title - 1), "{error}");
    // Bytes that are not UTF-8: stage 1.
    let mut bytes = text.clone().into_bytes();
    bytes[title + 2] = 0xff;
    let error = decode(&bytes);
    assert_eq!(error.position().offset(), Some(title + 2), "{error}");
    // Escapes simd-json counts from a block of the string.
    for escape in [r"\q", r"\ud83d", r"\u00g9"] {
        let error = decode(&patched("Javaone Keynote", &format!("Javaone{escape}")));
        assert_eq!(
            error.position().offset(),
            Some(title + 7),
            "{escape}: {error}"
        );
    }
    // A missing comma and a bad literal: stage 2, at simd-json's index.
    let width = text.find(r#","width""#).unwrap();
    let error = decode(&patched(r#","width""#, r#" "width""#));
    assert_eq!(error.position().offset(), Some(width + 1), "{error}");
    let error = decode(&patched(r#""bitrate":262144"#, r#""bitrate":nul"#));
    assert_eq!(
        error.position().offset(),
        Some(after(r#""bitrate":"#)),
        "{error}"
    );
    // The input ends inside the value: at its end.
    for cut in [1, title, text.len() - 1] {
        let error = decode(&text.as_bytes()[..cut]);
        assert_eq!(error.kind(), ErrorKind::Truncated, "cut to {cut}: {error}");
        assert!(
            error.position().offset().is_some_and(|at| at > 0),
            "{error}"
        );
    }
    // A wrong type, found by serde in the tape: no byte, but the path.
    let error = decode(&patched(r#""width":640"#, r#""width":"640""#));
    assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");
    assert_eq!(error.position().offset(), None, "{error}");
    assert_eq!(error.position().path(), Some("media.width"), "{error}");
    assert!(!error.to_string().contains("byte 0"), "{error}");
}
