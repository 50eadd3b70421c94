//! The Borsh codec's tests: the shared conformance kit with its crafted
//! hostile inputs, then the format's own (layouts, errors).

mod hostile;
mod layout;

serbench_testkit::conformance_tests!(serbench_borsh::Borsh, hostile = crate::hostile::Inputs);

/// The kit measures valid input at one count; borsh's vectors start at
/// 4 KiB of elements and double, so the most they hold per byte of input
/// is just past a doubling: 170 × 2^k + 1 empty strings (24-byte
/// `String`s), 51 × 2^k + 1 empty nodes (80-byte `Node`s). There the old
/// block and the new one, twice as large, live at once while borsh copies,
/// which `EXPANSION` documents: 18 bytes per byte, reached by the strings.
#[test]
fn expansion_at_the_worst_counts() {
    use serbench_model::{Graph, Node, Record};
    use serbench_testkit::{HostileInputs, bound_per_byte, measure};

    use crate::hostile::Inputs;

    let strings = 170 * 128 + 1;
    let record = Record {
        ids: Vec::new(),
        strings: vec![String::new(); strings],
    };
    let nodes = 51 * 512 + 1;
    let node = Node {
        id: 0,
        name: String::new(),
        out_edges: Vec::new(),
        in_edges: Vec::new(),
    };
    let graph = Graph {
        nodes: vec![node; nodes],
        edges: Vec::new(),
    };
    let record_bytes = serbench_borsh::to_vec(&record).unwrap();
    let graph_bytes = serbench_borsh::to_vec(&graph).unwrap();
    let (read, record_peak) = measure(|| serbench_borsh::from_slice::<Record>(&record_bytes));
    assert_eq!(read.unwrap(), record);
    let (read, graph_peak) = measure(|| serbench_borsh::from_slice::<Graph>(&graph_bytes));
    assert_eq!(read.unwrap(), graph);
    for (what, len, peak, least) in [
        ("empty strings", record_bytes.len(), record_peak, 17.9),
        ("empty nodes", graph_bytes.len(), graph_peak, 17.0),
    ] {
        let ratio = peak as f64 / len as f64;
        println!("borsh {what}: {len} bytes, peak {peak} bytes, {ratio:.2} per byte");
        assert!(
            peak <= bound_per_byte(len, Inputs::EXPANSION),
            "{what}: {ratio:.2}"
        );
        // The count is the worst case still: borsh grows its vectors so.
        assert!(ratio > least, "{what}: {ratio:.2}");
    }
}
