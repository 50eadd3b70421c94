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
    serbench_report::readme::hold_block(&root().join("README.md"), BEGIN, END, &table())
        .unwrap_or_else(|why| panic!("{why}"));
}
