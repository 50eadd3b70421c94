//! The rows against the registry and `Cargo.lock`: a codec added to
//! serbench gets a measure row (or a reason), and every row names the
//! library version it links.

use serbench_measure::ROWS;

/// Registry codecs that are a second path through a library another row
/// already measures, and so have no row of their own.
const SAME_LIBRARY: [(&str, &str); 3] = [
    (
        "bincode",
        "the tuned bincode is a fast path for the model's own types; a document has none, and goes through bincode's serde API, the bincode-stock row",
    ),
    (
        "protobuf-stock",
        "prost's generated messages need types known at compile time; the protobuf row is prost-reflect's",
    ),
    (
        "rkyv-unvalidated",
        "rkyv has no run-time schema at all (the rkyv row says why)",
    ),
];

#[test]
fn every_registry_codec_has_a_row_or_a_reason() {
    for info in serbench_codecs::codecs() {
        let row = ROWS.iter().find(|row| row.id == info.id);
        match row {
            Some(row) => assert_eq!(row.wire_format, info.wire_format, "{}", info.id),
            None => assert!(
                SAME_LIBRARY.iter().any(|(id, _)| *id == info.id),
                "the registry's {} has no measure row: add one to serbench-measure's \
                 formats/mod.rs (Build::Unavailable with the reason if its library cannot \
                 be driven at run time)",
                info.id
            ),
        }
    }
    let ids: Vec<&str> = ROWS.iter().map(|row| row.id).collect();
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "a row id twice: {ids:?}");
}

#[test]
fn every_row_names_the_version_it_links() {
    let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.lock"))
        .expect("the workspace's Cargo.lock");
    for row in ROWS {
        let entry = format!(
            "name = \"{}\"\nversion = \"{}\"\n",
            row.library, row.version
        );
        assert!(
            lock.contains(&entry),
            "{}: Cargo.lock has no {} {}",
            row.id,
            row.library,
            row.version
        );
    }
}
