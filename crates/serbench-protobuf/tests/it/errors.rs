//! Decoding errors: the kind and the position; hostile inputs that
//! must fail fast without allocating what they declare; and what protobuf's
//! rules let through.

use prost::Message;
use serbench_model::{
    Dataset, Graph, Logs, MediaContent, Mesh, NativeCodec, Players, Record, SensorReading,
    TaskManager, Updates,
};
use serbench_protobuf::{Error, ErrorKind, Protobuf, from_slice, proto, to_vec};
use serbench_testkit::hex;

use crate::layout::{Fields, varint};

/// Decodes `value`'s message after `change`, which must make it fail.
fn decode_changed<T: Dataset>(
    value: &T,
    change: impl FnOnce(&mut <Protobuf as NativeCodec<T>>::Message),
) -> Error
where
    Protobuf: NativeCodec<T, Error = Error>,
    <Protobuf as NativeCodec<T>>::Message: Message,
{
    let mut message = Protobuf::build(value).unwrap();
    change(&mut message);
    from_slice::<T>(&message.encode_to_vec()).unwrap_err()
}

/// Asserts `error` is of `kind` at field `path` and byte `offset`.
#[track_caller]
fn assert_error(error: &Error, kind: ErrorKind, path: Option<&str>, offset: Option<usize>) {
    assert_eq!(error.kind(), kind, "{error}");
    assert_eq!(error.position().path(), path, "{error}");
    assert_eq!(error.position().offset(), offset, "{error}");
}

/// Asserts `error` is an [`ErrorKind::Invalid`] value at field `path`, found
/// once the bytes were read, so at no byte.
#[track_caller]
fn assert_invalid(error: &Error, path: &str) {
    assert_error(error, ErrorKind::Invalid, Some(path), None);
}

#[test]
fn task_manager_values_are_checked() {
    let manager = TaskManager::generate(100);
    let error = decode_changed(&manager, |m| {
        m.lists[1].tasks[3].header.as_mut().unwrap().id.pop();
    });
    assert_invalid(&error, "lists[1].tasks[3].header.id");
    let error = decode_changed(&manager, |m| {
        m.lists[2].header.as_mut().unwrap().id.clear();
    });
    assert_invalid(&error, "lists[2].header.id");
    let error = decode_changed(&manager, |m| m.lists[0].tasks[2].priority = 7);
    assert_invalid(&error, "lists[0].tasks[2].priority");
    let error = decode_changed(&manager, |m| m.lists[0].tasks[2].priority = -1);
    assert_invalid(&error, "lists[0].tasks[2].priority");
    let error = decode_changed(&manager, |m| m.lists[1].tasks[0].header = None);
    assert_invalid(&error, "lists[1].tasks[0].header");
    let error = decode_changed(&manager, |m| m.lists[4].header = None);
    assert_invalid(&error, "lists[4].header");
    // Invalid creation times: nanoseconds, offset and seconds out of range.
    let error = decode_changed(&manager, |m| {
        m.lists[0].tasks[0].header.as_mut().unwrap().created_nanos = 1_000_000_000;
    });
    assert_invalid(&error, "lists[0].tasks[0].header");
    let error = decode_changed(&manager, |m| {
        m.lists[3].header.as_mut().unwrap().created_offset_seconds = 172_800;
    });
    assert_invalid(&error, "lists[3].header");
    let error = decode_changed(&manager, |m| {
        m.lists[3].header.as_mut().unwrap().created_seconds = i64::MIN;
    });
    assert_invalid(&error, "lists[3].header");
}

#[test]
fn other_datasets_values_are_checked() {
    let reading = &SensorReading::generate(1)[0];
    let error = decode_changed(reading, |m| m.humidity = None);
    assert_invalid(&error, "humidity");

    let graph = Graph::generate(4);
    let error = decode_changed(&graph, |m| m.nodes[2].id = 70_000);
    assert_invalid(&error, "nodes[2].id");
    let error = decode_changed(&graph, |m| m.edge_weight[4] = 65_536);
    assert_invalid(&error, "edge_weight[4]");
    // Parallel arrays of unequal lengths.
    let error = decode_changed(&graph, |m| {
        m.edge_to.pop();
    });
    assert_invalid(&error, "edge_to");
    let error = decode_changed(&graph, |m| m.edge_weight.push(1));
    assert_invalid(&error, "edge_weight");

    let content = MediaContent::canonical();
    let error = decode_changed(&content, |m| m.media = None);
    assert_invalid(&error, "media");
    let error = decode_changed(&content, |m| m.media.as_mut().unwrap().player = 2);
    assert_invalid(&error, "media.player");
    let error = decode_changed(&content, |m| m.images[1].size = 5);
    assert_invalid(&error, "images[1].size");
}

#[test]
fn rsb_datasets_values_are_checked() {
    let logs = Logs::generate(3);
    let error = decode_changed(&logs, |m| m.logs[1].address.as_mut().unwrap().x2 = 256);
    assert_invalid(&error, "logs[1].address.x2");
    let error = decode_changed(&logs, |m| m.logs[2].code = 70_000);
    assert_invalid(&error, "logs[2].code");
    let error = decode_changed(&logs, |m| m.logs[0].address = None);
    assert_invalid(&error, "logs[0].address");

    let mesh = Mesh::generate(3);
    let error = decode_changed(&mesh, |m| m.triangles[2].normal = None);
    assert_invalid(&error, "triangles[2].normal");

    let players = Players::generate(2);
    let error = decode_changed(&players, |m| m.players[1].game_type = 4);
    assert_invalid(&error, "players[1].game_type");
    let item = |count| proto::Item {
        count,
        slot: 1,
        id: "dirt".to_owned(),
    };
    let error = decode_changed(&players, |m| {
        m.players[0].inventory = vec![item(1), item(-129)];
    });
    assert_invalid(&error, "players[0].inventory[1].count");
    let error = decode_changed(&players, |m| {
        m.players[1].selected_item.as_mut().unwrap().slot = 256;
    });
    assert_invalid(&error, "players[1].selected_item.slot");
    let error = decode_changed(&players, |m| m.players[0].sleep_timer = 65_536);
    assert_invalid(&error, "players[0].sleep_timer");
    let error = decode_changed(&players, |m| m.players[1].recipe_book = None);
    assert_invalid(&error, "players[1].recipe_book");
    let error = decode_changed(&players, |m| {
        m.players[0].root_vehicle = Some(proto::Vehicle::default());
    });
    assert_invalid(&error, "players[0].root_vehicle.uuid");

    let updates = Updates::generate(3);
    let error = decode_changed(&updates, |m| {
        m.updates[0].contacts[0].entity_type = Some(10);
    });
    assert_invalid(&error, "updates[0].contacts[0].entity_type");
    let error = decode_changed(&updates, |m| {
        m.updates[0].contacts[1]
            .transform
            .as_mut()
            .unwrap()
            .altitude = 128;
    });
    assert_invalid(&error, "updates[0].contacts[1].transform.altitude");
    let error = decode_changed(&updates, |m| m.updates[1].contacts[0].guidance = None);
    assert_invalid(&error, "updates[1].contacts[0].guidance");
}

#[test]
fn malformed_input_says_what_and_where() {
    let error = from_slice::<TaskManager>(&Fields::default().bytes(1, b"\xff").0).unwrap_err();
    assert_error(&error, ErrorKind::Syntax, Some("user"), Some(3));
    assert!(std::error::Error::source(&error).is_some());
    let header = Fields::default().bytes(1, &[0; 16]);
    let bad_header = header.clone().bytes(2, b"\xc3");
    let task = Fields::default().message(1, &bad_header);
    let list = Fields::default().message(1, &header).message(2, &task);
    let bytes = Fields::default().message(3, &list).0;
    let error = from_slice::<TaskManager>(&bytes).unwrap_err();
    let name = Some("lists[0].tasks[0].header.name");
    assert_error(&error, ErrorKind::Syntax, name, Some(47));
    let error = from_slice::<TaskManager>(&Fields::default().varint(1, 5).0).unwrap_err();
    assert_error(&error, ErrorKind::Syntax, Some("user"), Some(1));
    // Wire type 7 does not exist.
    let error = from_slice::<Record>(&hex("0f")).unwrap_err();
    assert_error(&error, ErrorKind::Syntax, None, Some(1));
    // A key of eleven bytes: no varint is longer than ten.
    let error = from_slice::<Record>(&hex("ffffffffffffffffffff01")).unwrap_err();
    assert_error(&error, ErrorKind::Syntax, None, Some(0));
}

#[test]
fn truncation_and_trailing_bytes() {
    let bytes = to_vec(&TaskManager::generate(100)).unwrap();
    let len = bytes.len();
    let error = from_slice::<TaskManager>(&bytes[..len - 5]).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Truncated, "{error}");
    assert!(
        error
            .position()
            .path()
            .is_some_and(|path| path.starts_with("lists[10]")),
        "{error}"
    );
    // A key with its value missing.
    let error = from_slice::<SensorReading>(&hex("0a 01 41 11 00000000")).unwrap_err();
    let temperature = Some("ambient_temperature");
    assert_error(&error, ErrorKind::Truncated, temperature, Some(4));

    let mut trailing = bytes.clone();
    trailing.push(0);
    let error = from_slice::<TaskManager>(&trailing).unwrap_err();
    assert_error(&error, ErrorKind::Syntax, None, Some(len + 1));
    // `x` is the key of field 15, a varint, which never comes.
    for trailer in [&b"x"[..], b"\xff\xff\xff\xff"] {
        let mut trailing = bytes.clone();
        trailing.extend_from_slice(trailer);
        let error = from_slice::<TaskManager>(&trailing).unwrap_err();
        assert_error(&error, ErrorKind::Truncated, None, Some(trailing.len()));
    }
}

#[test]
fn huge_declared_lengths_fail_without_allocating() {
    // Each declares 2^40 to 2^63 bytes and holds a few. A decoder that
    // reserved what is declared would abort here.
    let huge = |field: u32, len: u64| {
        let mut bytes = Fields::default().key(field, 2).0;
        bytes.extend(varint(len));
        bytes.extend_from_slice(b"abc");
        bytes
    };
    let id = {
        let header = Fields(huge(1, 1 << 40));
        let list = Fields::default().message(1, &header);
        Fields::default().message(3, &list).0
    };
    for (what, error) in [
        (
            "user",
            from_slice::<TaskManager>(&huge(1, u64::MAX >> 1)).map(drop),
        ),
        (
            "packed version",
            from_slice::<TaskManager>(&huge(2, 1 << 40)).map(drop),
        ),
        (
            "lists",
            from_slice::<TaskManager>(&huge(3, 1 << 62)).map(drop),
        ),
        ("id", from_slice::<TaskManager>(&id).map(drop)),
        (
            "sensor_id",
            from_slice::<SensorReading>(&huge(1, 1 << 63)).map(drop),
        ),
        ("nodes", from_slice::<Graph>(&huge(1, 1 << 40)).map(drop)),
        (
            "packed edge_from",
            from_slice::<Graph>(&huge(2, 1 << 40)).map(drop),
        ),
        (
            "packed ids",
            from_slice::<Record>(&huge(1, 1 << 40)).map(drop),
        ),
        ("strings", from_slice::<Record>(&huge(2, 1 << 40)).map(drop)),
        (
            "images",
            from_slice::<MediaContent>(&huge(1, 1 << 40)).map(drop),
        ),
    ] {
        let error = error.unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Truncated, "{what}: {error}");
    }
    // A length of 2^64 or more is no varint at all.
    let mut bytes = hex("0a");
    bytes.extend(hex("ffffffffffffffffff7f 00"));
    let error = from_slice::<Record>(&bytes).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Syntax, "{error}");
}

#[test]
fn deep_nesting_stops_at_prosts_limit() {
    // A million nested groups in an unknown field: prost skips groups
    // recursively and stops at 100 levels.
    let deep = vec![0x7b; 1_000_000];
    let error = from_slice::<TaskManager>(&deep).unwrap_err();
    assert_error(&error, ErrorKind::Limit, None, Some(101));
}

/// What protobuf's rules let through, as the crate docs list it.
#[test]
fn protobuf_rules_apply() {
    let manager = TaskManager::generate(100);
    let bytes = to_vec(&manager).unwrap();

    // Unknown fields are skipped.
    let mut unknown = bytes.clone();
    unknown.extend(Fields::default().varint(99, 1).string(100, "x").0);
    assert_eq!(from_slice::<TaskManager>(&unknown).unwrap(), manager);

    // A repeated non-repeated field takes the last value.
    let mut again = bytes.clone();
    again.extend(Fields::default().string(1, "again").0);
    assert_eq!(from_slice::<TaskManager>(&again).unwrap().user, "again");

    // A cut at a field boundary is a smaller message: here, one list fewer.
    let last_list = to_vec(&TaskManager {
        lists: manager.lists[10..].to_vec(),
        user: String::new(),
        version: serbench_model::Version::default(),
    })
    .unwrap();
    let cut = from_slice::<TaskManager>(&bytes[..bytes.len() - last_list.len()]).unwrap();
    assert_eq!(cut.lists, manager.lists[..10]);

    // Packed fields may come unpacked, and runs concatenate.
    let mixed = Fields::default()
        .varint(1, 2)
        .bytes(1, &[4, 6])
        .varint(1, 1);
    assert_eq!(from_slice::<Record>(&mixed.0).unwrap().ids, [1, 2, 3, -1]);

    // An integer too wide for its field is cut to the field's width.
    let node = Fields::default().varint(1, (1 << 32) + 1);
    let graph = from_slice::<Graph>(&Fields::default().message(1, &node).0).unwrap();
    assert_eq!(graph.nodes[0].id, 1);

    // A bool is true for any non-zero varint.
    let header = Fields::default().bytes(1, &[0; 16]);
    let task = Fields::default().message(1, &header).varint(4, 2);
    let list = Fields::default().message(1, &header).message(2, &task);
    let decoded = from_slice::<TaskManager>(&Fields::default().message(3, &list).0).unwrap();
    assert!(decoded.lists[0].tasks[0].completed);
}

#[test]
fn rust_protobuf_reads_a_wrong_type_as_unknown() {
    use serbench_model::{Codec, TaskManager};
    use serbench_protobuf::{Protobuf, ProtobufBuffa, ProtobufRust};

    // Field 1 (`user`, a string) as the varint 3: prost and buffa refuse
    // it; rust-protobuf keeps it as an unknown field, as C++ does.
    let bytes = [0x08, 0x03];
    let manager = <ProtobufRust as Codec<TaskManager>>::decode(&bytes).unwrap();
    assert_eq!(manager.user, "");
    assert!(<Protobuf as Codec<TaskManager>>::decode(&bytes).is_err());
    assert!(<ProtobufBuffa as Codec<TaskManager>>::decode(&bytes).is_err());
}

/// Where rust-protobuf and buffa part from prost on protobuf's edges; the
/// outside hostile run (`interop/hostile/formats/protobuf.py`) expects
/// the same.
#[test]
fn rust_protobuf_and_buffa_on_the_edges_of_the_rules() {
    use serbench_model::{Codec, Record};
    use serbench_protobuf::{Protobuf, ProtobufBuffa, ProtobufRust};

    let decodes = |bytes: &[u8]| {
        [
            <Protobuf as Codec<Record>>::decode(bytes).is_ok(),
            <ProtobufRust as Codec<Record>>::decode(bytes).is_ok(),
            <ProtobufBuffa as Codec<Record>>::decode(bytes).is_ok(),
        ]
    };
    // prost, rust-protobuf, buffa.
    // An unknown group (field 15) closed by field 16's end-group key.
    assert_eq!(decodes(&[0x7b, 0x84, 0x01]), [false, true, false]);
    // Field number 2^29, one past the maximum.
    assert_eq!(
        decodes(&[0x80, 0x80, 0x80, 0x80, 0x10, 0x00]),
        [false, false, false]
    );
    // A key varint past 2^64.
    let mut over = vec![0xff; 9];
    over.push(0x7f);
    assert_eq!(decodes(&over), [false, false, false]);
    // A string (field 2) as a varint.
    assert_eq!(decodes(&[0x10, 0x01]), [false, true, false]);
    // The packed ids (field 1) unpacked, as protobuf allows.
    assert_eq!(decodes(&[0x08, 0x02]), [true, true, true]);
}
