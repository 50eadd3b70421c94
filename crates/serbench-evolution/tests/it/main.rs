//! The matrix as the reports show it: every cell computed, held to the
//! committed table, and the outcomes the formats' documentation promises.

mod capnp_flatbuffers;

use std::fmt::Write as _;
use std::path::PathBuf;

use serbench_evolution::{Cell, Change, Direction, Outcome, formats, matrix};

/// The committed table: one line per cell, its mark and, for ⚠, what
/// was read (errors' texts are the libraries' and may change with a
/// release; the mark may not without this test failing).
fn table(cells: &[Cell]) -> String {
    let mut text = String::from(
        "# wire format | library | practice | change | direction | outcome\n\
         # Written by the tests (SERBENCH_BLESS=1 cargo test -p serbench-evolution).\n",
    );
    for cell in cells {
        let _ = write!(
            text,
            "{} | {} | {} | {} | {} | {}",
            cell.wire_format,
            cell.library,
            cell.practice,
            cell.change.id(),
            cell.direction.id(),
            cell.outcome.mark()
        );
        if let Outcome::Wrong(what) = &cell.outcome {
            let _ = write!(text, " {what}");
        }
        text.push('\n');
    }
    text
}

#[test]
fn the_matrix_is_the_committed_one() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it/matrix.txt");
    let computed = table(&matrix());
    if std::env::var_os("SERBENCH_BLESS").is_some() {
        std::fs::write(&path, &computed).expect("write the table");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != computed {
        let changed: Vec<String> = computed
            .lines()
            .filter(|line| !committed.lines().any(|c| c == *line))
            .map(str::to_owned)
            .collect();
        panic!(
            "the evolution matrix changed (rewrite {} with SERBENCH_BLESS=1 if on purpose); \
             cells now:\n{}",
            path.display(),
            changed.join("\n")
        );
    }
}

#[test]
fn every_row_has_every_change_both_ways() {
    let cells = matrix();
    for row in formats::ROWS {
        for change in Change::ALL {
            for direction in Direction::ALL {
                let found = cells
                    .iter()
                    .filter(|c| {
                        c.wire_format == row.wire_format
                            && c.practice == row.practice
                            && c.change == change
                            && c.direction == direction
                    })
                    .count();
                assert_eq!(
                    found, 1,
                    "{} ({}): {change:?} {direction:?}",
                    row.wire_format, row.practice
                );
            }
        }
    }
    assert_eq!(cells.len(), formats::ROWS.len() * 12);
}

fn outcome(format: &str, practice: &str, change: Change, direction: Direction) -> Outcome {
    matrix()
        .into_iter()
        .find(|c| {
            c.wire_format == format
                && c.practice == practice
                && c.change == change
                && c.direction == direction
        })
        .unwrap_or_else(|| panic!("no cell {format} {practice} {change:?} {direction:?}"))
        .outcome
}

/// What serde documents: unknown fields are skipped, `default` fills a
/// missing one, `alias` reads the old name; a removed field the old type
/// still requires is a clear error.
#[test]
fn serde_keeps_its_promises() {
    for format in ["JSON", "CBOR", "MessagePack"] {
        let practice = "serde default, alias";
        for direction in Direction::ALL {
            assert_eq!(
                outcome(format, practice, Change::Added, direction),
                Outcome::Reads
            );
            assert_eq!(
                outcome(format, practice, Change::Reordered, direction),
                Outcome::Reads
            );
        }
        assert_eq!(
            outcome(format, practice, Change::Renamed, Direction::NewReadsOld),
            Outcome::Reads
        );
        assert!(matches!(
            outcome(format, practice, Change::Removed, Direction::OldReadsNew),
            Outcome::Error(_)
        ));
        assert!(matches!(
            outcome(
                format,
                practice,
                Change::EnumValueAdded,
                Direction::OldReadsNew
            ),
            Outcome::Error(_)
        ));
    }
}

/// A positional format reads a swapped pair of same-typed fields as each
/// other, without a word; behind a version tag the old reader refuses
/// the new version instead, and the new reader migrates the old one.
#[test]
fn positional_formats_move_bytes() {
    for format in ["bincode", "postcard"] {
        let Outcome::Wrong(what) =
            outcome(format, "bare", Change::Reordered, Direction::NewReadsOld)
        else {
            panic!("{format} bare read a reordered record right");
        };
        assert!(what.contains("width 480 (meant 640)"), "{what}");
        for change in Change::ALL {
            assert_eq!(
                outcome(format, "version tag", change, Direction::NewReadsOld),
                Outcome::Reads
            );
            assert!(matches!(
                outcome(format, "version tag", change, Direction::OldReadsNew),
                Outcome::Error(_)
            ));
        }
    }
}
