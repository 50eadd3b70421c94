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

/// flexon lends every string of the task-manager, which has no escape,
/// and copies one with an escape.
#[test]
fn borrow_lends_unescaped_strings() {
    use serbench_model::{Dataset, TaskManager};

    serbench_testkit::lending::lends_every_string::<JsonFlexon>();
    let mut escaped = TaskManager::generate(1);
    escaped.user = "Demo \"User\"".to_owned();
    let bytes = JsonFlexon::to_vec(&escaped).unwrap();
    let lent = <JsonFlexon as Codec<TaskManager>>::borrow(&bytes)
        .expect("a borrowed decode")
        .unwrap();
    assert!(!lent.user.is_borrowed() && lent.lists[0].header.name.is_borrowed());
    assert_eq!(lent, escaped.lend());
}

/// A refusal is the decode's, in its words and at its offset: a string
/// that is not UTF-8, and bytes after the value, which the pass refuses.
#[test]
fn borrow_refuses_as_decode_does() {
    use serbench_model::TaskManager;

    let bytes = JsonFlexon::to_vec(&TaskManager::generate(1)).unwrap();
    let bad = serbench_testkit::replace_once(&bytes, b"Demo User", b"Demo \xffser");
    let trailing = [&bytes[..], b"{}"].concat();
    for bytes in [bad, trailing] {
        let decoded = <JsonFlexon as Codec<TaskManager>>::decode(&bytes).unwrap_err();
        let lent = <JsonFlexon as Codec<TaskManager>>::borrow(&bytes)
            .expect("a borrowed decode")
            .unwrap_err();
        assert_eq!(lent.to_string(), decoded.to_string());
        assert_eq!(lent.kind(), decoded.kind());
        assert_eq!(lent.position(), decoded.position());
    }
}

/// The decode's and the borrow's allocations for the default task-manager,
/// printed; the borrow within issue 38's bar.
#[test]
fn borrow_allocations() {
    serbench_testkit::lending::borrows_within_the_bar::<JsonFlexon>();
}
