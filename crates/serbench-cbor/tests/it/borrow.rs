//! The borrowed decodes of cbor4ii and minicbor: what they lend, what they
//! copy, and how often they allocate for the task-manager (printed with
//! `--nocapture`).

use serbench_cbor::{CborCbor4ii, CborMinicbor};
use serbench_model::{Codec, Dataset, TaskManager};
use serbench_testkit::tally;

/// The bound on a task-manager borrow: the borrowed form's lists
/// and version (13 for the default workload), and little besides.
const MOST_ALLOCATIONS: u64 = 25;

/// Every string of the borrowed task-manager is a slice of the input.
fn lends_every_string<C: Codec<TaskManager>>() {
    let manager = TaskManager::generate(100);
    let bytes = C::to_vec(&manager).unwrap();
    let lent = C::borrow(&bytes).expect("a borrowed decode").unwrap();
    assert!(lent.user.is_borrowed());
    for list in &lent.lists {
        assert!(list.header.name.is_borrowed());
        for task in &list.tasks {
            assert!(task.header.name.is_borrowed() && task.description.is_borrowed());
        }
    }
}

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

/// The decode's and the borrow's allocations for the default task-manager,
/// printed; the borrow within the bound.
fn allocations<C: Codec<TaskManager>>() {
    let manager = &TaskManager::workload(TaskManager::DEFAULT_SIZE)[0];
    let bytes = C::to_vec(manager).unwrap();
    let ((), owned) = tally(|| drop(C::decode(&bytes)));
    let ((), lent) = tally(|| drop(C::borrow(&bytes)));
    println!(
        "{}: task-manager decode {} allocations, borrow {}",
        C::NAME,
        owned.allocations,
        lent.allocations
    );
    assert!(serbench_testkit::installed());
    assert!(
        lent.allocations <= MOST_ALLOCATIONS,
        "{} borrows with {} allocations",
        C::NAME,
        lent.allocations
    );
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
    allocations::<CborCbor4ii>();
}

#[test]
fn minicbor_allocations() {
    allocations::<CborMinicbor>();
}
