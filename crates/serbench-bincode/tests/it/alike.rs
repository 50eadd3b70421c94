//! serde-zap writes bincode's bytes where the model's serde impls do not
//! ask `is_human_readable`: its encoding of the workload and edge cases of
//! telemetry, graph, records, media and the four RSB datasets is the
//! `bincode-stock` row's, and it reads that row's bytes back to the value.
//! The task-manager's ids,
//! colors, times and version take their text forms, as serde-zap says it is
//! human-readable.

use serbench_bincode::{BincodeStock, BincodeZap};
use serbench_model::{
    Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager,
    Updates,
};
use serbench_testkit::Arbitrary;

/// Every message of `D`'s quick workload and every edge case, encoded by
/// serde-zap, is bincode's encoding, and serde-zap reads bincode's bytes
/// back to the value.
fn same_bytes<D: Dataset + Arbitrary>()
where
    BincodeStock: Codec<D>,
    BincodeZap: Codec<D>,
{
    let mut values = D::workload(D::QUICK_SIZE);
    values.extend(D::edge_cases());
    for (index, message) in values.iter().enumerate() {
        let first = BincodeStock::to_vec(message).unwrap();
        let other = BincodeZap::to_vec(message).unwrap();
        assert!(
            first == other,
            "serde-zap writes {} value {index} unlike bincode",
            D::NAME
        );
        assert!(BincodeZap::decode(&first).is_ok_and(|back| back == *message));
    }
}

macro_rules! alike {
    ($($name:ident: $dataset:ty),*) => {$(
        #[test]
        fn $name() {
            same_bytes::<$dataset>();
        }
    )*};
}

alike!(
    telemetry: SensorReading,
    graph: Graph,
    records: Record,
    media: MediaContent,
    log: Logs,
    mesh: Mesh,
    minecraft_savedata: Players,
    mk48: Updates
);

/// The task-manager is bincode's layout with text where bincode writes
/// binary: the version as `1.0.0`, an id as its 36 characters, a color as
/// `#rrggbb`, a time as RFC 3339, each a length then its UTF-8 bytes.
#[test]
fn task_manager_takes_the_text_forms() {
    let manager = TaskManager::generate(1);
    let bytes = BincodeZap::to_vec(&manager).unwrap();
    let id = serbench_model::forms::uuid_text(&manager.lists[0].header.id);
    let start = [
        &b"\x09Demo User\x051.0.0\x01\x24"[..],
        id.as_bytes(),
        b"\x04Work\x07#",
    ]
    .concat();
    assert!(bytes.starts_with(&start));
    assert!(BincodeStock::to_vec(&manager).unwrap().len() < bytes.len());
    let manager = TaskManager::generate(TaskManager::DEFAULT_SIZE);
    let bytes = BincodeZap::to_vec(&manager).unwrap();
    assert_eq!(
        <BincodeZap as Codec<TaskManager>>::decode(&bytes).unwrap(),
        manager
    );
}

/// A failed decode says what the model's check said, where, although
/// serde-zap's own error keeps no message.
#[test]
fn errors_keep_the_models_message_and_path() {
    let manager = TaskManager::generate(3);
    let mut bytes = BincodeZap::to_vec(&manager).unwrap();
    // The first task's priority: the byte before its `completed` flag, the
    // last two bytes of the first task. Found by encoding a priority of 3
    // and looking for the change.
    let mut other = manager.clone();
    other.lists[0].tasks[0].priority = serbench_model::Priority::Critical;
    let changed = BincodeZap::to_vec(&other).unwrap();
    let at = (0..bytes.len()).find(|&i| bytes[i] != changed[i]).unwrap();
    bytes[at] = 9;
    let error = <BincodeZap as Codec<TaskManager>>::decode(&bytes).unwrap_err();
    let text = error.to_string();
    assert!(text.contains("priority 0 to 3"), "{text}");
    assert!(text.contains("lists[0].tasks[0].priority"), "{text}");
}
