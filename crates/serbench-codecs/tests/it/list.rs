//! The list against the manifest and the lock file.

use std::collections::BTreeSet;

use crate::{codec_crates, read, root};

#[test]
fn ids_are_unique_and_every_codec_has_a_default_feature() {
    let manifest = read(&root().join("crates/serbench-codecs/Cargo.toml"));
    let defaults: String = manifest
        .split("default = [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("a default feature list")
        .to_owned();
    let mut seen = BTreeSet::new();
    for codec in serbench_codecs::codecs() {
        assert!(seen.insert(codec.id), "{} is listed twice", codec.id);
        assert!(
            defaults.contains(&format!("\"{}\"", codec.id)),
            "{} is not a default feature",
            codec.id
        );
        assert!(
            manifest.contains(&format!("\n{} = [\"dep:", codec.id)),
            "{} has no feature of its own",
            codec.id
        );
        assert!(!codec.wire_format.is_empty() && !codec.library.is_empty());
    }
}

/// A codec's version is the one `Cargo.lock` resolves, so a report never
/// names a version that was not measured: the table the build script reads
/// out of the lock, checked here by reading the lock again.
#[test]
fn versions_are_the_locked_ones() {
    let lock = read(&root().join("Cargo.lock"));
    for codec in serbench_codecs::codecs() {
        let locked: Vec<&str> = lock
            .split("[[package]]")
            .filter(|package| package.contains(&format!("\nname = \"{}\"\n", codec.library)))
            .filter_map(|package| {
                package
                    .lines()
                    .find_map(|line| line.strip_prefix("version = \""))
                    .map(|version| version.trim_end_matches('"'))
            })
            .collect();
        assert!(
            locked.contains(&codec.version),
            "{}: the list says {} {}, Cargo.lock has {locked:?}",
            codec.id,
            codec.library,
            codec.version
        );
    }
}

#[test]
fn every_codec_crate_under_crates_is_in_the_registry() {
    let listed: BTreeSet<String> = codec_crates().into_iter().collect();
    let not_codecs = [
        "serbench-model",
        "serbench-codecs",
        "serbench-cli",
        "serbench-testkit",
        "serbench-results",
        "serbench-report",
        "serbench-document",
        "serbench-measure",
        "serbench-evolution",
    ];
    for entry in std::fs::read_dir(root().join("crates")).expect("the crates folder") {
        let name = entry
            .expect("an entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        if name.starts_with("serbench-") && !not_codecs.contains(&name.as_str()) {
            assert!(
                listed.contains(&name),
                "crates/{name} is not a dependency of the registry, so no command, bench or \
                 fuzz target sees it: add it to crates/serbench-codecs"
            );
        }
    }
}
