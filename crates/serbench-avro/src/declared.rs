//! What this crate declares of Avro, its library and the
//! API path of each codec, for the capability table: facts no test can
//! decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// Avro.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "Avro",
    specification: Sourced {
        fact: "Avro specification 1.12",
        source: "https://avro.apache.org/docs/1.12.0/specification/",
    },
    schema: Sourced {
        fact: ".avsc (JSON), carried in container files",
        source: "https://avro.apache.org/docs/1.12.0/specification/",
    },
    other_languages: Sourced {
        fact: "Java, C, C++, C#, Python, JS, PHP, Ruby, …",
        source: "https://github.com/apache/avro/tree/main/lang",
    },
};

/// apache-avro.
const APACHE_AVRO_LIBRARY: LibraryFacts = LibraryFacts {
    library: "apache-avro",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "0.22.0 (2026-08-10); 0.23.0-rc0 (2026-11-02)",
        source: "https://index.crates.io/ap/ac/apache-avro (pubtime)",
    },
    advisories: Sourced {
        fact: "none known",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no apache-avro folder)",
    },
    unmaintained: false,
};

/// `avro`.
pub(crate) const AVRO: Declared = Declared {
    format: &FORMAT,
    library: &APACHE_AVRO_LIBRARY,
    api: Api::Serde,
    api_source: "crates/serbench-avro/src/lib.rs",
};
