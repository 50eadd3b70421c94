//! What this crate declares of Cap'n Proto, its library and the
//! API path of each codec, for the capability table: facts no test can
//! decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// Cap'n Proto.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "Cap'n Proto",
    specification: Sourced {
        fact: "Encoding spec, capnproto.org",
        source: "https://capnproto.org/encoding.html",
    },
    schema: Sourced {
        fact: ".capnp",
        source: "https://capnproto.org/language.html",
    },
    other_languages: Sourced {
        fact: "C++ (reference), Go, Python, Java, C#, JS, …",
        source: "https://capnproto.org/otherlang.html",
    },
};

/// capnp.
const CAPNP_LIBRARY: LibraryFacts = LibraryFacts {
    library: "capnp",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "0.27.3 (2026-10-27)",
        source: "https://index.crates.io/ca/pn/capnp (pubtime)",
    },
    advisories: Sourced {
        fact: "RUSTSEC-2022-0068, 2025-0143, fixed by 0.24.0",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/capnp",
    },
    unmaintained: false,
};

/// `capnp`.
pub(crate) const CAPNP: Declared = Declared {
    format: &FORMAT,
    library: &CAPNP_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-capnp (generated code)",
};
