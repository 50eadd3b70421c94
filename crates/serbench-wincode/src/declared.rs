//! What this crate declares of wincode, its library and the
//! API path of each codec, for the capability table: facts no test can
//! decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// wincode.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "wincode",
    specification: Sourced {
        fact: "none of its own: bincode 1's default layout",
        source: "src/lib.rs docs, Compatibility (wincode 0.6.3)",
    },
    schema: Sourced {
        fact: "Rust types (derive)",
        source: "README.md (wincode 0.6.3)",
    },
    other_languages: Sourced {
        fact: "Rust only (bincode 1 readers elsewhere)",
        source: "src/lib.rs docs, Compatibility (wincode 0.6.3)",
    },
};

/// wincode.
const WINCODE_LIBRARY: LibraryFacts = LibraryFacts {
    library: "wincode",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "0.6.3 (2026-10-13)",
        source: "https://index.crates.io/wi/nc/wincode (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no wincode folder)",
    },
    unmaintained: false,
};

/// `wincode`.
pub(crate) const WINCODE: Declared = Declared {
    format: &FORMAT,
    library: &WINCODE_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-wincode/src/lib.rs (derive)",
};
