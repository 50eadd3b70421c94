//! `--compile-times`: what each codec crate costs to build, from clean, in
//! release, with its whole dependency tree (as the C++ graph benchmark's
//! compile-time table does for its libraries), and what each codec adds
//! to a release binary ([`code_sizes`], also `cargo xtask code-size`).

use std::time::Instant;

use anyhow::{Context, ensure};
use serbench_results::{Binary, CodeSizes, CodecBinary, CompileTime};

use crate::{cargo, project_root, target_dir};

/// `--compile-times`: each codec crate's clean build and what each codec
/// in `codecs` (every one when empty) adds to a binary, from one listing
/// of the registry.
pub(crate) fn measure(codecs: &[String]) -> anyhow::Result<(Vec<CompileTime>, CodeSizes)> {
    let registry = registry()?;
    let mut packages: Vec<String> = registry
        .iter()
        .map(|(_, package)| package.clone())
        .collect();
    packages.sort();
    packages.dedup();
    let times = compile_times(packages)?;
    Ok((times, sizes_of(&chosen(codecs, &registry))?))
}

/// The codecs `codecs` names, or every codec of `registry` when it names
/// none.
fn chosen(codecs: &[String], registry: &[(String, String)]) -> Vec<String> {
    if codecs.is_empty() {
        registry.iter().map(|(id, _)| id.clone()).collect()
    } else {
        codecs.to_vec()
    }
}

/// A clean release build of each crate of `packages`, timed.
fn compile_times(packages: Vec<String>) -> anyhow::Result<Vec<CompileTime>> {
    let mut times = Vec::new();
    for package in packages {
        let dir = target_dir().join("serbench").join("compile").join(&package);
        let _ = std::fs::remove_dir_all(&dir);
        eprintln!("bench: clean release build of {package}");
        let start = Instant::now();
        let status = cargo()
            .args([
                "build",
                "--quiet",
                "--release",
                "--package",
                &package,
                "--target-dir",
            ])
            .arg(&dir)
            .current_dir(project_root())
            .status()
            .context("cannot run cargo build")?;
        let seconds = start.elapsed().as_secs_f64();
        ensure!(status.success(), "building {package} failed");
        let mut library_bytes = 0;
        let mut crates = 0;
        for entry in std::fs::read_dir(dir.join("release").join("deps"))? {
            let entry = entry?;
            if entry.path().extension().is_some_and(|ext| ext == "rlib") {
                library_bytes += entry.metadata()?.len();
                crates += 1;
            }
        }
        times.push(CompileTime {
            package,
            seconds,
            library_bytes,
            crates,
        });
        let _ = std::fs::remove_dir_all(&dir);
    }
    Ok(times)
}

/// The code-size program, `crates/serbench-codecs/examples/code_size.rs`.
const CODE_SIZE: &str = "code_size";

/// What each codec adds to a release binary: `serbench-codecs`'
/// `code_size` example built with no codec feature and with each codec's
/// feature alone, unstripped and with `-C strip=symbols`. `codecs` picks
/// codecs by id; empty, every codec the registry lists.
///
/// The builds share one target folder, kept between runs: a codec's
/// dependencies compile once, and only the example links twice per codec.
pub(crate) fn code_sizes(codecs: &[String]) -> anyhow::Result<CodeSizes> {
    // Without a choice, the program built with every codec lists them (and
    // their crates) itself; a chosen codec's own build names its crate.
    if codecs.is_empty() {
        sizes_of(&chosen(codecs, &registry()?))
    } else {
        sizes_of(codecs)
    }
}

/// What each of `chosen`, by id, adds to the baseline binary.
fn sizes_of(chosen: &[String]) -> anyhow::Result<CodeSizes> {
    let dir = code_size_dir();
    eprintln!("bench: code size: the baseline, with no codec");
    let (baseline, none) = code_size_binary(&dir, Some(""))?;
    ensure!(
        none.is_empty(),
        "the code-size baseline lists codecs: {none:?}"
    );
    let mut sizes = CodeSizes {
        baseline,
        codecs: Vec::new(),
    };
    for (at, codec) in chosen.iter().enumerate() {
        eprintln!("bench: code size of {codec} ({}/{})", at + 1, chosen.len());
        let (binary, ran) = code_size_binary(&dir, Some(codec))?;
        let [(id, package)] = <[(String, String); 1]>::try_from(ran).map_err(|ran| {
            anyhow::anyhow!("the code-size program built for {codec} ran {ran:?}")
        })?;
        ensure!(
            id == *codec,
            "the code-size program built for {codec} ran {id}"
        );
        sizes.codecs.push(CodecBinary {
            codec: id,
            package,
            binary,
        });
    }
    Ok(sizes)
}

/// Every codec the registry lists and its crate (id, package), from the
/// code-size program built with every codec, which round-trips each.
fn registry() -> anyhow::Result<Vec<(String, String)>> {
    eprintln!("bench: the code-size program with every codec, for the list");
    Ok(code_size_binary(&code_size_dir(), None)?.1)
}

/// The code-size builds' own target folder.
fn code_size_dir() -> std::path::PathBuf {
    target_dir().join("serbench").join("code-size")
}

/// Builds the code-size program with `features` (`None`: the defaults,
/// every codec; `Some("")`: none), unstripped then stripped, runs it, and
/// returns its sizes and the codecs it round-tripped (id, package).
fn code_size_binary(
    dir: &std::path::Path,
    features: Option<&str>,
) -> anyhow::Result<(Binary, Vec<(String, String)>)> {
    let build = |strip: bool| -> anyhow::Result<u64> {
        let mut command = cargo();
        command
            .args([
                "rustc",
                "--quiet",
                "--release",
                "--package",
                "serbench-codecs",
                "--example",
                CODE_SIZE,
                "--target-dir",
            ])
            .arg(dir);
        if let Some(features) = features {
            command.arg("--no-default-features");
            if !features.is_empty() {
                command.args(["--features", features]);
            }
        }
        // `cargo rustc` gives these flags to the example alone, so the
        // dependencies compiled for the unstripped build serve this one.
        if strip {
            command.args(["--", "-C", "strip=symbols"]);
        }
        let status = command
            .current_dir(project_root())
            .status()
            .context("cannot run cargo rustc")?;
        ensure!(
            status.success(),
            "building the code-size program ({}) failed",
            features.map_or("every codec", |f| if f.is_empty() { "no codec" } else { f })
        );
        let path = dir.join("release").join("examples").join(CODE_SIZE);
        Ok(std::fs::metadata(&path)
            .with_context(|| format!("cannot read {}", path.display()))?
            .len())
    };
    let bytes = build(false)?;
    let stripped_bytes = build(true)?;
    let binary = dir.join("release").join("examples").join(CODE_SIZE);
    let output = std::process::Command::new(&binary)
        .output()
        .with_context(|| format!("cannot run {}", binary.display()))?;
    ensure!(
        output.status.success(),
        "the code-size program failed: {}",
        String::from_utf8_lossy(&output.stderr).trim()
    );
    let ran = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| {
            let mut words = line.strip_prefix("codec ")?.split(' ');
            Some((words.next()?.to_owned(), words.next()?.to_owned()))
        })
        .collect();
    Ok((
        Binary {
            bytes,
            stripped_bytes,
        },
        ran,
    ))
}
