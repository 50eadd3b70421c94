//! Decoding errors: the kind, what was wrong and where, for buffers damaged
//! in one place, and shared-data bombs that must fail before they allocate.

use serbench_flatbuffers::{Error, ErrorKind, FlatBuffers, from_slice, to_vec};
use serbench_model::{Codec, Dataset, Graph, MediaContent, Record, TaskManager};

use crate::layout::Walk;

/// Encodes `value`, lets `damage` change the bytes (with the walker's
/// help), and returns the decode error, checking that traverse fails with
/// the same one.
fn damaged<T: Dataset>(value: &T, damage: impl FnOnce(&mut Vec<u8>)) -> Error
where
    FlatBuffers: Codec<T>,
{
    let mut bytes = to_vec(value).unwrap();
    damage(&mut bytes);
    let error = from_slice::<T>(&bytes).unwrap_err();
    assert_eq!(FlatBuffers::traverse(&bytes), Err(error.clone()));
    error
}

#[track_caller]
fn assert_error(error: &Error, kind: ErrorKind, message: &str) {
    assert_eq!(error.kind(), kind, "{error}");
    assert_eq!(error.message(), message, "{error}");
}

/// The task at `tasks[task]` of `lists[list]`.
fn task(walk: &Walk<'_>, list: usize, task: usize) -> usize {
    let lists = walk.child(walk.root(), 2);
    walk.element(walk.child(walk.element(lists, list), 1), task)
}

#[test]
fn framing_errors_say_how_many_bytes() {
    let bytes = to_vec(&Record::canonical()).unwrap();
    let error = from_slice::<Record>(&bytes[..3]).unwrap_err();
    assert_error(
        &error,
        ErrorKind::Truncated,
        "3 bytes end before the 4-byte size prefix does",
    );
    let error = from_slice::<Record>(&bytes[..100]).unwrap_err();
    assert_error(
        &error,
        ErrorKind::Truncated,
        "the size prefix declares 17636 bytes after it, but 96 follow",
    );
    let mut longer = bytes.clone();
    longer.extend_from_slice(b"xy");
    let error = from_slice::<Record>(&longer).unwrap_err();
    assert_error(
        &error,
        ErrorKind::TrailingBytes,
        "2 bytes follow the buffer, which ends at byte 17640 as its size prefix declares",
    );
    assert_eq!(
        error.to_string(),
        format!("cannot decode flatbuffers records: {}", error.message())
    );
}

#[test]
fn unknown_enum_values_are_invalid() {
    let manager = TaskManager::generate(200);
    let error = damaged(&manager, |bytes| {
        let walk = Walk(bytes);
        // Task 1 of list 0 has priority 1, so its field is present.
        let at = walk.field(task(&walk, 0, 1), 2).unwrap();
        bytes[at] = 9;
    });
    assert_error(
        &error,
        ErrorKind::Invalid,
        "priority 9 is not 0 to 3 (at lists[0].tasks[1].priority)",
    );

    let media = MediaContent::canonical();
    let error = damaged(&media, |bytes| {
        let walk = Walk(bytes);
        let large = walk.element(walk.child(walk.root(), 1), 0);
        let at = walk.field(large, 4).unwrap();
        bytes[at] = 0x80;
    });
    assert_error(
        &error,
        ErrorKind::Invalid,
        "size -128 is not 0 (Small) or 1 (Large) (at images[0].size)",
    );
    let mut flash = media;
    flash.media.player = serbench_model::Player::Flash;
    let error = damaged(&flash, |bytes| {
        let walk = Walk(bytes);
        let at = walk.field(walk.child(walk.root(), 0), 9).unwrap();
        bytes[at] = 2;
    });
    assert_error(
        &error,
        ErrorKind::Invalid,
        "player 2 is not 0 (Java) or 1 (Flash) (at media.player)",
    );
}

#[test]
fn timestamps_out_of_range_are_invalid() {
    let manager = TaskManager::generate(200);
    let created = |list, index| {
        move |bytes: &mut Vec<u8>| {
            let walk = Walk(bytes);
            let header = walk.child(task(&walk, list, index), 0);
            walk.field(header, 3).unwrap()
        }
    };
    let error = damaged(&manager, |bytes| {
        let at = created(1, 3)(bytes) + 8;
        bytes[at..at + 4].copy_from_slice(&1_000_000_000u32.to_le_bytes());
    });
    assert_error(
        &error,
        ErrorKind::Invalid,
        "timestamp nanoseconds 1000000000 are not below 1 000 000 000 \
         (at lists[1].tasks[3].header.created)",
    );
    let error = damaged(&manager, |bytes| {
        let at = created(0, 0)(bytes);
        bytes[at..at + 8].copy_from_slice(&i64::MAX.to_le_bytes());
    });
    assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");
    assert!(
        error
            .message()
            .ends_with("out of range (at lists[0].tasks[0].header.created)"),
        "{error}"
    );
}

#[test]
fn verifier_errors_name_the_field() {
    let manager = TaskManager::generate(200);
    // Headers share one vtable: clearing its `name` entry removes the name
    // from the first header the verifier meets.
    let error = damaged(&manager, |bytes| {
        let walk = Walk(bytes);
        let header = walk.child(walk.element(walk.child(walk.root(), 2), 0), 0);
        let vtable = walk.vtable(header);
        bytes[vtable + 6..vtable + 8].fill(0);
    });
    assert_error(
        &error,
        ErrorKind::Invalid,
        "missing field `name` (at lists[0].header)",
    );

    let error = damaged(&manager, |bytes| {
        let walk = Walk(bytes);
        let description = walk.child(task(&walk, 2, 4), 1);
        bytes[description + 5] = 0xff;
    });
    assert_eq!(error.kind(), ErrorKind::Syntax, "{error}");
    assert!(error.message().contains("is not UTF-8"), "{error}");
    assert!(
        error
            .message()
            .ends_with("(at lists[2].tasks[4].description)"),
        "{error}"
    );

    let error = damaged(&manager, |bytes| {
        let at = Walk(bytes).field(Walk(bytes).root(), 2).unwrap();
        bytes[at..at + 4].copy_from_slice(&0x7fff_0000u32.to_le_bytes());
    });
    assert_eq!(error.kind(), ErrorKind::Syntax, "{error}");
    assert!(
        error.message().starts_with("an offset points to bytes "),
        "{error}"
    );
    assert!(
        error.message().ends_with("outside the buffer (at lists)"),
        "{error}"
    );
}

/// Every string of the vector points at the first, long one: little input,
/// a lot of apparent data.
#[test]
fn shared_strings_hit_the_apparent_size_limit() {
    let mut record = Record::canonical();
    record.strings = vec![String::new(); 2_000];
    record.strings[0] = "x".repeat(1_000);
    let error = damaged(&record, |bytes| {
        let walk = Walk(bytes);
        let strings = walk.child(walk.root(), 1);
        let first = walk.element(strings, 0);
        for index in 1..2_000 {
            let slot = strings + 4 + 4 * index;
            bytes[slot..slot + 4].copy_from_slice(&((first - slot) as u32).to_le_bytes());
        }
    });
    assert_eq!(error.kind(), ErrorKind::Limit, "{error}");
    assert!(
        error
            .message()
            .starts_with("the data reachable from the root"),
        "{error}"
    );
}

/// Every node slot points at node 0, the one with edges: a few bytes per
/// slot would decode to a copy of its edge lists each.
#[test]
fn shared_tables_hit_the_apparent_size_limit() {
    let mut graph = Graph::generate(1);
    graph.nodes[0].out_edges = (0..1_000).collect();
    let empty = graph.nodes[0].clone();
    graph.nodes.resize(
        2_000,
        serbench_model::Node {
            out_edges: Vec::new(),
            ..empty
        },
    );
    let error = damaged(&graph, |bytes| {
        let walk = Walk(bytes);
        let nodes = walk.child(walk.root(), 0);
        let first = walk.element(nodes, 0);
        for index in 1..walk.len(nodes) {
            let slot = nodes + 4 + 4 * index;
            bytes[slot..slot + 4].copy_from_slice(&((first - slot) as u32).to_le_bytes());
        }
    });
    assert_eq!(error.kind(), ErrorKind::Limit, "{error}");
}
