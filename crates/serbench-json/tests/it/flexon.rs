//! flexon under the conformance kit: every test of `conformance_tests!`,
//! and what the pass before it adds to flexon's own checks.

use serbench_json::{ErrorKind, JsonFlexon};
use serbench_model::{Codec, MediaContent};

use crate::hostile::Flexon;

serbench_testkit::conformance_tests!(JsonFlexon, hostile = Flexon, global_allocator = false,);
serbench_testkit::document_tests!(JsonFlexon, Flexon);

/// flexon stops reading where the value ends: the pass before it refuses
/// what follows, at its first byte, and lets whitespace through.
#[test]
fn bytes_after_the_value_are_refused() {
    let text = JsonFlexon::to_vec(&MediaContent::canonical()).unwrap();
    for tail in [&b"{}"[..], b" 1", b"]", b"\"x\"", b"\n,"] {
        let bytes = [&text[..], tail].concat();
        let error = <JsonFlexon as Codec<MediaContent>>::decode(&bytes).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::TrailingBytes, "{error}");
        let first = text.len() + tail.iter().take_while(|b| b.is_ascii_whitespace()).count();
        assert_eq!(error.position().offset(), Some(first), "{error}");
    }
    let spaced = [&text[..], b" \n\t\r"].concat();
    assert!(
        JsonFlexon::decode(&spaced)
            .is_ok_and(|back: MediaContent| back == MediaContent::canonical())
    );
}
