//! What this crate declares of Thrift, its library and the
//! API path of each codec, for the capability table: facts no test can
//! decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// Thrift.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "Thrift",
    specification: Sourced {
        fact: "binary and compact protocol specs",
        source: "https://github.com/apache/thrift/tree/master/doc/specs",
    },
    schema: Sourced {
        fact: ".thrift IDL",
        source: "https://thrift.apache.org/docs/idl",
    },
    other_languages: Sourced {
        fact: "C++, Java, Python, Go, C#, JS, Erlang, …",
        source: "https://thrift.apache.org/lib",
    },
};

/// thrift.
const THRIFT_LIBRARY: LibraryFacts = LibraryFacts {
    library: "thrift",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "0.25.0 (2026-09-30)",
        source: "https://index.crates.io/th/ri/thrift (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no thrift folder)",
    },
    unmaintained: false,
};

/// `thrift-binary`.
pub(crate) const THRIFT_BINARY: Declared = Declared {
    format: &FORMAT,
    library: &THRIFT_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-thrift (protocols)",
};

/// `thrift-compact`.
pub(crate) const THRIFT_COMPACT: Declared = Declared {
    format: &FORMAT,
    library: &THRIFT_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-thrift (protocols)",
};
