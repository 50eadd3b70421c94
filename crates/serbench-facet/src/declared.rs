//! What this crate declares of postcard, of facet-postcard and the API
//! path of its codec, for the capability table: facts no test can decide,
//! each with its source. The format's facts are the ones
//! `serbench-postcard` declares.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// postcard.
const POSTCARD_FORMAT: FormatFacts = FormatFacts {
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

/// facet-postcard.
const FACET_POSTCARD: LibraryFacts = LibraryFacts {
    library: "facet-postcard",
    read_on: "2026-12-06",
    latest_release: Sourced {
        fact: "0.46.1 (2026-05-06); 0.50.0-rc.7 (2026-08-20)",
        source: "https://index.crates.io/fa/ce/facet-postcard (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no facet folders)",
    },
    unmaintained: false,
};

/// `postcard-facet`.
pub(crate) const POSTCARD: Declared = Declared {
    format: &POSTCARD_FORMAT,
    library: &FACET_POSTCARD,
    api: Api::Native,
    api_source: "crates/serbench-facet/src/lib.rs (derive)",
};
