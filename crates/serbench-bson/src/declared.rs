//! What this crate declares of BSON, its library and the API path of its
//! codec, for the capability table: facts no test can decide, each with
//! its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// BSON.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "BSON",
    specification: Sourced {
        fact: "BSON specification version 1.1",
        source: "https://bsonspec.org/spec.html",
    },
    schema: Sourced {
        fact: "none",
        source: "https://bsonspec.org/spec.html",
    },
    other_languages: Sourced {
        fact: "about 30 languages, MongoDB's drivers among them",
        source: "https://bsonspec.org/implementations.html",
    },
};

/// bson (MongoDB's Rust library).
const BSON_LIBRARY: LibraryFacts = LibraryFacts {
    library: "bson",
    read_on: "2026-12-06",
    latest_release: Sourced {
        fact: "3.1.0 (2025-11-20)",
        source: "https://index.crates.io/bs/on/bson (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no bson folder)",
    },
    unmaintained: false,
};

/// `bson`.
pub(crate) const BSON: Declared = Declared {
    format: &FORMAT,
    library: &BSON_LIBRARY,
    api: Api::Serde,
    api_source: "crates/serbench-bson/src/lib.rs",
};
