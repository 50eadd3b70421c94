//! The declared facts against the list: one entry for each wire format and
//! each library the list names, and none for anything it does not name.

use std::collections::BTreeSet;

use serbench_codecs::facts::{self, Sourced};

/// The names in `names`, failing on one that comes twice.
fn once<'a>(names: impl Iterator<Item = &'a str>, what: &str) -> BTreeSet<&'a str> {
    let mut seen = BTreeSet::new();
    for name in names {
        assert!(
            seen.insert(name),
            "facts.rs declares the {what} {name} twice"
        );
    }
    seen
}

#[test]
fn every_wire_format_has_one_entry_and_none_is_unused() {
    let listed: BTreeSet<&str> = serbench_codecs::codecs()
        .iter()
        .map(|codec| codec.wire_format)
        .collect();
    let declared = once(
        facts::FORMATS.iter().map(|format| format.wire_format),
        "wire format",
    );
    assert_eq!(
        declared, listed,
        "facts::FORMATS must name exactly the wire formats of the list"
    );
}

#[test]
fn every_library_has_one_entry_and_none_is_unused() {
    let listed: BTreeSet<&str> = serbench_codecs::codecs()
        .iter()
        .map(|codec| codec.library)
        .collect();
    let declared = once(
        facts::LIBRARIES.iter().map(|library| library.library),
        "library",
    );
    assert_eq!(
        declared, listed,
        "facts::LIBRARIES must name exactly the libraries of the list"
    );
}

/// A fact is a table cell: short, and never without its source.
#[test]
fn every_fact_is_short_and_sourced() {
    let formats = facts::FORMATS.iter().flat_map(|format| {
        [
            (format.wire_format, format.specification),
            (format.wire_format, format.schema),
            (format.wire_format, format.other_languages),
        ]
    });
    let libraries = facts::LIBRARIES.iter().flat_map(|library| {
        [
            (library.library, library.latest_release),
            (library.library, library.advisories),
        ]
    });
    for (name, Sourced { fact, source }) in formats.chain(libraries) {
        assert!(!fact.trim().is_empty(), "{name}: a fact is empty");
        assert!(!source.trim().is_empty(), "{name}: {fact:?} has no source");
        assert!(
            fact.chars().count() <= 60,
            "{name}: {fact:?} is too long for a table cell"
        );
    }
}

#[test]
fn the_date_read_is_a_date() {
    let parts: Vec<&str> = facts::AS_OF.split('-').collect();
    assert!(
        matches!(parts.as_slice(), [year, month, day]
            if year.len() == 4 && month.len() == 2 && day.len() == 2
                && parts.iter().all(|part| part.bytes().all(|byte| byte.is_ascii_digit()))),
        "AS_OF is {:?}, not YYYY-MM-DD",
        facts::AS_OF
    );
}
