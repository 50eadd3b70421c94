//! What this crate declares of nanoserde's binary format, its library and
//! the API path of its codec, for the capability table: facts no test can
//! decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// nanoserde's binary format.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "nanoserde binary",
    specification: Sourced {
        fact: "none: the library's source (src/serde_bin.rs)",
        source: "https://github.com/not-fl3/nanoserde/blob/master/src/serde_bin.rs",
    },
    schema: Sourced {
        fact: "Rust types (derive)",
        source: "README.md (nanoserde 0.2.1)",
    },
    other_languages: Sourced {
        fact: "none",
        source: "README.md (nanoserde 0.2.1): a Rust library only",
    },
};

/// nanoserde.
pub(crate) const NANOSERDE_LIBRARY: LibraryFacts = LibraryFacts {
    library: "nanoserde",
    read_on: "2026-12-06",
    latest_release: Sourced {
        fact: "0.2.1 (2025-03-22)",
        source: "https://index.crates.io/na/no/nanoserde (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no nanoserde folder)",
    },
    unmaintained: false,
};

/// `nanoserde-bin`.
pub(crate) const NANOSERDE_BIN: Declared = Declared {
    format: &FORMAT,
    library: &NANOSERDE_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-nanoserde/src/lib.rs (derive)",
};
