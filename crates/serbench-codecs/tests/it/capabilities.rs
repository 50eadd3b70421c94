//! The capability table's tested columns, held to a committed table: a
//! codec whose bytes stop (or start) carrying field names, or stop being
//! deterministic, fails here until the table is rewritten on purpose
//! (`SERBENCH_BLESS=1 cargo test -p serbench-codecs`).

use std::fmt::Write as _;

use serbench_codecs::capabilities::tested;

use crate::root;

#[test]
fn tested_capabilities_are_the_committed_ones() {
    let mut table = String::from(
        "# codec | field names in the data | deterministic\n\
         # Written by the tests (SERBENCH_BLESS=1 cargo test -p serbench-codecs).\n",
    );
    for info in serbench_codecs::codecs() {
        let tested = tested(info).expect("a listed codec runs");
        let yes = |b: bool| if b { "yes" } else { "no" };
        let _ = writeln!(
            table,
            "{} | {} | {}",
            info.id,
            yes(tested.field_names),
            yes(tested.deterministic)
        );
    }
    let path = root().join("crates/serbench-codecs/tests/it/capabilities.txt");
    if std::env::var_os("SERBENCH_BLESS").is_some() {
        std::fs::write(&path, &table).expect("write the table");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    let changed: Vec<&str> = table
        .lines()
        .filter(|line| !committed.lines().any(|c| c == *line))
        .collect();
    assert!(
        changed.is_empty(),
        "tested capabilities changed (rewrite {} with SERBENCH_BLESS=1 if on purpose):\n{}",
        path.display(),
        changed.join("\n")
    );
}
