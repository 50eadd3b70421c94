//! Tidy rules over the workspace's Rust sources and manifests.
//!
//! - Only the registry names codec crates: the CLI, the benches, the fuzz
//!   crate and the xtask reach codecs through it, so a new codec edits no
//!   file outside it. (A codec crate may name itself in its own docs and
//!   tests; the xtask's code generation names the crates whose generated
//!   code it refreshes.)
//! - Only the model compares dataset names: dataset facts are items of
//!   `Dataset`. (The Python outside readers in `interop/` decode each
//!   dataset's layout on their own, which is their job, and are not held
//!   to this.)

use std::path::{Path, PathBuf};

use crate::{codec_crates, read, root};

/// The Rust sources and manifests under `dir`, skipping build output.
fn files(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(name.as_str(), "target" | ".git" | "corpus" | "artifacts") {
                files(&path, found);
            }
        } else if is_rust(&path) || name == "Cargo.toml" {
            found.push(path);
        }
    }
}

fn is_rust(path: &Path) -> bool {
    path.extension().is_some_and(|extension| extension == "rs")
}

fn workspace_files() -> Vec<PathBuf> {
    let mut found = Vec::new();
    files(&root(), &mut found);
    found
}

/// The path relative to the root, with `/` separators.
fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// The lines of `text` that are code, not comments.
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let line = line.trim_start();
            !line.starts_with("//") && !line.starts_with('#')
        })
        .map(|(index, line)| (index + 1, line))
}

#[test]
fn only_the_registry_names_codec_crates() {
    let crates = codec_crates();
    assert!(
        crates.len() >= 8,
        "the registry's manifest lists {crates:?}"
    );
    let mut offences = Vec::new();
    for path in workspace_files() {
        let file = relative(&path);
        let allowed = file.starts_with("crates/serbench-codecs/")
            || file.starts_with("xtask/codegen/")
            || crates
                .iter()
                .any(|name| file.starts_with(&format!("crates/{name}/")));
        if allowed {
            continue;
        }
        let text = read(&path);
        for (line, code) in code_lines(&text) {
            for name in &crates {
                let path_name = format!("{}::", name.replace('-', "_"));
                if code.contains(&format!("\"{name}\""))
                    || code.contains(&format!("{name} ="))
                    || code.contains(&format!("{name}."))
                    || code.contains(&format!("../{name}"))
                    || code.contains(&path_name)
                {
                    offences.push(format!("{file}:{line}: {code}"));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "codec crates named outside the registry (use serbench-codecs instead):\n{}",
        offences.join("\n")
    );
}

#[test]
fn only_the_model_compares_dataset_names() {
    let types = [
        "TaskManager",
        "SensorReading",
        "Graph",
        "Record",
        "MediaContent",
    ];
    let ids = ["task-manager", "telemetry", "graph", "records", "media"];
    let mut offences = Vec::new();
    for path in workspace_files() {
        let file = relative(&path);
        if file.starts_with("crates/serbench-model/") || !is_rust(&path) {
            continue;
        }
        let text = read(&path);
        for (line, code) in code_lines(&text) {
            let compares = code.contains("==") || code.contains("!=");
            let names_one = types.iter().any(|ty| code.contains(&format!("{ty}::NAME")))
                || ids.iter().any(|id| code.contains(&format!("\"{id}\"")));
            if compares && names_one {
                offences.push(format!("{file}:{line}: {code}"));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "dataset names compared outside the model (make it a `Dataset` item):\n{}",
        offences.join("\n")
    );
}
