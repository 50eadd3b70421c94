//! Checks that need the crate's insides: the size count and the framing.

use capnp::message::{Builder, HeapAllocator};
use capnp::traits::Owned;
use serbench_model::{
    Codec, Dataset, ErrorKind, Graph, Logs, MediaContent, Mesh, NativeCodec, Players, Record,
    SensorReading, TaskManager, Updates,
};
use serbench_testkit::Arbitrary;

use crate::Capnp;
use crate::private::Wire;
use crate::write::Words;

/// Every value the kit knows, small enough to build quickly.
fn samples<T: Dataset + Arbitrary>(size: usize) -> Vec<T> {
    let mut samples = T::workload(size);
    samples.extend(T::edge_cases());
    samples
}

/// The counted words are exactly what capnp uses: one segment, no slack.
fn count_is_exact<T: Wire + Arbitrary>(size: usize) {
    for (index, value) in samples::<T>(size).iter().enumerate() {
        let mut words = Words::new();
        value.words(&mut words).expect("the samples fit");
        let message =
            <crate::CapnpGeneric as NativeCodec<T>>::build(value).expect("the samples encode");
        let segments = message.get_segments_for_output();
        assert_eq!(
            segments.len(),
            1,
            "{} sample {index}: more than one segment",
            T::NAME
        );
        assert_eq!(
            segments[0].len() / 8,
            words.segment() as usize,
            "{} sample {index}: counted words differ from used words",
            T::NAME
        );
    }
}

#[test]
fn counts_exactly_the_words_capnp_uses() {
    count_is_exact::<TaskManager>(200);
    count_is_exact::<SensorReading>(20);
    count_is_exact::<Graph>(30);
    count_is_exact::<Record>(1);
    count_is_exact::<MediaContent>(1);
    count_is_exact::<Logs>(50);
    count_is_exact::<Mesh>(50);
    count_is_exact::<Players>(20);
    count_is_exact::<Updates>(10);
}

/// `value` built into segments of at most `words` words each, as another
/// program's message may come.
fn build_in_segments<T: Wire>(value: &T, words: u32) -> Builder<HeapAllocator> {
    let allocator = HeapAllocator::new()
        .first_segment_words(words)
        .allocation_strategy(capnp::message::AllocationStrategy::FixedSize);
    let mut message = Builder::new(allocator);
    value.build(message.init_root::<<T::Root as Owned>::Builder<'_>>());
    message
}

#[test]
fn frames_like_capnp_and_reads_many_segments() {
    let graph = Graph::generate(12);
    for words in [2, 3, 16, 64, 1_000] {
        let message = build_in_segments(&graph, words);
        let mut bytes = Vec::new();
        crate::write::message(&message, &mut bytes);
        let mut expected = Vec::new();
        capnp::serialize::write_message(&mut expected, &message).expect("a Vec takes all");
        assert_eq!(bytes, expected, "segments of {words} words");
        assert_eq!(<Capnp as Codec<Graph>>::decode(&bytes).unwrap(), graph);
        assert_eq!(
            <Capnp as Codec<Graph>>::traverse(&bytes).unwrap(),
            graph.traverse()
        );
    }
}

#[test]
fn frames_an_empty_builder_as_an_unreadable_message() {
    let mut bytes = Vec::new();
    crate::write::message(&Builder::new_default(), &mut bytes);
    assert_eq!(bytes, [0; 8]);
    assert!(<Capnp as Codec<Record>>::decode(&bytes).is_err());
}

#[test]
fn refuses_what_capnp_lists_cannot_hold() {
    let mut words = Words::new();
    assert!(words.numbers("ids", (1 << 29) - 1, 8).is_ok());
    let error = words
        .numbers("ids", 1 << 29, 8)
        .unwrap_err()
        .into_error::<Record>();
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    assert_eq!(error.position().path(), Some("ids"));
    assert!(words.texts("strings", 1 << 29).is_err());
    // Edges are two words each.
    assert!(
        words
            .structs::<crate::generated::graph_capnp::edge::Owned>("edges", 1 << 28)
            .is_err()
    );
    assert!(
        words
            .structs::<crate::generated::graph_capnp::edge::Owned>("edges", (1 << 28) - 1)
            .is_ok()
    );
}

#[test]
fn damaged_messages_of_many_segments_fail_cleanly() {
    let graph = Graph::generate(6);
    let mut bytes = Vec::new();
    crate::write::message(&build_in_segments(&graph, 8), &mut bytes);
    assert!(bytes[0] > 1, "several segments");
    for cut in 0..bytes.len() {
        let error = <Capnp as Codec<Graph>>::decode(&bytes[..cut]).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Truncated, "cut at {cut}: {error}");
    }
    bytes.extend([0; 8]);
    let error = <Capnp as Codec<Graph>>::traverse(&bytes).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::TrailingBytes, "{error}");
}
