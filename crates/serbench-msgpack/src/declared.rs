//! What this crate declares of MessagePack, its library and the
//! API path of each codec, for the capability table: facts no test can
//! decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// MessagePack.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "MessagePack",
    specification: Sourced {
        fact: "spec.md of msgpack/msgpack",
        source: "https://github.com/msgpack/msgpack/blob/master/spec.md",
    },
    schema: Sourced {
        fact: "none",
        source: "https://github.com/msgpack/msgpack/blob/master/spec.md",
    },
    other_languages: Sourced {
        fact: "over 50 languages (msgpack.org lists them)",
        source: "https://msgpack.org/",
    },
};

/// rmp-serde.
const RMP_SERDE_LIBRARY: LibraryFacts = LibraryFacts {
    library: "rmp-serde",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "1.3.1 (2025-12-23)",
        source: "https://index.crates.io/rm/p-/rmp-serde (pubtime)",
    },
    advisories: Sourced {
        fact: "RUSTSEC-2022-0092 (unsound), fixed in 1.1.1",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/rmp-serde",
    },
    unmaintained: false,
};

/// `msgpack`.
pub(crate) const MSGPACK: Declared = Declared {
    format: &FORMAT,
    library: &RMP_SERDE_LIBRARY,
    api: Api::Serde,
    api_source: "crates/serbench-msgpack/src/lib.rs",
};

/// zerompk.
const ZEROMPK_LIBRARY: LibraryFacts = LibraryFacts {
    library: "zerompk",
    read_on: "2026-12-06",
    latest_release: Sourced {
        fact: "0.8.0 (2026-08-29)",
        source: "https://index.crates.io/ze/ro/zerompk (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no zerompk folder)",
    },
    unmaintained: false,
};

/// `msgpack-zerompk`.
pub(crate) const MSGPACK_ZEROMPK: Declared = Declared {
    format: &FORMAT,
    library: &ZEROMPK_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-msgpack/src/zerompk.rs (FromMessagePack, ToMessagePack)",
};
