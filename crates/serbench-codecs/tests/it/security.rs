//! SECURITY.md against the registry: a section of limits for every codec
//! crate, and none of the blanks `cargo xtask new-format` writes into the
//! section and the memory rows it adds for a new codec.

use crate::{codec_crates, read, root};

/// How every blank of `cargo xtask new-format`'s SECURITY.md skeleton
/// begins (`xtask/src/new_format/security.md.in`).
const BLANK: &str = "(to fill in";

#[test]
fn security_md_has_a_section_per_codec_crate() {
    let security = read(&root().join("SECURITY.md"));
    let missing: Vec<String> = codec_crates()
        .into_iter()
        .filter(|name| {
            !security
                .lines()
                .any(|line| line.starts_with("### ") && line.contains(&format!("`{name}`")))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "SECURITY.md has no section (a `### ` heading naming the crate) on {missing:?}: \
         `cargo xtask new-format` writes one to fill in"
    );
}

#[test]
fn security_md_has_no_blanks() {
    let security = read(&root().join("SECURITY.md"));
    let blanks: Vec<usize> = security
        .lines()
        .enumerate()
        .filter(|(_, line)| line.contains(BLANK))
        .map(|(index, _)| index + 1)
        .collect();
    assert!(
        blanks.is_empty(),
        "SECURITY.md's lines {blanks:?} hold blanks `cargo xtask new-format` left: describe \
         the codec's limits, and measure its figures with \
         `cargo test --workspace -- --nocapture crafted expansion`"
    );
}
