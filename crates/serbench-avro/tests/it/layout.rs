//! The bytes the Avro specification gives for each dataset, written here
//! by hand (`datum`), against what the codec writes and reads; sizes beside
//! the reference figures; and the errors' kinds and offsets.

use serbench_avro::{Avro, ErrorKind, from_slice, to_vec};
use serbench_model::{
    Codec, Color, MediaContent, OffsetDateTime, Priority, Record, SensorReading, Task, TaskHeader,
    TaskList, TaskManager, Uuid, Version,
};

use crate::datum::{array, count, long, small_manager, string};

fn header(name: &str, millis: i64, nanos: u32, offset_seconds: i32) -> TaskHeader {
    let seconds = millis.div_euclid(1000);
    let nanos = (millis.rem_euclid(1000) as u32) * 1_000_000 + nanos;
    let created = OffsetDateTime::from_unix_timestamp(seconds)
        .unwrap()
        .replace_nanosecond(nanos)
        .unwrap()
        .to_offset(time::UtcOffset::from_whole_seconds(offset_seconds).unwrap());
    TaskHeader {
        id: Uuid::from_bytes(std::array::from_fn(|i| i as u8 + 1)),
        name: name.to_owned(),
        color: Color::rgb(0xff, 0, 0),
        created,
    }
}

#[test]
fn task_manager_is_the_datum_the_specification_gives() {
    let manager = TaskManager {
        user: "u".to_owned(),
        version: Version { segments: vec![1] },
        lists: vec![TaskList {
            header: header("L", 0, 0, 0),
            tasks: vec![Task {
                header: header("t", 1_000, 5, 3_600),
                description: "d".to_owned(),
                priority: Priority::High,
                completed: true,
            }],
        }],
    };
    assert_eq!(to_vec(&manager).unwrap(), small_manager());
    assert_eq!(
        from_slice::<TaskManager>(&small_manager()).unwrap(),
        manager
    );
}

#[test]
fn generated_sizes() {
    let reading = &SensorReading::generate(1)[0];
    assert_eq!(reading.sensor_id.len(), 8);
    assert_eq!(to_vec(reading).unwrap().len(), 73);
    // The C++ benchmark's Avro record: 16 384 (see the crate docs).
    assert_eq!(to_vec(&Record::canonical()).unwrap().len(), 13_476);
    // Protobuf: 238.
    assert_eq!(to_vec(&MediaContent::canonical()).unwrap().len(), 224);
    // 9 944 tasks; protobuf: 700 833, Qt's QDataStream about 1 127 KB.
    assert_eq!(
        to_vec(&TaskManager::generate(10_000)).unwrap().len(),
        633_295
    );
}

/// Writers that buffer blocks (Java's, fastavro's) write a negative count
/// followed by the block's size in bytes, and may split an array into
/// several blocks; the reader takes both.
#[test]
fn reads_negative_counts_and_several_blocks() {
    let strings = [string(b"a"), string(b"bc")].concat();
    let bytes = [
        long(-1),
        long(1),
        long(-3),
        long(1),
        long(2),
        long(0),
        long(-2),
        count(strings.len()),
        strings,
        long(0),
    ]
    .concat();
    let record: Record = from_slice(&bytes).unwrap();
    assert_eq!(record.ids, [-3, 2]);
    assert_eq!(record.strings, ["a", "bc"]);
}

#[test]
fn errors_name_the_byte() {
    let trailing = [small_manager(), vec![0]].concat();
    let error = Avro::decode(&trailing)
        .map(|_: TaskManager| ())
        .unwrap_err();
    assert_eq!(error.kind(), ErrorKind::TrailingBytes);
    assert_eq!(error.position().offset(), Some(small_manager().len()));

    // `ids` declares 2^62 items at byte 0.
    let error = from_slice::<Record>(&[long(1 << 62), array(&[])].concat()).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Truncated);
    assert_eq!(error.position().offset(), Some(0));

    // The second string is not UTF-8: it starts at byte 1 (ids) + 1 (count) + 2.
    let bytes = [array(&[]), array(&[string(b"a"), string(b"\xff")])].concat();
    let error = from_slice::<Record>(&bytes).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Syntax);
    assert_eq!(error.position().offset(), Some(4));
}

#[test]
fn every_schema_is_shipped_and_parses() {
    for dataset in [
        "task-manager",
        "telemetry",
        "graph",
        "records",
        "media",
        "log",
        "mesh",
        "minecraft_savedata",
        "mk48",
    ] {
        let path = format!(
            "{}/../../schemas/{dataset}.avsc",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap();
        apache_avro::Schema::parse_str(&text).unwrap_or_else(|error| panic!("{path}: {error}"));
    }
}
