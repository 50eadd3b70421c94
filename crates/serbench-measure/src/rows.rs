//! The rows, from the registry: every codec built in whose crate carries
//! a document, and every codec whose library cannot (with its reason), in
//! the registry's order. Each codec's descriptor says which
//! (`BaseCodec::DOCUMENT`, the list's `document` marker); a codec that is
//! a second path through a library another row measures has no row.

use std::sync::LazyLock;

use serbench_codecs::{Info, Registered, Visitor};
use serbench_document::DocumentCodec;
use serbench_model::DocumentPath;

use crate::codec::{Build, Row};

/// Every row, in the order the report shows them (the registry's).
pub static ROWS: LazyLock<Vec<Row>> = LazyLock::new(|| {
    let mut rows = Rows(Vec::new());
    serbench_codecs::visit_codecs(&mut rows);
    rows.0
});

struct Rows(Vec<Row>);

impl Visitor for Rows {
    fn codec<C: Registered>(&mut self, info: &'static Info) {
        if let DocumentPath::Unavailable(why) = C::DOCUMENT {
            self.0.push(Row {
                id: info.id,
                wire_format: info.wire_format,
                library: info.library,
                version: info.version,
                keeps_key_order: false,
                build: Build::Unavailable(why),
            });
        }
    }

    fn document<C: DocumentCodec>(&mut self, info: &'static Info) {
        let (library, version) = match C::LIBRARY {
            Some(library) => (
                library,
                serbench_codecs::locked_version(library).unwrap_or("(not in Cargo.lock)"),
            ),
            None => (info.library, info.version),
        };
        self.0.push(Row {
            id: info.id,
            wire_format: info.wire_format,
            library,
            version,
            keeps_key_order: C::KEEPS_KEY_ORDER,
            build: Build::Carried(C::document),
        });
    }
}
