//! What this crate declares of bitcode, its library and the
//! API path of each codec, for the capability table: facts no test can
//! decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// bitcode.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "bitcode",
    specification: Sourced {
        fact: "none; no stable format across major versions",
        source: "README.md (bitcode 0.6.9)",
    },
    schema: Sourced {
        fact: "Rust types (derive or serde)",
        source: "README.md (bitcode 0.6.9)",
    },
    other_languages: Sourced {
        fact: "Rust only (other languages are a non-goal)",
        source: "README.md (bitcode 0.6.9)",
    },
};

/// bitcode.
const BITCODE_LIBRARY: LibraryFacts = LibraryFacts {
    library: "bitcode",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "0.6.9 (2025-12-18)",
        source: "https://index.crates.io/bi/tc/bitcode (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no bitcode folder)",
    },
    unmaintained: false,
};

/// `bitcode`.
pub(crate) const BITCODE: Declared = Declared {
    format: &FORMAT,
    library: &BITCODE_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-bitcode/src/lib.rs (derive)",
};

/// `bitcode-serde`.
pub(crate) const BITCODE_SERDE: Declared = Declared {
    format: &FORMAT,
    library: &BITCODE_LIBRARY,
    api: Api::Serde,
    api_source: "crates/serbench-bitcode/src/lib.rs",
};
