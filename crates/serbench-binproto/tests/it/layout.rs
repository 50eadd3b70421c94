//! The wire layout the crate docs promise, written here from the rules
//! they state rather than by bin-proto, and the errors.

use serbench_binproto::{BinProto, Error, ErrorKind, from_slice, to_vec};
use serbench_model::forms::timestamp_parts;
use serbench_model::{
    Codec, Dataset, Graph, MediaContent, Record, SensorReading, TaskHeader, TaskManager,
};
use serbench_testkit::{hex, measure, replace_once};

/// A length: a little-endian `usize`, 8 bytes.
fn length(n: usize) -> Vec<u8> {
    u64::try_from(n).unwrap().to_le_bytes().to_vec()
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

#[test]
fn task_manager_follows_the_documented_layout() {
    let manager = TaskManager::generate(10_000);
    let list = &manager.lists[0];
    let task = &list.tasks[0];
    let expected = [
        text("Demo User"),
        hex("0300000000000000 01000000 00000000 00000000"),
        length(manager.lists.len()),
        header(&list.header),
        length(list.tasks.len()),
        header(&task.header),
        text(&task.description),
        vec![task.priority as u8, u8::from(task.completed)],
    ]
    .concat();
    let encoded = to_vec(&manager).unwrap();
    assert!(encoded.starts_with(&expected));
    // Borsh's `u32` lengths take 773 KB.
    let kb = encoded.len() as f64 / 1000.0;
    println!("bin-proto task-manager: {kb} KB");
    assert!((840.0..870.0).contains(&kb), "{kb} KB");
}

#[test]
fn telemetry_is_its_id_and_eight_readings() {
    let reading = &SensorReading::workload(1)[0];
    let floats = reading.readings().map(f64::to_le_bytes).concat();
    let expected = [text(&reading.sensor_id), floats].concat();
    assert_eq!(to_vec(reading).unwrap(), expected);
    assert_eq!(expected.len(), 80);
}

#[test]
fn media_follows_the_documented_layout() {
    let content = MediaContent::canonical();
    let media = &content.media;
    let images = content.images.iter().map(|image| {
        [
            text(&image.uri),
            option(image.title.as_deref().map(text)),
            image.width.to_le_bytes().to_vec(),
            image.height.to_le_bytes().to_vec(),
            vec![image.size as u8],
        ]
        .concat()
    });
    let expected = [
        text(&media.uri),
        option(media.title.as_deref().map(text)),
        media.width.to_le_bytes().to_vec(),
        media.height.to_le_bytes().to_vec(),
        text(&media.format),
        media.duration.to_le_bytes().to_vec(),
        media.size.to_le_bytes().to_vec(),
        option(media.bitrate.map(|bitrate| bitrate.to_le_bytes().to_vec())),
        length(media.persons.len()),
        media
            .persons
            .iter()
            .flat_map(|person| text(person))
            .collect(),
        vec![media.player as u8],
        option(media.copyright.as_deref().map(text)),
        length(content.images.len()),
        images.collect::<Vec<_>>().concat(),
    ]
    .concat();
    assert_eq!(to_vec(&content).unwrap(), expected);
    assert_eq!(expected.len(), 320);
}

#[test]
fn records_and_graphs_are_lengths_then_elements() {
    let record = Record {
        ids: vec![-2],
        strings: vec!["ab".to_owned()],
    };
    let expected = hex("
        0100000000000000 feffffffffffffff   # ids: one i64, -2
        0100000000000000                    # strings: one,
        0200000000000000 6162               #   'ab'
        ");
    assert_eq!(to_vec(&record).unwrap(), expected);
    assert_eq!(to_vec(&Record::canonical()).unwrap().len(), 17_416);

    let graph = Graph::workload(3).remove(0);
    let encoded = to_vec(&graph).unwrap();
    let node = &graph.nodes[0];
    let first = [
        length(graph.nodes.len()),
        node.id.to_le_bytes().to_vec(),
        text(&node.name),
        length(node.out_edges.len()),
        node.out_edges
            .iter()
            .flat_map(|e| e.to_le_bytes())
            .collect(),
    ]
    .concat();
    assert!(encoded.starts_with(&first));
    let edge = graph.edges.last().unwrap();
    let last = [
        edge.from.to_le_bytes().to_vec(),
        edge.to.to_le_bytes().to_vec(),
        edge.weight.to_le_bytes().to_vec(),
    ]
    .concat();
    assert!(encoded.ends_with(&last));
}

/// The kind, field path and byte offset of `error`, to compare at once.
fn at_of(error: &Error) -> (ErrorKind, Option<&str>, Option<usize>) {
    let position = error.position();
    (error.kind(), position.path(), position.offset())
}

/// bin-proto's errors name no position: the codec's is where bin-proto's
/// reader stood, past the item it refused or at the end of an input that
/// ends inside a value; a length the walk refuses is at its first byte.
#[test]
fn errors_say_what_and_where() {
    let manager = TaskManager::generate(1);
    let bytes = to_vec(&manager).unwrap();
    let decode = |bytes: &[u8]| from_slice::<TaskManager>(bytes).unwrap_err();

    // The user's 8-byte length, then its 9 bytes: refused once read.
    let error = decode(&replace_once(&bytes, b"Demo User", b"Demo \xffser"));
    assert_eq!(at_of(&error), (ErrorKind::Invalid, None, Some(17)));
    // Cut inside the user: the walk refuses its length, at byte 0.
    let error = decode(&bytes[..12]);
    assert_eq!(at_of(&error), (ErrorKind::Truncated, None, Some(0)));
    // Cut inside the task: the walk refuses the list's count of tasks,
    // at byte 93 (after the user, the version, the count of lists and the
    // list's header), as one task takes at least 54 bytes.
    let error = decode(&bytes[..bytes.len() - 38]);
    assert_eq!(at_of(&error), (ErrorKind::Truncated, None, Some(93)));
    // Cut before the last byte, `completed`: every length fits, and
    // bin-proto runs out of input there.
    let cut = bytes.len() - 1;
    let error = decode(&bytes[..cut]);
    assert_eq!(at_of(&error), (ErrorKind::Truncated, None, Some(cut)));
    // The last task's priority, the byte before the last, is 4.
    let mut bad = bytes.clone();
    let at = bytes.len() - 2;
    bad[at] = 4;
    let error = decode(&bad);
    assert_eq!(at_of(&error), (ErrorKind::Invalid, None, Some(at + 1)));
    // A byte after the value.
    let error = decode(&[&bytes[..], &[0]].concat());
    let end = Some(bytes.len());
    assert_eq!(at_of(&error), (ErrorKind::TrailingBytes, None, end));
    // Every field is right, but the task's time is not one the model
    // holds: its nanoseconds, after the name, the color and the seconds.
    let task = &manager.lists[0].tasks[0].header;
    let (seconds, _, _) = timestamp_parts(&task.created);
    let before = [
        b"Task 0-0",
        &task.color.argb().to_le_bytes()[..],
        &seconds.to_le_bytes(),
    ]
    .concat();
    let error = decode(&replace_once(
        &bytes,
        &[&before[..], &[0; 4]].concat(),
        &[&before[..], &1_000_000_000u32.to_le_bytes()].concat(),
    ));
    let path = Some("lists[0].tasks[0].header.created");
    assert_eq!(at_of(&error), (ErrorKind::Invalid, path, None));
}

/// bin-proto reads a `bool` and an `Option` tag as any byte, nonzero for
/// `true` and `Some`, and the codec keeps its reading: a byte 2 is read,
/// and written back as 1.
#[test]
fn any_nonzero_byte_is_true() {
    let manager = TaskManager::generate(1);
    let bytes = to_vec(&manager).unwrap();
    assert!(manager.lists[0].tasks[0].completed);
    let mut two = bytes.clone();
    *two.last_mut().unwrap() = 2;
    let read: TaskManager = from_slice(&two).unwrap();
    assert_eq!(read, manager);
    assert_eq!(to_vec(&read).unwrap(), bytes);

    let content = MediaContent::canonical();
    let bytes = to_vec(&content).unwrap();
    let bitrate = [&[1][..], &262_144i32.to_le_bytes()].concat();
    let tag = replace_once(&bytes, &bitrate, &[&[0xff][..], &bitrate[1..]].concat());
    assert_eq!(from_slice::<MediaContent>(&tag).unwrap(), content);
}

/// Floats go through bit for bit: NaN payloads and the infinities too.
#[test]
fn readings_keep_every_bit() {
    let mut reading = SensorReading::workload(1).remove(0);
    for bits in [
        0x7ff0_0000_0000_0001,
        0xfff8_dead_beef_0000,
        f64::INFINITY.to_bits(),
    ] {
        reading.light = f64::from_bits(bits);
        let bytes = <BinProto as Codec<SensorReading>>::to_vec(&reading).unwrap();
        let read: SensorReading = from_slice(&bytes).unwrap();
        assert_eq!(read.light.to_bits(), bits);
    }
}

/// Why the codec walks the lengths first: bin-proto alone reserves room
/// for a declared length before it reads an element. 16 bytes declaring
/// a string of 2^30 bytes have it ask for a gibibyte, and 2^63 panics
/// (`Vec`'s capacity overflows).
#[test]
fn bin_proto_alone_reserves_the_declared_length() {
    use bin_proto::{BitCodec, LittleEndian};

    let gib = [&(1u64 << 30).to_le_bytes()[..], b"abcdefgh"].concat();
    let (read, peak) = measure(|| String::decode_bytes(&gib, LittleEndian).map(|_| ()));
    assert!(read.is_err());
    println!("bin-proto alone, a string declaring 2^30 bytes in 16: peak {peak} bytes");
    assert!(peak >= 1 << 30, "{peak}");

    let huge = [&(1u64 << 63).to_le_bytes()[..], b"abcdefgh"].concat();
    let panicked = std::panic::catch_unwind(|| String::decode_bytes(&huge, LittleEndian));
    assert!(panicked.is_err());

    let error = from_slice::<Record>(&[&[0; 8][..], &huge].concat()).unwrap_err();
    assert_eq!(at_of(&error), (ErrorKind::Truncated, None, Some(8)));
}
