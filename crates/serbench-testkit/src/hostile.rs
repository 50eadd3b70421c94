//! Hostile input: the damaged encodings every codec meets, and the guarded
//! decode that every hostile input, damaged or [crafted](crate::crafted()),
//! goes through.
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

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::thread;

use serbench_model::Random;
use serbench_model::{BaseCodec, Codec, Dataset, Error, ErrorKind};

use crate::arbitrary::Arbitrary;
use crate::memory;

/// The stack every hostile decode runs on: 256 KiB, an eighth of a spawned
/// thread's default, so a decoder that recurses once per level of input
/// fails here long before it would in a program.
pub const STACK: usize = 256 * 1024;

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

/// The longest error message, in bytes, a hostile decode or traverse may
/// give: enough for the codec, the dataset, what is wrong and where, with
/// a short prefix of any input quoted, and far from the megabytes a
/// message quoting a huge input whole would take. It is the model's own
/// bound on the line an error prints.
pub const MESSAGE_MAX: usize = 200;

/// Damaged encodings: every truncation (seeded cuts of long encodings), at
/// least [`FLIPS`] seeded single-bit flips and trailing bytes. A decode and
/// a traverse never panic, allocate at most [`memory::bound`] of the input
/// and agree (the traverse is `Ok` exactly when the decode is, with the
/// decoded value's answer); a truncation fails (in a format that
/// cannot detect one, it does not give back the original), and so do
/// trailing bytes.
pub fn hostile<C, D>()
where
    C: Codec<D> + BaseCodec<Error = Error>,
    D: Dataset + Arbitrary,
{
    hostile_within::<C, D>(memory::HOSTILE_EXPANSION);
}

/// [`hostile`] with the codec's own memory bound: at most `expansion`
/// bytes per byte of input plus 64 KiB, for a codec that documents more
/// than the kit's four (simd-json's tape and buffers).
pub fn hostile_within<C, D>(expansion: usize)
where
    C: Codec<D> + BaseCodec<Error = Error>,
    D: Dataset + Arbitrary,
{
    require_counting_allocator();
    let name = format!("{} {} damaged encodings", C::NAME, D::NAME);
    if let Err(problem) = on_small_stack(&name, || damaged::<C, D>(expansion)) {
        panic!("{problem}");
    }
}

fn damaged<C, D>(expansion: usize) -> Result<(), String>
where
    C: Codec<D> + BaseCodec<Error = Error>,
    D: Dataset + Arbitrary,
{
    for (index, sample) in damaged_samples::<C, D>().iter().enumerate() {
        for damage in &sample.damages {
            let input = damage.apply(&sample.bytes);
            let what = || damage.describe(index, sample.bytes.len());
            let start = match damage {
                Damage::Cut(cut) if *cut > 0 => Start::Valid,
                _ => Start::Unknown,
            };
            let outcome = decode_checked::<C, D>(&input, expansion, start, what)?;
            let accepted = match (damage, &outcome.decoded) {
                (_, Err(_)) | (Damage::Flip { .. }, Ok(_)) => false,
                // A format that cannot tell a cut message from a smaller
                // one must at least not return the original.
                (Damage::Cut(_), Ok(decoded)) => C::DETECTS_TRUNCATION || *decoded == sample.value,
                (Damage::Trailer(_), Ok(_)) => true,
            };
            if accepted {
                return Err(format!("{} decoded {} {}", C::NAME, D::NAME, what()));
            }
        }
    }
    Ok(())
}

/// One way the kit damages a valid encoding.
pub(crate) enum Damage {
    /// The first this many bytes.
    Cut(usize),
    /// One bit flipped: the `flip`th flip of the sample.
    Flip { bit: usize, flip: usize },
    /// Bytes after the message.
    Trailer(&'static [u8]),
}

impl Damage {
    /// The damaged bytes.
    pub(crate) fn apply(&self, bytes: &[u8]) -> Vec<u8> {
        match *self {
            Damage::Cut(cut) => bytes[..cut].to_vec(),
            Damage::Flip { bit, .. } => {
                let mut flipped = bytes.to_vec();
                flipped[bit / 8] ^= 1 << (bit % 8);
                flipped
            }
            Damage::Trailer(trailer) => [bytes, trailer].concat(),
        }
    }

    /// Which input this is, enough to reproduce it.
    pub(crate) fn describe(&self, index: usize, len: usize) -> String {
        match *self {
            Damage::Cut(cut) => {
                format!("sample {index} cut to {cut} of {len} bytes (seed {SEED:#x})")
            }
            Damage::Flip { bit, flip } => {
                format!("sample {index} with bit {bit} flipped (flip {flip}, seed {SEED:#x})")
            }
            Damage::Trailer(trailer) => format!("sample {index} followed by {trailer:?}"),
        }
    }
}

/// A valid encoding and the ways the kit damages it.
pub(crate) struct Sample<D> {
    pub(crate) value: D,
    pub(crate) bytes: Vec<u8>,
    pub(crate) damages: Vec<Damage>,
}

/// The samples of the check, in a fixed order: a few workload messages and
/// edge values the codec can carry, each with its damages: every
/// truncation (seeded cuts of long encodings), its share of [`FLIPS`]
/// seeded single-bit flips, and trailing bytes.
pub(crate) fn damaged_samples<C, D>() -> Vec<Sample<D>>
where
    C: Codec<D>,
    D: Dataset + Arbitrary,
{
    let mut values = D::workload(D::DAMAGED_SIZE);
    values.truncate(3);
    values.extend(D::edge_cases().into_iter().take(4));
    // Values the format cannot carry have no encoding to damage.
    let encoded: Vec<(D, Vec<u8>)> = values
        .into_iter()
        .filter_map(|value| C::to_vec(&value).ok().map(|bytes| (value, bytes)))
        .collect();
    let flips = FLIPS.div_ceil(encoded.len().max(1));
    let mut random = Random::new(SEED);
    encoded
        .into_iter()
        .map(|(value, bytes)| {
            let len = bytes.len();
            let mut damages: Vec<Damage> = cuts(len, &mut random)
                .into_iter()
                .map(Damage::Cut)
                .collect();
            // An empty encoding (protobuf's empty message) has no bit to flip.
            for flip in 0..if len == 0 { 0 } else { flips } {
                let bit = random.below(len as u64 * 8) as usize;
                damages.push(Damage::Flip { bit, flip });
            }
            damages.extend([&b"\0"[..], b"x", b"\xff\xff\xff\xff"].map(Damage::Trailer));
            Sample {
                value,
                bytes,
                damages,
            }
        })
        .collect()
}

/// What the kit knows of an input's first byte, which decides whether an
/// error may be at offset 0.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Start {
    /// It may be what is wrong.
    Unknown,
    /// The input is a non-empty prefix of a valid encoding: what starts at
    /// byte 0 is right, so an error there can only be that it needs more
    /// bytes than the input has ([`ErrorKind::Truncated`]).
    Valid,
}

/// A result and the most bytes allocated at once while it was computed.
type Measured<T, E> = (Result<T, E>, usize);

/// What a checked decode gave, with its peak allocation and that of the
/// traverse, which [`decode_checked`] has held to agree with it.
pub(crate) struct Outcome<C: BaseCodec, D: Dataset> {
    pub(crate) decoded: Result<D, C::Error>,
    pub(crate) peak: usize,
    pub(crate) traverse_peak: usize,
}

/// Decodes, traverses and borrows `bytes`, checking that none panics, allocates
/// past `expansion` bytes per byte of input plus 64 KiB, fails without a
/// message or with one longer than [`MESSAGE_MAX`] or fails at a position
/// that cannot be right ([`placed`]), and that they agree (a borrowed decode,
/// where the codec has one, equals the decoded value's borrowed form).
///
/// A traverse answers the question of the value in the bytes; where the
/// bytes hold no valid value there is no answer. So [`Codec::traverse`] is
/// `Ok` exactly when [`Codec::decode`] is, with the decoded value's answer:
/// trivially for the default, decode-then-answer traverse, and the check
/// that matters for a zero-copy one, which must validate in place all that
/// decoding validates.
pub(crate) fn decode_checked<C, D>(
    bytes: &[u8],
    expansion: usize,
    start: Start,
    what: impl Fn() -> String,
) -> Result<Outcome<C, D>, String>
where
    C: Codec<D> + BaseCodec<Error = Error>,
    D: Dataset,
{
    let bound = memory::bound_per_byte(bytes.len(), expansion);
    let (decoded, peak) = guarded::<C, D, _>("decoding", bound, &what, || C::decode(bytes))?;
    let (traversed, traverse_peak) =
        guarded::<C, D, _>("traversing", bound, &what, || C::traverse(bytes))?;
    for error in [decoded.as_ref().err(), traversed.as_ref().err()]
        .into_iter()
        .flatten()
    {
        placed(error, bytes.len(), start)
            .map_err(|problem| format!("{} {} {}: {problem}: {error}", C::NAME, D::NAME, what()))?;
    }
    agree::<C, D>(&decoded, &traversed, &what)?;
    borrow_agrees::<C, D>(bytes, bound, &decoded, &what)?;
    Ok(Outcome {
        decoded,
        peak,
        traverse_peak,
    })
}

/// Whether the borrowed decode of `bytes`, where the codec has one, agrees
/// with its decode: both fail, or it equals the decoded value's borrowed
/// form; it must neither panic nor pass `bound` either.
fn borrow_agrees<C, D>(
    bytes: &[u8],
    bound: usize,
    decoded: &Result<D, Error>,
    what: &dyn Fn() -> String,
) -> Result<(), String>
where
    C: Codec<D> + BaseCodec<Error = Error>,
    D: Dataset,
{
    let (lent, _) = guarded::<C, D, _>("borrowing", bound, what, || C::borrow(bytes).transpose())?;
    match (decoded, &lent) {
        (_, Ok(None)) | (Err(_), Err(_)) => {}
        (Ok(value), Ok(Some(lent))) if value.lend() == *lent => {}
        (Ok(_), Ok(Some(_))) => {
            return Err(format!(
                "{} borrows {} {} as a value other than the one it decodes",
                C::NAME,
                D::NAME,
                what()
            ));
        }
        (Ok(_), Err(error)) => {
            return Err(format!(
                "{} decodes {} {} but fails to borrow it ({error}); a borrowed decode must be \
                 Ok exactly when decode is",
                C::NAME,
                D::NAME,
                what()
            ));
        }
        (Err(error), Ok(Some(_))) => {
            return Err(format!(
                "{} borrows {} {} but fails to decode it ({error}); a borrowed decode must be \
                 Ok exactly when decode is",
                C::NAME,
                D::NAME,
                what()
            ));
        }
    }
    Ok(())
}

/// Whether a decode and a traverse of the same input agree: both fail, or
/// both succeed with the same answer. A failure names the input and both
/// results.
pub(crate) fn agree<C, D>(
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

/// Whether a decode error of an input of `len` bytes is where it can be:
/// an offset, when the codec names one, is within the input (at most its
/// length, where a cut input ends); it is 0 only where the input's first
/// byte can be at fault, which on a cut of a valid encoding ([`Start::Valid`])
/// means only a [`Truncated`](ErrorKind::Truncated) error, as what starts
/// there is right and only ends too soon. A codec that cannot tell where
/// the problem is names no offset, rather than 0, and its error says
/// `(position unknown)`.
pub(crate) fn placed(error: &Error, len: usize, start: Start) -> Result<(), &'static str> {
    let position = error.position();
    if !position.is_known() && !error.to_string().ends_with(" (position unknown)") {
        return Err("an error without a position does not say `(position unknown)`");
    }
    match position.offset() {
        Some(at) if at > len => Err("its offset is past the input's end"),
        Some(0) if start == Start::Valid && error.kind() != ErrorKind::Truncated => Err(
            "its offset is 0 on a cut of a valid encoding, whose first byte is right, and it \
             is not about the input ending",
        ),
        _ => Ok(()),
    }
}

/// Runs `step` and returns its result and peak allocation: a panic, a
/// peak over `bound` or an error without a message or with one longer
/// than [`MESSAGE_MAX`] is a failure naming the input.
fn guarded<C, D, T>(
    verb: &str,
    bound: usize,
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
    if peak > bound {
        return Err(format!(
            "{} allocated {peak} bytes at peak {verb} {} {}; the bound is {bound}",
            C::NAME,
            D::NAME,
            what()
        ));
    }
    if let Err(error) = &result {
        let message = error.to_string();
        if message.is_empty() {
            return Err(format!(
                "{} failed {verb} {} {} with an empty message",
                C::NAME,
                D::NAME,
                what()
            ));
        }
        if message.len() > MESSAGE_MAX {
            let start: String = message.chars().take(MESSAGE_MAX).collect();
            return Err(format!(
                "{} failed {verb} {} {} with a message of {} bytes, over {MESSAGE_MAX}: {start}…",
                C::NAME,
                D::NAME,
                what(),
                message.len()
            ));
        }
    }
    Ok((result, peak))
}

/// Runs `check` on a thread with a [`STACK`]-byte stack named `name`,
/// turning a panic of the check itself into a failure.
pub(crate) fn on_small_stack<F>(name: &str, check: F) -> Result<(), String>
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

pub(crate) fn require_counting_allocator() {
    assert!(
        memory::installed(),
        "the kit's CountingAllocator is not this test binary's global allocator; \
         `conformance_tests!` installs it unless told `global_allocator = false`"
    );
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

#[cfg(test)]
mod tests {
    use serbench_model::{Carries, Record};

    use super::*;

    struct Demo;

    impl BaseCodec for Demo {
        const NAME: &'static str = "demo";
        const CARRIES: Carries = Carries::EVERYTHING;
        const BORROW: serbench_model::Borrowing =
            serbench_model::Borrowing::Unavailable("a test codec");
        type Error = Error;
    }

    fn error(kind: ErrorKind) -> Error {
        Error::new::<Demo, Record>(kind, "wrong")
    }

    #[test]
    fn an_offset_is_inside_the_input() {
        let at_end = error(ErrorKind::Truncated).at_offset(10);
        assert_eq!(placed(&at_end, 10, Start::Valid), Ok(()));
        let past = error(ErrorKind::Syntax).at_offset(11);
        assert!(placed(&past, 10, Start::Unknown).is_err());
    }

    /// json-simd reported most errors at byte 0: on a cut input, that is
    /// only right for an error about the input ending.
    #[test]
    fn byte_0_of_a_cut_is_only_a_truncation() {
        let syntax = error(ErrorKind::Syntax).at_offset(0);
        assert!(placed(&syntax, 10, Start::Valid).is_err());
        assert_eq!(placed(&syntax, 10, Start::Unknown), Ok(()));
        let truncated = error(ErrorKind::Truncated).at_offset(0);
        assert_eq!(placed(&truncated, 10, Start::Valid), Ok(()));
        let unknown = error(ErrorKind::Syntax);
        assert_eq!(placed(&unknown, 10, Start::Valid), Ok(()));
    }
}
