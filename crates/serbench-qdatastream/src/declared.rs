//! What this crate declares of QDataStream, its library and the
//! API path of each codec, for the capability table: facts no test can
//! decide, each with its source.

use serbench_model::declared::{Api, Declared, FormatFacts, LibraryFacts, Sourced};

/// QDataStream.
const FORMAT: FormatFacts = FormatFacts {
    wire_format: "QDataStream",
    specification: Sourced {
        fact: "\"Serializing Qt Data Types\", Qt docs",
        source: "https://doc.qt.io/qt-6/datastreamformat.html",
    },
    schema: Sourced {
        fact: "C++ code (operator<<)",
        source: "https://doc.qt.io/qt-6/qdatastream.html",
    },
    other_languages: Sourced {
        fact: "Qt (C++); Python through PyQt or PySide",
        source: "https://doc.qt.io/qtforpython-6/PySide6/QtCore/QDataStream.html",
    },
};

/// serbench-qdatastream.
const SERBENCH_QDATASTREAM_LIBRARY: LibraryFacts = LibraryFacts {
    library: "serbench-qdatastream",
    read_on: "2026-12-04",
    latest_release: Sourced {
        fact: "not published (publish = false)",
        source: "Cargo.toml, [workspace.package] (this repository)",
    },
    advisories: Sourced {
        fact: "none: not on crates.io",
        source: "Cargo.toml, [workspace.package] (this repository)",
    },
    unmaintained: false,
};

/// `qdatastream`.
pub(crate) const QDATASTREAM: Declared = Declared {
    format: &FORMAT,
    library: &SERBENCH_QDATASTREAM_LIBRARY,
    api: Api::Native,
    api_source: "crates/serbench-qdatastream (written here)",
};
