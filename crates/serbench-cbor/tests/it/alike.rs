//! The libraries write the same bytes: cbor4ii's and minicbor's encoding of
//! every dataset's workload and edge cases is ciborium's (but cbor4ii's
//! short floats), and each reads ciborium's.

use serbench_cbor::{Cbor, CborCbor4ii, CborMinicbor};
use serbench_model::{
    Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager,
    Updates,
};
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
    media: MediaContent, false,
    log: Logs, false
);

/// A codec's decode of `D`.
type Decode<D> = fn(&[u8]) -> Result<D, serbench_cbor::Error>;

/// cbor4ii's encoding of every message of `D`'s quick workload and every
/// edge case, which may differ from ciborium's in its floats (see
/// `cbor4ii_writes_singles`), reads back to the value with all three.
fn read_by_all<D: Dataset + Arbitrary>()
where
    Cbor: Codec<D>,
    CborCbor4ii: Codec<D>,
    CborMinicbor: Codec<D>,
{
    let values = D::workload(D::QUICK_SIZE)
        .into_iter()
        .chain(D::edge_cases());
    for (index, message) in values.enumerate() {
        let bytes = CborCbor4ii::to_vec(&message).unwrap();
        let read: [Decode<D>; 3] = [
            <Cbor as Codec<D>>::decode,
            <CborCbor4ii as Codec<D>>::decode,
            <CborMinicbor as Codec<D>>::decode,
        ];
        for (reader, decode) in ["ciborium", "cbor4ii", "minicbor"].into_iter().zip(read) {
            assert!(
                decode(&bytes).is_ok_and(|back: D| back == message),
                "{reader} reads cbor4ii's {} value {index} otherwise",
                D::NAME
            );
        }
    }
}

/// The datasets of `f32`s: minicbor writes ciborium's bytes; cbor4ii writes
/// every `f32` as a single, which all three read.
macro_rules! singles {
    ($($name:ident: $dataset:ty),*) => {$(
        #[test]
        fn $name() {
            same_bytes::<CborMinicbor, $dataset>(true);
            read_by_all::<$dataset>();
        }
    )*};
}

singles!(mesh: Mesh, minecraft: Players, mk48: Updates);

/// cbor4ii writes an `f32` as a single (5 bytes) where ciborium and
/// minicbor write a half that holds it (3), as RSB's sizes for the two
/// show; cbor4ii reads no half.
#[test]
fn cbor4ii_writes_singles() {
    let mut mesh = Mesh::generate(1);
    mesh.triangles[0].v0.x = 0.5;
    let first = Cbor::to_vec(&mesh).unwrap();
    assert!(CborMinicbor::to_vec(&mesh).unwrap() == first);
    let singles = CborCbor4ii::to_vec(&mesh).unwrap();
    assert!(singles.len() >= first.len() + 2);
    assert!(Cbor::decode(&singles).is_ok_and(|back: Mesh| back == mesh));
    let error = <CborCbor4ii as Codec<Mesh>>::decode(&first).unwrap_err();
    assert_eq!(error.kind(), serbench_cbor::ErrorKind::Invalid, "{error}");
}

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
