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
//! owned [`Value`], dropped inside the timed loop, and `borrow`, for a row
//! whose library lends, reads each into a [`Lent`](crate::value::Lent) value, its keys and
//! strings slices of the encoding where the library lends them (verified,
//! owned again, against the message before it is timed). A Rust value
//! measured with [`measure_value_lent`] is read into its own
//! [`BorrowedForm`] the same way. Sampling is the
//! benchmark's ([`serbench_results::sampling`]); allocations are one
//! more iteration of each, counted by
//! [`serbench_results::alloc::CountingAllocator`] where it is the global
//! allocator, as in the `serbench` binary.

use std::hint::black_box;
use std::io::Write as _;
use std::time::Duration;

use serbench_results::timing::{Allocations, Measurement, Row as TimedRow, TimingLine};
use serbench_results::verdict::Side;
use serbench_results::{Op, Record, Report, Rounds, Run, SizeLine, join, sampling, stats};

use serde::Serialize;
use serde::de::DeserializeOwned;

use serbench_document::BorrowedForm;
use serbench_model::{Error, excerpt};

use crate::codec::{Codec, Context, Row, SchemaFile, UserSchemas, said};
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
    /// Whether the row `id` is to be measured: [`Options::codecs`] names
    /// it, or names none.
    fn names(&self, id: &str) -> bool {
        self.codecs.is_empty() || self.codecs.iter().any(|c| c == id)
    }

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
    /// The schema inferred from the document (none for a Rust value).
    pub schema: Option<Schema>,
    /// The schema files the schema formats wrote with.
    pub schema_files: Vec<SchemaFile>,
    /// The paired rounds of each wire format with several verified rows,
    /// behind the per-format verdicts (none when untimed).
    pub rounds: Vec<Rounds>,
}

impl Measured {
    /// The rows as a table for a terminal, the verified ones smallest
    /// first with their size, zstd size and median encode and decode time
    /// per message, then each other row with why it was not measured.
    #[must_use]
    pub fn table(&self) -> String {
        use serbench_results::units;
        use std::fmt::Write as _;
        let mut rows: Vec<&Record> = self.records.iter().collect();
        rows.sort_by(|a, b| b.ok.cmp(&a.ok).then(a.size_bytes.total_cmp(&b.size_bytes)));
        let Some(first) = rows.first() else {
            return String::new();
        };
        let mut text = format!(
            "\n{} ({})\n{:<20} {:<12} {:>10} {:>10} {:>10} {:>10} {:>10}\n",
            first.dataset,
            first.size_label,
            "codec",
            "format",
            "size",
            "zstd",
            "encode",
            "decode",
            "borrow"
        );
        for record in rows {
            if record.ok {
                // A row whose library lends nothing has no borrow: "–".
                let borrow = if record.ops.borrow.is_some() {
                    units::time(record.ns(Op::Borrow))
                } else {
                    "–".to_owned()
                };
                let _ = writeln!(
                    text,
                    "{:<20} {:<12} {:>10} {:>10} {:>10} {:>10} {:>10}",
                    record.codec,
                    record.wire_format,
                    units::bytes(record.size_bytes),
                    units::bytes(record.zstd_bytes),
                    units::time(record.ns(Op::Encode)),
                    units::time(record.ns(Op::Decode)),
                    borrow,
                );
            } else {
                let _ = writeln!(
                    text,
                    "{:<20} {:<12} not measured: {}",
                    record.codec,
                    record.wire_format,
                    record.error.as_deref().unwrap_or("")
                );
            }
        }
        // A document's row that gives keys back in its schema's order
        // passed a check that ignores order: the reader should know which
        // rows those are.
        let reordered: Vec<&str> = self
            .records
            .iter()
            .filter(|record| record.any_key_order)
            .map(|record| record.codec.as_str())
            .collect();
        if !reordered.is_empty() {
            let _ = writeln!(
                text,
                "key order: given back in the schema's order, verified without regard to it: {}",
                reordered.join(", ")
            );
        }
        text
    }
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
    /// Its round trip is verified: its encoding of the first message,
    /// for outside readers to decode. It is handed on here, not kept, so
    /// that no row's encodings outlive its measurement.
    Encoded {
        /// The row's id.
        id: &'a str,
        /// The bytes.
        bytes: &'a [u8],
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
    let context = context(document, &schema, options);
    let mut measured = run(
        &workload(document),
        built(rows, &context),
        options,
        progress,
    );
    measured.schema = Some(schema);
    Ok(measured)
}

/// What a row is built from for `document`, under its inferred `schema`.
fn context<'a>(document: &'a Document, schema: &'a Schema, options: &'a Options) -> Context<'a> {
    Context {
        name: &document.name,
        messages: &document.messages,
        schema,
        user: &options.user,
    }
}

/// Each of `rows` built for `context` (or why not), one at a time as the
/// run reaches it: a row's codec may hold its own compiled schema, as
/// large as the document's is wide, so a run holds the codecs it keeps
/// for the paired rounds, but never builds them all before the first.
fn built<'c>(
    rows: Vec<&'static Row>,
    context: &'c Context<'c>,
) -> impl ExactSizeIterator<Item = Candidate<'static>> + 'c {
    rows.into_iter().map(|row| (row, row.codec(context)))
}

/// A row with its codec built for the workload, or why it could not be.
type Candidate<'a, M = Value> = (&'static Row, Result<Box<dyn Codec<M> + 'a>, String>);

/// A document's messages as the measurement's workload.
fn workload(document: &Document) -> Workload<'_, Value> {
    Workload {
        name: &document.name,
        messages: &document.messages,
        size_label: document_label(document),
        differ: |want, got, in_order| {
            if in_order {
                want.difference(got)
            } else {
                want.difference_in_any_key_order(got)
            }
        },
        keyed: true,
        lending: Some(&Lends),
        unlent: "its document path has no borrowed read",
    }
}

/// Measures one value of your own serde type over every row whose
/// library goes through serde ([`crate::typed::SERDE_ROWS`]), each
/// verified to give back a value equal to it, with `options` (all rows
/// when it names none); `name` names it in the tables. Allocations are
/// counted when the program's global allocator is
/// [`serbench_results::alloc::CountingAllocator`], as the `serbench`
/// binary's is. The value is read back owned only;
/// [`measure_value_lent`] reads it borrowed too.
///
/// ```
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Serialize, Deserialize, PartialEq)]
/// struct Order { id: u64, items: Vec<String>, total: f64 }
///
/// let order = Order { id: 7, items: vec!["tea".into(), "crème".into()], total: 9.5 };
/// let options = serbench_measure::Options { quick: true, ..Default::default() };
/// let measured = serbench_measure::measure_value("order", &order, &options);
/// println!("{}", measured.table());
/// assert!(measured.records.iter().all(|row| row.ok));
/// ```
pub fn measure_value<T>(name: &str, value: &T, options: &Options) -> Measured
where
    T: Serialize + DeserializeOwned + PartialEq + 'static,
{
    let typed = Typed {
        codec: crate::typed::codec::<T>,
        lending: None,
        unlent: "measured owned (measure_value_lent reads it borrowed)",
    };
    typed.measure(name, value, options)
}

/// As [`measure_value`], and each row whose library lends (serde_json,
/// sonic-rs, cbor4ii, rmp-serde, bincode, postcard, bitcode) also reads
/// the value into its borrowed form, `T::Lent`, its strings and bytes
/// slices of the encoding where the library lends them: the `borrow`
/// column beside `decode`, timed and its allocations counted as decode's
/// are. That read is verified first: the form, owned again
/// ([`BorrowedForm::owned`]), must equal `value`, or the row fails and is
/// not timed. A row whose library reads only owned says so
/// ([`Record::borrow_unavailable`]).
///
/// ```
/// use std::borrow::Cow;
///
/// use serde::{Deserialize, Serialize};
/// use serbench_measure::BorrowedForm;
///
/// #[derive(Serialize, Deserialize, PartialEq)]
/// struct Order { id: u64, customer: String, note: String }
///
/// /// The same fields, lent by the input: `Cow` where JSON's escapes may
/// /// need a copy.
/// #[derive(Deserialize)]
/// struct OrderRef<'a> {
///     id: u64,
///     #[serde(borrow)]
///     customer: Cow<'a, str>,
///     #[serde(borrow)]
///     note: Cow<'a, str>,
/// }
///
/// impl BorrowedForm for Order {
///     type Lent<'a> = OrderRef<'a>;
///
///     fn owned(lent: OrderRef<'_>) -> Order {
///         Order { id: lent.id, customer: lent.customer.into(), note: lent.note.into() }
///     }
/// }
///
/// let order = Order { id: 7, customer: "Zoë".into(), note: "fragile\ttwice".into() };
/// let options = serbench_measure::Options { untimed: true, ..Default::default() };
/// let measured = serbench_measure::measure_value_lent("order", &order, &options);
/// let postcard = measured.records.iter().find(|row| row.codec == "postcard").unwrap();
/// assert!(postcard.ok && postcard.borrow_unavailable.is_none());
/// let ciborium = measured.records.iter().find(|row| row.codec == "cbor").unwrap();
/// assert!(ciborium.ok && ciborium.borrow_unavailable.is_some());
/// ```
pub fn measure_value_lent<T>(name: &str, value: &T, options: &Options) -> Measured
where
    T: Serialize + DeserializeOwned + PartialEq + BorrowedForm + 'static,
{
    let typed = Typed {
        codec: crate::typed::lending_codec::<T>,
        lending: Some(&Lends),
        unlent: "its serde path has no borrowed read",
    };
    typed.measure(name, value, options)
}

/// How a Rust value's rows are built and read borrowed.
struct Typed<T: 'static> {
    /// Row `id`'s codec of `T`.
    codec: fn(&str) -> Option<Box<dyn Codec<T>>>,
    lending: Option<&'static dyn Borrows<T>>,
    unlent: &'static str,
}

impl<T: PartialEq + 'static> Typed<T> {
    fn measure(self, name: &str, value: &T, options: &Options) -> Measured {
        let workload = Workload {
            name,
            messages: std::slice::from_ref(value),
            size_label: format!("one value of {}", short_type_name::<T>()),
            differ: |want: &T, got: &T, _| {
                (want != got)
                    .then(|| "the value read back is not equal to the one written".to_owned())
            },
            keyed: false,
            lending: self.lending,
            unlent: self.unlent,
        };
        let candidates = crate::ROWS
            .iter()
            .filter(|row| crate::typed::SERDE_ROWS.contains(&row.id))
            .filter(|row| options.names(row.id))
            .map(|row| {
                let codec =
                    (self.codec)(row.id).ok_or_else(|| format!("{} has no serde path", row.id));
                (row, codec)
            })
            .collect::<Vec<_>>();
        run(&workload, candidates.into_iter(), options, &mut |_| {})
    }
}

/// `T`'s name without its module path (`Order`, `Vec<Order>`).
fn short_type_name<T>() -> String {
    let full = std::any::type_name::<T>();
    let mut short = String::new();
    for part in full.split_inclusive(['<', '>', ',', ' ']) {
        short.push_str(part.rsplit("::").next().unwrap_or(part));
    }
    short
}

/// What is measured: a name, the messages, what its size label says,
/// and how two messages' first difference is named (holding maps to
/// their key order, or not).
struct Workload<'a, M: 'static> {
    name: &'a str,
    messages: &'a [M],
    size_label: String,
    differ: fn(&M, &M, bool) -> Option<String>,
    /// Whether the messages have maps whose keys come in an order (a
    /// document's do; a Rust value is compared by its own `PartialEq`).
    keyed: bool,
    /// How the rows read the messages borrowed, where they have a
    /// borrowed form: a document always, a Rust value through
    /// [`measure_value_lent`].
    lending: Option<&'static dyn Borrows<M>>,
    /// Why a verified row has no `borrow`, where its codec lends nothing
    /// ([`Codec::lender`]) or the messages are measured owned.
    unlent: &'static str,
}

/// A row's borrowed decode as the engine drives it: the one place that
/// names the messages' [`BorrowedForm`], so that the rest of the engine is
/// the same for messages measured owned only.
trait Borrows<M: 'static> {
    /// Whether `codec` reads the messages borrowed.
    fn lends(&self, codec: &dyn Codec<M>) -> bool;

    /// `codec`'s borrowed read of `bytes`, owned again to be verified;
    /// `None` where it has none.
    fn owned(&self, codec: &dyn Codec<M>, bytes: &[u8]) -> Option<Result<M, Error>>;

    /// The workload's borrowed decode: every message of `ready` read into
    /// its borrowed form, dropped; `None` where its codec has none.
    fn timed<'a>(&self, ready: &'a Ready<'_, M>) -> Option<Box<dyn FnMut() + 'a>>;
}

/// The borrowed decode of messages that have a borrowed form.
struct Lends;

impl<M: BorrowedForm + 'static> Borrows<M> for Lends {
    fn lends(&self, codec: &dyn Codec<M>) -> bool {
        codec.lender().is_some()
    }

    fn owned(&self, codec: &dyn Codec<M>, bytes: &[u8]) -> Option<Result<M, Error>> {
        let lender = codec.lender()?;
        Some(lender.borrow(bytes).map(M::owned))
    }

    fn timed<'a>(&self, ready: &'a Ready<'_, M>) -> Option<Box<dyn FnMut() + 'a>> {
        let lender = ready.codec.lender()?;
        Some(Box::new(move || {
            for bytes in ready.encodings() {
                drop(black_box(lender.borrow(black_box(bytes))));
            }
        }))
    }
}

/// Each candidate row measured in turn, then the paired rounds.
fn run<'a, M: 'static>(
    workload: &Workload<'_, M>,
    candidates: impl ExactSizeIterator<Item = Candidate<'a, M>>,
    options: &Options,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Measured {
    sampling::settle_allocator();
    let mut measured = Measured {
        records: Vec::new(),
        schema: None,
        schema_files: Vec::new(),
        rounds: Vec::new(),
    };
    let mut ready = Vec::new();
    let of = candidates.len();
    for (index, (row, codec)) in candidates.enumerate() {
        progress(Progress::Start {
            index: index + 1,
            of,
            id: row.id,
        });
        let verified = codec.and_then(|codec| verify(codec, workload, row.keeps_key_order));
        if let Some(first) = verified.as_ref().ok().and_then(|v| v.encodings().next()) {
            progress(Progress::Encoded {
                id: row.id,
                bytes: first,
            });
        }
        let (mut record, codec) = measure_row(row, verified, workload, options, &mut measured);
        record.any_key_order = record.ok && workload.keyed && !row.keeps_key_order;
        progress(Progress::Done(&record));
        measured.records.push(record);
        // Only the codec is kept for the paired rounds, which encode
        // again: every row's encodings held at once would cost a
        // multiple of the input for each row.
        if !options.untimed {
            ready.extend(codec.map(|codec| (*row, codec)));
        }
    }
    if !options.untimed {
        measured.rounds = paired(ready, workload, options, progress);
    }
    measured
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
    let context = context(document, &schema, options);
    let workload = workload(document);
    for (row, codec) in built(rows, &context) {
        let Ok(verified) = codec.and_then(|codec| verify(codec, &workload, row.keeps_key_order))
        else {
            continue;
        };
        for op in [Op::Encode, Op::Decode, Op::Borrow] {
            let mut body: Box<dyn FnMut() + '_> = match op {
                Op::Encode => Box::new(verified.encode(&document.messages)),
                Op::Borrow => match verified.borrow() {
                    Some(borrow) => borrow,
                    None => continue,
                },
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
        return Err(format!(
            "no codec {}; `serbench list` names them",
            excerpt::shown(unknown)
        ));
    }
    Ok(crate::ROWS
        .iter()
        .filter(|row| options.names(row.id))
        .collect())
}

/// A verified row ready to time: its codec and its encodings, in one
/// buffer, as a `Vec` for each message would cost more than a small
/// message itself.
struct Ready<'c, M: 'static> {
    codec: Box<dyn Codec<M> + 'c>,
    bytes: Vec<u8>,
    /// Where each message's encoding ends in `bytes`.
    ends: Vec<usize>,
    /// Its borrowed decode, where it was verified too.
    lending: Option<&'static dyn Borrows<M>>,
}

impl<'c, M: 'static> Ready<'c, M> {
    /// `codec` with its encodings of `messages`, once more (it is
    /// verified: they are the ones checked), for the paired rounds, which
    /// time no borrowed decode.
    fn encoded(codec: Box<dyn Codec<M> + 'c>, messages: &[M]) -> Option<Self> {
        let mut bytes = Vec::new();
        let mut ends = Vec::with_capacity(messages.len());
        for message in messages {
            codec.encode(message, &mut bytes).ok()?;
            ends.push(bytes.len());
        }
        Some(Ready {
            codec,
            bytes,
            ends,
            lending: None,
        })
    }

    /// Each message's encoding, in order.
    fn encodings(&self) -> impl Iterator<Item = &[u8]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(start, &end)| &self.bytes[start..end])
    }

    /// The workload's encode: every message into one reused buffer.
    fn encode<'a>(&'a self, messages: &'a [M]) -> impl FnMut() + 'a {
        let longest = self.encodings().map(<[u8]>::len).max().unwrap_or(0);
        let mut out = Vec::with_capacity(longest);
        move || {
            for message in messages {
                out.clear();
                let _ = black_box(self.codec.encode(black_box(message), &mut out));
            }
        }
    }

    /// The workload's decode: every message into an owned value, dropped.
    fn decode(&self) -> impl FnMut() + '_ {
        move || {
            for bytes in self.encodings() {
                drop(black_box(self.codec.decode(black_box(bytes))));
            }
        }
    }

    /// The workload's borrowed decode, where it was verified: every
    /// message into its borrowed form (a document's [`Lent`](crate::value::Lent) value),
    /// dropped.
    fn borrow(&self) -> Option<Box<dyn FnMut() + '_>> {
        self.lending?.timed(self)
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
fn paired<M: 'static>(
    mut ready: Vec<(Row, Box<dyn Codec<M> + '_>)>,
    workload: &Workload<'_, M>,
    options: &Options,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Vec<Rounds> {
    let mut formats: Vec<&str> = Vec::new();
    for (row, _) in &ready {
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
    let messages = workload.messages.len().max(1) as f64;
    let mut all = Vec::new();
    for format in formats {
        progress(Progress::Rounds {
            wire_format: format,
        });
        // This format's rows encoded again, and dropped after its rounds.
        let (these, rest): (Vec<_>, Vec<_>) = ready
            .into_iter()
            .partition(|(r, _)| r.wire_format == format);
        ready = rest;
        let codecs: Vec<(Row, Ready<'_, M>)> = these
            .into_iter()
            .filter_map(|(row, codec)| {
                Ready::encoded(codec, workload.messages).map(|ready| (row, ready))
            })
            .collect();
        let side = |(row, _): &(Row, Ready<'_, M>)| Side {
            id: row.id.to_owned(),
            ns: Vec::new(),
        };
        let mut encode: Vec<Side> = codecs.iter().map(side).collect();
        let mut decode = encode.clone();
        for round in 0..round_count(options.quick) {
            for offset in 0..codecs.len() {
                let index = (round + offset) % codecs.len();
                let (_, verified) = &codecs[index];
                let median = |body: &mut dyn FnMut()| {
                    sampling::warm_up(body);
                    let (_, samples) = sampling::sample(count, time, body);
                    stats::median(&samples).unwrap_or(f64::NAN) / messages
                };
                encode[index]
                    .ns
                    .push(median(&mut verified.encode(workload.messages)));
                decode[index].ns.push(median(&mut verified.decode()));
            }
        }
        for (op, sides) in [("encode", encode), ("decode", decode)] {
            all.push(Rounds {
                dataset: workload.name.to_owned(),
                op: op.to_owned(),
                sides,
            });
        }
    }
    all
}

/// One row's record: failed with its reason, or sized and timed.
fn measure_row<'c, M: 'static>(
    row: &Row,
    verified: Result<Ready<'c, M>, String>,
    workload: &Workload<'_, M>,
    options: &Options,
    measured: &mut Measured,
) -> (Record, Option<Box<dyn Codec<M> + 'c>>) {
    let mut line = size_line(row, workload);
    let verified = match verified {
        Ok(verified) => verified,
        Err(why) => {
            line.error = Some(reason(&why));
            return (join::records(&[line], &[]).remove(0), None);
        }
    };
    for file in verified.codec.schema_files() {
        if !measured.schema_files.contains(&file) {
            measured.schema_files.push(file);
        }
    }
    let whole = &verified.bytes;
    line.ok = true;
    if verified.lending.is_none() {
        line.borrow_unavailable = Some(workload.unlent.to_owned());
    }
    line.size_bytes = whole.len() as u64;
    line.zstd_bytes = zstd_len(whole);
    line.gzip_bytes = gzip_len(whole);
    if options.untimed {
        return (join::records(&[line], &[]).remove(0), Some(verified.codec));
    }
    let (count, time) = options.sampling();
    let timed_row = |op| TimedRow {
        dataset: workload.name.to_owned(),
        codec: row.id.to_owned(),
        op,
        tasks: None,
    };
    let mut measurements = Vec::new();
    let mut encode = verified.encode(workload.messages);
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
    let mut borrow = verified.borrow();
    if let Some(borrow) = &mut borrow {
        sampling::warm_up(borrow);
        measurements.extend(timed(
            timed_row(Op::Borrow),
            sampling::sample(count, time, borrow),
        ));
    }
    // One more iteration of each, counted, where this process's global
    // allocator counts (the `serbench` binary's does).
    if serbench_results::alloc::installed() {
        for measurement in &mut measurements {
            let body: &mut dyn FnMut() = match (measurement.row.op, &mut borrow) {
                (Op::Encode, _) => &mut encode,
                (Op::Borrow, Some(borrow)) => &mut **borrow,
                _ => &mut decode,
            };
            let ((), tally) = serbench_results::alloc::tally(body);
            measurement.count(&TimingLine {
                row: measurement.row.clone(),
                iterations: 1,
                samples_ns: Vec::new(),
                alloc: Some(Allocations::from(tally)),
                counts: None,
            });
        }
    }
    drop((encode, decode, borrow));
    (
        join::records(&[line], &measurements).remove(0),
        Some(verified.codec),
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

/// A document's size label: its messages and its bytes as read.
fn document_label(document: &Document) -> String {
    let bytes = serbench_results::units::bytes(document.input_bytes as f64);
    if document.format == crate::InputFormat::Ndjson {
        format!("{} messages, {bytes} of NDJSON", document.messages.len())
    } else {
        format!("one document, {bytes} of {}", document.format.name())
    }
}

/// A row's reason as its record keeps it: a library's message or a
/// difference can quote the document at any length, and a reason is
/// shown on one line, after the row's id and format.
fn reason(why: &str) -> String {
    excerpt::cut(why, excerpt::LINE_BYTES).into_owned()
}

/// The record's facts before anything is measured.
fn size_line<M: 'static>(row: &Row, workload: &Workload<'_, M>) -> SizeLine {
    let messages = workload.messages.len() as u64;
    SizeLine {
        dataset: workload.name.to_owned(),
        codec: row.id.to_owned(),
        wire_format: row.wire_format.to_owned(),
        library: row.library.to_owned(),
        version: row.version.to_owned(),
        tuned: false,
        zero_copy: false,
        size: messages,
        size_label: workload.size_label.clone(),
        messages,
        ..SizeLine::default()
    }
}

/// The codec with each message's encoding, once every one decodes to
/// exactly its value (its maps' keys in the same order where the row
/// `keeps_key_order`, in any order otherwise); otherwise why not, naming
/// the message and the first difference.
fn verify<'c, M: 'static>(
    codec: Box<dyn Codec<M> + 'c>,
    workload: &Workload<'_, M>,
    keeps_key_order: bool,
) -> Result<Ready<'c, M>, String> {
    let several = workload.messages.len() > 1;
    let which = |n: usize| {
        if several {
            format!("message {}: ", n + 1)
        } else {
            String::new()
        }
    };
    let mut bytes = Vec::new();
    let mut ends = Vec::with_capacity(workload.messages.len());
    let mut out = Vec::new();
    for (n, message) in workload.messages.iter().enumerate() {
        out.clear();
        codec
            .encode(message, &mut out)
            .map_err(|why| format!("{}cannot encode: {}", which(n), said(&why)))?;
        let back = codec
            .decode(&out)
            .map_err(|why| format!("{}cannot decode its own bytes: {}", which(n), said(&why)))?;
        if let Some(difference) = (workload.differ)(message, &back, keeps_key_order) {
            return Err(format!("{}not carried exactly: {difference}", which(n)));
        }
        if let Some(lent) = workload.lending.and_then(|l| l.owned(&*codec, &out)) {
            let lent = lent.map_err(|why| {
                format!(
                    "{}its borrowed decode refuses its own bytes: {}",
                    which(n),
                    said(&why)
                )
            })?;
            if let Some(difference) = (workload.differ)(message, &lent, keeps_key_order) {
                return Err(format!(
                    "{}its borrowed decode does not read it exactly: {difference}",
                    which(n)
                ));
            }
        }
        bytes.extend_from_slice(&out);
        ends.push(bytes.len());
    }
    bytes.shrink_to_fit();
    let lending = workload.lending.filter(|l| l.lends(&*codec));
    Ok(Ready {
        codec,
        bytes,
        ends,
        lending,
    })
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
        code_size: None,
        evolution: Vec::new(),
        capabilities: Vec::new(),
    }
}
