//! The wire layout the crate docs promise, the decode budget, and the error
//! messages.

use serbench_model::forms::timestamp_parts;
use serbench_model::{MediaContent, Record, SensorReading, TaskHeader, TaskManager};
use serbench_postcard::{Error, ErrorKind, from_slice, to_vec};

/// postcard's varint: LEB128, seven bits a byte, low groups first.
pub(crate) fn varint(mut value: u64) -> Vec<u8> {
    let mut out = Vec::new();
    while value >= 0x80 {
        out.push(value as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
    out
}

fn zigzag(value: i64) -> u64 {
    ((value << 1) ^ (value >> 63)).cast_unsigned()
}

/// A string or byte string: its length, then its bytes.
fn bytes(bytes: &[u8]) -> Vec<u8> {
    [varint(bytes.len() as u64), bytes.to_vec()].concat()
}

fn header(header: &TaskHeader) -> Vec<u8> {
    let (seconds, nanos, offset) = timestamp_parts(&header.created);
    [
        bytes(header.id.as_bytes()),
        bytes(header.name.as_bytes()),
        varint(header.color.argb().into()),
        varint(zigzag(seconds)),
        varint(nanos.into()),
        varint(zigzag(offset.into())),
    ]
    .concat()
}

#[test]
fn task_manager_follows_the_documented_layout() {
    let manager = TaskManager::generate(10_000);
    let list = &manager.lists[0];
    let task = &list.tasks[0];
    let expected = [
        bytes(b"Demo User"),
        vec![3, 1, 0, 0],
        varint(manager.lists.len() as u64),
        header(&list.header),
        varint(list.tasks.len() as u64),
        header(&task.header),
        bytes(task.description.as_bytes()),
        vec![task.priority as u8, u8::from(task.completed)],
    ]
    .concat();
    let encoded = to_vec(&manager).unwrap();
    assert!(encoded.starts_with(&expected));
    // QDataStream's encoding of the same data is 1 127 KB.
    let kb = encoded.len() as f64 / 1000.0;
    assert!((630.0..660.0).contains(&kb), "{kb} KB");
}

#[test]
fn other_datasets_have_documented_shapes() {
    let reading = &SensorReading::generate(1)[0];
    let media = MediaContent::canonical();
    let record = Record::canonical();
    let floats = reading.readings().map(f64::to_le_bytes).concat();
    let expected = [bytes(reading.sensor_id.as_bytes()), floats].concat();
    assert_eq!(to_vec(reading).unwrap(), expected);

    let encoded = to_vec(&media).unwrap();
    let small = &media.images[1];
    let last_image = [
        bytes(small.uri.as_bytes()),
        vec![1],
        bytes(small.title.as_deref().unwrap().as_bytes()),
        varint(zigzag(small.width.into())),
        varint(zigzag(small.height.into())),
        vec![0],
    ]
    .concat();
    assert!(encoded.ends_with(&last_image));
    // The player, JAVA, is variant 0 and copyright is None.
    let persons = [bytes(b"Bill Gates"), bytes("Steve Jobs스".as_bytes())];
    assert!(
        encoded
            .windows(persons[1].len() + 3)
            .any(|w| w == [persons[1].clone(), vec![0, 0, 2]].concat())
    );

    let encoded = to_vec(&record).unwrap();
    let ids = [
        varint(record.ids.len() as u64),
        varint(zigzag(record.ids[0])),
    ]
    .concat();
    assert!(encoded.starts_with(&ids));
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
    // The priority follows the description.
    let at = encoded.windows(6).position(|w| w == b"marker").unwrap() + 6;
    let mut bad = encoded.clone();
    bad[at] = 9;
    let error = from_slice::<TaskManager>(&bad).unwrap_err();
    let priority = Some("lists[0].tasks[1].priority");
    assert_eq!(at_of(&error), (ErrorKind::Invalid, priority, Some(at + 1)));

    let mut bad = encoded.clone();
    bad[at - 6] = 0xff;
    let error = from_slice::<TaskManager>(&bad).unwrap_err();
    assert_eq!(
        at_of(&error),
        (
            ErrorKind::Invalid,
            Some("lists[0].tasks[1].description"),
            Some(at)
        )
    );

    let error = from_slice::<TaskManager>(&encoded[..at]).unwrap_err();
    assert_eq!(at_of(&error), (ErrorKind::Truncated, priority, Some(at)));

    let mut longer = encoded.clone();
    longer.extend_from_slice(b"xy");
    let error = from_slice::<TaskManager>(&longer).unwrap_err();
    assert_eq!(
        at_of(&error),
        (ErrorKind::TrailingBytes, None, Some(encoded.len()))
    );
    assert!(std::error::Error::source(&error).is_none());
}

#[test]
fn malformed_input_is_refused() {
    // A varint longer than a u64 can be.
    let error = from_slice::<Record>(&[0xff; 11]).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Syntax);
    // A bool other than 0 or 1, and a variant that does not exist.
    let mut manager = TaskManager::generate(40);
    manager.lists[0].tasks[1].description = "marker".to_owned();
    let mut media = MediaContent::canonical();
    media.media.copyright = Some("marker".to_owned());
    let mut encoded = to_vec(&manager).unwrap();
    let at = encoded.windows(6).position(|w| w == b"marker").unwrap() + 7;
    encoded[at] = 2;
    let error = from_slice::<TaskManager>(&encoded).unwrap_err();
    assert_eq!(
        at_of(&error),
        (
            ErrorKind::Invalid,
            Some("lists[0].tasks[1].completed"),
            Some(at + 1)
        ),
        "{error}"
    );

    let mut encoded = to_vec(&media).unwrap();
    let at = encoded.windows(6).position(|w| w == b"marker").unwrap() - 3;
    assert_eq!(encoded[at], 0, "the player");
    encoded[at] = 7;
    let error = from_slice::<MediaContent>(&encoded).unwrap_err();
    assert_eq!(
        at_of(&error),
        (ErrorKind::Invalid, Some("media.player"), Some(at + 1)),
        "{error}"
    );
}

#[test]
fn huge_declared_lengths_fail_without_allocating() {
    let mut input = varint(1 << 30);
    input.resize(20, b'x');
    let error = from_slice::<TaskManager>(&input).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Truncated);
    for count in [u64::from(u32::MAX), u64::MAX] {
        let input = [vec![0], varint(count)].concat();
        assert_eq!(
            from_slice::<Record>(&input).unwrap_err().kind(),
            ErrorKind::Truncated
        );
    }
}

#[test]
fn mk48_follows_the_documented_layout() {
    let expected = [
        // One update of one contact: damage, entity id, Some(Yasen),
        // guidance (angle, submerge, velocity −2 zigzagged).
        vec![1, 1, 3, 77, 1, 8, 5, 1, 3],
        // Some(9), the reloads, altitude −1 as one byte, angle.
        vec![1, 9, 2, 1, 0, 0xff, 6],
        [1.5_f32.to_le_bytes(), (-2.5_f32).to_le_bytes()].concat(),
        // Velocity 4 zigzagged, the turret angles, the score.
        [vec![8, 1], varint(300), varint(1000)].concat(),
        500.0_f32.to_le_bytes().to_vec(),
        // One terrain update: chunk (−1, 2), three bytes of data.
        vec![1, 0xff, 2, 3, 0xab, 0xab, 0xab],
    ]
    .concat();
    assert_eq!(to_vec(&crate::hostile::one_update()).unwrap(), expected);
}
