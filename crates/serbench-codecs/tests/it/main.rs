//! The registry's tests: the list against the manifest and `Cargo.lock`,
//! README.md's codec table, SECURITY.md, the declared facts and the tested
//! capabilities against the list, and the workspace's tidy rules that keep the list the only one.

mod capabilities;
mod facts;
mod list;
mod readme;
mod rsb;
mod security;
mod tidy;
mod unsafe_code;

use std::path::{Path, PathBuf};

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A file of the workspace, as text.
fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The codec crates the registry depends on: the folder names under
/// `crates/` its manifest points at.
fn codec_crates() -> Vec<String> {
    read(&root().join("crates/serbench-codecs/Cargo.toml"))
        .lines()
        .filter_map(|line| {
            let (_, rest) = line.split_once("path = \"../")?;
            Some(rest.split('"').next()?.to_owned())
        })
        .filter(|name| name != "serbench-model")
        .collect()
}
