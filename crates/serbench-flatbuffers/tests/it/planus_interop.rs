//! planus and the `flatbuffers` runtime on each other's buffers: what
//! matters for FlatBuffers is that any implementation reads what another
//! wrote, to the same value, and that the bytes differ only as the README
//! says (the layout each builder chooses, never the meaning).

use serbench_flatbuffers::{FlatBuffers, FlatBuffersPlanus};
use serbench_model::{
    Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager,
    Updates,
};
use serbench_testkit::Arbitrary;

/// Each codec decodes and traverses the other's encoding of every sample
/// (a workload and the edge cases) to the value and answer it started from.
fn each_reads_the_other<T>(size: usize)
where
    T: Dataset + Arbitrary + PartialEq + std::fmt::Debug,
    T::Answer: PartialEq + std::fmt::Debug,
    FlatBuffers: Codec<T>,
    FlatBuffersPlanus: Codec<T>,
{
    for value in T::workload(size).iter().take(5).chain(&T::edge_cases()) {
        let official = <FlatBuffers as Codec<T>>::to_vec(value).unwrap();
        let planus = <FlatBuffersPlanus as Codec<T>>::to_vec(value).unwrap();
        let read: T = <FlatBuffersPlanus as Codec<T>>::decode(&official)
            .unwrap_or_else(|e| panic!("{}: planus on flatbuffers' bytes: {e}", T::NAME));
        assert_eq!(&read, value, "{}: planus on flatbuffers' bytes", T::NAME);
        let read: T = <FlatBuffers as Codec<T>>::decode(&planus)
            .unwrap_or_else(|e| panic!("{}: flatbuffers on planus's bytes: {e}", T::NAME));
        assert_eq!(&read, value, "{}: flatbuffers on planus's bytes", T::NAME);
        let answer = value.traverse();
        assert_eq!(
            <FlatBuffersPlanus as Codec<T>>::traverse(&official).unwrap(),
            answer,
            "{}",
            T::NAME
        );
        assert_eq!(
            <FlatBuffers as Codec<T>>::traverse(&planus).unwrap(),
            answer,
            "{}",
            T::NAME
        );
    }
}

#[test]
fn each_reads_the_others_buffers_to_the_same_value() {
    each_reads_the_other::<TaskManager>(3_000);
    each_reads_the_other::<SensorReading>(3);
    each_reads_the_other::<Graph>(200);
    each_reads_the_other::<Record>(1);
    each_reads_the_other::<MediaContent>(1);
    each_reads_the_other::<Logs>(50);
    each_reads_the_other::<Mesh>(50);
    each_reads_the_other::<Players>(10);
    each_reads_the_other::<Updates>(5);
}

/// The two encodings of `value`: their lengths, and where they first differ.
fn compare<T: Dataset>(value: &T) -> (usize, usize, Option<usize>)
where
    FlatBuffers: Codec<T>,
    FlatBuffersPlanus: Codec<T>,
{
    let official = <FlatBuffers as Codec<T>>::to_vec(value).unwrap();
    let planus = <FlatBuffersPlanus as Codec<T>>::to_vec(value).unwrap();
    let first = official.iter().zip(&planus).position(|(a, b)| a != b);
    (official.len(), planus.len(), first)
}

/// The bytes differ (the README's FlatBuffers note says how), and the
/// sizes stay close: planus writes the same tables, strings and vectors,
/// in another order and with other padding.
#[test]
fn the_bytes_differ_only_in_layout() {
    for (name, (official, planus, first)) in [
        ("task-manager", compare(&TaskManager::generate(100))),
        ("telemetry", compare(&SensorReading::workload(1).remove(0))),
        ("graph", compare(&Graph::generate(100))),
        ("records", compare(&serbench_testkit::small_record())),
        ("media", compare(&MediaContent::canonical())),
        ("log", compare(&Logs::generate(100))),
        ("mesh", compare(&Mesh::generate(100))),
        ("minecraft_savedata", compare(&Players::generate(10))),
        ("mk48", compare(&Updates::generate(5))),
    ] {
        eprintln!(
            "{name}: flatbuffers {official} bytes, planus {planus}, first difference {first:?}"
        );
        assert!(
            first.is_some() || official != planus,
            "{name}: the same bytes"
        );
        assert!(
            planus.abs_diff(official) * 10 <= official + 64,
            "{name}: flatbuffers {official} bytes, planus {planus}"
        );
    }
}
