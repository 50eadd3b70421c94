//! `cargo xtask fuzz [--seconds N] [--sanitizer address] [TARGET|CODEC|KIND]...
//! [-- LIBFUZZER_ARGS]`: builds the cargo-fuzz targets in `fuzz/` and runs
//! each for N seconds (default 60), one after the other, failing when any
//! finds a crash.
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
//! Each target reads its committed seeds (`fuzz/corpus/<target>/`, written
//! by the `seed_corpus` example) and keeps what it finds in
//! `fuzz/target/corpus/<target>/`, so runs build on each other without
//! touching the committed files. libFuzzer's output goes to
//! `fuzz/target/logs/<target>.log`; a crash input to
//! `fuzz/artifacts/<target>/`.

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

/// What happened to one target.
struct Outcome {
    target: String,
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

    // Fails when a codec in `for_each_codec!` has no targets; seeds a corpus
    // that is missing (a new codec's).
    eprintln!("fuzz: checking the targets and seed corpora");
    let status = fuzz_cargo(&fuzz)
        .args([
            "run",
            "--quiet",
            "--example",
            "seed_corpus",
            "--",
            "--missing",
        ])
        .status()
        .context("cannot run cargo")?;
    ensure!(
        status.success(),
        "the fuzz targets or corpora are incomplete"
    );

    let targets = select(&list_targets(&fuzz)?, &options.select)?;
    eprintln!(
        "fuzz: building {} target(s), sanitizer {}",
        targets.len(),
        options.sanitizer
    );
    let mut build = cargo_fuzz(&fuzz, "build", &options);
    if targets.len() == 1 {
        build.arg(&targets[0]);
    }
    let status = build.status()?;
    ensure!(status.success(), "cargo fuzz build failed");

    let logs = fuzz.join("target/logs");
    fs::create_dir_all(&logs)?;
    let mut outcomes = Vec::new();
    for (index, target) in targets.iter().enumerate() {
        eprint!(
            "fuzz: [{}/{}] {target} for {} s … ",
            index + 1,
            targets.len(),
            options.seconds
        );
        let outcome = run_target(&fuzz, target, &logs, &options)?;
        match (&outcome.crash, outcome.failed) {
            (_, false) => eprintln!("ok, {} runs", shown(outcome.runs)),
            (Some(crash), true) => eprintln!("CRASH, input saved to {crash}"),
            (None, true) => eprintln!(
                "FAILED, see {}",
                logs.join(format!("{target}.log")).display()
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
            outcome.target,
            outcome.seconds,
            shown(outcome.runs)
        );
    }
    let failed = outcomes.iter().filter(|outcome| outcome.failed).count();
    ensure!(
        failed == 0,
        "{failed} target(s) failed; reproduce one with \
         `cargo fuzz run -s none TARGET CRASH_FILE` in fuzz/"
    );
    Ok(())
}

fn run_target(
    fuzz: &Path,
    target: &str,
    logs: &Path,
    options: &Options,
) -> anyhow::Result<Outcome> {
    let work = fuzz.join("target/corpus").join(target);
    let seeds = fuzz.join("corpus").join(target);
    fs::create_dir_all(&work)?;
    let log_path = logs.join(format!("{target}.log"));
    let log = fs::File::create(&log_path)
        .with_context(|| format!("cannot write {}", log_path.display()))?;
    let mut command = cargo_fuzz(fuzz, "run", options);
    command
        .arg(target)
        .arg(&work)
        .arg(&seeds)
        .arg("--")
        .arg(format!("-max_total_time={}", options.seconds))
        .args(["-print_final_stats=1", "-timeout=20"])
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
        target: target.to_owned(),
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

fn list_targets(fuzz: &Path) -> anyhow::Result<Vec<String>> {
    let output = fuzz_cargo(fuzz).args(["fuzz", "list"]).output()?;
    ensure!(
        output.status.success(),
        "cargo fuzz list failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    Ok(String::from_utf8(output.stdout)?
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(str::to_owned)
        .collect())
}

/// The targets a selection names: a target, a codec (`json`: both of its
/// targets) or a kind (`decode`: every codec's).
fn select(targets: &[String], selection: &[String]) -> anyhow::Result<Vec<String>> {
    const KINDS: [&str; 2] = ["decode", "round_trip"];
    if selection.is_empty() {
        return Ok(targets.to_vec());
    }
    let mut chosen: Vec<String> = Vec::new();
    for name in selection {
        let named = |target: &String| {
            target == name
                || KINDS.iter().any(|kind| {
                    *target == format!("{kind}_{name}")
                        || (name == kind && target.starts_with(&format!("{kind}_")))
                })
        };
        let matching: Vec<&String> = targets.iter().filter(|target| named(target)).collect();
        if matching.is_empty() {
            bail!(
                "{name:?} names no fuzz target; the targets are {}",
                targets.join(", ")
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

fn shown(runs: Option<u64>) -> String {
    runs.map_or_else(|| "?".to_owned(), |runs| runs.to_string())
}

#[cfg(test)]
mod tests {
    use super::select;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|&name| name.to_owned()).collect()
    }

    #[test]
    fn selects_by_target_codec_or_kind() {
        let targets = names(&[
            "decode_json",
            "round_trip_json",
            "decode_xml",
            "round_trip_xml",
        ]);
        assert_eq!(select(&targets, &[]).unwrap(), targets);
        assert_eq!(
            select(&targets, &names(&["json"])).unwrap(),
            names(&["decode_json", "round_trip_json"])
        );
        assert_eq!(
            select(&targets, &names(&["round_trip"])).unwrap(),
            names(&["round_trip_json", "round_trip_xml"])
        );
        assert_eq!(
            select(&targets, &names(&["decode_xml"])).unwrap(),
            names(&["decode_xml"])
        );
        assert!(select(&targets, &names(&["yaml"])).is_err());
    }
}
