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
        "tag 38 at byte ",
        " where the layout has tag 37 (at lists[1].header.id)",
    );
    assert_invalid(
        &retag("created", 1),
        "tag 1 at byte ",
        " where the layout has tag 0 (at lists[1].header.created)",
    );
    for (key, tag, item) in [("id", 37, "a byte string"), ("created", 0, "a text string")] {
        let error = decode_changed(|m| {
            let field = entry(header(m), key);
            let Value::Tag(_, inner) = field.clone() else {
                panic!()
            };
            *field = *inner;
        });
        assert_invalid(
            &error,
            &format!("{item} at byte "),
            &format!(" where the layout has tag {tag} (at lists[1].header.{key})"),
        );
        let error = decode_changed(|m| {
            let Value::Tag(_, inner) = entry(header(m), key) else {
                panic!()
            };
            **inner = Value::Tag(99, inner.clone());
        });
        assert_invalid(
            &error,
            "tag 99 at byte ",
            &format!(" inside tag {tag}; the layout has one tag here (at lists[1].header.{key})"),
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
        serbench_model::__private::forms::timestamp_from_parts(0, 0, 19_815).unwrap();
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
    assert_eq!(
        error.message(),
        "reserved additional information 28 (head 0x1c) at byte 5 (at ids)"
    );
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
    assert_eq!(error.kind(), ErrorKind::Truncated, "{error}");
    assert_eq!(
        error.message(),
        "the input ends after 47 bytes, inside the value (at lists[0].header.id)"
    );
}

#[test]
fn deep_nesting_fails_without_recursing() {
    // A million nested arrays where integers belong: the pass before
    // ciborium stops at 16 levels.
    let mut deep = hex("a2 63 696473 81");
    deep.extend(std::iter::repeat_n(0x81, 1_000_000));
    let error = from_slice::<Record>(&deep).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Limit, "{error}");
    assert_eq!(
        error.message(),
        format!(
            "arrays and maps nest more than 16 levels deep at byte 20 (at ids{})",
            "[0]".repeat(15)
        )
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
    assert_eq!(
        error.message(),
        "tag 6 at byte 6; the layout has no tag here (at ids[0])"
    );

    // A million tags on an id: the second is an error.
    let mut ids = hex("a3 64 75736572 60 67 76657273696f6e 60 65 6c69737473 81 a2 66 686561646572");
    ids.extend(hex("a4 62 6964"));
    ids.extend(std::iter::repeat_n([0xd8, 0x25], 1_000_000).flatten());
    ids.extend(hex("50 00000000000000000000000000000000"));
    let error = from_slice::<TaskManager>(&ids).unwrap_err();
    assert_eq!(
        error.message(),
        "tag 37 at byte 37 inside tag 37; the layout has one tag here (at lists[0].header.id)"
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
    let nested = "a text string of indefinite length at byte 7 inside a text string of \
                  indefinite length at byte 6, whose chunks are text strings of definite length";
    let deep = format!("{} 6141 {}", "7f".repeat(100_000), "ff".repeat(100_000));
    for (value, message) in [
        ("7f 7f 6141 ff ff", nested),
        (&deep, nested),
        (
            "7f 6141 4142 ff",
            "a byte string at byte 9 inside a text string of indefinite length at byte 6, \
             whose chunks are text strings of definite length",
        ),
        (
            "5f 4141 7f ff ff",
            "a text string of indefinite length at byte 9 inside a byte string of indefinite \
             length at byte 6, whose chunks are byte strings of definite length",
        ),
        (
            "7f 6141 c6 6142 ff",
            "tag 6 at byte 9 inside a text string of indefinite length at byte 6, whose \
             chunks are text strings of definite length",
        ),
        // Additional information 28 to 30 is reserved in every major type.
        (
            "1c",
            "reserved additional information 28 (head 0x1c) at byte 6",
        ),
        (
            "3d",
            "reserved additional information 29 (head 0x3d) at byte 6",
        ),
        (
            "5e",
            "reserved additional information 30 (head 0x5e) at byte 6",
        ),
        (
            "fc",
            "reserved additional information 28 (head 0xfc) at byte 6",
        ),
        // Only strings, arrays and maps have indefinite lengths.
        (
            "1f",
            "an integer of indefinite length (head 0x1f) at byte 6",
        ),
        (
            "3f",
            "an integer of indefinite length (head 0x3f) at byte 6",
        ),
        ("df 00", "a tag of indefinite length (head 0xdf) at byte 6"),
        (
            "f8 00",
            "simple value 0 in two bytes (head 0xf8 0x00) at byte 6; values below 32 take one",
        ),
        (
            "f8 1f",
            "simple value 31 in two bytes (head 0xf8 0x1f) at byte 6; values below 32 take one",
        ),
        // A break closes only an array, map or string of indefinite length.
        ("ff", "a break at byte 6 where a map value belongs"),
    ] {
        let error = from_slice::<TaskManager>(&with_user(value)).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Syntax, "{value:.40}: {error}");
        assert_eq!(
            error.message(),
            format!("{message} (at user)"),
            "{value:.40}"
        );
    }
    // Breaks in a definite-length array, at the top level, as a map's
    // value and after a tag.
    for (input, message) in [
        (
            with_user("82 6141 ff"),
            "a break at byte 9 outside an array or map of indefinite length (at user[1])",
        ),
        (
            hex("ff"),
            "a break at byte 0 outside an array or map of indefinite length",
        ),
        (
            hex("bf 64 75736572 ff"),
            "a break at byte 6 where a map value belongs (at user)",
        ),
        (
            hex("bf 65 6c69737473 9f a1 66 686561646572 a1 62 6964 d8 25 ff"),
            "a break at byte 22 where the item of tag 37 belongs (at lists[0].header.id)",
        ),
    ] {
        let error = from_slice::<TaskManager>(&input).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Syntax, "{error}");
        assert_eq!(error.message(), message);
    }
}

#[test]
fn keys_are_text_and_tags_only_where_the_layout_has_them() {
    let bytes = to_vec(&TaskManager::generate(20)).unwrap();
    let key = |replacement: &str| [&bytes[..1], &hex(replacement), &bytes[6..]].concat();
    for (input, message) in [
        (
            key("44 75736572"),
            "a byte string at byte 1 as a map key; keys are text strings of definite length",
        ),
        (
            key("7f 64 75736572 ff"),
            "a text string of indefinite length at byte 1 as a map key; keys are text strings \
             of definite length",
        ),
        (
            key("c6 64 75736572"),
            "tag 6 at byte 1 as a map key; keys are text strings of definite length",
        ),
        (
            hex("a1 01 00"),
            "an unsigned integer at byte 1 as a map key; keys are text strings of definite length",
        ),
        // Self-described CBOR (RFC 8949 §3.4.6) is a tag like any other.
        (
            [&hex("d9 d9f7"), &bytes[..]].concat(),
            "tag 55799 at byte 0; the layout has no tag here",
        ),
        (
            with_user("c0 69 44656d6f2055736572"),
            "tag 0 at byte 6; the layout has no tag here (at user)",
        ),
        (
            with_user("d8 25 69 44656d6f2055736572"),
            "tag 37 at byte 6; the layout has no tag here (at user)",
        ),
    ] {
        let error = from_slice::<TaskManager>(&input).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");
        assert_eq!(error.message(), message);
    }
    // Other datasets have no tags at all, bignums included (which ciborium
    // reads as integers).
    for (input, message) in [
        (
            "a2 63 696473 81 c2 41 07 67 737472696e6773 80",
            "tag 2 at byte 6; the layout has no tag here (at ids[0])",
        ),
        (
            "a2 63 696473 80 67 737472696e6773 81 c0 61 78",
            "tag 0 at byte 15; the layout has no tag here (at strings[0])",
        ),
    ] {
        let error = from_slice::<Record>(&hex(input)).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");
        assert_eq!(error.message(), message);
    }
}
