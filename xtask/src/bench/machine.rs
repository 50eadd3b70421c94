//! What a run was measured on: machine, compiler, build profile and
//! commit, for the report's header. The codecs' library versions come from
//! the benches themselves (the sizes report), which know what they link.

use std::collections::BTreeMap;
use std::process::Command;

use serde::{Deserialize, Serialize};

use super::load::MachineCheck;
use crate::project_root;

/// The conditions of a run.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(crate) struct Run {
    /// When the run started, UTC, `YYYY-MM-DD HH:MM:SS`.
    pub(crate) started: String,
    /// `--quick`: fewer samples, the graph at 200 nodes.
    pub(crate) quick: bool,
    /// The `--dataset`/`--format` filters, if any.
    pub(crate) filters: Vec<String>,
    /// CPU model, cores, memory, OS.
    pub(crate) machine: String,
    /// `rustc --version`, host and LLVM.
    pub(crate) compiler: String,
    /// The profile the benches were built with.
    pub(crate) profile: String,
    /// The commit measured, `+dirty` when the tree had changes.
    pub(crate) commit: String,
    /// The codecs' libraries and their versions, from the sizes report.
    pub(crate) versions: BTreeMap<String, String>,
    /// What the machine check saw before timing (schema 2).
    #[serde(default)]
    pub(crate) check: Option<MachineCheck>,
    /// What the same check saw after the last timed round: a build or a
    /// neighbour that arrived during the run shows here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) check_after: Option<MachineCheck>,
}

impl Run {
    /// The machine checks as the reports' headers give them: a label and a
    /// line each, with a note when the fixed workload's time moved.
    pub(crate) fn checks(&self) -> Vec<(&'static str, String)> {
        let mut facts = Vec::new();
        if let Some(before) = &self.check {
            facts.push(("Machine check before timing", before.describe()));
        }
        if let Some(after) = &self.check_after {
            let mut line = after.describe();
            if let Some(moved) = self.moved() {
                line.push_str("; ");
                line.push_str(&moved);
            }
            facts.push(("Machine check after timing", line));
        }
        facts
    }

    /// The sentence saying the fixed workload's time moved between the
    /// check before timing and the one after, if it did.
    fn moved(&self) -> Option<String> {
        self.check.as_ref()?.moved(self.check_after.as_ref()?)
    }

    /// Whether a check found the machine busy, or its speed moving during
    /// the run: what the short summaries (terminal, README) mention.
    pub(crate) fn disturbed(&self) -> bool {
        let busy = [&self.check, &self.check_after]
            .into_iter()
            .flatten()
            .any(|check| check.busy);
        busy || self.moved().is_some()
    }
}

/// The bench profile, which `cargo bench` uses: the release profile as the
/// root `Cargo.toml` sets it. A test keeps this description true.
pub(crate) const PROFILE: &str = "bench: release (opt-level 3, lto off (thin-local), \
     codegen-units 16, debug line-tables-only, panic unwind)";

/// The `bench-lto` profile of `cargo xtask bench --lto`: the bench profile
/// with whole-program optimisation. A test keeps this description true.
pub(crate) const PROFILE_LTO: &str = "bench-lto: release with lto fat, codegen-units 1 \
     (opt-level 3, debug line-tables-only, panic unwind)";

impl Run {
    /// The conditions of this run, with the codecs' library versions as the
    /// benches reported them.
    pub(crate) fn describe(
        started: String,
        quick: bool,
        lto: bool,
        filters: Vec<String>,
        versions: BTreeMap<String, String>,
    ) -> Self {
        Self {
            started,
            quick,
            filters,
            machine: machine(),
            compiler: compiler(),
            profile: profile(if lto { PROFILE_LTO } else { PROFILE }, std::env::vars()),
            commit: commit(),
            versions,
            check: None,
            check_after: None,
        }
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

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

fn field<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .find(|line| line.starts_with(key))
        .and_then(|line| line.split_once(':'))
        .map(|(_, value)| value.trim())
}

fn machine() -> String {
    let cpuinfo = read("/proc/cpuinfo");
    let cpu = field(&cpuinfo, "model name").unwrap_or("unknown CPU");
    let cores = std::thread::available_parallelism().map_or(0, std::num::NonZero::get);
    let memory = field(&read("/proc/meminfo"), "MemTotal")
        .and_then(|kb| kb.trim_end_matches(" kB").trim().parse::<f64>().ok())
        .map_or_else(String::new, |kb| {
            format!(", {:.0} GiB", kb / 1024.0 / 1024.0)
        });
    let os = format!(
        "{} {}",
        read("/proc/sys/kernel/ostype").trim(),
        read("/proc/sys/kernel/osrelease").trim()
    );
    format!("{cpu}, {cores} cores{memory}, {}", os.trim())
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
    let host = field(&verbose, "host").unwrap_or("");
    let llvm = field(&verbose, "LLVM version").unwrap_or("");
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
    use super::{MachineCheck, PROFILE, PROFILE_LTO, Run, profile};
    use crate::project_root;

    fn quiet(workload_ns: f64) -> MachineCheck {
        MachineCheck {
            load_average: 1.0,
            cores: 2,
            workload_ns,
            workload_spread: 0.05,
            ..MachineCheck::default()
        }
    }

    /// A run says what the check after timing saw, and when the machine's
    /// speed moved between the two checks although neither was busy.
    #[test]
    fn checks_after_timing_and_a_moved_workload_are_stated() {
        let mut run = Run {
            check: Some(quiet(3.9e6)),
            ..Run::default()
        };
        assert_eq!(run.checks().len(), 1);
        assert!(!run.disturbed());
        run.check_after = Some(quiet(4.0e6));
        let checks = run.checks();
        assert_eq!(checks[1].0, "Machine check after timing");
        assert!(checks[1].1.starts_with("quiet."), "{}", checks[1].1);
        assert!(!checks[1].1.contains("speed"), "{}", checks[1].1);
        assert!(!run.disturbed());
        run.check_after = Some(quiet(4.6e6));
        let after = &run.checks()[1].1;
        assert!(
            after.ends_with(
                "the fixed workload took 3.9 ms before timing and 4.6 ms after, so the \
                 machine's speed changed during the run"
            ),
            "{after}"
        );
        assert!(run.disturbed());
        run.check_after = Some(MachineCheck {
            busy: true,
            ..quiet(3.9e6)
        });
        assert!(run.disturbed());
    }

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
