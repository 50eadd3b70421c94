//! The libraries write the same bytes: cbor4ii's and minicbor's encoding of
//! every dataset's workload is ciborium's, and each reads ciborium's.

use serbench_cbor::{Cbor, CborCbor4ii, CborMinicbor};
use serbench_model::{Codec, Dataset, Graph, MediaContent, Record, SensorReading, TaskManager};

/// Every message of `D`'s quick workload, encoded by `C`, is `Cbor`'s
/// encoding, and `C` reads `Cbor`'s bytes back to the message.
fn same_bytes<C: Codec<D>, D: Dataset>()
where
    Cbor: Codec<D>,
{
    for (index, message) in D::workload(D::QUICK_SIZE).iter().enumerate() {
        let first = Cbor::to_vec(message).unwrap();
        let other = C::to_vec(message).unwrap_or_else(|_| panic!("{} encodes", C::NAME));
        assert!(
            first == other,
            "{} writes {} message {index} unlike ciborium",
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
            same_bytes::<CborCbor4ii, $dataset>();
            same_bytes::<CborMinicbor, $dataset>();
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
    let first = Cbor::to_vec(&manager).unwrap();
    assert!(CborCbor4ii::to_vec(&manager).unwrap() == first);
    assert!(CborMinicbor::to_vec(&manager).unwrap() == first);
}
