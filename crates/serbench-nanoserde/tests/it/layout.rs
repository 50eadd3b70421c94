//! The layout nanoserde writes, and what the codec says of bytes it
//! refuses or reads as nanoserde does.

use serbench_model::log::{Address, Log};
use serbench_model::{Edge, Graph, Logs, MediaContent, Node, Record};
use serbench_nanoserde::{ErrorKind, from_slice, to_vec};

#[test]
fn a_record_is_u64_lengths_and_little_endian_integers() {
    let record = Record {
        ids: vec![-2],
        strings: vec!["hi".to_owned()],
    };
    let bytes = to_vec(&record).unwrap();
    let expected = [
        &1u64.to_le_bytes()[..],
        &(-2i64).to_le_bytes(),
        &1u64.to_le_bytes(),
        &2u64.to_le_bytes(),
        b"hi",
    ]
    .concat();
    assert_eq!(bytes, expected);
}

/// RSB's log record as RSB's own nanoserde derive writes it: its fields
/// in order, with nothing between them.
#[test]
fn a_log_record_is_its_fields_in_order() {
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
            request: "GET".to_owned(),
            code: 404,
            size: 5,
        }],
    };
    let bytes = to_vec(&logs).unwrap();
    let expected = [
        &1u64.to_le_bytes()[..],
        &[192, 168, 0, 1],
        &1u64.to_le_bytes(),
        b"-",
        &3u64.to_le_bytes(),
        b"bob",
        &1u64.to_le_bytes(),
        b"d",
        &3u64.to_le_bytes(),
        b"GET",
        &404u16.to_le_bytes(),
        &5u64.to_le_bytes(),
    ]
    .concat();
    assert_eq!(bytes, expected);
    assert_eq!(from_slice::<Logs>(&bytes).unwrap(), logs);
}

#[test]
fn a_graph_is_its_nodes_then_its_edges() {
    let graph = Graph {
        nodes: vec![Node {
            id: 7,
            name: "a".to_owned(),
            out_edges: vec![],
            in_edges: vec![3],
        }],
        edges: vec![Edge {
            from: 1,
            to: 2,
            weight: 9,
        }],
    };
    let bytes = to_vec(&graph).unwrap();
    let expected = [
        &1u64.to_le_bytes()[..],
        &7u16.to_le_bytes(),
        &1u64.to_le_bytes(),
        b"a",
        &0u64.to_le_bytes(),
        &1u64.to_le_bytes(),
        &3u32.to_le_bytes(),
        &1u64.to_le_bytes(),
        &1u32.to_le_bytes(),
        &2u32.to_le_bytes(),
        &9u16.to_le_bytes(),
    ]
    .concat();
    assert_eq!(bytes, expected);
    assert_eq!(from_slice::<Graph>(&bytes).unwrap(), graph);
}

#[test]
fn trailing_and_missing_bytes_are_refused_where_they_are() {
    let bytes = to_vec(&MediaContent::canonical()).unwrap();
    let long = [&bytes[..], b"x"].concat();
    let error = from_slice::<MediaContent>(&long).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::TrailingBytes);
    assert!(error.to_string().contains("1 bytes follow"), "{error}");
    let error = from_slice::<MediaContent>(&bytes[..bytes.len() - 1]).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Truncated);
}

/// nanoserde reads a `bool` byte other than 0 as `true` and an `Option`
/// tag other than 1 as `None`; the codec reads them so too, as the crate
/// docs say.
#[test]
fn bool_bytes_and_option_tags_read_as_nanoserde_reads_them() {
    let media = MediaContent::canonical();
    let bytes = to_vec(&media).unwrap();
    let uri = media.media.uri.as_bytes();
    let at = bytes.windows(uri.len()).position(|w| w == uri).unwrap() + uri.len();
    assert_eq!(bytes[at], 1, "the title's tag");
    let mut tagged = bytes.clone();
    tagged[at] = 2;
    // The title's length and text now stand where the width belongs:
    // the bytes no longer fit the layout, and the read fails on them.
    assert!(from_slice::<MediaContent>(&tagged).is_err());

    let mut manager = serbench_model::TaskManager::generate(1);
    manager.lists[0].tasks.truncate(1);
    manager.lists[0].tasks[0].completed = true;
    let mut bytes = to_vec(&manager).unwrap();
    *bytes.last_mut().unwrap() = 2;
    let read: serbench_model::TaskManager = from_slice(&bytes).unwrap();
    assert!(read.lists[0].tasks[0].completed);
}

/// The lengths nanoserde alone would panic or abort on: each is refused
/// by the codec's walk, at the length.
#[test]
fn lengths_past_the_input_are_refused_at_the_length() {
    for n in [1u64 << 40, 1 << 63, u64::MAX] {
        let bytes = [&n.to_le_bytes()[..], &[0; 8]].concat();
        let error = from_slice::<Record>(&bytes).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Truncated, "{error}");
        assert_eq!(error.position().offset(), Some(0), "{error}");
        let bytes = [
            &0u64.to_le_bytes()[..],
            &1u64.to_le_bytes(),
            &n.to_le_bytes(),
        ]
        .concat();
        let error = from_slice::<Record>(&bytes).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Truncated, "{error}");
        assert_eq!(error.position().offset(), Some(16), "{error}");
    }
}
