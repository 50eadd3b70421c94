//! What a run was measured on: machine, compiler, build profile and
//! commit, for the report's header. The codecs' library versions come from
//! the benches themselves (the sizes report), which know what they link.

use std::collections::BTreeMap;
use std::process::Command;

use serbench_results::{BuildFacts, Run};

use crate::project_root;

/// The bench profile, which `cargo bench` uses: the release profile as the
/// root `Cargo.toml` sets it. A test keeps this description true.
pub(crate) const PROFILE: &str = "bench: release (opt-level 3, lto off (thin-local), \
     codegen-units 16, debug line-tables-only, panic unwind)";

/// The `bench-lto` profile of `cargo xtask bench --lto`: the bench profile
/// with whole-program optimisation. A test keeps this description true.
pub(crate) const PROFILE_LTO: &str = "bench-lto: release with lto fat, codegen-units 1 \
     (opt-level 3, debug line-tables-only, panic unwind)";

/// The conditions of this run, with the codecs' library versions as the
/// benches reported them.
pub(crate) fn describe(
    started: String,
    quick: bool,
    lto: bool,
    filters: Vec<String>,
    versions: BTreeMap<String, String>,
) -> Run {
    let BuildFacts {
        compiler,
        profile,
        commit,
        ..
    } = build(if lto { PROFILE_LTO } else { PROFILE });
    Run {
        started,
        quick,
        filters,
        machine: serbench_results::machine(),
        compiler,
        profile,
        commit,
        versions,
        check: None,
        check_after: None,
        instructions: None,
    }
}

/// What `serbench measure`, built with the bench profile's settings,
/// cannot know of its own build: handed to it with `--build-facts`.
pub(crate) fn build_facts() -> BuildFacts {
    build(PROFILE)
}

/// The compiler, the `stated` profile with what the environment changes
/// in it, and the commit: what both kinds of run say of their build.
fn build(stated: &str) -> BuildFacts {
    BuildFacts {
        compiler: compiler(),
        profile: profile(stated, std::env::vars()),
        commit: commit(),
        ..BuildFacts::default()
    }
}

/// `stated` ([`PROFILE`] or [`PROFILE_LTO`]), and any setting the
/// environment overrides: cargo reads `CARGO_PROFILE_<NAME>_<KEY>` for the
/// bench profiles and the release profile they inherit, and `RUSTFLAGS`,
/// so a run built with them says so.
fn profile(stated: &str, environment: impl Iterator<Item = (String, String)>) -> String {
    let mut overrides: Vec<String> = environment
        .filter(|(key, _)| {
            key.starts_with("CARGO_PROFILE_BENCH_")
                || key.starts_with("CARGO_PROFILE_RELEASE_")
                || key == "RUSTFLAGS"
                || key == "CARGO_ENCODED_RUSTFLAGS"
        })
        .filter(|(_, value)| !value.is_empty())
        .map(|(key, value)| format!("{key}={value}"))
        .collect();
    if overrides.is_empty() {
        return stated.to_owned();
    }
    overrides.sort();
    format!(
        "{stated}; overridden by the environment: {}",
        overrides.join(", ")
    )
}

fn output(command: &mut Command) -> String {
    command
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_owned())
        .unwrap_or_default()
}

fn compiler() -> String {
    let verbose = output(Command::new("rustc").arg("-vV"));
    let version = verbose.lines().next().unwrap_or("rustc (unknown)");
    let field = |key: &str| {
        verbose
            .lines()
            .find_map(|line| line.strip_prefix(key)?.strip_prefix(':'))
            .map_or("", str::trim)
    };
    let host = field("host");
    let llvm = field("LLVM version");
    format!("{version}, {host}, LLVM {llvm}")
}

fn commit() -> String {
    let root = project_root();
    let hash =
        output(
            Command::new("git")
                .arg("-C")
                .arg(&root)
                .args(["rev-parse", "--short", "HEAD"]),
        );
    let dirty = !output(
        Command::new("git")
            .arg("-C")
            .arg(&root)
            .args(["status", "--porcelain"]),
    )
    .is_empty();
    match (hash.is_empty(), dirty) {
        (true, _) => "unknown".to_owned(),
        (false, true) => format!("{hash}+dirty"),
        (false, false) => hash,
    }
}

#[cfg(test)]
mod tests {
    use super::{PROFILE, PROFILE_LTO, profile};
    use crate::project_root;

    /// The settings of one `[profile.NAME]` table of the root manifest.
    fn settings(manifest: &str, name: &str) -> Vec<String> {
        manifest
            .split(&format!("[profile.{name}]"))
            .nth(1)
            .and_then(|rest| rest.split("\n[").next())
            .unwrap_or_default()
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(str::to_owned)
            .collect()
    }

    /// The report states the profile; this keeps the statement true.
    #[test]
    fn the_stated_profile_is_the_manifest_s() {
        let manifest = std::fs::read_to_string(project_root().join("Cargo.toml")).unwrap();
        assert_eq!(
            settings(&manifest, "release"),
            ["debug = \"line-tables-only\""],
            "update PROFILE to match"
        );
        assert_eq!(settings(&manifest, "bench"), Vec::<String>::new());
        assert!(PROFILE.contains("debug line-tables-only"));
        assert_eq!(
            settings(&manifest, "bench-lto"),
            ["inherits = \"bench\"", "lto = \"fat\"", "codegen-units = 1"],
            "update PROFILE_LTO to match"
        );
        assert!(PROFILE_LTO.contains("lto fat, codegen-units 1"));
        assert!(PROFILE_LTO.contains("debug line-tables-only"));
    }

    /// A build the environment changed does not claim the manifest's profile.
    #[test]
    fn environment_overrides_are_stated() {
        let unrelated = [
            ("PATH".to_owned(), "/bin".to_owned()),
            ("RUSTFLAGS".to_owned(), String::new()),
        ];
        assert_eq!(profile(PROFILE, unrelated.into_iter()), PROFILE);
        let overridden = [
            ("CARGO_PROFILE_BENCH_LTO".to_owned(), "off".to_owned()),
            ("HOME".to_owned(), "/root".to_owned()),
            (
                "CARGO_PROFILE_BENCH_CODEGEN_UNITS".to_owned(),
                "16".to_owned(),
            ),
        ];
        assert_eq!(
            profile(PROFILE, overridden.into_iter()),
            format!(
                "{PROFILE}; overridden by the environment: \
                 CARGO_PROFILE_BENCH_CODEGEN_UNITS=16, CARGO_PROFILE_BENCH_LTO=off"
            )
        );
    }
}
