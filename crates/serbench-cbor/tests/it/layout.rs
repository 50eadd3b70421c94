//! The wire layout the crate docs promise, byte for byte where it matters,
//! and documents written the way Qt's `QCborValue` writes them.

use ciborium::Value;
use serbench_cbor::{from_slice, to_vec};
use serbench_model::forms::parse_timestamp;
use serbench_model::mesh::{Triangle, Vector3};
use serbench_model::{
    Codec, Color, Dataset, Graph, MediaContent, Mesh, Priority, Record, SensorReading, Task,
    TaskHeader, TaskList, TaskManager, Uuid, Version,
};
use serbench_testkit::hex;

/// One list holding one task, with an offset, milliseconds and a
/// translucent color.
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
                color: Color::rgb(0xff, 0, 0),
                created: parse_timestamp("2025-11-03T09:00:00Z").unwrap(),
            },
            tasks: vec![Task {
                header: TaskHeader {
                    id: Uuid::from_u128(0xffee_ddcc_bbaa_9988_7766_5544_3322_1100),
                    name: "T".to_owned(),
                    color: Color::from_argb(0x80ff_0000),
                    created: parse_timestamp("2025-11-03T10:00:00.5+01:00").unwrap(),
                },
                description: "d".to_owned(),
                priority: Priority::Critical,
                completed: true,
            }],
        }],
    }
}

const SMALL_MANAGER: &str = "
    a3                                      # map(3)
      64 75736572                           # 'user'
      61 75                                 # 'u'
      67 76657273696f6e                     # 'version'
      65 312e302e30                         # '1.0.0'
      65 6c69737473                         # 'lists'
      81                                    # array(1)
        a2                                  # map(2)
          66 686561646572                   # 'header'
          a4                                # map(4)
            62 6964                         # 'id'
            d8 25                           # tag(37): binary UUID
              50 00112233445566778899aabbccddeeff
            64 6e616d65                     # 'name'
            61 4c                           # 'L'
            65 636f6c6f72                   # 'color'
            67 23666630303030               # '#ff0000'
            67 63726561746564               # 'created'
            c0                              # tag(0): date/time text
              78 18 323032352d31312d3033    # '2025-11-03
                    5430393a30303a3030      #  T09:00:00
                    2e3030305a              #  .000Z'
          65 7461736b73                     # 'tasks'
          81                                # array(1)
            a4                              # map(4)
              66 686561646572               # 'header'
              a4                            # map(4)
                62 6964                     # 'id'
                d8 25                       # tag(37)
                  50 ffeeddccbbaa99887766554433221100
                64 6e616d65                 # 'name'
                61 54                       # 'T'
                65 636f6c6f72               # 'color'
                69 233830666630303030       # '#80ff0000'
                67 63726561746564           # 'created'
                c0                          # tag(0)
                  78 1d 323032352d31312d3033  # '2025-11-03
                        5431303a30303a3030    #  T10:00:00
                        2e3530302b30313a3030  #  .500+01:00'
              6b 6465736372697074696f6e     # 'description'
              61 64                         # 'd'
              68 7072696f72697479           # 'priority'
              03                            # 3
              69 636f6d706c65746564         # 'completed'
              f5                            # true
";

#[test]
fn task_manager_follows_the_qt_layout_byte_for_byte() {
    let manager = small_manager();
    let bytes = to_vec(&manager).unwrap();
    assert_eq!(bytes, hex(SMALL_MANAGER));
    let back: TaskManager = from_slice(&bytes).unwrap();
    assert_eq!(back, manager);
    assert_eq!(
        back.lists[0].tasks[0].header.created.offset().whole_hours(),
        1
    );
}

#[test]
fn generated_task_manager_matches_qts_size() {
    let manager = TaskManager::generate(10_000);
    let bytes = to_vec(&manager).unwrap();
    // The Qt benchmark's CBOR with tagged ids is 1 511 KB for the same data.
    let kb = bytes.len() as f64 / 1000.0;
    assert!((1_480.0..1_540.0).contains(&kb), "{kb} KB");
    let decoded: TaskManager = from_slice(&bytes).unwrap();
    assert_eq!(decoded.traverse(), manager.traverse());
}

/// The first list's header as `QCborValue` builds it.
fn qt_header(id: Uuid, created: &str) -> Value {
    Value::Map(vec![
        (text("created"), Value::Tag(0, Box::new(text(created)))),
        (text("color"), text("#80FF0000")),
        (text("name"), text("Übung 🦀")),
        (
            text("id"),
            Value::Tag(37, Box::new(Value::Bytes(id.as_bytes().to_vec()))),
        ),
    ])
}

fn text(text: &str) -> Value {
    Value::Text(text.to_owned())
}

fn encode(value: &Value) -> Vec<u8> {
    let mut bytes = Vec::new();
    ciborium::into_writer(value, &mut bytes).unwrap();
    bytes
}

#[test]
fn reads_what_qt_writes() {
    // Keys in another order, upper-case hex, a UTC offset and Qt's
    // `ISODateWithMs` times, indefinite-length arrays and strings.
    let id = Uuid::from_u128(0x67e5_5044_10b1_426f_9247_bb68_0e5f_e0c8);
    let document = Value::Map(vec![
        (text("version"), text("6.10.0")),
        (
            text("lists"),
            Value::Array(vec![Value::Map(vec![
                (text("tasks"), Value::Array(Vec::new())),
                (
                    text("header"),
                    qt_header(id, "2025-11-03T10:00:00.500+01:00"),
                ),
            ])]),
        ),
        (text("user"), text("u")),
    ]);
    let manager: TaskManager = from_slice(&encode(&document)).unwrap();
    let header = &manager.lists[0].header;
    assert_eq!(header.id, id);
    assert_eq!(header.color, Color::from_argb(0x80ff_0000));
    assert_eq!(header.name, "Übung 🦀");
    assert_eq!(header.created.offset().whole_hours(), 1);
    assert_eq!(header.created.nanosecond(), 500_000_000);
    assert_eq!(manager.version.segments, [6, 10, 0]);

    let indefinite = hex("
        bf                                  # map(*)
          64 75736572  7f 62 7520 61 75 ff  # 'user': ('u ' 'u')
          67 76657273696f6e  60             # 'version': ''
          65 6c69737473  9f ff              # 'lists': [*]
        ff                                  # break
    ");
    let manager: TaskManager = from_slice(&indefinite).unwrap();
    assert_eq!(manager.user, "u u");
    assert_eq!(manager.version, Version::default());
}

#[test]
fn other_datasets_are_maps_keyed_by_field_name() {
    let media = encode_value(&MediaContent::canonical());
    let Value::Map(media) = media else {
        panic!("{media:?}")
    };
    assert_eq!(media[0].0, text("media"));
    let Value::Map(inner) = &media[0].1 else {
        panic!()
    };
    assert_eq!(inner[9], (text("player"), text("JAVA")));
    assert_eq!(inner[10], (text("copyright"), Value::Null));

    let record = to_vec(&Record::canonical()).unwrap();
    // {"ids": [-7363025924956902506, …: a negative integer in 8 bytes.
    assert!(record.starts_with(&hex("a2 63 696473 99 03e8 3b 662e b911 590c 5469")));

    let graph = encode_value(&Graph::generate(2));
    let Value::Map(graph) = graph else { panic!() };
    assert_eq!(graph[0].0, text("nodes"));
    assert_eq!(graph[1].0, text("edges"));

    let reading = &SensorReading::generate(1)[0];
    let bytes = to_vec(reading).unwrap();
    // Full-precision readings take 9 bytes each: 0xfb and the 8 bytes.
    let keys: usize = SensorReading::READING_NAMES
        .iter()
        .map(|k| 1 + k.len())
        .sum();
    assert_eq!(bytes.len(), 1 + (1 + 9) + (1 + 8) + keys + 8 * 9);
}

/// A triangle whose `f32`s take each width: halves where a half holds the
/// value, a single where only a single does, and a signalling NaN as the
/// double of its payload, which ciborium's widening would have quieted.
#[test]
fn mesh_floats_take_the_shortest_width_that_keeps_their_bits() {
    let vector = |x, y, z| Vector3 { x, y, z };
    let mesh = Mesh {
        triangles: vec![Triangle {
            v0: vector(0.5, 0.25, -0.0),
            v1: vector(1.0, 0.1, 2.0),
            v2: vector(0.0, 0.0, 0.0),
            normal: vector(f32::from_bits(0x7f80_0001), f32::MAX, f32::INFINITY),
        }],
    };
    let expected = hex("
        a1                                  # map(1)
          69 747269616e676c6573             # 'triangles'
          81                                # array(1)
            a4                              # map(4)
              62 7630                       # 'v0'
              a3 6178 f9 3800               # x: 0.5, a half
                 6179 f9 3400               # y: 0.25
                 617a f9 8000               # z: -0.0
              62 7631                       # 'v1'
              a3 6178 f9 3c00               # x: 1.0
                 6179 fa 3dcccccd           # y: 0.1, a single
                 617a f9 4000               # z: 2.0
              62 7632                       # 'v2'
              a3 6178 f9 0000  6179 f9 0000  617a f9 0000
              66 6e6f726d616c               # 'normal'
              a3 6178 fb 7ff0000020000000   # x: a signalling NaN, as a double
                 6179 fa 7f7fffff           # y: the largest single
                 617a f9 7c00               # z: infinity
    ");
    let bytes = to_vec(&mesh).unwrap();
    assert_eq!(bytes, expected);
    assert!(<serbench_cbor::CborMinicbor as Codec<Mesh>>::to_vec(&mesh).unwrap() == bytes);
    let back: Mesh = from_slice(&bytes).unwrap();
    assert_eq!(back, mesh);
    let back = <serbench_cbor::CborMinicbor as Codec<Mesh>>::decode(&bytes).unwrap();
    assert_eq!(back, mesh);
    let singles = <serbench_cbor::CborCbor4ii as Codec<Mesh>>::to_vec(&mesh).unwrap();
    // Nine halves become singles.
    assert_eq!(singles.len(), bytes.len() + 9 * 2);
    for decode in [
        <serbench_cbor::Cbor as Codec<Mesh>>::decode,
        <serbench_cbor::CborCbor4ii as Codec<Mesh>>::decode,
        <serbench_cbor::CborMinicbor as Codec<Mesh>>::decode,
    ] {
        assert_eq!(decode(&singles).unwrap(), mesh);
    }
}

fn encode_value<T: Dataset>(value: &T) -> Value
where
    serbench_cbor::Cbor: serbench_model::Codec<T>,
{
    ciborium::from_reader(&to_vec(value).unwrap()[..]).unwrap()
}

#[test]
fn leniencies_the_docs_admit() {
    // Heads longer than their value needs are well formed: the user's
    // length in 9 bytes, the lists' in 2, a priority in 9, a float in 9.
    let long_heads = hex("
        a3                                    # map(3)
          64 75736572                         # 'user'
          7b 0000000000000001 75              # 'u', its length in 8 bytes
          67 76657273696f6e  65 312e302e30    # 'version': '1.0.0'
          65 6c69737473                       # 'lists'
          98 00                               # array(0), its length in a byte
    ");
    let manager: TaskManager = from_slice(&long_heads).unwrap();
    assert_eq!(manager.user, "u");
    let task = hex("a4 66 686561646572");
    let mut bytes = to_vec(&small_manager()).unwrap();
    let priority = hex("68 7072696f72697479 03");
    let at = bytes
        .windows(priority.len())
        .position(|w| w == priority)
        .unwrap();
    bytes.splice(at + 9..at + 10, hex("1b 0000000000000003"));
    assert!(bytes[..at].ends_with(&[]) && bytes.starts_with(&hex("a3")) && !task.is_empty());
    let manager: TaskManager = from_slice(&bytes).unwrap();
    assert_eq!(manager, small_manager());
    let reading: SensorReading = {
        let mut bytes = to_vec(&SensorReading::generate(1)[0]).unwrap();
        // The first reading, 21.5 or whatever it is, as the double it is.
        bytes.truncate(0);
        bytes.extend(hex("a9 69 73656e736f725f6964 60"));
        for name in SensorReading::READING_NAMES {
            bytes.push(0x60 + name.len() as u8);
            bytes.extend_from_slice(name.as_bytes());
            bytes.extend(hex("fb 3ff8000000000000"));
        }
        from_slice(&bytes).unwrap()
    };
    assert!(
        reading
            .readings()
            .iter()
            .all(|&r| r.to_bits() == 1.5_f64.to_bits())
    );

    // A byte string reads as the array of its bytes where integers belong.
    let record: Record = from_slice(&hex("a2 63 696473 42 0102 67 737472696e6773 80")).unwrap();
    assert_eq!(record.ids, [1, 2]);
    // `undefined` reads as null where a value is optional.
    let mut media = to_vec(&MediaContent::canonical()).unwrap();
    let copyright = hex("69 636f70797269676874 f6");
    let at = media
        .windows(copyright.len())
        .position(|w| w == copyright)
        .unwrap();
    media[at + copyright.len() - 1] = 0xf7;
    let back: MediaContent = from_slice(&media).unwrap();
    assert_eq!(back, MediaContent::canonical());
}
