//! Running divan: the timed passes (`--repeat N` of them), the allocation
//! pass, and single short invocations for the paired rounds.
//!
//! A timed pass runs the bench binary once per dataset × codec, a filter
//! selecting that pair's rows (its `encode`, `decode`, `traverse`, `floor`
//! and native rows); a full run splits each pass into [`processes`]
//! shorter ones, so that every row is timed in several processes. Where a
//! process's memory lands is its own, picked anew by address space layout
//! randomisation (moving only the stack switched media's bitcode encode
//! between 1.0 and 1.8 µs): over ten processes each, media's msgpack
//! decode had its median between 0.79 and 1.50 µs and telemetry's
//! qdatastream decode between 305 and 547 µs. The median of one or three
//! processes then falls on either side by chance, and two runs disagree;
//! over nine the layouts are sampled, and their spread shows as the row's
//! noise. The first pass takes the pairs in the run's order; each
//! further pass shuffles them, and the order of a pair's rows turns
//! from pass to pass ([`sort_args`]), so that no row always follows the
//! same neighbour or always runs first in a fresh process (where a row
//! measured slower in one run: decode, always first by name, came out
//! slower than traverse, which decodes too). What one pass does to a row
//! (a build starting next door, a frequency step) then shows as spread
//! across passes instead of hiding in a median.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::Stdio;

use anyhow::{Context, ensure};

use super::divan::{self, Measurement};
use super::results::SizeLine;
use super::{bench_command, units};

/// How many samples a divan invocation takes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Samples {
    /// One process of a timed pass: a full run's pass takes 100 samples
    /// or 5 s per bench over its [`processes`], enough for stable medians
    /// without letting the seed-size graph take minutes per bench; a quick
    /// run takes ten samples in one process.
    Timed,
    /// Allocations, counted by divan's profiler over one iteration.
    Counted,
    /// One short round of a paired comparison.
    Round,
}

impl Samples {
    fn args(self, quick: bool) -> &'static [&'static str] {
        match (self, quick) {
            (Samples::Counted, _) => &["--sample-count", "1", "--sample-size", "1"],
            (Samples::Timed, true) => &["--sample-count", "10", "--max-time", "0.3"],
            (Samples::Timed, false) => &["--sample-count", "34", "--max-time", "1.7"],
            (Samples::Round, true) => &["--sample-count", "10", "--max-time", "0.2"],
            (Samples::Round, false) => &["--sample-count", "30", "--max-time", "1"],
        }
    }
}

/// One invocation of the bench binary.
pub(crate) struct Invocation<'a> {
    pub(crate) binary: &'a Path,
    pub(crate) quick: bool,
    pub(crate) samples: Samples,
    pub(crate) filters: &'a [String],
    /// The pass or round number, which picks the order of the rows.
    pub(crate) turn: usize,
}

impl Invocation<'_> {
    /// Runs divan, calling `finished` for each bench as its row is read;
    /// returns divan's log and what it measured.
    pub(crate) fn run(
        &self,
        mut finished: impl FnMut(&Measurement),
    ) -> anyhow::Result<(String, Vec<Measurement>)> {
        let mut command = bench_command(self.binary, self.quick);
        if self.samples == Samples::Counted {
            command.env("SERBENCH_ALLOC", "1");
        }
        command.args(sort_args(self.turn));
        // A round is one of hundreds: divan's greeting on stderr for each
        // would bury the progress lines.
        let stderr = if self.samples == Samples::Round {
            Stdio::null()
        } else {
            Stdio::inherit()
        };
        let mut child = command
            .arg("--bench")
            .args(self.samples.args(self.quick))
            .args(self.filters)
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .context("cannot run the bench binary")?;
        let stdout = child.stdout.take().context("no output")?;
        let mut log = String::new();
        let mut parser = divan::Parser::default();
        for line in BufReader::new(stdout).lines() {
            let line = line?;
            log.push_str(&line);
            log.push('\n');
            let bench = parser
                .line(&line)
                .context("unreadable divan output (is divan still the pinned version?)")?;
            if let Some(bench) = bench {
                finished(bench);
            }
        }
        ensure!(child.wait()?.success(), "the benches failed");
        Ok((log, parser.finish()?))
    }
}

/// The order divan runs an invocation's rows in, turn by turn: by name
/// (decode first), by name reversed (traverse first), by source location
/// (divan 0.1.21 puts floor first, the rows sharing one macro's location),
/// and that reversed; over three passes decode, traverse and floor each run
/// first once.
fn sort_args(turn: usize) -> [&'static str; 2] {
    match turn % 4 {
        0 => ["--sort", "name"],
        1 => ["--sortr", "name"],
        2 => ["--sort", "location"],
        _ => ["--sortr", "location"],
    }
}

/// The filter selecting one bench module's rows of one codec:
/// `codecs::[native::]<dataset>::<op>::<codec>`, `ops` a regex alternative
/// such as `[a-z]+` or `(encode|decode)`.
pub(crate) fn pair_filter(dataset: &str, ops: &str, codec: &str, native: bool) -> String {
    let native = if native { "(native::)?" } else { "" };
    format!(
        "^codecs::{native}{}::{ops}::{codec}$",
        dataset.replace('-', "_")
    )
}

/// The processes a timed pass is split into: three in a full run, one in a
/// quick run (whose ten samples would not split).
pub(crate) fn processes(quick: bool) -> usize {
    if quick { 1 } else { 3 }
}

/// The timed passes over the chosen pairs (and the sweep), `repeat` times,
/// each in [`processes`] shorter passes of its own shuffled order; every
/// process's measurements, with divan's logs.
pub(crate) fn timed(
    binary: &Path,
    quick: bool,
    groups: &[Vec<String>],
    repeat: usize,
    total: usize,
) -> anyhow::Result<(String, Vec<Measurement>)> {
    let mut log = String::new();
    let mut measurements = Vec::new();
    let mut done = 0;
    let split = processes(quick);
    let runs = repeat * split;
    eprintln!(
        "bench: timing {total} benches with divan, {repeat} pass(es) of {split} process(es) each"
    );
    for pass in 0..runs {
        let order = order(groups.len(), pass);
        for index in order {
            let (text, mut measured) = Invocation {
                binary,
                quick,
                samples: Samples::Timed,
                filters: &groups[index],
                turn: pass,
            }
            .run(|bench| {
                done += 1;
                eprintln!(
                    "bench: [{done}/{}] {} median {}",
                    total * runs,
                    bench.path.join(" "),
                    units::time(Some(bench.median_ns))
                );
            })?;
            log.push_str(&text);
            measurements.append(&mut measured);
        }
    }
    Ok((log, measurements))
}

/// The groups of a timed pass: one per verified dataset × codec, then the
/// sweep's, each a set of divan filters.
pub(crate) fn groups(sizes: &[SizeLine], sweep: bool) -> Vec<Vec<String>> {
    let mut groups: Vec<Vec<String>> = sizes
        .iter()
        .filter(|line| line.ok)
        .map(|line| vec![pair_filter(&line.dataset, "[a-z]+", &line.format, true)])
        .collect();
    if sweep {
        let mut codecs: Vec<&str> = sizes.iter().map(|l| l.format.as_str()).collect();
        codecs.sort_unstable();
        codecs.dedup();
        groups.push(vec![format!(
            "^codecs::sweep::[a-z]+::[0-9]+::({})$",
            codecs.join("|")
        )]);
    }
    groups
}

/// The order of the groups in pass `pass`: as listed in the first, a
/// shuffle seeded by the pass number in the others (reproducible, and
/// different from pass to pass).
fn order(len: usize, pass: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    if pass == 0 {
        return order;
    }
    let mut state = 0x2545_f491_4f6c_dd1d_u64 ^ (pass as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    for i in (1..len).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let j = (state % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    order
}

/// How many benches the filters select: divan's terse list, a line per
/// bench and codec (the tree `--list` prints leaves out divan's args). divan
/// offers the terse form to cargo-nextest only, which it knows by
/// `NEXTEST=1`.
pub(crate) fn list(binary: &Path, quick: bool, filters: &[String]) -> anyhow::Result<usize> {
    let output = bench_command(binary, quick)
        .env("NEXTEST", "1")
        .args(["--bench", "--list", "--format", "terse"])
        .args(filters)
        .output()?;
    ensure!(output.status.success(), "cannot list the benches");
    Ok(count_runs(&String::from_utf8(output.stdout)?))
}

/// The benches in divan's terse list.
fn count_runs(list: &str) -> usize {
    list.lines()
        .filter(|line| line.ends_with(": benchmark"))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_every_codec_of_the_terse_list() {
        let list = "codecs::media::decode::bincode: benchmark\n\
                    codecs::media::decode::simd-json: benchmark\n\
                    codecs::sweep::decode::100::json: benchmark\n";
        assert_eq!(count_runs(list), 3);
    }

    /// Splitting a full pass over processes keeps its budget: as many
    /// samples and as much time per bench as one process took before.
    #[test]
    fn a_full_pass_keeps_its_budget_over_its_processes() {
        let args = Samples::Timed.args(false);
        let value = |flag: &str| -> f64 {
            let at = args.iter().position(|arg| *arg == flag).unwrap();
            args[at + 1].parse().unwrap()
        };
        let split = processes(false) as f64;
        assert!(split > 1.0);
        assert!(value("--sample-count") * split >= 100.0);
        assert!(value("--max-time") * split >= 5.0);
        assert_eq!(
            processes(true),
            1,
            "a quick run's ten samples stay together"
        );
    }

    #[test]
    fn groups_name_codec_ids() {
        let sizes: Vec<SizeLine> = [("task-manager", "simd-json", true), ("media", "json", true)]
            .into_iter()
            .chain([("media", "xml", false)])
            .map(|(dataset, format, ok)| {
                serde_json::from_value(serde_json::json!({
                    "dataset": dataset, "format": format, "family": "JSON",
                    "library": "serde_json", "version": "1.0.145", "tuned": false,
                    "zero_copy": false, "native": false, "size": 1,
                    "size_label": "one value", "messages": 1, "ok": ok
                }))
                .unwrap()
            })
            .collect();
        assert_eq!(
            groups(&sizes, true),
            [
                vec!["^codecs::(native::)?task_manager::[a-z]+::simd-json$".to_owned()],
                vec!["^codecs::(native::)?media::[a-z]+::json$".to_owned()],
                vec!["^codecs::sweep::[a-z]+::[0-9]+::(json|simd-json|xml)$".to_owned()],
            ]
        );
        assert_eq!(
            pair_filter("task-manager", "(encode|decode)", "json", false),
            "^codecs::task_manager::(encode|decode)::json$"
        );
    }

    #[test]
    fn the_rows_order_turns() {
        let firsts: Vec<[&str; 2]> = (0..5).map(sort_args).collect();
        assert_eq!(firsts[0], ["--sort", "name"]);
        assert_eq!(firsts[1], ["--sortr", "name"]);
        assert_eq!(firsts[3], ["--sortr", "location"]);
        assert_eq!(firsts[4], firsts[0]);
    }

    #[test]
    fn passes_shuffle_the_order() {
        assert_eq!(order(5, 0), [0, 1, 2, 3, 4]);
        let (one, two) = (order(20, 1), order(20, 2));
        assert_ne!(one, two);
        assert_ne!(one, order(20, 0));
        assert_eq!(one, order(20, 1), "reproducible");
        let mut sorted = one.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, order(20, 0), "a permutation");
    }
}
