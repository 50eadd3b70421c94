//! What this crate declares of rkyv, its library and the
//! API path of each codec, for the capability table: facts no test can
//! decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// rkyv.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "rkyv",
    specification: Sourced {
        fact: "none; the rkyv book describes the format",
        source: "https://rkyv.org/format.html",
    },
    schema: Sourced {
        fact: "Rust types (derive)",
        source: "https://rkyv.org/format.html",
    },
    other_languages: Sourced {
        fact: "Rust only",
        source: "README.md (rkyv 0.8.18)",
    },
};

/// rkyv.
const RKYV_LIBRARY: LibraryFacts = LibraryFacts {
    library: "rkyv",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "0.8.18 (2026-08-05)",
        source: "https://index.crates.io/rk/yv/rkyv (pubtime)",
    },
    advisories: Sourced {
        fact: "RUSTSEC-2021-0054, 2026-0001/0122/0233-0235; fixed by 0.8.17",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/rkyv",
    },
    unmaintained: false,
};

/// `rkyv`.
pub(crate) const RKYV: Declared = Declared {
    format: &FORMAT,
    library: &RKYV_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-rkyv/src/lib.rs (derive)",
};

/// `rkyv-unvalidated`.
pub(crate) const RKYV_UNVALIDATED: Declared = Declared {
    format: &FORMAT,
    library: &RKYV_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-rkyv/src/lib.rs (derive)",
};
