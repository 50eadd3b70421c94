//! The wire layout the crate docs promise, and the error messages.

use serbench_model::forms::timestamp_parts;
use serbench_model::{Dataset, MediaContent, Record, SensorReading, TaskManager};
use serbench_msgpack::{Error, ErrorKind, from_slice, to_vec};

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

/// The kind, field path and byte offset of `error`, to compare at once.
fn at_of(error: &Error) -> (ErrorKind, Option<&str>, Option<usize>) {
    let position = error.position();
    (error.kind(), position.path(), position.offset())
}

#[test]
fn errors_say_what_and_where() {
    let mut manager = TaskManager::generate(40);
    manager.lists[0].tasks[1].description = "marker".to_owned();
    let encoded = to_vec(&manager).unwrap();
    let at = encoded.windows(6).position(|w| w == b"marker").unwrap() + 6 + 9;
    let priority = Some("lists[0].tasks[1].priority");
    let mut bad = encoded.clone();
    bad[at] = 9;
    let error = from_slice::<TaskManager>(&bad).unwrap_err();
    assert_eq!(at_of(&error), (ErrorKind::Invalid, priority, Some(at + 1)));
    assert!(std::error::Error::source(&error).is_some());

    let error = from_slice::<TaskManager>(&encoded[..at]).unwrap_err();
    assert_eq!(at_of(&error), (ErrorKind::Truncated, priority, Some(at)));

    let mut longer = encoded.clone();
    longer.extend_from_slice(b"\xc0\xc0");
    let error = from_slice::<TaskManager>(&longer).unwrap_err();
    assert_eq!(
        at_of(&error),
        (ErrorKind::TrailingBytes, None, Some(encoded.len()))
    );

    for (input, expected) in [
        // An unknown field, named by the message (not the path: once).
        (&b"\x81\xa3foo\x90"[..], (ErrorKind::Invalid, None, Some(5))),
        // A repeated field.
        (
            b"\x83\xa3ids\x90\xa3ids\x90\xa7strings\x90",
            (ErrorKind::Invalid, None, Some(10)),
        ),
        // A missing field.
        (b"\x81\xa3ids\x90", (ErrorKind::Invalid, None, Some(6))),
        // A string where an integer belongs.
        (
            b"\x82\xa3ids\x91\xa1x",
            (ErrorKind::Invalid, Some("ids[0]"), Some(7)),
        ),
        // The one marker MessagePack reserves.
        (b"\xc1", (ErrorKind::Syntax, None, Some(1))),
    ] {
        let error = from_slice::<Record>(input).unwrap_err();
        assert_eq!(at_of(&error), expected, "{error}");
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
