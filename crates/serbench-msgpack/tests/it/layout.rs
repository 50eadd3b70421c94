//! The wire layout the crate docs promise, and the error messages.

use serbench_model::__private::forms::timestamp_parts;
use serbench_model::{Dataset, MediaContent, Record, SensorReading, TaskManager};
use serbench_msgpack::{ErrorKind, from_slice, to_vec};

/// A str of fewer than 32 bytes: fixstr.
fn key(name: &str) -> Vec<u8> {
    [&[0xa0 | name.len() as u8][..], name.as_bytes()].concat()
}

#[test]
fn task_manager_is_maps_keyed_by_field_name() {
    let manager = TaskManager::generate(10_000);
    let encoded = to_vec(&manager).unwrap();
    assert!(
        encoded.starts_with(b"\x83\xa4user\xa9Demo User\xa7version\x93\x01\x00\x00\xa5lists\x9b")
    );

    let task = &manager.lists[0].tasks[0];
    let (seconds, nanos, offset) = timestamp_parts(&task.header.created);
    assert_eq!((nanos, offset), (0, 0));
    let expected = [
        b"\x84".to_vec(),
        key("header"),
        b"\x84".to_vec(),
        key("id"),
        b"\xc4\x10".to_vec(),
        task.header.id.as_bytes().to_vec(),
        key("name"),
        key("Task 0-0"),
        key("color"),
        b"\xce\xff\xff\x00\x00".to_vec(),
        key("created"),
        b"\x93\xce".to_vec(),
        u32::try_from(seconds).unwrap().to_be_bytes().to_vec(),
        b"\x00\x00".to_vec(),
        key("description"),
        key(&task.description),
        key("priority"),
        b"\x00".to_vec(),
        key("completed"),
        b"\xc3".to_vec(),
    ]
    .concat();
    assert!(
        encoded.windows(expected.len()).any(|w| w == expected),
        "the first task is not laid out as documented"
    );
    // QDataStream's encoding of the same data is 1 127 KB; the keys cost.
    let kb = encoded.len() as f64 / 1000.0;
    assert!((1_250.0..1_310.0).contains(&kb), "{kb} KB");
}

#[test]
fn other_datasets_have_documented_shapes() {
    let media = to_vec(&MediaContent::canonical()).unwrap();
    for part in [
        &b"\xa6player\xa4JAVA"[..],
        b"\xa9copyright\xc0",
        b"\xa4size\xa5LARGE",
        b"\xa4size\xa5SMALL",
        b"\xa8duration\xce\x01\x12\xa8\x80",
    ] {
        assert!(
            media.windows(part.len()).any(|w| w == part),
            "{}",
            String::from_utf8_lossy(part)
        );
    }

    let reading = &SensorReading::generate(1)[0];
    let encoded = to_vec(reading).unwrap();
    assert_eq!(encoded.len(), 203);
    let humidity = [
        &b"\xa8humidity\xcb"[..],
        &reading.humidity.to_bits().to_be_bytes(),
    ]
    .concat();
    assert!(encoded.ends_with(&humidity));

    let record = to_vec(&Record::canonical()).unwrap();
    assert!(record.starts_with(b"\x82\xa3ids\xdc\x03\xe8\xd3"));
}

#[test]
fn reads_fields_in_any_order_and_structs_as_arrays() {
    let record: Record = from_slice(b"\x82\xa7strings\x91\xa1x\xa3ids\x92\x01\xff").unwrap();
    assert_eq!(record.ids, [1, -1]);
    assert_eq!(record.strings, ["x"]);

    // rmp-serde's default writes structs as arrays of their fields.
    let media = MediaContent::canonical();
    let tuples = rmp_serde::to_vec(&media).unwrap();
    assert_eq!(from_slice::<MediaContent>(&tuples).unwrap(), media);
}

#[test]
fn errors_say_what_and_where() {
    let mut manager = TaskManager::generate(40);
    manager.lists[0].tasks[1].description = "marker".to_owned();
    let encoded = to_vec(&manager).unwrap();
    let at = encoded.windows(6).position(|w| w == b"marker").unwrap() + 6 + 9;
    let mut bad = encoded.clone();
    bad[at] = 9;
    let error = from_slice::<TaskManager>(&bad).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Invalid);
    assert_eq!(
        error.to_string(),
        format!(
            "cannot decode msgpack task-manager: invalid value: integer `9`, expected a \
             priority 0 to 3 (at lists[0].tasks[1].priority, byte {})",
            at + 1
        )
    );

    let error = from_slice::<TaskManager>(&encoded[..at]).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Truncated);
    assert_eq!(
        error.to_string(),
        format!(
            "cannot decode msgpack task-manager: the input ends inside the value \
             (at lists[0].tasks[1].priority, byte {at})"
        )
    );

    let mut longer = encoded.clone();
    longer.extend_from_slice(b"\xc0\xc0");
    let error = from_slice::<TaskManager>(&longer).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::TrailingBytes);
    assert_eq!(
        error.to_string(),
        format!(
            "cannot decode msgpack task-manager: 2 bytes follow the value, which ends at byte {}",
            encoded.len()
        )
    );

    for (input, kind, message) in [
        (
            &b"\x81\xa3foo\x90"[..],
            ErrorKind::Invalid,
            "unknown field `foo`, expected `ids` or `strings` (at foo, byte 5)",
        ),
        (
            b"\x83\xa3ids\x90\xa3ids\x90\xa7strings\x90",
            ErrorKind::Invalid,
            "duplicate field `ids` (at byte 10)",
        ),
        (
            b"\x81\xa3ids\x90",
            ErrorKind::Invalid,
            "missing field `strings` (at byte 6)",
        ),
        (
            b"\x82\xa3ids\x91\xa1x",
            ErrorKind::Invalid,
            "wrong msgpack marker FixStr(1) (at ids[0], byte 7)",
        ),
        (
            b"\xc1",
            ErrorKind::Syntax,
            "the reserved marker 0xc1 is not MessagePack (at byte 1)",
        ),
    ] {
        let error = from_slice::<Record>(input).unwrap_err();
        assert_eq!(error.kind(), kind, "{error}");
        assert_eq!(error.message(), message);
    }
}

#[test]
fn hostile_lengths_and_nesting_fail_at_once() {
    let huge = [
        // user: str 32 and bin 32 of 4 GiB
        &b"\x83\xa4user\xdb\xff\xff\xff\xff"[..],
        b"\x83\xa4user\xc6\xff\xff\xff\xff",
        // lists: array 32 of 4 G elements
        b"\x83\xa4user\xa0\xa7version\x90\xa5lists\xdd\xff\xff\xff\xff",
        // a map 32 of 4 G entries
        b"\xdf\xff\xff\xff\xff\xa4user\xa0",
    ];
    for input in huge {
        let error = from_slice::<TaskManager>(input).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Truncated, "{error}");
    }

    for prefix in [&b""[..], b"\x82\xa3ids"] {
        let deep = [prefix, &vec![0x91; 200_000]].concat();
        let error = from_slice::<Record>(&deep).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");
    }
}

#[test]
fn traverse_answers_match_the_model() {
    let manager = TaskManager::generate(1_000);
    let decoded: TaskManager = from_slice(&to_vec(&manager).unwrap()).unwrap();
    assert_eq!(decoded.traverse(), manager.traverse());
}
