//! The bytes the codecs write, against the same values written by hand in
//! [`crate::wire`], and the sizes the crate docs quote.

use serbench_model::forms::timestamp_from_parts;
use serbench_model::{
    Codec, Color, MediaContent, Priority, Record, SensorReading, Task, TaskHeader, TaskList,
    TaskManager, Uuid, Version,
};
use serbench_thrift::{ThriftBinary, ThriftCompact};

use crate::hostile::manager;
use crate::wire::{BinaryWire, CompactWire, record};

/// The value [`manager`] writes with priority 2, whole seconds.
fn small_manager() -> TaskManager {
    let header = |name: &str, id: u8| TaskHeader {
        id: Uuid::from_bytes([id; 16]),
        name: name.to_owned(),
        color: Color::from_argb(0xff00_ff00),
        created: timestamp_from_parts(1_762_160_400, 0, 3600).unwrap(),
    };
    TaskManager {
        user: "U".to_owned(),
        version: Version {
            segments: vec![1, u32::MAX],
        },
        lists: vec![TaskList {
            header: header("L", 9),
            tasks: vec![Task {
                header: header("T", 7),
                description: "do".to_owned(),
                priority: Priority::High,
                completed: true,
            }],
        }],
    }
}

#[test]
fn task_manager_layout() {
    let value = small_manager();
    assert_eq!(
        ThriftBinary::to_vec(&value).unwrap(),
        manager::<BinaryWire>(2, 16, 0)
    );
    assert_eq!(
        ThriftCompact::to_vec(&value).unwrap(),
        manager::<CompactWire>(2, 16, 0)
    );
}

#[test]
fn records_layout_and_the_cpp_benchmark_sizes() {
    let value = Record::canonical();
    let strings: Vec<&[u8]> = value.strings.iter().map(String::as_bytes).collect();
    let binary = ThriftBinary::to_vec(&value).unwrap();
    let compact = ThriftCompact::to_vec(&value).unwrap();
    assert_eq!(binary, record::<BinaryWire>(&value.ids, &strings));
    assert_eq!(compact, record::<CompactWire>(&value.ids, &strings));
    // thekvs cpp-serializers' Record: thrift-binary 17 017, thrift-compact 13 378.
    assert_eq!(binary.len(), 17_017);
    assert_eq!(compact.len(), 13_378);
}

#[test]
fn sizes_in_the_docs() {
    let reading = &SensorReading::generate(1)[0];
    assert_eq!(ThriftBinary::to_vec(reading).unwrap().len(), 104);
    assert_eq!(ThriftCompact::to_vec(reading).unwrap().len(), 83);
    let media = MediaContent::canonical();
    assert_eq!(ThriftBinary::to_vec(&media).unwrap().len(), 352);
    assert_eq!(ThriftCompact::to_vec(&media).unwrap().len(), 243);
    let manager = TaskManager::generate(10_000);
    assert_eq!(ThriftBinary::to_vec(&manager).unwrap().len(), 1_160_828);
    assert_eq!(ThriftCompact::to_vec(&manager).unwrap().len(), 737_815);
}
