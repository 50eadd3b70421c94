//! The derive codec's borrowed decode: it lends every string (its
//! task-manager allocations printed with `--nocapture`).

use serbench_bitcode::Bitcode;
use serbench_model::{Codec, Dataset, TaskManager};
use serbench_testkit::tally;

#[test]
fn lends_every_string() {
    let manager = TaskManager::generate(100);
    let bytes = Bitcode::to_vec(&manager).unwrap();
    let lent = <Bitcode as Codec<TaskManager>>::borrow(&bytes)
        .expect("a borrowed decode")
        .unwrap();
    assert!(lent.user.is_borrowed());
    for list in &lent.lists {
        assert!(list.header.name.is_borrowed());
        for task in &list.tasks {
            assert!(task.header.name.is_borrowed() && task.description.is_borrowed());
        }
    }
}

/// Fewer allocations than the decode, not the 25: bitcode decodes
/// text into a `&str` (no `Cow`), so the lists are built twice, and its
/// column decoders and the canonical check's encode allocate their own
/// buffers.
#[test]
fn allocations() {
    let manager = &TaskManager::workload(TaskManager::DEFAULT_SIZE)[0];
    let bytes = Bitcode::to_vec(manager).unwrap();
    let ((), owned) = tally(|| drop(<Bitcode as Codec<TaskManager>>::decode(&bytes)));
    let ((), lent) = tally(|| drop(<Bitcode as Codec<TaskManager>>::borrow(&bytes)));
    println!(
        "bitcode: task-manager decode {} allocations, borrow {}",
        owned.allocations, lent.allocations
    );
    assert!(serbench_testkit::installed());
    assert!(lent.allocations < owned.allocations);
}

/// The serde codec lends every string too (its allocations printed).
#[test]
fn serde_allocations() {
    use serbench_bitcode::BitcodeSerde;

    let manager = &TaskManager::workload(TaskManager::DEFAULT_SIZE)[0];
    let bytes = BitcodeSerde::to_vec(manager).unwrap();
    let ((), owned) = tally(|| drop(<BitcodeSerde as Codec<TaskManager>>::decode(&bytes)));
    let ((), lent) = tally(|| drop(<BitcodeSerde as Codec<TaskManager>>::borrow(&bytes)));
    println!(
        "bitcode-serde: task-manager decode {} allocations, borrow {}",
        owned.allocations, lent.allocations
    );
    let lent = <BitcodeSerde as Codec<TaskManager>>::borrow(&bytes)
        .expect("a borrowed decode")
        .unwrap();
    assert!(lent.user.is_borrowed() && lent.lists[0].tasks[0].description.is_borrowed());
}
