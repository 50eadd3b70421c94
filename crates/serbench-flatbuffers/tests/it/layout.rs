//! The wire layout the crate docs promise, read with a minimal walker of
//! FlatBuffers' offsets that the other tests reuse to damage one field.

use serbench_flatbuffers::{Finished, FlatBuffers, from_slice, to_vec};
use serbench_model::{
    Codec, Dataset, Graph, MediaContent, Mesh, NativeCodec, Record, SensorReading, TaskManager,
};

/// Positions in a size-prefixed FlatBuffer, found the way a reader finds
/// them: all offsets little-endian, relative to where they are stored.
pub(crate) struct Walk<'a>(pub(crate) &'a [u8]);

impl Walk<'_> {
    fn u32_at(&self, at: usize) -> usize {
        u32::from_le_bytes(self.0[at..at + 4].try_into().unwrap()) as usize
    }

    /// The root table: after the size prefix, an offset to it.
    pub(crate) fn root(&self) -> usize {
        self.deref(4)
    }

    /// Follows the `u32` offset stored at `at`.
    pub(crate) fn deref(&self, at: usize) -> usize {
        at + self.u32_at(at)
    }

    /// Where field number `index` of the table at `table` is stored, if
    /// present: the table starts with a signed offset back to its vtable,
    /// whose entries after two `u16` sizes are the fields' positions.
    pub(crate) fn field(&self, table: usize, index: usize) -> Option<usize> {
        let vtable = self.vtable(table);
        let vtable_len = usize::from(u16::from_le_bytes([self.0[vtable], self.0[vtable + 1]]));
        let entry = vtable + 4 + 2 * index;
        if entry + 2 > vtable + vtable_len {
            return None;
        }
        let offset = usize::from(u16::from_le_bytes([self.0[entry], self.0[entry + 1]]));
        (offset != 0).then_some(table + offset)
    }

    /// The vtable of the table at `table`: its signed offset is subtracted.
    pub(crate) fn vtable(&self, table: usize) -> usize {
        let offset = i32::from_le_bytes(self.0[table..table + 4].try_into().unwrap());
        table
            .checked_add_signed(-isize::try_from(offset).unwrap())
            .unwrap()
    }

    /// The table, vector or string that field `index` of `table` points to.
    pub(crate) fn child(&self, table: usize, index: usize) -> usize {
        self.deref(self.field(table, index).unwrap())
    }

    /// Element `index` of the vector of offsets at `vector`.
    pub(crate) fn element(&self, vector: usize, index: usize) -> usize {
        self.deref(vector + 4 + 4 * index)
    }

    /// The length of the vector or string at `at`.
    pub(crate) fn len(&self, at: usize) -> usize {
        self.u32_at(at)
    }
}

/// RSB's mesh layout: one vector of 48-byte triangle structs, each its
/// four vectors' twelve floats in order.
#[test]
fn a_triangle_is_a_48_byte_struct() {
    let mesh = Mesh::generate(100);
    let bytes = to_vec(&mesh).unwrap();
    let walk = Walk(&bytes);
    let triangles = walk.child(walk.root(), 0);
    assert_eq!(walk.len(triangles), 100);
    let second = &mesh.triangles[1];
    let at = triangles + 4 + 48;
    assert_eq!(bytes[at..at + 4], second.v0.x.to_le_bytes());
    assert_eq!(bytes[at + 44..at + 48], second.normal.z.to_le_bytes());
    // The vector ends the buffer: nothing else is stored per triangle.
    assert_eq!(triangles + 4 + 100 * 48, bytes.len());
}

#[test]
fn a_size_prefix_frames_the_buffer() {
    let record = Record {
        ids: vec![1, -2],
        strings: vec!["ab".to_owned()],
    };
    let bytes = to_vec(&record).unwrap();
    let expected: &[u8] = &[
        60, 0, 0, 0, // size prefix: 60 bytes follow
        12, 0, 0, 0, // offset to the root table at byte 16
        8, 0, 12, 0, 4, 0, 8, 0, // vtable: its size, the table's, ids at +4, strings at +8
        8, 0, 0, 0, // byte 16, the root table: its vtable is 8 bytes back
        16, 0, 0, 0, // ids: the vector at byte 36
        4, 0, 0, 0, // strings: the vector at byte 28
        1, 0, 0, 0, 24, 0, 0, 0, // strings: one offset, to the string at byte 56
        2, 0, 0, 0, // ids: two elements, from byte 40 (8-byte aligned)
        1, 0, 0, 0, 0, 0, 0, 0, //
        254, 255, 255, 255, 255, 255, 255, 255, //
        2, 0, 0, 0, b'a', b'b', 0, 0, // "ab", its zero byte and padding
    ];
    assert_eq!(bytes, expected, "{bytes:?}");
    assert_eq!(from_slice::<Record>(&bytes).unwrap(), record);
}

#[test]
fn the_walker_reads_the_task_manager_schema() {
    let manager = TaskManager::generate(30);
    let bytes = to_vec(&manager).unwrap();
    let walk = Walk(&bytes);
    let root = walk.root();
    let user = walk.child(root, 0);
    assert_eq!(&bytes[user + 4..user + 4 + walk.len(user)], b"Demo User");
    let version = walk.child(root, 1);
    assert_eq!(walk.len(version), 3);
    let lists = walk.child(root, 2);
    assert_eq!(walk.len(lists), manager.lists.len());
    let task = walk.element(walk.child(walk.element(lists, 1), 1), 2);
    let header = walk.child(task, 0);
    // The id struct holds the UUID's bytes in order; the color is 0xAARRGGBB.
    let id = walk.field(header, 0).unwrap();
    let expected = &manager.lists[1].tasks[2].header;
    assert_eq!(&bytes[id..id + 16], expected.id.as_bytes());
    let color = walk.field(header, 2).unwrap();
    assert_eq!(bytes[color..color + 4], expected.color.argb().to_le_bytes());
    // created: seconds (i64), nanoseconds (u32), offset in seconds (i32).
    let created = walk.field(header, 3).unwrap();
    assert_eq!(
        bytes[created..created + 8],
        expected.created.unix_timestamp().to_le_bytes()
    );
    let priority = walk.field(task, 2).unwrap();
    assert_eq!(bytes[priority], manager.lists[1].tasks[2].priority as u8);
}

#[test]
fn edges_are_12_byte_structs_in_one_vector() {
    let graph = Graph::generate(40);
    let bytes = to_vec(&graph).unwrap();
    let walk = Walk(&bytes);
    let edges = walk.child(walk.root(), 1);
    assert_eq!(walk.len(edges), graph.edges.len());
    let third = edges + 4 + 2 * 12;
    let edge = graph.edges[2];
    assert_eq!(bytes[third..third + 4], edge.from.to_le_bytes());
    assert_eq!(bytes[third + 4..third + 8], edge.to.to_le_bytes());
    assert_eq!(bytes[third + 8..third + 10], edge.weight.to_le_bytes());
}

#[test]
fn readings_are_stored_bit_for_bit() {
    let mut reading = SensorReading::generate(1).remove(0);
    reading.light = -0.0;
    reading.humidity = f64::from_bits(0x7ff0_0000_0000_0001);
    let bytes = to_vec(&reading).unwrap();
    // A table with a string and a 64-byte struct: 104 bytes a message.
    assert_eq!(bytes.len(), 104);
    let readings = Walk(&bytes).field(Walk(&bytes).root(), 1).unwrap();
    for (index, value) in reading.readings().iter().enumerate() {
        let at = readings + 8 * index;
        assert_eq!(bytes[at..at + 8], value.to_bits().to_le_bytes());
    }
    assert_eq!(from_slice::<SensorReading>(&bytes).unwrap(), reading);
}

#[test]
fn absent_options_are_absent_fields() {
    let canonical = MediaContent::canonical();
    let mut bare = canonical.clone();
    bare.media.bitrate = None;
    bare.media.title = None;
    bare.media.copyright = Some(String::new());
    let (full, empty) = (to_vec(&canonical).unwrap(), to_vec(&bare).unwrap());
    let media = |bytes: &[u8]| {
        let walk = Walk(bytes);
        let media = walk.child(walk.root(), 0);
        // title, bitrate and copyright are fields 1, 7 and 10.
        [1, 7, 10].map(|field| walk.field(media, field).is_some())
    };
    assert_eq!(media(&full), [true, true, false]);
    assert_eq!(media(&empty), [false, false, true]);
    assert_eq!(from_slice::<MediaContent>(&empty).unwrap(), bare);
}

/// The native rows' bytes equal encode's, whatever the thread's reused
/// builder held before.
#[test]
fn build_and_write_give_encode_bytes() {
    fn check<T: Dataset>(value: &T)
    where
        FlatBuffers: NativeCodec<T, Message = Finished>,
    {
        let message = FlatBuffers::build(value).unwrap();
        let mut written = b"prefix".to_vec();
        FlatBuffers::write(&message, &mut written).unwrap();
        assert_eq!(written[6..], FlatBuffers::to_vec(value).unwrap()[..]);
        assert_eq!(&written[6..], message.as_bytes());
    }
    check(&TaskManager::generate(2_000));
    check(&MediaContent::canonical());
    check(&TaskManager::generate(3));
    check(&Record::canonical());
    check(&SensorReading::generate(1)[0]);
    check(&Graph::generate(30));
}

#[test]
fn sizes_match_the_reference_figures() {
    let size = |bytes: Vec<u8>| bytes.len();
    // The C++ benchmark's FlatBuffers record is 17 632 bytes; this one adds
    // its size prefix and alignment.
    assert_eq!(size(to_vec(&Record::canonical()).unwrap()), 17_640);
    assert_eq!(size(to_vec(&MediaContent::canonical()).unwrap()), 424);
    assert_eq!(
        size(to_vec(&TaskManager::generate(10_000)).unwrap()),
        1_089_120
    );
}
