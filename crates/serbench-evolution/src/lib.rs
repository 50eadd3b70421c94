//! Schema evolution, tested on every wire format.
//!
//! The question a format's users ask first after speed and size: *can I
//! change my record next year without breaking the programs that read or
//! write the old one?* This crate answers it with tests, not essays. One
//! record (the media benchmark's `Image`: a URI, a title, a width, a height
//! and a size enum) exists in an old version and, for each of six
//! [`Change`]s on its own, a new version. Every wire format writes with one
//! version and reads with the other, in both [`Direction`]s, through the
//! evolution mechanism its users are told to use (serde's `default` and
//! `alias`, protobuf's field numbers, Avro's schema resolution, a version
//! tag in front of a positional format's record, …), and the read value is
//! compared with the value the writer meant. Each [`Cell`] is one of three
//! [`Outcome`]s: it reads the intended value, it fails with a clear error,
//! or it reads a *different* value without a word, the dangerous one.
//!
//! This crate is the engine and the record; it names no format library.
//! Each codec crate tests its own library, behind its `evolution` feature:
//! it implements [`Evolution`] for its codec type, with its practices,
//! each a function giving its twelve cells. The practices most libraries
//! share are written here once: serde's ([`Serde`], over the crate's
//! `SerdeCodec` calls), a derive's own types ([`mirror!`]) [`Bare`] and
//! [`Tagged`], and [`Direct`] for a format whose evolution is in its
//! schema. The registry (`serbench_codecs::evolution_matrix`) gathers the
//! rows of the codecs marked `evolution` and [`matrix`] computes every
//! cell; nothing in it is written by hand. The tests hold the matrix to a
//! committed table (`tests/it/matrix.txt`), so a cell whose outcome
//! changes (a library's new release, a codec's changed practice) fails a
//! test until the table is rewritten on purpose (`SERBENCH_BLESS=1`).
//!
//! ```
//! use serbench_evolution::{Change, Direction, Outcome, Practised};
//!
//! // A library's practice, as a codec crate declares it, and one of its
//! // cells: the model's own serde types through a JSON-like library.
//! # struct Lines;
//! # use serbench_model::{Error, ErrorKind};
//! # impl serbench_document::SerdeCodec for Lines {
//! #     fn write<T: serde::Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
//! #         serde_json::to_writer(out, value)
//! #             .map_err(|e| Error::named(ErrorKind::Unsupported, "lines", "document", e.to_string()))
//! #     }
//! #     fn read<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
//! #         serde_json::from_slice(bytes)
//! #             .map_err(|e| Error::named(ErrorKind::Invalid, "lines", "document", e.to_string()))
//! #     }
//! # }
//! let [practice] = serbench_evolution::Serde::<Lines>::SELF_DESCRIBING else {
//!     unreachable!()
//! };
//! let cells = (practice.cells)();
//! assert_eq!(cells.len(), 12);
//! // serde's `default` fills a field the old writer did not know.
//! assert!(cells.contains(&(Change::Added, Direction::NewReadsOld, Outcome::Reads)));
//! ```

mod library;
#[doc(hidden)]
pub mod mirror;
pub mod model;
mod practice;
mod serde_path;

use std::fmt;

use serbench_model::Error;

pub use library::{Bare, Library, Mirror, OldVersion, Tag, Tagged, Tags, Versions};
pub use model::{Change, Pair, PairVisitor, Version, visit_pairs};
pub use practice::{Cells, Codec, Direct, Practice, cells};
pub use serde_path::Serde;

/// What the errors of the evolution paths name in place of a dataset
/// ([`Error::named`]'s subject): the record, media's `Image`.
pub const RECORD: &str = "image";

/// Which version writes and which reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// Data the old version wrote, read by the new one: a new program
    /// reading old files (backward compatibility).
    NewReadsOld,
    /// Data the new version wrote, read by the old one: an old program
    /// not yet upgraded reading new data (forward compatibility).
    OldReadsNew,
}

impl Direction {
    /// Both directions, in the order the tables show them.
    pub const ALL: [Direction; 2] = [Direction::NewReadsOld, Direction::OldReadsNew];

    /// The id the reports and the committed table use.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Direction::NewReadsOld => "new-reads-old",
            Direction::OldReadsNew => "old-reads-new",
        }
    }

    /// How a table heads it: `old → new` is old data read by new code.
    #[must_use]
    pub const fn arrow(self) -> &'static str {
        match self {
            Direction::NewReadsOld => "old → new",
            Direction::OldReadsNew => "new → old",
        }
    }
}

/// What reading the other version's bytes gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// ✓ The value the writer meant (where the reader's version cannot
    /// hold a field, the default its format gives a missing field).
    Reads,
    /// ✗ A clear error: the reader refused the bytes. The text is the
    /// error's message (the library's, or the version check's) and its
    /// position.
    Error(String),
    /// ⚠ A different value, without an error: a sentence says which field
    /// came out as what.
    Wrong(String),
}

impl Outcome {
    /// `✓`, `✗` or `⚠`.
    #[must_use]
    pub fn mark(&self) -> &'static str {
        match self {
            Outcome::Reads => "✓",
            Outcome::Error(_) => "✗",
            Outcome::Wrong(_) => "⚠",
        }
    }

    /// The id `results.json` uses: `reads`, `error` or `wrong`.
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            Outcome::Reads => "reads",
            Outcome::Error(_) => "error",
            Outcome::Wrong(_) => "wrong",
        }
    }

    /// The error or the difference, empty for ✓.
    #[must_use]
    pub fn detail(&self) -> &str {
        match self {
            Outcome::Reads => "",
            Outcome::Error(text) | Outcome::Wrong(text) => text,
        }
    }

    /// Judges what a read gave against what the writer meant (`None`:
    /// the reader's version has no value for it, as an enum value added
    /// after it was written).
    #[must_use]
    pub fn judge<V: Version>(read: Result<V, Error>, intended: Option<&V>) -> Outcome {
        match (read, intended) {
            (Err(error), _) => Outcome::Error(one_line(&said(&error))),
            (Ok(value), Some(intended)) if value == *intended => Outcome::Reads,
            (Ok(value), Some(intended)) => Outcome::Wrong(model::difference(intended, &value)),
            (Ok(value), None) => Outcome::Wrong(format!(
                "the writer's value has no form in the reader's version, yet it read {}",
                model::describe(&value)
            )),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Reads => f.write_str("✓"),
            Outcome::Error(text) => write!(f, "✗ {text}"),
            Outcome::Wrong(text) => write!(f, "⚠ {text}"),
        }
    }
}

/// An error as a cell tells it: its message and, where it has one, its
/// position; the codec and the record are the row's and the matrix's.
fn said(error: &Error) -> String {
    if error.position().is_known() {
        format!("{} (at {})", error.message(), error.position())
    } else {
        error.message().to_owned()
    }
}

/// A library's message on one line, short enough for a table's note.
fn one_line(text: &str) -> String {
    const LIMIT: usize = 160;
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match line.char_indices().nth(LIMIT) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None => line,
    }
}

/// One cell of the matrix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The wire format, as the registry names it (`Protobuf`).
    pub wire_format: &'static str,
    /// The library that wrote and read.
    pub library: &'static str,
    /// The evolution practice followed (`field numbers`, `bare`,
    /// `version tag`), since a positional format's answer depends on it.
    pub practice: &'static str,
    /// The change between the versions.
    pub change: Change,
    /// Which version wrote and which read.
    pub direction: Direction,
    /// What the read gave.
    pub outcome: Outcome,
}

impl Cell {
    /// The cell as `results.json` holds it.
    #[must_use]
    pub fn record(&self) -> serbench_results::EvolutionCell {
        serbench_results::EvolutionCell {
            wire_format: self.wire_format.to_owned(),
            library: self.library.to_owned(),
            practice: self.practice.to_owned(),
            change: self.change.id().to_owned(),
            direction: self.direction.id().to_owned(),
            outcome: self.outcome.id().to_owned(),
            detail: self.outcome.detail().to_owned(),
        }
    }
}

/// One evolution practice of a library, tested: its name (`field
/// numbers`, `bare`, `version tag`), since a positional format's answer
/// depends on it, and its cells.
#[derive(Clone, Copy, Debug)]
pub struct Practised {
    /// The practice followed, as [`Cell::practice`].
    pub practice: &'static str,
    /// Writes each change's value with one version and reads the bytes as
    /// the other: one cell per change and direction.
    pub cells: fn() -> Vec<(Change, Direction, Outcome)>,
}

/// A codec whose crate tests its library's evolution: the practices its
/// users follow. Implemented in the codec crate, behind its `evolution`
/// feature, and visited by the registry for the codecs marked
/// `evolution`.
pub trait Evolution {
    /// The practices, in the order the tables show them.
    const PRACTICES: &'static [Practised];
}

/// A row of the matrix: a practice with the wire format and library the
/// registry names for its codec.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    /// The wire format, as the registry names it.
    pub wire_format: &'static str,
    /// The library.
    pub library: &'static str,
    /// The practice and its cells.
    pub practice: Practised,
}

/// Every cell of `rows`: every row × every change × both directions, in
/// that order.
#[must_use]
pub fn matrix(rows: &[Row]) -> Vec<Cell> {
    rows.iter()
        .flat_map(|row| {
            (row.practice.cells)()
                .into_iter()
                .map(|(change, direction, outcome)| Cell {
                    wire_format: row.wire_format,
                    library: row.library,
                    practice: row.practice.practice,
                    change,
                    direction,
                    outcome,
                })
        })
        .collect()
}
