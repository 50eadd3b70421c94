//! Every package version the workspace's `Cargo.lock` resolves, as a table
//! the list's lines look their library's version up in
//! (`crate::locked_version`), so no version is written by hand: the one a
//! report names is the one that was built.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let lock = manifest.join("../../Cargo.lock");
    println!("cargo::rerun-if-changed={}", lock.display());
    let text = std::fs::read_to_string(&lock)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", lock.display()));
    let mut table = String::from("/// `(package, version)` for every package of `Cargo.lock`.\n");
    table.push_str("pub(crate) const LOCKED: &[(&str, &str)] = &[\n");
    for package in text.split("[[package]]").skip(1) {
        let field = |key: &str| {
            package.lines().find_map(|line| {
                line.strip_prefix(key)
                    .and_then(|rest| rest.strip_prefix(" = \""))
                    .and_then(|rest| rest.strip_suffix('"'))
            })
        };
        if let (Some(name), Some(version)) = (field("name"), field("version")) {
            writeln!(table, "    ({name:?}, {version:?}),").expect("a String takes writes");
        }
    }
    table.push_str("];\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo"));
    std::fs::write(out.join("locked.rs"), table).expect("OUT_DIR is writable");
}
