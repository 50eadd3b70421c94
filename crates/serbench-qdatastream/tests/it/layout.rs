//! The layout the crate docs promise, byte for byte: Qt's own types as Qt
//! 6 writes them at `Qt_6_4`, the extension for sub-millisecond times, and
//! the sizes the issue asks for.

use serbench_model::forms;
use serbench_model::{
    Color, Dataset, Edge, Graph, Image, Media, MediaContent, Node, OffsetDateTime, Player,
    Priority, Record, SensorReading, Size, Task, TaskHeader, TaskList, TaskManager, Uuid, Version,
};
use serbench_qdatastream::{ErrorKind, from_slice, to_vec};
use serbench_testkit::hex;

pub(crate) fn at(seconds: i64, nanos: u32, offset: i32) -> OffsetDateTime {
    forms::timestamp_from_parts(seconds, nanos, offset).unwrap()
}

/// One list holding one task; the list's header sets every field, the
/// task's only its id. [`SMALL_MANAGER`] is what Qt 6.4's own QDataStream
/// writes for it at `Qt_6_4` (interop/qt's program, given the value as
/// JSON: `1969-12-31T23:00:01.005-01:00`, `#102030`, `#00000000`).
pub(crate) fn small_manager() -> TaskManager {
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
                created: at(1, 5_000_000, -3_600),
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

pub(crate) const SMALL_MANAGER: &str = "
    00000002 0075                       # user: QString \"u\"
    00000003 00000001 00000000 00000000 # version: QList<int> [1, 0, 0]
    00000001                            # lists: 1
      00112233445566778899aabbccddeeff  #   id: QUuid
      00000002 004c                     #   name: \"L\"
      0000000000253d8b                  #   created: Julian day 2440587 (1969-12-31, local)
      04ef716d                          #     82 801 005 ms: 23:00:01.005
      02 fffff1f0                       #     OffsetFromUTC, -3600 s
      01 ffff 1010 2020 3030 0000       #   color: Rgb, alpha, r, g, b, pad
      00000001                          #   tasks: 1
        ffffffffffffffffffffffffffffffff #    id
        00000000                        #     name: \"\" (empty, not null)
        0000000000253d8c 00000000 01    #     created: 1970-01-01 00:00, UTC
        01 0000 0000 0000 0000 0000     #     color: transparent black
        00000002 0064                   #     description: \"d\"
        03                              #     priority: qint8 Critical
        01                              #     completed: true
";

/// Where things are in [`SMALL_MANAGER`].
pub(crate) mod manager {
    pub(crate) const USER: usize = 0;
    pub(crate) const VERSION: usize = 6;
    pub(crate) const LISTS: usize = 22;
    pub(crate) const LIST_NAME: usize = 42;
    pub(crate) const LIST_SPEC: usize = 60;
    pub(crate) const LIST_COLOR: usize = 65;
    pub(crate) const TASKS: usize = 76;
    pub(crate) const TASK_NAME: usize = 96;
    pub(crate) const TASK_TIME: usize = 100;
    pub(crate) const TASK_SPEC: usize = 112;
    pub(crate) const DESCRIPTION: usize = 124;
    pub(crate) const PRIORITY: usize = 130;
    pub(crate) const COMPLETED: usize = 131;
}

#[test]
fn task_manager_layout() {
    let manager = small_manager();
    let bytes = to_vec(&manager).unwrap();
    assert_eq!(bytes, hex(SMALL_MANAGER));
    assert_eq!(from_slice::<TaskManager>(&bytes).unwrap(), manager);
}

/// The bytes of the one task's `created` in [`small_manager`] set to `time`.
fn task_created(time: OffsetDateTime) -> Vec<u8> {
    let mut manager = small_manager();
    manager.lists[0].tasks[0].header.created = time;
    let bytes = to_vec(&manager).unwrap();
    assert_eq!(from_slice::<TaskManager>(&bytes).unwrap(), manager);
    // Everything after the time is as long as in the fixture.
    let after = hex(SMALL_MANAGER).len() - (manager::TASK_TIME + 13);
    bytes[manager::TASK_TIME..bytes.len() - after].to_vec()
}

#[test]
fn date_time_layouts() {
    // 2025-11-03T14:30:00.123456789+05:30: whole milliseconds as Qt
    // writes them, the rest in serbench's extension.
    assert_eq!(
        task_created(at(1_762_160_400, 123_456_789, 19_800)),
        hex("
            0000000000258d37    # Julian day 2460983: 2025-11-03
            031c82bb            # 52 200 123 ms: 14:30:00.123
            42 00004d58         # OffsetFromUTC + 0x40, 19 800 s
            0006f855            # 456 789 ns below the millisecond
        ")
    );
    // The same instant in UTC, in whole milliseconds: spec 1, no offset.
    assert_eq!(
        task_created(at(1_762_160_400, 5_000_000, 0)),
        hex("0000000000258d37 01ee6285 01")
    );
    // Year 0 at -14:00, a second-level offset: Qt's layout holds both.
    assert_eq!(
        task_created(at(-62_135_596_800, 0, -50_400)),
        hex("00000000001a4451 02255100 02 ffff3b20")
    );
    assert_eq!(
        task_created(at(0, 1, 19_815)),
        hex("0000000000253d8c 012e5a58 42 00004d67 00000001")
    );
}

/// [`small_manager`] with one task for each of `times`.
fn created_at(times: &[OffsetDateTime]) -> TaskManager {
    let mut manager = small_manager();
    let task = manager.lists[0].tasks[0].clone();
    manager.lists[0].tasks = times
        .iter()
        .map(|&created| {
            let mut task = task.clone();
            task.header.created = created;
            task
        })
        .collect();
    manager
}

#[test]
fn times_on_one_day_reuse_its_date() {
    // The reader builds a date once for a run of times on one local day
    // at one offset; times that keep, change or come back to either read
    // back as written.
    const DAY: i64 = 1_762_128_000; // 2025-11-03T00:00:00Z
    let manager = created_at(&[
        at(DAY, 0, 0),
        at(DAY + 86_399, 999_999_999, 0),
        at(DAY + 3_600, 1, 0),
        at(DAY + 3_600, 0, 3_600),
        at(DAY - 3_600, 5_000_000, 3_600),
        at(DAY + 86_400, 0, 3_600),
        at(DAY + 7_200, 0, 0),
        at(DAY + 7_200, 0, -50_400),
        at(DAY + 7_200, 0, 0),
    ]);
    let bytes = to_vec(&manager).unwrap();
    assert_eq!(from_slice::<TaskManager>(&bytes).unwrap(), manager);
}

#[test]
fn a_clock_on_a_day_already_read_is_still_range_checked() {
    // 9999-12-31, the model's last day, at -05:00: 01:00 is in range
    // (06:00 UTC), 20:00 is not (01:00 UTC in the year 10000).
    const LAST_DAY: i64 = 253_402_214_400;
    let offset = -18_000;
    let manager = created_at(&[
        at(LAST_DAY + 18_000, 0, offset),
        at(LAST_DAY + 18_000 + 3_600, 0, offset),
    ]);
    let mut bytes = to_vec(&manager).unwrap();
    let second = [
        &5_373_484_i64.to_be_bytes()[..],
        &3_600_000_u32.to_be_bytes(),
    ]
    .concat();
    let time = bytes.windows(12).position(|w| w == second).unwrap();
    bytes[time + 8..time + 12].copy_from_slice(&72_000_000_u32.to_be_bytes());
    let error = from_slice::<TaskManager>(&bytes).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Invalid);
    assert_eq!(error.position().offset(), Some(time));
}

#[test]
fn telemetry_layout_keeps_every_bit() {
    let reading = SensorReading::from_readings(
        "S1".to_owned(),
        [
            -0.0,
            0.0,
            1.0,
            -2.5,
            f64::from_bits(0x7ff0_0000_0000_0001),
            f64::INFINITY,
            0.1,
            100.0,
        ],
    );
    let bytes = to_vec(&reading).unwrap();
    let expected = hex("
        00000004 0053 0031      # sensor id: QString \"S1\"
        8000000000000000        # ambient temperature: -0.0
        0000000000000000        # object temperature
        3ff0000000000000        # accelerometer x: 1.0
        c004000000000000        # accelerometer y: -2.5
        7ff0000000000001        # accelerometer z: a signalling NaN
        7ff0000000000000        # altitude: infinity
        3fb999999999999a        # light: 0.1
        4059000000000000        # humidity: 100.0
    ");
    assert_eq!(bytes, expected);
    assert_eq!(from_slice::<SensorReading>(&bytes).unwrap(), reading);
}

#[test]
fn strings_are_utf16() {
    let record = Record {
        ids: vec![-1, i64::MAX],
        strings: vec![String::new(), "é🦀".to_owned()],
    };
    let bytes = to_vec(&record).unwrap();
    let expected = hex("
        00000002 ffffffffffffffff 7fffffffffffffff  # ids: QList<qint64>
        00000002                                    # strings: 2
          00000000                                  #   \"\"
          00000006 00e9 d83e dd80                   #   é, then 🦀 as a surrogate pair
    ");
    assert_eq!(bytes, expected);
    assert_eq!(from_slice::<Record>(&bytes).unwrap(), record);

    // ASCII is read four units at a time: strings that leave that path
    // in the first word, a later one, or the remainder.
    let strings = [
        "\u{7f}abcdefg",
        "abcd\u{80}",
        "abcdefgh\u{ff}",
        "abcdefgh\u{100}x",
        "abcdefgh\u{ff00}",
        "ab\0",
        "abcdefghi",
    ];
    let record = Record {
        ids: Vec::new(),
        strings: strings.map(str::to_owned).to_vec(),
    };
    let bytes = to_vec(&record).unwrap();
    assert_eq!(from_slice::<Record>(&bytes).unwrap(), record);

    // Every length up to four words and a remainder, with each of the
    // units around the ASCII limit at each place.
    let mut strings = Vec::new();
    for len in 0..=17 {
        strings.push("a".repeat(len));
        for place in 0..len {
            for unit in [
                '\u{7f}', '\u{80}', '\u{ff}', '\u{100}', '\u{17f}', '\u{7f00}', '\u{ff7f}',
            ] {
                let mut text: Vec<char> = "a".repeat(len).chars().collect();
                text[place] = unit;
                strings.push(text.into_iter().collect());
            }
        }
    }
    // The bytes as `encode_utf16` gives them, one unit at a time.
    let mut expected = [0_u32.to_be_bytes(), (strings.len() as u32).to_be_bytes()].concat();
    for text in &strings {
        let units: Vec<u16> = text.encode_utf16().collect();
        expected.extend((2 * units.len() as u32).to_be_bytes());
        expected.extend(units.iter().flat_map(|unit| unit.to_be_bytes()));
    }
    let record = Record {
        ids: Vec::new(),
        strings,
    };
    let bytes = to_vec(&record).unwrap();
    assert_eq!(bytes, expected);
    assert_eq!(from_slice::<Record>(&bytes).unwrap(), record);
}

#[test]
fn graph_layout() {
    let graph = Graph {
        nodes: vec![Node {
            id: 7,
            name: "a".to_owned(),
            out_edges: vec![0],
            in_edges: Vec::new(),
        }],
        edges: vec![Edge {
            from: 0,
            to: 0,
            weight: 300,
        }],
    };
    let bytes = to_vec(&graph).unwrap();
    let expected = hex("
        00000001                    # nodes: 1
          0007 00000002 0061        #   id 7, name \"a\"
          00000001 00000000         #   out-edges [0]
          00000000                  #   in-edges []
        00000001                    # edges: 1
          00000000 00000000 012c    #   0 -> 0, weight 300
    ");
    assert_eq!(bytes, expected);
    assert_eq!(from_slice::<Graph>(&bytes).unwrap(), graph);
}

#[test]
fn media_layout_marks_missing_strings_null() {
    let content = MediaContent {
        media: Media {
            uri: "u".to_owned(),
            title: Some(String::new()),
            width: -1,
            height: 0,
            format: String::new(),
            duration: 1,
            size: 2,
            bitrate: Some(3),
            persons: vec!["p".to_owned()],
            player: Player::Flash,
            copyright: None,
        },
        images: vec![Image {
            uri: String::new(),
            title: None,
            width: 4,
            height: 5,
            size: Size::Large,
        }],
    };
    let bytes = to_vec(&content).unwrap();
    let expected = hex("
        00000002 0075               # uri \"u\"
        00000000                    # title: Some(\"\"), empty
        ffffffff 00000000           # width -1, height 0
        00000000                    # format \"\"
        0000000000000001            # duration
        0000000000000002            # size
        01 00000003                 # a bitrate follows: 3
        00000001 00000002 0070      # persons [\"p\"]
        01                          # player Flash
        ffffffff                    # copyright: None, null
        00000001                    # images: 1
          00000000 ffffffff         #   uri \"\", title None
          00000004 00000005 01      #   4 x 5, Large
    ");
    assert_eq!(bytes, expected);
    assert_eq!(from_slice::<MediaContent>(&bytes).unwrap(), content);
}

#[test]
fn sizes() {
    for reading in SensorReading::workload(1_000) {
        assert_eq!(to_vec(&reading).unwrap().len(), 84);
    }
    // The Qt benchmark's 1 127 KB.
    assert_eq!(
        to_vec(&TaskManager::generate(10_000)).unwrap().len(),
        1_127_206
    );
    // 4 + 8 000 for the ids, 4 + 100 * (4 + 172) for the strings.
    assert_eq!(to_vec(&Record::canonical()).unwrap().len(), 25_608);
    assert_eq!(to_vec(&MediaContent::canonical()).unwrap().len(), 452);
}

#[test]
fn reads_a_null_string_as_empty() {
    let mut bytes = hex(SMALL_MANAGER);
    // The task's empty name, written by Qt for a null QString.
    let name = manager::TASK_NAME;
    assert_eq!(bytes[name..name + 4], [0, 0, 0, 0]);
    bytes[name..name + 4].copy_from_slice(&[0xff; 4]);
    assert_eq!(from_slice::<TaskManager>(&bytes).unwrap(), small_manager());
}

#[test]
fn errors_name_the_item_and_offset() {
    let bytes = hex(SMALL_MANAGER);
    let priority = manager::PRIORITY;
    let mut bad = bytes.clone();
    bad[priority] = 4;
    let error = from_slice::<TaskManager>(&bad).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Invalid);
    assert_eq!(error.position().offset(), Some(priority));
    let error = from_slice::<TaskManager>(&bytes[..bytes.len() - 1]).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Truncated);
    assert_eq!(error.position().offset(), Some(bytes.len() - 1));
    let error = from_slice::<TaskManager>(&[bytes.as_slice(), b"\0"].concat()).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::TrailingBytes);
    assert_eq!(error.position().offset(), Some(bytes.len()));
}

/// Spec `OffsetFromUTC` with offset 0, which Qt never writes (a
/// `QDateTime` at offset 0 is UTC, spec 1) but reads, as UTC: the crate
/// reads it as the same time at offset 0, the one value the model has for
/// both, and writes it back as UTC (SECURITY.md).
#[test]
fn reads_offset_from_utc_zero_as_utc_and_writes_utc() {
    let bytes = hex(SMALL_MANAGER);
    let spec = manager::TASK_SPEC;
    assert_eq!(bytes[spec], 0x01);
    let offset_zero = [&bytes[..spec], &hex("02 00000000"), &bytes[spec + 1..]].concat();
    let read = from_slice::<TaskManager>(&offset_zero).unwrap();
    assert_eq!(read, small_manager());
    assert_eq!(to_vec(&read).unwrap(), bytes);

    // With serbench's sub-millisecond extension (0x40) on the spec.
    let time = at(0, 1, 0);
    let utc = task_created(time);
    assert_eq!(utc, hex("0000000000253d8c 00000000 41 00000001"));
    let mut manager = small_manager();
    manager.lists[0].tasks[0].header.created = time;
    let written = to_vec(&manager).unwrap();
    let from = manager::TASK_TIME;
    let offset_zero = [
        &written[..from],
        &hex("0000000000253d8c 00000000 42 00000000 00000001"),
        &written[from + utc.len()..],
    ]
    .concat();
    let read = from_slice::<TaskManager>(&offset_zero).unwrap();
    assert_eq!(read, manager);
    assert_eq!(to_vec(&read).unwrap(), written);
}
