//! facet-postcard writes postcard's bytes, the `postcard` row's, for
//! every dataset, and reads postcard's bytes back to the value.

use serbench_facet::FacetPostcard;
use serbench_model::{Codec, Dataset, Graph, MediaContent, Record, SensorReading, TaskManager};
use serbench_testkit::Arbitrary;
use serde::Serialize;

fn postcard_bytes<D: Serialize>(value: &D) -> Option<Vec<u8>> {
    postcard::to_allocvec(value).ok()
}

/// Every message of `D`'s quick workload and every edge case `C` carries,
/// encoded by `C`, is `serde`'s encoding, and `C` reads those bytes back
/// to the value.
fn same_bytes<C: Codec<D>, D: Dataset + Arbitrary + Serialize>(serde: fn(&D) -> Option<Vec<u8>>) {
    let mut values = D::workload(D::QUICK_SIZE);
    values.extend(D::edge_cases());
    for (index, message) in values.iter().enumerate() {
        let Ok(ours) = C::to_vec(message) else {
            continue;
        };
        let theirs = serde(message).expect("serde writes what facet writes");
        assert!(
            ours == theirs,
            "{} writes {} value {index} unlike serde",
            C::NAME,
            D::NAME
        );
        assert!(C::decode(&theirs).is_ok_and(|back| back == *message));
    }
}

macro_rules! alike {
    ($($name:ident: $codec:ty, $dataset:ty, $serde:ident;)*) => {$(
        #[test]
        fn $name() {
            same_bytes::<$codec, $dataset>($serde::<$dataset>);
        }
    )*};
}

alike!(
    postcard_task_manager: FacetPostcard, TaskManager, postcard_bytes;
    postcard_telemetry: FacetPostcard, SensorReading, postcard_bytes;
    postcard_graph: FacetPostcard, Graph, postcard_bytes;
    postcard_records: FacetPostcard, Record, postcard_bytes;
    postcard_media: FacetPostcard, MediaContent, postcard_bytes;
);

#[test]
fn full_task_manager_is_byte_identical() {
    let manager = TaskManager::generate(TaskManager::DEFAULT_SIZE);
    let theirs = postcard_bytes(&manager).unwrap();
    assert!(FacetPostcard::to_vec(&manager).unwrap() == theirs);
    assert!(
        <FacetPostcard as Codec<TaskManager>>::decode(&theirs).is_ok_and(|back| back == manager)
    );
}
