//! The timed passes (`--repeat N` of them) and the allocation pass, in the
//! bench binary's timing mode ([`timing`]).
//!
//! A timed pass runs the bench binary once per dataset × codec, naming
//! that pair's rows (its `encode`, `decode`, `traverse`, `floor` and native
//! rows); a full run splits each pass into [`processes`]
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
//! from pass to pass ([`turned`]), so that no row always follows the
//! same neighbour or always runs first in a fresh process (where a row
//! measured slower in one run: decode, always first by name, came out
//! slower than traverse, which decodes too). What one pass does to a row
//! (a build starting next door, a frequency step) then shows as spread
//! across passes instead of hiding in a median.

use std::path::Path;

use serbench_results::Op;
use serbench_results::SizeLine;
use serbench_results::timing::{Measurement, TimingLine};

use super::timing::{self, Rows};
use super::units;

/// How many samples one process of the timing mode takes of a row.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Samples {
    /// One process of a timed pass: a full run's pass takes 100 samples
    /// or 5 s per row over its [`processes`], enough for stable medians
    /// without letting the seed-size graph take minutes per row; a quick
    /// run takes ten samples in one process.
    Timed,
    /// Allocations, counted over one iteration.
    Counted,
    /// One short round of a paired comparison.
    Round,
}

impl Samples {
    /// The timing mode's arguments: the sample counts and times xtask gave
    /// divan's `--sample-count` and `--max-time` before the timing mode
    /// took over, so that figures stay comparable.
    pub(crate) fn args(self, quick: bool) -> &'static [&'static str] {
        match (self, quick) {
            (Samples::Counted, _) => &["--alloc"],
            (Samples::Timed, true) => &["--sample-count", "10", "--sample-time", "0.3"],
            (Samples::Timed, false) => &["--sample-count", "34", "--sample-time", "1.7"],
            (Samples::Round, true) => &["--sample-count", "10", "--sample-time", "0.2"],
            (Samples::Round, false) => &["--sample-count", "30", "--sample-time", "1"],
        }
    }
}

/// The operations of a pair in the order the first pass times them.
const OPS: [Op; 9] = [
    Op::Decode,
    Op::Traverse,
    Op::Floor,
    Op::Borrow,
    Op::Clone,
    Op::Lend,
    Op::Encode,
    Op::Build,
    Op::Write,
];

/// The order of a process's operations in pass or round `turn`: each turn
/// puts the next one first (decode, traverse, floor, encode, …), the others
/// following in order in even turns and reversed in odd ones, so that over
/// three passes decode, traverse and floor each run first once and no row
/// always follows the same neighbour.
pub(crate) fn turned(ops: &[Op], turn: usize) -> Vec<Op> {
    if ops.is_empty() {
        return Vec::new();
    }
    let first = turn % ops.len();
    let mut rest: Vec<Op> = ops
        .iter()
        .enumerate()
        .filter(|(index, _)| *index != first)
        .map(|(_, op)| *op)
        .collect();
    if turn % 2 == 1 {
        rest.reverse();
    }
    std::iter::once(ops[first]).chain(rest).collect()
}

/// The processes a timed pass is split into: three in a full run, one in a
/// quick run (whose ten samples would not split).
pub(crate) fn processes(quick: bool) -> usize {
    if quick { 1 } else { 3 }
}

/// The timed passes over the chosen pairs (and the sweep), `repeat` times,
/// each in [`processes`] shorter passes of its own shuffled order; every
/// process's measurements, and every line the processes wrote.
pub(crate) fn timed(
    binary: &Path,
    quick: bool,
    groups: &[Rows],
    repeat: usize,
    total: usize,
) -> anyhow::Result<(Vec<TimingLine>, Vec<Measurement>)> {
    let mut lines = Vec::new();
    let mut done = 0;
    let split = processes(quick);
    let runs = repeat * split;
    eprintln!("bench: timing {total} rows, {repeat} pass(es) of {split} process(es) each");
    for pass in 0..runs {
        for index in order(groups.len(), pass) {
            let group = &groups[index];
            let rows = Rows {
                ops: turned(&group.ops, pass),
                ..group.clone()
            };
            let sampling = Samples::Timed.args(quick);
            let mut measured = timing::run(binary, quick, &rows, sampling, |line| {
                done += 1;
                let median = super::stats::median(&line.samples_ns);
                eprintln!(
                    "bench: [{done}/{}] {} median {}",
                    total * runs,
                    timing::describe(&line.row),
                    units::time(median)
                );
            })?;
            lines.append(&mut measured);
        }
    }
    let measurements = lines
        .iter()
        .cloned()
        .filter_map(Measurement::timed)
        .collect();
    Ok((lines, measurements))
}

/// The groups of a timed pass, a process each: one per verified dataset ×
/// codec (all its operations), then the sweep's.
pub(crate) fn groups(sizes: &[SizeLine], sweep: bool) -> Vec<Rows> {
    let mut groups = pairs(sizes, &OPS);
    if sweep {
        groups.push(Rows {
            codecs: codecs(sizes),
            ops: vec![Op::Encode, Op::Decode],
            sweep: true,
            ..Rows::default()
        });
    }
    groups
}

/// A group per verified dataset × codec, each with the operations `ops`:
/// a process each, in the timed passes and under the instruction meter.
pub(crate) fn pairs(sizes: &[SizeLine], ops: &[Op]) -> Vec<Rows> {
    sizes
        .iter()
        .filter(|line| line.ok)
        .map(|line| Rows {
            datasets: vec![line.dataset.clone()],
            codecs: vec![line.codec.clone()],
            ops: ops.to_vec(),
            sweep: false,
        })
        .collect()
}

/// Every verified pair's rows in one process (the allocation pass): the
/// datasets and codecs of the run, the pairs that failed their round trip
/// left out by the bench binary, which checks every pair before timing it.
pub(crate) fn all(sizes: &[SizeLine]) -> Rows {
    let mut datasets: Vec<String> = Vec::new();
    for line in sizes.iter().filter(|line| line.ok) {
        if !datasets.contains(&line.dataset) {
            datasets.push(line.dataset.clone());
        }
    }
    Rows {
        datasets,
        codecs: codecs(sizes),
        ops: Op::ALL.to_vec(),
        sweep: false,
    }
}

/// The run's codecs that passed a round trip, in the run's order.
fn codecs(sizes: &[SizeLine]) -> Vec<String> {
    let mut codecs: Vec<String> = Vec::new();
    for line in sizes.iter().filter(|line| line.ok) {
        if !codecs.contains(&line.codec) {
            codecs.push(line.codec.clone());
        }
    }
    codecs
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

/// How many rows of `ops` a pass measures: the bench binary's list of the
/// run's rows (it knows which codecs have native rows), those of verified
/// pairs.
pub(crate) fn count(
    binary: &Path,
    quick: bool,
    sizes: &[SizeLine],
    sweep: bool,
    ops: &[Op],
) -> anyhow::Result<usize> {
    let rows = Rows {
        sweep,
        ops: ops.to_vec(),
        ..all(sizes)
    };
    let listed = timing::list(binary, quick, &rows)?;
    let verified = |dataset: &str, codec: &str| {
        sizes
            .iter()
            .any(|line| line.ok && line.dataset == dataset && line.codec == codec)
    };
    Ok(listed
        .iter()
        .filter(|row| row.tasks.is_some() || verified(&row.dataset, &row.codec))
        .count())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Splitting a full pass over processes keeps its budget: as many
    /// samples and as much time per row as one process took before.
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
        assert!(value("--sample-time") * split >= 5.0);
        assert_eq!(
            processes(true),
            1,
            "a quick run's ten samples stay together"
        );
    }

    fn sizes() -> Vec<SizeLine> {
        [("task-manager", "simd-json", true), ("media", "json", true)]
            .into_iter()
            .chain([("media", "xml", false)])
            .map(|(dataset, codec, ok)| {
                serde_json::from_value(serde_json::json!({
                    "dataset": dataset, "codec": codec, "wire_format": "JSON",
                    "library": "serde_json", "version": "1.0.145", "tuned": false,
                    "zero_copy": false, "native": false, "size": 1,
                    "size_label": "one value", "messages": 1, "ok": ok
                }))
                .unwrap()
            })
            .collect()
    }

    #[test]
    fn groups_name_ids() {
        let groups = groups(&sizes(), true);
        assert_eq!(groups.len(), 3);
        assert_eq!(groups[0].datasets, ["task-manager"]);
        assert_eq!(groups[0].codecs, ["simd-json"]);
        assert_eq!(groups[0].ops, OPS);
        assert_eq!(
            (groups[1].datasets[0].as_str(), groups[1].codecs[0].as_str()),
            ("media", "json")
        );
        assert!(groups[2].sweep && groups[2].datasets.is_empty());
        assert_eq!(groups[2].codecs, ["simd-json", "json"]);
        let all = all(&sizes());
        assert_eq!(all.datasets, ["task-manager", "media"]);
        assert_eq!(all.codecs, ["simd-json", "json"]);
        assert!(!all.sweep);
    }

    #[test]
    fn the_rows_order_turns() {
        let firsts: Vec<Op> = (0..4).map(|turn| turned(&OPS, turn)[0]).collect();
        assert_eq!(firsts, [Op::Decode, Op::Traverse, Op::Floor, Op::Borrow]);
        assert_eq!(turned(&OPS, 0), OPS);
        assert_eq!(
            turned(&OPS, 1),
            [
                Op::Traverse,
                Op::Write,
                Op::Build,
                Op::Encode,
                Op::Lend,
                Op::Clone,
                Op::Borrow,
                Op::Floor,
                Op::Decode
            ]
        );
        assert_eq!(turned(&OPS, 18), OPS);
        let pair = [Op::Encode, Op::Decode];
        assert_eq!(turned(&pair, 1), [Op::Decode, Op::Encode]);
        assert_eq!(turned(&pair, 2), pair);
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
