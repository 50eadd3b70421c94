//! The matrix as the reports show it: every cell computed, held to the
//! committed table, and the outcomes the formats' documentation promises.

mod capnp_flatbuffers;

use std::fmt::Write as _;
use std::path::PathBuf;

use serbench_evolution::{Cell, Change, Direction, Outcome};
use serbench_results::CodeTables;

/// Every cell, over the registry's codecs.
fn matrix() -> Vec<Cell> {
    serbench_codecs::evolution_matrix()
}

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
    let rows = serbench_codecs::evolution_rows();
    for row in &rows {
        for change in Change::ALL {
            for direction in Direction::ALL {
                let found = cells
                    .iter()
                    .filter(|c| {
                        c.wire_format == row.wire_format
                            && c.library == row.library
                            && c.practice == row.practice.practice
                            && c.change == change
                            && c.direction == direction
                    })
                    .count();
                assert_eq!(
                    found, 1,
                    "{} ({}): {change:?} {direction:?}",
                    row.wire_format, row.practice.practice
                );
            }
        }
    }
    assert_eq!(cells.len(), rows.len() * 12);
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
    for format in ["JSON", "CBOR", "XML", "MessagePack"] {
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
/// bitcode's and rkyv's version tags do not keep the second promise (the
/// tests below say why).
#[test]
fn positional_formats_move_bytes() {
    let positional = [
        "bincode",
        "postcard",
        "bitcode",
        "wincode",
        "QDataStream",
        "rkyv",
    ];
    for format in positional {
        let Outcome::Wrong(what) =
            outcome(format, "bare", Change::Reordered, Direction::NewReadsOld)
        else {
            panic!("{format} bare read a reordered record right");
        };
        assert!(what.contains("width 480 (meant 640)"), "{what}");
    }
    // An old program reading a record with a field added at the end:
    // bincode's and postcard's crates read a whole value and refuse the
    // bytes after it, as their document paths do; wincode's `deserialize`
    // leaves them.
    for format in ["bincode", "postcard"] {
        let Outcome::Error(why) = outcome(format, "bare", Change::Added, Direction::OldReadsNew)
        else {
            panic!("{format} bare read a record with a field added without a word");
        };
        assert!(why.contains("follow the value"), "{why}");
    }
    assert_eq!(
        outcome("wincode", "bare", Change::Added, Direction::OldReadsNew),
        Outcome::Reads
    );
    for format in ["bincode", "postcard", "wincode", "QDataStream"] {
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

/// README.md's summary of the matrix and docs/results/evolution.md's
/// whole matrix, between their markers, are the computed ones, written by
/// the report's own Markdown. When one differs, the test rewrites it (but
/// on CI, where the files are not to change) and fails, so the change
/// shows in review.
#[test]
fn readme_matrix_is_the_computed_one() {
    const BEGIN: &str =
        "<!-- evolution:begin (generated by `cargo test -p serbench-evolution`) -->";
    const END: &str = "<!-- evolution:end -->";
    let cells: Vec<_> = matrix().iter().map(Cell::record).collect();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let summary = serbench_report::readme::hold_block(
        &root.join("README.md"),
        BEGIN,
        END,
        &serbench_report::evolution_summary_markdown(&cells),
    );
    let whole = serbench_report::readme::hold_block(
        &root.join("docs/results/evolution.md"),
        BEGIN,
        END,
        &serbench_report::evolution_markdown(&cells),
    );
    summary.and(whole).unwrap_or_else(|why| panic!("{why}"));
}

#[test]
fn changes_are_in_the_results_order() {
    let ids: Vec<&str> = Change::ALL.iter().map(|c| c.id()).collect();
    let results: Vec<&str> = serbench_results::EVOLUTION_CHANGES
        .iter()
        .map(|(id, _)| *id)
        .collect();
    assert_eq!(ids, results);
}

/// What protobuf documents: a field's number is its identity, so a field
/// added, removed, renamed or moved reads both ways; an old reader keeps
/// an enum number it does not know and prost's getter turns it into the
/// enum's first value.
#[test]
fn protobuf_field_numbers_carry_the_fields() {
    let practice = "field numbers";
    for change in [
        Change::Added,
        Change::Removed,
        Change::Renamed,
        Change::Reordered,
    ] {
        for direction in Direction::ALL {
            assert_eq!(
                outcome("Protobuf", practice, change, direction),
                Outcome::Reads,
                "{change:?} {direction:?}"
            );
        }
    }
    let Outcome::Wrong(what) = outcome(
        "Protobuf",
        practice,
        Change::EnumValueAdded,
        Direction::OldReadsNew,
    ) else {
        panic!("prost read an unknown enum value as something other than its default");
    };
    assert!(what.contains("size Small"), "{what}");
}

/// Thrift's field ids do for Thrift what numbers do for protobuf, in
/// both protocols; the compact protocol's varints also carry a widened
/// integer that fits.
#[test]
fn thrift_field_ids_carry_the_fields() {
    for practice in ["field ids, binary protocol", "field ids, compact protocol"] {
        for change in [
            Change::Added,
            Change::Removed,
            Change::Renamed,
            Change::Reordered,
        ] {
            for direction in Direction::ALL {
                assert_eq!(
                    outcome("Thrift", practice, change, direction),
                    Outcome::Reads,
                    "{practice}: {change:?} {direction:?}"
                );
            }
        }
    }
    for direction in Direction::ALL {
        assert_eq!(
            outcome(
                "Thrift",
                "field ids, compact protocol",
                Change::Widened,
                direction
            ),
            Outcome::Reads
        );
    }
}

/// What the Avro specification's schema resolution promises: a field
/// the reader adds with a default is filled from it, a field the reader
/// lacks is skipped, `int` is promoted to `long`; a field the reader
/// needs and the writer lacks, without a default, and a symbol the
/// reader's enum lacks, without an enum default, are errors.
#[test]
fn avro_resolves_schemas() {
    let practice = "schema resolution";
    for direction in Direction::ALL {
        assert_eq!(
            outcome("Avro", practice, Change::Added, direction),
            Outcome::Reads
        );
    }
    assert_eq!(
        outcome("Avro", practice, Change::Widened, Direction::NewReadsOld),
        Outcome::Reads
    );
    for (change, direction) in [
        (Change::Removed, Direction::OldReadsNew),
        (Change::EnumValueAdded, Direction::OldReadsNew),
    ] {
        assert!(matches!(
            outcome("Avro", practice, change, direction),
            Outcome::Error(_)
        ));
    }
}

/// bitcode's derive writes no tag for an enum of one variant, so the old
/// program's enum of versions writes no version at all, and the new
/// program's, with a second variant, reads a tag the old bytes do not
/// have: every cell fails. Its maintainers say as much: with the derive,
/// assume any change to a type breaks its bytes.
#[test]
fn bitcode_version_enum_carries_no_version() {
    for change in Change::ALL {
        for direction in Direction::ALL {
            assert!(matches!(
                outcome("bitcode", "version tag", change, direction),
                Outcome::Error(_)
            ));
        }
    }
}

/// rkyv finds the root at the end of the bytes by the size of the
/// reader's archived type. An enum of versions is as large as its largest
/// variant, so where the new version's archive is larger than the old
/// one's (a field added, an integer widened) the new reader looks for the
/// tag in the wrong place and fails on the old bytes. rkyv's own example
/// boxes the root instead, a pointer of fixed size, and the old reader
/// views a record with a field added at the end as its own.
#[test]
fn rkyv_finds_the_root_by_the_readers_size() {
    for change in [Change::Added, Change::Widened] {
        assert!(matches!(
            outcome("rkyv", "version tag", change, Direction::NewReadsOld),
            Outcome::Error(_)
        ));
    }
    for change in [Change::Removed, Change::Renamed, Change::Reordered] {
        assert_eq!(
            outcome("rkyv", "version tag", change, Direction::NewReadsOld),
            Outcome::Reads
        );
    }
    assert_eq!(
        outcome("rkyv", "boxed root", Change::Added, Direction::OldReadsNew),
        Outcome::Reads
    );
    // Bare, the reader's smaller type starts one string later and reads
    // the title as the URI.
    let Outcome::Wrong(what) = outcome("rkyv", "bare", Change::Removed, Direction::NewReadsOld)
    else {
        panic!("rkyv bare read a record with a field removed right or refused it");
    };
    assert!(what.contains(r#"uri "Lake at dusk""#), "{what}");
}

const CAPABILITIES_BEGIN: &str =
    "<!-- capabilities:begin (generated by `cargo test -p serbench-evolution`) -->";
const CAPABILITIES_END: &str = "<!-- capabilities:end -->";

/// README.md's capability summary and docs/results/capabilities.md's
/// whole table are the report's, made from every codec's line and the
/// evolution matrix (no run, so no bounded column's figures). Rewritten and
/// failed as the codec table is.
#[test]
fn readme_capability_table_is_the_computed_one() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let CodeTables {
        evolution,
        capabilities,
    } = code_tables();
    let report = serbench_results::Report {
        capabilities,
        evolution,
        ..serbench_results::Report::default()
    };
    let summary = serbench_report::readme::hold_block(
        &root.join("README.md"),
        CAPABILITIES_BEGIN,
        CAPABILITIES_END,
        &serbench_report::capabilities_summary_markdown(&report),
    );
    let whole = serbench_report::readme::hold_block(
        &root.join("docs/results/capabilities.md"),
        CAPABILITIES_BEGIN,
        CAPABILITIES_END,
        &serbench_report::capabilities_markdown(&report),
    );
    summary.and(whole).unwrap_or_else(|why| panic!("{why}"));
}

/// The tables that are facts of the code, over the registry's codecs.
fn code_tables() -> CodeTables {
    CodeTables {
        evolution: matrix().iter().map(Cell::record).collect(),
        capabilities: serbench_codecs::codecs()
            .iter()
            .filter_map(|info| serbench_codecs::capabilities::line(info))
            .collect(),
    }
}

/// `cargo xtask bench` copies the evolution matrix and the capability
/// table into results.json from the committed file, so the file is held
/// to what this crate computes, rewritten and failed as README's blocks
/// are. An item per line keeps a changed cell a one-line diff.
#[test]
fn code_tables_are_the_committed_ones() {
    fn items<T: serde::Serialize>(items: &[T]) -> String {
        let lines: Vec<String> = items
            .iter()
            .map(|item| serde_json::to_string(item).expect("plain data serializes"))
            .collect();
        lines.join(",\n")
    }
    let tables = code_tables();
    let text = format!(
        "{{\"evolution\": [\n{}\n],\n\"capabilities\": [\n{}\n]}}\n",
        items(&tables.evolution),
        items(&tables.capabilities)
    );
    let read: CodeTables = serde_json::from_str(&text).expect("the text is JSON");
    assert_eq!(read, tables, "the written tables read back the same");
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(serbench_results::CODE_TABLES);
    serbench_report::readme::hold_file(&path, &text).unwrap_or_else(|why| panic!("{why}"));
}
