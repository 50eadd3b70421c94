//! simd-json-derive under the conformance kit: every test of
//! `conformance_tests!`, with the damaged encodings held to simd-json's
//! memory bound, as `json-simd`'s are (`simd.rs`).

use serbench_json::{ErrorKind, JsonSimdDerive};
use serbench_model::{Codec, MediaContent, TaskManager};

use crate::hostile::SimdDerive;

serbench_testkit::conformance_tests!(
    JsonSimdDerive,
    hostile = SimdDerive,
    damaged_expansion = crate::simd::DAMAGED_EXPANSION,
    global_allocator = false,
);

/// The derive keeps the last of a repeated key; the walk of the tape
/// before it refuses one, and an object of more keys than the layout's,
/// as serde_json does.
#[test]
fn a_repeated_key_is_refused() {
    let text =
        String::from_utf8(JsonSimdDerive::to_vec(&MediaContent::canonical()).unwrap()).unwrap();
    let twice = text.replacen(r#""size":"LARGE""#, r#""size":"LARGE","size":"SMALL""#, 1);
    assert_ne!(twice, text);
    let error = <JsonSimdDerive as Codec<MediaContent>>::decode(twice.as_bytes()).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");
    assert!(
        error.to_string().contains("duplicate field `size`"),
        "{error}"
    );

    let many = format!(
        r#"{{"user":"u",{}"version":"1.0.0","lists":[]}}"#,
        r#""user":"u","#.repeat(30)
    );
    let error = <JsonSimdDerive as Codec<TaskManager>>::decode(many.as_bytes()).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");
}
