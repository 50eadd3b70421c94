//! QDataStream's crafted hostile inputs, which the conformance kit runs on
//! a small stack within its memory bound: each must fail with the kind
//! given.
//!
//! QDataStream is positional: no field names, no type tags, no containers
//! but the ones the datasets' types imply. So nothing nests deeper than the
//! types, nothing can appear twice, and a "wrong type" can only be a byte
//! that is not a value of the field's type (a `bool` of 2). What the format
//! does declare is sizes, 32-bit ones: every string and list of every
//! dataset gets sizes far past the input (up to `0xFFFFFFFF`; the kit's
//! 2^32 and 2^63 do not fit 32 bits). The rest are the values Qt's types
//! can hold and the model cannot: time specs, color specs, null times and
//! dates, 16-bit color channels, and invalid UTF-16. Time spec
//! OffsetFromUTC with offset 0 is not among them: Qt reads it as UTC, and
//! so does the crate (`layout.rs` holds it to that, SECURITY.md says why).

use serbench_model::{Graph, MediaContent, Record, SensorReading, TaskManager, Uuid};
use serbench_qdatastream::{ErrorKind, to_vec};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, hex, overwritten};

use crate::layout::{SMALL_MANAGER, manager, small_manager};

pub(crate) struct Inputs;

/// Sizes far past any input: half of the 32-bit range, Qt 6.7's marker of
/// a 64-bit size (an ordinary size at `Qt_6_4`), and the largest that is
/// not the null marker.
const SIZES: [u32; 3] = [0x8000_0000, 0xFFFF_FFFE, 0xFFFF_FFF0];

pub(crate) fn crafted(
    class: Class,
    kind: ErrorKind,
    what: impl Into<String>,
    bytes: Vec<u8>,
) -> Crafted {
    Crafted::new(class, what, kind, bytes)
}

/// Each of [`SIZES`] written at `at`, a string's size or a list's count.
pub(crate) fn sizes(base: &[u8], at: usize, what: &str) -> Vec<Crafted> {
    SIZES
        .iter()
        .map(|size| {
            crafted(
                Class::Length,
                ErrorKind::Truncated,
                format!("{what} declares {size:#x}"),
                overwritten(base, at, &size.to_be_bytes()),
            )
        })
        .collect()
}

/// A task-manager whose user is the given UTF-16 (`units` big-endian
/// bytes, `declared` the size written before them).
fn user(declared: u32, units: &[u8]) -> Vec<u8> {
    let rest = &hex(SMALL_MANAGER)[manager::VERSION..];
    [&declared.to_be_bytes()[..], units, rest].concat()
}

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[
        (
            Class::Nesting,
            "the layout is positional, without self-describing containers: the datasets' types \
             fix the nesting (five levels at most), so no input nests deeper",
        ),
        (
            Class::Duplicate,
            "the layout is positional: each field is read once, in order, so none can appear twice",
        ),
        (
            Class::Dtd,
            "QDataStream has no document type declarations or entities",
        ),
        (
            Class::HugeText,
            "no error quotes the input: ids, colors, times and versions are binary, and \
             fields and enum values are positions and numbers, never names",
        ),
    ];

    /// Empty strings and nameless nodes: 4 and 14 bytes on the wire, a
    /// 24-byte `String` and an 80-byte `Node` in memory, in a vector
    /// reserved for two bytes a byte of input left and doubled from there
    /// as items arrive (the old and new buffers both live while it grows).
    const EXPANSION: usize = 12;
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use manager::*;

        let base = hex(SMALL_MANAGER);
        assert_eq!(to_vec(&small_manager()).unwrap(), base);
        [
            sizes(&base, USER, "the user"),
            sizes(&base, VERSION, "the version's segment list"),
            sizes(&base, LISTS, "the list of task lists"),
            sizes(&base, LIST_NAME, "a list's name"),
            sizes(&base, TASKS, "a list's tasks"),
            sizes(&base, DESCRIPTION, "a task's description"),
            utf16(),
            manager_enums(&base),
            manager_values(&base),
        ]
        .concat()
    }
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let base = to_vec(&SensorReading::generate(1)[0]).unwrap();
        let mut inputs = sizes(&base, 0, "the sensor id");
        let mut surrogate = base.clone();
        surrogate[4..6].copy_from_slice(&hex("dfff"));
        inputs.extend([
            crafted(
                Class::Utf8,
                ErrorKind::Syntax,
                "an unpaired surrogate in the sensor id",
                surrogate,
            ),
            crafted(
                Class::Other,
                ErrorKind::Truncated,
                "the last reading cut",
                base[..base.len() - 1].to_vec(),
            ),
        ]);
        inputs
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        // One node `a` with out-edge 0, one edge.
        let base = hex("
            00000001 0007 00000002 0061 00000001 00000000 00000000
            00000001 00000000 00000000 012c
        ");
        let mut inputs = [
            sizes(&base, 0, "the node list"),
            sizes(&base, 6, "a node's name"),
            sizes(&base, 12, "a node's out-edges"),
            sizes(&base, 20, "a node's in-edges"),
            sizes(&base, 24, "the edge list"),
        ]
        .concat();
        inputs.push(crafted(
            Class::Utf8,
            ErrorKind::Syntax,
            "a surrogate pair reversed in a node's name",
            overwritten(&base, 6, &hex("00000004 dc00 d800")),
        ));
        inputs
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let base = to_vec(&Record {
            ids: vec![1],
            strings: vec!["s".to_owned()],
        })
        .unwrap();
        let mut inputs = [
            sizes(&base, 0, "the id list"),
            sizes(&base, 12, "the string list"),
            sizes(&base, 16, "a string"),
        ]
        .concat();
        inputs.push(crafted(
            Class::Utf8,
            ErrorKind::Syntax,
            "an unpaired surrogate in a string",
            overwritten(&base, 20, &hex("d801")),
        ));
        inputs
    }
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::Invalid;

        let mut content = MediaContent::canonical();
        content.media.title = None;
        content.media.format = String::new();
        content.media.persons = vec!["p".to_owned()];
        content.images.truncate(1);
        "i".clone_into(&mut content.images[0].uri);
        let base = to_vec(&content).unwrap();
        let uri = 4 + 2 * content.media.uri.len();
        // uri, null title, width, height, empty format, duration, size.
        let bitrate = uri + 4 + 4 + 4 + 4 + 8 + 8;
        let persons = bitrate + 1 + 4;
        let player = persons + 4 + 6;
        let images = player + 1 + 4;
        let image_size = base.len() - 1;
        let mut inputs = [
            sizes(&base, 0, "the media's uri"),
            sizes(&base, persons, "the person list"),
            sizes(&base, persons + 4, "a person"),
            sizes(&base, images, "the image list"),
            sizes(&base, images + 4, "an image's uri"),
        ]
        .concat();
        inputs.extend([
            crafted(
                Class::WrongType,
                Invalid,
                "a bitrate flag of 2, not a bool",
                overwritten(&base, bitrate, &[2]),
            ),
            crafted(
                Class::UnknownEnum,
                Invalid,
                "player 2",
                overwritten(&base, player, &[2]),
            ),
            crafted(
                Class::UnknownEnum,
                Invalid,
                "image size -1",
                overwritten(&base, image_size, &[0xff]),
            ),
            crafted(
                Class::Utf8,
                ErrorKind::Syntax,
                "an unpaired surrogate in a person",
                overwritten(&base, persons + 8, &hex("da00")),
            ),
        ]);
        inputs
    }
}

/// A task time whose sub-millisecond extension holds `nanos`, which is out
/// of its range (1 to 999 999).
fn sub_millisecond(nanos: u32) -> Crafted {
    let mut manager = small_manager();
    manager.lists[0].tasks[0].header.created = crate::layout::at(0, 1, 0);
    manager.lists[0].tasks[0].header.id = Uuid::nil();
    let bytes = to_vec(&manager).unwrap();
    let at = manager::TASK_SPEC + 1;
    assert_eq!(bytes[at - 1..at + 4], hex("41 00000001"));
    crafted(
        Class::Other,
        ErrorKind::Invalid,
        format!("{nanos} nanoseconds in the sub-millisecond extension"),
        overwritten(&bytes, at, &nanos.to_be_bytes()),
    )
}

/// Invalid UTF-16 in the task-manager's user.
fn utf16() -> Vec<Crafted> {
    use ErrorKind::Syntax;

    vec![
        crafted(
            Class::Utf8,
            Syntax,
            "an unpaired high surrogate",
            user(4, &hex("d800 0041")),
        ),
        crafted(
            Class::Utf8,
            Syntax,
            "an unpaired low surrogate",
            user(2, &hex("dc00")),
        ),
        crafted(
            Class::Utf8,
            Syntax,
            "a high surrogate at the end",
            user(2, &hex("d83e")),
        ),
        crafted(
            Class::Utf8,
            Syntax,
            "an odd string size",
            user(3, &hex("0041 00")),
        ),
    ]
}

/// Enum values Qt has and the model does not: priorities, time specs, color specs.
fn manager_enums(base: &[u8]) -> Vec<Crafted> {
    use ErrorKind::Invalid;
    use manager::*;

    vec![
        crafted(
            Class::UnknownEnum,
            Invalid,
            "priority 4",
            overwritten(base, PRIORITY, &[4]),
        ),
        crafted(
            Class::UnknownEnum,
            Invalid,
            "priority -1",
            overwritten(base, PRIORITY, &[0xff]),
        ),
        crafted(
            Class::UnknownEnum,
            Invalid,
            "time spec LocalTime (0)",
            overwritten(base, TASK_SPEC, &[0]),
        ),
        crafted(
            Class::UnknownEnum,
            Invalid,
            "time spec TimeZone (3)",
            overwritten(base, TASK_SPEC, &[3]),
        ),
        crafted(
            Class::UnknownEnum,
            Invalid,
            "time spec 7",
            overwritten(base, TASK_SPEC, &[7]),
        ),
        crafted(
            Class::UnknownEnum,
            Invalid,
            "local time with the sub-millisecond bit (0x40)",
            overwritten(base, TASK_SPEC, &[0x40]),
        ),
        crafted(
            Class::UnknownEnum,
            Invalid,
            "color spec Hsv (2)",
            overwritten(base, LIST_COLOR, &[2]),
        ),
        crafted(
            Class::UnknownEnum,
            Invalid,
            "color spec Invalid (0)",
            overwritten(base, LIST_COLOR, &[0]),
        ),
    ]
}

/// Values Qt's types hold and the model's do not, and cuts.
fn manager_values(base: &[u8]) -> Vec<Crafted> {
    use ErrorKind::{Invalid, Truncated};
    use manager::*;

    let mut inputs = vec![
        crafted(
            Class::WrongType,
            Invalid,
            "completed is 2, not a bool",
            overwritten(base, COMPLETED, &[2]),
        ),
        crafted(
            Class::Other,
            Invalid,
            "a 16-bit color channel 0x1234",
            overwritten(base, LIST_COLOR + 3, &hex("1234")),
        ),
        crafted(
            Class::Other,
            Invalid,
            "a color pad of 1",
            overwritten(base, LIST_COLOR + 9, &hex("0001")),
        ),
        crafted(
            Class::Other,
            Invalid,
            "a null QTime (0xFFFFFFFF ms)",
            overwritten(base, TASK_TIME + 8, &hex("ffffffff")),
        ),
        crafted(
            Class::Other,
            Invalid,
            "86 400 000 ms, one past the day",
            overwritten(base, TASK_TIME + 8, &86_400_000u32.to_be_bytes()),
        ),
        crafted(
            Class::Other,
            Invalid,
            "a null QDate (Julian day i64::MIN)",
            overwritten(base, TASK_TIME, &i64::MIN.to_be_bytes()),
        ),
        crafted(
            Class::Other,
            Invalid,
            "a Julian day past year 9999",
            overwritten(base, TASK_TIME, &10_000_000i64.to_be_bytes()),
        ),
        crafted(
            Class::Other,
            Invalid,
            "an offset of 48 hours",
            overwritten(base, LIST_SPEC + 1, &172_800i32.to_be_bytes()),
        ),
        crafted(
            Class::Other,
            Truncated,
            "the sub-millisecond bit, then the end",
            overwritten(base, TASK_SPEC, &[0x41])[..=TASK_SPEC].to_vec(),
        ),
        crafted(
            Class::Other,
            Truncated,
            "cut inside a task's id",
            base[..TASKS + 4 + 7].to_vec(),
        ),
    ];
    inputs.push(sub_millisecond(1_000_000));
    inputs.push(sub_millisecond(0));
    inputs
}
