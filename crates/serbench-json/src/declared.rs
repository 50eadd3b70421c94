//! What this crate declares of JSON, its libraries and the
//! API path of each codec, for the capability table: facts no test can
//! decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// JSON.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "JSON",
    specification: Sourced {
        fact: "ECMA-404 / RFC 8259",
        source: "https://www.rfc-editor.org/rfc/rfc8259",
    },
    schema: Sourced {
        fact: "none (optional: JSON Schema)",
        source: "https://json-schema.org/specification",
    },
    other_languages: Sourced {
        fact: "nearly every language (json.org lists them)",
        source: "https://www.json.org/json-en.html",
    },
};

/// serde_json.
const SERDE_JSON_LIBRARY: LibraryFacts = LibraryFacts {
    library: "serde_json",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "1.0.154 (2026-10-11)",
        source: "https://index.crates.io/se/rd/serde_json (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no serde_json folder)",
    },
    unmaintained: false,
};

/// simd-json.
const SIMD_JSON_LIBRARY: LibraryFacts = LibraryFacts {
    library: "simd-json",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "0.19.0 (2026-10-27)",
        source: "https://index.crates.io/si/md/simd-json (pubtime)",
    },
    advisories: Sourced {
        fact: "RUSTSEC-2019-0008, fixed in 0.1.15",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/simd-json",
    },
    unmaintained: false,
};

/// sonic-rs.
const SONIC_RS_LIBRARY: LibraryFacts = LibraryFacts {
    library: "sonic-rs",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "0.5.12 (2026-11-19)",
        source: "https://index.crates.io/so/ni/sonic-rs (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no sonic-rs folder)",
    },
    unmaintained: false,
};

/// simd-json-derive.
const SIMD_JSON_DERIVE_LIBRARY: LibraryFacts = LibraryFacts {
    library: "simd-json-derive",
    read_on: "2026-12-06",
    latest_release: Sourced {
        fact: "0.19.0 (2026-10-27)",
        source: "https://index.crates.io/si/md/simd-json-derive (pubtime)",
    },
    advisories: Sourced {
        fact: "RUSTSEC-2023-0087 (unsound), fixed in 0.12.0",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/simd-json-derive",
    },
    unmaintained: false,
};

/// flexon.
const FLEXON_LIBRARY: LibraryFacts = LibraryFacts {
    library: "flexon",
    read_on: "2026-12-06",
    latest_release: Sourced {
        fact: "0.4.9 (2026-09-08)",
        source: "https://index.crates.io/fl/ex/flexon (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no flexon folder)",
    },
    unmaintained: false,
};

/// `json`.
pub(crate) const JSON: Declared = Declared {
    format: &FORMAT,
    library: &SERDE_JSON_LIBRARY,
    api: Api::Serde,
    api_source: "crates/serbench-json/src/lib.rs",
};

/// `json-simd`.
pub(crate) const JSON_SIMD: Declared = Declared {
    format: &FORMAT,
    library: &SIMD_JSON_LIBRARY,
    api: Api::Serde,
    api_source: "crates/serbench-json/src/lib.rs",
};

/// `json-sonic`.
pub(crate) const JSON_SONIC: Declared = Declared {
    format: &FORMAT,
    library: &SONIC_RS_LIBRARY,
    api: Api::Serde,
    api_source: "crates/serbench-json/src/lib.rs",
};

/// `json-simd-derive`.
pub(crate) const JSON_SIMD_DERIVE: Declared = Declared {
    format: &FORMAT,
    library: &SIMD_JSON_DERIVE_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-json/src/simd_derive.rs",
};

/// `json-flexon`.
pub(crate) const JSON_FLEXON: Declared = Declared {
    format: &FORMAT,
    library: &FLEXON_LIBRARY,
    api: Api::Serde,
    api_source: "crates/serbench-json/src/flexon.rs",
};
