//! What this crate declares of bincode, its library and the
//! API path of each codec, for the capability table: facts no test can
//! decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// bincode.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "bincode",
    specification: Sourced {
        fact: "docs/spec.md of the bincode repository",
        source: "docs/spec.md (bincode 2.0.1)",
    },
    schema: Sourced {
        fact: "Rust types (serde or derive)",
        source: "docs/spec.md (bincode 2.0.1)",
    },
    other_languages: Sourced {
        fact: "Rust; serde-generate runtimes read bincode 1",
        source: "https://docs.rs/crate/serde-generate/0.20.2",
    },
};

/// bincode.
const BINCODE_LIBRARY: LibraryFacts = LibraryFacts {
    library: "bincode",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "3.0.0 (2025-12-16), only a compile error",
        source: "https://index.crates.io/bi/nc/bincode (pubtime); https://docs.rs/crate/bincode/3.0.0/source/README.md",
    },
    advisories: Sourced {
        fact: "RUSTSEC-2025-0141: unmaintained",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/bincode",
    },
    unmaintained: true,
};

/// `bincode`.
pub(crate) const BINCODE: Declared = Declared {
    format: &FORMAT,
    library: &BINCODE_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-bincode/src/lib.rs (decoder written here)",
};

/// `bincode-stock`.
pub(crate) const BINCODE_STOCK: Declared = Declared {
    format: &FORMAT,
    library: &BINCODE_LIBRARY,
    api: Api::Serde,
    api_source: "crates/serbench-bincode/src/lib.rs",
};

/// serde-zap.
const SERDE_ZAP_LIBRARY: LibraryFacts = LibraryFacts {
    library: "serde-zap",
    read_on: "2026-12-06",
    latest_release: Sourced {
        fact: "0.1.1 (2026-08-02)",
        source: "https://index.crates.io/se/rd/serde-zap (pubtime)",
    },
    advisories: Sourced {
        fact: "none",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates (no serde-zap folder)",
    },
    unmaintained: false,
};

/// `bincode-serde-zap`.
pub(crate) const SERDE_ZAP: Declared = Declared {
    format: &FORMAT,
    library: &SERDE_ZAP_LIBRARY,
    api: Api::Serde,
    api_source: "crates/serbench-bincode/src/zap.rs",
};
