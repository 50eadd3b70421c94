//! What this crate declares of XML, its library and the
//! API path of each codec, for the capability table: facts no test can
//! decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// XML.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "XML",
    specification: Sourced {
        fact: "XML 1.0, W3C Recommendation",
        source: "https://www.w3.org/TR/xml/",
    },
    schema: Sourced {
        fact: "none (optional: XSD, DTD)",
        source: "https://www.w3.org/TR/xmlschema11-1/",
    },
    other_languages: Sourced {
        fact: "most standard libraries (Python, Java, C#, …)",
        source: "https://docs.python.org/3/library/xml.html",
    },
};

/// quick-xml.
const QUICK_XML_LIBRARY: LibraryFacts = LibraryFacts {
    library: "quick-xml",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "0.42.0 (2026-08-22)",
        source: "https://index.crates.io/qu/ic/quick-xml (pubtime)",
    },
    advisories: Sourced {
        fact: "RUSTSEC-2026-0194, -0195 (DoS), fixed in 0.41.0",
        source: "https://github.com/rustsec/advisory-db/tree/main/crates/quick-xml",
    },
    unmaintained: false,
};

/// `xml`.
pub(crate) const XML: Declared = Declared {
    format: &FORMAT,
    library: &QUICK_XML_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-xml/src/lib.rs (quick-xml events)",
};
