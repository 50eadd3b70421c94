//! `cargo xtask measure FILE… [--instructions] [OPTIONS]`: `serbench
//! measure` built with the bench profile's settings (release), its results
//! and reports written to `target/serbench/measure/<time>/` with the run's
//! build facts, which it is handed (`--build-facts`), so that it writes
//! results.json once.
//! `--instructions` also counts every verified row's encode and decode
//! under Callgrind, as the benchmark's meter does (`bench::instructions`:
//! the same simulated caches and scratch folder), in one Valgrind process
//! running `serbench measure --count`; without Valgrind it says so and the
//! clock's figures stand alone.

use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::{Context, bail, ensure};
use serbench_results::Counted;
use serbench_results::timing::{Counts, Row};

use crate::bench::instructions;
use crate::{bench, build_serbench, target_dir};

pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let counting = args.iter().any(|arg| arg == "--instructions");
    let args: Vec<String> = args
        .iter()
        .filter(|arg| *arg != "--instructions")
        .cloned()
        .collect();
    if args.is_empty() {
        bail!(
            "usage: cargo xtask measure FILE... [serbench measure's options]; see `serbench measure --help`"
        );
    }
    if args
        .iter()
        .any(|arg| arg == "--out" || arg.starts_with("--out="))
    {
        bail!(
            "cargo xtask measure writes to target/serbench/measure/<time>/; \
             `serbench measure --out DIR` writes elsewhere"
        );
    }
    let stamp = bench::started_now().replace([' ', ':'], "-");
    let runs = target_dir().join("serbench").join("measure");
    let out = runs.join(&stamp);
    eprintln!("measure: building serbench (release)");
    let serbench = build_serbench()?;

    // What serbench cannot know of its own build (the compiler, the commit,
    // the profile's settings) and, first, what Callgrind counts: serbench
    // writes them into the one results.json it writes.
    let mut facts = bench::machine::build_facts();
    if counting {
        match instructions::valgrind() {
            Ok(valgrind) => {
                eprintln!("measure: counting instructions under Callgrind");
                facts.counts = count(&serbench, &args)?;
                facts.instructions = Some(instructions::pinned(&valgrind));
            }
            Err(why) => eprintln!("measure: no instruction counts: {why}"),
        }
    }
    std::fs::create_dir_all(&runs)?;
    let facts_path = runs.join(format!("{stamp}.build-facts.json"));
    std::fs::write(&facts_path, serde_json::to_string(&facts)?)
        .with_context(|| format!("cannot write {}", facts_path.display()))?;
    let status = Command::new(&serbench)
        .arg("measure")
        .args(&args)
        .arg("--out")
        .arg(&out)
        .arg("--build-facts")
        .arg(&facts_path)
        .status()
        .context("cannot run serbench");
    let _ = std::fs::remove_file(&facts_path);
    let status = status?;
    ensure!(status.success(), "serbench measure failed ({status})");
    eprintln!("measure: reports in {}", out.display());
    Ok(())
}

/// Counts every verified row's encode and decode under Callgrind (one
/// Valgrind process, `serbench measure --count`): a count per row, over
/// its whole workload.
fn count(serbench: &Path, args: &[String]) -> anyhow::Result<Vec<Counted>> {
    let scratch = instructions::scratch();
    std::fs::create_dir_all(&scratch)?;
    let out = scratch.join("callgrind.measure");
    let log = scratch.join("callgrind.measure.log");
    let output = instructions::counting(
        Command::new("valgrind"),
        "serbench_measure::measure::counted",
        &out,
        &log,
    )
    .arg(serbench)
    .arg("measure")
    .arg("--count")
    .args(
        args.iter()
            .filter(|arg| *arg != "--quick" && *arg != "--untimed"),
    )
    .stderr(Stdio::inherit())
    .output()
    .context("cannot run valgrind")?;
    let said = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_file(&log);
    ensure!(
        output.status.success(),
        "serbench measure --count under Callgrind failed ({}); Valgrind said:\n{said}",
        output.status
    );
    let mut counted = Vec::new();
    for (n, line) in String::from_utf8(output.stdout)?.lines().enumerate() {
        let row: Row = serde_json::from_str(line).context("an unreadable counted row")?;
        let dump = format!("{}.{}", out.display(), n + 1);
        let text =
            std::fs::read_to_string(&dump).with_context(|| format!("no Callgrind dump {dump}"))?;
        let _ = std::fs::remove_file(&dump);
        let counts = Counts::from_callgrind(&text).map_err(anyhow::Error::msg)?;
        counted.push(Counted { row, counts });
    }
    Ok(counted)
}
