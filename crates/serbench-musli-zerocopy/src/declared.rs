//! What this crate declares of musli-zerocopy, its library and the API
//! path of its codec, for the capability table: facts no test can decide,
//! each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// musli-zerocopy.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "musli-zerocopy",
    specification: Sourced {
        fact: "none; repr(C) memory of the types, in its docs",
        source: "src/lib.rs docs (musli-zerocopy 0.1.4)",
    },
    schema: Sourced {
        fact: "Rust types (derive ZeroCopy)",
        source: "src/lib.rs docs (musli-zerocopy 0.1.4)",
    },
    other_languages: Sourced {
        fact: "Rust only",
        source: "README.md (musli-zerocopy 0.1.4)",
    },
};

/// musli-zerocopy.
const LIBRARY: LibraryFacts = LibraryFacts {
    library: "musli-zerocopy",
    read_on: "2026-12-07",
    latest_release: Sourced {
        fact: "0.1.4 (2026-10-21)",
        source: "https://index.crates.io/mu/sl/musli-zerocopy (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no musli-zerocopy folder)",
    },
    unmaintained: false,
};

/// `musli-zerocopy`.
pub(crate) const MUSLI_ZEROCOPY: Declared = Declared {
    format: &FORMAT,
    library: &LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-musli-zerocopy/src/lib.rs (derive)",
};
