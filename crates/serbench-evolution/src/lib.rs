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
//! [`matrix`] computes every cell; nothing in it is written by hand. The
//! crate's tests hold the matrix to a committed table
//! (`tests/it/matrix.txt`), so a cell whose outcome changes (a library's
//! new release, a codec's changed practice) fails a test until the table
//! is rewritten on purpose (`SERBENCH_BLESS=1`).
//!
//! ```
//! use serbench_evolution::{Change, Direction, Outcome};
//!
//! let matrix = serbench_evolution::matrix();
//! let cell = |format: &str, practice: &str, change, direction| {
//!     matrix
//!         .iter()
//!         .find(|c| c.wire_format == format && c.practice == practice
//!             && c.change == change && c.direction == direction)
//!         .map(|c| c.outcome.clone())
//! };
//! // A positional format without a version tag reads two swapped fields
//! // of one type as each other.
//! assert!(matches!(
//!     cell("postcard", "bare", Change::Reordered, Direction::NewReadsOld),
//!     Some(Outcome::Wrong(_))
//! ));
//! // serde's `default` fills a field the old writer did not know.
//! assert_eq!(
//!     cell("JSON", "serde default, alias", Change::Added, Direction::NewReadsOld),
//!     Some(Outcome::Reads)
//! );
//! ```

pub mod formats;
mod generated;
pub mod model;

use std::fmt;

pub use model::{Change, Pair, PairVisitor, Version, visit_pairs};

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
    /// library's (or the version check's) message.
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
    pub fn judge<V: Version>(read: Result<V, String>, intended: Option<&V>) -> Outcome {
        match (read, intended) {
            (Err(error), _) => Outcome::Error(one_line(&error)),
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

/// A wire format's way of evolving one record, tested: its name, its
/// library and practice, and its twelve cells.
pub struct Row {
    /// The wire format, as the registry names it.
    pub wire_format: &'static str,
    /// The library.
    pub library: &'static str,
    /// The practice followed, as [`Cell::practice`].
    pub practice: &'static str,
    /// Writes `written` (of the writing version) and reads the bytes as
    /// the other version: one call per change and direction.
    pub cells: fn() -> Vec<(Change, Direction, Outcome)>,
}

/// Every cell: every row of [`formats::ROWS`] × every change × both
/// directions, in that order.
#[must_use]
pub fn matrix() -> Vec<Cell> {
    formats::ROWS
        .iter()
        .flat_map(|row| {
            (row.cells)()
                .into_iter()
                .map(|(change, direction, outcome)| Cell {
                    wire_format: row.wire_format,
                    library: row.library,
                    practice: row.practice,
                    change,
                    direction,
                    outcome,
                })
        })
        .collect()
}
