//! The libraries write the same bytes: simd-json's and sonic-rs's encoding
//! of every dataset's workload is serde_json's, and each reads the others'.

use serbench_json::{Json, JsonSimd, JsonSonic};
use serbench_model::{Codec, Dataset, Graph, MediaContent, Record, SensorReading, TaskManager};

/// Every message of `D`'s quick workload, encoded by `C`, is `Json`'s
/// encoding, and `C` reads `Json`'s bytes back to the message.
fn same_bytes<C: Codec<D>, D: Dataset>()
where
    Json: Codec<D>,
{
    for (index, message) in D::workload(D::QUICK_SIZE).iter().enumerate() {
        let first = Json::to_vec(message).unwrap();
        let other = C::to_vec(message).unwrap_or_else(|_| panic!("{} encodes", C::NAME));
        assert!(
            first == other,
            "{} writes {} message {index} unlike serde_json",
            C::NAME,
            D::NAME
        );
        assert!(C::decode(&first).is_ok_and(|back| back == *message));
    }
}

macro_rules! alike {
    ($($name:ident: $dataset:ty),*) => {$(
        #[test]
        fn $name() {
            same_bytes::<JsonSimd, $dataset>();
            same_bytes::<JsonSonic, $dataset>();
        }
    )*};
}

alike!(
    task_manager: TaskManager,
    telemetry: SensorReading,
    graph: Graph,
    records: Record,
    media: MediaContent
);

#[test]
fn full_task_manager_is_byte_identical() {
    let manager = TaskManager::generate(TaskManager::DEFAULT_SIZE);
    let first = Json::to_vec(&manager).unwrap();
    assert!(JsonSimd::to_vec(&manager).unwrap() == first);
    assert!(JsonSonic::to_vec(&manager).unwrap() == first);
}
