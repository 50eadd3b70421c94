//! The promise of the registry, tested: in a copy of the workspace, a codec
//! crate copied under a new name and registered by `cargo xtask new-format`
//! is listed, dumped, checked and converted by the CLI's own tests, built
//! into the benches and the fuzz crate, and no file changed outside the
//! registry crate and the new crate.
//!
//! It copies and builds the workspace in `target/new-format/` (minutes), so
//! it is `#[ignore]`d in the everyday `cargo test`; CI runs it with
//! `cargo test -p xtask -- --ignored`.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{cargo, project_root, target_dir};

/// The codec copied, and its new id.
const ORIGINAL: &str = "msgpack";
const COPY: &str = "msgpack-copy";

/// The files of the workspace as git sees them (committed or new, not
/// ignored), relative to the root.
fn workspace_files(root: &Path) -> Vec<PathBuf> {
    let output = Command::new("git")
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .current_dir(root)
        .output()
        .expect("git runs");
    assert!(output.status.success(), "git ls-files failed");
    output
        .stdout
        .split(|&byte| byte == 0)
        .filter(|path| !path.is_empty())
        .map(|path| PathBuf::from(String::from_utf8_lossy(path).into_owned()))
        .filter(|path| root.join(path).is_file())
        .collect()
}

fn copy_tree(from: &Path, to: &Path, files: &[PathBuf]) {
    for file in files {
        let target = to.join(file);
        fs::create_dir_all(target.parent().expect("a parent")).expect("a folder");
        fs::copy(from.join(file), &target).expect("a copy");
    }
}

/// Every file's bytes under `root`, but build output.
fn snapshot(root: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for entry in fs::read_dir(dir).expect("a folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                if entry.file_name() != "target" {
                    walk(root, &path, out);
                }
            } else {
                let relative = path.strip_prefix(root).expect("inside").to_path_buf();
                out.insert(relative, fs::read(&path).expect("readable"));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(root, root, &mut out);
    out
}

/// Runs `cargo args` in `dir` with the copy's own target folder; its
/// standard output. Without debug info: the copy is built to be run once,
/// and a second debug build of the workspace takes gigabytes.
fn cargo_in(dir: &Path, target: &Path, args: &[&str]) -> String {
    let output = cargo()
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .env("CARGO_PROFILE_DEV_DEBUG", "false")
        .env("CARGO_PROFILE_TEST_DEBUG", "false")
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo {} failed in {}:\n{}",
        args.join(" "),
        dir.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Copies `crates/serbench-ORIGINAL` of `root` to `crates/serbench-COPY`
/// in `copy`, with the package, the id and the test line renamed.
fn copy_codec(root: &Path, copy: &Path) {
    let original = copy.join(format!("crates/serbench-{ORIGINAL}"));
    let new = copy.join(format!("crates/serbench-{COPY}"));
    let files: Vec<PathBuf> = workspace_files(root)
        .into_iter()
        .filter_map(|file| {
            file.strip_prefix(format!("crates/serbench-{ORIGINAL}"))
                .ok()
                .map(Path::to_path_buf)
        })
        .collect();
    copy_tree(&original, &new, &files);
    let rename = |file: &str, from: &str, to: &str| {
        let path = new.join(file);
        let text = fs::read_to_string(&path).expect("a copied file");
        assert!(text.contains(from), "{file} has no {from:?}");
        fs::write(&path, text.replace(from, to)).expect("writable");
    };
    rename(
        "Cargo.toml",
        &format!("name = \"serbench-{ORIGINAL}\""),
        &format!("name = \"serbench-{COPY}\""),
    );
    rename(
        "src/lib.rs",
        &format!("NAME: &'static str = \"{ORIGINAL}\""),
        &format!("NAME: &'static str = \"{COPY}\""),
    );
    rename(
        "tests/it/main.rs",
        &format!("serbench_{ORIGINAL}::"),
        &format!("serbench_{}::", COPY.replace('-', "_")),
    );
}

#[test]
#[ignore = "copies and builds the workspace (minutes); CI runs it"]
fn a_copied_codec_joins_everything_with_one_registration() {
    let root = project_root();
    let work = target_dir().join("new-format");
    let copy = work.join("workspace");
    let target = work.join("target");
    let _ = fs::remove_dir_all(&copy);
    copy_tree(&root, &copy, &workspace_files(&root));

    // The contributor's part: a crate of their own (here a copy of a small
    // codec under a new id)...
    copy_codec(&root, &copy);
    let before = snapshot(&copy);

    // ...and one command registers it.
    cargo_in(
        &copy,
        &target,
        &[
            "run",
            "--quiet",
            "-p",
            "xtask",
            "--",
            "new-format",
            COPY,
            "--type",
            "MsgPack",
            "--format",
            "MessagePack",
            "--library",
            "rmp-serde",
        ],
    );

    let after = snapshot(&copy);
    let changed: Vec<&PathBuf> = after
        .iter()
        .filter(|(path, bytes)| before.get(*path) != Some(bytes))
        .map(|(path, _)| path)
        .filter(|path| !path.ends_with("Cargo.lock"))
        .collect();
    assert!(
        changed
            .iter()
            .all(|path| path.starts_with("crates/serbench-codecs")),
        "new-format changed files outside the registry: {changed:?}"
    );
    assert_eq!(
        changed.len(),
        2,
        "the registry's manifest and list: {changed:?}"
    );

    let listing = cargo_in(
        &copy,
        &target,
        &["run", "--quiet", "-p", "serbench-cli", "--", "list"],
    );
    assert!(
        listing.contains(COPY),
        "serbench list misses it:\n{listing}"
    );
    // The CLI's tests dump, check and convert every listed codec, and the
    // registry's tests hold the list to Cargo.lock and the tidy rules.
    cargo_in(
        &copy,
        &target,
        &["test", "-p", "serbench-cli", "-p", "serbench-codecs"],
    );
    cargo_in(
        &copy,
        &target,
        &["build", "-p", "serbench-benches", "--benches"],
    );
    let fuzz = copy.join("fuzz");
    let fuzz_target = work.join("fuzz-target");
    cargo_in(&fuzz, &fuzz_target, &["build", "--examples", "--bins"]);
    let seeded = cargo_in(
        &fuzz,
        &fuzz_target,
        &["run", "--quiet", "--example", "seed_corpus", "--", "--list"],
    );
    assert!(
        seeded.lines().any(|line| line.trim() == COPY),
        "the fuzz crate misses it:\n{seeded}"
    );
    // Passed: the copy and its builds are only disk now.
    let _ = fs::remove_dir_all(&work);
}
