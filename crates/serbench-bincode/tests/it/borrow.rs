//! serde-zap's borrowed decode: it lends every text, refuses in the owned
//! decode's words, and allocates for the task-manager little but the
//! borrowed form's lists (the counts printed with `--nocapture`).

use serbench_bincode::BincodeZap;
use serbench_model::{Codec, ErrorKind, MediaContent, Record, TaskManager, Text};
use serbench_testkit::lending;

/// Every text of the borrowed task-manager, media and records is a slice
/// of the input.
#[test]
fn lends_every_text() {
    lending::lends_every_string::<BincodeZap>();
    let bytes = BincodeZap::to_vec(&MediaContent::canonical()).unwrap();
    let lent = <BincodeZap as Codec<MediaContent>>::borrow(&bytes)
        .expect("a borrowed decode")
        .unwrap();
    assert!(lent.media.persons.iter().all(Text::is_borrowed));
    assert!(lent.images[0].title.as_ref().is_some_and(Text::is_borrowed));
    let bytes = BincodeZap::to_vec(&Record::canonical()).unwrap();
    let lent = <BincodeZap as Codec<Record>>::borrow(&bytes)
        .expect("a borrowed decode")
        .unwrap();
    assert!(lent.strings.iter().all(Text::is_borrowed));
}

/// A refusal is the decode's, in its words: a text that is not UTF-8.
#[test]
fn refuses_as_decode_does() {
    let bytes = BincodeZap::to_vec(&TaskManager::generate(1)).unwrap();
    let bad = serbench_testkit::replace_once(&bytes, b"Demo User", b"Demo \xffser");
    let decoded = <BincodeZap as Codec<TaskManager>>::decode(&bad).unwrap_err();
    let lent = <BincodeZap as Codec<TaskManager>>::borrow(&bad)
        .expect("a borrowed decode")
        .unwrap_err();
    assert_eq!(lent.to_string(), decoded.to_string());
    assert_eq!(lent.kind(), ErrorKind::Invalid);
}

/// The decode's and the borrow's allocations for the default task-manager,
/// printed; the borrow within issue 38's bar.
#[test]
fn allocations() {
    lending::borrows_within_the_bar::<BincodeZap>();
}
