//! The wire layout the crate docs promise, byte for byte where it matters,
//! the sizes the issue asks for, and messages written by other protobuf
//! code.

use serbench_model::forms;
use serbench_model::log::{Address, Log};
use serbench_model::mesh::{Triangle, Vector3};
use serbench_model::{
    Color, Dataset, Edge, Graph, Image, Logs, Media, MediaContent, Mesh, NativeCodec, Node, Player,
    Priority, Record, SensorReading, Size, Task, TaskHeader, TaskList, TaskManager, Uuid, Version,
};
use serbench_protobuf::{Protobuf, from_slice, to_vec};
use serbench_testkit::hex;

/// A protobuf message written field by field, for messages this crate
/// would not write.
#[derive(Clone, Default)]
pub(crate) struct Fields(pub(crate) Vec<u8>);

impl Fields {
    pub(crate) fn key(mut self, field: u32, wire_type: u8) -> Self {
        self.0
            .extend(varint(u64::from((field << 3) | u32::from(wire_type))));
        self
    }

    pub(crate) fn varint(self, field: u32, value: u64) -> Self {
        let mut this = self.key(field, 0);
        this.0.extend(varint(value));
        this
    }

    pub(crate) fn bytes(self, field: u32, bytes: &[u8]) -> Self {
        let mut this = self.key(field, 2);
        this.0.extend(varint(bytes.len() as u64));
        this.0.extend_from_slice(bytes);
        this
    }

    pub(crate) fn string(self, field: u32, text: &str) -> Self {
        self.bytes(field, text.as_bytes())
    }

    pub(crate) fn message(self, field: u32, message: &Fields) -> Self {
        self.bytes(field, &message.0)
    }
}

pub(crate) fn varint(mut value: u64) -> Vec<u8> {
    let mut bytes = Vec::new();
    while value >= 0x80 {
        bytes.push(value as u8 | 0x80);
        value >>= 7;
    }
    bytes.push(value as u8);
    bytes
}

fn at(seconds: i64, nanos: u32, offset: i32) -> serbench_model::OffsetDateTime {
    forms::timestamp_from_parts(seconds, nanos, offset).unwrap()
}

/// One list holding one task: the list's header sets every field, the
/// task's only its id.
fn small_manager() -> TaskManager {
    TaskManager {
        user: "u".to_owned(),
        version: Version {
            segments: vec![1, 0, 0],
        },
        lists: vec![TaskList {
            header: TaskHeader {
                id: Uuid::from_u128(0x0011_2233_4455_6677_8899_aabb_ccdd_eeff),
                name: "L".to_owned(),
                color: Color::from_argb(0xff10_2030),
                created: at(1, 5, -3_600),
            },
            tasks: vec![Task {
                header: TaskHeader {
                    id: Uuid::max(),
                    name: String::new(),
                    color: Color::from_argb(0),
                    created: at(0, 0, 0),
                },
                description: "d".to_owned(),
                priority: Priority::Critical,
                completed: true,
            }],
        }],
    }
}

const SMALL_MANAGER: &str = "
    0a 01 75                                # 1 user: \"u\"
    12 03 01 00 00                          # 2 version: packed [1, 0, 0]
    1a 43                                   # 3 lists: 67 bytes
      0a 24                                 #   1 header: 36 bytes
        0a 10 00112233445566778899aabbccddeeff  # 1 id: 16 bytes
        12 01 4c                            #     2 name: \"L\"
        1d 302010ff                         #     3 color: fixed32 0xff102030
        20 02                               #     4 created_seconds: sint64 1
        2d 05000000                         #     5 created_nanos: fixed32 5
        30 9f 38                            #     6 created_offset_seconds: sint32 -3600
      12 1b                                 #   2 tasks: 27 bytes
        0a 12                               #     1 header: 18 bytes, zeros left out
          0a 10 ffffffffffffffffffffffffffffffff
        12 01 64                            #     2 description: \"d\"
        18 03                               #     3 priority: PRIORITY_CRITICAL
        20 01                               #     4 completed: true
";

#[test]
fn task_manager_layout() {
    let manager = small_manager();
    let bytes = to_vec(&manager).unwrap();
    assert_eq!(bytes, hex(SMALL_MANAGER));
    assert_eq!(from_slice::<TaskManager>(&bytes).unwrap(), manager);
}

#[test]
fn telemetry_layout_keeps_every_bit() {
    let reading = SensorReading {
        sensor_id: "S1".to_owned(),
        ambient_temperature: -0.0,
        object_temperature: 0.0,
        accelerometer_x: 1.0,
        accelerometer_y: -2.5,
        accelerometer_z: f64::from_bits(0x7ff0_0000_0000_0001),
        altitude: f64::INFINITY,
        light: 0.1,
        humidity: 100.0,
    };
    let bytes = to_vec(&reading).unwrap();
    let expected = hex("
        0a 02 5331                  # 1 sensor_id: \"S1\"
        11 0000000000000080         # 2 ambient_temperature: -0.0, written
        19 0000000000000000         # 3 object_temperature: 0.0, written
        21 000000000000f03f         # 4 accelerometer_x: 1.0
        29 00000000000004c0         # 5 accelerometer_y: -2.5
        31 010000000000f07f         # 6 accelerometer_z: a signalling NaN
        39 000000000000f07f         # 7 altitude: infinity
        41 9a9999999999b93f         # 8 light: 0.1
        49 0000000000005940         # 9 humidity: 100.0
    ");
    assert_eq!(bytes, expected);
    assert_eq!(from_slice::<SensorReading>(&bytes).unwrap(), reading);
}

#[test]
fn graph_layout_has_edge_columns() {
    let graph = Graph {
        nodes: vec![
            Node {
                id: 0,
                name: "a".to_owned(),
                out_edges: vec![0, 1],
                in_edges: vec![0],
            },
            Node {
                id: 1,
                name: String::new(),
                out_edges: Vec::new(),
                in_edges: vec![1],
            },
        ],
        edges: vec![
            Edge {
                from: 0,
                to: 0,
                weight: 300,
            },
            Edge {
                from: 0,
                to: 1,
                weight: 0,
            },
        ],
    };
    let bytes = to_vec(&graph).unwrap();
    let expected = hex("
        0a 0a                       # 1 nodes: 10 bytes
          12 01 61                  #   2 name: \"a\" (id 0 left out)
          1a 02 00 01               #   3 out_edges: packed [0, 1]
          22 01 00                  #   4 in_edges: packed [0]
        0a 05                       # 1 nodes: 5 bytes
          08 01                     #   1 id: 1
          22 01 01                  #   4 in_edges: packed [1]
        12 02 00 00                 # 2 edge_from: packed [0, 0]
        1a 02 00 01                 # 3 edge_to: packed [0, 1]
        22 03 ac02 00               # 4 edge_weight: packed [300, 0]
    ");
    assert_eq!(bytes, expected);
    assert_eq!(from_slice::<Graph>(&bytes).unwrap(), graph);
}

#[test]
fn records_layout_zigzags_ids() {
    let record = Record {
        ids: vec![0, -1, 1, i64::MIN, i64::MAX],
        strings: vec![String::new(), "a".to_owned()],
    };
    let bytes = to_vec(&record).unwrap();
    let expected = hex("
        0a 17                       # 1 ids: packed, 23 bytes
          00 01 02                  #   0, -1, 1
          ffffffffffffffffff01      #   i64::MIN
          feffffffffffffffff01      #   i64::MAX
        12 00                       # 2 strings: \"\"
        12 01 61                    # 2 strings: \"a\"
    ");
    assert_eq!(bytes, expected);
    assert_eq!(from_slice::<Record>(&bytes).unwrap(), record);
}

#[test]
fn media_layout_writes_set_options() {
    let content = MediaContent {
        media: Media {
            uri: "u".to_owned(),
            title: Some(String::new()),
            width: -1,
            height: 0,
            format: String::new(),
            duration: 0,
            size: 0,
            bitrate: Some(0),
            persons: vec!["p".to_owned()],
            player: Player::Flash,
            copyright: None,
        },
        images: vec![Image {
            uri: String::new(),
            title: None,
            width: 0,
            height: 0,
            size: Size::Large,
        }],
    };
    let bytes = to_vec(&content).unwrap();
    let expected = hex("
        0a 02                       # 1 images: 2 bytes
          28 01                     #   5 size: SIZE_LARGE
        12 17                       # 2 media: 23 bytes
          0a 01 75                  #   1 uri: \"u\"
          12 00                     #   2 title: \"\", set
          18 ffffffffffffffffff01   #   3 width: int32 -1, as ten bytes
          40 00                     #   8 bitrate: 0, set
          4a 01 70                  #   9 persons: \"p\"
          50 01                     #   10 player: PLAYER_FLASH
    ");
    assert_eq!(bytes, expected);
    assert_eq!(from_slice::<MediaContent>(&bytes).unwrap(), content);
}

#[test]
fn log_layout_is_rsbs() {
    let logs = Logs {
        logs: vec![Log {
            address: Address {
                x0: 192,
                x1: 168,
                x2: 0,
                x3: 1,
            },
            identity: "-".to_owned(),
            userid: "bob".to_owned(),
            date: "d".to_owned(),
            request: "r".to_owned(),
            code: 404,
            size: 1234,
        }],
    };
    let bytes = to_vec(&logs).unwrap();
    let expected = hex("
        0a 1e                       # 1 logs: 30 bytes
          0a 08                     #   1 address: 8 bytes
            08 c001                 #     1 x0: 192
            10 a801                 #     2 x1: 168 (x2, 0, left out)
            20 01                   #     4 x3: 1
          12 01 2d                  #   2 identity: \"-\"
          1a 03 626f62              #   3 userid: \"bob\"
          22 01 64                  #   4 date: \"d\"
          2a 01 72                  #   5 request: \"r\"
          30 9403                   #   6 code: 404
          38 d209                   #   7 size: 1234
    ");
    assert_eq!(bytes, expected);
    assert_eq!(from_slice::<Logs>(&bytes).unwrap(), logs);
}

#[test]
fn mesh_layout_writes_negative_zero_alone() {
    let zero = Vector3 {
        x: 0.0,
        y: 0.0,
        z: 0.0,
    };
    let mesh = Mesh {
        triangles: vec![Triangle {
            v0: Vector3 {
                x: -0.0,
                y: 0.0,
                z: 1.0,
            },
            v1: zero,
            v2: zero,
            normal: zero,
        }],
    };
    let bytes = to_vec(&mesh).unwrap();
    let expected = hex("
        0a 12                       # 1 triangles: 18 bytes
          0a 0a                     #   1 v0: 10 bytes
            0d 00000080             #     1 x: -0.0, written
            1d 0000803f             #     3 z: 1.0 (y, +0.0, left out)
          12 00                     #   2 v1: +0.0 thrice, left out
          1a 00                     #   3 v2
          22 00                     #   4 normal
    ");
    assert_eq!(bytes, expected);
    assert_eq!(from_slice::<Mesh>(&bytes).unwrap(), mesh);
}

#[test]
fn sizes_meet_the_issue_targets() {
    // The C++ serializer benchmark's protobuf writes 16 116 bytes; zigzag
    // ids take 13 473.
    assert_eq!(to_vec(&Record::canonical()).unwrap().len(), 13_473);
    // jvm-serializers reports 217 bytes, but this value cannot take fewer
    // than 222 in protobuf: its 9 strings are 180 bytes plus a key and a
    // length each (198), and its 13 integers hold 24 bytes of varints
    // before any key. Its own proto2 schema writes this value in 242
    // bytes (239 without the 3-byte '스'); this layout writes 238.
    assert_eq!(to_vec(&MediaContent::canonical()).unwrap().len(), 238);
    for reading in SensorReading::workload(100) {
        assert_eq!(to_vec(&reading).unwrap().len(), 82);
    }
    // The Qt benchmark's protobuf writes 890 KB.
    assert_eq!(
        to_vec(&TaskManager::generate(10_000)).unwrap().len(),
        700_833
    );
}

/// rust_serialization_benchmark's published sizes of its four datasets
/// for prost, protobuf and buffa alike (docs/rsb/sizes.json, from its
/// benchmark_results/2026-08-21_21-37-06.json), to the byte: the same
/// values in the same schema. The other two libraries write these bytes
/// too (`alike.rs`).
#[test]
fn rsb_datasets_take_rsbs_sizes() {
    fn size<D: Dataset>() -> usize
    where
        Protobuf: serbench_model::Codec<D, Error = serbench_protobuf::Error>,
    {
        to_vec(&D::workload(D::DEFAULT_SIZE)[0]).unwrap().len()
    }
    assert_eq!(size::<Logs>(), 884_628);
    assert_eq!(size::<Mesh>(), 8_750_000);
    assert_eq!(size::<serbench_model::Players>(), 596_811);
    assert_eq!(size::<serbench_model::Updates>(), 1_859_886);
}

#[test]
fn native_halves_write_the_same_bytes() {
    let manager = TaskManager::generate(50);
    let message = Protobuf::build(&manager).unwrap();
    assert_eq!(message.lists.len(), manager.lists.len());
    let mut written = b"prefix".to_vec();
    <Protobuf as NativeCodec<TaskManager>>::write(&message, &mut written).unwrap();
    assert_eq!(written[..6], *b"prefix");
    assert_eq!(written[6..], to_vec(&manager).unwrap());
}

#[test]
fn reads_jvm_serializers_messages() {
    // What jvm-serializers' proto2 schema (tpc/schema/media.proto) writes
    // for the canonical value: the same field numbers, with the required
    // enums written even when zero (player JAVA, size SMALL).
    let image = |uri: &str, width, height, size| {
        Fields::default()
            .string(1, uri)
            .string(2, "Javaone Keynote")
            .varint(3, width)
            .varint(4, height)
            .varint(5, size)
    };
    let media = Fields::default()
        .string(1, "http://javaone.com/keynote.mpg")
        .string(2, "Javaone Keynote")
        .varint(3, 640)
        .varint(4, 480)
        .string(5, "video/mpg4")
        .varint(6, 18_000_000)
        .varint(7, 58_982_400)
        .varint(8, 262_144)
        .string(9, "Bill Gates")
        .string(9, "Steve Jobs스")
        .varint(10, 0);
    let jvm = Fields::default()
        .message(
            1,
            &image("http://javaone.com/keynote_large.jpg", 1024, 768, 1),
        )
        .message(
            1,
            &image("http://javaone.com/keynote_small.jpg", 320, 240, 0),
        )
        .message(2, &media);
    assert_eq!(jvm.0.len(), 242);
    assert_eq!(
        from_slice::<MediaContent>(&jvm.0).unwrap(),
        MediaContent::canonical()
    );
}
