//! `cargo xtask measure FILE… [OPTIONS]`: `serbench measure` built with
//! the bench profile's settings (release), its results written to
//! `target/serbench/measure/<time>/` with the run's build facts, and the
//! reports rendered there as `cargo xtask bench` renders a run's.

use std::process::Command;

use anyhow::{Context, bail, ensure};

use crate::{bench, build_serbench, report_tool, target_dir};

pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
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
    let now = time::OffsetDateTime::now_utc();
    let stamp = format!(
        "{:04}-{:02}-{:02}-{:02}-{:02}-{:02}",
        now.year(),
        u8::from(now.month()),
        now.day(),
        now.hour(),
        now.minute(),
        now.second()
    );
    let out = target_dir().join("serbench").join("measure").join(stamp);
    eprintln!("measure: building serbench (release)");
    let serbench = build_serbench()?;
    let status = Command::new(&serbench)
        .arg("measure")
        .args(args)
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
    std::fs::write(&path, serde_json::to_string_pretty(&report)? + "\n")
        .with_context(|| format!("cannot write {}", path.display()))?;
    report_tool(&[out.display().to_string()])?;
    eprintln!("measure: reports in {}", out.display());
    Ok(())
}
