//! Decoding errors: the kind and the position, for buffers damaged
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
    let traversed = FlatBuffers::traverse(&bytes).unwrap_err();
    let parts = |error: &Error| {
        (
            error.kind(),
            error.position().clone(),
            error.message().to_owned(),
        )
    };
    assert_eq!(parts(&traversed), parts(&error));
    error
}

/// Asserts `error` is of `kind` at field `path` and byte `offset`.
#[track_caller]
fn assert_error(error: &Error, kind: ErrorKind, path: Option<&str>, offset: Option<usize>) {
    assert_eq!(error.kind(), kind, "{error}");
    assert_eq!(error.position().path(), path, "{error}");
    assert_eq!(error.position().offset(), offset, "{error}");
}

/// The task at `tasks[task]` of `lists[list]`.
fn task(walk: &Walk<'_>, list: usize, task: usize) -> usize {
    let lists = walk.child(walk.root(), 2);
    walk.element(walk.child(walk.element(lists, list), 1), task)
}

#[test]
fn framing_errors_say_where() {
    let bytes = to_vec(&Record::canonical()).unwrap();
    let error = from_slice::<Record>(&bytes[..3]).unwrap_err();
    assert_error(&error, ErrorKind::Truncated, None, Some(3));
    let error = from_slice::<Record>(&bytes[..100]).unwrap_err();
    assert_error(&error, ErrorKind::Truncated, None, Some(100));
    let mut longer = bytes.clone();
    longer.extend_from_slice(b"xy");
    let error = from_slice::<Record>(&longer).unwrap_err();
    assert_error(&error, ErrorKind::TrailingBytes, None, Some(bytes.len()));
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
    let priority = Some("lists[0].tasks[1].priority");
    assert_error(&error, ErrorKind::Invalid, priority, None);

    let media = MediaContent::canonical();
    let error = damaged(&media, |bytes| {
        let walk = Walk(bytes);
        let large = walk.element(walk.child(walk.root(), 1), 0);
        let at = walk.field(large, 4).unwrap();
        bytes[at] = 0x80;
    });
    assert_error(&error, ErrorKind::Invalid, Some("images[0].size"), None);
    let mut flash = media;
    flash.media.player = serbench_model::Player::Flash;
    let error = damaged(&flash, |bytes| {
        let walk = Walk(bytes);
        let at = walk.field(walk.child(walk.root(), 0), 9).unwrap();
        bytes[at] = 2;
    });
    assert_error(&error, ErrorKind::Invalid, Some("media.player"), None);
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
    // Nanoseconds out of range.
    let error = damaged(&manager, |bytes| {
        let at = created(1, 3)(bytes) + 8;
        bytes[at..at + 4].copy_from_slice(&1_000_000_000u32.to_le_bytes());
    });
    let path = Some("lists[1].tasks[3].header.created");
    assert_error(&error, ErrorKind::Invalid, path, None);
    // Seconds out of range.
    let error = damaged(&manager, |bytes| {
        let at = created(0, 0)(bytes);
        bytes[at..at + 8].copy_from_slice(&i64::MAX.to_le_bytes());
    });
    let path = Some("lists[0].tasks[0].header.created");
    assert_error(&error, ErrorKind::Invalid, path, None);
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
    assert_error(&error, ErrorKind::Invalid, Some("lists[0].header"), None);
    assert!(std::error::Error::source(&error).is_some());

    // Invalid UTF-8 in a string: the offset is where its bytes begin.
    let mut description = 0;
    let error = damaged(&manager, |bytes| {
        let walk = Walk(bytes);
        description = walk.child(task(&walk, 2, 4), 1);
        bytes[description + 5] = 0xff;
    });
    let path = Some("lists[2].tasks[4].description");
    assert_error(&error, ErrorKind::Syntax, path, Some(description + 4));

    // An offset far past the end: the error is at the field that holds
    // it, inside the input, not where it points.
    let mut at = 0;
    let error = damaged(&manager, |bytes| {
        at = Walk(bytes).field(Walk(bytes).root(), 2).unwrap();
        bytes[at..at + 4].copy_from_slice(&0x7fff_0000u32.to_le_bytes());
    });
    assert_error(&error, ErrorKind::Syntax, Some("lists"), Some(at));
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
