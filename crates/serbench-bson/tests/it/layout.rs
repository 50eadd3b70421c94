//! The wire layout the crate docs promise, and the error messages.

use serbench_bson::{Error, ErrorKind, from_slice, to_vec};
use serbench_model::forms::timestamp_parts;
use serbench_model::{Dataset, Graph, MediaContent, Record, SensorReading, TaskManager};

use crate::hostile::{
    ARRAY, BINARY, BOOLEAN, DOUBLE, INT64, STRING, document, element, int32, spliced, text,
};

#[test]
fn task_manager_is_documents_keyed_by_field_name() {
    let manager = TaskManager::generate(10_000);
    let encoded = to_vec(&manager).unwrap();
    let length = i32::try_from(encoded.len()).unwrap();
    let version = document(&[
        element(INT64, "0", &1_i64.to_le_bytes()),
        element(INT64, "1", &0_i64.to_le_bytes()),
        element(INT64, "2", &0_i64.to_le_bytes()),
    ]);
    let start = [
        length.to_le_bytes().to_vec(),
        text("user", "Demo User"),
        element(ARRAY, "version", &version),
        b"\x04lists\0".to_vec(),
    ]
    .concat();
    assert!(encoded.starts_with(&start));

    let task = &manager.lists[0].tasks[0];
    let (seconds, nanos, offset) = timestamp_parts(&task.header.created);
    let created = document(&[
        element(INT64, "0", &seconds.to_le_bytes()),
        element(INT64, "1", &i64::from(nanos).to_le_bytes()),
        int32("2", offset),
    ]);
    let id = [&16_i32.to_le_bytes()[..], &[0], task.header.id.as_bytes()].concat();
    let header = document(&[
        element(BINARY, "id", &id),
        text("name", "Task 0-0"),
        element(INT64, "color", &0xffff_0000_i64.to_le_bytes()),
        element(ARRAY, "created", &created),
    ]);
    let expected = element(
        0x03,
        "0",
        &document(&[
            element(0x03, "header", &header),
            text("description", &task.description),
            int32("priority", 0),
            element(BOOLEAN, "completed", &[1]),
        ]),
    );
    assert!(
        encoded.windows(expected.len()).any(|w| w == expected),
        "the first task is not laid out as documented"
    );
    // MessagePack's maps take 1 280 KB: BSON's integers and array keys cost.
    let kb = encoded.len() as f64 / 1000.0;
    assert!((1_900.0..1_930.0).contains(&kb), "{kb} KB");
}

#[test]
fn other_datasets_have_documented_shapes() {
    let media = to_vec(&MediaContent::canonical()).unwrap();
    assert_eq!(media.len(), 509);
    for part in [
        text("player", "JAVA"),
        element(0x0A, "copyright", &[]),
        text("size", "LARGE"),
        text("size", "SMALL"),
        element(INT64, "duration", &18_000_000_i64.to_le_bytes()),
        int32("bitrate", 262_144),
    ] {
        assert!(
            media.windows(part.len()).any(|w| w == part),
            "{}",
            String::from_utf8_lossy(&part)
        );
    }

    let reading = &SensorReading::generate(1)[0];
    let encoded = to_vec(reading).unwrap();
    assert_eq!(encoded.len(), 212);
    let humidity = element(DOUBLE, "humidity", &reading.humidity.to_le_bytes());
    assert!(encoded.ends_with(&[humidity, vec![0]].concat()));

    let record = to_vec(&Record::canonical()).unwrap();
    assert_eq!(record.len(), 22_409);
    assert!(record[4..].starts_with(b"\x04ids\0"));

    let graph = to_vec(&Graph::generate(3)).unwrap();
    let edge = document(&[
        element(INT64, "from", &0_i64.to_le_bytes()),
        element(INT64, "to", &0_i64.to_le_bytes()),
        int32("weight", i32::from(Graph::generate(3).edges[0].weight)),
    ]);
    assert!(graph.windows(edge.len()).any(|w| w == edge));
}

#[test]
fn reads_fields_in_any_order_integers_of_either_width_and_any_array_keys() {
    // {strings: ["x"], ids: [1 as int32, -1 as int64]}, the array keys
    // not 0, 1: the bson crate reads an array's elements in order.
    let input = document(&[
        element(ARRAY, "strings", &document(&[text("0", "x")])),
        element(
            ARRAY,
            "ids",
            &document(&[int32("a", 1), element(INT64, "b", &(-1_i64).to_le_bytes())]),
        ),
    ]);
    let record: Record = from_slice(&input).unwrap();
    assert_eq!(record.ids, [1, -1]);
    assert_eq!(record.strings, ["x"]);
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
    // The priority's element starts after the description's 0 byte.
    let start = encoded.windows(7).position(|w| w == b"marker\0").unwrap() + 7;
    let at = start + b"\x10priority\0".len();
    let path = "lists[0].tasks[1].priority";
    let priority = Some(path);
    let mut bad = encoded.clone();
    bad[at] = 9;
    let error = from_slice::<TaskManager>(&bad).unwrap_err();
    assert_eq!(at_of(&error), (ErrorKind::Invalid, priority, Some(start)));
    assert!(std::error::Error::source(&error).is_some());
    assert!(
        error.to_string().ends_with(&format!(
            "invalid value: integer `9`, expected a priority 0 to 3 (at {path}, byte {start})"
        )),
        "{error}"
    );

    // A cut input: the top-level length says more than the input holds.
    let error = from_slice::<TaskManager>(&encoded[..at]).unwrap_err();
    assert_eq!(at_of(&error), (ErrorKind::Truncated, None, Some(at)));

    let mut longer = encoded.clone();
    longer.extend_from_slice(b"\0\0");
    let error = from_slice::<TaskManager>(&longer).unwrap_err();
    assert_eq!(
        at_of(&error),
        (ErrorKind::TrailingBytes, None, Some(encoded.len()))
    );

    let ids = || element(ARRAY, "ids", &document(&[]));
    let strings = || element(ARRAY, "strings", &document(&[]));
    for (input, expected) in [
        // An unknown field, at its element: serde_path_to_error's path
        // names the key, as the bson crate's message begins with its own
        // words rather than serde's `unknown field`.
        (
            document(&[element(ARRAY, "foo", &document(&[]))]),
            (ErrorKind::Invalid, Some("foo"), Some(4)),
        ),
        // A repeated field.
        (
            document(&[ids(), ids(), strings()]),
            (ErrorKind::Invalid, None, Some(0)),
        ),
        // A missing field.
        (document(&[ids()]), (ErrorKind::Invalid, None, Some(0))),
        // A string where an integer belongs.
        (
            document(&[element(ARRAY, "ids", &document(&[text("0", "x")]))]),
            (ErrorKind::Invalid, Some("ids[0]"), Some(13)),
        ),
        // A type byte BSON does not have, at its byte.
        (
            document(&[element(0x20, "ids", &[])]),
            (ErrorKind::Syntax, Some("ids"), Some(4)),
        ),
        // A string of 2^31 - 1 bytes, at its length.
        (
            document(&[element(
                ARRAY,
                "strings",
                &document(&[element(STRING, "0", &i32::MAX.to_le_bytes())]),
            )]),
            (ErrorKind::Truncated, Some("strings[0]"), Some(20)),
        ),
        // A document shorter than its header.
        (
            [&4_i32.to_le_bytes()[..], b"\0"].concat(),
            (ErrorKind::Syntax, None, Some(0)),
        ),
    ] {
        let error = from_slice::<Record>(&input).unwrap_err();
        assert_eq!(at_of(&error), expected, "{error}");
    }
}

#[test]
fn hostile_lengths_and_nesting_fail_at_once() {
    let huge = i32::MAX.to_le_bytes();
    for input in [
        // user: a string and a binary of 2 GiB
        document(&[element(STRING, "user", &huge)]),
        document(&[element(BINARY, "user", &huge)]),
        // lists: an array of 2 GiB
        document(&[text("user", ""), element(ARRAY, "lists", &huge)]),
        // the document itself
        [&huge[..], b"\x02user\0"].concat(),
    ] {
        let error = from_slice::<TaskManager>(&input).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Truncated, "{error}");
    }

    let deep = crate::hostile::deep_arrays();
    for input in [
        document(&[element(ARRAY, "ids", &deep)]),
        document(&[element(
            ARRAY,
            "ids",
            &document(&[element(ARRAY, "0", &deep)]),
        )]),
    ] {
        let error = from_slice::<Record>(&input).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");
    }
}

#[test]
fn traverse_answers_match_the_model() {
    let manager = TaskManager::generate(1_000);
    let decoded: TaskManager = from_slice(&to_vec(&manager).unwrap()).unwrap();
    assert_eq!(decoded.traverse(), manager.traverse());
}

/// An id is the generic binary subtype the model's serde form gives; the
/// bson crate hands any other subtype (BSON's UUID subtype 4 too) to
/// serde as a map, which no id reads.
#[test]
fn an_id_is_a_binary_of_the_generic_subtype() {
    let manager = TaskManager::generate(1);
    let encoded = to_vec(&manager).unwrap();
    let id = manager.lists[0].header.id;
    let generic = [&b"\x05id\0\x10\0\0\0\0"[..], id.as_bytes()].concat();
    let at = encoded
        .windows(generic.len())
        .position(|w| w == generic)
        .unwrap();
    let mut uuid = encoded.clone();
    uuid[at + 8] = 4;
    let error = from_slice::<TaskManager>(&uuid).unwrap_err();
    assert_eq!(
        at_of(&error),
        (ErrorKind::Invalid, Some("lists[0].header.id"), Some(at))
    );
}

/// Documented, not refused: serde reads a time's three parts, and the
/// bson crate does not look for a fourth.
#[test]
fn a_times_fourth_part_is_not_read() {
    let mut manager = TaskManager::generate(1);
    let created = &mut manager.lists[0].header.created;
    *created += std::time::Duration::from_secs(1);
    let (seconds, nanos, offset) = timestamp_parts(created);
    let parts = [
        element(INT64, "0", &seconds.to_le_bytes()),
        element(INT64, "1", &i64::from(nanos).to_le_bytes()),
        int32("2", offset),
    ];
    let three = element(ARRAY, "created", &document(&parts));
    let four = element(
        ARRAY,
        "created",
        &document(&[&parts[..], &[int32("3", 7)]].concat()),
    );
    let read: TaskManager = from_slice(&spliced(&manager, three, four)).unwrap();
    assert_eq!(read, manager);
}
