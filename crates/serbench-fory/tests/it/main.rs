//! The Fory codec's tests: the shared conformance kit with its crafted
//! hostile inputs, then the format's own (layouts, errors).

mod hostile;

serbench_testkit::conformance_tests!(serbench_fory::Fory, hostile = crate::hostile::Inputs);

/// fory counts each list's elements times their size against a budget of
/// 128 MiB per decode (`max_graph_memory_bytes`); the benchmark's largest
/// value, the default graph, stays within it and decodes.
#[test]
fn the_default_graph_fits_forys_budget() {
    use serbench_model::{Codec, Dataset, Graph};

    let graph = Graph::workload(Graph::DEFAULT_SIZE).remove(0);
    let bytes = <serbench_fory::Fory as Codec<Graph>>::to_vec(&graph).unwrap();
    let back = <serbench_fory::Fory as Codec<Graph>>::decode(&bytes).unwrap();
    assert!(back == graph);
}

/// The first bytes: the xlang header, the root's "not null" flag; the
/// user's text is its varint header (`9 << 2 | 2`, UTF-8) and its bytes.
#[test]
fn layout() {
    use serbench_model::TaskManager;

    let bytes = serbench_fory::to_vec(&TaskManager::generate(1)).unwrap();
    assert_eq!(&bytes[..2], &[0x01, 0xFF]);
    assert!(bytes.windows(10).any(|w| w == b"\x26Demo User"));
}
