//! What this crate declares of bin-proto, the wire format and the library
//! at once, and the API path of its codec, for the capability table:
//! facts no test can decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// bin-proto's layout: what its derive and impls write.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "bin-proto",
    specification: Sourced {
        fact: "none: the layout is what the crate's impls write",
        source: "src/lib.rs docs and src/impls/ (bin-proto 0.12.8)",
    },
    schema: Sourced {
        fact: "Rust types (derive, with layout attributes)",
        source: "README.md (bin-proto 0.12.8)",
    },
    other_languages: Sourced {
        fact: "Rust only",
        source: "https://github.com/wojciech-graj/bin-proto",
    },
};

/// bin-proto.
const BIN_PROTO_LIBRARY: LibraryFacts = LibraryFacts {
    library: "bin-proto",
    read_on: "2026-12-07",
    latest_release: Sourced {
        fact: "0.12.9 (2026-08-16); 1.0.0-rc1 (2026-10-05)",
        source: "https://index.crates.io/bi/n-/bin-proto (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no bin-proto folder)",
    },
    unmaintained: false,
};

/// `bin-proto`.
pub(crate) const BIN_PROTO: Declared = Declared {
    format: &FORMAT,
    library: &BIN_PROTO_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-binproto/src/lib.rs (derive)",
};
