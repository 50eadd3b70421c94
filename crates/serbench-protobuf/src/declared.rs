//! What this crate declares of Protobuf, its library and the
//! API path of each codec, for the capability table: facts no test can
//! decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// Protobuf.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "Protobuf",
    specification: Sourced {
        fact: "Encoding guide, protobuf.dev",
        source: "https://protobuf.dev/programming-guides/encoding/",
    },
    schema: Sourced {
        fact: ".proto",
        source: "https://protobuf.dev/programming-guides/proto3/",
    },
    other_languages: Sourced {
        fact: "C++, Java, Python, Go, C#, Dart, Ruby, PHP, …",
        source: "https://protobuf.dev/reference",
    },
};

/// prost.
const PROST_LIBRARY: LibraryFacts = LibraryFacts {
    library: "prost",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "0.14.6 (2026-11-12)",
        source: "https://index.crates.io/pr/os/prost (pubtime)",
    },
    advisories: Sourced {
        fact: "RUSTSEC-2020-0002, fixed in 0.6.1",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/prost",
    },
    unmaintained: false,
};

/// `protobuf`.
pub(crate) const PROTOBUF: Declared = Declared {
    format: &FORMAT,
    library: &PROST_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-protobuf (prost-build)",
};

/// `protobuf-stock`.
pub(crate) const PROTOBUF_STOCK: Declared = Declared {
    format: &FORMAT,
    library: &PROST_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-protobuf (prost-build)",
};

/// The `protobuf` crate (rust-protobuf).
const RUST_PROTOBUF_LIBRARY: LibraryFacts = LibraryFacts {
    library: "protobuf",
    read_on: "2026-12-06",
    latest_release: Sourced {
        fact: "3.7.2",
        source: "https://index.crates.io/pr/ot/protobuf",
    },
    advisories: Sourced {
        fact: "RUSTSEC-2024-0437, fixed in 3.7.2",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/protobuf",
    },
    unmaintained: false,
};

/// `protobuf-rust`.
pub(crate) const PROTOBUF_RUST: Declared = Declared {
    format: &FORMAT,
    library: &RUST_PROTOBUF_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-protobuf (protobuf-codegen)",
};

/// buffa.
const BUFFA_LIBRARY: LibraryFacts = LibraryFacts {
    library: "buffa",
    read_on: "2026-12-06",
    latest_release: Sourced {
        fact: "0.9.2 (2026-09-03)",
        source: "https://index.crates.io/bu/ff/buffa",
    },
    advisories: Sourced {
        fact: "none",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates",
    },
    unmaintained: false,
};

/// `protobuf-buffa`.
pub(crate) const PROTOBUF_BUFFA: Declared = Declared {
    format: &FORMAT,
    library: &BUFFA_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-protobuf (buffa-codegen)",
};
