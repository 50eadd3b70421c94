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
const DAMAGED_EXPANSION: usize = 24;

serbench_testkit::conformance_tests!(
    JsonSimd,
    hostile = Simd,
    damaged_expansion = DAMAGED_EXPANSION,
    global_allocator = false,
);

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
