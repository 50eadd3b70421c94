//! The borrowed decodes of musli's three formats: they lend every text,
//! and allocate for the task-manager little but the borrowed form's lists
//! (the counts printed with `--nocapture`).

use serbench_model::{Codec, MediaContent, Record, TaskManager};
use serbench_musli::{MusliDescriptive, MusliStorage, MusliWire};
use serbench_testkit::lending;

/// Every text of the borrowed task-manager, media and records is a slice
/// of the input.
fn lends_every_text<C: Codec<TaskManager> + Codec<MediaContent> + Codec<Record>>() {
    lending::lends_every_string::<C>();
    lending::lends_media_and_record_text::<C>();
}

/// A refusal is the decode's, in its words: a text that is not UTF-8, at
/// its field path.
fn refuses_as_decode_does<C: Codec<TaskManager, Error = serbench_musli::Error>>() {
    let lent = lending::refuses_bad_text_as_decode_does::<C>();
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
