//! What this crate declares of savefile's format, its library and the API
//! path of its codec, for the capability table: facts no test can decide,
//! each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// savefile's format.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "savefile",
    specification: Sourced {
        fact: "none: the savefile crate's code (save_impl, the derive)",
        source: "https://docs.rs/savefile/0.20.6/savefile/",
    },
    schema: Sourced {
        fact: "Rust types (derive); the file carries the schema",
        source: "https://docs.rs/savefile/0.20.6/savefile/ (Handling old versions)",
    },
    other_languages: Sourced {
        fact: "none (Rust only)",
        source: "https://github.com/avl/savefile#readme",
    },
};

/// savefile.
const SAVEFILE_LIBRARY: LibraryFacts = LibraryFacts {
    library: "savefile",
    read_on: "2026-12-06",
    latest_release: Sourced {
        fact: "0.20.6",
        source: "Cargo.lock (the newest 0.20.x cargo resolves)",
    },
    advisories: Sourced {
        fact: "none",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates (no savefile folder)",
    },
    unmaintained: false,
};

/// `savefile`.
pub(crate) const SAVEFILE: Declared = Declared {
    format: &FORMAT,
    library: &SAVEFILE_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-savefile/src/lib.rs (derive, save and load)",
};
