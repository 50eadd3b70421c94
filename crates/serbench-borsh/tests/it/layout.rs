//! The wire layout the crate docs promise, written here from the Borsh
//! specification's rules rather than by borsh, and the errors.

use serbench_borsh::{Borsh, Error, ErrorKind, from_slice, to_vec};
use serbench_model::forms::timestamp_parts;
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{
    Codec, Dataset, Graph, MediaContent, Mesh, Players, Record, SensorReading, TaskHeader,
    TaskManager, Updates,
};
use serbench_testkit::{hex, replace_once};

/// A dynamic array's length: a little-endian `u32`.
fn length(n: usize) -> Vec<u8> {
    u32::try_from(n).unwrap().to_le_bytes().to_vec()
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
        hex("03000000 01000000 00000000 00000000"),
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
    // wincode's `u64` lengths and `u32` tags take 882 KB.
    let kb = encoded.len() as f64 / 1000.0;
    assert!((760.0..790.0).contains(&kb), "{kb} KB");
}

#[test]
fn telemetry_is_its_id_and_eight_readings() {
    let reading = &SensorReading::workload(1)[0];
    let floats = reading.readings().map(f64::to_le_bytes).concat();
    let expected = [text(&reading.sensor_id), floats].concat();
    assert_eq!(to_vec(reading).unwrap(), expected);
    assert_eq!(expected.len(), 76);
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
    assert_eq!(expected.len(), 276);
}

#[test]
fn records_and_graphs_are_lengths_then_elements() {
    let record = Record {
        ids: vec![-2],
        strings: vec!["ab".to_owned()],
    };
    let expected = hex("
        01000000 feffffffffffffff   # ids: one i64, -2
        01000000 02000000 6162      # strings: one, 'ab'
        ");
    assert_eq!(to_vec(&record).unwrap(), expected);
    assert_eq!(to_vec(&Record::canonical()).unwrap().len(), 17_008);

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

/// borsh's errors name no position: the codec's is where borsh's reader
/// stood, past the item it refused or at the end of an input that ends
/// inside a value; a length the walk refuses is at its first byte.
#[test]
fn errors_say_what_and_where() {
    let manager = TaskManager::generate(1);
    let bytes = to_vec(&manager).unwrap();
    let decode = |bytes: &[u8]| from_slice::<TaskManager>(bytes).unwrap_err();

    // The user's 4-byte length, then its 9 bytes: refused once read.
    let error = decode(&replace_once(&bytes, b"Demo User", b"Demo \xffser"));
    assert_eq!(at_of(&error), (ErrorKind::Invalid, None, Some(13)));
    // Cut inside the user: the walk refuses its length, at byte 0.
    let error = decode(&bytes[..8]);
    assert_eq!(at_of(&error), (ErrorKind::Truncated, None, Some(0)));
    // Cut inside the last task's `created`: borsh runs out of input.
    let error = decode(&bytes[..bytes.len() - 30]);
    let end = Some(bytes.len() - 30);
    assert_eq!(at_of(&error), (ErrorKind::Truncated, None, end));
    // The last task's `completed`, the last byte, is 2.
    let mut bad = bytes.clone();
    *bad.last_mut().unwrap() = 2;
    let error = decode(&bad);
    assert_eq!(at_of(&error), (ErrorKind::Invalid, None, Some(bytes.len())));
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

/// The specification forbids NaN; the model's one flag for NaN and the
/// infinities makes the codec refuse an infinity too, by name, though it
/// reads one another Borsh writer wrote.
#[test]
fn non_finite_readings_are_refused_by_name() {
    let mut reading = SensorReading::workload(1).remove(0);
    for value in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        reading.light = value;
        let error = <Borsh as Codec<SensorReading>>::to_vec(&reading).unwrap_err();
        assert_eq!(at_of(&error), (ErrorKind::Unsupported, Some("light"), None));
    }

    reading.light = 1.0;
    let bytes = to_vec(&reading).unwrap();
    let light = replace_once(&bytes, &1.0f64.to_le_bytes(), &f64::INFINITY.to_le_bytes());
    let read: SensorReading = from_slice(&light).unwrap();
    assert_eq!(read.light.to_bits(), f64::INFINITY.to_bits());
}

/// RSB's mk48 in Borsh's rules: RSB's field order, `u8` variant indices,
/// `Option` tags, and `u32` lengths before the lists of flags, angles and
/// bytes.
#[test]
fn mk48_follows_rsbs_field_order() {
    let updates = Updates {
        updates: vec![Update {
            contacts: vec![Contact {
                damage: 3,
                entity_id: 0x0102_0304,
                entity_type: Some(EntityType::Zubr),
                guidance: Guidance {
                    angle: 0x0506,
                    submerge: true,
                    velocity: -2,
                },
                player_id: None,
                reloads: vec![true, false],
                transform: Transform {
                    altitude: -1,
                    angle: 0x0708,
                    position: (1.0, -1.0),
                    velocity: 0x090a,
                },
                turret_angles: vec![0x0b0c],
            }],
            score: 0x0d0e_0f10,
            world_radius: 2.0,
            terrain_updates: vec![TerrainUpdate {
                chunk_id: (-1, 1),
                data: vec![0xaa, 0xbb],
            }],
        }],
    };
    let expected = hex("
        01000000                # updates: one
        01000000                # contacts: one
        03 04030201             # damage, entity_id
        01 09                   # entity_type: Some(Zubr)
        0605 01 feff            # guidance: angle, submerge, velocity
        00                      # player_id: None
        02000000 0100           # reloads: two
        ff 0807 0000803f 000080bf 0a09  # transform
        01000000 0c0b           # turret_angles: one
        100f0e0d 00000040       # score, world_radius
        01000000 ff01 02000000 aabb  # terrain_updates: one
        ");
    assert_eq!(to_vec(&updates).unwrap(), expected);
}

/// A float that is not finite is refused at its path in the nested
/// datasets too.
#[test]
fn non_finite_floats_are_refused_at_their_path() {
    let mut mesh = Mesh::generate(3);
    mesh.triangles[2].normal.y = f32::NAN;
    let error = <Borsh as Codec<Mesh>>::to_vec(&mesh).unwrap_err();
    let path = Some("triangles[2].normal.y");
    assert_eq!(at_of(&error), (ErrorKind::Unsupported, path, None));

    let mut players = Players::generate(8);
    let mut entity = players
        .players
        .iter()
        .find_map(|player| player.shoulder_entity_left.clone())
        .expect("one of eight generated players has a shoulder entity");
    entity.motion.1 = f64::INFINITY;
    players.players.truncate(1);
    players.players[0].shoulder_entity_left = Some(entity);
    let error = <Borsh as Codec<Players>>::to_vec(&players).unwrap_err();
    let path = Some("players[0].shoulder_entity_left.motion.1");
    assert_eq!(at_of(&error), (ErrorKind::Unsupported, path, None));
}
