//! What the registry declares of each wire format and library that no
//! test here can decide: its specification, its schema language, the
//! other languages that implement it, the library's maintenance, each
//! with its source. The capability table shows them beside the facts the
//! tests decide (self-describing, deterministic, zero-copy, bounded).

/// A declared fact and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sourced {
    /// The fact, as the table shows it.
    pub fact: &'static str,
    /// Where it is stated: a URL, or a file and section.
    pub source: &'static str,
}

/// What is declared of one wire format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatFacts {
    /// The wire format, as the list names it (`"Cap'n Proto"`).
    pub wire_format: &'static str,
    /// Its specification (`RFC 8949`), or that it has none but the code.
    pub specification: Sourced,
    /// The schema language its users write (`.proto`), or `none` for a
    /// format read without one, or the Rust types for a format defined
    /// by them.
    pub schema: Sourced,
    /// Implementations in other languages (`C++, Java, Python, Go, …`),
    /// or `Rust only`.
    pub other_languages: Sourced,
}

/// What is declared of one library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LibraryFacts {
    /// The library, as the list names it (`"serde_json"`).
    pub library: &'static str,
    /// Its latest release and date, as of the date in [`AS_OF`].
    pub latest_release: Sourced,
    /// RustSec advisories against it (`RUSTSEC-2025-0141: unmaintained`),
    /// or `none`.
    pub advisories: Sourced,
    /// An advisory in [`LibraryFacts::advisories`] says the library is
    /// unmaintained.
    pub unmaintained: bool,
}

/// The day the maintenance facts were read.
///
/// Release dates are the `pubtime` of each crate's file in the crates.io
/// index, as cargo on this machine held it that day. The newest entry of
/// that copy, over all crates, is of 2026-11-25: a later release may be
/// missing. Advisories are the files under `crates/<name>/` of RustSec's
/// advisory-db, in a copy of unknown age read that day; a fact names each
/// advisory with the version that fixed it.
pub const AS_OF: &str = "2026-12-04";

/// Every wire format of the list.
pub const FORMATS: &[FormatFacts] = &[
    FormatFacts {
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
    },
    FormatFacts {
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
    },
    FormatFacts {
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
    },
    FormatFacts {
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
    },
    FormatFacts {
        wire_format: "bincode",
        specification: Sourced {
            fact: "docs/spec.md of the bincode repository",
            source: "docs/spec.md (bincode 2.0.1)",
        },
        schema: Sourced {
            fact: "Rust types (serde or derive)",
            source: "docs/spec.md (bincode 2.0.1)",
        },
        other_languages: Sourced {
            fact: "Rust; serde-generate runtimes read bincode 1",
            source: "https://docs.rs/crate/serde-generate/0.20.2",
        },
    },
    FormatFacts {
        wire_format: "postcard",
        specification: Sourced {
            fact: "Postcard wire format spec, stable since 1.0",
            source: "https://postcard.jamesmunns.com/wire-format.html",
        },
        schema: Sourced {
            fact: "Rust types (serde)",
            source: "README.md (postcard 1.2.0)",
        },
        other_languages: Sourced {
            fact: "Rust only (no others named in its README)",
            source: "README.md (postcard 1.2.0)",
        },
    },
    FormatFacts {
        wire_format: "bitcode",
        specification: Sourced {
            fact: "none; no stable format across major versions",
            source: "README.md (bitcode 0.6.9)",
        },
        schema: Sourced {
            fact: "Rust types (derive or serde)",
            source: "README.md (bitcode 0.6.9)",
        },
        other_languages: Sourced {
            fact: "Rust only (other languages are a non-goal)",
            source: "README.md (bitcode 0.6.9)",
        },
    },
    FormatFacts {
        wire_format: "wincode",
        specification: Sourced {
            fact: "none of its own: bincode 1's default layout",
            source: "src/lib.rs docs, Compatibility (wincode 0.6.3)",
        },
        schema: Sourced {
            fact: "Rust types (derive)",
            source: "README.md (wincode 0.6.3)",
        },
        other_languages: Sourced {
            fact: "Rust only (bincode 1 readers elsewhere)",
            source: "src/lib.rs docs, Compatibility (wincode 0.6.3)",
        },
    },
    FormatFacts {
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
    },
    FormatFacts {
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
    },
    FormatFacts {
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
    },
    FormatFacts {
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
    },
    FormatFacts {
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
    },
    FormatFacts {
        wire_format: "FlatBuffers",
        specification: Sourced {
            fact: "Internals doc, flatbuffers.dev",
            source: "https://flatbuffers.dev/internals/",
        },
        schema: Sourced {
            fact: ".fbs",
            source: "https://flatbuffers.dev/schema/",
        },
        other_languages: Sourced {
            fact: "C++, C, C#, Go, Java, Python, TS, Swift, …",
            source: "https://github.com/google/flatbuffers#supported-programming-languages",
        },
    },
    FormatFacts {
        wire_format: "rkyv",
        specification: Sourced {
            fact: "none; the rkyv book describes the format",
            source: "https://rkyv.org/format.html",
        },
        schema: Sourced {
            fact: "Rust types (derive)",
            source: "https://rkyv.org/format.html",
        },
        other_languages: Sourced {
            fact: "Rust only",
            source: "README.md (rkyv 0.8.18)",
        },
    },
];

/// Every library of the list.
pub const LIBRARIES: &[LibraryFacts] = &[
    LibraryFacts {
        library: "serde_json",
        latest_release: Sourced {
            fact: "1.0.154 (2026-10-11)",
            source: "https://index.crates.io/se/rd/serde_json (pubtime)",
        },
        advisories: Sourced {
            fact: "none known",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no serde_json folder)",
        },
        unmaintained: false,
    },
    LibraryFacts {
        library: "simd-json",
        latest_release: Sourced {
            fact: "0.19.0 (2026-10-27)",
            source: "https://index.crates.io/si/md/simd-json (pubtime)",
        },
        advisories: Sourced {
            fact: "RUSTSEC-2019-0008, fixed in 0.1.15",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/simd-json",
        },
        unmaintained: false,
    },
    LibraryFacts {
        library: "sonic-rs",
        latest_release: Sourced {
            fact: "0.5.12 (2026-11-19)",
            source: "https://index.crates.io/so/ni/sonic-rs (pubtime)",
        },
        advisories: Sourced {
            fact: "none known",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no sonic-rs folder)",
        },
        unmaintained: false,
    },
    LibraryFacts {
        library: "ciborium",
        latest_release: Sourced {
            fact: "0.2.2 (2024-01-24)",
            source: "https://index.crates.io/ci/bo/ciborium (pubtime)",
        },
        advisories: Sourced {
            fact: "none known",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no ciborium folder)",
        },
        unmaintained: false,
    },
    LibraryFacts {
        library: "minicbor",
        latest_release: Sourced {
            fact: "2.3.1 (2026-10-18)",
            source: "https://index.crates.io/mi/ni/minicbor (pubtime)",
        },
        advisories: Sourced {
            fact: "none known",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no minicbor folder)",
        },
        unmaintained: false,
    },
    LibraryFacts {
        library: "cbor4ii",
        latest_release: Sourced {
            fact: "1.2.4 (2026-10-19)",
            source: "https://index.crates.io/cb/or/cbor4ii (pubtime)",
        },
        advisories: Sourced {
            fact: "none known",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no cbor4ii folder)",
        },
        unmaintained: false,
    },
    LibraryFacts {
        library: "quick-xml",
        latest_release: Sourced {
            fact: "0.42.0 (2026-08-22)",
            source: "https://index.crates.io/qu/ic/quick-xml (pubtime)",
        },
        advisories: Sourced {
            fact: "RUSTSEC-2026-0194, -0195 (DoS), fixed in 0.41.0",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/quick-xml",
        },
        unmaintained: false,
    },
    LibraryFacts {
        library: "rmp-serde",
        latest_release: Sourced {
            fact: "1.3.1 (2025-12-23)",
            source: "https://index.crates.io/rm/p-/rmp-serde (pubtime)",
        },
        advisories: Sourced {
            fact: "RUSTSEC-2022-0092 (unsound), fixed in 1.1.1",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/rmp-serde",
        },
        unmaintained: false,
    },
    LibraryFacts {
        library: "bincode",
        latest_release: Sourced {
            fact: "3.0.0 (2025-12-16), only a compile error",
            source: "https://index.crates.io/bi/nc/bincode (pubtime); https://docs.rs/crate/bincode/3.0.0/source/README.md",
        },
        advisories: Sourced {
            fact: "RUSTSEC-2025-0141: unmaintained",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/bincode",
        },
        unmaintained: true,
    },
    LibraryFacts {
        library: "postcard",
        latest_release: Sourced {
            fact: "1.2.0 (2026-11-21)",
            source: "https://index.crates.io/po/st/postcard (pubtime)",
        },
        advisories: Sourced {
            fact: "none known",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no postcard folder)",
        },
        unmaintained: false,
    },
    LibraryFacts {
        library: "bitcode",
        latest_release: Sourced {
            fact: "0.6.9 (2025-12-18)",
            source: "https://index.crates.io/bi/tc/bitcode (pubtime)",
        },
        advisories: Sourced {
            fact: "none known",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no bitcode folder)",
        },
        unmaintained: false,
    },
    LibraryFacts {
        library: "wincode",
        latest_release: Sourced {
            fact: "0.6.3 (2026-10-13)",
            source: "https://index.crates.io/wi/nc/wincode (pubtime)",
        },
        advisories: Sourced {
            fact: "none known",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no wincode folder)",
        },
        unmaintained: false,
    },
    LibraryFacts {
        library: "prost",
        latest_release: Sourced {
            fact: "0.14.6 (2026-11-12)",
            source: "https://index.crates.io/pr/os/prost (pubtime)",
        },
        advisories: Sourced {
            fact: "RUSTSEC-2020-0002, fixed in 0.6.1",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/prost",
        },
        unmaintained: false,
    },
    LibraryFacts {
        library: "thrift",
        latest_release: Sourced {
            fact: "0.25.0 (2026-09-30)",
            source: "https://index.crates.io/th/ri/thrift (pubtime)",
        },
        advisories: Sourced {
            fact: "none known",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no thrift folder)",
        },
        unmaintained: false,
    },
    LibraryFacts {
        library: "apache-avro",
        latest_release: Sourced {
            fact: "0.22.0 (2026-08-10); 0.23.0-rc0 (2026-11-02)",
            source: "https://index.crates.io/ap/ac/apache-avro (pubtime)",
        },
        advisories: Sourced {
            fact: "none known",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/ (no apache-avro folder)",
        },
        unmaintained: false,
    },
    LibraryFacts {
        library: "serbench-qdatastream",
        latest_release: Sourced {
            fact: "not published (publish = false)",
            source: "Cargo.toml, [workspace.package] (this repository)",
        },
        advisories: Sourced {
            fact: "none: not on crates.io",
            source: "Cargo.toml, [workspace.package] (this repository)",
        },
        unmaintained: false,
    },
    LibraryFacts {
        library: "capnp",
        latest_release: Sourced {
            fact: "0.27.3 (2026-10-27)",
            source: "https://index.crates.io/ca/pn/capnp (pubtime)",
        },
        advisories: Sourced {
            fact: "RUSTSEC-2022-0068, 2025-0143, fixed by 0.24.0",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/capnp",
        },
        unmaintained: false,
    },
    LibraryFacts {
        library: "flatbuffers",
        latest_release: Sourced {
            fact: "25.12.19 (2025-12-19)",
            source: "https://index.crates.io/fl/at/flatbuffers (pubtime)",
        },
        advisories: Sourced {
            fact: "RUSTSEC-2019-0028, 2020-0009, 2021-0122, fixed by 22.9.29",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/flatbuffers; \
                     2020-0009 fixed in 2.0.0: https://github.com/rustsec/advisory-db/pull/943",
        },
        unmaintained: false,
    },
    LibraryFacts {
        library: "rkyv",
        latest_release: Sourced {
            fact: "0.8.18 (2026-08-05)",
            source: "https://index.crates.io/rk/yv/rkyv (pubtime)",
        },
        advisories: Sourced {
            fact: "RUSTSEC-2021-0054, 2026-0001/0122/0233-0235; fixed by 0.8.17",
            source: "https://github.com/rustsec/advisory-db/tree/main/crates/rkyv",
        },
        unmaintained: false,
    },
];
