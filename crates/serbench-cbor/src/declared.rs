//! What this crate declares of CBOR, its libraries and the
//! API path of each codec, for the capability table: facts no test can
//! decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// CBOR.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "CBOR",
    specification: Sourced {
        fact: "RFC 8949",
        source: "https://www.rfc-editor.org/rfc/rfc8949",
    },
    schema: Sourced {
        fact: "none (optional: CDDL, RFC 8610)",
        source: "https://www.rfc-editor.org/rfc/rfc8610",
    },
    other_languages: Sourced {
        fact: "C, C++, Java, JS, Python, Go, PHP, Dart, …",
        source: "https://cbor.io/impls.html",
    },
};

/// ciborium.
const CIBORIUM_LIBRARY: LibraryFacts = LibraryFacts {
    library: "ciborium",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "0.2.2 (2024-01-24)",
        source: "https://index.crates.io/ci/bo/ciborium (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no ciborium folder)",
    },
    unmaintained: false,
};

/// minicbor.
const MINICBOR_LIBRARY: LibraryFacts = LibraryFacts {
    library: "minicbor",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "2.3.1 (2026-10-18)",
        source: "https://index.crates.io/mi/ni/minicbor (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no minicbor folder)",
    },
    unmaintained: false,
};

/// cbor4ii.
const CBOR4II_LIBRARY: LibraryFacts = LibraryFacts {
    library: "cbor4ii",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "1.2.4 (2026-10-19)",
        source: "https://index.crates.io/cb/or/cbor4ii (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no cbor4ii folder)",
    },
    unmaintained: false,
};

/// `cbor`.
pub(crate) const CBOR: Declared = Declared {
    format: &FORMAT,
    library: &CIBORIUM_LIBRARY,
    api: Api::Serde,
    api_source: "crates/serbench-cbor/src/lib.rs",
};

/// `cbor-minicbor`.
pub(crate) const CBOR_MINICBOR: Declared = Declared {
    format: &FORMAT,
    library: &MINICBOR_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-cbor/src/lib.rs (Encode, Decode)",
};

/// `cbor-cbor4ii`.
pub(crate) const CBOR_CBOR4II: Declared = Declared {
    format: &FORMAT,
    library: &CBOR4II_LIBRARY,
    api: Api::Serde,
    api_source: "crates/serbench-cbor/src/lib.rs",
};
