//! The RON codec's tests: the shared conformance kit with its crafted
//! hostile inputs, for the datasets and the document path.

mod hostile;

serbench_testkit::conformance_tests!(serbench_ron::Ron, hostile = crate::hostile::Inputs);
serbench_testkit::document_tests!(serbench_ron::Ron, crate::hostile::Inputs);

/// ron lends a string without an escape, copies one with an escape, and
/// borrows the task-manager with an allocation per list (printed with
/// `--nocapture`).
#[test]
fn borrow_lends_unescaped_strings() {
    use serbench_model::{Codec, Dataset, TaskManager};
    use serbench_ron::Ron;
    use serbench_testkit::tally;

    let manager = &TaskManager::workload(TaskManager::DEFAULT_SIZE)[0];
    let bytes = Ron::to_vec(manager).unwrap();
    let ((), owned) = tally(|| drop(<Ron as Codec<TaskManager>>::decode(&bytes)));
    let ((), lent) = tally(|| drop(<Ron as Codec<TaskManager>>::borrow(&bytes)));
    println!(
        "ron: task-manager decode {} allocations, borrow {}",
        owned.allocations, lent.allocations
    );
    assert!(lent.allocations <= 25, "{} allocations", lent.allocations);

    let mut escaped = TaskManager::generate(1);
    escaped.user = "Demo \"User\"".to_owned();
    let bytes = Ron::to_vec(&escaped).unwrap();
    let lent = <Ron as Codec<TaskManager>>::borrow(&bytes)
        .expect("a borrowed decode")
        .unwrap();
    assert!(!lent.user.is_borrowed() && lent.lists[0].header.name.is_borrowed());
    assert_eq!(lent, escaped.lend());
}
