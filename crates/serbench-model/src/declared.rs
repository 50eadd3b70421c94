//! What a codec's crate declares of its wire format and library that no
//! test can decide: the specification, the schema language, the other
//! languages that implement the format, the library's maintenance, and
//! the API path the codec times, each with its source. The capability
//! table shows them beside the facts the tests decide.

/// A declared fact and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sourced {
    /// The fact, as the table shows it: short, a cell.
    pub fact: &'static str,
    /// Where it is stated: a URL, or a file and section.
    pub source: &'static str,
}

/// What is declared of one wire format, by the one crate that writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatFacts {
    /// The wire format, as the registry's list names it (`"Cap'n Proto"`).
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
///
/// Release dates are the `pubtime` of the crate's file in the crates.io
/// index, as cargo held it on [`LibraryFacts::read_on`]: a later release
/// may be missing. Advisories are the files under `crates/<name>/` of
/// RustSec's advisory-db, read that day; a fact names each advisory with
/// the version that fixed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LibraryFacts {
    /// The library, as the registry's list names it (`"serde_json"`).
    pub library: &'static str,
    /// The day these facts were read, `YYYY-MM-DD`.
    pub read_on: &'static str,
    /// Its latest release and date, as of [`LibraryFacts::read_on`].
    pub latest_release: Sourced,
    /// RustSec advisories against it (`RUSTSEC-2025-0141: unmaintained`),
    /// or `none known`.
    pub advisories: Sourced,
    /// An advisory in [`LibraryFacts::advisories`] says the library is
    /// unmaintained.
    pub unmaintained: bool,
}

/// How a codec drives its library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Api {
    /// Through serde's traits, the library's serializer and deserializer.
    Serde,
    /// Through the library's own API: its derive, generated code, events,
    /// or a reader written here.
    Native,
}

impl Api {
    /// The table's word for it: `serde` or `native`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Api::Serde => "serde",
            Api::Native => "native",
        }
    }
}

/// Everything a codec declares for the capability table
/// ([`BaseCodec::DECLARED`](crate::BaseCodec::DECLARED)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Declared {
    /// Its wire format's facts, shared by every codec of the format.
    pub format: &'static FormatFacts,
    /// Its library's facts, shared by every codec of the library.
    pub library: &'static LibraryFacts,
    /// How it drives the library.
    pub api: Api,
    /// Where its crate shows that (`crates/serbench-json/src/lib.rs`, with
    /// a word on what is called where the file does not say it).
    pub api_source: &'static str,
}
