//! What this crate declares of postcard, its library and the
//! API path of each codec, for the capability table: facts no test can
//! decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// postcard.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "postcard",
    specification: Sourced {
        fact: "Postcard wire format spec, stable since 1.0",
        source: "https://postcard.jamesmunns.com/wire-format.html",
    },
    schema: Sourced {
        fact: "Rust types (serde)",
        source: "README.md (postcard 1.2.0)",
    },
    other_languages: Sourced {
        fact: "Rust only (no others named in its README)",
        source: "README.md (postcard 1.2.0)",
    },
};

/// postcard.
const POSTCARD_LIBRARY: LibraryFacts = LibraryFacts {
    library: "postcard",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "1.2.0 (2026-11-21)",
        source: "https://index.crates.io/po/st/postcard (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no postcard folder)",
    },
    unmaintained: false,
};

/// `postcard`.
pub(crate) const POSTCARD: Declared = Declared {
    format: &FORMAT,
    library: &POSTCARD_LIBRARY,
    api: Api::Serde,
    api_source: "crates/serbench-postcard/src/lib.rs",
};
