//! What this crate declares of FlatBuffers, its library and the
//! API path of each codec, for the capability table: facts no test can
//! decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// FlatBuffers.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "FlatBuffers",
    specification: Sourced {
        fact: "Internals doc, flatbuffers.dev",
        source: "https://flatbuffers.dev/internals/",
    },
    schema: Sourced {
        fact: ".fbs",
        source: "https://flatbuffers.dev/schema/",
    },
    other_languages: Sourced {
        fact: "C++, C, C#, Go, Java, Python, TS, Swift, …",
        source: "https://github.com/google/flatbuffers#supported-programming-languages",
    },
};

/// flatbuffers.
const FLATBUFFERS_LIBRARY: LibraryFacts = LibraryFacts {
    library: "flatbuffers",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "25.12.19 (2025-12-19)",
        source: "https://index.crates.io/fl/at/flatbuffers (pubtime)",
    },
    advisories: Sourced {
        fact: "RUSTSEC-2019-0028, 2020-0009, 2021-0122, fixed by 22.9.29",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/flatbuffers; \
                 2020-0009 fixed in 2.0.0: https://github.com/rustsec/advisory-db/pull/943",
    },
    unmaintained: false,
};

/// `flatbuffers`.
pub(crate) const FLATBUFFERS: Declared = Declared {
    format: &FORMAT,
    library: &FLATBUFFERS_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-flatbuffers (generated code)",
};

/// planus.
const PLANUS_LIBRARY: LibraryFacts = LibraryFacts {
    library: "planus",
    read_on: "2026-12-06",
    latest_release: Sourced {
        fact: "1.3.0",
        source: "https://crates.io/crates/planus (cargo info planus)",
    },
    advisories: Sourced {
        fact: "none in RustSec",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates",
    },
    unmaintained: false,
};

/// `flatbuffers-planus`.
pub(crate) const PLANUS: Declared = Declared {
    format: &FORMAT,
    library: &PLANUS_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-flatbuffers/src/planus (generated code)",
};
