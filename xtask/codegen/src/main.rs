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
//! prost-build and protox run in its build script.) planus, a second
//! FlatBuffers library, generates in Rust (its generator is linked in
//! here), but a build script would cost every build of the codec its
//! parser; its code is committed under serbench-flatbuffers's
//! `src/planus/generated/` the same way.
//!
//! The datasets' schemas (`schemas/*.capnp`, `schemas/*.fbs`, and
//! `schemas/*.proto` for buffa) go to the codec crates, a crate per
//! format. The versions of the record that the evolution matrix tests
//! (`schemas/evolution/`) go to each crate's `src/evolution/generated/`,
//! or, for a second library of the format, to its folder's
//! (`src/planus/evolution/generated/`,
//! `src/buffa_codec/evolution/generated/`).
//!
//! A binary of its own, not a module of xtask, so that the capnpc plugin
//! it links is built only when code is generated.

mod buffa;
mod capnp;
mod flatbuffers;
mod planus;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};

const USAGE: &str = "usage: codegen [--check] WORKSPACE STAGING";

/// One generator: what it is called and how to run it on a folder of
/// schemas (`schemas`, from `root`) into a folder.
struct Generator {
    name: &'static str,
    /// Writes the code for `schemas` into `out`, for files that will sit in
    /// the crate's module `module` (its path from the crate root).
    generate: fn(root: &Path, schemas: &str, module: &[&str], out: &Path) -> anyhow::Result<()>,
}

const CAPNP: Generator = Generator {
    name: "capnp",
    generate: capnp::generate,
};

const BUFFA: Generator = Generator {
    name: "buffa",
    generate: buffa::generate_with_views,
};

const BUFFA_OWNED: Generator = Generator {
    name: "buffa",
    generate: buffa::generate,
};

const FLATBUFFERS: Generator = Generator {
    name: "flatbuffers",
    generate: flatbuffers::generate,
};

const PLANUS: Generator = Generator {
    name: "planus",
    generate: planus::generate,
};

/// One folder of committed code: the schemas it comes from, and the
/// generators that write it (each reads its own kind of schema file).
struct Output {
    /// Its name in the staging folder.
    name: &'static str,
    /// The schema folder, from the workspace root.
    schemas: &'static str,
    /// Where the code is committed, from the workspace root.
    committed: &'static str,
    /// That folder's module, from its crate's root.
    module: &'static [&'static str],
    generators: &'static [Generator],
}

const OUTPUTS: &[Output] = &[
    Output {
        name: "capnp",
        schemas: "schemas",
        committed: "crates/serbench-capnp/src/generated",
        module: &["generated"],
        generators: &[CAPNP],
    },
    Output {
        name: "flatbuffers",
        schemas: "schemas",
        committed: "crates/serbench-flatbuffers/src/generated",
        module: &["generated"],
        generators: &[FLATBUFFERS],
    },
    Output {
        name: "buffa",
        schemas: "schemas",
        committed: "crates/serbench-protobuf/src/buffa_codec/generated",
        module: &["buffa_codec", "generated"],
        generators: &[BUFFA],
    },
    Output {
        name: "planus",
        schemas: "schemas",
        committed: "crates/serbench-flatbuffers/src/planus/generated",
        module: &["planus", "generated"],
        generators: &[PLANUS],
    },
    // The evolution record's versions: a folder of schemas of their own,
    // so that the generators above, which take every schema in
    // `schemas/`, never see them; each format's code goes to its crate.
    Output {
        name: "evolution-capnp",
        schemas: "schemas/evolution",
        committed: "crates/serbench-capnp/src/evolution/generated",
        module: &["evolution", "generated"],
        generators: &[CAPNP],
    },
    Output {
        name: "evolution-flatbuffers",
        schemas: "schemas/evolution",
        committed: "crates/serbench-flatbuffers/src/evolution/generated",
        module: &["evolution", "generated"],
        generators: &[FLATBUFFERS],
    },
    Output {
        name: "evolution-planus",
        schemas: "schemas/evolution",
        committed: "crates/serbench-flatbuffers/src/planus/evolution/generated",
        module: &["planus", "evolution", "generated"],
        generators: &[PLANUS],
    },
    Output {
        name: "evolution-buffa",
        schemas: "schemas/evolution",
        committed: "crates/serbench-protobuf/src/buffa_codec/evolution/generated",
        module: &["buffa_codec", "evolution", "generated"],
        generators: &[BUFFA_OWNED],
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
    let mut stale = Vec::new();
    for output in OUTPUTS {
        let staging = staging.join(output.name);
        let _ = std::fs::remove_dir_all(&staging);
        std::fs::create_dir_all(&staging)?;
        for generator in output.generators {
            (generator.generate)(root, output.schemas, output.module, &staging).with_context(
                || {
                    format!(
                        "{} code generation from {} failed",
                        generator.name, output.schemas
                    )
                },
            )?;
        }
        let committed = root.join(output.committed);
        let fresh = read_dir(&staging)?;
        if check {
            if read_dir(&committed)? != fresh {
                stale.push(output.committed);
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
            output.committed,
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
