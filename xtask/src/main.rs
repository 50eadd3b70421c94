//! serbench's task runner: `cargo xtask <task>`.
//!
//! It drives cargo rather than linking the codecs, so it builds fast and
//! stays out of the comparison.

mod bench;
mod cargo_env;
mod fuzz;
mod hostile;
mod interop;
mod measure;
mod new_format;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{Context, bail};

const USAGE: &str = "\
usage: cargo xtask <task> [args]

tasks:
  bench [OPTIONS]   every codec on every dataset: reports in target/serbench/
                    (see `cargo xtask bench --help`)
  instructions [OPTIONS]   the instruction meter alone, under Valgrind
                    (see `cargo xtask instructions --help`)
  measure FILE... [--instructions] [OPTIONS]   your own JSON, NDJSON, CBOR or MessagePack
                    documents in every format: reports in
                    target/serbench/measure/ (options: `serbench measure --help`)
  code-size [--codec C]...   the bytes each codec adds to a release binary,
                    stripped and not (also part of `bench --compile-times`)
  compare OLD NEW [--html OUT]   compare two results.json files (OUT: as a page)
  report DIR [--readme]   write a run's reports again from DIR/results.json
                    (--readme: and the README's results from it)
  check-report PAGE   a report.html in headless Chromium: rows, scatter
                    charts and their labels, sorting, throughput view, no
                    requests; or a compare page's chart (needs chromium)
  dump ARGS      serbench dump ARGS (release build)
  check ARGS     serbench check ARGS
  convert ARGS   serbench convert ARGS
  interop        Python and Qt read serbench's files, serbench reads Qt's
  codegen        regenerate the committed Cap'n Proto and FlatBuffers code
  codegen --check   fail when that code is stale
  fuzz [--seconds N]   run every fuzz target N seconds (default 60; see fuzz/README.md)
  hostile [--quick]    hostile inputs against `serbench check` (interop/hostile/)
  new-format NAME [--type T] [--wire-format F] [--library L]
                 a new codec crate, registered in crates/serbench-codecs,
                 with a SECURITY.md section to fill in
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> anyhow::Result<ExitCode> {
    let Some((task, rest)) = args.split_first() else {
        eprint!("{USAGE}");
        return Ok(ExitCode::from(2));
    };
    match task.as_str() {
        "bench" if asks_for_help(rest) => {
            print!("{}", bench::USAGE);
            Ok(ExitCode::SUCCESS)
        }
        // `serbench` answers its own `--help`; every other task shares the
        // overview, rather than reading `--help` as a file or a codec.
        "dump" | "check" | "convert" => serbench(task, rest),
        "measure" if asks_for_help(rest) => serbench(task, rest),
        "compare" | "code-size" | "report" | "check-report" | "fuzz" | "hostile" | "new-format"
        | "interop" | "codegen"
            if asks_for_help(rest) =>
        {
            print!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        "instructions" if asks_for_help(rest) => {
            print!("{}", bench::INSTRUCTIONS_USAGE);
            Ok(ExitCode::SUCCESS)
        }
        "bench" => bench::run(rest).map(|()| ExitCode::SUCCESS),
        "measure" => measure::run(rest).map(|()| ExitCode::SUCCESS),
        "instructions" => bench::instructions_task(rest).map(|()| ExitCode::SUCCESS),
        "code-size" => code_size(rest).map(|()| ExitCode::SUCCESS),
        // The CPU-bound process `instructions --twice` runs beside its
        // second count; not a task for people.
        bench::SPIN => bench::spin(),
        "compare" => match rest {
            [_, _] | [_, _, _, _] => report_tool(&[&["compare".to_owned()], rest].concat()),
            _ => bail!("usage: cargo xtask compare OLD.json NEW.json [--html OUT.html]"),
        }
        .map(|()| ExitCode::SUCCESS),
        "report" => match rest {
            [dir] => report_tool(std::slice::from_ref(dir)),
            [dir, flag] if flag == "--readme" => report_tool(&[
                dir.clone(),
                flag.clone(),
                project_root().display().to_string(),
            ]),
            _ => bail!("usage: cargo xtask report DIR [--readme]"),
        }
        .map(|()| ExitCode::SUCCESS),
        "check-report" => match rest {
            [page] => check_report(Path::new(page)),
            _ => bail!("usage: cargo xtask check-report PAGE"),
        }
        .map(|()| ExitCode::SUCCESS),
        "fuzz" => fuzz::run(rest).map(|()| ExitCode::SUCCESS),
        "hostile" => hostile::run(rest).map(|()| ExitCode::SUCCESS),
        "new-format" => new_format::run(rest).map(|()| ExitCode::SUCCESS),
        "interop" => no_args(task, rest)
            .and_then(|()| interop::run())
            .map(|()| ExitCode::SUCCESS),
        "codegen" => codegen(rest),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        other => bail!("unknown task {other:?}\n{USAGE}"),
    }
}

/// `cargo xtask code-size [--codec C]...`: the code-size half of
/// `bench --compile-times`, printed as a table.
fn code_size(args: &[String]) -> anyhow::Result<()> {
    let mut codecs = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--codec" => codecs.push(args.next().context("--codec needs a value")?.clone()),
            other => bail!("unknown option {other:?}: cargo xtask code-size [--codec C]..."),
        }
    }
    let sizes = bench::compile::code_sizes(&codecs)?;
    let baseline = sizes.baseline;
    println!(
        "baseline (no codec): {} bytes, {} stripped",
        baseline.bytes, baseline.stripped_bytes
    );
    println!(
        "{:<18} {:<22} {:>12} {:>12}",
        "codec", "crate", "adds", "stripped"
    );
    for codec in &sizes.codecs {
        let (added, stripped) = codec.added(baseline);
        println!(
            "{:<18} {:<22} {added:>12} {stripped:>12}",
            codec.codec, codec.package
        );
    }
    Ok(())
}

/// Whether `args` ask for help: `--help` or `-h` before any `--` (what
/// follows `--` belongs to the tool a task runs, such as libFuzzer).
fn asks_for_help(args: &[String]) -> bool {
    args.iter()
        .take_while(|arg| *arg != "--")
        .any(|arg| arg == "--help" || arg == "-h")
}

fn no_args(task: &str, rest: &[String]) -> anyhow::Result<()> {
    if let Some(extra) = rest.first() {
        bail!("{task} takes no arguments, got {extra:?}");
    }
    Ok(())
}

/// The workspace root: xtask lives one level below it.
///
/// From `CARGO_MANIFEST_DIR` as `cargo run` sets it for this process, and
/// only without it (the binary run by hand) as it was when compiled: a
/// build is reused for an identical copy of the workspace sharing the
/// target folder (the new-format test's), and must act on the copy.
fn project_root() -> PathBuf {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    manifest
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// Cargo's target folder, honouring `CARGO_TARGET_DIR`.
fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => project_root().join("target"),
    }
}

/// `cargo` as the one running this xtask, so toolchain overrides hold,
/// without the variables `cargo run` set for xtask itself
/// ([`cargo_env`]).
fn cargo() -> Command {
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cargo_env::remove(&mut command);
    command
}

/// Builds the `serbench` binary in release and returns its path, for the
/// tasks that run it. By `--bin`, not `--package`, so that cargo resolves
/// the workspace's features and the benches' release build shares its
/// dependencies.
fn build_serbench() -> anyhow::Result<PathBuf> {
    let status = cargo()
        .args(["build", "--quiet", "--release", "--bin", "serbench"])
        .current_dir(project_root())
        .status()
        .context("cannot run cargo")?;
    anyhow::ensure!(status.success(), "building serbench failed");
    Ok(target_dir().join("release").join("serbench"))
}

/// `check-report PAGE`: the browser check is a binary of its own (package
/// `xtask-browser`), so that only this task builds the browser driver. By
/// `--bin`, not `--package`, as the `cargo xtask` alias runs xtask.
fn check_report(page: &Path) -> anyhow::Result<()> {
    let page =
        std::path::absolute(page).with_context(|| format!("cannot resolve {}", page.display()))?;
    let status = cargo()
        .args(["run", "--bin", "check-report", "--"])
        .arg(page)
        .current_dir(project_root())
        .status()
        .context("cannot run cargo")?;
    anyhow::ensure!(status.success(), "check-report failed");
    Ok(())
}

/// Runs the `serbench-report` binary (package `serbench-report`) with
/// `args`: it reads a run's `results.json` and writes the reports, or
/// compares two runs. A process of its own so that only the tasks that
/// render build maud and plotters. By `--bin`, not `--package`, as the
/// `cargo xtask` alias runs xtask; in the caller's folder, so that the
/// paths it was given hold.
fn report_tool(args: &[String]) -> anyhow::Result<()> {
    let status = cargo()
        .args([
            "run",
            "--quiet",
            "--bin",
            "serbench-report",
            "--manifest-path",
        ])
        .arg(project_root().join("Cargo.toml"))
        .arg("--")
        .args(args)
        .status()
        .context("cannot run cargo")?;
    anyhow::ensure!(status.success(), "serbench-report failed");
    Ok(())
}

/// Runs the `serbench` binary (release build) with `task` and `args`,
/// passing its exit code through.
fn serbench(task: &str, args: &[String]) -> anyhow::Result<ExitCode> {
    let status = Command::new(build_serbench()?)
        .arg(task)
        .args(args)
        .status()
        .context("cannot run serbench")?;
    Ok(exit_code(status))
}

/// `codegen [--check]`: the `codegen` binary (package `xtask-codegen`,
/// `xtask/codegen/`) on this workspace, staging in the target folder. It
/// is a package of its own so that the capnpc plugin it links is built
/// when code is generated, not with every task. By `--bin`, not
/// `--package`, so that cargo resolves the workspace's features.
fn codegen(args: &[String]) -> anyhow::Result<ExitCode> {
    let check = match args {
        [] => false,
        [flag] if flag == "--check" => true,
        _ => bail!("usage: cargo xtask codegen [--check]"),
    };
    let root = project_root();
    let status = cargo()
        .args(["run", "--quiet", "--bin", "codegen", "--"])
        .args(check.then_some("--check"))
        .arg(&root)
        .arg(target_dir().join("codegen"))
        .current_dir(&root)
        .status()
        .context("cannot run cargo")?;
    Ok(exit_code(status))
}

/// A child's exit code as this process's, a signal as a failure.
fn exit_code(status: std::process::ExitStatus) -> ExitCode {
    match status.code() {
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        None => ExitCode::FAILURE,
    }
}

#[cfg(test)]
mod tests {
    use super::asks_for_help;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|arg| (*arg).to_owned()).collect()
    }

    #[test]
    fn help_is_asked_before_a_double_dash_only() {
        assert!(asks_for_help(&args(&["--help"])));
        assert!(asks_for_help(&args(&["DIR", "-h"])));
        assert!(!asks_for_help(&args(&["DIR", "--readme"])));
        assert!(!asks_for_help(&args(&[
            "--seconds",
            "5",
            "--",
            "-help=1",
            "-h"
        ])));
    }
}
