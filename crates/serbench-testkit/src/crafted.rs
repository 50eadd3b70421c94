//! Inputs crafted against one format's decoder, which that format's crate
//! supplies: what each attacks, the error it must give, and the check that
//! every class of attack is covered or excused.

use std::fmt::{self, Debug};

use serbench_model::{BaseCodec, Codec, Dataset, Error, ErrorKind};

use crate::hostile::{Start, decode_checked, on_small_stack, require_counting_allocator};
use crate::memory::HOSTILE_EXPANSION;

/// How deep crafted nesting goes: far past any decoder's depth limit, so
/// a decoder without one overflows [`STACK`](crate::STACK).
pub const NESTING: usize = 100_000;

/// The lengths crafted inputs declare, where the format can write them:
/// just past `u32` (a 32-bit length field cannot hold it; an allocator may
/// still grant it) and 2^63 (no allocator can).
pub const LENGTHS: [u64; 2] = [1 << 32, 1 << 63];

/// How long the huge text of a [`Class::HugeText`] input is: 1 MiB, far
/// past any text a field holds, and a message quoting it whole would be
/// megabytes long (five times its size, escaped, for control characters).
pub const HUGE_TEXT: usize = 1 << 20;

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
    /// A text of [`HUGE_TEXT`] bytes where the decoder quotes what it
    /// refuses: a version, id, color or time parsed from text, a key, an
    /// enum name, a string where another type belongs. The error shows a
    /// short prefix of it, as every error must stay within
    /// [`MESSAGE_MAX`](crate::MESSAGE_MAX).
    HugeText,
    /// Anything else the format can get wrong (aliased pointers, cycles,
    /// tags).
    Other,
}

impl Class {
    /// The classes each codec covers with an input for some dataset or
    /// declares not applicable, with the reason.
    pub const REQUIRED: [Class; 8] = [
        Class::Length,
        Class::Nesting,
        Class::Utf8,
        Class::WrongType,
        Class::UnknownEnum,
        Class::Duplicate,
        Class::Dtd,
        Class::HugeText,
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

    /// The most bytes decoding the kit's [`Dense`](crate::Dense) values may
    /// hold at once per byte of input, on top of 64 KiB: the codec's
    /// measured expansion of valid input, which SECURITY.md documents. The
    /// kit's `expansion` test holds the codec to it.
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

/// Crafted inputs: each fails with its error kind and a message, on the
/// small stack, within the memory bound; its traverse fails too, within the
/// bound. Prints each input's peak allocations
/// (`--nocapture` shows them).
pub fn crafted<C, D>(inputs: &[Crafted])
where
    C: Codec<D> + BaseCodec<Error = Error>,
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
    C: Codec<D> + BaseCodec<Error = Error>,
    D: Dataset,
{
    let what = || format!("crafted input {input:?}");
    let outcome = decode_checked::<C, D>(&input.bytes, HOSTILE_EXPANSION, Start::Unknown, what)?;
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
        || error.codec() != C::NAME
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

/// The classes whose fault lies in the wire format itself rather than in
/// a dataset's layout: a length past the input, nesting past any limit, a
/// string that is not UTF-8, a document type declaration. Any decoder of
/// the format refuses them, whatever it reads the bytes as.
pub const WIRE_FAULTS: [Class; 4] = [Class::Length, Class::Nesting, Class::Utf8, Class::Dtd];

/// Every crafted input of `H` whose class is one of [`WIRE_FAULTS`] is
/// refused by `decode`, another decoder of the codec's wire format (its
/// crate's document decode, `serbench measure`'s), on the small stack and
/// without a panic: a second decoder of a format keeps the first one's
/// checks. Each refusal is a decode error (not
/// [`ErrorKind::Unsupported`]) naming `codec`, which also names it in the
/// failures.
///
/// # Panics
///
/// When an input decodes, or its decode panics or overflows the stack.
pub fn refused_by<H: CraftsEvery>(codec: &str, decode: impl Fn(&[u8]) -> Result<(), Error> + Sync) {
    let inputs: Vec<Crafted> = H::every()
        .into_iter()
        .filter(|input| WIRE_FAULTS.contains(&input.class))
        .collect();
    assert!(
        !inputs.is_empty(),
        "{codec}: no crafted input of {WIRE_FAULTS:?} to hold its document decode to"
    );
    let failures: Vec<String> = inputs
        .iter()
        .filter_map(|input| {
            let name = format!("{codec} document: {}", input.what);
            on_small_stack(&name, || match decode(&input.bytes) {
                Ok(()) => Err(format!("{name}: decoded")),
                Err(error)
                    if error.codec() != codec
                        || error.kind() == ErrorKind::Unsupported
                        || error.message().is_empty() =>
                {
                    Err(format!("{name}: failed with {:?} `{error}`", error.kind()))
                }
                Err(_) => Ok(()),
            })
            .err()
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} crafted inputs were not refused by the second decoder:\n{}",
        failures.len(),
        inputs.len(),
        failures.join("\n")
    );
}

/// The crafted inputs of every dataset, for one format's inputs type.
macro_rules! crafts_every {
    ($($module:ident: $dataset:path,)*) => {
        /// A format's crafted inputs for every dataset of the model:
        /// [`Crafts<D>`] for each.
        pub trait CraftsEvery: HostileInputs $(+ Crafts<$dataset>)* {
            /// Every dataset's crafted inputs, in the model's order.
            fn every() -> Vec<Crafted> {
                [$(<Self as Crafts<$dataset>>::crafted()),*].concat()
            }
        }

        impl<H: HostileInputs $(+ Crafts<$dataset>)*> CraftsEvery for H {}
    };
}

serbench_model::for_each_dataset!(crafts_every, modules);

/// Every class of [`Class::REQUIRED`] is covered by one of `inputs`, the
/// crafted inputs of every dataset (`conformance_tests!` gathers them), or
/// declared not applicable by `H` with a reason, not both; every input has
/// a description.
pub fn coverage<H: HostileInputs>(inputs: &[Crafted]) {
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
    for input in inputs {
        assert!(!input.what.is_empty(), "an input has no description");
    }
}

/// `value`'s encoding by `C` with the one occurrence of `from` replaced
/// by `to`: an input of `class`, described by `what`, that must fail with
/// `kind`.
///
/// # Panics
///
/// If `C` cannot encode `value`, or `from` does not occur exactly once in
/// its encoding.
pub fn patched<C, D>(
    value: &D,
    class: Class,
    kind: ErrorKind,
    what: impl Into<String>,
    from: impl AsRef<[u8]>,
    to: impl AsRef<[u8]>,
) -> Crafted
where
    C: Codec<D>,
    D: Dataset,
{
    let valid = C::to_vec(value)
        .unwrap_or_else(|error| panic!("{} cannot encode a {}: {error}", C::NAME, D::NAME));
    patched_bytes(&valid, class, kind, what, from, to)
}

/// [`patched`] for an encoding at hand: `valid` with the one occurrence of
/// `from` replaced by `to`.
///
/// # Panics
///
/// If `from` does not occur exactly once in `valid`.
pub fn patched_bytes(
    valid: &[u8],
    class: Class,
    kind: ErrorKind,
    what: impl Into<String>,
    from: impl AsRef<[u8]>,
    to: impl AsRef<[u8]>,
) -> Crafted {
    let bytes = replace_once(valid, from.as_ref(), to.as_ref());
    Crafted::new(class, what, kind, bytes)
}

/// `valid` with its last `len` bytes replaced by `to`: an input of
/// `class`, described by `what`, that must fail with `kind`.
///
/// # Panics
///
/// If `valid` is shorter than `len`.
pub fn ending(
    valid: &[u8],
    class: Class,
    kind: ErrorKind,
    what: impl Into<String>,
    len: usize,
    to: &[u8],
) -> Crafted {
    let bytes = [&valid[..valid.len() - len], to].concat();
    Crafted::new(class, what, kind, bytes)
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
    let at = only(bytes, from);
    [&bytes[..at], to, &bytes[at + from.len()..]].concat()
}

/// `bytes` with `to` written over the bytes at the one occurrence of
/// `from`, for a layout of fixed places: `to` may be shorter than `from`
/// (the rest of it stays) or longer.
///
/// # Panics
///
/// If `from` does not occur exactly once, or `to` runs past the end.
#[must_use]
pub fn overwrite_once(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    overwritten(bytes, only(bytes, from), to)
}

/// `bytes` with `to` written over the bytes at offset `at`.
///
/// # Panics
///
/// If `to` runs past the end.
#[must_use]
pub fn overwritten(bytes: &[u8], at: usize, to: &[u8]) -> Vec<u8> {
    let mut bytes = bytes.to_vec();
    bytes[at..at + to.len()].copy_from_slice(to);
    bytes
}

/// Where the one occurrence of `from` in `bytes` starts.
fn only(bytes: &[u8], from: &[u8]) -> usize {
    let mut at =
        (0..=bytes.len().saturating_sub(from.len())).filter(|&at| bytes[at..].starts_with(from));
    let (Some(first), None) = (at.next(), at.next()) else {
        panic!(
            "{:?} does not occur exactly once in the encoding",
            String::from_utf8_lossy(from)
        );
    };
    first
}
