//! Damaged and hostile messages: the kind of each error, its field path,
//! and the limits that keep decoding proportional to the input.

use serbench_capnp::{Capnp, ErrorKind, from_slice, to_vec};
use serbench_model::forms::timestamp_from_parts;
use serbench_model::{Codec, Dataset, Graph, MediaContent, Priority, Record, TaskManager};
use serbench_testkit::overwrite_once;

fn decode_error<T: Dataset>(bytes: &[u8]) -> serbench_capnp::Error
where
    Capnp: Codec<T>,
{
    match <Capnp as Codec<T>>::decode(bytes) {
        Ok(_) => panic!("decoded damaged {}", T::NAME),
        Err(error) => error,
    }
}

fn traverse_error<T: Dataset>(bytes: &[u8]) -> serbench_capnp::Error
where
    Capnp: Codec<T>,
{
    match <Capnp as Codec<T>>::traverse(bytes) {
        Ok(_) => panic!("traversed damaged {}", T::NAME),
        Err(error) => error,
    }
}

/// A one-segment message holding `words`.
fn message(words: &[u64]) -> Vec<u8> {
    let mut bytes = vec![0, 0, 0, 0];
    bytes.extend((words.len() as u32).to_le_bytes());
    for word in words {
        bytes.extend(word.to_le_bytes());
    }
    bytes
}

/// A pointer to a struct `offset` words after the pointer's end.
fn struct_pointer(offset: u32, data_words: u16, pointers: u16) -> u64 {
    u64::from(offset << 2) | u64::from(data_words) << 32 | u64::from(pointers) << 48
}

/// A pointer to a list `offset` words after the pointer's end; `size` is
/// the element size code (2 = bytes, 6 = pointers, 7 = structs, where
/// `count` is the words after the tag).
fn list_pointer(offset: u32, size: u32, count: u32) -> u64 {
    u64::from(offset << 2 | 1) | u64::from(count << 3 | size) << 32
}

#[test]
fn every_cut_is_truncated() {
    let bytes = to_vec(&TaskManager::generate(5)).unwrap();
    for cut in 0..bytes.len() {
        let error = decode_error::<TaskManager>(&bytes[..cut]);
        assert_eq!(error.kind(), ErrorKind::Truncated, "cut at {cut}: {error}");
        let error = traverse_error::<TaskManager>(&bytes[..cut]);
        assert_eq!(error.kind(), ErrorKind::Truncated, "cut at {cut}: {error}");
    }
}

#[test]
fn bytes_after_the_message_are_trailing() {
    let mut bytes = to_vec(&Record::canonical()).unwrap();
    let end = bytes.len();
    bytes.extend([0; 8]);
    let error = decode_error::<Record>(&bytes);
    assert_eq!(error.kind(), ErrorKind::TrailingBytes);
    assert_eq!(error.position().offset(), Some(end), "{error}");
}

#[test]
fn huge_declared_segments_allocate_nothing() {
    // One segment of 2^32 − 1 words (32 GiB) in 16 bytes.
    let bytes = [0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0];
    assert_eq!(decode_error::<Graph>(&bytes).kind(), ErrorKind::Truncated);
    // 2^32 segments.
    let bytes = [0xff; 16];
    assert_eq!(decode_error::<Graph>(&bytes).kind(), ErrorKind::Syntax);
}

#[test]
fn reads_input_at_any_alignment() {
    let manager = TaskManager::generate(30);
    let bytes = to_vec(&manager).unwrap();
    for offset in 0..8 {
        let mut shifted = vec![0xa5; offset];
        shifted.extend_from_slice(&bytes);
        let input = &shifted[offset..];
        assert_eq!(from_slice::<TaskManager>(input).unwrap(), manager);
        assert_eq!(
            <Capnp as Codec<TaskManager>>::traverse(input).unwrap(),
            manager.traverse()
        );
    }
}

#[test]
fn aliased_pointers_hit_the_read_limit() {
    // A record whose 64 strings all point at one 512-byte text: 131 words
    // that would read as 4 000.
    let strings = 64;
    let text_words = 64;
    let mut words = vec![struct_pointer(0, 0, 2), 0, list_pointer(0, 6, strings)];
    for index in 0..strings {
        words.push(list_pointer(strings - 1 - index, 2, text_words * 8));
    }
    words.extend(std::iter::repeat_n(
        u64::from_le_bytes(*b"aaaaaaaa"),
        text_words as usize - 1,
    ));
    words.push(u64::from_le_bytes(*b"aaaaaaa\0"));
    let bytes = message(&words);
    for error in [
        decode_error::<Record>(&bytes),
        traverse_error::<Record>(&bytes),
    ] {
        assert_eq!(error.kind(), ErrorKind::Limit, "{error}");
    }
    // The same text behind a single pointer is fine.
    let mut words = vec![struct_pointer(0, 0, 2), 0, list_pointer(0, 6, 1)];
    words.push(list_pointer(0, 2, text_words * 8));
    words.extend(std::iter::repeat_n(
        u64::from_le_bytes(*b"aaaaaaaa"),
        text_words as usize - 1,
    ));
    words.push(u64::from_le_bytes(*b"aaaaaaa\0"));
    let record = from_slice::<Record>(&message(&words)).unwrap();
    assert_eq!(record.strings, ["a".repeat(511)]);
}

#[test]
fn a_list_of_empty_structs_cannot_claim_millions_of_nodes() {
    // A graph whose nodes are 2^28 structs of zero words: 40 bytes that
    // would decode to gigabytes.
    let words = [
        struct_pointer(0, 0, 2),
        list_pointer(1, 7, 0),
        0,
        struct_pointer(1 << 28, 0, 0),
    ];
    let bytes = message(&words);
    for error in [
        decode_error::<Graph>(&bytes),
        traverse_error::<Graph>(&bytes),
    ] {
        assert_eq!(error.kind(), ErrorKind::Limit, "{error}");
        assert_eq!(error.position().path(), Some("nodes"), "{error}");
        assert!(std::error::Error::source(&error).is_some(), "{error}");
    }
}

#[test]
fn a_pointer_of_the_wrong_kind_is_syntax() {
    let mut bytes = to_vec(&Record::canonical()).unwrap();
    // The root pointer as a list pointer.
    bytes[8] |= 1;
    assert_eq!(decode_error::<Record>(&bytes).kind(), ErrorKind::Syntax);
}

#[test]
fn an_unknown_priority_is_invalid_at_its_path() {
    let mut manager = TaskManager::generate(1);
    manager.lists[0].tasks[0].priority = Priority::Critical;
    assert!(manager.lists[0].tasks[0].completed);
    let bytes = to_vec(&manager).unwrap();
    // The task's data word: priority 3, then the completed bit.
    let bytes = overwrite_once(&bytes, &[3, 0, 1, 0, 0, 0, 0, 0], &[9, 0]);
    for error in [
        decode_error::<TaskManager>(&bytes),
        traverse_error::<TaskManager>(&bytes),
    ] {
        assert_eq!(error.kind(), ErrorKind::Invalid);
        let path = error.position().path();
        assert_eq!(path, Some("lists[0].tasks[0].priority"), "{error}");
    }
}

#[test]
fn an_out_of_range_time_is_invalid_at_its_path() {
    let mut manager = TaskManager::generate(1);
    manager.lists[0].tasks[0].header.created =
        timestamp_from_parts(1_762_160_400, 999_999_999, 0).unwrap();
    let bytes = to_vec(&manager).unwrap();
    let bytes = overwrite_once(
        &bytes,
        &999_999_999u32.to_le_bytes(),
        &1_000_000_000u32.to_le_bytes(),
    );
    // The traverse question does not ask about times, but bytes that hold
    // no valid value have no answer.
    for error in [
        decode_error::<TaskManager>(&bytes),
        traverse_error::<TaskManager>(&bytes),
    ] {
        assert_eq!(error.kind(), ErrorKind::Invalid);
        let path = error.position().path();
        assert_eq!(path, Some("lists[0].tasks[0].header.created"), "{error}");
    }
}

#[test]
fn an_unknown_union_tag_or_enum_is_invalid() {
    let bytes = to_vec(&MediaContent::canonical()).unwrap();
    // Bitrate's tag (1, bitsPerSecond), the player (0, java), the bitrate.
    let word = [1, 0, 0, 0, 0, 0, 4, 0];
    let tag = overwrite_once(&bytes, &word, &[5, 0]);
    let player = overwrite_once(&bytes, &word, &[1, 0, 2, 0]);
    for (bytes, path) in [(tag, "media.bitrate"), (player, "media.player")] {
        for error in [
            decode_error::<MediaContent>(&bytes),
            traverse_error::<MediaContent>(&bytes),
        ] {
            assert_eq!(error.kind(), ErrorKind::Invalid);
            assert_eq!(error.position().path(), Some(path), "{error}");
        }
    }
    // The large image's data: 1024 × 768, then its size (1, large).
    let mut image = Vec::new();
    image.extend(1024i32.to_le_bytes());
    image.extend(768i32.to_le_bytes());
    image.extend([1, 0, 0, 0, 0, 0, 0, 0]);
    let mut size = image.clone();
    size[8] = 7;
    let size = overwrite_once(&bytes, &image, &size);
    for error in [
        decode_error::<MediaContent>(&size),
        traverse_error::<MediaContent>(&size),
    ] {
        assert_eq!(error.kind(), ErrorKind::Invalid);
        assert_eq!(error.position().path(), Some("images[0].size"), "{error}");
    }
}

#[test]
fn invalid_utf8_is_syntax_where_it_is_read() {
    let mut graph = Graph::generate(3);
    graph.nodes[1].name = "XYZW".to_owned();
    let bytes = to_vec(&graph).unwrap();
    let bytes = overwrite_once(&bytes, b"XYZW", &[0xff]);
    // The traverse question reads no names, but checks them as decoding
    // does.
    for error in [
        decode_error::<Graph>(&bytes),
        traverse_error::<Graph>(&bytes),
    ] {
        assert_eq!(error.kind(), ErrorKind::Syntax);
        assert_eq!(error.position().path(), Some("nodes[1].name"), "{error}");
        assert!(std::error::Error::source(&error).is_some(), "{error}");
    }
}
