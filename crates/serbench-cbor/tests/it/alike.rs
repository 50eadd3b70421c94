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

/// The one difference: cbor4ii writes every float as a double and reads
/// only doubles where an `f64` belongs; ciborium and minicbor write the
/// shortest float that keeps the bits.
#[test]
fn cbor4ii_writes_floats_as_doubles() {
    let mut reading = SensorReading::generate(1).remove(0);
    reading.light = 0.0;
    reading.humidity = 21.5;
    let first = Cbor::to_vec(&reading).unwrap();
    assert!(CborMinicbor::to_vec(&reading).unwrap() == first);
    let doubles = CborCbor4ii::to_vec(&reading).unwrap();
    // 0.0 takes 3 bytes as a half, 21.5 too: 6 more bytes each as doubles.
    assert_eq!(doubles.len(), first.len() + 12);
    assert!(Cbor::decode(&doubles).is_ok_and(|back| back == reading));
    assert!(CborMinicbor::decode(&doubles).is_ok_and(|back| back == reading));
    let error = CborCbor4ii::decode(&first).unwrap_err();
    assert_eq!(error.kind(), serbench_cbor::ErrorKind::Invalid, "{error}");
}
