//! The borrowed decode: it lends every text quick-xml hands out unchanged,
//! copies what reading changed, refuses in the owned decode's words, and
//! allocates for the task-manager little but the borrowed form's lists
//! (the counts printed with `--nocapture`).

use serbench_model::{Codec, Dataset, ErrorKind, MediaContent, Record, TaskManager, Text};
use serbench_testkit::lending;
use serbench_xml::Xml;

/// Every text of the borrowed task-manager, media and records is a slice
/// of the input: attribute values and element text alike.
#[test]
fn lends_every_text() {
    lending::lends_every_string::<Xml>();
    let bytes = serbench_xml::to_vec(&MediaContent::canonical()).unwrap();
    let lent = <Xml as Codec<MediaContent>>::borrow(&bytes)
        .expect("a borrowed decode")
        .unwrap();
    assert!(lent.media.persons.iter().all(Text::is_borrowed));
    assert!(lent.media.uri.is_borrowed());
    assert!(lent.images[0].title.as_ref().is_some_and(Text::is_borrowed));
    let bytes = serbench_xml::to_vec(&Record::canonical()).unwrap();
    let lent = <Xml as Codec<Record>>::borrow(&bytes)
        .expect("a borrowed decode")
        .unwrap();
    assert_eq!(lent, Record::canonical().lend());
}

/// Text that reading changes (a reference resolved, a character
/// reference for a tab) is a copy, the rest of the value still lent.
#[test]
fn copies_what_reading_changed() {
    let mut manager = TaskManager::generate(1);
    manager.user = "Demo \"User\"".to_owned();
    manager.lists[0].tasks[0].description = "a\ttab & more".to_owned();
    let bytes = serbench_xml::to_vec(&manager).unwrap();
    let lent = <Xml as Codec<TaskManager>>::borrow(&bytes)
        .expect("a borrowed decode")
        .unwrap();
    assert!(!lent.user.is_borrowed());
    assert!(!lent.lists[0].tasks[0].description.is_borrowed());
    assert!(lent.lists[0].header.name.is_borrowed());
    assert_eq!(lent, manager.lend());
}

/// A refusal is the decode's, in its words and at its offset: a text that
/// is not UTF-8, and an unknown attribute.
#[test]
fn refuses_as_decode_does() {
    let bytes = serbench_xml::to_vec(&TaskManager::generate(1)).unwrap();
    let utf8 = serbench_testkit::replace_once(&bytes, b"Demo User", b"Demo \xffser");
    let attribute = serbench_testkit::replace_once(&bytes, b" user=", b" name=");
    for (bad, kind) in [(utf8, ErrorKind::Syntax), (attribute, ErrorKind::Invalid)] {
        let decoded = <Xml as Codec<TaskManager>>::decode(&bad).unwrap_err();
        let lent = <Xml as Codec<TaskManager>>::borrow(&bad)
            .expect("a borrowed decode")
            .unwrap_err();
        assert_eq!(lent.to_string(), decoded.to_string());
        assert_eq!(lent.kind(), kind, "{lent}");
        assert_eq!(lent.position(), decoded.position());
    }
}

/// The decode's and the borrow's allocations for the default task-manager,
/// printed; the borrow within issue 38's bar.
#[test]
fn allocations() {
    lending::borrows_within_the_bar::<Xml>();
}
