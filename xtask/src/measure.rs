//! `cargo xtask measure FILE… [--instructions] [OPTIONS]`: `serbench
//! measure` built with the bench profile's settings (release), its results
//! written to `target/serbench/measure/<time>/` with the run's build facts,
//! and the reports rendered there as `cargo xtask bench` renders a run's.
//! `--instructions` also counts every verified row's encode and decode
//! under Callgrind, as the benchmark's meter does (`bench::instructions`:
//! the same simulated caches and scratch folder), in one Valgrind process
//! running `serbench measure --count`; without Valgrind it says so and the
//! clock's figures stand alone.

use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::{Context, bail, ensure};
use serbench_results::timing::{Counts, Row};
use serbench_results::{Op, Report};

use crate::bench::instructions;
use crate::{bench, build_serbench, report_tool, target_dir};

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
    let out = target_dir().join("serbench").join("measure").join(stamp);
    eprintln!("measure: building serbench (release)");
    let serbench = build_serbench()?;
    let status = Command::new(&serbench)
        .arg("measure")
        .args(&args)
        .arg("--out")
        .arg(&out)
        .status()
        .context("cannot run serbench")?;
    ensure!(status.success(), "serbench measure failed ({status})");

    // What serbench cannot know of its own build: the compiler, the
    // commit, the profile's settings.
    let path = out.join("results.json");
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let mut report: serbench_results::Report = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a results.json", path.display()))?;
    let run = &report.run;
    report.run = bench::machine::describe(
        run.started.clone(),
        run.quick,
        false,
        run.filters.clone(),
        run.versions.clone(),
    );
    if counting {
        match instructions::valgrind() {
            Ok(valgrind) => {
                eprintln!("measure: counting instructions under Callgrind");
                count(&serbench, &args, &mut report)?;
                report.run.instructions = Some(instructions::pinned(&valgrind));
            }
            Err(why) => eprintln!("measure: no instruction counts: {why}"),
        }
    }
    std::fs::write(&path, serde_json::to_string_pretty(&report)? + "\n")
        .with_context(|| format!("cannot write {}", path.display()))?;
    report_tool(&[out.display().to_string()])?;
    eprintln!("measure: reports in {}", out.display());
    Ok(())
}

/// Counts every verified row's encode and decode under Callgrind (one
/// Valgrind process, `serbench measure --count`), and adds the counts per
/// message to the report's records.
fn count(serbench: &Path, args: &[String], report: &mut Report) -> anyhow::Result<()> {
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
    for (n, line) in String::from_utf8(output.stdout)?.lines().enumerate() {
        let row: Row = serde_json::from_str(line).context("an unreadable counted row")?;
        let dump = format!("{}.{}", out.display(), n + 1);
        let text =
            std::fs::read_to_string(&dump).with_context(|| format!("no Callgrind dump {dump}"))?;
        let _ = std::fs::remove_file(&dump);
        let counts = Counts::from_callgrind(&text).map_err(anyhow::Error::msg)?;
        let record = report
            .results
            .iter_mut()
            .find(|r| r.dataset == row.dataset && r.codec == row.codec)
            .with_context(|| format!("no record of {} {}", row.dataset, row.codec))?;
        let messages = record.messages.max(1) as f64;
        let op = match row.op {
            Op::Encode => &mut record.ops.encode,
            Op::Decode => &mut record.ops.decode,
            other => bail!("serbench measure counted {}", other.name()),
        };
        if let Some(stats) = op {
            stats.instructions = Some(counts.instructions as f64 / messages);
            stats.estimated_cycles = Some(counts.estimated_cycles() as f64 / messages);
        }
    }
    Ok(())
}
