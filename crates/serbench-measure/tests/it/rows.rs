//! The rows against the registry and `Cargo.lock`: a codec added to
//! serbench gets a measure row (or a reason), and every row names the
//! library version it links.

use serbench_codecs::{Info, Registered, Visitor};
use serbench_measure::{Build, ROWS};
use serbench_model::DocumentPath;

/// Each codec's id and what its descriptor says of documents.
fn stated() -> Vec<(&'static str, DocumentPath)> {
    struct Collect(Vec<(&'static str, DocumentPath)>);
    impl Visitor for Collect {
        fn codec<C: Registered>(&mut self, info: &'static Info) {
            self.0.push((info.id, C::DOCUMENT));
        }
    }
    let mut collect = Collect(Vec::new());
    serbench_codecs::visit_codecs(&mut collect);
    collect.0
}

/// A codec whose crate says it carries a document has a row built by it
/// (its list line is marked `document`); one whose library cannot has a
/// row with the reason; one measured through another codec has none, and
/// that codec has a row.
#[test]
fn every_registry_codec_has_a_row_or_a_reason() {
    let row = |id: &str| ROWS.iter().find(|row| row.id == id);
    for (id, document) in stated() {
        match document {
            DocumentPath::Carried => assert!(
                matches!(row(id).map(|row| row.build), Some(Build::Carried(_))),
                "{id} says its crate carries a document, but its list line is not marked `document`"
            ),
            DocumentPath::Unavailable(_) => {
                assert!(matches!(
                    row(id).map(|row| row.build),
                    Some(Build::Unavailable(_))
                ));
            }
            DocumentPath::Elsewhere { by, .. } => {
                assert!(row(id).is_none(), "{id}");
                assert!(
                    row(by).is_some(),
                    "{id} is measured by {by}, which has no row"
                );
            }
        }
    }
    for row in ROWS.iter() {
        let info = serbench_codecs::codec(row.id).or_else(|| {
            // A document row of a crate with no dataset codec of its own
            // (MessagePack's positional form).
            serbench_codecs::codecs()
                .iter()
                .copied()
                .find(|info| row.id.starts_with(info.id))
        });
        assert_eq!(
            info.map(|info| info.wire_format),
            Some(row.wire_format),
            "{}",
            row.id
        );
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
    for row in ROWS.iter() {
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

/// `measure_value`'s rows, taken from the registry's `serde` markers:
/// each serde library below among them, each row once, in the rows'
/// order (a serde codec added later joins without a line here).
#[test]
fn the_typed_rows_are_the_serde_libraries() {
    let typed = &*serbench_measure::typed::SERDE_ROWS;
    for id in [
        "json",
        "json-simd",
        "json-sonic",
        "json-flexon",
        "cbor",
        "cbor-cbor4ii",
        "msgpack",
        "msgpack-positional",
        "bson",
        "bincode-stock",
        "bincode-serde-zap",
        "postcard",
        "bitcode-serde",
        "ron",
        "flexbuffers",
    ] {
        assert!(typed.contains(&id), "{id} is not a typed row: {typed:?}");
    }
    for id in ["cbor-minicbor", "bitcode", "wincode", "protobuf", "xml"] {
        assert!(!typed.contains(&id), "{id} has no serde path: {typed:?}");
    }
    let order: Vec<&str> = ROWS
        .iter()
        .map(|row| row.id)
        .filter(|id| typed.contains(id))
        .collect();
    assert_eq!(&order, typed, "once each, in the rows' order");
}
