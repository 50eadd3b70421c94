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
//! model cannot hold.

use std::marker::PhantomData;

use serbench_model::{Graph, MediaContent, Record, SensorReading, TaskManager};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, NESTING};
use serbench_thrift::ErrorKind;

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

fn crafted(class: Class, kind: ErrorKind, what: &str, bytes: Vec<u8>) -> Crafted {
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
        vec![
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
        ]
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
        vec![
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
        ]
    }
}
