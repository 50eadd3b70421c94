//! The wire layout the crate docs promise, the data written here from
//! savefile's rules rather than by savefile, and the errors.

use serbench_model::forms::timestamp_parts;
use serbench_model::{
    Dataset, Edge, Graph, MediaContent, Node, Record, SensorReading, TaskHeader, TaskManager,
};
use serbench_savefile::{ErrorKind, from_slice, to_vec};
use serbench_testkit::replace_once;

/// A `Vec`'s or `String`'s length: a little-endian `u64`.
fn length(n: usize) -> Vec<u8> {
    (n as u64).to_le_bytes().to_vec()
}

/// A string: its length, then its UTF-8 bytes.
fn text(text: &str) -> Vec<u8> {
    [length(text.len()), text.as_bytes().to_vec()].concat()
}

/// An `Option`: a byte 0, or 1 and the value.
fn option(value: Option<Vec<u8>>) -> Vec<u8> {
    value.map_or_else(|| vec![0], |value| [vec![1], value].concat())
}

fn header(header: &TaskHeader) -> Vec<u8> {
    let (seconds, nanos, offset) = timestamp_parts(&header.created);
    [
        header.id.as_bytes().to_vec(),
        text(&header.name),
        header.color.argb().to_le_bytes().to_vec(),
        seconds.to_le_bytes().to_vec(),
        nanos.to_le_bytes().to_vec(),
        offset.to_le_bytes().to_vec(),
    ]
    .concat()
}

/// The header every file starts with: the magic, savefile's format
/// version 2, the data's version 0, not compressed.
const HEADER: &[u8] = b"savefile\0\x02\0\0\0\0\0\0";

/// Checks that `encoded` is the header, a schema of `schema` bytes, then
/// `data`.
fn holds(encoded: &[u8], schema: usize, data: &[u8]) {
    assert!(encoded.starts_with(HEADER));
    assert!(encoded.ends_with(data), "the data differs");
    assert_eq!(
        encoded.len() - data.len() - HEADER.len(),
        schema,
        "the schema's size"
    );
}

#[test]
fn task_manager_follows_the_documented_layout() {
    let manager = TaskManager::generate(1);
    let list = &manager.lists[0];
    let task = &list.tasks[0];
    let data = [
        text("Demo User"),
        length(3),
        [1u32, 0, 0].map(u32::to_le_bytes).concat(),
        length(1),
        header(&list.header),
        length(1),
        header(&task.header),
        text(&task.description),
        vec![task.priority as u8, u8::from(task.completed)],
    ]
    .concat();
    holds(&to_vec(&manager).unwrap(), 1028, &data);
}

#[test]
fn telemetry_follows_the_documented_layout() {
    let reading = SensorReading::workload(1).remove(0);
    let readings = [
        reading.ambient_temperature,
        reading.object_temperature,
        reading.accelerometer_x,
        reading.accelerometer_y,
        reading.accelerometer_z,
        reading.altitude,
        reading.light,
        reading.humidity,
    ];
    let data = [
        text(&reading.sensor_id),
        readings.map(f64::to_le_bytes).concat(),
    ]
    .concat();
    holds(&to_vec(&reading).unwrap(), 332, &data);
}

#[test]
fn graph_follows_the_documented_layout() {
    let graph = Graph {
        nodes: vec![Node {
            id: 3,
            name: "alpha".to_owned(),
            out_edges: vec![0, 1],
            in_edges: vec![],
        }],
        edges: vec![Edge {
            from: 0,
            to: 1,
            weight: 7,
        }],
    };
    let data = [
        length(1),
        3u16.to_le_bytes().to_vec(),
        text("alpha"),
        length(2),
        [0u32, 1].map(u32::to_le_bytes).concat(),
        length(0),
        length(1),
        [0u32.to_le_bytes(), 1u32.to_le_bytes()].concat(),
        7u16.to_le_bytes().to_vec(),
    ]
    .concat();
    holds(&to_vec(&graph).unwrap(), 339, &data);
}

#[test]
fn records_follow_the_documented_layout() {
    let record = Record {
        ids: vec![-1, 2],
        strings: vec!["a".to_owned(), String::new()],
    };
    let data = [
        length(2),
        [-1i64, 2].map(i64::to_le_bytes).concat(),
        length(2),
        text("a"),
        text(""),
    ]
    .concat();
    holds(&to_vec(&record).unwrap(), 94, &data);
}

#[test]
fn media_follows_the_documented_layout() {
    let content = MediaContent::canonical();
    let media = &content.media;
    let mut data = [
        text(&media.uri),
        option(media.title.as_deref().map(text)),
        media.width.to_le_bytes().to_vec(),
        media.height.to_le_bytes().to_vec(),
        text(&media.format),
        media.duration.to_le_bytes().to_vec(),
        media.size.to_le_bytes().to_vec(),
        option(media.bitrate.map(|b| b.to_le_bytes().to_vec())),
        length(media.persons.len()),
    ]
    .concat();
    for person in &media.persons {
        data.extend(text(person));
    }
    data.push(media.player as u8);
    data.extend(option(media.copyright.as_deref().map(text)));
    data.extend(length(content.images.len()));
    for image in &content.images {
        data.extend(text(&image.uri));
        data.extend(option(image.title.as_deref().map(text)));
        data.extend(image.width.to_le_bytes());
        data.extend(image.height.to_le_bytes());
        data.push(image.size as u8);
    }
    holds(&to_vec(&content).unwrap(), 747, &data);
}

#[test]
fn the_output_is_deterministic() {
    let manager = TaskManager::generate(50);
    assert_eq!(to_vec(&manager).unwrap(), to_vec(&manager).unwrap());
    let content = MediaContent::canonical();
    assert_eq!(to_vec(&content).unwrap(), to_vec(&content).unwrap());
}

#[test]
fn trailing_and_missing_bytes_are_refused() {
    let bytes = to_vec(&Record::canonical()).unwrap();
    let error = from_slice::<Record>(&[&bytes[..], &[0]].concat()).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::TrailingBytes);
    let error = from_slice::<Record>(&bytes[..bytes.len() - 1]).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Truncated);
    // Cut inside the schema: savefile runs out of input there.
    let error = from_slice::<Record>(&bytes[..40]).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Truncated);
}

/// savefile compares a file's schema by shape, ignoring names; the codec
/// holds it to its own bytes, and says where they differ.
#[test]
fn another_schema_of_the_same_shape_is_refused() {
    let bytes = to_vec(&Record::canonical()).unwrap();
    let renamed = replace_once(&bytes, b"strings", b"strangs");
    let error = from_slice::<Record>(&renamed).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Invalid);
    let at = bytes.windows(7).position(|w| w == b"strings").unwrap() + 3;
    assert!(error.to_string().contains(&format!("byte {at}")), "{error}");
}
