//! What this crate declares of RON, its library and the API path of its
//! codec, for the capability table: facts no test can decide, each with
//! its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// RON.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "RON",
    specification: Sourced {
        fact: "EBNF grammar in the ron repository (no standard)",
        source: "https://github.com/ron-rs/ron/blob/master/docs/grammar.md",
    },
    schema: Sourced {
        fact: "none (Rust types, through serde)",
        source: "README.md (ron 0.12.3)",
    },
    other_languages: Sourced {
        fact: "few: a JavaScript library and a Python script",
        source: "README.md (ron 0.12.3), \"Other Implementations\"",
    },
};

/// ron.
const RON_LIBRARY: LibraryFacts = LibraryFacts {
    library: "ron",
    read_on: "2026-12-06",
    latest_release: Sourced {
        fact: "0.12.3 (2026-10-28)",
        source: "https://index.crates.io/3/r/ron (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no ron folder)",
    },
    unmaintained: false,
};

/// `ron`.
pub(crate) const RON: Declared = Declared {
    format: &FORMAT,
    library: &RON_LIBRARY,
    api: Api::Serde,
    api_source: "crates/serbench-ron/src/lib.rs",
};
