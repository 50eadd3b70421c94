//! What this crate declares of Borsh, its library and the API path of
//! its codec, for the capability table: facts no test can decide, each
//! with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// Borsh.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "Borsh",
    specification: Sourced {
        fact: "Borsh specification, README of near/borsh",
        source: "https://github.com/near/borsh#specification",
    },
    schema: Sourced {
        fact: "Rust types (derive)",
        source: "README.md (borsh 1.8.1)",
    },
    other_languages: Sourced {
        fact: "JS/TS, Java, Go, Python, C#, C++, Elixir, Ruby, …",
        source: "https://github.com/near/borsh#implementations",
    },
};

/// borsh.
const BORSH_LIBRARY: LibraryFacts = LibraryFacts {
    library: "borsh",
    read_on: "2026-12-06",
    latest_release: Sourced {
        fact: "1.8.1 (2026-08-26)",
        source: "https://index.crates.io/bo/rs/borsh (pubtime)",
    },
    advisories: Sourced {
        fact: "RUSTSEC-2023-0033 (unsound), fixed in 1.0.0-alpha.1",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/borsh",
    },
    unmaintained: false,
};

/// `borsh`.
pub(crate) const BORSH: Declared = Declared {
    format: &FORMAT,
    library: &BORSH_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-borsh/src/lib.rs (derive)",
};
