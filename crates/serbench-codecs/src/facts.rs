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
}

/// The day the maintenance facts were read.
pub const AS_OF: &str = "TODO";

/// Every wire format of the list.
pub const FORMATS: &[FormatFacts] = &[];

/// Every library of the list.
pub const LIBRARIES: &[LibraryFacts] = &[];
