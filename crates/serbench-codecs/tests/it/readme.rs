//! README.md's table of codecs, generated from the list.
//!
//! The table sits between two markers in README.md. When it differs from
//! the list, this test writes the new table into README.md (but on CI,
//! where the file is not to change) and fails, so the change shows in
//! review: run `cargo test -p serbench-codecs` once more and commit it.

use std::fmt::Write as _;

use serbench_codecs::Tuning;

use crate::{read, root};

const BEGIN: &str = "<!-- codecs:begin (generated from crates/serbench-codecs/src/list.rs \
                     by `cargo test -p serbench-codecs`) -->";
const END: &str = "<!-- codecs:end -->";

/// The crate that holds the codec `name`: the registry's feature of that
/// name turns on `dep:CRATE`.
fn crate_of(manifest: &str, name: &str) -> String {
    let line = format!("\n{name} = [\"dep:");
    manifest
        .split_once(&line)
        .and_then(|(_, rest)| rest.split('"').next())
        .unwrap_or_else(|| panic!("the registry has no feature {name}"))
        .to_owned()
}

/// The table, one line per codec in list order.
fn table() -> String {
    let manifest = read(&root().join("crates/serbench-codecs/Cargo.toml"));
    let mut table = String::from(
        "| codec | wire format | crate | library timed | path timed | traverse |\n\
         |---|---|---|---|---|---|\n",
    );
    for codec in serbench_codecs::codecs() {
        let _ = writeln!(
            table,
            "| `{}` | {} | `{}` | {} {} | {} | {} |",
            codec.id,
            codec.wire_format,
            crate_of(&manifest, codec.id),
            codec.library,
            codec.version,
            match codec.tuning {
                Tuning::Stock => "stock",
                Tuning::Tuned => "tuned",
            },
            if codec.zero_copy {
                "in place"
            } else {
                "decode, then walk"
            },
        );
    }
    table
}

#[test]
fn readme_codec_table_is_the_list() {
    let path = root().join("README.md");
    let readme = read(&path);
    let (head, rest) = readme
        .split_once(BEGIN)
        .unwrap_or_else(|| panic!("README.md has no line {BEGIN}"));
    let (_, tail) = rest
        .split_once(END)
        .unwrap_or_else(|| panic!("README.md has no line {END} after the table"));
    let expected = format!("{head}{BEGIN}\n\n{}\n{END}{tail}", table());
    if readme == expected {
        return;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "README.md's codec table is not the registry's list: run \
         `cargo test -p serbench-codecs` and commit README.md"
    );
    std::fs::write(&path, expected).expect("README.md is writable");
    panic!(
        "README.md's codec table was not the registry's list; it is rewritten \
         now: review it and commit README.md"
    );
}
