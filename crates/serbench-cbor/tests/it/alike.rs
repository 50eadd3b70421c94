//! The libraries write the same bytes: cbor4ii's and minicbor's encoding of
//! every dataset's workload and edge cases is ciborium's (but cbor4ii's
//! short floats), and each reads ciborium's.

use serbench_cbor::{Cbor, CborCbor4ii, CborMinicbor};
use serbench_model::{Codec, Dataset, Graph, MediaContent, Record, SensorReading, TaskManager};
use serbench_testkit::Arbitrary;

/// Every message of `D`'s quick workload, and with `edges` every edge case
/// the format carries, encoded by `C`, is `Cbor`'s encoding, and `C` reads
/// `Cbor`'s bytes back to the value.
fn same_bytes<C: Codec<D>, D: Dataset + Arbitrary>(edges: bool)
where
    Cbor: Codec<D>,
{
    let mut values = D::workload(D::QUICK_SIZE);
    if edges {
        values.extend(
            D::edge_cases()
                .into_iter()
                .filter(|value| Cbor::to_vec(value).is_ok()),
        );
    }
    for (index, message) in values.iter().enumerate() {
        let first = Cbor::to_vec(message).unwrap();
        let other = C::to_vec(message).unwrap_or_else(|_| panic!("{} encodes", C::NAME));
        assert!(
            first == other,
            "{} writes {} value {index} unlike ciborium",
            C::NAME,
            D::NAME
        );
        assert!(C::decode(&first).is_ok_and(|back| back == *message));
    }
}

/// `$floats`: whether the dataset has floats, where cbor4ii's edge cases
/// differ (see `cbor4ii_writes_floats_as_doubles`).
macro_rules! alike {
    ($($name:ident: $dataset:ty, $floats:literal),*) => {$(
        #[test]
        fn $name() {
            same_bytes::<CborCbor4ii, $dataset>(!$floats);
            same_bytes::<CborMinicbor, $dataset>(true);
        }
    )*};
}

alike!(
    task_manager: TaskManager, false,
    telemetry: SensorReading, true,
    graph: Graph, false,
    records: Record, false,
    media: MediaContent, false
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
    let read = |codec: fn(&[u8]) -> Result<SensorReading, serbench_cbor::Error>| codec(&doubles);
    assert!(read(Cbor::decode).is_ok_and(|back| back == reading));
    assert!(read(CborMinicbor::decode).is_ok_and(|back| back == reading));
    let error = <CborCbor4ii as Codec<SensorReading>>::decode(&first).unwrap_err();
    assert_eq!(error.kind(), serbench_cbor::ErrorKind::Invalid, "{error}");
}
