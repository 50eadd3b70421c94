//! The variables cargo sets for the binary or test it runs, describing that
//! package (`CARGO_PKG_NAME=xtask`, `CARGO_MANIFEST_DIR`, …), removed from
//! a cargo started from inside one. Passed on, they reach build scripts,
//! and one that asks to be rerun when they change (ring's asks for
//! `CARGO_PKG_NAME` and `CARGO_MANIFEST_DIR`) runs again: ring, rustls,
//! ureq and headless_chrome were compiled a second time for the same
//! profile, minutes on two cores. xtask's `cargo()` uses it, and so does
//! the new-format test (through `#[path]`: xtask has no library).

use std::process::Command;

/// The variables of [`remove`] with a fixed name.
const NAMED: [&str; 9] = [
    "CARGO_MANIFEST_DIR",
    "CARGO_MANIFEST_PATH",
    "CARGO_MANIFEST_LINKS",
    "CARGO_CRATE_NAME",
    "CARGO_BIN_NAME",
    "CARGO_PRIMARY_PACKAGE",
    "CARGO_TARGET_TMPDIR",
    "CARGO_RUSTC_CURRENT_DIR",
    "OUT_DIR",
];

/// Removes from `command`'s environment every variable of this process
/// that cargo set for running it: [`NAMED`], every `CARGO_PKG_*` and
/// `CARGO_BIN_EXE_*`.
pub(crate) fn remove(command: &mut Command) {
    for (name, _) in std::env::vars_os() {
        let Some(text) = name.to_str() else { continue };
        if NAMED.contains(&text)
            || text.starts_with("CARGO_PKG_")
            || text.starts_with("CARGO_BIN_EXE_")
        {
            command.env_remove(&name);
        }
    }
}
