//! The promise of the registry, tested: in a copy of the workspace, a codec
//! crate copied under a new name and registered by `cargo xtask new-format`
//! is listed, dumped, checked and converted by the CLI's own tests,
//! measured as a verified row of `serbench measure` (its document path),
//! type-checks in the benches and the fuzz targets, is listed by the fuzz
//! crate's seed example, and no file changed outside the registry crate,
//! the new crate and SECURITY.md (the skeleton of its section, which the
//! registry's tests find).
//!
//! It copies the workspace to `target/new-format/` and builds the copy in
//! the workspace's own target folder. The copied files keep their times,
//! so cargo compiles again only what the copy changed (the new crate, the
//! registry and what depends on it) and reuses the rest of the test build;
//! the fuzz crate's seed example builds there too. Still minutes, so it is `#[ignore]`d
//! in the everyday `cargo test`; CI runs it with
//! `cargo test --workspace --tests -- --ignored`. It drives the copy from
//! outside, through cargo and the copy's own `cargo xtask`, so it is an
//! integration test of the xtask package rather than part of it.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "../src/cargo_env.rs"]
mod cargo_env;

/// The workspace root: xtask lives one level below it.
fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits in the workspace")
        .to_path_buf()
}

/// Cargo's target folder, honouring `CARGO_TARGET_DIR`.
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| project_root().join("target"), PathBuf::from)
}

/// The cargo that builds these tests, so toolchain overrides hold, without
/// the variables cargo set for this test ([`cargo_env`]).
fn cargo() -> Command {
    let mut command = Command::new(env!("CARGO"));
    cargo_env::remove(&mut command);
    command
}

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

/// Copies `files` from `from` to `to`, with their modification times: cargo
/// decides by those times whether a crate's build is still fresh.
fn copy_tree(from: &Path, to: &Path, files: &[PathBuf]) {
    for file in files {
        let target = to.join(file);
        fs::create_dir_all(target.parent().expect("a parent")).expect("a folder");
        fs::copy(from.join(file), &target).expect("a copy");
        let modified = fs::metadata(from.join(file))
            .and_then(|meta| meta.modified())
            .expect("a modification time");
        fs::File::options()
            .write(true)
            .open(&target)
            .and_then(|copy| copy.set_modified(modified))
            .expect("the copy takes the original's time");
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

/// Runs `cargo args` in `dir` with the target folder `target`; its
/// standard output.
fn cargo_in(dir: &Path, target: &Path, args: &[&str]) -> String {
    let output = cargo()
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
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

/// What a `cargo test --no-run` built: per artifact, its package, whether
/// it is a test, its name, executable and package folder.
struct Built(Vec<(String, bool, String, PathBuf, PathBuf)>);

impl Built {
    /// The executable of `package`'s binary `name`.
    fn binary(&self, package: &str, name: &str) -> PathBuf {
        self.0
            .iter()
            .find(|(pkg, test, bin, ..)| pkg == package && !test && bin == name)
            .map_or_else(
                || panic!("no binary {name} of {package} was built"),
                |(.., exe, _)| exe.clone(),
            )
    }

    /// `package`'s test executables, each with the folder to run it in.
    fn tests(&self, package: &str) -> Vec<(PathBuf, PathBuf)> {
        self.0
            .iter()
            .filter(|(pkg, test, ..)| pkg == package && *test)
            .map(|(.., exe, dir)| (exe.clone(), dir.clone()))
            .collect()
    }
}

/// `cargo test --workspace --no-run` in `dir`: what it built.
fn test_build(dir: &Path, target: &Path) -> Built {
    let messages = cargo_in(
        dir,
        target,
        &[
            "test",
            "--workspace",
            "--no-run",
            "--message-format=json-render-diagnostics",
        ],
    );
    let artifacts = messages
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|message| message["reason"] == "compiler-artifact")
        .filter_map(|message| {
            let executable = PathBuf::from(message["executable"].as_str()?);
            let manifest = PathBuf::from(message["manifest_path"].as_str()?);
            let package = package_name(message["package_id"].as_str()?);
            Some((
                package,
                message["profile"]["test"].as_bool()?,
                message["target"]["name"].as_str()?.to_owned(),
                executable,
                manifest.parent()?.to_path_buf(),
            ))
        })
        .collect();
    Built(artifacts)
}

/// The package name in a cargo package id such as
/// `path+file:///w/benches#serbench-benches@0.1.0`; cargo leaves the name
/// out (`path+file:///w/crates/serbench-cli#0.1.0`) when it is the
/// folder's.
fn package_name(id: &str) -> String {
    let (url, fragment) = id.rsplit_once('#').unwrap_or((id, ""));
    match fragment.split_once('@') {
        Some((name, _)) => name.to_owned(),
        None => url.rsplit('/').next().unwrap_or(url).to_owned(),
    }
}

/// Runs `program args` in `dir`, as cargo runs a test, and returns its
/// standard output; it must succeed.
fn run(program: &Path, dir: &Path, args: &[&str]) -> String {
    let output = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|error| panic!("cannot run {}: {error}", program.display()));
    assert!(
        output.status.success(),
        "{} {} failed:\n{}\n{}",
        program.display(),
        args.join(" "),
        String::from_utf8_lossy(&output.stdout),
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
    // The workspace's test build compiles the copy's own tests too, whose
    // other modules name the crate as well.
    for file in files
        .iter()
        .filter(|file| file.starts_with("tests") && file.extension().is_some_and(|ext| ext == "rs"))
    {
        let path = new.join(file);
        let text = fs::read_to_string(&path).expect("a copied file");
        let renamed = text.replace(
            &format!("serbench_{ORIGINAL}::"),
            &format!("serbench_{}::", COPY.replace('-', "_")),
        );
        fs::write(&path, renamed).expect("writable");
    }
}

#[test]
fn package_names_come_from_package_ids() {
    assert_eq!(
        package_name("path+file:///w/benches#serbench-benches@0.1.0"),
        "serbench-benches"
    );
    assert_eq!(
        package_name("path+file:///w/crates/serbench-cli#0.1.0"),
        "serbench-cli"
    );
}

/// Its crate's document path, found by new-format and marked on its list
/// line, makes the copy a verified row of `serbench measure`.
fn measures_the_copy(serbench: &Path, work: &Path) {
    let document = work.join("document.json");
    fs::write(&document, br#"{"id": 7, "tags": ["a", "b"], "name": "x"}"#).expect("writable");
    let measured = run(
        serbench,
        work,
        &[
            "measure",
            "--untimed",
            "--codec",
            COPY,
            "--out",
            "measured",
            "document.json",
        ],
    );
    assert!(
        measured
            .lines()
            .any(|line| line.starts_with(&format!("{COPY} "))
                && line.contains(" B ")
                && !line.contains("not measured")),
        "serbench measure has no verified {COPY} row:\n{measured}"
    );
}

#[test]
#[ignore = "copies and builds the workspace (minutes); CI runs it"]
fn a_copied_codec_joins_everything_with_one_registration() {
    let root = project_root();
    let target = target_dir();
    let work = target.join("new-format");
    let copy = work.join("workspace");
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
            "--bin",
            "xtask",
            "--",
            "new-format",
            COPY,
            "--type",
            "MsgPack",
            "--wire-format",
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
            .all(|path| path.starts_with("crates/serbench-codecs")
                || path.as_path() == Path::new("SECURITY.md")),
        "new-format changed files outside the registry and SECURITY.md: {changed:?}"
    );
    assert_eq!(
        changed.len(),
        3,
        "the registry's manifest and list, SECURITY.md: {changed:?}"
    );

    // One test build of the whole copy, as `cargo test --workspace` makes:
    // selecting packages with `-p` would resolve other features and build
    // every dependency again.
    let built = test_build(&copy, &target);
    let listing = run(&built.binary("serbench-cli", "serbench"), &copy, &["list"]);
    assert!(
        listing.contains(COPY),
        "serbench list misses it:\n{listing}"
    );
    measures_the_copy(&built.binary("serbench-cli", "serbench"), &work);
    // The CLI's tests dump, check and convert every listed codec, and the
    // registry's tests hold the list to Cargo.lock, SECURITY.md to a
    // section per codec crate, and the tidy rules. Not README.md's codec
    // table: the contributor's next `cargo test` writes the new line into
    // it; nor SECURITY.md's blanks, which the contributor fills in; nor the
    // capability table's tested line, which the contributor blesses, nor
    // the README's line on why a size differs from RSB's for a library RSB
    // times (the copy's, as its original's): steps of CONTRIBUTING.md; nor
    // the committed code tables the same test run
    // rewrites. The evolution tests hold the matrix unchanged: the copy's
    // practices are its library's, already in it.
    for (package, skip) in [
        ("serbench-cli", &[][..]),
        (
            "serbench-codecs",
            &[
                "--skip",
                "readme_codec_table",
                "--skip",
                "security_md_has_no_blanks",
                "--skip",
                "tested_capabilities_are_the_committed_ones",
                "--skip",
                "every_size_equals_rsbs_or_the_readme_says_why",
            ][..],
        ),
        (
            "serbench-evolution",
            &[
                "--skip",
                "readme_capability_table",
                "--skip",
                "code_tables_are_the_committed_ones",
            ][..],
        ),
    ] {
        let tests = built.tests(package);
        assert!(!tests.is_empty(), "{package} has no test binary");
        for (test, dir) in tests {
            run(&test, &dir, skip);
        }
    }
    // The benches type-check with the new codec: what a registration can
    // break there is a type error. Code generation for the benches' one
    // large crate took minutes and proved nothing more; CI's benches step
    // builds and runs the workspace's own.
    cargo_in(&copy, &target, &["check", "--bench", "codecs"]);
    // The targets type-check with it, and the seed example, which the
    // run below builds, lists it: building the targets as well would
    // only add their code generation and links, which prove no more.
    let fuzz = copy.join("fuzz");
    cargo_in(&fuzz, &target, &["check", "--bins"]);
    let seeded = cargo_in(
        &fuzz,
        &target,
        &["run", "--quiet", "--example", "seed_corpus", "--", "--list"],
    );
    assert!(
        seeded.lines().any(|line| line.trim() == COPY),
        "the fuzz crate misses it:\n{seeded}"
    );
    // Passed: the copy is only disk now (its builds stay, as the
    // workspace's would).
    let _ = fs::remove_dir_all(&work);
}
