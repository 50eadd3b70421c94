//! `cargo xtask bench`: every codec on every dataset, measured and reported.
//!
//! 1. builds the benches (`benches/`, the bench profile, which is the
//!    release profile; with `--lto` the `bench-lto` profile: fat LTO, one
//!    codegen unit);
//! 2. runs them in sizes mode: each pair's round trip is verified (a pair
//!    that fails is reported as failed and never timed), and its encoded,
//!    zstd and gzip sizes measured; each line also says what the xtask must
//!    not know itself: the codec's wire format, library, version and
//!    stock or tuned path, and the dataset's own label for its size;
//!    the schema-evolution matrix and the capability table are facts of
//!    the code, which `serbench-evolution`'s tests commit in
//!    `docs/results/tables.json` and `results.json` carries whole;
//! 3. looks at the machine ([`mod@load`]): if other processes are using the
//!    CPU it says so, here and in the report's header, and goes on;
//! 4. times the pairs chosen in the bench binary's timing mode, which names
//!    rows by dataset id, codec id and operation and writes each row's raw
//!    samples as a typed line as it finishes ([`timing`]): `--repeat N`
//!    timed passes, a process per dataset × codec in an order shuffled
//!    from pass to pass, a full run's pass split over three processes
//!    ([`passes`]), each row's figures and noise combined over its
//!    processes ([`stats`]); then once more counting allocations (counting
//!    slows allocation, so it is kept out of the timed passes);
//! 5. decides the report's verdicts from paired rounds ([`paired`],
//!    [`verdict`]): the codecs of each wire format against each other,
//!    and, when Qt 6 is installed, Qt's own implementations against their
//!    serbench counterparts on the same task-manager ([`qt`]); with
//!    `--compile-times` builds each codec crate from clean and measures
//!    the code each codec adds to a binary ([`compile`]);
//! 6. writes `target/serbench/<timestamp>/`: `results.json` and the timing
//!    mode's lines (`timings.jsonl`, `allocations.jsonl`). What a run
//!    measured is [`serbench_results`]' types (`results.json`'s schema is
//!    documented there);
//! 7. runs the `serbench-report` binary on that folder: `report.md`,
//!    `report.html`, `results.csv`, the SVG charts, with `--readme` the
//!    README's results, and the summary table; then copies the folder to
//!    `target/serbench/latest/`.

pub(crate) mod compile;
pub(crate) mod instructions;
mod load;
pub(crate) mod machine;
mod paired;
mod passes;
mod qt;
mod timing;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail, ensure};
use serbench_results::{
    Op, Record, Report, Run, SafetyLine, SizeLine, join, stats, units, verdict,
};

use crate::{cargo, project_root, report_tool, target_dir};
pub(crate) use instructions::{SPIN, spin};
use passes::Samples;

pub(crate) const USAGE: &str = "\
usage: cargo xtask bench [--dataset D]... [--codec C]... [--quick] [--sweep]
                         [--repeat N] [--lto] [--instructions] [--compile-times]
                         [--readme]

  --dataset D       only this dataset (repeatable)
  --codec C         only this codec, by id such as json-simd (repeatable;
                    --format is an alias)
  --quick           few samples and the graph at 200 nodes: minutes, not more
  --sweep           also the task-manager from 100 to 100 000 tasks
  --repeat N        time every row in N passes, shuffled between passes, and
                    report each row's spread across them (default 1); a
                    full run's pass times each row in three processes
  --lto             build the benches with fat LTO and one codegen unit
                    (profile bench-lto): a longer build, see docs/methodology.md
  --instructions    also count every row's instructions and estimated cycles
                    under Valgrind's Callgrind: the same on every run (needs
                    valgrind; without it the run says so and goes on)
  --compile-times   also a clean release build of each codec crate, and the
                    bytes each codec adds to a release binary (stripped and
                    not; `cargo xtask code-size` measures those alone)
  --readme          write the results into README.md and docs/results/
";

/// The command line of `cargo xtask bench`.
#[derive(Debug, Default)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "one flag per command-line switch"
)]
struct Options {
    datasets: Vec<String>,
    codecs: Vec<String>,
    quick: bool,
    sweep: bool,
    /// `--lto`: the `bench-lto` profile.
    lto: bool,
    /// `--instructions`: the instruction meter too.
    instructions: bool,
    compile_times: bool,
    readme: bool,
    /// Timed passes, at least one.
    repeat: usize,
}

impl Options {
    fn parse(args: &[String]) -> anyhow::Result<Self> {
        let mut options = Options {
            repeat: 1,
            ..Options::default()
        };
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--dataset" => options
                    .datasets
                    .push(args.next().context("--dataset needs a value")?.clone()),
                "--codec" | "--format" => options.codecs.push(
                    args.next()
                        .with_context(|| format!("{arg} needs a value"))?
                        .clone(),
                ),
                "--quick" => options.quick = true,
                "--sweep" => options.sweep = true,
                "--lto" => options.lto = true,
                "--instructions" => options.instructions = true,
                "--compile-times" => options.compile_times = true,
                "--readme" => options.readme = true,
                "--repeat" => {
                    let value = args.next().context("--repeat needs a value")?;
                    options.repeat = value.parse().ok().filter(|n| *n > 0).with_context(|| {
                        format!("--repeat {value:?}: a count of passes, 1 or more")
                    })?;
                }
                other => bail!("unknown option {other:?}\n{USAGE}"),
            }
        }
        Ok(options)
    }

    fn filters(&self) -> Vec<String> {
        let datasets = self.datasets.iter().map(|d| format!("--dataset {d}"));
        let repeat = (self.repeat > 1).then(|| format!("--repeat {}", self.repeat));
        let lto = self.lto.then(|| "--lto".to_owned());
        datasets
            .chain(self.codecs.iter().map(|c| format!("--codec {c}")))
            .chain(repeat)
            .chain(lto)
            .collect()
    }
}

/// The time now, UTC, as a run's `started` gives it:
/// `YYYY-MM-DD HH:MM:SS`.
pub(crate) fn started_now() -> String {
    let now = time::OffsetDateTime::now_utc();
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
        now.year(),
        u8::from(now.month()),
        now.day(),
        now.hour(),
        now.minute(),
        now.second()
    )
}

pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let options = Options::parse(args)?;
    let started = started_now();
    let stamp = started.replace([' ', ':'], "-");
    let out = target_dir().join("serbench").join(&stamp);
    std::fs::create_dir_all(&out)?;

    let binary = build_benches(options.lto)?;

    eprintln!("bench: checking every round trip and measuring sizes");
    let sizes = sizes(&binary, &options)?;
    for line in sizes.iter().filter(|line| !line.ok) {
        eprintln!(
            "bench: {} {} FAILED its round trip and is not timed: {}",
            line.dataset,
            line.codec,
            line.error.as_deref().unwrap_or("")
        );
    }

    let check = load::check();
    eprintln!("bench: machine check: {}", check.describe());

    let groups = passes::groups(&sizes, options.sweep);
    let total = passes::count(&binary, options.quick, &sizes, options.sweep, &Op::ALL)?;
    let (lines, mut measurements) =
        passes::timed(&binary, options.quick, &groups, options.repeat, total)?;
    write_lines(&out.join("timings.jsonl"), &lines)?;
    eprintln!("bench: counting their allocations (one iteration each)");
    let mut counted = timing::run(
        &binary,
        options.quick,
        &passes::all(&sizes),
        Samples::Counted.args(options.quick),
        |_| {},
    )?;
    write_lines(&out.join("allocations.jsonl"), &counted)?;
    let mut meter = None;
    if options.instructions {
        let (lines, pinned) = count_instructions(&binary, &sizes, &out)?;
        counted.extend(lines);
        meter = pinned;
    }
    for measurement in &mut measurements {
        let row = measurement.row.clone();
        for count in counted.iter().filter(|c| c.row == row) {
            measurement.count(count);
        }
    }

    let mut run = machine::describe(
        started,
        options.quick,
        options.lto,
        options.filters(),
        join::versions(&sizes),
    );
    run.check = Some(check);
    run.instructions = meter;
    let tables = code_tables()?;
    let mut results = Report {
        schema: serbench_results::SCHEMA,
        run,
        results: join::records(&sizes, &measurements),
        qt: Vec::new(),
        rounds: Vec::new(),
        sweep: join::sweep(&measurements),
        compile: Vec::new(),
        code_size: None,
        evolution: tables.evolution,
        capabilities: tables.capabilities,
    };
    serbench_results::join_safety(&mut results.results, &safety(&binary)?);
    let bench = paired::Bench {
        binary: &binary,
        quick: options.quick,
    };
    results.rounds = paired::formats(&bench, &results.results);
    if results
        .results
        .iter()
        .any(|r| r.dataset == qt::DATASET && r.ok)
    {
        let (measured, mut rounds) = measure_qt(&bench, &results.results);
        results.qt = measured;
        results.rounds.append(&mut rounds);
    }
    check_again(&mut results.run);
    if options.compile_times {
        let (compile, code_size) = compile::measure(&options.codecs)?;
        results.compile = compile;
        results.code_size = Some(code_size);
    }

    write(&out, &results, options.readme)
}

pub(crate) const INSTRUCTIONS_USAGE: &str = "\
usage: cargo xtask instructions [--dataset D]... [--codec C]... [--twice]

  the instruction meter alone: every row's instructions and estimated cycles
  under Valgrind's Callgrind, printed as a table (per message) and written to
  target/serbench/instructions/; every dataset at its quick size, as
  `cargo xtask bench --instructions` counts it (--quick is accepted and
  changes nothing)

  --dataset D, --codec C   as `cargo xtask bench` takes them
  --twice   count everything twice, the second time beside a CPU-bound
            process, and fail unless every row's instructions agree within
            0.5 %
";

/// `cargo xtask instructions`: the instruction meter without the clock.
pub(crate) fn instructions_task(args: &[String]) -> anyhow::Result<()> {
    let twice = args.iter().any(|arg| arg == "--twice");
    let rest: Vec<String> = args.iter().filter(|a| *a != "--twice").cloned().collect();
    // The meter counts at the quick sizes whether or not `--quick` is given.
    let options = Options {
        quick: true,
        ..Options::parse(&rest)?
    };
    ensure!(
        !(options.sweep || options.lto || options.compile_times || options.readme)
            && options.repeat == 1,
        "cargo xtask instructions takes --dataset, --codec and --twice\n{INSTRUCTIONS_USAGE}"
    );
    let valgrind = instructions::valgrind().map_err(|why| anyhow::anyhow!("{why}"))?;
    let out = target_dir().join("serbench").join("instructions");
    std::fs::create_dir_all(&out)?;
    let binary = build_benches(false)?;
    let sizes = sizes(&binary, &options)?;
    let count = |name: &str| -> anyhow::Result<Vec<serbench_results::timing::TimingLine>> {
        eprintln!("instructions: counting under {valgrind} ({name})");
        let mut lines = instructions::count(&binary, &sizes, &|line| {
            eprintln!(
                "instructions: {} {}",
                timing::describe(&line.row),
                line.counts.unwrap_or_default().instructions
            );
        })?;
        lines.sort_by(|a, b| a.row.cmp(&b.row));
        write_lines(&out.join(format!("{name}.jsonl")), &lines)?;
        Ok(lines)
    };
    let first = count("first")?;
    print!("{}", instructions::table(&first, &sizes));
    if twice {
        let burner = instructions::Burner::start()?;
        let second = count("second, beside a CPU-bound process")?;
        drop(burner);
        let (differ, largest) = instructions::disagreements(&first, &second, 0.005);
        println!(
            "two counts of {} rows, the second beside a CPU-bound process: the largest \
             difference {:.4} %",
            first.len(),
            largest * 100.0
        );
        ensure!(
            differ.is_empty(),
            "{} rows differ by more than 0.5 %:\n{}",
            differ.len(),
            differ.join("\n")
        );
    }
    Ok(())
}

/// The instruction meter's pass ([`instructions`]), its lines written to
/// `out/instructions.jsonl`, and what the header says of it; nothing, and
/// a note, without Valgrind.
fn count_instructions(
    binary: &Path,
    sizes: &[SizeLine],
    out: &Path,
) -> anyhow::Result<(Vec<serbench_results::timing::TimingLine>, Option<String>)> {
    let valgrind = match instructions::valgrind() {
        Ok(version) => version,
        Err(why) => {
            eprintln!("bench: instructions not counted: {why}; the clock alone measures this run");
            return Ok((Vec::new(), None));
        }
    };
    let total = passes::count(binary, true, sizes, false, &instructions::OPS)?;
    eprintln!("bench: counting instructions under {valgrind} (one iteration per row)");
    let done = std::sync::atomic::AtomicUsize::new(0);
    let lines = instructions::count(binary, sizes, &|line| {
        let done = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        let counts = line.counts.unwrap_or_default();
        eprintln!(
            "bench: [{done}/{total}] {} {} instructions",
            timing::describe(&line.row),
            counts.instructions
        );
    })?;
    let _ = std::fs::remove_dir_all(instructions::scratch());
    write_lines(&out.join("instructions.jsonl"), &lines)?;
    Ok((lines, Some(instructions::pinned(&valgrind))))
}

/// Writes the run's `results.json` into `out`, has `serbench-report`
/// write the reports beside it (and with `readme` the README's results),
/// and copies the folder to `latest/`.
fn write(out: &Path, results: &Report, readme: bool) -> anyhow::Result<()> {
    std::fs::write(
        out.join("results.json"),
        serde_json::to_string_pretty(results)?,
    )?;
    let mut report = vec![out.display().to_string(), "--summary".to_owned()];
    if readme {
        report.extend(["--readme".to_owned(), project_root().display().to_string()]);
    }
    report_tool(&report).with_context(|| {
        format!(
            "the run is measured, but its reports are not written; once fixed, \
             `cargo xtask report {}` writes them",
            out.display()
        )
    })?;
    let latest = target_dir().join("serbench").join("latest");
    let _ = std::fs::remove_dir_all(&latest);
    copy_dir(out, &latest)?;
    eprintln!("bench: wrote {} (and latest/)", out.display());
    Ok(())
}

/// The machine check again, after the last timed round: what arrived
/// during the run, and whether the machine's speed moved.
fn check_again(run: &mut Run) {
    run.check_after = Some(load::check());
    if let Some((label, line)) = run.checks().pop() {
        eprintln!("bench: {}: {line}", label.to_lowercase());
    }
}

/// Builds the bench binary, in the `bench-lto` profile with `lto`, and
/// returns its path. By `--bench`, not `--package`, so that cargo resolves
/// the workspace's features and the bench profile shares its dependencies
/// with the release build of `serbench`.
fn build_benches(lto: bool) -> anyhow::Result<PathBuf> {
    let profile = if lto {
        "bench-lto, fat LTO"
    } else {
        "bench, release"
    };
    eprintln!("bench: building the benches (profile {profile})");
    let output = cargo()
        .args([
            "bench",
            "--bench",
            "codecs",
            "--no-run",
            "--message-format=json-render-diagnostics",
        ])
        .args(if lto {
            &["--profile", "bench-lto"][..]
        } else {
            &[]
        })
        .current_dir(project_root())
        .stderr(Stdio::inherit())
        .output()
        .context("cannot run cargo bench")?;
    ensure!(output.status.success(), "building the benches failed");
    String::from_utf8(output.stdout)?
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|message| message["target"]["name"] == "codecs")
        .find_map(|message| message["executable"].as_str().map(PathBuf::from))
        .context("cargo did not name the bench executable")
}

/// Writes the timing mode's lines as it wrote them, one JSON line each.
fn write_lines(path: &Path, lines: &[serbench_results::timing::TimingLine]) -> anyhow::Result<()> {
    let mut text = String::new();
    for line in lines {
        text.push_str(&serde_json::to_string(line)?);
        text.push('\n');
    }
    std::fs::write(path, text)?;
    Ok(())
}

fn bench_command(binary: &Path, quick: bool) -> Command {
    let mut command = Command::new(binary);
    command.current_dir(project_root());
    if quick {
        command.env("SERBENCH_QUICK", "1");
    }
    command
}

/// The schema-evolution matrix and the capability table: facts of the
/// code, not of the machine, so always all of them, from the file
/// `serbench-evolution`'s tests compute and hold.
fn code_tables() -> anyhow::Result<serbench_results::CodeTables> {
    let path = project_root().join(serbench_results::CODE_TABLES);
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    serde_json::from_str(&text).with_context(|| {
        format!(
            "{} is unreadable; `cargo test -p serbench-evolution` writes it again",
            path.display()
        )
    })
}

/// The sizes report, restricted to the chosen datasets and codecs.
fn sizes(binary: &Path, options: &Options) -> anyhow::Result<Vec<SizeLine>> {
    let output = bench_command(binary, options.quick)
        .env("SERBENCH_MODE", "sizes")
        .stderr(Stdio::inherit())
        .output()
        .context("cannot run the bench binary")?;
    ensure!(output.status.success(), "the sizes report failed");
    let lines: Vec<SizeLine> = String::from_utf8(output.stdout)?
        .lines()
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()
        .context("unreadable sizes report")?;
    for (chosen, known) in [
        (
            &options.datasets,
            lines.iter().map(|l| &l.dataset).collect::<Vec<_>>(),
        ),
        (&options.codecs, lines.iter().map(|l| &l.codec).collect()),
    ] {
        if let Some(unknown) = chosen.iter().find(|c| !known.contains(c)) {
            bail!("unknown dataset or codec {unknown:?}");
        }
    }
    Ok(lines
        .into_iter()
        .filter(|l| options.datasets.is_empty() || options.datasets.contains(&l.dataset))
        .filter(|l| options.codecs.is_empty() || options.codecs.contains(&l.codec))
        .collect())
}

/// The safety pass: the kit's memory checks on every pair, a line each
/// (seconds: the kit's samples are small whatever the run's size).
fn safety(binary: &Path) -> anyhow::Result<Vec<SafetyLine>> {
    eprintln!("bench: the conformance kit's memory checks, as figures (damaged and dense input)");
    let output = bench_command(binary, true)
        .env("SERBENCH_MODE", "safety")
        .stderr(Stdio::inherit())
        .output()
        .context("cannot run the bench binary")?;
    ensure!(output.status.success(), "the safety pass failed");
    String::from_utf8(output.stdout)?
        .lines()
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()
        .context("unreadable safety report")
}

/// Qt's implementations in paired rounds with serbench's, when Qt 6 is
/// installed; nothing (and a note) otherwise.
fn measure_qt(
    bench: &paired::Bench<'_>,
    records: &[Record],
) -> (Vec<qt::Measured>, Vec<verdict::Rounds>) {
    let attempt = || -> anyhow::Result<(Vec<qt::Measured>, Vec<verdict::Rounds>)> {
        let dumps = target_dir().join("serbench").join("qt");
        std::fs::create_dir_all(&dumps)?;
        let json = dumps.join(format!("{}.json", qt::DATASET));
        // Qt's program first: without Qt 6 there is nothing to time, and no
        // reason to build `serbench` for the dump it would read.
        let program = qt::Program::build(&dumps, json)?;
        let status = Command::new(crate::build_serbench()?)
            .args(["dump", "--dataset", qt::DATASET, "--codec", "json", "--out"])
            .arg(&dumps)
            .current_dir(project_root())
            .status()?;
        ensure!(status.success(), "cannot dump the task-manager");
        paired::qt(bench, &program, records)
    };
    eprintln!("bench: timing Qt's implementations on the same task-manager, in rounds with ours");
    attempt().unwrap_or_else(|error| {
        eprintln!("bench: Qt 6 not measured ({error:#}); the report gives the reference figures");
        (Vec::new(), Vec::new())
    })
}

fn copy_dir(from: &Path, to: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let path = entry?.path();
        if let Some(name) = path.file_name() {
            std::fs::copy(&path, to.join(name))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options() {
        let args: Vec<String> = ["--quick", "--dataset", "media", "--codec", "json"]
            .map(String::from)
            .into();
        let options = Options::parse(&args).unwrap();
        assert!(options.quick && !options.sweep);
        assert_eq!(options.repeat, 1);
        assert_eq!(options.filters(), ["--dataset media", "--codec json"]);
        // `--format`, the flag's old name, is an alias the filters spell
        // as `--codec`.
        let alias: Vec<String> = ["--codec", "json", "--format", "cbor"]
            .map(String::from)
            .into();
        let options = Options::parse(&alias).unwrap();
        assert_eq!(options.codecs, ["json", "cbor"]);
        assert_eq!(options.filters(), ["--codec json", "--codec cbor"]);
        assert!(Options::parse(&["--format".to_owned()]).is_err());
        let repeated = Options::parse(&["--repeat".to_owned(), "3".to_owned()]).unwrap();
        assert_eq!(repeated.repeat, 3);
        assert_eq!(repeated.filters(), ["--repeat 3"]);
        assert!(Options::parse(&["--repeat".to_owned(), "0".to_owned()]).is_err());
        assert!(Options::parse(&["--fast".to_owned()]).is_err());
        assert!(Options::parse(&["--dataset".to_owned()]).is_err());
    }
}
