//! The wire layout the crate docs and `schemas/*.capnp` promise.

use serbench_capnp::{Capnp, to_vec};
use serbench_model::forms::timestamp_from_parts;
use serbench_model::{
    Codec, Color, Dataset, Graph, MediaContent, Mesh, NativeCodec, Record, SensorReading,
    TaskManager, Uuid,
};

/// One segment whose length the table states, after the 8-byte table.
fn assert_one_segment(bytes: &[u8]) {
    assert_eq!(bytes[..4], [0, 0, 0, 0], "segment count − 1");
    let words = u32::from_le_bytes(bytes[4..8].try_into().unwrap()) as usize;
    assert_eq!(8 + words * 8, bytes.len());
}

#[test]
fn writes_one_segment_of_the_documented_size() {
    let manager = to_vec(&TaskManager::generate(10_000)).unwrap();
    assert_one_segment(&manager);
    assert_eq!(manager.len(), 1_134_536);
    // 8 table + 8 root pointer + 72 struct + 16 for an 8-character id.
    for reading in SensorReading::generate(100) {
        let bytes = to_vec(&reading).unwrap();
        assert_one_segment(&bytes);
        assert_eq!(bytes.len(), 104);
    }
    // The C++ reference writes 17 768 bytes in several segments.
    let records = to_vec(&Record::canonical()).unwrap();
    assert_one_segment(&records);
    assert_eq!(records.len(), 17_632);
    let media = to_vec(&MediaContent::canonical()).unwrap();
    assert_one_segment(&media);
    assert_eq!(media.len(), 400);
    let graph = to_vec(&Graph::generate(40)).unwrap();
    assert_one_segment(&graph);
}

/// RSB's mesh layout: a triangle is 4 pointers in the list and 4 vectors
/// of 2 words each (12 bytes of floats, padded), 96 bytes in all.
#[test]
fn a_triangle_takes_twelve_words() {
    let mesh = Mesh::generate(100);
    let bytes = to_vec(&mesh).unwrap();
    assert_one_segment(&bytes);
    // Table, root pointer, the root struct's one pointer, the list's tag.
    assert_eq!(bytes.len(), 8 + 8 + 8 + 8 + 100 * 96);
    // The first triangle's first vector, right after its list.
    let v0 = mesh.triangles[0].v0;
    let at = 32 + 100 * 32;
    assert_eq!(bytes[at..at + 4], v0.x.to_le_bytes());
    assert_eq!(bytes[at + 8..at + 12], v0.z.to_le_bytes());
}

#[test]
fn headers_hold_ids_colors_and_times_inline() {
    let mut manager = TaskManager::generate(1);
    let header = &mut manager.lists[0].tasks[0].header;
    header.id = Uuid::parse_str("00112233-4455-6677-8899-aabbccddeeff").unwrap();
    header.color = Color::from_argb(0x80a0_b0c0);
    header.created = timestamp_from_parts(1_762_160_400, 123_456_789, 19_800).unwrap();
    let bytes = to_vec(&manager).unwrap();
    // The header's data section: the id's halves, color, nanoseconds,
    // seconds, offset, each little-endian.
    let mut data = Vec::new();
    data.extend(0x0011_2233_4455_6677u64.to_le_bytes());
    data.extend(0x8899_aabb_ccdd_eeffu64.to_le_bytes());
    data.extend(0x80a0_b0c0u32.to_le_bytes());
    data.extend(123_456_789u32.to_le_bytes());
    data.extend(1_762_160_400i64.to_le_bytes());
    data.extend(19_800i32.to_le_bytes());
    assert!(bytes.windows(data.len()).any(|window| window == data));
}

#[test]
fn floats_are_their_exact_bits() {
    let mut reading = SensorReading::generate(1).remove(0);
    reading.ambient_temperature = f64::from_bits(0x7ff0_0000_dead_beef);
    reading.humidity = -0.0;
    let bytes = to_vec(&reading).unwrap();
    // After the table and the root pointer, the eight readings in order.
    for (index, value) in reading.readings().into_iter().enumerate() {
        let at = 16 + 8 * index;
        assert_eq!(bytes[at..at + 8], value.to_bits().to_le_bytes());
    }
}

#[test]
fn an_absent_text_is_a_null_pointer_and_an_empty_one_a_word() {
    let mut media = MediaContent::canonical();
    media.media.copyright = None;
    let absent = to_vec(&media).unwrap();
    media.media.copyright = Some(String::new());
    let empty = to_vec(&media).unwrap();
    assert_eq!(empty.len(), absent.len() + 8);
    let back: MediaContent = serbench_capnp::from_slice(&empty).unwrap();
    assert_eq!(back.media.copyright.as_deref(), Some(""));
}

#[test]
fn building_then_writing_gives_the_encoding() {
    fn check<T: Dataset>(value: &T)
    where
        Capnp: NativeCodec<T>,
    {
        let message = Capnp::build(value).unwrap();
        let mut written = b"prefix".to_vec();
        <Capnp as NativeCodec<T>>::write(&message, &mut written).unwrap();
        assert_eq!(written[6..], Capnp::to_vec(value).unwrap());
    }
    check(&TaskManager::generate(50));
    check(&SensorReading::generate(1)[0]);
    check(&Graph::generate(10));
    check(&Record::canonical());
    check(&MediaContent::canonical());
}
