//! Thrift's crafted hostile inputs, one set per protocol, which the
//! conformance kit runs on a small stack within its memory bound: each
//! must fail with the kind given.
//!
//! The inputs are written by hand ([`crate::wire`]), so each protocol gets
//! the same attacks: lengths and counts far past the input (`0x7fffffff`,
//! the most an `i32` holds, and `0xffffffff`, which the binary protocol
//! reads as −1 and the thrift crate would turn into a huge allocation),
//! invalid UTF-8, fields of the wrong type or given twice, unknown enum
//! values, an unknown field nested 100 000 structs deep, and values the
//! model cannot hold. The compact protocol's varints are also written
//! wider than their type ([`too_wide`]).

use std::marker::PhantomData;

use serbench_model::{Codec, Dataset, Graph, MediaContent, Record, SensorReading, TaskManager};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, NESTING};
use serbench_thrift::{ErrorKind, ThriftBinary, ThriftCompact};

use crate::wire::{BinaryWire, CompactWire, Kind, Wire, record};

pub(crate) struct Inputs<W>(PhantomData<W>);
pub(crate) type Binary = Inputs<BinaryWire>;
pub(crate) type Compact = Inputs<CompactWire>;

/// Thrift's `.thrift` files have no document type declarations.
const NO_DTD: (Class, &str) = (
    Class::Dtd,
    "Thrift has no document type declarations or entities",
);

/// Thrift reads fields by id and enum values by number, and no text form.
const NO_HUGE_TEXT: (Class, &str) = (
    Class::HugeText,
    "no error quotes the input: ids, colors, times and versions are binary, and fields and \
     enum values are numbers, never names",
);

impl HostileInputs for Binary {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[NO_DTD, NO_HUGE_TEXT];
    /// Fields of empty strings: 7 bytes on the wire (header and length)
    /// for a 24-byte `String`, in a vector that doubles as it grows.
    const EXPANSION: usize = 12;
}

impl HostileInputs for Compact {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[NO_DTD, NO_HUGE_TEXT];
    /// An empty string in a list is one byte on the wire and a 24-byte
    /// `String` in memory; the vector holding it doubles as it grows, so
    /// both buffers live at once: 48 bytes per input byte.
    const EXPANSION: usize = 48;
}

pub(crate) fn crafted(class: Class, kind: ErrorKind, what: &str, bytes: Vec<u8>) -> Crafted {
    Crafted::new(class, what, kind, bytes)
}

/// The lengths a prefix can declare, and what each must give.
fn lengths<W: Wire>() -> [(u32, ErrorKind); 2] {
    [
        (0x7fff_ffff, ErrorKind::Truncated),
        // −1 in the binary protocol; 4 GiB in the compact one.
        (
            0xffff_ffff,
            if W::length(0).len() == 4 {
                ErrorKind::Syntax
            } else {
                ErrorKind::Truncated
            },
        ),
    ]
}

impl<W: Wire> Crafts<Record> for Inputs<W>
where
    Self: HostileInputs,
{
    fn crafted() -> Vec<Crafted> {
        let mut inputs = record_lengths::<W>();
        inputs.extend(record_fields::<W>());
        if W::VARINTS {
            inputs.extend(too_wide::record());
        }
        inputs
    }
}

/// Records whose string length or id count is past the input.
fn record_lengths<W: Wire>() -> Vec<Crafted> {
    let mut inputs = Vec::new();
    for (length, kind) in lengths::<W>() {
        let mut bytes = W::field(Kind::List, 1);
        bytes.extend(W::list(Kind::I64, 0));
        bytes.extend(W::field(Kind::List, 2));
        bytes.extend(W::list(Kind::String, 1));
        bytes.extend(W::length(length));
        bytes.extend(b"abc\0");
        inputs.push(crafted(
            Class::Length,
            kind,
            &format!("a string declares {length:#x} bytes"),
            bytes,
        ));
    }
    let mut huge_count = W::field(Kind::List, 1);
    huge_count.extend(W::list(Kind::I64, 0x7fff_ffff));
    huge_count.extend(W::i64(1));
    inputs.push(crafted(
        Class::Length,
        ErrorKind::Truncated,
        "the ids declare 0x7fffffff items",
        huge_count,
    ));
    let mut negative = W::field(Kind::List, 1);
    negative.extend(W::list(Kind::I64, 0xffff_ffff));
    negative.extend(W::i64(1));
    inputs.push(crafted(
        Class::Length,
        ErrorKind::Syntax,
        "the ids declare -1 items",
        negative,
    ));
    inputs
}

/// Records with invalid text, fields of the wrong type, twice or missing,
/// deep unknown fields, and a wrong end.
fn record_fields<W: Wire>() -> Vec<Crafted> {
    let mut inputs = Vec::new();
    inputs.push(crafted(
        Class::Utf8,
        ErrorKind::Syntax,
        "a string of invalid UTF-8",
        record::<W>(&[1], &[b"ok", b"\xff\xfe"]),
    ));

    let mut int_field = W::field(Kind::I32, 1);
    int_field.extend(W::i32(5));
    int_field.push(W::STOP);
    inputs.push(crafted(
        Class::WrongType,
        ErrorKind::Invalid,
        "the ids are an i32",
        int_field,
    ));
    let mut string_ids = W::field(Kind::List, 1);
    string_ids.extend(W::list(Kind::String, 1));
    string_ids.extend(W::string(b"1"));
    inputs.push(crafted(
        Class::WrongType,
        ErrorKind::Invalid,
        "the ids are a list of strings",
        string_ids,
    ));

    let mut twice = record::<W>(&[1], &[b"a"]);
    twice.pop();
    twice.extend(W::field_long(Kind::List, 1));
    twice.extend(W::list(Kind::I64, 1));
    twice.extend(W::i64(2));
    twice.push(W::STOP);
    inputs.push(crafted(
        Class::Duplicate,
        ErrorKind::Invalid,
        "the ids are given twice",
        twice,
    ));

    // Thrift readers skip unknown fields; this one refuses them before
    // reading their value, so no depth is ever reached.
    let mut nested = Vec::with_capacity(NESTING * 4);
    for _ in 0..NESTING {
        nested.extend(W::field_long(Kind::Struct, 3));
    }
    nested.resize(nested.len() + NESTING, W::STOP);
    inputs.push(crafted(
        Class::Nesting,
        ErrorKind::Invalid,
        "an unknown field nests structs 100 000 deep",
        nested,
    ));

    let mut missing = W::field(Kind::List, 1);
    missing.extend(W::list(Kind::I64, 0));
    missing.push(W::STOP);
    inputs.push(crafted(
        Class::Other,
        ErrorKind::Invalid,
        "the strings are missing",
        missing,
    ));
    let mut trailing = record::<W>(&[1], &[b"a"]);
    trailing.push(0);
    inputs.push(crafted(
        Class::Other,
        ErrorKind::TrailingBytes,
        "a byte follows the record",
        trailing,
    ));
    inputs.push(crafted(
        Class::Other,
        ErrorKind::Truncated,
        "no stop byte",
        {
            let mut cut = record::<W>(&[1], &[b"a"]);
            cut.pop();
            cut
        },
    ));
    inputs
}

/// A task-manager of one list of one task, with the task's priority,
/// id length and creation nanoseconds as given.
pub(crate) fn manager<W: Wire>(priority: i32, id_bytes: usize, nanos: i32) -> Vec<u8> {
    let header = |name: &[u8], id: &[u8], nanos: i32| {
        [
            W::field(Kind::String, 1),
            W::string(id),
            W::field(Kind::String, 2),
            W::string(name),
            W::field(Kind::I32, 3),
            W::i32(0xff00_ff00_u32.cast_signed()),
            W::field(Kind::I64, 4),
            W::i64(1_762_160_400),
            W::field(Kind::I32, 5),
            W::i32(nanos),
            W::field(Kind::I32, 6),
            W::i32(3600),
            vec![W::STOP],
        ]
        .concat()
    };
    let task = [
        W::field(Kind::Struct, 1),
        header(b"T", &[7; 16][..id_bytes], nanos),
        W::field(Kind::String, 2),
        W::string(b"do"),
        W::field(Kind::I32, 3),
        W::i32(priority),
        W::bool_field(4, true),
        vec![W::STOP],
    ]
    .concat();
    [
        W::field(Kind::String, 1),
        W::string(b"U"),
        W::field(Kind::List, 2),
        W::list(Kind::I32, 2),
        W::i32(1),
        W::i32(-1),
        W::field(Kind::List, 3),
        W::list(Kind::Struct, 1),
        W::field(Kind::Struct, 1),
        header(b"L", &[9; 16], 0),
        W::field(Kind::List, 2),
        W::list(Kind::Struct, 1),
        task,
        vec![W::STOP, W::STOP],
    ]
    .concat()
}

impl<W: Wire> Crafts<TaskManager> for Inputs<W>
where
    Self: HostileInputs,
{
    fn crafted() -> Vec<Crafted> {
        let mut inputs = vec![
            crafted(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "a priority of 4",
                manager::<W>(4, 16, 0),
            ),
            crafted(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "a priority of -1",
                manager::<W>(-1, 16, 0),
            ),
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "a task id of 15 bytes",
                manager::<W>(0, 15, 0),
            ),
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "negative nanoseconds",
                manager::<W>(0, 16, -1),
            ),
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "a billion nanoseconds",
                manager::<W>(0, 16, 1_000_000_000),
            ),
        ];
        for (length, kind) in lengths::<W>() {
            let mut bytes = W::field(Kind::String, 1);
            bytes.extend(W::length(length));
            bytes.extend(b"Demo User");
            inputs.push(crafted(
                Class::Length,
                kind,
                &format!("the user declares {length:#x} bytes"),
                bytes,
            ));
        }
        if W::VARINTS {
            inputs.extend(too_wide::task_manager());
        }
        inputs
    }
}

/// A sensor reading whose humidity (field 9) is written by `humidity`.
fn reading<W: Wire>(humidity: Vec<u8>) -> Vec<u8> {
    let mut bytes = W::field(Kind::String, 1);
    bytes.extend(W::string(b"sensor01"));
    for id in 2..=8 {
        bytes.extend(W::field(Kind::Double, id));
        bytes.extend(1.5f64.to_bits().to_be_bytes());
    }
    bytes.extend(humidity);
    bytes.push(W::STOP);
    bytes
}

impl<W: Wire> Crafts<SensorReading> for Inputs<W>
where
    Self: HostileInputs,
{
    fn crafted() -> Vec<Crafted> {
        let mut inputs = vec![crafted(
            Class::WrongType,
            ErrorKind::Invalid,
            "the humidity is an i64",
            reading::<W>([W::field(Kind::I64, 9), W::i64(3)].concat()),
        )];
        inputs.push(crafted(
            Class::Other,
            ErrorKind::Invalid,
            "the humidity is missing",
            reading::<W>(Vec::new()),
        ));
        for (length, kind) in lengths::<W>() {
            let mut bytes = W::field(Kind::String, 1);
            bytes.extend(W::length(length));
            bytes.extend(b"sensor01");
            inputs.push(crafted(
                Class::Length,
                kind,
                &format!("the sensor id declares {length:#x} bytes"),
                bytes,
            ));
        }
        if W::VARINTS {
            inputs.extend(too_wide::telemetry());
        }
        inputs
    }
}

/// A graph of one node with id `id` and no edges.
fn graph<W: Wire>(id: i32) -> Vec<u8> {
    [
        W::field(Kind::List, 1),
        W::list(Kind::Struct, 1),
        W::field(Kind::I32, 1),
        W::i32(id),
        W::field(Kind::String, 2),
        W::string(b"n"),
        W::field(Kind::List, 3),
        W::list(Kind::I32, 0),
        W::field(Kind::List, 4),
        W::list(Kind::I32, 0),
        vec![W::STOP],
        W::field(Kind::List, 2),
        W::list(Kind::Struct, 0),
        vec![W::STOP],
    ]
    .concat()
}

impl<W: Wire> Crafts<Graph> for Inputs<W>
where
    Self: HostileInputs,
{
    fn crafted() -> Vec<Crafted> {
        let mut edges = W::field(Kind::List, 1);
        edges.extend(W::list(Kind::Struct, 0));
        edges.extend(W::field(Kind::List, 2));
        edges.extend(W::list(Kind::Struct, 0x7fff_ffff));
        edges.push(W::STOP);
        let mut inputs = vec![
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "a node id of 70 000",
                graph::<W>(70_000),
            ),
            crafted(
                Class::Other,
                ErrorKind::Invalid,
                "a node id of -1",
                graph::<W>(-1),
            ),
            crafted(
                Class::Length,
                ErrorKind::Truncated,
                "the edges declare 0x7fffffff items",
                edges,
            ),
        ];
        if W::VARINTS {
            inputs.extend(too_wide::graph());
        }
        inputs
    }
}

/// Media content with no images and the player and title as given.
fn media<W: Wire>(player: i32) -> Vec<u8> {
    [
        W::field(Kind::List, 1),
        W::list(Kind::Struct, 0),
        W::field(Kind::Struct, 2),
        W::field(Kind::String, 1),
        W::string(b"u"),
        W::field_long(Kind::I32, 3),
        W::i32(640),
        W::field(Kind::I32, 4),
        W::i32(480),
        W::field(Kind::String, 5),
        W::string(b"f"),
        W::field(Kind::I64, 6),
        W::i64(1),
        W::field(Kind::I64, 7),
        W::i64(2),
        W::field_long(Kind::List, 9),
        W::list(Kind::String, 0),
        W::field(Kind::I32, 10),
        W::i32(player),
        vec![W::STOP, W::STOP],
    ]
    .concat()
}

impl<W: Wire> Crafts<MediaContent> for Inputs<W>
where
    Self: HostileInputs,
{
    fn crafted() -> Vec<Crafted> {
        let mut inputs = vec![
            crafted(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "a player of 2",
                media::<W>(2),
            ),
            crafted(
                Class::UnknownEnum,
                ErrorKind::Invalid,
                "a player of -7",
                media::<W>(-7),
            ),
        ];
        if W::VARINTS {
            inputs.extend(too_wide::media());
        }
        inputs
    }
}

/// A valid humidity field, for [`reading`].
fn humidity<W: Wire>() -> Vec<u8> {
    [
        W::field(Kind::Double, 9),
        1.5f64.to_bits().to_be_bytes().to_vec(),
    ]
    .concat()
}

/// The compact protocol's varints written wider than their type: 3 bytes
/// at most for an `i16` (a field id), 5 for an `i32` (values, lengths and
/// counts), 10 for an `i64`, and no bits past the type in the last. The
/// thrift crate reads each into the type and drops the bits past it, so
/// each value here is one whose bits within the type are those of a valid
/// value's (a length of 2^32 + 9 that reads as 9 before 9 bytes): only
/// the reader's check of the width refuses them. The binary protocol's
/// integers have their type's width, so none applies there.
mod too_wide {
    use serbench_testkit::{Class, Crafted, replace_once};
    use serbench_thrift::ErrorKind;

    use super::{crafted, humidity, manager, reading};
    use crate::wire::{CompactWire as C, Wire, varint, varint_wide, zigzag};

    const PAST_32: u64 = 1 << 32;
    const PAST_64: u128 = 1 << 64;
    /// The field id that the crate cuts to 1 as an `i16`.
    const FIELD_65_537: i64 = 65_537;

    fn length(what: &str, bytes: Vec<u8>) -> Crafted {
        crafted(Class::Length, ErrorKind::Syntax, what, bytes)
    }

    fn other(what: &str, bytes: Vec<u8>) -> Crafted {
        crafted(Class::Other, ErrorKind::Syntax, what, bytes)
    }

    /// An `i32` of `value` with bit 33 set: cut to 32 bits, `value` again.
    fn i32_past(value: i32) -> Vec<u8> {
        varint(zigzag(value.into()) + (1 << 33))
    }

    /// `valid` with its first field header, of type code `code`, in the
    /// long form with id 65 537.
    fn field_65_537(valid: &[u8], code: u8) -> Vec<u8> {
        [&[code][..], &varint(zigzag(FIELD_65_537)), &valid[1..]].concat()
    }

    pub(super) fn record() -> Vec<Crafted> {
        // 19 16 0e 19 18 02 "ab" 00: ids [7], strings ["ab"].
        let valid = crate::wire::record::<C>(&[7], &[b"ab"]);
        let mut long_id = vec![0x8e];
        long_id.extend([0x80; 9]);
        long_id.push(0);
        vec![
            length(
                "a string's length of 2^32 + 2, cut to 2",
                replace_once(
                    &valid,
                    &[0x18, 0x02],
                    &[&[0x18][..], &varint(PAST_32 + 2)].concat(),
                ),
            ),
            length(
                "the ids' count of 2^32 + 1, cut to 1",
                replace_once(
                    &valid,
                    &[0x19, 0x16],
                    &[&[0x19, 0xf6][..], &varint(PAST_32 + 1)].concat(),
                ),
            ),
            other(
                "an id of 2^64 + 14 in zigzag form, cut to 7",
                replace_once(
                    &valid,
                    &[0x16, 0x0e],
                    &[&[0x16][..], &varint_wide(PAST_64 + u128::from(zigzag(7)))].concat(),
                ),
            ),
            other(
                "an id as a varint of 11 bytes",
                replace_once(&valid, &[0x16, 0x0e], &[&[0x16][..], &long_id].concat()),
            ),
            other(
                "the ids' field id 65 537, cut to 1",
                field_65_537(&valid, 0x09),
            ),
        ]
    }

    pub(super) fn task_manager() -> Vec<Crafted> {
        // 18 01 "U" 19 25 02 01 …: the user, then the version's list
        // header (2 i32s) and its items.
        let valid = manager::<C>(2, 16, 0);
        vec![
            length(
                "the user's length of 2^32 + 1, cut to 1",
                [&valid[..1], &varint(PAST_32 + 1), &valid[2..]].concat(),
            ),
            length(
                "the version's count of 2^32 + 2, cut to 2",
                [&valid[..4], &[0xf5], &varint(PAST_32 + 2), &valid[5..]].concat(),
            ),
            other(
                "a task's priority 2 with bit 33 set, cut to 2",
                replace_once(
                    &valid,
                    &[b'o', 0x15, 0x04],
                    &[&[b'o', 0x15][..], &i32_past(2)].concat(),
                ),
            ),
            other(
                "the user's field id 65 537, cut to 1",
                field_65_537(&valid, 0x08),
            ),
        ]
    }

    pub(super) fn telemetry() -> Vec<Crafted> {
        // 18 08 "sensor01" …
        let valid = reading::<C>(humidity::<C>());
        vec![
            length(
                "the sensor id's length of 2^32 + 8, cut to 8",
                [&valid[..1], &varint(PAST_32 + 8), &valid[2..]].concat(),
            ),
            other(
                "the sensor id's field id 65 537, cut to 1",
                field_65_537(&valid, 0x08),
            ),
        ]
    }

    pub(super) fn graph() -> Vec<Crafted> {
        // 19 1c 15 00 18 01 "n" …: one node, id 0, named "n".
        let valid = super::graph::<C>(0);
        vec![
            length(
                "the nodes' count of 2^32 + 1, cut to 1",
                [&valid[..1], &[0xfc], &varint(PAST_32 + 1), &valid[2..]].concat(),
            ),
            length(
                "a node name's length of 2^32 + 1, cut to 1",
                replace_once(
                    &valid,
                    &[0x18, 0x01, b'n'],
                    &[&[0x18][..], &varint(PAST_32 + 1), b"n"].concat(),
                ),
            ),
            other(
                "a node id 0 with bit 33 set, cut to 0",
                replace_once(
                    &valid,
                    &[0x1c, 0x15, 0x00],
                    &[&[0x1c, 0x15][..], &i32_past(0)].concat(),
                ),
            ),
        ]
    }

    pub(super) fn media() -> Vec<Crafted> {
        // … 16 02 (duration 1) 16 04 (size 2) … 15 00 (player 0) 00 00.
        let valid = super::media::<C>(0);
        let end = valid.len() - 3;
        vec![
            length(
                "the uri's length of 2^32 + 1, cut to 1",
                replace_once(
                    &valid,
                    &[0x18, 0x01, b'u'],
                    &[&[0x18][..], &varint(PAST_32 + 1), b"u"].concat(),
                ),
            ),
            other(
                "the duration an i64 of 2^64 + 2 in zigzag form, cut to 1",
                replace_once(
                    &valid,
                    &[0x16, 0x02],
                    &[&[0x16][..], &varint_wide(PAST_64 + 2)].concat(),
                ),
            ),
            other(
                "the player 0 with bit 33 set, cut to 0",
                [&valid[..end], &i32_past(0), &valid[end + 1..]].concat(),
            ),
        ]
    }

    #[test]
    fn the_encoder_writes_the_widest_values_within_their_type() {
        // The longest forms that fit: i32::MIN's zigzag in 5 bytes ending
        // 0x0f, i64::MIN's in 10 ending 0x01; one more bit is refused.
        assert_eq!(C::i32(i32::MIN), [0xff, 0xff, 0xff, 0xff, 0x0f]);
        assert_eq!(C::i64(i64::MIN).len(), 10);
        assert_eq!(C::i64(i64::MIN)[9], 0x01);
    }
}

/// Every input above is one valid value with one part changed: the valid
/// values decode, in both protocols, so each input proves its part.
#[test]
fn the_inputs_are_built_from_valid_values() {
    fn decodes<C: Codec<D>, D: Dataset>(bytes: &[u8]) {
        if let Err(error) = C::decode(bytes) {
            panic!("{} {}: {error}", C::NAME, D::NAME);
        }
    }
    fn both<W: Wire, C>()
    where
        C: Codec<TaskManager>
            + Codec<Graph>
            + Codec<MediaContent>
            + Codec<SensorReading>
            + Codec<Record>,
    {
        decodes::<C, TaskManager>(&manager::<W>(2, 16, 0));
        decodes::<C, Graph>(&graph::<W>(0));
        decodes::<C, MediaContent>(&media::<W>(0));
        decodes::<C, SensorReading>(&reading::<W>(humidity::<W>()));
        decodes::<C, Record>(&record::<W>(&[7], &[b"ab"]));
    }
    both::<BinaryWire, ThriftBinary>();
    both::<CompactWire, ThriftCompact>();
}
