//! buffa's borrowed decode: it lends every text, refuses in the owned
//! decode's words, and allocates for the task-manager only its lists (the
//! counts printed with `--nocapture`).

use serbench_protobuf::{ErrorKind, ProtobufBuffa};
use serbench_testkit::lending;

/// Every text of the borrowed task-manager, media and records is a slice
/// of the input.
#[test]
fn buffa_lends_every_text() {
    lending::lends_every_string::<ProtobufBuffa>();
    lending::lends_media_and_record_text::<ProtobufBuffa>();
}

/// A refusal is the decode's, in its words: a text that is not UTF-8, a
/// fault of the wire (buffa's error has no field path).
#[test]
fn buffa_refuses_as_decode_does() {
    let lent = lending::refuses_bad_text_as_decode_does::<ProtobufBuffa>();
    assert_eq!(lent.kind(), ErrorKind::Syntax, "{lent}");
    assert!(lent.position().is_known(), "{lent}");
}

/// The decode's and the borrow's allocations for the default task-manager,
/// printed; the borrow within issue 38's bar.
#[test]
fn buffa_borrows_within_the_bar() {
    lending::borrows_within_the_bar::<ProtobufBuffa>();
}
