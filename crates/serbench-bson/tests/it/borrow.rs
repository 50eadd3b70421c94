//! The borrowed decode: it lends every text, refuses in the owned
//! decode's words, and allocates for the task-manager little but the
//! borrowed form's lists (the counts printed with `--nocapture`).

use serbench_bson::Bson;
use serbench_testkit::lending;

/// Every text of the borrowed task-manager, media and records is a slice
/// of the input.
#[test]
fn lends_every_text() {
    lending::lends_every_string::<Bson>();
    lending::lends_media_and_record_text::<Bson>();
}

/// A refusal is the decode's, in its words: a text that is not UTF-8, at
/// its field path.
#[test]
fn refuses_as_decode_does() {
    let lent = lending::refuses_bad_text_as_decode_does::<Bson>();
    assert!(lent.to_string().contains("user"), "{lent}");
}

/// The decode's and the borrow's allocations for the default task-manager,
/// printed; the borrow within issue 38's bar.
#[test]
fn allocations() {
    lending::borrows_within_the_bar::<Bson>();
}
