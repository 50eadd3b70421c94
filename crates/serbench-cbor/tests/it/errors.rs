//! Decoding errors: the kind and the position, and hostile inputs
//! that must fail fast without allocating what they declare.

use ciborium::Value;
use serbench_cbor::{Cbor, CborCbor4ii, CborMinicbor, Error, ErrorKind, from_slice, to_vec};
use serbench_model::{Codec, Record, TaskManager};
use serbench_testkit::hex;

/// A generated task manager as a CBOR value, to damage one item of.
fn manager_value() -> Value {
    let bytes = to_vec(&TaskManager::generate(20)).unwrap();
    ciborium::from_reader(&bytes[..]).unwrap()
}

fn entry<'a>(map: &'a mut Value, key: &str) -> &'a mut Value {
    let Value::Map(entries) = map else {
        panic!("not a map: {map:?}")
    };
    &mut entries
        .iter_mut()
        .find(|(k, _)| k.as_text() == Some(key))
        .unwrap()
        .1
}

fn item(array: &mut Value, index: usize) -> &mut Value {
    &mut array.as_array_mut().unwrap()[index]
}

/// The header of list 1.
fn header(manager: &mut Value) -> &mut Value {
    entry(item(entry(manager, "lists"), 1), "header")
}

/// Decodes `manager` after `change`, which must make it fail at a byte
/// offset inside the input.
fn decode_changed(change: impl FnOnce(&mut Value)) -> Error {
    let mut manager = manager_value();
    change(&mut manager);
    let mut bytes = Vec::new();
    ciborium::into_writer(&manager, &mut bytes).unwrap();
    let error = from_slice::<TaskManager>(&bytes).unwrap_err();
    let offset = error.position().offset();
    assert!(offset.is_some_and(|at| at < bytes.len()), "{error}");
    error
}

/// The kind, field path and byte offset of `error`, to compare at once.
fn at(error: &Error) -> (ErrorKind, Option<&str>, Option<usize>) {
    let position = error.position();
    (error.kind(), position.path(), position.offset())
}

/// Asserts an [`ErrorKind::Invalid`] at `path` that ciborium found (its
/// error is the source).
#[track_caller]
fn assert_invalid(error: &Error, path: Option<&str>) {
    assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");
    assert_eq!(error.position().path(), path, "{error}");
    assert!(std::error::Error::source(error).is_some(), "{error}");
}

#[test]
fn errors_say_what_and_where() {
    let error = decode_changed(|m| {
        let task = item(entry(item(entry(m, "lists"), 2), "tasks"), 0);
        *entry(task, "priority") = Value::Integer(9.into());
    });
    assert_invalid(&error, Some("lists[2].tasks[0].priority"));

    let error = decode_changed(|m| *entry(header(m), "color") = Value::Text("red".into()));
    assert_invalid(&error, Some("lists[1].header.color"));
    let error = decode_changed(|m| *entry(header(m), "name") = Value::Integer(3.into()));
    assert_invalid(&error, Some("lists[1].header.name"));
    let error = decode_changed(|m| {
        let Value::Map(entries) = m else { panic!() };
        entries.push((Value::Text("extra".into()), Value::Null));
    });
    // An unknown key is named once, by the message; the path is the map
    // holding it, here the root.
    assert_invalid(&error, None);
    assert_eq!(error.to_string().matches("extra").count(), 1, "{error}");
    let error = decode_changed(|m| {
        let Value::Map(entries) = m else { panic!() };
        entries.push((Value::Text("user".into()), Value::Text("again".into())));
    });
    assert_invalid(&error, None);
    let error = decode_changed(|m| {
        let Value::Map(entries) = header(m) else {
            panic!()
        };
        entries.retain(|(key, _)| key.as_text() != Some("created"));
    });
    assert_invalid(&error, Some("lists[1].header"));
}

#[test]
fn id_and_created_need_their_tag_and_no_other() {
    let retag = |key: &'static str, tag: u64| {
        decode_changed(move |m| {
            let Value::Tag(old, _) = entry(header(m), key) else {
                panic!()
            };
            *old = tag;
        })
    };
    // The pass before ciborium finds these, so they have no source.
    let tagged = |error: &Error, key: &str| {
        assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");
        let path = format!("lists[1].header.{key}");
        assert_eq!(error.position().path(), Some(path.as_str()), "{error}");
        assert!(std::error::Error::source(error).is_none(), "{error}");
    };
    tagged(&retag("id", 38), "id");
    tagged(&retag("created", 1), "created");
    for key in ["id", "created"] {
        let error = decode_changed(|m| {
            let field = entry(header(m), key);
            let Value::Tag(_, inner) = field.clone() else {
                panic!()
            };
            *field = *inner;
        });
        tagged(&error, key);
        let error = decode_changed(|m| {
            let Value::Tag(_, inner) = entry(header(m), key) else {
                panic!()
            };
            **inner = Value::Tag(99, inner.clone());
        });
        tagged(&error, key);
    }
    let error = decode_changed(|m| {
        *entry(header(m), "id") = Value::Tag(37, Box::new(Value::Bytes(vec![0; 15])));
    });
    assert_invalid(&error, Some("lists[1].header.id"));
    let error = decode_changed(|m| {
        let ints = vec![Value::Integer(0.into()); 16];
        *entry(header(m), "id") = Value::Tag(37, Box::new(Value::Array(ints)));
    });
    assert_invalid(&error, Some("lists[1].header.id"));
    let error = decode_changed(|m| {
        *entry(header(m), "created") = Value::Tag(0, Box::new(Value::Text("monday".into())));
    });
    assert_invalid(&error, Some("lists[1].header.created"));
}

#[test]
fn refuses_timestamps_rfc_3339_cannot_write() {
    let mut manager = TaskManager::generate(3);
    manager.lists[0].tasks[0].header.created =
        serbench_model::forms::timestamp_from_parts(0, 0, 19_815).unwrap();
    let error = to_vec(&manager).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    // serde's serializer reports no field path.
    assert!(!error.position().is_known(), "{error}");
}

#[test]
fn truncation_trailing_bytes_and_malformed_items() {
    let bytes = to_vec(&TaskManager::generate(20)).unwrap();
    let cut = bytes.len() - 5;
    let error = from_slice::<TaskManager>(&bytes[..cut]).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Truncated);
    assert_eq!(error.position().offset(), Some(cut), "{error}");
    assert!(
        error
            .position()
            .path()
            .is_some_and(|path| path.starts_with("lists[")),
        "{error}"
    );
    let error = from_slice::<TaskManager>(&[]).unwrap_err();
    assert_eq!(at(&error), (ErrorKind::Truncated, None, Some(0)));

    let mut longer = bytes.clone();
    longer.extend_from_slice(b"\xf6\xf6");
    let error = from_slice::<TaskManager>(&longer).unwrap_err();
    assert_eq!(
        at(&error),
        (ErrorKind::TrailingBytes, None, Some(bytes.len()))
    );

    let mut broken = bytes.clone();
    let at_work = broken.windows(4).position(|w| w == b"Work").unwrap();
    broken[at_work + 1] = 0xff;
    let error = from_slice::<TaskManager>(&broken).unwrap_err();
    assert_eq!(
        at(&error),
        (
            ErrorKind::Syntax,
            Some("lists[0].header.name"),
            Some(at_work - 1)
        )
    );
    assert!(std::error::Error::source(&error).is_some());

    // 0x1c is a reserved additional-information value.
    let error = from_slice::<Record>(&hex("a2 63 696473 1c")).unwrap_err();
    assert_eq!(at(&error), (ErrorKind::Syntax, Some("ids"), Some(5)));
}

#[test]
fn huge_declared_lengths_fail_without_allocating() {
    // Each declares 2^63 or 2^40 items or bytes and holds a few. A decoder
    // that reserved what is declared would abort here.
    for (what, input) in [
        (
            "text",
            "a2 63 696473 80 67 737472696e6773 81 7b 8000000000000000 616263",
        ),
        (
            "text",
            "a2 63 696473 80 67 737472696e6773 81 7b 0000010000000000 616263",
        ),
        ("array", "a2 63 696473 9b 8000000000000000 01"),
        ("array", "a2 63 696473 9b 0000010000000000 01"),
        ("map", "bb 8000000000000000 63 696473 80"),
        (
            "array of strings",
            "a2 63 696473 80 67 737472696e6773 9b 0000010000000000 60",
        ),
        (
            "indefinite text",
            "a2 63 696473 80 67 737472696e6773 81 7f 6161 6162",
        ),
        ("indefinite array", "a2 63 696473 9f 01 02 03"),
    ] {
        let error = from_slice::<Record>(&hex(input)).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Truncated, "{what}: {error}");
    }
    // So does a 2^40-byte id, which ciborium would refuse as too long for
    // its buffer.
    let mut id = hex("a3 64 75736572 60 67 76657273696f6e 60 65 6c69737473 81 a2 66 686561646572");
    id.extend(hex("a4 62 6964 d8 25 5b 0000010000000000 00"));
    let error = from_slice::<TaskManager>(&id).unwrap_err();
    assert_eq!(
        at(&error),
        (ErrorKind::Truncated, Some("lists[0].header.id"), Some(47))
    );
}

#[test]
fn deep_nesting_fails_without_recursing() {
    // A million nested arrays where integers belong: the pass before
    // ciborium stops at 16 levels.
    let mut deep = hex("a2 63 696473 81");
    deep.extend(std::iter::repeat_n(0x81, 1_000_000));
    let error = from_slice::<Record>(&deep).unwrap_err();
    let path = format!("ids{}", "[0]".repeat(15));
    assert_eq!(
        at(&error),
        (ErrorKind::Limit, Some(path.as_str()), Some(20))
    );
    // 16 levels are read, and then fail as the wrong type.
    let mut sixteen = hex("a2 63 696473");
    sixteen.extend([0x81; 15]);
    sixteen.extend(hex("80 67 737472696e6773 80"));
    let error = from_slice::<Record>(&sixteen).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");

    // A million nested texts of indefinite length: the second is an error.
    let mut texts = hex("a2 63 696473 80 67 737472696e6773 81");
    texts.extend(std::iter::repeat_n(0x7f, 1_000_000));
    let error = from_slice::<Record>(&texts).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Syntax, "{error}");

    // A million tags on one integer: the first is an error.
    let mut tagged = hex("a2 63 696473 81");
    tagged.extend(std::iter::repeat_n(0xc6, 1_000_000));
    tagged.extend(hex("01 67 737472696e6773 80"));
    let error = from_slice::<Record>(&tagged).unwrap_err();
    assert_eq!(at(&error), (ErrorKind::Invalid, Some("ids[0]"), Some(6)));

    // A million tags on an id: the second is an error.
    let mut ids = hex("a3 64 75736572 60 67 76657273696f6e 60 65 6c69737473 81 a2 66 686561646572");
    ids.extend(hex("a4 62 6964"));
    ids.extend(std::iter::repeat_n([0xd8, 0x25], 1_000_000).flatten());
    ids.extend(hex("50 00000000000000000000000000000000"));
    let error = from_slice::<TaskManager>(&ids).unwrap_err();
    assert_eq!(
        at(&error),
        (ErrorKind::Invalid, Some("lists[0].header.id"), Some(37))
    );
}

/// Where the user's value begins in a task manager's encoding:
/// `a3 64 "user" <value> …`.
const USER_AT: usize = 6;

/// A generated task manager's encoding with the user's value replaced.
fn with_user(value: &str) -> Vec<u8> {
    let bytes = to_vec(&TaskManager::generate(20)).unwrap();
    let user = hex("64 75736572 69 44656d6f2055736572");
    assert_eq!(bytes[1..USER_AT + 10], user);
    [&bytes[..USER_AT], &hex(value), &bytes[USER_AT + 10..]].concat()
}

#[test]
fn not_well_formed_is_a_syntax_error() {
    // RFC 8949 §3.2.3: a string of indefinite length holds strings of
    // definite length of its own type, so never one nested in another.
    let deep = format!("{} 6141 {}", "7f".repeat(100_000), "ff".repeat(100_000));
    // Each replaces the user's value at byte 6; the offset is the item at
    // fault.
    for (value, offset) in [
        ("7f 7f 6141 ff ff", 7),
        (&deep, 7),
        ("7f 6141 4142 ff", 9),
        ("5f 4141 7f ff ff", 9),
        ("7f 6141 c6 6142 ff", 9),
        // Additional information 28 to 30 is reserved in every major type.
        ("1c", 6),
        ("3d", 6),
        ("5e", 6),
        ("fc", 6),
        // Only strings, arrays and maps have indefinite lengths.
        ("1f", 6),
        ("3f", 6),
        ("df 00", 6),
        // Simple values below 32 take one byte.
        ("f8 00", 6),
        ("f8 1f", 6),
        // A break closes only an array, map or string of indefinite length.
        ("ff", 6),
    ] {
        let error = from_slice::<TaskManager>(&with_user(value)).unwrap_err();
        assert_eq!(
            at(&error),
            (ErrorKind::Syntax, Some("user"), Some(offset)),
            "{value:.40}: {error}"
        );
    }
    // Breaks in a definite-length array, at the top level, as a map's
    // value and after a tag.
    for (input, path, offset) in [
        (with_user("82 6141 ff"), Some("user[1]"), 9),
        (hex("ff"), None, 0),
        (hex("bf 64 75736572 ff"), Some("user"), 6),
        (
            hex("bf 65 6c69737473 9f a1 66 686561646572 a1 62 6964 d8 25 ff"),
            Some("lists[0].header.id"),
            22,
        ),
    ] {
        let error = from_slice::<TaskManager>(&input).unwrap_err();
        assert_eq!(
            at(&error),
            (ErrorKind::Syntax, path, Some(offset)),
            "{error}"
        );
    }
}

/// One library's decode of a task manager.
type Decode = fn(&[u8]) -> Result<TaskManager, Error>;

#[test]
fn a_character_split_between_chunks_is_refused_by_every_library() {
    // RFC 8949 §3.2.3: each chunk of a text string is UTF-8 by itself.
    // "é" as one chunk reads; split between two (c3, a9) it is refused,
    // at the chunk that is not UTF-8, though the chunks joined would be.
    let whole = with_user("7f 62c3a9 6141 ff");
    let split = with_user("7f 61c3 61a9 ff");
    let late = with_user("7f 6141 61c3 61a9 ff");
    let decoders: [Decode; 3] = [
        <Cbor as Codec<TaskManager>>::decode,
        <CborCbor4ii as Codec<TaskManager>>::decode,
        <CborMinicbor as Codec<TaskManager>>::decode,
    ];
    for decode in decoders {
        assert_eq!(decode(&whole).unwrap().user, "éA");
        for (input, offset) in [(&split, 7), (&late, 9)] {
            let error = decode(input).unwrap_err();
            assert_eq!(
                at(&error),
                (ErrorKind::Syntax, Some("user"), Some(offset)),
                "{error}"
            );
        }
    }
}

#[test]
fn keys_are_text_and_tags_only_where_the_layout_has_them() {
    let bytes = to_vec(&TaskManager::generate(20)).unwrap();
    let key = |replacement: &str| [&bytes[..1], &hex(replacement), &bytes[6..]].concat();
    for (input, path, offset) in [
        // A byte string, a text string of indefinite length, a tag and an
        // integer as a map key.
        (key("44 75736572"), None, 1),
        (key("7f 64 75736572 ff"), None, 1),
        (key("c6 64 75736572"), None, 1),
        (hex("a1 01 00"), None, 1),
        // Self-described CBOR (RFC 8949 §3.4.6) is a tag like any other.
        ([&hex("d9 d9f7"), &bytes[..]].concat(), None, 0),
        (with_user("c0 69 44656d6f2055736572"), Some("user"), 6),
        (with_user("d8 25 69 44656d6f2055736572"), Some("user"), 6),
    ] {
        let error = from_slice::<TaskManager>(&input).unwrap_err();
        assert_eq!(
            at(&error),
            (ErrorKind::Invalid, path, Some(offset)),
            "{error}"
        );
    }
    // Other datasets have no tags at all, bignums included (which ciborium
    // reads as integers).
    for (input, path, offset) in [
        ("a2 63 696473 81 c2 41 07 67 737472696e6773 80", "ids[0]", 6),
        (
            "a2 63 696473 80 67 737472696e6773 81 c0 61 78",
            "strings[0]",
            15,
        ),
    ] {
        let error = from_slice::<Record>(&hex(input)).unwrap_err();
        assert_eq!(
            at(&error),
            (ErrorKind::Invalid, Some(path), Some(offset)),
            "{error}"
        );
    }
}

/// rust_serialization_benchmark's datasets name the field as the five do:
/// an unknown game type, an entity type as a map of one entry, and an
/// `f32` no single holds.
#[test]
fn rsb_datasets_errors_name_the_field() {
    use serbench_model::{Mesh, Players, Updates};

    let players = to_vec(&Players::generate(2)).unwrap();
    let mut players: Value = ciborium::from_reader(&players[..]).unwrap();
    *entry(item(entry(&mut players, "players"), 1), "game_type") = Value::Text("Hardcore".into());
    let mut bytes = Vec::new();
    ciborium::into_writer(&players, &mut bytes).unwrap();
    let error = from_slice::<Players>(&bytes).unwrap_err();
    assert_invalid(&error, Some("players[1].game_type"));

    let updates = to_vec(&Updates::generate(1)).unwrap();
    let mut updates: Value = ciborium::from_reader(&updates[..]).unwrap();
    let contact = item(
        entry(item(entry(&mut updates, "updates"), 0), "contacts"),
        2,
    );
    *entry(contact, "entity_type") = Value::Map(vec![(Value::Text("Zubr".into()), Value::Null)]);
    let mut bytes = Vec::new();
    ciborium::into_writer(&updates, &mut bytes).unwrap();
    let error = from_slice::<Updates>(&bytes).unwrap_err();
    assert_invalid(&error, Some("updates[0].contacts[2].entity_type"));

    let mesh = to_vec(&Mesh::generate(1)).unwrap();
    let mut mesh: Value = ciborium::from_reader(&mesh[..]).unwrap();
    let normal = entry(item(entry(&mut mesh, "triangles"), 0), "normal");
    *entry(normal, "y") = Value::Float(0.1);
    let mut bytes = Vec::new();
    ciborium::into_writer(&mesh, &mut bytes).unwrap();
    let error = from_slice::<Mesh>(&bytes).unwrap_err();
    assert_invalid(&error, Some("triangles[0].normal.y"));
}
