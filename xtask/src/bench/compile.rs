//! `--compile-times`: what each codec crate costs to build, from clean, in
//! release, with its whole dependency tree (as the C++ graph benchmark's
//! compile-time table does for its libraries).

use std::time::Instant;

use anyhow::{Context, ensure};
use serbench_results::CompileTime;

use crate::{cargo, project_root, target_dir};

/// The codec crates: every `crates/serbench-*` but the model, the CLI and
/// the results and report crates.
fn codec_packages() -> anyhow::Result<Vec<String>> {
    let mut packages: Vec<String> = std::fs::read_dir(project_root().join("crates"))?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| {
            name.starts_with("serbench-")
                && ![
                    "serbench-model",
                    "serbench-cli",
                    "serbench-results",
                    "serbench-report",
                ]
                .contains(&name.as_str())
        })
        .collect();
    packages.sort();
    Ok(packages)
}

pub(crate) fn measure() -> anyhow::Result<Vec<CompileTime>> {
    let mut times = Vec::new();
    for package in codec_packages()? {
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
