//! The measurement: every row built for a document, verified, sized and
//! timed, into the records `results.json` keeps.
//!
//! Each row is measured as the benchmark measures a pair: its round trip is
//! verified first (every message decodes to exactly the value it came
//! from) and only then is it sized and timed; a row that cannot carry the
//! document, or gives back something else, is reported failed with the
//! reason and never timed. Sizes are the whole workload's encodings, also
//! compressed with zstd (level 3) and gzip (level 6); `encode` writes every
//! message into a reused buffer, `decode` reads every message into an
//! owned [`Value`], dropped inside the timed loop. Sampling is the
//! benchmark's ([`serbench_results::sampling`]).

use std::hint::black_box;
use std::io::Write as _;
use std::time::Duration;

use serbench_results::timing::{Measurement, Row as TimedRow, TimingLine};
use serbench_results::verdict::Side;
use serbench_results::{Op, Record, Report, Rounds, Run, SizeLine, join, sampling, stats};

use crate::codec::{Build, Codec, Context, Row, SchemaFile, UserSchemas};
use crate::input::Document;
use crate::schema::Schema;
use crate::value::Value;

/// How much to measure.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Fewer samples (10 per operation, at most 0.3 s each) instead of up
    /// to 100 in at most 3 s.
    pub quick: bool,
    /// Verify and size every row, time none: what tests and a first look
    /// need.
    pub untimed: bool,
    /// Only these rows, by id; all when empty.
    pub codecs: Vec<String>,
    /// The user's own schemas, instead of the inferred ones.
    pub user: UserSchemas,
}

impl Options {
    fn sampling(&self) -> (usize, Duration) {
        if self.quick {
            (10, Duration::from_millis(300))
        } else {
            (100, Duration::from_secs(3))
        }
    }
}

/// What measuring a document gave.
#[derive(Debug)]
pub struct Measured {
    /// The records, as `results.json` has them, a row each (failed rows
    /// with their reason).
    pub records: Vec<Record>,
    /// The schema inferred from the document.
    pub schema: Schema,
    /// The schema files the schema formats wrote with.
    pub schema_files: Vec<SchemaFile>,
    /// Each verified row's encoding of the first message, by row id, for
    /// outside readers to decode.
    pub encodings: Vec<(String, Vec<u8>)>,
    /// The paired rounds of each wire format with several verified rows,
    /// behind the per-format verdicts (none when untimed).
    pub rounds: Vec<Rounds>,
}

/// One step of the work, for a progress line.
#[derive(Clone, Copy, Debug)]
pub enum Progress<'a> {
    /// Row `index` of `of` is about to be measured.
    Start {
        /// Its position, from 1.
        index: usize,
        /// How many rows there are.
        of: usize,
        /// Its id.
        id: &'a str,
    },
    /// It was measured: its record.
    Done(&'a Record),
    /// The paired rounds of a wire format's codecs are about to run.
    Rounds {
        /// The wire format.
        wire_format: &'a str,
    },
}

/// Measures `document` over every row [`Options::codecs`] names.
pub fn measure(
    document: &Document,
    options: &Options,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Measured, String> {
    let rows = chosen(options)?;
    let schema = Schema::infer(&document.messages, &document.name);
    let context = Context {
        name: &document.name,
        messages: &document.messages,
        schema: &schema,
        user: &options.user,
    };
    let mut measured = Measured {
        records: Vec::new(),
        schema: schema.clone(),
        schema_files: Vec::new(),
        encodings: Vec::new(),
        rounds: Vec::new(),
    };
    let mut ready = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        progress(Progress::Start {
            index: index + 1,
            of: rows.len(),
            id: row.id,
        });
        let (record, verified) = measure_row(row, &context, document, options, &mut measured);
        progress(Progress::Done(&record));
        measured.records.push(record);
        ready.extend(verified.map(|v| (**row, v)));
    }
    if !options.untimed {
        measured.rounds = paired(&ready, document, options, progress);
    }
    Ok(measured)
}

/// The row's codec built for the document, its round trip verified.
fn prepare(row: &Row, context: &Context<'_>) -> Result<Verified, String> {
    let codec = match row.build {
        Build::Unavailable(why) => return Err(why.to_owned()),
        Build::From(build) => build(context)?,
    };
    let encodings = verify(codec.as_ref(), context.messages)?;
    Ok(Verified { codec, encodings })
}

/// The one function the instruction meter counts (`cargo xtask measure
/// --instructions` runs serbench under Callgrind told to count only inside
/// it and to write its counts each time it returns), as the benchmark's
/// `serbench_benches::counted` is for its rows: not generic, never
/// inlined, the body through a trait object.
#[inline(never)]
pub fn counted(body: &mut dyn FnMut()) {
    body();
}

/// Runs every verified row's encode and decode once untimed, then once
/// inside [`counted`], and hands `done` each row as its counted call
/// returns: under Callgrind, the `N`th row's counts are in the `N`th dump.
pub fn count_instructions(
    document: &Document,
    options: &Options,
    done: &mut dyn FnMut(TimedRow),
) -> Result<(), String> {
    let rows = chosen(options)?;
    let schema = Schema::infer(&document.messages, &document.name);
    let context = Context {
        name: &document.name,
        messages: &document.messages,
        schema: &schema,
        user: &options.user,
    };
    for row in rows {
        let Ok(verified) = prepare(row, &context) else {
            continue;
        };
        for op in [Op::Encode, Op::Decode] {
            let mut body: Box<dyn FnMut() + '_> = match op {
                Op::Encode => Box::new(verified.encode(&document.messages)),
                _ => Box::new(verified.decode()),
            };
            body();
            counted(&mut body);
            done(TimedRow {
                dataset: document.name.clone(),
                codec: row.id.to_owned(),
                op,
                tasks: None,
            });
        }
    }
    Ok(())
}

/// The rows `options.codecs` names, all when it names none; an unknown
/// id is an error listing the known ones.
fn chosen(options: &Options) -> Result<Vec<&'static Row>, String> {
    if let Some(unknown) = options
        .codecs
        .iter()
        .find(|c| !crate::ROWS.iter().any(|row| row.id == c.as_str()))
    {
        let ids: Vec<&str> = crate::ROWS.iter().map(|row| row.id).collect();
        return Err(format!(
            "no codec {unknown:?}; the codecs are {}",
            ids.join(", ")
        ));
    }
    Ok(crate::ROWS
        .iter()
        .filter(|row| options.codecs.is_empty() || options.codecs.iter().any(|c| c == row.id))
        .collect())
}

/// A row whose round trip is verified: its codec and its encodings.
struct Verified {
    codec: Box<dyn Codec>,
    encodings: Vec<Vec<u8>>,
}

impl Verified {
    /// The workload's encode: every message into a reused buffer.
    fn encode<'a>(&'a self, messages: &'a [Value]) -> impl FnMut() + 'a {
        let mut buffers: Vec<Vec<u8>> = self
            .encodings
            .iter()
            .map(|e| Vec::with_capacity(e.len()))
            .collect();
        move || {
            for (message, out) in messages.iter().zip(&mut buffers) {
                out.clear();
                let _ = black_box(self.codec.encode(black_box(message), out));
            }
        }
    }

    /// The workload's decode: every message into an owned value, dropped.
    fn decode(&self) -> impl FnMut() + '_ {
        move || {
            for bytes in &self.encodings {
                drop(black_box(self.codec.decode(black_box(bytes))));
            }
        }
    }
}

/// Rounds per paired comparison, as the benchmark runs them.
fn round_count(quick: bool) -> usize {
    if quick { 3 } else { 5 }
}

/// The paired rounds of every wire format with several verified rows: in
/// each round every codec of the format times its encode and decode
/// briefly, the order rotating from round to round, so that the verdict
/// compares figures taken moments apart (the benchmark's per-format
/// verdict, in one process).
fn paired(
    ready: &[(Row, Verified)],
    document: &Document,
    options: &Options,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Vec<Rounds> {
    let mut formats: Vec<&str> = Vec::new();
    for (row, _) in ready {
        let several = ready
            .iter()
            .filter(|(r, _)| r.wire_format == row.wire_format)
            .count()
            > 1;
        if several && !formats.contains(&row.wire_format) {
            formats.push(row.wire_format);
        }
    }
    let (count, time) = if options.quick {
        (10, Duration::from_millis(200))
    } else {
        (30, Duration::from_secs(1))
    };
    let messages = document.messages.len().max(1) as f64;
    let mut all = Vec::new();
    for format in formats {
        progress(Progress::Rounds {
            wire_format: format,
        });
        let codecs: Vec<&(Row, Verified)> = ready
            .iter()
            .filter(|(r, _)| r.wire_format == format)
            .collect();
        let side = |(row, _): &&(Row, Verified)| Side {
            id: row.id.to_owned(),
            ns: Vec::new(),
        };
        let mut encode: Vec<Side> = codecs.iter().map(side).collect();
        let mut decode = encode.clone();
        for round in 0..round_count(options.quick) {
            for offset in 0..codecs.len() {
                let index = (round + offset) % codecs.len();
                let (_, verified) = codecs[index];
                let median = |body: &mut dyn FnMut()| {
                    sampling::warm_up(body);
                    let (_, samples) = sampling::sample(count, time, body);
                    stats::median(&samples).unwrap_or(f64::NAN) / messages
                };
                encode[index]
                    .ns
                    .push(median(&mut verified.encode(&document.messages)));
                decode[index].ns.push(median(&mut verified.decode()));
            }
        }
        for (op, sides) in [("encode", encode), ("decode", decode)] {
            all.push(Rounds {
                dataset: document.name.clone(),
                op: op.to_owned(),
                sides,
            });
        }
    }
    all
}

/// One row's record: failed with its reason, or sized and timed.
fn measure_row(
    row: &Row,
    context: &Context<'_>,
    document: &Document,
    options: &Options,
    measured: &mut Measured,
) -> (Record, Option<Verified>) {
    let mut line = size_line(row, document);
    let (codec, encodings) = match prepare(row, context) {
        Ok(Verified { codec, encodings }) => (codec, encodings),
        Err(why) => {
            line.error = Some(why);
            return (join::records(&[line], &[]).remove(0), None);
        }
    };
    for file in codec.schema_files() {
        if !measured.schema_files.contains(&file) {
            measured.schema_files.push(file);
        }
    }
    let workload: Vec<u8> = encodings.concat();
    line.ok = true;
    line.size_bytes = workload.len() as u64;
    line.zstd_bytes = zstd_len(&workload);
    line.gzip_bytes = gzip_len(&workload);
    if let Some(first) = encodings.first() {
        measured.encodings.push((row.id.to_owned(), first.clone()));
    }
    let verified = Verified { codec, encodings };
    if options.untimed {
        return (join::records(&[line], &[]).remove(0), Some(verified));
    }
    let (count, time) = options.sampling();
    let timed_row = |op| TimedRow {
        dataset: document.name.clone(),
        codec: row.id.to_owned(),
        op,
        tasks: None,
    };
    let mut measurements = Vec::new();
    let mut encode = verified.encode(&document.messages);
    sampling::warm_up(&mut encode);
    measurements.extend(timed(
        timed_row(Op::Encode),
        sampling::sample(count, time, &mut encode),
    ));
    let mut decode = verified.decode();
    sampling::warm_up(&mut decode);
    measurements.extend(timed(
        timed_row(Op::Decode),
        sampling::sample(count, time, &mut decode),
    ));
    drop((encode, decode));
    (
        join::records(&[line], &measurements).remove(0),
        Some(verified),
    )
}

fn timed(row: TimedRow, (iterations, samples_ns): (u64, Vec<f64>)) -> Option<Measurement> {
    Measurement::timed(TimingLine {
        row,
        iterations,
        samples_ns,
        alloc: None,
        counts: None,
    })
}

/// The record's facts before anything is measured.
fn size_line(row: &Row, document: &Document) -> SizeLine {
    let messages = document.messages.len() as u64;
    let size_label = if document.format == crate::InputFormat::Ndjson {
        format!(
            "{messages} messages, {} of NDJSON",
            serbench_results::units::bytes(document.input_bytes as f64)
        )
    } else {
        format!(
            "one document, {} of {}",
            serbench_results::units::bytes(document.input_bytes as f64),
            document.format.name()
        )
    };
    SizeLine {
        dataset: document.name.clone(),
        codec: row.id.to_owned(),
        wire_format: row.wire_format.to_owned(),
        library: row.library.to_owned(),
        version: row.version.to_owned(),
        tuned: false,
        zero_copy: false,
        size: messages,
        size_label,
        messages,
        ..SizeLine::default()
    }
}

/// Each message's encoding, once every one decodes to exactly its value;
/// otherwise why not, naming the message and the first difference.
fn verify(codec: &dyn Codec, messages: &[Value]) -> Result<Vec<Vec<u8>>, String> {
    let several = messages.len() > 1;
    let which = |n: usize| {
        if several {
            format!("message {}: ", n + 1)
        } else {
            String::new()
        }
    };
    messages
        .iter()
        .enumerate()
        .map(|(n, message)| {
            let mut out = Vec::new();
            codec
                .encode(message, &mut out)
                .map_err(|why| format!("{}cannot encode: {why}", which(n)))?;
            let back = codec
                .decode(&out)
                .map_err(|why| format!("{}cannot decode its own bytes: {why}", which(n)))?;
            match message.difference(&back) {
                None => Ok(out),
                Some(difference) => Err(format!("{}not carried exactly: {difference}", which(n))),
            }
        })
        .collect()
}

fn zstd_len(bytes: &[u8]) -> u64 {
    zstd::bulk::compress(bytes, 3).map_or(0, |c| c.len() as u64)
}

fn gzip_len(bytes: &[u8]) -> u64 {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
    encoder
        .write_all(bytes)
        .and_then(|()| encoder.finish())
        .map_or(0, |c| c.len() as u64)
}

/// A [`Report`] of measured documents: the run's facts and their records.
#[must_use]
pub fn report(
    records: Vec<Record>,
    rounds: Vec<Rounds>,
    started: String,
    quick: bool,
    filters: Vec<String>,
) -> Report {
    let sizes: Vec<SizeLine> = records
        .iter()
        .map(|r| SizeLine {
            library: r.library.clone(),
            version: r.version.clone(),
            ..SizeLine::default()
        })
        .collect();
    Report {
        schema: serbench_results::SCHEMA,
        run: Run {
            started,
            quick,
            filters,
            machine: serbench_results::machine(),
            compiler: String::new(),
            profile: if cfg!(debug_assertions) {
                "debug (unoptimised: not for comparison)".to_owned()
            } else {
                "release".to_owned()
            },
            commit: String::new(),
            versions: join::versions(&sizes),
            check: None,
            check_after: None,
            instructions: None,
        },
        results: records,
        qt: Vec::new(),
        rounds,
        sweep: Vec::new(),
        compile: Vec::new(),
    }
}
