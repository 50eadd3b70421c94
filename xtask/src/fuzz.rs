//! `cargo xtask fuzz [--seconds N] [--sanitizer address] [TARGET|CODEC|KIND]...
//! [-- LIBFUZZER_ARGS]`: builds the cargo-fuzz targets in `fuzz/` and runs
//! each codec under each for N seconds (default 60), one after the other,
//! failing when any finds a crash.
//!
//! `fuzz/` has two cargo-fuzz targets, `decode` and `round_trip`, which fuzz
//! the codec the `SERBENCH_FUZZ_CODEC` variable names. What this task calls
//! a target is a pair `<kind>_<codec>` (`decode_json`), one run of a
//! cargo-fuzz target with that variable set; the codecs are the registry's,
//! which the `seed_corpus` example lists, so a new codec is fuzzed here with
//! no edit.
//!
//! It needs only stable Rust and `cargo install cargo-fuzz`: the targets are
//! built with `--sanitizer none`, since AddressSanitizer takes the nightly
//! `-Zsanitizer`. libFuzzer's coverage instrumentation, debug assertions and
//! overflow checks stay on; memory errors are caught by Rust's own checks,
//! enough for codecs that forbid `unsafe` (the generated FlatBuffers code
//! aside). `--sanitizer address` adds ASan on stable through
//! `RUSTC_BOOTSTRAP=1`, built in `fuzz/target/address`, at the cost of a
//! second build and slower runs.
//!
//! Each pair reads its committed seeds (`fuzz/corpus/<kind>_<codec>/`,
//! written by the `seed_corpus` example) and keeps what it finds in
//! `fuzz/target/corpus/<kind>_<codec>/`, so runs build on each other without
//! touching the committed files. libFuzzer's output goes to
//! `fuzz/target/logs/<kind>_<codec>.log`; a crash input to
//! `fuzz/artifacts/<kind>_<codec>/`.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{Context, bail, ensure};

use crate::{cargo, project_root};

const USAGE: &str = "usage: cargo xtask fuzz [--seconds N] [--sanitizer none|address] \
                     [TARGET|CODEC|decode|round_trip]... [-- LIBFUZZER_ARGS]";

struct Options {
    seconds: u64,
    sanitizer: String,
    /// Target names, codec names (`json`) or kinds (`decode`); empty: all.
    select: Vec<String>,
    libfuzzer: Vec<String>,
}

fn parse(args: &[String]) -> anyhow::Result<Options> {
    let mut options = Options {
        seconds: 60,
        sanitizer: "none".to_owned(),
        select: Vec::new(),
        libfuzzer: Vec::new(),
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seconds" => {
                let value = args.next().context(USAGE)?;
                options.seconds = value
                    .parse()
                    .ok()
                    .filter(|&seconds| seconds > 0)
                    .with_context(|| format!("--seconds wants a positive number, got {value:?}"))?;
            }
            "--sanitizer" => {
                let value = args.next().context(USAGE)?;
                ensure!(
                    matches!(value.as_str(), "none" | "address"),
                    "--sanitizer is none or address, got {value:?}"
                );
                value.clone_into(&mut options.sanitizer);
            }
            "--" => options.libfuzzer.extend(args.by_ref().cloned()),
            "-h" | "--help" => bail!(USAGE),
            flag if flag.starts_with('-') => bail!("unknown option {flag:?}\n{USAGE}"),
            name => options.select.push(name.to_owned()),
        }
    }
    Ok(options)
}

/// The variable naming the codec a cargo-fuzz target fuzzes
/// (`serbench_fuzz::CODEC_VARIABLE`).
const CODEC_VARIABLE: &str = "SERBENCH_FUZZ_CODEC";

/// The cargo-fuzz targets, one per kind of check.
const KINDS: [&str; 2] = ["decode", "round_trip"];

/// One run: cargo-fuzz target `kind` on codec `codec`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Target {
    kind: &'static str,
    codec: String,
}

impl Target {
    /// `<kind>_<codec>`: the name of its corpus, artifact and log folders.
    fn name(&self) -> String {
        format!("{}_{}", self.kind, self.codec)
    }

    /// The command that runs `crash` again, with its backtrace and message.
    fn reproduce(&self, crash: &str, sanitizer: &str) -> String {
        let (bootstrap, target_dir) = if sanitizer == "none" {
            (String::new(), String::new())
        } else {
            (
                "RUSTC_BOOTSTRAP=1 ".to_owned(),
                format!(" --target-dir target/{sanitizer}"),
            )
        };
        format!(
            "cd fuzz && {bootstrap}{CODEC_VARIABLE}={} cargo fuzz run -s {sanitizer}{target_dir} {} {crash}",
            self.codec, self.kind
        )
    }
}

/// What happened to one target.
struct Outcome {
    target: Target,
    seconds: f64,
    runs: Option<u64>,
    /// The saved crash input, when the target failed.
    crash: Option<String>,
    failed: bool,
}

pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let options = parse(args)?;
    let fuzz = project_root().join("fuzz");
    check_cargo_fuzz()?;

    // Seeds the corpora that are missing (a new codec's).
    eprintln!("fuzz: checking the seed corpora");
    let status = seed_corpus(&fuzz, "--missing")
        .status()
        .context("cannot run cargo")?;
    ensure!(status.success(), "cannot write the missing seed corpora");

    let targets = select(&list_codecs(&fuzz)?, &options.select)?;
    eprintln!(
        "fuzz: building {} target(s), sanitizer {}",
        targets.len(),
        options.sanitizer
    );
    let mut build = cargo_fuzz(&fuzz, "build", &options);
    if let [kind] = kinds(&targets)[..] {
        build.arg(kind);
    }
    let status = build.status()?;
    ensure!(status.success(), "cargo fuzz build failed");

    let logs = fuzz.join("target/logs");
    fs::create_dir_all(&logs)?;
    let mut outcomes = Vec::new();
    for (index, target) in targets.iter().enumerate() {
        eprint!(
            "fuzz: [{}/{}] {} for {} s … ",
            index + 1,
            targets.len(),
            target.name(),
            options.seconds
        );
        let outcome = run_target(&fuzz, target, &logs, &options)?;
        match (&outcome.crash, outcome.failed) {
            (_, false) => eprintln!("ok, {} runs", shown(outcome.runs)),
            (Some(crash), true) => eprintln!("CRASH, input saved to {crash}"),
            (None, true) => eprintln!(
                "FAILED, see {}",
                logs.join(format!("{}.log", target.name())).display()
            ),
        }
        outcomes.push(outcome);
    }

    eprintln!("\n{:<26}{:>10}{:>16}  result", "target", "seconds", "runs");
    for outcome in &outcomes {
        let result = match (&outcome.crash, outcome.failed) {
            (_, false) => "ok".to_owned(),
            (Some(crash), true) => format!("crash: {crash}"),
            (None, true) => "failed (see its log)".to_owned(),
        };
        eprintln!(
            "{:<26}{:>10.0}{:>16}  {result}",
            outcome.target.name(),
            outcome.seconds,
            shown(outcome.runs)
        );
    }
    let crashes: Vec<String> = outcomes
        .iter()
        .filter_map(|outcome| {
            let crash = Path::new(outcome.crash.as_deref().filter(|_| outcome.failed)?);
            let crash = crash.strip_prefix(&fuzz).unwrap_or(crash);
            Some(
                outcome
                    .target
                    .reproduce(&crash.display().to_string(), &options.sanitizer),
            )
        })
        .collect();
    if !crashes.is_empty() {
        eprintln!("\nreproduce with:");
        for command in &crashes {
            eprintln!("  {command}");
        }
    }
    let failed = outcomes.iter().filter(|outcome| outcome.failed).count();
    ensure!(failed == 0, "{failed} target(s) failed");
    Ok(())
}

fn run_target(
    fuzz: &Path,
    target: &Target,
    logs: &Path,
    options: &Options,
) -> anyhow::Result<Outcome> {
    let name = target.name();
    let work = fuzz.join("target/corpus").join(&name);
    let seeds = fuzz.join("corpus").join(&name);
    // One folder per codec: cargo-fuzz's default, `artifacts/<kind>/`,
    // would mix the codecs' crashes.
    let artifacts = fuzz.join("artifacts").join(&name);
    fs::create_dir_all(&work)?;
    fs::create_dir_all(&artifacts)?;
    let log_path = logs.join(format!("{name}.log"));
    let log = fs::File::create(&log_path)
        .with_context(|| format!("cannot write {}", log_path.display()))?;
    let mut command = cargo_fuzz(fuzz, "run", options);
    command
        .env(CODEC_VARIABLE, &target.codec)
        .arg(target.kind)
        .arg(&work)
        .arg(&seeds)
        .arg("--")
        .arg(format!("-max_total_time={}", options.seconds))
        .args(["-print_final_stats=1", "-timeout=20"])
        // libFuzzer takes the last of a repeated flag, so this one wins
        // over cargo-fuzz's.
        .arg(format!("-artifact_prefix={}/", artifacts.display()))
        .args(&options.libfuzzer)
        .stdout(log.try_clone()?)
        .stderr(log);
    let started = Instant::now();
    let status = command.status()?;
    let seconds = started.elapsed().as_secs_f64();
    let output = fs::read_to_string(&log_path).unwrap_or_default();
    let runs = output
        .lines()
        .find_map(|line| line.strip_prefix("stat::number_of_executed_units:"))
        .and_then(|runs| runs.trim().parse().ok());
    let crash = output.lines().find_map(|line| {
        let (_, path) = line.split_once("Test unit written to ")?;
        Some(fuzz.join(path.trim()).display().to_string())
    });
    Ok(Outcome {
        target: target.clone(),
        seconds,
        runs,
        crash,
        failed: !status.success(),
    })
}

/// `cargo` in `fuzz/`, which builds in `fuzz/target` whatever
/// `CARGO_TARGET_DIR` the workspace uses.
fn fuzz_cargo(fuzz: &Path) -> Command {
    let mut command = cargo();
    command.current_dir(fuzz).env_remove("CARGO_TARGET_DIR");
    command
}

/// The `seed_corpus` example with `flag`.
fn seed_corpus(fuzz: &Path, flag: &str) -> Command {
    let mut command = fuzz_cargo(fuzz);
    command.args(["run", "--quiet", "--example", "seed_corpus", "--", flag]);
    command
}

/// `cargo fuzz <verb>` with the chosen sanitizer. ASan takes the nightly
/// `-Zsanitizer`, which stable rustc accepts when told it is building
/// itself; its build gets a folder of its own, so switching back and forth
/// rebuilds neither.
fn cargo_fuzz(fuzz: &Path, verb: &str, options: &Options) -> Command {
    let mut command = fuzz_cargo(fuzz);
    command.args(["fuzz", verb, "--sanitizer", &options.sanitizer]);
    if options.sanitizer != "none" {
        command
            .env("RUSTC_BOOTSTRAP", "1")
            .arg("--target-dir")
            .arg(fuzz.join("target").join(&options.sanitizer));
    }
    command
}

fn check_cargo_fuzz() -> anyhow::Result<()> {
    let found = cargo()
        .args(["fuzz", "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    ensure!(
        found,
        "cargo-fuzz is not installed: `cargo install cargo-fuzz` (works on stable Rust)"
    );
    Ok(())
}

/// The registry's codec ids, as the fuzz crate is built (every codec).
fn list_codecs(fuzz: &Path) -> anyhow::Result<Vec<String>> {
    let output = seed_corpus(fuzz, "--list")
        .stderr(Stdio::inherit())
        .output()
        .context("cannot run cargo")?;
    ensure!(output.status.success(), "cannot list the codecs to fuzz");
    let codecs: Vec<String> = String::from_utf8(output.stdout)?
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(str::to_owned)
        .collect();
    ensure!(!codecs.is_empty(), "the registry lists no codec to fuzz");
    Ok(codecs)
}

/// Every target: each codec under each kind, codec by codec.
fn targets(codecs: &[String]) -> Vec<Target> {
    codecs
        .iter()
        .flat_map(|codec| {
            KINDS.into_iter().map(|kind| Target {
                kind,
                codec: codec.clone(),
            })
        })
        .collect()
}

/// The targets a selection names: a target (`decode_json`), a codec
/// (`json`: both of its targets) or a kind (`decode`: every codec's).
fn select(codecs: &[String], selection: &[String]) -> anyhow::Result<Vec<Target>> {
    let targets = targets(codecs);
    if selection.is_empty() {
        return Ok(targets);
    }
    let mut chosen: Vec<Target> = Vec::new();
    for name in selection {
        let named = |target: &&Target| {
            target.name() == *name || target.codec == *name || target.kind == name
        };
        let matching: Vec<&Target> = targets.iter().filter(named).collect();
        if matching.is_empty() {
            bail!(
                "{name:?} names no fuzz target; the codecs are {}, the kinds {}",
                codecs.join(", "),
                KINDS.join(", ")
            );
        }
        for target in matching {
            if !chosen.contains(target) {
                chosen.push(target.clone());
            }
        }
    }
    Ok(chosen)
}

/// The cargo-fuzz targets `targets` run, in order.
fn kinds(targets: &[Target]) -> Vec<&'static str> {
    let mut kinds = Vec::new();
    for target in targets {
        if !kinds.contains(&target.kind) {
            kinds.push(target.kind);
        }
    }
    kinds
}

fn shown(runs: Option<u64>) -> String {
    runs.map_or_else(|| "?".to_owned(), |runs| runs.to_string())
}

#[cfg(test)]
mod tests {
    use super::{Target, kinds, select};

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|&name| name.to_owned()).collect()
    }

    fn chosen(selection: &[&str]) -> Vec<String> {
        let codecs = names(&["json", "xml"]);
        let targets = select(&codecs, &names(selection)).unwrap();
        targets.iter().map(Target::name).collect()
    }

    #[test]
    fn selects_by_target_codec_or_kind() {
        assert_eq!(
            chosen(&[]),
            names(&[
                "decode_json",
                "round_trip_json",
                "decode_xml",
                "round_trip_xml",
            ])
        );
        assert_eq!(
            chosen(&["json"]),
            names(&["decode_json", "round_trip_json"])
        );
        assert_eq!(
            chosen(&["round_trip"]),
            names(&["round_trip_json", "round_trip_xml"])
        );
        assert_eq!(chosen(&["decode_xml"]), names(&["decode_xml"]));
        assert_eq!(
            chosen(&["decode_xml", "xml"]),
            names(&["decode_xml", "round_trip_xml"])
        );
        assert!(select(&names(&["json"]), &names(&["yaml"])).is_err());
    }

    #[test]
    fn builds_only_the_kinds_selected() {
        let codecs = names(&["json", "xml"]);
        let decode = select(&codecs, &names(&["decode"])).unwrap();
        assert_eq!(kinds(&decode), ["decode"]);
        let json = select(&codecs, &names(&["json"])).unwrap();
        assert_eq!(kinds(&json), ["decode", "round_trip"]);
    }

    #[test]
    fn a_crash_reproduces_with_its_codec() {
        let target = Target {
            kind: "decode",
            codec: "xml".to_owned(),
        };
        assert_eq!(
            target.reproduce("artifacts/decode_xml/crash-1", "none"),
            "cd fuzz && SERBENCH_FUZZ_CODEC=xml cargo fuzz run -s none decode \
             artifacts/decode_xml/crash-1"
        );
        assert_eq!(
            target.reproduce("artifacts/decode_xml/crash-1", "address"),
            "cd fuzz && RUSTC_BOOTSTRAP=1 SERBENCH_FUZZ_CODEC=xml cargo fuzz run -s address \
             --target-dir target/address decode artifacts/decode_xml/crash-1"
        );
    }
}
