//! What this crate declares of Fory, its library and the API path of its
//! codec, for the capability table: facts no test can decide, each with
//! its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// Fory.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "Fory",
    specification: Sourced {
        fact: "Fory xlang serialization specification",
        source: "https://fory.apache.org/docs/specification/xlang_serialization_spec",
    },
    schema: Sourced {
        fact: "each language's types (derive), or Fory IDL",
        source: "README.md (fory 1.7.7)",
    },
    other_languages: Sourced {
        fact: "Java, Python, C++, Go, JavaScript, C#, Dart, Scala, …",
        source: "https://github.com/apache/fory#readme",
    },
};

/// fory.
const FORY_LIBRARY: LibraryFacts = LibraryFacts {
    library: "fory",
    read_on: "2026-12-06",
    latest_release: Sourced {
        fact: "1.7.7 (2026-10-12)",
        source: "https://index.crates.io/fo/ry/fory (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no fory folder)",
    },
    unmaintained: false,
};

/// `fory`.
pub(crate) const FORY: Declared = Declared {
    format: &FORMAT,
    library: &FORY_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-fory/src/lib.rs (derive)",
};
