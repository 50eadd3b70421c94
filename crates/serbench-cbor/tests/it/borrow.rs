//! The borrowed decodes of cbor4ii and minicbor: what they lend, what they
//! copy, and how often they allocate for the task-manager (printed with
//! `--nocapture`).

use serbench_cbor::{CborCbor4ii, CborMinicbor};
use serbench_model::{Codec, Dataset, TaskManager};
use serbench_testkit::lending::{borrows_within_the_bar, lends_every_string};

/// A text string of indefinite length is read, its chunks joined into an
/// owned string, as the decode reads it.
fn joins_chunked_text<C: Codec<TaskManager>>() {
    let manager = TaskManager::generate(1);
    let bytes = C::to_vec(&manager).unwrap();
    let definite = b"\x69Demo User";
    let at = bytes
        .windows(definite.len())
        .position(|window| window == definite)
        .unwrap();
    let mut chunked = bytes[..at].to_vec();
    chunked.extend_from_slice(b"\x7f\x64Demo\x65 User\xff");
    chunked.extend_from_slice(&bytes[at + definite.len()..]);
    let decoded = C::decode(&chunked).unwrap();
    let lent = C::borrow(&chunked).expect("a borrowed decode").unwrap();
    assert!(!lent.user.is_borrowed());
    assert_eq!(lent, decoded.lend());
}

#[test]
fn cbor4ii_lends_every_string() {
    lends_every_string::<CborCbor4ii>();
}

#[test]
fn minicbor_lends_every_string() {
    lends_every_string::<CborMinicbor>();
}

#[test]
fn cbor4ii_joins_chunked_text() {
    joins_chunked_text::<CborCbor4ii>();
}

#[test]
fn minicbor_joins_chunked_text() {
    joins_chunked_text::<CborMinicbor>();
}

#[test]
fn cbor4ii_allocations() {
    borrows_within_the_bar::<CborCbor4ii>();
}

#[test]
fn minicbor_allocations() {
    borrows_within_the_bar::<CborMinicbor>();
}
