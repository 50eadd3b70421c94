//! What this crate declares of Bilrost, its library and the API path of
//! its codec, for the capability table: facts no test can decide, each
//! with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// Bilrost.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "Bilrost",
    specification: Sourced {
        fact: "Encoding specification, README of mumbleskates/bilrost",
        source: "https://github.com/mumbleskates/bilrost#encoding-specification",
    },
    schema: Sourced {
        fact: "Rust types (derive)",
        source: "README.md (bilrost 0.1016.3)",
    },
    other_languages: Sourced {
        fact: "Rust only (its README names no other)",
        source: "README.md (bilrost 0.1016.3)",
    },
};

/// bilrost.
const BILROST_LIBRARY: LibraryFacts = LibraryFacts {
    library: "bilrost",
    read_on: "2026-12-06",
    latest_release: Sourced {
        fact: "0.1016.3 (2026-10-29)",
        source: "https://index.crates.io/bi/lr/bilrost (pubtime)",
    },
    advisories: Sourced {
        fact: "none",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates (no bilrost folder)",
    },
    unmaintained: false,
};

/// `bilrost`.
pub(crate) const BILROST: Declared = Declared {
    format: &FORMAT,
    library: &BILROST_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-bilrost/src/lib.rs (derive)",
};
