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
    /// Callgrind: each verified row's encode and decode once, inside the
    /// function Callgrind counts, a JSON line per counted call on standard
    /// output, nothing written.
    #[arg(long, hide = true, conflicts_with_all = ["quick", "untimed"])]
    count: bool,
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
    // Every file is read before anything is measured, so a bad one fails
    // at once rather than after minutes of timing.
    let mut documents = Vec::new();
    for file in &args.files {
        let document = Document::read(file, args.input_format)?;
        if documents.iter().any(|d: &Document| d.name == document.name) {
            bail!(
                "two files named {:?}: their results would share a name",
                document.name
            );
        }
        documents.push(document);
    }
    if args.count {
        let mut lines = String::new();
        for document in &documents {
            serbench_measure::measure::count_instructions(document, &options, &mut |row| {
                lines.push_str(&serde_json::to_string(&row).unwrap_or_default());
                lines.push('\n');
            })
            .map_err(anyhow::Error::msg)?;
        }
        return emit(&lines);
    }
    let started = now();
    let mut records = Vec::new();
    let mut rounds = Vec::new();
    let mut summary = String::new();
    for document in &documents {
        say!(
            "measure {}: {} message(s), {} of {}",
            document.name,
            document.messages.len(),
            units::bytes(document.input_bytes as f64),
            document.format.name()
        );
        let measured = serbench_measure::measure(document, &options, &mut progress)
            .map_err(anyhow::Error::msg)?;
        write_files(&args.out, document, &measured)?;
        summary.push_str(&measured.table());
        records.extend(measured.records);
        rounds.extend(measured.rounds);
    }
    let report = serbench_measure::measure::report(
        records,
        rounds,
        started,
        args.quick,
        args.codecs.clone(),
    );
    let results = args.out.join("results.json");
    let json = serde_json::to_string_pretty(&report).context("cannot write results.json")?;
    std::fs::write(&results, json + "\n")
        .with_context(|| format!("cannot write {}", results.display()))?;
    let reports = serbench_report::files(&report).map_err(anyhow::Error::msg)?;
    for (name, text) in reports.files {
        let path = args.out.join(name);
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    say!(
        "wrote {} and report.md, report.html, results.csv beside it",
        results.display()
    );
    emit(&summary)
}

fn progress(step: Progress<'_>) {
    match step {
        Progress::Start { index, of, id } => say!("  [{index}/{of}] {id}"),
        Progress::Done(record) if record.ok => say!(
            "        {}, encode {}, decode {} per message",
            units::bytes(record.size_bytes),
            units::time(record.ns(serbench_results::Op::Encode)),
            units::time(record.ns(serbench_results::Op::Decode)),
        ),
        Progress::Done(record) => say!(
            "        not measured: {}",
            record.error.as_deref().unwrap_or("")
        ),
        Progress::Rounds { wire_format } => {
            say!("  paired rounds of the {wire_format} codecs, for the per-format verdict");
        }
    }
}

/// The schemas beside the results, and each verified row's encoding of
/// the first message, for outside readers.
fn write_files(out: &Path, document: &Document, measured: &Measured) -> anyhow::Result<()> {
    let schemas = out.join("schemas");
    let encoded = out.join("encoded");
    for dir in [&schemas, &encoded] {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    for file in &measured.schema_files {
        let path = schemas.join(&file.name);
        std::fs::write(&path, &file.text)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    for (id, bytes) in &measured.encodings {
        let path = encoded.join(format!("{}.{id}", document.name));
        std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
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
