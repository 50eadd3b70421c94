//! zerompk's borrowed decode: it lends every text, and allocates for the
//! task-manager only the borrowed form's lists (its counts printed with
//! `--nocapture`).

use serbench_model::{Codec, TaskManager};
use serbench_msgpack::MsgPackZerompk;
use serbench_testkit::lending;

#[test]
fn lends_every_text() {
    lending::lends_every_string::<MsgPackZerompk>();
    lending::lends_media_and_record_text::<MsgPackZerompk>();
}

/// A borrow refuses what the decode refuses, in the same words: an id of
/// 15 bytes, at its field path.
#[test]
fn refuses_as_decode_does() {
    let manager = TaskManager::generate(1);
    let mut bytes = MsgPackZerompk::to_vec(&manager).unwrap();
    let id = b"\xa2id\xc4\x10";
    let at = bytes.windows(id.len()).position(|w| w == id).unwrap() + 4;
    bytes[at] = 0x0f;
    bytes.remove(at + 1);
    let decoded = <MsgPackZerompk as Codec<TaskManager>>::decode(&bytes).unwrap_err();
    let lent = <MsgPackZerompk as Codec<TaskManager>>::borrow(&bytes)
        .expect("a borrowed decode")
        .unwrap_err();
    assert_eq!(lent.to_string(), decoded.to_string());
    assert_eq!(lent.position().path(), Some("lists[0].header.id"));
}

/// The decode's and the borrow's allocations for the default task-manager,
/// printed; the borrow within the bound.
#[test]
fn allocations() {
    lending::borrows_within_the_bar::<MsgPackZerompk>();
}
