//! Hostile input: damaged encodings every codec meets, inputs crafted for
//! one format that its crate supplies, and valid input that decodes to much
//! more memory than it takes.
//!
//! Every decode and traverse here runs on a thread with a [`STACK`]-byte
//! stack, under [`catch_unwind`], counted by the
//! [`CountingAllocator`](crate::CountingAllocator), and the two
//! must agree: [`Codec::traverse`] is `Ok` exactly when [`Codec::decode`]
//! is, with the decoded value's answer. A failure
//! names the codec, the dataset and the input: the sample and cut, the
//! seed and bit of a flip, or the crafted input's description. A stack
//! overflow aborts the test binary instead, naming the thread: each crafted
//! input has its own, named after it; the damaged encodings of a codec and
//! dataset share one.

use std::fmt::{self, Debug};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::thread;

use serbench_model::__private::Random;
use serbench_model::{
    Codec, Color, Dataset, Edge, Error, ErrorKind, Format, Graph, Image, MediaContent, Node,
    Priority, Record, SensorReading, Size, Task, TaskHeader, TaskList, TaskManager, Uuid, Version,
};

use crate::arbitrary::Arbitrary;
use crate::memory;

/// The stack every hostile decode runs on: 256 KiB, an eighth of a spawned
/// thread's default, so a decoder that recurses once per level of input
/// fails here long before it would in a program.
pub const STACK: usize = 256 * 1024;

/// How deep crafted nesting goes: far past any decoder's depth limit, so
/// a decoder without one overflows [`STACK`].
pub const NESTING: usize = 100_000;

/// The lengths crafted inputs declare, where the format can write them:
/// just past `u32` (a 32-bit length field cannot hold it; an allocator may
/// still grant it) and 2^63 (no allocator can).
pub const LENGTHS: [u64; 2] = [1 << 32, 1 << 63];

/// The seed of the truncation samples and bit flips: fixed, so a failure
/// reproduces.
pub const SEED: u64 = 0x0405_711e;

/// Bit flips per codec and dataset, spread evenly over the samples.
pub const FLIPS: usize = 2_048;

/// Encodings up to this many bytes are cut at every length; longer ones at
/// the first and last 64 and at [`SAMPLED_CUTS`] seeded lengths between.
pub const EVERY_CUT_UP_TO: usize = 4_096;

/// Seeded cuts of a long encoding.
pub const SAMPLED_CUTS: usize = 512;

/// What a crafted input attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// A length, count, size or offset far past the input ([`LENGTHS`]
    /// where the format can write them): strings, byte strings, arrays,
    /// maps, segments, offsets.
    Length,
    /// Containers nested [`NESTING`] levels deep.
    Nesting,
    /// A string that is not UTF-8.
    Utf8,
    /// A value of another type where a field belongs.
    WrongType,
    /// An enum value the model does not have.
    UnknownEnum,
    /// A key, field or attribute given twice.
    Duplicate,
    /// A document type declaration: internal entities, entity expansion,
    /// external entities.
    Dtd,
    /// Anything else the format can get wrong (aliased pointers, cycles,
    /// tags).
    Other,
}

impl Class {
    /// The classes each codec covers with an input for some dataset or
    /// declares not applicable, with the reason.
    pub const REQUIRED: [Class; 7] = [
        Class::Length,
        Class::Nesting,
        Class::Utf8,
        Class::WrongType,
        Class::UnknownEnum,
        Class::Duplicate,
        Class::Dtd,
    ];
}

/// An input crafted for one format and dataset, and the error kind its
/// decode must return.
#[derive(Clone)]
pub struct Crafted {
    /// What the input attacks.
    pub class: Class,
    /// What the input is, for messages: `"strings[0] declares 2^63 bytes"`.
    pub what: String,
    /// The error kind the decode must return.
    pub kind: ErrorKind,
    /// The input.
    pub bytes: Vec<u8>,
}

impl Crafted {
    /// An input of `class`, described by `what`, that must fail with `kind`.
    pub fn new(class: Class, what: impl Into<String>, kind: ErrorKind, bytes: Vec<u8>) -> Self {
        Self {
            class,
            what: what.into(),
            kind,
            bytes,
        }
    }
}

impl Debug for Crafted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} `{}` ({} bytes, expects {:?})",
            self.class,
            self.what,
            self.bytes.len(),
            self.kind
        )
    }
}

/// What a format's hostile inputs declare once, whatever the dataset: a
/// codec crate implements it, and [`Crafts`] for each dataset, on one type
/// it names in `conformance_tests!(Codec, hostile = Type)`.
pub trait HostileInputs {
    /// Each [`Class::REQUIRED`] class that no input covers, with the reason
    /// the format has no such input.
    const NOT_APPLICABLE: &'static [(Class, &'static str)];

    /// The most bytes decoding the kit's [`Dense`] values may hold at once
    /// per byte of input, on top of 64 KiB: the codec's measured expansion
    /// of valid input, which SECURITY.md documents. The kit's `expansion`
    /// test holds the codec to it.
    const EXPANSION: usize;
}

/// The inputs a format's crate crafts against its decoder of dataset `D`.
///
/// One implementation per dataset, so the kit reaches a dataset's inputs
/// by its type, as it reaches everything else about it, and a dataset
/// added to the model is a missing implementation, not a method to name.
pub trait Crafts<D: Dataset>: HostileInputs {
    /// The crafted inputs; empty where the format has none for `D`.
    fn crafted() -> Vec<Crafted>;
}

/// Damaged encodings: every truncation (seeded cuts of long encodings), at
/// least [`FLIPS`] seeded single-bit flips and trailing bytes. A decode and
/// a traverse never panic, allocate at most [`memory::bound`] of the input
/// and agree (the traverse is `Ok` exactly when the decode is, with the
/// decoded value's answer); a truncation fails (in a format that
/// cannot detect one, it does not give back the original), and so do
/// trailing bytes.
pub fn hostile<C, D>()
where
    C: Codec<D>,
    D: Dataset + Arbitrary,
{
    require_counting_allocator();
    let name = format!("{} {} damaged encodings", C::NAME, D::NAME);
    if let Err(problem) = on_small_stack(&name, damaged::<C, D>) {
        panic!("{problem}");
    }
}

fn damaged<C, D>() -> Result<(), String>
where
    C: Codec<D>,
    D: Dataset + Arbitrary,
{
    let mut samples = D::workload(quick_size::<D>());
    samples.truncate(3);
    samples.extend(D::edge_cases().into_iter().take(4));
    // Values the format cannot carry have no encoding to damage.
    let samples: Vec<(D, Vec<u8>)> = samples
        .into_iter()
        .filter_map(|value| C::to_vec(&value).ok().map(|bytes| (value, bytes)))
        .collect();
    let flips = FLIPS.div_ceil(samples.len().max(1));
    let mut random = Random::new(SEED);
    for (index, (value, bytes)) in samples.iter().enumerate() {
        let len = bytes.len();
        for cut in cuts(len, &mut random) {
            let what = || format!("sample {index} cut to {cut} of {len} bytes (seed {SEED:#x})");
            let outcome = decode_checked::<C, D>(&bytes[..cut], what)?;
            // A format that cannot tell a cut message from a smaller one
            // must at least not return the original.
            let accepted = match &outcome.decoded {
                Ok(decoded) => C::DETECTS_TRUNCATION || decoded == value,
                Err(_) => false,
            };
            if accepted {
                return Err(format!("{} decoded {} {}", C::NAME, D::NAME, what()));
            }
        }
        // An empty encoding (protobuf's empty message) has no bit to flip.
        for flip in 0..if len == 0 { 0 } else { flips } {
            let bit = random.below(len as u64 * 8) as usize;
            let mut flipped = bytes.clone();
            flipped[bit / 8] ^= 1 << (bit % 8);
            decode_checked::<C, D>(&flipped, || {
                format!("sample {index} with bit {bit} flipped (flip {flip}, seed {SEED:#x})")
            })?;
        }
        for trailer in [&b"\0"[..], b"x", b"\xff\xff\xff\xff"] {
            let mut longer = bytes.clone();
            longer.extend_from_slice(trailer);
            let what = || format!("sample {index} followed by {trailer:?}");
            let outcome = decode_checked::<C, D>(&longer, what)?;
            if outcome.decoded.is_ok() {
                return Err(format!(
                    "{} accepted trailing bytes in {} {}",
                    C::NAME,
                    D::NAME,
                    what()
                ));
            }
        }
    }
    Ok(())
}

/// A result and the most bytes allocated at once while it was computed.
type Measured<T, E> = (Result<T, E>, usize);

/// What a checked decode gave, with its peak allocation and that of the
/// traverse, which [`decode_checked`] has held to agree with it.
struct Outcome<C: Format, D: Dataset> {
    decoded: Result<D, C::Error>,
    peak: usize,
    traverse_peak: usize,
}

/// Decodes and traverses `bytes`, checking that neither panics, allocates
/// past the bound or fails without a message, and that they agree.
///
/// A traverse answers the question of the value in the bytes; where the
/// bytes hold no valid value there is no answer. So [`Codec::traverse`] is
/// `Ok` exactly when [`Codec::decode`] is, with the decoded value's answer:
/// trivially for the default, decode-then-answer traverse, and the check
/// that matters for a zero-copy one, which must validate in place all that
/// decoding validates.
fn decode_checked<C, D>(bytes: &[u8], what: impl Fn() -> String) -> Result<Outcome<C, D>, String>
where
    C: Codec<D>,
    D: Dataset,
{
    let (decoded, peak) = guarded::<C, D, _>("decoding", bytes, &what, || C::decode(bytes))?;
    let (traversed, traverse_peak) =
        guarded::<C, D, _>("traversing", bytes, &what, || C::traverse(bytes))?;
    agree::<C, D>(&decoded, &traversed, &what)?;
    Ok(Outcome {
        decoded,
        peak,
        traverse_peak,
    })
}

/// Whether a decode and a traverse of the same input agree: both fail, or
/// both succeed with the same answer. A failure names the input and both
/// results.
fn agree<C, D>(
    decoded: &Result<D, C::Error>,
    traversed: &Result<D::Answer, C::Error>,
    what: &dyn Fn() -> String,
) -> Result<(), String>
where
    C: Codec<D>,
    D: Dataset,
{
    let (codec, dataset) = (C::NAME, D::NAME);
    match (decoded, traversed) {
        (Err(_), Err(_)) => Ok(()),
        (Ok(value), Ok(answer)) if value.traverse() == *answer => Ok(()),
        (Ok(value), Ok(answer)) => Err(format!(
            "{codec} traverses {dataset} {} to {answer}, but its decoded value to {}",
            what(),
            value.traverse()
        )),
        (Ok(_), Err(error)) => Err(format!(
            "{codec} decodes {dataset} {} but fails to traverse it ({error}); traverse must be \
             Ok exactly when decode is",
            what()
        )),
        (Err(error), Ok(answer)) => Err(format!(
            "{codec} traverses {dataset} {} to {answer} but fails to decode it ({error}); \
             traverse must be Ok exactly when decode is",
            what()
        )),
    }
}

/// Runs `step` on `bytes` and returns its result and peak allocation: a
/// panic, a peak over the bound or an error without a message is a
/// failure naming the input.
fn guarded<C, D, T>(
    verb: &str,
    bytes: &[u8],
    what: &dyn Fn() -> String,
    step: impl FnOnce() -> Result<T, C::Error>,
) -> Result<Measured<T, C::Error>, String>
where
    C: Codec<D>,
    D: Dataset,
{
    let (result, peak) = memory::measure(|| catch_unwind(AssertUnwindSafe(step)));
    let Ok(result) = result else {
        return Err(format!(
            "{} panicked {verb} {} {}",
            C::NAME,
            D::NAME,
            what()
        ));
    };
    let bound = memory::bound(bytes.len());
    if peak > bound {
        return Err(format!(
            "{} allocated {peak} bytes at peak {verb} {} {}; the bound is {bound}",
            C::NAME,
            D::NAME,
            what()
        ));
    }
    if let Err(error) = &result
        && error.to_string().is_empty()
    {
        return Err(format!(
            "{} failed {verb} {} {} with an empty message",
            C::NAME,
            D::NAME,
            what()
        ));
    }
    Ok((result, peak))
}

/// Crafted inputs: each fails with its error kind and a message, on the
/// small stack, within the memory bound; its traverse fails too, within the
/// bound. Prints each input's peak allocations
/// (`--nocapture` shows them).
pub fn crafted<C, D>(inputs: &[Crafted])
where
    C: Codec<D> + Format<Error = Error>,
    D: Dataset,
{
    require_counting_allocator();
    let failures: Vec<String> = inputs
        .iter()
        .filter_map(|input| {
            let name = format!("{} {}: {}", C::NAME, D::NAME, input.what);
            on_small_stack(&name, || check_crafted::<C, D>(input)).err()
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} crafted {} inputs failed:\n{}",
        failures.len(),
        inputs.len(),
        D::NAME,
        failures.join("\n")
    );
}

fn check_crafted<C, D>(input: &Crafted) -> Result<(), String>
where
    C: Codec<D> + Format<Error = Error>,
    D: Dataset,
{
    let what = || format!("crafted input {input:?}");
    let outcome = decode_checked::<C, D>(&input.bytes, what)?;
    println!(
        "{} {} {:?} `{}`: {} bytes, decode peak {}, traverse peak {}: {}",
        C::NAME,
        D::NAME,
        input.class,
        input.what,
        input.bytes.len(),
        outcome.peak,
        outcome.traverse_peak,
        outcome
            .decoded
            .as_ref()
            .map_or_else(ToString::to_string, |_| "Ok".to_owned()),
    );
    let Err(error) = outcome.decoded else {
        return Err(format!("{} decoded {}", C::NAME, what()));
    };
    let wrong = error.kind() != input.kind
        || error.message().is_empty()
        || error.format() != C::NAME
        || error.dataset() != D::NAME;
    if wrong {
        return Err(format!(
            "{} failed with {:?} `{error}` on {}",
            C::NAME,
            error.kind(),
            what()
        ));
    }
    Ok(())
}

/// Valid values of `D` that decode to much more memory than their encoding
/// takes; each decodes within `expansion` bytes per byte of input on top of
/// 64 KiB, and traverses to its answer (many minimal elements are the most
/// reads per byte a zero-copy reader's limits see). Prints each ratio
/// (`--nocapture` shows them).
pub fn expansion<C, D>(expansion: usize)
where
    C: Codec<D>,
    D: Dataset + Dense,
{
    require_counting_allocator();
    for (what, value) in D::dense() {
        let Ok(bytes) = C::to_vec(&value) else {
            continue;
        };
        let (decoded, peak) = memory::measure(|| C::decode(&bytes));
        if let Err(problem) = agree::<C, D>(&decoded, &C::traverse(&bytes), &|| what.to_owned()) {
            panic!("{problem}");
        }
        match decoded {
            Ok(decoded) => assert!(decoded == value, "{} changed {}", C::NAME, what),
            Err(error) => panic!("{} cannot decode {what}: {error}", C::NAME),
        }
        let len = bytes.len();
        let ratio = peak as f64 / len as f64;
        println!(
            "{} {} {what}: {len} bytes, peak {peak} bytes, {ratio:.1} per byte",
            C::NAME,
            D::NAME
        );
        let bound = len.saturating_mul(expansion).saturating_add(64 * 1024);
        assert!(
            peak <= bound,
            "{} {} {what}: {len} bytes decode with a peak of {peak} bytes ({ratio:.1} per \
             byte), more than the documented {expansion} per byte + 64 KiB",
            C::NAME,
            D::NAME
        );
    }
}

/// Every class of [`Class::REQUIRED`] is covered by an input for some
/// dataset or declared not applicable with a reason, not both; every input
/// has a description.
pub fn coverage<H>()
where
    H: Crafts<TaskManager>
        + Crafts<SensorReading>
        + Crafts<Graph>
        + Crafts<Record>
        + Crafts<MediaContent>,
{
    let inputs: Vec<Crafted> = [
        <H as Crafts<TaskManager>>::crafted(),
        <H as Crafts<SensorReading>>::crafted(),
        <H as Crafts<Graph>>::crafted(),
        <H as Crafts<Record>>::crafted(),
        <H as Crafts<MediaContent>>::crafted(),
    ]
    .concat();
    for class in Class::REQUIRED {
        let covered = inputs.iter().any(|input| input.class == class);
        let excused = H::NOT_APPLICABLE.iter().find(|(c, _)| *c == class);
        match (covered, excused) {
            (true, Some(_)) => panic!("{class:?} has inputs and is declared not applicable"),
            (false, None) => {
                panic!("no input covers {class:?}, and it is not declared not applicable")
            }
            (false, Some((_, reason))) => assert!(!reason.is_empty(), "{class:?} needs a reason"),
            (true, None) => {}
        }
    }
    for input in &inputs {
        assert!(!input.what.is_empty(), "an input has no description");
    }
}

/// `bytes` with the one occurrence of `from` replaced by `to`, for crafting
/// an input from a valid encoding.
///
/// # Panics
///
/// If `from` does not occur exactly once, so a crafted input cannot
/// silently miss its target.
#[must_use]
pub fn replace_once(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let mut at =
        (0..=bytes.len().saturating_sub(from.len())).filter(|&at| bytes[at..].starts_with(from));
    let (Some(first), None) = (at.next(), at.next()) else {
        panic!(
            "{:?} does not occur exactly once in the encoding",
            String::from_utf8_lossy(from)
        );
    };
    [&bytes[..first], to, &bytes[first + from.len()..]].concat()
}

/// Runs `check` on a thread with a [`STACK`]-byte stack named `name`,
/// turning a panic of the check itself into a failure.
fn on_small_stack<F>(name: &str, check: F) -> Result<(), String>
where
    F: FnOnce() -> Result<(), String> + Send,
{
    thread::scope(|scope| {
        let worker = thread::Builder::new()
            .name(name.to_owned())
            .stack_size(STACK)
            .spawn_scoped(scope, check)
            .expect("a thread can start");
        worker
            .join()
            .unwrap_or_else(|_| Err(format!("the check of {name} panicked")))
    })
}

fn require_counting_allocator() {
    assert!(
        memory::installed(),
        "the kit's CountingAllocator is not this test binary's global allocator; \
         `conformance_tests!` installs it unless told `global_allocator = false`"
    );
}

/// A size small enough to truncate at many places.
fn quick_size<D: Dataset>() -> usize {
    match D::SIZE_UNIT {
        "tasks" => 40,
        "nodes" => 6,
        _ => 3,
    }
}

/// Every cut of a short encoding; for a long one the first and last 64 and
/// [`SAMPLED_CUTS`] seeded ones in between.
fn cuts(len: usize, random: &mut Random) -> Vec<usize> {
    if len <= EVERY_CUT_UP_TO {
        return (0..len).collect();
    }
    let mut cuts: Vec<usize> = (0..64).chain(len - 64..len).collect();
    cuts.extend((0..SAMPLED_CUTS).map(|_| random.below(len as u64) as usize));
    cuts
}

/// Valid values made of many minimal elements: the most memory a decoder
/// builds per byte of input.
pub trait Dense: Sized {
    /// Each value with a description.
    fn dense() -> Vec<(&'static str, Self)>;
}

/// How many minimal elements a dense value holds: enough that the decoded
/// value dwarfs the 64 KiB allowance, and just past a power of two, where a
/// vector grown by doubling holds the most spare room.
const ELEMENTS: usize = (1 << 14) + 1;

fn minimal_header() -> TaskHeader {
    TaskHeader {
        id: Uuid::nil(),
        name: String::new(),
        color: Color::from_argb(0),
        created: time::OffsetDateTime::UNIX_EPOCH,
    }
}

impl Dense for TaskManager {
    fn dense() -> Vec<(&'static str, Self)> {
        let empty = TaskManager {
            user: String::new(),
            version: Version::default(),
            lists: Vec::new(),
        };
        let task = Task {
            header: minimal_header(),
            description: String::new(),
            priority: Priority::Low,
            completed: false,
        };
        vec![
            (
                "minimal tasks in one list",
                TaskManager {
                    lists: vec![TaskList {
                        header: minimal_header(),
                        tasks: vec![task; ELEMENTS],
                    }],
                    ..empty.clone()
                },
            ),
            (
                "lists without tasks",
                TaskManager {
                    lists: vec![
                        TaskList {
                            header: minimal_header(),
                            tasks: Vec::new(),
                        };
                        ELEMENTS
                    ],
                    ..empty.clone()
                },
            ),
            (
                "version segments of 0",
                TaskManager {
                    version: Version {
                        segments: vec![0; ELEMENTS],
                    },
                    ..empty
                },
            ),
        ]
    }
}

impl Dense for SensorReading {
    /// A message has no repeated parts; its fixed size is all there is.
    fn dense() -> Vec<(&'static str, Self)> {
        let mut reading = SensorReading::workload(1).remove(0);
        reading.sensor_id.clear();
        vec![("a reading with an empty sensor id", reading)]
    }
}

impl Dense for Graph {
    fn dense() -> Vec<(&'static str, Self)> {
        let node = Node {
            id: 0,
            name: String::new(),
            out_edges: Vec::new(),
            in_edges: Vec::new(),
        };
        let edge = Edge {
            from: 0,
            to: 0,
            weight: 0,
        };
        vec![
            (
                "nodes without names or edges",
                Graph {
                    nodes: vec![node.clone(); ELEMENTS],
                    edges: Vec::new(),
                },
            ),
            (
                "edges between node 0 and itself",
                Graph {
                    nodes: vec![Node {
                        out_edges: (0..ELEMENTS as u32).collect(),
                        in_edges: (0..ELEMENTS as u32).collect(),
                        ..node
                    }],
                    edges: vec![edge; ELEMENTS],
                },
            ),
        ]
    }
}

impl Dense for Record {
    fn dense() -> Vec<(&'static str, Self)> {
        vec![
            (
                "ids of 0",
                Record {
                    ids: vec![0; ELEMENTS],
                    strings: Vec::new(),
                },
            ),
            (
                "empty strings",
                Record {
                    ids: Vec::new(),
                    strings: vec![String::new(); ELEMENTS],
                },
            ),
        ]
    }
}

impl Dense for MediaContent {
    fn dense() -> Vec<(&'static str, Self)> {
        let mut empty = MediaContent::canonical();
        empty.media.uri.clear();
        empty.media.title = None;
        empty.media.format.clear();
        empty.media.bitrate = None;
        empty.media.persons.clear();
        empty.images.clear();
        let image = Image {
            uri: String::new(),
            title: None,
            width: 0,
            height: 0,
            size: Size::Small,
        };
        let mut persons = empty.clone();
        persons.media.persons = vec![String::new(); ELEMENTS];
        let mut images = empty;
        images.images = vec![image; ELEMENTS];
        vec![("empty persons", persons), ("minimal images", images)]
    }
}
