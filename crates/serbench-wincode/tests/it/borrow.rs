//! The borrowed decode: it lends every string, and builds the
//! task-manager's lists once (its allocations printed with
//! `--nocapture`).

use serbench_model::{Codec, Dataset, TaskManager};
use serbench_testkit::tally;
use serbench_wincode::Wincode;

#[test]
fn lends_every_string() {
    let manager = TaskManager::generate(100);
    let bytes = Wincode::to_vec(&manager).unwrap();
    let lent = <Wincode as Codec<TaskManager>>::borrow(&bytes)
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

/// The lent mirror's lists become the borrowed form's in place, so the
/// borrow allocates about once per list: within the bound of 25.
#[test]
fn allocations() {
    let manager = &TaskManager::workload(TaskManager::DEFAULT_SIZE)[0];
    let bytes = Wincode::to_vec(manager).unwrap();
    let ((), owned) = tally(|| drop(<Wincode as Codec<TaskManager>>::decode(&bytes)));
    let ((), lent) = tally(|| drop(<Wincode as Codec<TaskManager>>::borrow(&bytes)));
    println!(
        "wincode: task-manager decode {} allocations, borrow {}",
        owned.allocations, lent.allocations
    );
    assert!(serbench_testkit::installed());
    assert!(lent.allocations <= 25, "{} allocations", lent.allocations);
}
