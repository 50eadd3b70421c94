//! The borrowed decodes of musli's three formats: they lend every text,
//! and allocate for the task-manager little but the borrowed form's lists
//! (the counts printed with `--nocapture`).

use serbench_model::{Codec, MediaContent, TaskManager, Text};
use serbench_musli::{MusliDescriptive, MusliStorage, MusliWire};
use serbench_testkit::lending;

/// Every text of the borrowed task-manager and media is a slice of the
/// input.
fn lends_every_text<C: Codec<TaskManager> + Codec<MediaContent>>() {
    lending::lends_every_string::<C>();
    let bytes = <C as Codec<MediaContent>>::to_vec(&MediaContent::canonical()).unwrap();
    let lent = <C as Codec<MediaContent>>::borrow(&bytes)
        .expect("a borrowed decode")
        .unwrap();
    assert!(lent.media.persons.iter().all(Text::is_borrowed));
    assert!(lent.images[0].title.as_ref().is_some_and(Text::is_borrowed));
}

/// A refusal is the decode's, in its words: a text that is not UTF-8, at
/// its field path.
fn refuses_as_decode_does<C: Codec<TaskManager, Error = serbench_musli::Error>>() {
    let bytes = C::to_vec(&TaskManager::generate(1)).unwrap();
    let bad = serbench_testkit::replace_once(&bytes, b"Demo User", b"Demo \xffser");
    let decoded = C::decode(&bad).unwrap_err();
    let lent = C::borrow(&bad).expect("a borrowed decode").unwrap_err();
    assert_eq!(lent.to_string(), decoded.to_string());
    assert!(lent.message().contains(".user"), "{lent}");
}

macro_rules! borrows {
    ($($format:ident: $codec:ty),*) => {$(
        mod $format {
            #[test]
            fn lends_every_text() {
                super::lends_every_text::<$codec>();
            }

            #[test]
            fn refuses_as_decode_does() {
                super::refuses_as_decode_does::<$codec>();
            }

            #[test]
            fn allocations() {
                super::lending::borrows_within_the_bar::<$codec>();
            }
        }
    )*};
}

borrows!(
    storage: super::MusliStorage,
    wire: super::MusliWire,
    descriptive: super::MusliDescriptive
);
