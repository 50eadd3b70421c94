//! `serbench measure FILE…`: the user's own documents, every codec.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use serbench_measure::{Document, InputFormat, Measured, Options, Progress, UserSchemas};
use serbench_results::units;

use crate::emit;

/// The arguments of `serbench measure`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The documents: JSON (`.json`), NDJSON (`.ndjson`, `.jsonl`; a
    /// message a line), CBOR (`.cbor`) or MessagePack (`.msgpack`), at
    /// most 32 MiB each.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// The folder to write results.json, its reports, schemas/ and
    /// encoded/ to.
    #[arg(long, value_name = "DIR", default_value = "serbench-measure")]
    out: PathBuf,
    /// How the files are written, when their names do not say
    /// (json, ndjson, cbor, msgpack).
    #[arg(long, value_name = "F", value_parser = input_format)]
    input_format: Option<InputFormat>,
    /// Only this codec, by id (repeatable; default all).
    #[arg(long = "codec", value_name = "C")]
    codecs: Vec<String>,
    /// Fewer samples: 10 per operation instead of up to 100.
    #[arg(long)]
    quick: bool,
    /// Verify and size every row, time nothing.
    #[arg(long, conflicts_with = "quick")]
    untimed: bool,
    /// For `cargo xtask measure --instructions`, which runs this under
    /// Callgrind: each verified row's encode, decode and borrow once, inside the
    /// function Callgrind counts, a JSON line per counted call on standard
    /// output, nothing written.
    #[arg(long, hide = true, conflicts_with_all = ["quick", "untimed"])]
    count: bool,
    /// For `cargo xtask measure`: what this binary cannot know of its own
    /// build (compiler, profile, commit) and the counts Callgrind took, as
    /// a JSON `serbench_results::BuildFacts`, written into results.json.
    #[arg(long, hide = true, value_name = "FILE.json", conflicts_with = "count")]
    build_facts: Option<PathBuf>,
    /// Your own .proto for the Protobuf row, instead of the inferred one
    /// (with --message).
    #[arg(long, value_name = "FILE.proto", requires = "message")]
    schema: Option<PathBuf>,
    /// The message of --schema a document is.
    #[arg(long, value_name = "NAME", requires = "schema")]
    message: Option<String>,
    /// Your own Avro schema for the Avro row, instead of the inferred one.
    #[arg(long, value_name = "FILE.avsc")]
    avsc: Option<PathBuf>,
}

fn input_format(name: &str) -> Result<InputFormat, String> {
    InputFormat::parse(name).ok_or_else(|| "one of json, ndjson, cbor, msgpack".to_owned())
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    let options = Options {
        quick: args.quick,
        untimed: args.untimed,
        codecs: args.codecs.clone(),
        user: UserSchemas {
            proto: args.schema.clone().zip(args.message.clone()),
            avsc: args.avsc.clone(),
        },
    };
    // The files are measured one at a time, each read just before and
    // dropped after, so that memory is one document's whatever their
    // number. What can be known without reading them is checked first.
    if let Some(unknown) = args.codecs.iter().find(|c| {
        !serbench_measure::ROWS
            .iter()
            .any(|row| row.id == c.as_str())
    }) {
        bail!(
            "no codec {}; `serbench list` names them",
            serbench_model::excerpt::shown(unknown)
        );
    }
    let mut names: Vec<String> = Vec::new();
    for file in &args.files {
        let stem = file.file_stem().map(|stem| stem.to_string_lossy());
        let name = serbench_measure::input::safe_name(stem.as_deref().unwrap_or(""));
        if names.contains(&name) {
            bail!("two files named {name}: their results would share a name");
        }
        names.push(name);
    }
    if args.count {
        let mut lines = String::new();
        for file in &args.files {
            let document = Document::read(file, args.input_format)?;
            serbench_measure::measure::count_instructions(&document, &options, &mut |row| {
                lines.push_str(&serde_json::to_string(&row).unwrap_or_default());
                lines.push('\n');
            })
            .map_err(anyhow::Error::msg)?;
        }
        return emit(&lines);
    }
    // Read before any work, so that a bad file costs nothing.
    let facts = args.build_facts.as_deref().map(build_facts).transpose()?;
    let started = now();
    let mut records = Vec::new();
    let mut rounds = Vec::new();
    let mut summary = String::new();
    for file in &args.files {
        let document = Document::read(file, args.input_format)?;
        say!(
            "measure {}: {} message(s), {} of {}",
            document.name,
            document.messages.len(),
            units::bytes(document.input_bytes as f64),
            document.format.name()
        );
        let encoded = args.out.join("encoded");
        std::fs::create_dir_all(&encoded)
            .with_context(|| format!("cannot create {}", shown(&encoded)))?;
        let mut unwritten = Ok(());
        let measured = serbench_measure::measure(&document, &options, &mut |step| {
            if let Progress::Encoded { id, bytes } = step {
                // Written as each row is verified, so that no row's
                // encoding is held until the document is done.
                let path = encoded.join(format!("{}.{id}", document.name));
                if unwritten.is_ok() {
                    unwritten = std::fs::write(&path, bytes)
                        .with_context(|| format!("cannot write {}", shown(&path)));
                }
            }
            progress(step);
        })
        .map_err(anyhow::Error::msg)?;
        unwritten?;
        write_schemas(&args.out, &measured)?;
        summary.push_str(&measured.table());
        records.extend(measured.records);
        rounds.extend(measured.rounds);
    }
    let mut report = serbench_measure::measure::report(
        records,
        rounds,
        started,
        args.quick,
        args.codecs.clone(),
    );
    if let Some(facts) = facts {
        facts.apply(&mut report).map_err(anyhow::Error::msg)?;
    }
    let results = args.out.join("results.json");
    let json = serde_json::to_string_pretty(&report).context("cannot write results.json")?;
    std::fs::write(&results, json + "\n")
        .with_context(|| format!("cannot write {}", shown(&results)))?;
    let reports = serbench_report::files(&report).map_err(anyhow::Error::msg)?;
    for (name, text) in reports.files {
        let path = args.out.join(name);
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", shown(&path)))?;
    }
    say!(
        "wrote {} and report.md, report.html, results.csv beside it",
        shown(&results)
    );
    emit(&summary)
}

/// The facts of `--build-facts`, a small JSON file `cargo xtask measure`
/// writes.
fn build_facts(path: &Path) -> anyhow::Result<serbench_results::BuildFacts> {
    const LIMIT: u64 = 1 << 20;
    let size = std::fs::metadata(path)
        .with_context(|| format!("cannot read {}", shown(path)))?
        .len();
    if size > LIMIT {
        bail!(
            "{} is {size} bytes, past the 1 MiB of build facts",
            shown(path)
        );
    }
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", shown(path)))?;
    serde_json::from_str(&text).with_context(|| format!("{} holds no build facts", shown(path)))
}

fn progress(step: Progress<'_>) {
    match step {
        Progress::Start { index, of, id } => say!("  [{index}/{of}] {id}"),
        Progress::Done(record) if record.ok => {
            let borrow = record
                .ops
                .borrow
                .as_ref()
                .map(|_| {
                    format!(
                        ", borrow {}",
                        units::time(record.ns(serbench_results::Op::Borrow))
                    )
                })
                .unwrap_or_default();
            say!(
                "        {}, encode {}, decode {}{borrow} per message",
                units::bytes(record.size_bytes),
                units::time(record.ns(serbench_results::Op::Encode)),
                units::time(record.ns(serbench_results::Op::Decode)),
            );
        }
        Progress::Done(record) => say!(
            "        not measured: {}",
            record.error.as_deref().unwrap_or("")
        ),
        Progress::Encoded { .. } => {}
        Progress::Rounds { wire_format } => {
            say!("  paired rounds of the {wire_format} codecs, for the per-format verdict");
        }
    }
}

/// The schemas beside the results, for outside readers.
fn write_schemas(out: &Path, measured: &Measured) -> anyhow::Result<()> {
    let schemas = out.join("schemas");
    std::fs::create_dir_all(&schemas)
        .with_context(|| format!("cannot create {}", shown(&schemas)))?;
    for file in &measured.schema_files {
        let path = schemas.join(&file.name);
        std::fs::write(&path, &file.text)
            .with_context(|| format!("cannot write {}", shown(&path)))?;
    }
    Ok(())
}

/// A path as a message shows it: escaped, and cut short when long.
fn shown(path: &Path) -> String {
    serbench_model::excerpt::shown_name(&path.to_string_lossy()).to_string()
}

/// The time now, UTC, as `YYYY-MM-DD HH:MM:SS`.
fn now() -> String {
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
