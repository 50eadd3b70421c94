//! What this crate declares of FlexBuffers, its library and the API path of
//! its codec, for the capability table: facts no test can decide, each
//! with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// FlexBuffers.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "FlexBuffers",
    specification: Sourced {
        fact: "the FlatBuffers docs' binary layout (no standard)",
        source: "https://flatbuffers.dev/internals/ (\"FlexBuffers\")",
    },
    schema: Sourced {
        fact: "none (schemaless; every value carries its type)",
        source: "https://flatbuffers.dev/flexbuffers/",
    },
    other_languages: Sourced {
        fact: "C++, Java, JavaScript, Python, Rust, Swift",
        source: "https://flatbuffers.dev/flexbuffers/",
    },
};

/// flexbuffers.
const FLEXBUFFERS_LIBRARY: LibraryFacts = LibraryFacts {
    library: "flexbuffers",
    read_on: "2026-12-06",
    latest_release: Sourced {
        fact: "25.12.19 (2025-12-19)",
        source: "https://index.crates.io/fl/ex/flexbuffers (pubtime)",
    },
    advisories: Sourced {
        fact: "none; panics on crafted input (issue 8923, unfixed)",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no flexbuffers folder); https://github.com/google/flatbuffers/issues/8923",
    },
    unmaintained: false,
};

/// `flexbuffers`.
pub(crate) const FLEXBUFFERS: Declared = Declared {
    format: &FORMAT,
    library: &FLEXBUFFERS_LIBRARY,
    api: Api::Serde,
    api_source: "crates/serbench-flexbuffers/src/lib.rs",
};
