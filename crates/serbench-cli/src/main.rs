//! `serbench`: the datasets and codecs of serbench on the command line.
//!
//! Write every dataset with every codec to look at or feed to another
//! program, read a file back and answer its dataset's traverse question, or
//! convert from one codec's bytes to another's:
//!
//! ```text
//! serbench list [--json]
//! serbench dump --out dumps                      # every dataset with every codec
//! serbench check --dataset task-manager --codec cbor dumps/task-manager.cbor
//! serbench convert --dataset media --from json --to msgpack in.json out.msgpack
//! serbench measure --out measured my-document.json  # your own data, every format
//! ```
//!
//! A codec is named by its id (`json`, `json-simd`, `cbor`; `serbench
//! list`), which `--codec` takes; `--format` is an alias of it, from before
//! the flag said what it names.
//!
//! `check` prints the answer as the last line of standard output, the same
//! for every codec reading the same value, and exits 0; on any failure it
//! prints one line naming the codec, the dataset, what was wrong and where,
//! and exits 1.
//!
//! Like `cat`, every subcommand (and `--help`, `--version`) stops quietly
//! when whoever reads its standard output has gone: `serbench list --json |
//! head -c 10` exits 0 and says nothing about it. A full standard output
//! (`> /dev/full`) is an error that says so, in one line, with exit 1. A
//! standard error that cannot be written (`2>/dev/full`) loses the messages,
//! not the exit status. None of these panics.
//!
//! The codecs are those of the registry (`serbench-codecs`) this build
//! has, all by default. `list --json` prints them for programs, each with
//! its id and the wire format it writes:
//!
//! ```text
//! {"datasets": [{"name", "about", "size_unit", "default_size", "quick_size",
//!                "dump_size"}, ...],
//!  "codecs": [{"id", "wire_format", "library", "version", "tuned", "zero_copy",
//!              "detects_truncation", "native", "borrows"}, ...]}
//! ```

/// `eprintln!` that cannot panic. `eprintln!` panics when standard error
/// fails (`2>/dev/full`, a pipe whose reader has gone), and the panic's
/// own message would fail the same way, leaving exit 101 for an outcome
/// that has its own status. With nowhere left to say anything the line is
/// dropped: the exit status still tells success (0) from failure (1).
macro_rules! say {
    ($($arg:tt)*) => {{
        let _ = std::io::Write::write_fmt(&mut std::io::stderr(), format_args!("{}\n", format_args!($($arg)*)));
    }};
}

mod list;
mod measure;
mod pairs;

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Parser, Subcommand};
use serbench_codecs::Carried;

use crate::pairs::{DatasetJob, for_datasets};

#[derive(Parser)]
#[command(
    name = "serbench",
    version,
    about = "The serbench datasets with every codec"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the datasets and the codecs.
    List {
        /// Print one JSON object for programs instead of the table.
        #[arg(long)]
        json: bool,
    },
    /// Write DIR/DATASET.CODEC for each pair (all pairs by default).
    Dump {
        /// The folder to write to; created if missing.
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// A dataset to write (repeatable; default all).
        #[arg(long = "dataset", value_name = "D", value_parser = dataset_id)]
        datasets: Vec<&'static str>,
        /// A codec to write with, by id (repeatable; default all).
        #[arg(long = "codec", visible_alias = "format", value_name = "C", value_parser = codec_id)]
        codecs: Vec<&'static str>,
        /// The size of a dataset, such as `task-manager=500` (repeatable).
        /// Defaults: each dataset's dump size (`list --json`): the
        /// benchmark size, one telemetry message, the graph at 200 nodes,
        /// a few items of RSB's datasets.
        #[arg(long = "size", value_name = "D=N", value_parser = size_override)]
        sizes: Vec<(&'static str, usize)>,
        /// Write every dataset at its benchmark size (the graph's seed size is
        /// 1 870 nodes, about 3.15 million edges) instead of its dump size.
        #[arg(long)]
        full: bool,
    },
    /// Decode FILE and print the dataset's traverse answer as one line of
    /// JSON; exit 1 with one line saying what is wrong otherwise.
    Check {
        /// The dataset FILE holds.
        #[arg(long, value_name = "D", value_parser = dataset_id)]
        dataset: &'static str,
        /// The codec that wrote FILE, by id.
        #[arg(long, visible_alias = "format", value_name = "C", value_parser = codec_id)]
        codec: &'static str,
        /// The file to read.
        file: PathBuf,
    },
    /// Decode IN with one codec and write it to OUT with another.
    Convert {
        /// The dataset IN holds.
        #[arg(long, value_name = "D", value_parser = dataset_id)]
        dataset: &'static str,
        /// The codec that wrote IN, by id.
        #[arg(long, value_name = "C", value_parser = codec_id)]
        from: &'static str,
        /// The codec to write OUT with, by id.
        #[arg(long, value_name = "C", value_parser = codec_id)]
        to: &'static str,
        /// The file to read.
        input: PathBuf,
        /// The file to write.
        output: PathBuf,
    },
    /// Measure your own documents in every format: size, zstd and gzip
    /// size, encode, decode and (where the library lends) borrowed decode
    /// time, each row verified to give back exactly the document. Writes DIR/results.json and its reports
    /// (report.md, report.html, results.csv, the charts), the inferred
    /// schemas (DIR/schemas/) and each codec's encoding (DIR/encoded/).
    Measure(measure::Args),
}

/// Counts allocations, for `serbench measure`'s allocation figures; off
/// except while a figure is taken, so the timed loops do not pay for it.
#[global_allocator]
static ALLOCATOR: serbench_results::alloc::CountingAllocator =
    serbench_results::alloc::CountingAllocator;

fn main() -> ExitCode {
    serbench_results::alloc::count_by_default(false);
    let outcome = match Cli::try_parse() {
        Ok(cli) => run(cli.command),
        // Help and version go to standard output; clap's `exit` would
        // drop a failure to write them and exit 0 as if they were read.
        Err(asked) if !asked.use_stderr() => to_stdout(|| asked.print()),
        Err(usage) => usage.exit(),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        // The reader has what it wanted: nothing is wrong, as with `cat`.
        Err(error) if reader_left(&error) => ExitCode::SUCCESS,
        Err(error) => {
            say!("error: {}", one_line(&format!("{error:#}")));
            ExitCode::FAILURE
        }
    }
}

fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::List { json } => {
            if json {
                emit(&format!("{}\n", list::json()))
            } else {
                emit(&list::text())
            }
        }
        Command::Dump {
            out,
            datasets,
            codecs,
            sizes,
            full,
        } => {
            std::fs::create_dir_all(&out)
                .with_context(|| format!("cannot create {}", out.display()))?;
            let mut dump = Dump {
                out,
                datasets: or_all(datasets, list::datasets().iter().map(|d| d.name)),
                codecs: or_all(codecs, serbench_codecs::codecs().iter().map(|c| c.id)),
                sizes,
                full,
                failures: 0,
            };
            for_datasets(&dump.datasets.clone(), &mut dump)?;
            if dump.failures > 0 {
                bail!("{} file(s) could not be written", dump.failures);
            }
            Ok(())
        }
        Command::Check {
            dataset,
            codec,
            file,
        } => for_datasets(&[dataset], &mut Check { codec, file }),
        Command::Convert {
            dataset,
            from,
            to,
            input,
            output,
        } => for_datasets(
            &[dataset],
            &mut Convert {
                from,
                to,
                input,
                output,
            },
        ),
        Command::Measure(args) => measure::run(&args),
    }
}

/// Writes `text` to standard output, through [`to_stdout`].
fn emit(text: &str) -> anyhow::Result<()> {
    to_stdout(|| std::io::stdout().lock().write_all(text.as_bytes()))
}

/// Runs `write`, which writes to standard output, and flushes it: the one
/// way out for every subcommand's output and for clap's help and version.
/// Rust's `print!` panics when standard output fails, and clap drops the
/// failure; here a closed or full output comes back as an error, which
/// `main` turns into a quiet exit 0 (a broken pipe) or one line and exit 1.
fn to_stdout(write: impl FnOnce() -> std::io::Result<()>) -> anyhow::Result<()> {
    write()
        .and_then(|()| std::io::stdout().flush())
        .context("cannot write to standard output")
}

/// Whether `error` is the reader of standard output having closed it.
fn reader_left(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn or_all(chosen: Vec<&'static str>, all: impl Iterator<Item = &'static str>) -> Vec<&'static str> {
    if chosen.is_empty() {
        all.collect()
    } else {
        chosen
    }
}

fn dataset_id(name: &str) -> Result<&'static str, String> {
    let known: Vec<&'static str> = list::datasets().iter().map(|d| d.name).collect();
    known
        .iter()
        .copied()
        .find(|known| *known == name)
        .ok_or_else(|| format!("unknown dataset; one of {}", known.join(", ")))
}

fn codec_id(id: &str) -> Result<&'static str, String> {
    let known = serbench_codecs::codecs();
    known
        .iter()
        .map(|c| c.id)
        .find(|known| *known == id)
        .ok_or_else(|| {
            let ids: Vec<_> = known.iter().map(|c| c.id).collect();
            format!("unknown codec; one of {}", ids.join(", "))
        })
}

fn size_override(text: &str) -> Result<(&'static str, usize), String> {
    let (name, size) = text.split_once('=').ok_or("expected DATASET=N")?;
    let size = size
        .parse()
        .map_err(|_| format!("{size:?} is not a whole number"))?;
    Ok((dataset_id(name)?, size))
}

/// A message as one printable line, whatever the input put into it: line
/// breaks become spaces, other control characters (a terminal escape from
/// a hostile key name, say) are escaped, and a long one is cut to
/// [`LINE_BYTES`] with `error: ` before it, as a library's message or a
/// path can be any length.
fn one_line(message: &str) -> String {
    let mut line = String::with_capacity(message.len());
    for c in message.chars() {
        match c {
            '\n' | '\r' => line.push(' '),
            c if c.is_control() => line.extend(c.escape_default()),
            c => line.push(c),
        }
    }
    serbench_model::excerpt::cut(&line, LINE_BYTES - "error: ".len()).into_owned()
}

/// The longest line `serbench` writes to standard error.
const LINE_BYTES: usize = 256;

/// The largest file `check` and `convert` read: above the biggest dump (the
/// seed-size graph in XML, 176 MB = 168 MiB), and a bound on what a device or pipe
/// such as `/dev/zero` can make us hold.
const MAX_INPUT: u64 = 192 << 20;

/// Reads `path` for `codec` `dataset`, refusing more than [`MAX_INPUT`].
fn read(path: &PathBuf, codec: &str, dataset: &str) -> anyhow::Result<Vec<u8>> {
    use std::io::Read as _;

    let context = || format!("cannot read {} as {codec} {dataset}", path.display());
    let file = std::fs::File::open(path).with_context(context)?;
    let known = file
        .metadata()
        .ok()
        .filter(std::fs::Metadata::is_file)
        .map(|m| m.len());
    if known.is_some_and(|len| len > MAX_INPUT) {
        bail!(
            "{}: larger than the {} MiB serbench reads",
            context(),
            MAX_INPUT >> 20
        );
    }
    let mut bytes = Vec::with_capacity(known.unwrap_or(0) as usize);
    file.take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .with_context(context)?;
    if bytes.len() as u64 > MAX_INPUT {
        bail!(
            "{}: more than the {} MiB serbench reads",
            context(),
            MAX_INPUT >> 20
        );
    }
    Ok(bytes)
}

struct Dump {
    out: PathBuf,
    datasets: Vec<&'static str>,
    codecs: Vec<&'static str>,
    sizes: Vec<(&'static str, usize)>,
    full: bool,
    failures: usize,
}

impl Dump {
    /// The size asked for, else the dataset's dump size, or its benchmark
    /// size with `--full`.
    fn size<D: Carried>(&self) -> usize {
        if let Some(&(_, size)) = self.sizes.iter().rev().find(|(name, _)| *name == D::NAME) {
            size
        } else if self.full {
            D::DEFAULT_SIZE
        } else {
            D::DUMP_SIZE
        }
    }
}

impl DatasetJob for Dump {
    fn run<D: Carried>(&mut self) -> anyhow::Result<()> {
        let size = self.size::<D>();
        let Some(value) = D::workload(size).into_iter().next() else {
            bail!("{} at size {size} has no message to write", D::NAME);
        };
        let mut bytes = Vec::new();
        for &codec in &self.codecs {
            let path = self.out.join(format!("{}.{codec}", D::NAME));
            bytes.clear();
            match pairs::encode(codec, &value, &mut bytes) {
                Ok(()) => {
                    std::fs::write(&path, &bytes)
                        .with_context(|| format!("cannot write {}", path.display()))?;
                    say!("wrote {} ({} bytes)", path.display(), bytes.len());
                }
                Err(error) => {
                    say!("error: {error}");
                    self.failures += 1;
                }
            }
        }
        Ok(())
    }
}

struct Check {
    codec: &'static str,
    file: PathBuf,
}

impl DatasetJob for Check {
    fn run<D: Carried>(&mut self) -> anyhow::Result<()> {
        let bytes = read(&self.file, self.codec, D::NAME)?;
        let answer = pairs::traverse::<D>(self.codec, &bytes)?;
        // The note comes after the answer, so that a failure to print the
        // answer is the one line on standard error, as every failure is.
        emit(&format!("{answer}\n"))?;
        say!(
            "{}: {} {} of {} bytes read",
            self.file.display(),
            self.codec,
            D::NAME,
            bytes.len()
        );
        Ok(())
    }
}

struct Convert {
    from: &'static str,
    to: &'static str,
    input: PathBuf,
    output: PathBuf,
}

impl DatasetJob for Convert {
    fn run<D: Carried>(&mut self) -> anyhow::Result<()> {
        let value = pairs::decode::<D>(self.from, &read(&self.input, self.from, D::NAME)?)?;
        let mut bytes = Vec::new();
        pairs::encode(self.to, &value, &mut bytes)?;
        std::fs::write(&self.output, &bytes)
            .with_context(|| format!("cannot write {}", self.output.display()))?;
        say!(
            "wrote {} ({} {}, {} bytes)",
            self.output.display(),
            self.to,
            D::NAME,
            bytes.len()
        );
        Ok(())
    }
}
