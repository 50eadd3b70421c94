//! The instruction meter: every row once more, under Callgrind, for a cost
//! that does not depend on the machine's load or clock.
//!
//! The bench binary's timing mode counts a row with `--instructions`: one
//! untimed iteration, then one inside `serbench_benches::counted`, the only
//! function Callgrind is told to count (`--toggle-collect`), which writes
//! its counts each time it returns (`--dump-after`); the binary reads each
//! dump and prints the row's line with its counts. What would move a count
//! from run to run is pinned: the build (the bench profile of this
//! commit), the allocator (the system's, as the timed passes use), the
//! input (the seeded workloads, every dataset at its quick size), the
//! iterations (one warm, one counted) and the simulated caches
//! ([`CACHES`], not the host's, which Callgrind would read otherwise).
//! One Valgrind process per dataset × codec, as many at once as the
//! machine has cores: counts do not depend on what runs beside them,
//! which is the point.
//!
//! Why the quick sizes: they are the full sizes for every dataset but the
//! graph, whose full 1 870 nodes make a row of billions of instructions;
//! under Callgrind a graph group took over ten minutes per codec, hours
//! for the dataset, while at 200 nodes it takes seconds. A full run's
//! counts are then a quick run's, so CI's count checks the published
//! rows, and the reports name the size the graph was counted at.
//!
//! Why Callgrind through its command line rather than gungraun: gungraun
//! runs benchmarks it defines itself (its own harness and macros, a runner
//! binary of the library's exact version), while the rows here are the
//! timing mode's, whose bodies the clock already runs; one function to
//! count and Valgrind's own options keep the two meters on the same code,
//! with nothing to install but Valgrind.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail};
use serbench_results::timing::{Counts, TimingLine};
use serbench_results::{Op, SizeLine};

use super::timing::{self, Rows};

/// The caches Callgrind simulates, the same on every machine: 32 KiB
/// 8-way first-level instruction and data caches and an 8 MiB 16-way last
/// level, 64-byte lines (a common x86-64 desktop of recent years).
pub(crate) const CACHES: [&str; 3] = ["--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64"];

/// The operations counted: every one but the floor, a `memcpy`, which is
/// the machine's limit rather than a codec's cost.
pub(crate) const OPS: [Op; 8] = [
    Op::Encode,
    Op::Decode,
    Op::Traverse,
    Op::Build,
    Op::Write,
    Op::Borrow,
    Op::Clone,
    Op::Lend,
];

/// What the report's header says of the meter: the tool and what is
/// pinned so that its counts repeat.
pub(crate) fn pinned(valgrind: &str) -> String {
    format!(
        "counted by {valgrind}'s Callgrind: one iteration per row after one warm-up \
         iteration, in the build above, with the system allocator and the seeded workloads at \
         each dataset's quick size (named where it is not the size timed); \
         simulated caches (I1 and D1 32 KiB 8-way, LL 8 MiB 16-way, 64-byte lines), not \
         this machine's; estimated cycles = first-level hits + 5 × last-level hits + 35 × \
         memory accesses"
    )
}

/// Valgrind's version line, or `None` (and why) when it cannot be run.
pub(crate) fn valgrind() -> Result<String, String> {
    match Command::new("valgrind").arg("--version").output() {
        Ok(output) if output.status.success() => {
            Ok(String::from_utf8_lossy(&output.stdout).trim().to_owned())
        }
        Ok(output) => Err(format!(
            "`valgrind --version` failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        )),
        Err(error) => Err(format!(
            "Valgrind is not installed ({error}; Debian and Ubuntu: apt install valgrind)"
        )),
    }
}

/// Where Callgrind writes its dumps while they are read: the same folder
/// for every run. The bench binary under Callgrind is given a file in it
/// (`SERBENCH_CALLGRIND_OUT`) and holds that path in memory, so a path of
/// another length moves the addresses of what it allocates after, and
/// with them the instructions of code whose path depends on alignment
/// (memcpy, SIMD parsers, hash tables' probes): counts of a full run's
/// timestamped folder and of `cargo xtask instructions`'s differed by up
/// to 12 % on a few rows while each repeated exactly.
pub(crate) fn scratch() -> PathBuf {
    crate::target_dir().join("serbench").join("callgrind")
}

/// Counts every row of the verified pairs of `sizes`, a Valgrind process
/// per dataset × codec, as many at once as the machine has cores;
/// `finished` is called with each line, its counts read, as it arrives.
/// The lines come in no set order. Callgrind's dumps pass through
/// [`scratch`].
pub(crate) fn count(
    binary: &Path,
    sizes: &[SizeLine],
    finished: &(dyn Fn(&TimingLine) + Sync),
) -> anyhow::Result<Vec<TimingLine>> {
    let scratch = &scratch();
    std::fs::create_dir_all(scratch)?;
    let groups = super::passes::pairs(sizes, &OPS);
    let workers = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(groups.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<anyhow::Result<Vec<TimingLine>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut lines = Vec::new();
                    loop {
                        let at = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(group) = groups.get(at) else {
                            return Ok(lines);
                        };
                        lines.append(&mut count_group(binary, group, scratch, finished)?);
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|_| bail!("a counting thread panicked"))
            })
            .collect()
    });
    let mut lines = Vec::new();
    for result in results {
        lines.append(&mut result?);
    }
    Ok(lines)
}

/// One Valgrind process: the rows of `group`, each line given the counts
/// of the dump its row's counted call wrote (the `N`th line, `out.N`).
fn count_group(
    binary: &Path,
    group: &Rows,
    scratch: &Path,
    finished: &(dyn Fn(&TimingLine) + Sync),
) -> anyhow::Result<Vec<TimingLine>> {
    let name = format!("callgrind.{}.{}", group.datasets[0], group.codecs[0]);
    let out = scratch.join(&name);
    let log = scratch.join(format!("{name}.log"));
    let mut read = 0;
    let mut problem = None;
    let mut counts = Vec::new();
    let counted = timing::run_command(
        callgrind(binary, &out, &log),
        group,
        &["--instructions"],
        |line| {
            read += 1;
            let dump = PathBuf::from(format!("{}.{read}", out.display()));
            match std::fs::read_to_string(&dump)
                .map_err(|error| format!("no Callgrind dump {} ({error})", dump.display()))
                .and_then(|text| Counts::from_callgrind(&text))
            {
                Ok(found) => {
                    let _ = std::fs::remove_file(&dump);
                    counts.push(found);
                    finished(&TimingLine {
                        counts: Some(found),
                        ..line.clone()
                    });
                }
                Err(why) => {
                    problem.get_or_insert(why);
                }
            }
        },
    );
    // Valgrind's own messages (its notes on the host's caches, which the
    // pinned ones replace) go to the log, shown only when the count failed.
    let said = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_file(&log);
    let context = || {
        format!(
            "counting {} {} under Callgrind; Valgrind said:\n{said}",
            group.datasets[0], group.codecs[0]
        )
    };
    let mut lines = counted.with_context(context)?;
    if let Some(problem) = problem {
        return Err(anyhow::anyhow!(problem)).with_context(context);
    }
    for (line, found) in lines.iter_mut().zip(counts) {
        line.counts = Some(found);
    }
    Ok(lines)
}

/// The bench binary under Callgrind, counting only inside
/// `serbench_benches::counted` and writing a dump to `out.N` after its
/// `N`th call; every dataset at its quick size ([`pinned`] says why).
fn callgrind(binary: &Path, out: &Path, log: &Path) -> Command {
    let mut command = counting(
        super::bench_command(Path::new("valgrind"), true),
        "serbench_benches::counted",
        out,
        log,
    );
    command.arg(binary).env("SERBENCH_CALLGRIND_OUT", out);
    command
}

/// `valgrind` (a command the caller has set up) told to run Callgrind
/// with the pinned [`CACHES`], to count only inside the function
/// `counted` and to write a dump to `out.N` after its `N`th call, its own
/// messages to `log`; the program and its arguments follow.
pub(crate) fn counting(mut valgrind: Command, counted: &str, out: &Path, log: &Path) -> Command {
    valgrind
        .args(["--quiet", "--tool=callgrind", "--cache-sim=yes"])
        .args(CACHES)
        .args([
            "--collect-atstart=no".to_owned(),
            format!("--toggle-collect={counted}"),
            format!("--dump-after={counted}"),
        ])
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg(format!("--log-file={}", log.display()))
        .stdin(Stdio::null());
    valgrind
}

/// The table `cargo xtask instructions` prints: per dataset and operation,
/// the codecs from the fewest instructions per message up, each with its
/// estimated cycles and its ratio to the first.
pub(crate) fn table(lines: &[TimingLine], sizes: &[SizeLine]) -> String {
    let messages = |line: &TimingLine| {
        sizes
            .iter()
            .find(|s| s.dataset == line.row.dataset && s.codec == line.row.codec)
            .map_or(1, |s| s.messages)
    };
    let mut rows: Vec<(&TimingLine, f64, f64)> = lines
        .iter()
        .filter_map(|line| {
            let (instructions, cycles) = line.counts?.per_message(messages(line));
            Some((line, instructions, cycles))
        })
        .collect();
    rows.sort_by(|a, b| {
        (&a.0.row.dataset, a.0.row.op)
            .cmp(&(&b.0.row.dataset, b.0.row.op))
            .then(a.1.total_cmp(&b.1))
    });
    let mut text = format!(
        "{:<14} {:<9} {:<20} {:>15} {:>15} {:>8}\n",
        "dataset", "op", "codec", "instructions", "est. cycles", "ratio"
    );
    let mut best = 0.0;
    let mut group = None;
    for (line, instructions, cycles) in rows {
        let key = (&line.row.dataset, line.row.op);
        if group != Some(key) {
            group = Some(key);
            best = instructions;
        }
        let _ = writeln!(
            text,
            "{:<14} {:<9} {:<20} {:>15} {:>15} {:>7.2}×",
            line.row.dataset,
            line.row.op.name(),
            line.row.codec,
            super::units::instructions(Some(instructions)),
            super::units::instructions(Some(cycles)),
            instructions / best.max(1e-9)
        );
    }
    text
}

/// The hidden task that [`Burner`] runs: spins on a core until killed.
pub(crate) const SPIN: &str = "__spin";

/// Spins forever: a CPU-bound process for the second count of `--twice`.
pub(crate) fn spin() -> ! {
    let mut state = 1_u64;
    loop {
        state = std::hint::black_box(state.wrapping_mul(6_364_136_223_846_793_005) + 1);
    }
}

/// A CPU-bound process while alive ([`SPIN`]), killed when dropped: it
/// competes with the count for the cores (the clock would feel it), and
/// the count must not.
pub(crate) struct Burner(std::process::Child);

impl Burner {
    pub(crate) fn start() -> anyhow::Result<Burner> {
        // Its own binary: gone when xtask was rebuilt while this ran.
        let child = Command::new(std::env::current_exe()?)
            .arg(SPIN)
            .stdin(Stdio::null())
            .spawn()
            .context(
                "cannot start the CPU-bound process (xtask's own binary; was it rebuilt while \
                 this count ran?)",
            )?;
        eprintln!("instructions: a CPU-bound process runs beside this count");
        Ok(Burner(child))
    }
}

impl Drop for Burner {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Rows whose instructions differ between two counts of the same build by
/// more than `tolerance` (0.005 is 0.5 %), and the largest difference
/// seen; a row counted in one run only is a difference too.
pub(crate) fn disagreements(
    first: &[TimingLine],
    second: &[TimingLine],
    tolerance: f64,
) -> (Vec<String>, f64) {
    let instructions = |line: &TimingLine| line.counts.map(|c| c.instructions as f64);
    let mut differ = Vec::new();
    let mut largest = 0.0_f64;
    for line in first {
        let Some(again) = second.iter().find(|other| other.row == line.row) else {
            differ.push(format!("{}: counted once", timing::describe(&line.row)));
            continue;
        };
        let (Some(a), Some(b)) = (instructions(line), instructions(again)) else {
            differ.push(format!("{}: no count", timing::describe(&line.row)));
            continue;
        };
        let difference = (b - a).abs() / a.max(1.0);
        largest = largest.max(difference);
        if difference > tolerance {
            differ.push(format!(
                "{}: {a} then {b} instructions ({:+.3} %)",
                timing::describe(&line.row),
                (b / a.max(1.0) - 1.0) * 100.0
            ));
        }
    }
    for line in second {
        if !first.iter().any(|other| other.row == line.row) {
            differ.push(format!("{}: counted once", timing::describe(&line.row)));
        }
    }
    (differ, largest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(codec: &str, instructions: u64) -> TimingLine {
        serde_json::from_value(serde_json::json!({
            "dataset": "media", "codec": codec, "op": "decode", "iterations": 1,
            "samples_ns": [], "counts": {"instructions": instructions, "data_reads": 0,
            "data_writes": 0, "l1_misses": 0, "ll_misses": 0}
        }))
        .unwrap()
    }

    #[test]
    fn two_counts_agree_within_the_tolerance() {
        let first = [line("json", 100_000), line("cbor", 50_000)];
        let same = [line("cbor", 50_000), line("json", 100_400)];
        let (differ, largest) = disagreements(&first, &same, 0.005);
        assert!(differ.is_empty(), "{differ:?}");
        assert!((largest - 0.004).abs() < 1e-9);

        let moved = [line("json", 101_000), line("cbor", 50_000)];
        let (differ, _) = disagreements(&first, &moved, 0.005);
        assert_eq!(differ.len(), 1);
        assert!(differ[0].starts_with("media decode json: 100000 then 101000"));

        let missing = [line("json", 100_000)];
        let (differ, _) = disagreements(&first, &missing, 0.005);
        assert_eq!(differ, ["media decode cbor: counted once"]);
    }

    #[test]
    fn callgrind_counts_one_function_with_pinned_caches() {
        let command = callgrind(
            Path::new("/b/codecs"),
            Path::new("/s/callgrind.media"),
            Path::new("/s/callgrind.log"),
        );
        let args: Vec<String> = command
            .get_args()
            .map(|arg| arg.to_string_lossy().into_owned())
            .collect();
        assert!(args.contains(&"--dump-after=serbench_benches::counted".to_owned()));
        assert!(args.contains(&"--LL=8388608,16,64".to_owned()));
        assert_eq!(args.last().map(String::as_str), Some("/b/codecs"));
        assert_eq!(command.get_program(), "valgrind");
        // Every dataset at its quick size, in a full run too.
        assert!(
            command
                .get_envs()
                .any(|(name, value)| name == "SERBENCH_QUICK" && value == Some("1".as_ref()))
        );
    }
}
