//! The facts each codec's crate declares (`BaseCodec::DECLARED`): every
//! listed codec declares them, codecs of one wire format or one library
//! declare the same, and every fact is a short cell with a source. The
//! list line and the declared names agree, checked when the registry
//! compiles.

use std::collections::BTreeMap;

use serbench_codecs::Info;
use serbench_model::declared::{Declared, Sourced};

fn declared(info: &Info) -> Declared {
    info.declared.unwrap_or_else(|| {
        panic!(
            "{} declares no facts: give its BaseCodec a DECLARED (its crate's declared.rs)",
            info.id
        )
    })
}

#[test]
fn every_codec_declares_its_facts() {
    for info in serbench_codecs::codecs() {
        let declared = declared(info);
        assert!(
            !declared.api_source.trim().is_empty(),
            "{}: no API source",
            info.id
        );
    }
}

/// One wire format's codecs, or one library's, are one crate's, which
/// declares the format's facts and each library's once.
#[test]
fn codecs_of_one_format_or_library_declare_the_same() {
    let mut formats = BTreeMap::new();
    let mut libraries = BTreeMap::new();
    for info in serbench_codecs::codecs() {
        let declared = declared(info);
        let format = *formats.entry(info.wire_format).or_insert(*declared.format);
        assert_eq!(format, *declared.format, "{}", info.id);
        let library = *libraries.entry(info.library).or_insert(*declared.library);
        assert_eq!(library, *declared.library, "{}", info.id);
    }
}

/// A fact is a table cell: short, and never without its source.
#[test]
fn every_fact_is_short_and_sourced() {
    for info in serbench_codecs::codecs() {
        let Declared {
            format, library, ..
        } = declared(info);
        for Sourced { fact, source } in [
            format.specification,
            format.schema,
            format.other_languages,
            library.latest_release,
            library.advisories,
        ] {
            let name = info.id;
            assert!(!fact.trim().is_empty(), "{name}: a fact is empty");
            assert!(!source.trim().is_empty(), "{name}: {fact:?} has no source");
            assert!(
                fact.chars().count() <= 60,
                "{name}: {fact:?} is too long for a table cell"
            );
        }
    }
}

#[test]
fn the_date_read_is_a_date() {
    for info in serbench_codecs::codecs() {
        let read_on = declared(info).library.read_on;
        let parts: Vec<&str> = read_on.split('-').collect();
        assert!(
            matches!(parts.as_slice(), [year, month, day]
                if year.len() == 4 && month.len() == 2 && day.len() == 2
                    && parts.iter().all(|part| part.bytes().all(|byte| byte.is_ascii_digit()))),
            "{}: read_on is {read_on:?}, not YYYY-MM-DD",
            info.id
        );
    }
}
