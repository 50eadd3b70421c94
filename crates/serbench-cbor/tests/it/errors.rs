//! Decoding errors: the kind, what was wrong and where, and hostile inputs
//! that must fail fast without allocating what they declare.

use ciborium::Value;
use serbench_cbor::{Error, ErrorKind, from_slice, to_vec};
use serbench_model::{Record, TaskManager};

use crate::layout::hex;

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

/// Decodes `manager` after `change`, which must make it fail.
fn decode_changed(change: impl FnOnce(&mut Value)) -> Error {
    let mut manager = manager_value();
    change(&mut manager);
    let mut bytes = Vec::new();
    ciborium::into_writer(&manager, &mut bytes).unwrap();
    from_slice::<TaskManager>(&bytes).unwrap_err()
}

#[track_caller]
fn assert_invalid(error: &Error, starts: &str, ends: &str) {
    assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");
    let message = error.to_string();
    assert!(
        message.starts_with(&format!("cannot decode cbor task-manager: {starts}")),
        "{message}"
    );
    assert!(message.ends_with(ends), "{message}");
}

#[test]
fn errors_say_what_and_where() {
    let error = decode_changed(|m| {
        let task = item(entry(item(entry(m, "lists"), 2), "tasks"), 0);
        *entry(task, "priority") = Value::Integer(9.into());
    });
    assert_invalid(
        &error,
        "invalid value: integer `9`, expected a priority 0 to 3, detected at byte ",
        "(at lists[2].tasks[0].priority)",
    );

    let error = decode_changed(|m| *entry(header(m), "color") = Value::Text("red".into()));
    assert_invalid(
        &error,
        "invalid color \"red\"",
        "(at lists[1].header.color)",
    );
    let error = decode_changed(|m| *entry(header(m), "name") = Value::Integer(3.into()));
    assert_invalid(
        &error,
        "invalid type: integer `3`, expected string",
        "(at lists[1].header.name)",
    );
    let error = decode_changed(|m| {
        let Value::Map(entries) = m else { panic!() };
        entries.push((Value::Text("extra".into()), Value::Null));
    });
    assert_invalid(&error, "unknown field `extra`", "(at extra)");
    let error = decode_changed(|m| {
        let Value::Map(entries) = m else { panic!() };
        entries.push((Value::Text("user".into()), Value::Text("again".into())));
    });
    assert_invalid(&error, "duplicate field `user`", "");
    let error = decode_changed(|m| {
        let Value::Map(entries) = header(m) else {
            panic!()
        };
        entries.retain(|(key, _)| key.as_text() != Some("created"));
    });
    assert_invalid(&error, "missing field `created`", "(at lists[1].header)");
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
    assert_invalid(
        &retag("id", 38),
        "the id has tag 38; expected tag 37",
        "(at lists[1].header.id)",
    );
    assert_invalid(
        &retag("created", 1),
        "the created time has tag 1; expected tag 0",
        "(at lists[1].header.created)",
    );
    for key in ["id", "created"] {
        let error = decode_changed(|m| {
            let field = entry(header(m), key);
            let Value::Tag(_, inner) = field.clone() else {
                panic!()
            };
            *field = *inner;
        });
        assert_invalid(&error, "", &format!("(at lists[1].header.{key})"));
        assert!(
            error.to_string().contains("has no tag; expected tag"),
            "{error}"
        );
        let error = decode_changed(|m| {
            let Value::Tag(_, inner) = entry(header(m), key) else {
                panic!()
            };
            **inner = Value::Tag(99, inner.clone());
        });
        assert_invalid(&error, "", &format!("(at lists[1].header.{key})"));
        assert!(
            error.to_string().contains("has tag 99 inside its tag"),
            "{error}"
        );
    }
    let error = decode_changed(|m| {
        *entry(header(m), "id") = Value::Tag(37, Box::new(Value::Bytes(vec![0; 15])));
    });
    assert_invalid(
        &error,
        "invalid length 15, expected a byte string of the 16 bytes",
        "",
    );
    let error = decode_changed(|m| {
        let ints = vec![Value::Integer(0.into()); 16];
        *entry(header(m), "id") = Value::Tag(37, Box::new(Value::Array(ints)));
    });
    assert_invalid(&error, "invalid type: sequence, expected a byte string", "");
    let error = decode_changed(|m| {
        *entry(header(m), "created") = Value::Tag(0, Box::new(Value::Text("monday".into())));
    });
    assert_invalid(&error, "invalid RFC 3339 timestamp \"monday\"", "");
}

#[test]
fn refuses_timestamps_rfc_3339_cannot_write() {
    let mut manager = TaskManager::generate(3);
    manager.lists[0].tasks[0].header.created =
        serbench_model::forms::timestamp_from_parts(0, 0, 19_815).unwrap();
    let error = to_vec(&manager).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    assert_eq!(
        error.to_string(),
        "cannot encode cbor task-manager: offset +05:30:15 of timestamp 1970-01-01 \
         5:30:15.0 +05:30:15 is not an RFC 3339 offset (whole minutes within ±23:59)"
    );
}

#[test]
fn truncation_trailing_bytes_and_malformed_items() {
    let bytes = to_vec(&TaskManager::generate(20)).unwrap();
    let error = from_slice::<TaskManager>(&bytes[..bytes.len() - 5]).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Truncated);
    assert!(
        error.message().starts_with(&format!(
            "the input ends after {} bytes, inside the value (at lists[",
            bytes.len() - 5
        )),
        "{error}"
    );
    let error = from_slice::<TaskManager>(&[]).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Truncated);

    let mut longer = bytes.clone();
    longer.extend_from_slice(b"\xf6\xf6");
    let error = from_slice::<TaskManager>(&longer).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::TrailingBytes);
    assert_eq!(
        error.message(),
        format!(
            "2 bytes follow the value, which ends at byte {}",
            bytes.len()
        )
    );

    let mut broken = bytes.clone();
    let at = broken.windows(4).position(|w| w == b"Work").unwrap();
    broken[at + 1] = 0xff;
    let error = from_slice::<TaskManager>(&broken).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Syntax);
    assert_eq!(
        error.message(),
        format!(
            "invalid UTF-8 in the text string at byte {} (at lists[0].header.name)",
            at - 1
        )
    );

    // 0x1c is a reserved additional-information value.
    let error = from_slice::<Record>(&hex("a2 63 696473 1c")).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Syntax);
    assert_eq!(error.message(), "malformed CBOR item at byte 5 (at ids)");
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
    // A 2^40-byte id reads as a byte string too long to be a uuid.
    let mut id = hex("a3 64 75736572 60 67 76657273696f6e 60 65 6c69737473 81 a2 66 686561646572");
    id.extend(hex("a4 62 6964 d8 25 5b 0000010000000000 00"));
    let error = from_slice::<TaskManager>(&id).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");
}

#[test]
fn deep_nesting_fails_without_recursing() {
    // A million nested arrays where integers belong.
    let mut deep = hex("a2 63 696473 81");
    deep.extend(std::iter::repeat_n(0x81, 1_000_000));
    let error = from_slice::<Record>(&deep).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");

    // A million tags on one integer: ciborium skips tags iteratively.
    let mut tagged = hex("a2 63 696473 81");
    tagged.extend(std::iter::repeat_n(0xc6, 1_000_000));
    tagged.extend(hex("01 67 737472696e6773 80"));
    assert_eq!(from_slice::<Record>(&tagged).unwrap().ids, [1]);

    // A million tags on an id: more than one is an error.
    let mut ids = hex("a3 64 75736572 60 67 76657273696f6e 60 65 6c69737473 81 a2 66 686561646572");
    ids.extend(hex("a4 62 6964"));
    ids.extend(std::iter::repeat_n([0xd8, 0x25], 1_000_000).flatten());
    ids.extend(hex("50 00000000000000000000000000000000"));
    let error = from_slice::<TaskManager>(&ids).unwrap_err();
    assert!(
        error
            .message()
            .starts_with("the id has tag 37 inside its tag 37"),
        "{error}"
    );
}
