//! `SERBENCH_MODE=time`: the rows `cargo xtask bench` asks for, timed here
//! and written as typed lines ([`TimingLine`], one JSON line per row, as
//! soon as it is done).
//!
//! ```text
//! SERBENCH_MODE=time codecs --dataset media --codec json --op decode --op encode \
//!     --sample-count 10 --sample-time 0.3
//! ```
//!
//! - `--dataset D`, `--codec C`, `--op O` (each repeatable, ids as the
//!   reports spell them): every dataset × codec × operation, in the order
//!   given; an operation a codec lacks (`build` and `write` of a codec
//!   without generated types) and a pair whose round trip fails are left
//!   out without a line.
//! - `--sweep`: also the sweep's rows, the task-manager at each size of
//!   `SWEEP_TASKS`, for the codecs and the `encode`/`decode` operations
//!   given.
//! - `--sample-count N` (default 100) and `--sample-time S` (seconds,
//!   default 5): at most this many samples, and no new sample once a row
//!   has been timed this long.
//! - `--alloc`: count instead of time: one iteration under the conformance
//!   kit's counting allocator, its blocks, bytes and peak bytes live.
//! - `--instructions`: count instead of time: one iteration under
//!   Callgrind ([`serbench_benches::count_instructions`]), whose dump xtask
//!   reads; the line carries no figure. The warm-up is one iteration
//!   rather than a time, so that the counted one starts from the same
//!   state on every run, and the pairs are only encoded, not verified
//!   again (xtask names only pairs its sizes pass verified).
//! - `--list`: the rows, one [`Row`] line each, without timing anything.
//!
//! # Sampling, as divan does it
//!
//! The figures must stay comparable with those divan took before (the
//! same `--sample-count` and `--max-time` xtask gave divan are given here),
//! so each row is sampled as divan 0.1.21 samples a `bench_local` body, by
//! [`serbench_results::sampling`], which `serbench measure` shares: a
//! warm-up, iterations per sample doubled until a sample is long against
//! the timer's precision, then samples until the count or the time.

use std::io::Write as _;
use std::time::Duration;

use divan::black_box;
use serbench_codecs::{Carried, DatasetVisitor};
use serbench_model::{Borrowing, Dataset, TaskManager};
use serbench_results::sampling::warm_up;
use serbench_results::timing::{Allocations, Row, TimingLine};
use serbench_results::{Op, sampling};

use crate::{
    Borrow, Build, CloneFloor, Decode, Encode, Floor, LendFloor, SWEEP_TASKS, SweepDecode,
    SweepEncode, Timer, Traverse, Write,
};

/// What the command line asks for.
#[derive(Debug)]
struct Options {
    datasets: Vec<String>,
    codecs: Vec<String>,
    ops: Vec<Op>,
    sweep: bool,
    list: bool,
    sampling: Sampling,
}

/// How a row is measured.
#[derive(Clone, Copy, Debug)]
struct Sampling {
    samples: usize,
    time: Duration,
    alloc: bool,
    instructions: bool,
}

impl Options {
    fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
        let mut options = Options {
            datasets: Vec::new(),
            codecs: Vec::new(),
            ops: Vec::new(),
            sweep: false,
            list: false,
            sampling: Sampling {
                samples: 100,
                time: Duration::from_secs(5),
                alloc: false,
                instructions: false,
            },
        };
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value"));
            match arg.as_str() {
                "--dataset" => options.datasets.push(value()?),
                "--codec" => options.codecs.push(value()?),
                "--op" => {
                    let name = value()?;
                    let op = Op::parse(&name).ok_or_else(|| format!("no operation {name:?}"))?;
                    options.ops.push(op);
                }
                "--sample-count" => {
                    let count = value()?;
                    options.sampling.samples = count
                        .parse()
                        .ok()
                        .filter(|n| *n > 0)
                        .ok_or_else(|| format!("--sample-count {count:?}: 1 or more"))?;
                }
                "--sample-time" => {
                    let seconds = value()?;
                    options.sampling.time = seconds
                        .parse()
                        .ok()
                        .and_then(|s| Duration::try_from_secs_f64(s).ok())
                        .ok_or_else(|| format!("--sample-time {seconds:?}: seconds"))?;
                }
                "--sweep" => options.sweep = true,
                "--alloc" => options.sampling.alloc = true,
                "--instructions" => options.sampling.instructions = true,
                "--list" => options.list = true,
                other => return Err(format!("unknown option {other:?}")),
            }
        }
        for codec in &options.codecs {
            if serbench_codecs::codec(codec).is_none() {
                return Err(format!("no codec {codec:?}"));
            }
        }
        Ok(options)
    }
}

/// The mode's entry: the rows of the command line, a line each on stdout.
pub(crate) fn main() {
    let options = match Options::parse(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(problem) => {
            eprintln!("SERBENCH_MODE=time: {problem}");
            std::process::exit(2);
        }
    };
    if options.sampling.alloc {
        crate::count_allocations(true);
    }
    if options.sampling.instructions {
        serbench_benches::verified_elsewhere();
    }
    let mut stdout = std::io::stdout().lock();
    if let Err(problem) = run(&options, &mut |line| {
        writeln!(stdout, "{line}").map_err(|error| error.to_string())
    }) {
        eprintln!("SERBENCH_MODE=time: {problem}");
        std::process::exit(1);
    }
}

/// Where each row's line goes, as JSON.
type Out<'a> = dyn FnMut(String) -> Result<(), String> + 'a;

/// Times (or lists) every row the options name, handing each line to `out`
/// as soon as its row is done.
fn run(options: &Options, out: &mut Out<'_>) -> Result<(), String> {
    for dataset in &options.datasets {
        let mut rows = DatasetRows {
            dataset,
            options,
            out: &mut *out,
            found: false,
            result: Ok(()),
        };
        serbench_codecs::visit_datasets(&mut rows);
        if !rows.found {
            return Err(format!("no dataset {dataset:?}"));
        }
        rows.result?;
    }
    if options.sweep {
        for op in &options.ops {
            for tasks in SWEEP_TASKS {
                for codec in &options.codecs {
                    let row = Row {
                        dataset: TaskManager::NAME.to_owned(),
                        codec: codec.clone(),
                        op: *op,
                        tasks: Some(tasks as u64),
                    };
                    emit(row, sweep_row(options, codec, *op, tasks), out)?;
                }
            }
        }
    }
    Ok(())
}

/// The rows of the dataset named `dataset`, run when the registry's visit
/// reaches its type.
struct DatasetRows<'a, 'b> {
    dataset: &'a str,
    options: &'a Options,
    out: &'a mut Out<'b>,
    found: bool,
    result: Result<(), String>,
}

impl DatasetVisitor for DatasetRows<'_, '_> {
    fn dataset<D: Carried>(&mut self) {
        if D::NAME != self.dataset {
            return;
        }
        self.found = true;
        for codec in &self.options.codecs {
            for op in &self.options.ops {
                let row = Row {
                    dataset: D::NAME.to_owned(),
                    codec: codec.clone(),
                    op: *op,
                    tasks: None,
                };
                let info = serbench_codecs::codec(codec);
                if self.options.list {
                    let exists = match op {
                        Op::Build | Op::Write => info.is_some_and(|i| i.native),
                        Op::Borrow | Op::Lend => info.is_some_and(|i| i.borrow == Borrowing::Lends),
                        _ => true,
                    };
                    if exists {
                        self.result = emit_row(&row, self.out);
                    }
                } else {
                    let measured = dataset_row::<D>(self.options.sampling, codec, *op);
                    self.result = emit(row, measured, self.out);
                }
                if self.result.is_err() {
                    return;
                }
            }
        }
    }
}

/// Runs one row of `D`: the same job divan's bench of the row runs.
fn dataset_row<D: Carried>(sampling: Sampling, codec: &str, op: Op) -> Option<Measured> {
    let mut sampler = Sampler::new(sampling);
    let timer = &mut sampler;
    match op {
        Op::Encode => serbench_codecs::run::<D, _>(codec, Encode(timer)),
        Op::Decode => serbench_codecs::run::<D, _>(codec, Decode(timer)),
        Op::Traverse => serbench_codecs::run::<D, _>(codec, Traverse(timer)),
        Op::Floor => serbench_codecs::run::<D, _>(codec, Floor(timer)),
        Op::Build => serbench_codecs::run_native::<D, _>(codec, Build(timer)),
        Op::Write => serbench_codecs::run_native::<D, _>(codec, Write(timer)),
        Op::Borrow => serbench_codecs::run::<D, _>(codec, Borrow(timer)),
        Op::Clone => serbench_codecs::run::<D, _>(codec, CloneFloor(timer)),
        Op::Lend => serbench_codecs::run::<D, _>(codec, LendFloor(timer)),
    };
    sampler.measured
}

/// Runs one sweep row: `encode` or `decode` of the task-manager at `tasks`.
fn sweep_row(options: &Options, codec: &str, op: Op, tasks: usize) -> Option<Measured> {
    if options.list {
        return matches!(op, Op::Encode | Op::Decode).then_some(Measured::Listed);
    }
    let mut sampler = Sampler::new(options.sampling);
    let timer = &mut sampler;
    match op {
        Op::Encode => serbench_codecs::run::<TaskManager, _>(codec, SweepEncode { tasks, timer }),
        Op::Decode => serbench_codecs::run::<TaskManager, _>(codec, SweepDecode { tasks, timer }),
        _ => None,
    };
    sampler.measured
}

/// Writes a row's line, if it was measured.
fn emit(row: Row, measured: Option<Measured>, out: &mut Out<'_>) -> Result<(), String> {
    let line = match measured {
        None => return Ok(()),
        Some(Measured::Listed) => return emit_row(&row, out),
        Some(Measured::Samples {
            iterations,
            samples_ns,
        }) => TimingLine {
            row,
            iterations,
            samples_ns,
            alloc: None,
            counts: None,
        },
        Some(Measured::Counted(alloc)) => TimingLine {
            row,
            iterations: 1,
            samples_ns: Vec::new(),
            alloc: Some(alloc),
            counts: None,
        },
        Some(Measured::Instructions(counted)) => {
            counted?;
            TimingLine {
                row,
                iterations: 1,
                samples_ns: Vec::new(),
                alloc: None,
                counts: None,
            }
        }
    };
    out(serde_json::to_string(&line).map_err(|error| error.to_string())?)
}

fn emit_row(row: &Row, out: &mut Out<'_>) -> Result<(), String> {
    out(serde_json::to_string(row).map_err(|error| error.to_string())?)
}

/// What a sampler took of its row.
#[derive(Debug)]
enum Measured {
    Samples {
        iterations: u64,
        samples_ns: Vec<f64>,
    },
    Counted(Allocations),
    /// `--instructions`: counted by Callgrind, or why it could not be.
    Instructions(Result<(), String>),
    /// `--list`: the row exists.
    Listed,
}

/// The timing mode's [`Timer`]: samples a row as divan does (see the
/// module's docs) and keeps what it measured.
struct Sampler {
    sampling: Sampling,
    measured: Option<Measured>,
}

impl Sampler {
    fn new(sampling: Sampling) -> Sampler {
        Sampler {
            sampling,
            measured: None,
        }
    }
}

impl Timer for &mut Sampler {
    fn time<O>(self, _bytes: usize, body: &mut dyn FnMut() -> O) {
        if self.sampling.instructions {
            black_box(body());
            let counted = serbench_benches::count_instructions(&mut || {
                black_box(body());
            });
            self.measured = Some(Measured::Instructions(counted));
            return;
        }
        warm_up(body);
        self.measured = Some(if self.sampling.alloc {
            let (output, tally) = serbench_testkit::tally(|| black_box(body()));
            drop(output);
            Measured::Counted(Allocations::from(tally))
        } else {
            sample(self.sampling, body)
        });
    }
}

/// Samples `body` (the module's steps 2 to 4), as `serbench measure` does.
fn sample<O>(sampling: Sampling, body: &mut dyn FnMut() -> O) -> Measured {
    let (iterations, samples_ns) = sampling::sample(sampling.samples, sampling.time, body);
    Measured::Samples {
        iterations,
        samples_ns,
    }
}

/// The test run's check of this mode (`cargo test --bench codecs`): one
/// small row timed and counted through the same path xtask drives, its
/// lines read back as the typed values xtask reads.
pub(crate) fn test() {
    let args = |extra: &[&str]| {
        let base = [
            "--dataset",
            serbench_model::MediaContent::NAME,
            "--codec",
            "json",
            "--op",
            "decode",
            "--op",
            "build",
            "--sample-count",
            "3",
            "--sample-time",
            "0.05",
        ];
        Options::parse(base.iter().chain(extra).map(|arg| (*arg).to_owned()))
            .expect("the test's options parse")
    };
    let lines = |options: &Options| {
        let mut lines = Vec::new();
        run(options, &mut |line| {
            lines.push(line);
            Ok(())
        })
        .expect("the test's row runs");
        lines
    };

    let timed = lines(&args(&[]));
    assert_eq!(timed.len(), 1, "json has no build row: {timed:?}");
    let line: TimingLine = serde_json::from_str(&timed[0]).expect("a timing line");
    assert_eq!((line.row.codec.as_str(), line.row.op), ("json", Op::Decode));
    assert!(!line.samples_ns.is_empty() && line.samples_ns.len() <= 3);
    assert!(line.samples_ns.iter().all(|ns| *ns > 0.0) && line.iterations >= 1);

    crate::count_allocations(true);
    let counted = lines(&args(&["--alloc"]));
    crate::count_allocations(false);
    let line: TimingLine = serde_json::from_str(&counted[0]).expect("an allocation line");
    let alloc = line.alloc.expect("counted");
    assert!(
        alloc.allocs > 0 && alloc.bytes > 0 && alloc.peak_bytes > 0,
        "{alloc:?}"
    );

    let mut refused = Vec::new();
    let outside = run(&args(&["--instructions"]), &mut |line| {
        refused.push(line);
        Ok(())
    });
    let problem = outside.expect_err("no Callgrind here");
    assert!(problem.contains("cargo xtask bench"), "{problem}");
    assert!(refused.is_empty(), "{refused:?}");

    let listed = lines(&args(&["--list"]));
    let row: Row = serde_json::from_str(&listed[0]).expect("a row line");
    assert_eq!(row, line.row);
    assert!(Options::parse(["--codec".to_owned(), "jsn".to_owned()]).is_err());
    eprintln!("timing mode: media json decode timed, counted and listed");
}
