//! Floats: ciborium writes each `f64` in the shortest of half, single and
//! double precision that converts back to the same bits. These tests pin
//! down that every bit pattern survives, and which width each class takes.

use serbench_cbor::{ErrorKind, from_slice, to_vec};
use serbench_model::SensorReading;
use serbench_testkit::hex;

fn reading(values: [f64; 8]) -> SensorReading {
    SensorReading {
        sensor_id: String::new(),
        ambient_temperature: values[0],
        object_temperature: values[1],
        accelerometer_x: values[2],
        accelerometer_y: values[3],
        accelerometer_z: values[4],
        altitude: values[5],
        light: values[6],
        humidity: values[7],
    }
}

/// Round-trips the values, asserting every bit survives.
#[track_caller]
fn round_trip(values: [f64; 8]) -> Vec<u8> {
    let message = reading(values);
    let bytes = to_vec(&message).unwrap();
    let back: SensorReading = from_slice(&bytes).unwrap();
    for (sent, received) in message.readings().iter().zip(back.readings()) {
        assert_eq!(
            sent.to_bits(),
            received.to_bits(),
            "{:#018x} came back as {:#018x}",
            sent.to_bits(),
            received.to_bits()
        );
    }
    bytes
}

/// The bytes one float takes on the wire, head included.
#[track_caller]
fn width(bits: u64) -> usize {
    let empty = round_trip([0.0; 8]).len();
    let mut values = [0.0; 8];
    values[0] = f64::from_bits(bits);
    round_trip(values).len() - empty + 3
}

#[test]
fn each_float_takes_the_shortest_exact_width() {
    for (bits, bytes, what) in [
        (0, 3, "0.0"),
        (0x8000_0000_0000_0000, 3, "-0.0"),
        (1.5f64.to_bits(), 3, "1.5"),
        (65_504f64.to_bits(), 3, "the largest half"),
        (2f64.powi(-24).to_bits(), 3, "the smallest half subnormal"),
        (f64::INFINITY.to_bits(), 3, "infinity"),
        (f64::NEG_INFINITY.to_bits(), 3, "-infinity"),
        (0x7ff8_0000_0000_0000, 3, "the canonical NaN"),
        (
            0xfffb_fc00_0000_0000,
            3,
            "a quiet NaN with a half-sized payload",
        ),
        (f64::from(f32::MAX).to_bits(), 5, "the largest single"),
        (
            2f64.powi(-149).to_bits(),
            5,
            "the smallest single subnormal",
        ),
        (
            0x7ff8_0000_2000_0000,
            5,
            "a quiet NaN with a single-sized payload",
        ),
        (0.1f64.to_bits(), 9, "0.1"),
        (1, 9, "the smallest double subnormal"),
        (f64::MAX.to_bits(), 9, "the largest double"),
        (0x7ff0_0000_0000_0001, 9, "a signalling NaN"),
        (
            0x7ff4_0000_0000_0000,
            9,
            "a signalling NaN with a half-sized payload",
        ),
        (
            0x7ff0_0000_2000_0000,
            9,
            "a signalling NaN with a single-sized payload",
        ),
        (
            0xfff8_0000_dead_beef,
            9,
            "a NaN with a double-sized payload",
        ),
    ] {
        assert_eq!(width(bits), bytes, "{what} ({bits:#018x})");
    }
}

#[test]
fn every_exponent_and_payload_shape_round_trips() {
    // Mantissas at the edges of what half and single precision hold: their
    // lowest bits, the bit below, the quiet-NaN bit, all ones.
    let mantissas = [
        0,
        1,
        1 << 28,
        1 << 29,
        1 << 41,
        1 << 42,
        1 << 51,
        0x3ff << 42,
        0x7f_ffff << 29,
        (1 << 52) - 1,
        0x8_0000_0000_0001,
        0x5_5555_5555_5555,
    ];
    let mut values = Vec::new();
    for sign in [0, 1u64 << 63] {
        for exponent in 0..2048u64 {
            for mantissa in mantissas {
                values.push(f64::from_bits(sign | exponent << 52 | mantissa));
            }
        }
    }
    // And a seeded spread of arbitrary bit patterns.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    values.extend((0..100_000).map(|_| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        f64::from_bits(state)
    }));
    for chunk in values.chunks_exact(8) {
        round_trip(chunk.try_into().unwrap());
    }
}

#[test]
fn reads_floats_of_every_width_and_no_integers() {
    let message = |value: &str| {
        let mut bytes = hex("a9 69 73656e736f725f6964 60");
        for name in SensorReading::READING_NAMES {
            bytes.push(0x60 + name.len() as u8);
            bytes.extend_from_slice(name.as_bytes());
            bytes.extend(hex(value));
        }
        bytes
    };
    let half: SensorReading = from_slice(&message("f9 3e00")).unwrap();
    assert!(
        half.readings()
            .iter()
            .all(|&r| r.to_bits() == 1.5f64.to_bits())
    );
    let single: SensorReading = from_slice(&message("fa 3dcccccd")).unwrap();
    assert_eq!(single.humidity.to_bits(), f64::from(0.1f32).to_bits());
    let subnormal: SensorReading = from_slice(&message("f9 0001")).unwrap();
    assert_eq!(subnormal.light.to_bits(), 2f64.powi(-24).to_bits());

    let error = from_slice::<SensorReading>(&message("01")).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Invalid);
    let first = SensorReading::READING_NAMES[0];
    assert_eq!(error.position().path(), Some(first), "{error}");
}
