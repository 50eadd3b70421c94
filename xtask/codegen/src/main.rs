//! `codegen [--check] WORKSPACE STAGING`, run by `cargo xtask codegen
//! [--check]`: the committed code generated from `WORKSPACE/schemas/` for
//! the formats whose generators are not Rust crates.
//!
//! Cap'n Proto's and FlatBuffers' code generators are external tools
//! (`capnp`, `flatc`); running them in a build script would make every
//! user install them. So their output is committed under each crate's
//! `src/generated/`, this task regenerates it (through `STAGING`, a
//! scratch folder it empties), and `--check` fails when the committed code
//! is not what the schemas and tools give now. (Protobuf needs neither:
//! prost-build and protox run in its build script.)
//!
//! A binary of its own, not a module of xtask, so that the capnpc plugin
//! it links is built only when code is generated.

mod capnp;
mod flatbuffers;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};

const USAGE: &str = "usage: codegen [--check] WORKSPACE STAGING";

/// One generator: what it is called, where its output is committed, and
/// how to run it into a folder.
struct Generator {
    name: &'static str,
    committed: &'static str,
    generate: fn(schemas: &Path, out: &Path) -> anyhow::Result<()>,
}

const GENERATORS: &[Generator] = &[
    Generator {
        name: "capnp",
        committed: "crates/serbench-capnp/src/generated",
        generate: capnp::generate,
    },
    Generator {
        name: "flatbuffers",
        committed: "crates/serbench-flatbuffers/src/generated",
        generate: flatbuffers::generate,
    },
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (check, paths) = match args.split_first() {
        Some((flag, rest)) if flag == "--check" => (true, rest),
        _ => (false, &args[..]),
    };
    let [root, staging] = paths else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    match run(Path::new(root), Path::new(staging), check) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(root: &Path, staging: &Path, check: bool) -> anyhow::Result<()> {
    let schemas = root.join("schemas");
    let mut stale = Vec::new();
    for generator in GENERATORS {
        let staging = staging.join(generator.name);
        let _ = std::fs::remove_dir_all(&staging);
        std::fs::create_dir_all(&staging)?;
        (generator.generate)(&schemas, &staging)
            .with_context(|| format!("{} code generation failed", generator.name))?;
        let committed = root.join(generator.committed);
        let fresh = read_dir(&staging)?;
        if check {
            if read_dir(&committed)? != fresh {
                stale.push(generator.committed);
            }
            continue;
        }
        let _ = std::fs::remove_dir_all(&committed);
        std::fs::create_dir_all(&committed)?;
        for (name, contents) in &fresh {
            std::fs::write(committed.join(name), contents)?;
        }
        eprintln!(
            "codegen: wrote {} ({} files)",
            generator.committed,
            fresh.len()
        );
    }
    if !stale.is_empty() {
        bail!(
            "generated code is stale in {}: run `cargo xtask codegen` and commit",
            stale.join(", ")
        );
    }
    if check {
        eprintln!("codegen: generated code is fresh");
    }
    Ok(())
}

/// A folder's files by name (generators write flat folders).
fn read_dir(dir: &Path) -> anyhow::Result<BTreeMap<String, Vec<u8>>> {
    let mut files = BTreeMap::new();
    if !dir.exists() {
        return Ok(files);
    }
    for entry in std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let path: PathBuf = entry?.path();
        if path.is_file() {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            files.insert(name, std::fs::read(&path)?);
        }
    }
    Ok(files)
}
