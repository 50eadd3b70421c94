//! The layouts the crate docs give, byte for byte, and what relaxed
//! decoding lets through.

use serbench_bilrost::ErrorKind;
use serbench_model::log::{Address, Log};
use serbench_model::{Codec, Logs, MediaContent, Record, SensorReading, TaskManager};

use crate::wire::{Fields, element, varint};

#[test]
fn varints_are_bijective() {
    assert_eq!(varint(127), [0x7f]);
    assert_eq!(varint(128), [0x80, 0x00]);
    assert_eq!(varint(300), [0xac, 0x01]);
    assert_eq!(varint(u64::MAX).len(), 9);
}

#[test]
fn records_pack_zigzagged_ids_and_repeat_strings() {
    let record = Record {
        ids: vec![1, -1],
        strings: vec!["a".to_owned(), String::new()],
    };
    let bytes = serbench_bilrost::to_vec(&record).unwrap();
    let expected = Fields::default()
        .bytes(1, &[0x02, 0x01])
        .string(2, "a")
        .string(2, "");
    assert_eq!(bytes, expected.bytes);
}

/// RSB's log layout: the records packed into field 1, each a message whose
/// address is one fixed 32-bit value; an empty field (here the identity)
/// is left out.
#[test]
fn logs_are_packed_messages_with_a_fixed_address() {
    let logs = Logs {
        logs: vec![Log {
            address: Address {
                x0: 192,
                x1: 168,
                x2: 0,
                x3: 1,
            },
            identity: String::new(),
            userid: "bob".to_owned(),
            date: "d".to_owned(),
            request: "GET".to_owned(),
            code: 404,
            size: 0,
        }],
    };
    let bytes = serbench_bilrost::to_vec(&logs).unwrap();
    let log = Fields::default()
        .fixed32(1, u32::from_le_bytes([192, 168, 0, 1]))
        .string(3, "bob")
        .string(4, "d")
        .string(5, "GET")
        .varint(6, 404);
    assert_eq!(bytes, Fields::default().bytes(1, &element(&log)).bytes);
    let back: Logs = serbench_bilrost::from_slice(&bytes).unwrap();
    assert_eq!(back, logs);
}

#[test]
fn a_positive_zero_reading_is_left_out_and_a_negative_one_written() {
    let reading = SensorReading {
        sensor_id: "s".to_owned(),
        ambient_temperature: 0.0,
        object_temperature: -0.0,
        accelerometer_x: 1.0,
        accelerometer_y: 0.0,
        accelerometer_z: 0.0,
        altitude: 0.0,
        light: 0.0,
        humidity: 0.0,
    };
    let bytes = serbench_bilrost::to_vec(&reading).unwrap();
    let expected = Fields::default()
        .string(1, "s")
        .fixed64(3, (-0.0f64).to_bits())
        .fixed64(4, 1.0f64.to_bits());
    assert_eq!(bytes, expected.bytes);
    let back: SensorReading = serbench_bilrost::from_slice(&bytes).unwrap();
    assert!(back.object_temperature.is_sign_negative());
}

#[test]
fn unknown_fields_are_skipped() {
    let media = MediaContent::canonical();
    let mut bytes = serbench_bilrost::to_vec(&media).unwrap();
    bytes.extend(Fields::default().key(100, 1).bytes);
    bytes.extend(varint(3));
    bytes.extend(b"abc");
    let back: MediaContent = serbench_bilrost::from_slice(&bytes).unwrap();
    assert_eq!(back, media);
}

#[test]
fn errors_name_bilrosts_field_path() {
    let header = Fields::default().bytes(1, &[0; 16]);
    let task = Fields::default().message(1, &header).varint(3, 9);
    let list = Fields::default().message(1, &header).message(2, &task);
    let bytes = Fields::default().message(3, &list).bytes;
    let error = <serbench_bilrost::Bilrost as Codec<TaskManager>>::decode(&bytes).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Invalid);
    assert_eq!(error.position().path(), Some("lists.tasks.priority"));
}
