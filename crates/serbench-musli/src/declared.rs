//! What this crate declares of musli's three binary formats, its library
//! and the API path of each codec, for the capability table: facts no test
//! can decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// The three formats are musli's alone: its documentation describes them,
/// its derive is their schema, and no other language reads them.
const fn format(wire_format: &'static str, specification: &'static str) -> FormatFacts {
    FormatFacts {
        wire_format,
        specification: Sourced {
            fact: "none of its own: the module docs and the source",
            source: specification,
        },
        schema: Sourced {
            fact: "Rust types (derive)",
            source: "README.md (musli 0.2.1)",
        },
        other_languages: Sourced {
            fact: "Rust only",
            source: "README.md (musli 0.2.1)",
        },
    }
}

/// Musli storage.
const STORAGE_FORMAT: FormatFacts =
    format("Musli storage", "src/storage/mod.rs docs (musli 0.2.1)");

/// Musli wire.
const WIRE_FORMAT: FormatFacts = format(
    "Musli wire",
    "src/wire/mod.rs and src/wire/tag.rs docs (musli 0.2.1)",
);

/// Musli descriptive.
const DESCRIPTIVE_FORMAT: FormatFacts = format(
    "Musli descriptive",
    "src/descriptive/mod.rs and src/descriptive/tag.rs docs (musli 0.2.1)",
);

/// musli.
const MUSLI_LIBRARY: LibraryFacts = LibraryFacts {
    library: "musli",
    read_on: "2026-12-06",
    latest_release: Sourced {
        fact: "0.2.1 (2026-10-23)",
        source: "https://index.crates.io/mu/sl/musli (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no musli folder)",
    },
    unmaintained: false,
};

/// `musli-storage`.
pub(crate) const STORAGE: Declared = Declared {
    format: &STORAGE_FORMAT,
    library: &MUSLI_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-musli/src/lib.rs (derive)",
};

/// `musli-wire`.
pub(crate) const WIRE: Declared = Declared {
    format: &WIRE_FORMAT,
    library: &MUSLI_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-musli/src/lib.rs (derive)",
};

/// `musli-descriptive`.
pub(crate) const DESCRIPTIVE: Declared = Declared {
    format: &DESCRIPTIVE_FORMAT,
    library: &MUSLI_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-musli/src/lib.rs (derive)",
};
