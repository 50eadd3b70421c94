//! The serde path: every input the fast path does not read whole is decoded
//! here, within the decode budget the crate docs describe, and a failure is
//! described with its kind, field path and byte offset. It is also all of
//! [`BincodeStock`](crate::BincodeStock)'s decode.

use std::marker::PhantomData;

use bincode::config;
use bincode::de::{BorrowDecode, BorrowDecoder, Decoder, DecoderImpl};
use bincode::error::DecodeError;
use bincode::serde::BorrowCompat;
use serbench_model::serde_forms::{Lent, SerdeBorrow, with_path};
use serbench_model::strict::{self, Context, Strict};
use serbench_model::{BaseCodec, Dataset, Error, ErrorKind};
use serde::de::{self, Deserialize, DeserializeOwned, Deserializer};

use crate::input::Input;

/// Decodes one value that fills `bytes` through bincode's serde support:
/// step 1 with the plain budget, step 2 with strings borrowed if that runs
/// out. Errors name codec `F`.
pub(crate) fn with_serde<F: BaseCodec, T: Dataset + DeserializeOwned>(
    bytes: &[u8],
) -> Result<T, Error> {
    let (value, end) = match decode_within::<T>(bytes, PLAIN) {
        (Err(DecodeError::LimitExceeded), _) => {
            let (value, end) = decode_within::<Borrowing<T>>(bytes, STRICT);
            (value.map(|Borrowing(value)| value), end)
        }
        plain => plain,
    };
    let value = value.map_err(|error| located::<F, T>(bytes, error, end))?;
    if end < bytes.len() {
        let message = format!("{} bytes follow the value", bytes.len() - end);
        return Err(Error::new::<F, T>(ErrorKind::TrailingBytes, message).at_offset(end));
    }
    Ok(value)
}

/// A borrowed decode through bincode's serde support, its strings lent
/// from `bytes`: `None` where [`with_serde`] would fail. A lying length
/// allocates nothing, so the budget is step 2's.
pub(crate) fn lend<T: SerdeBorrow>(bytes: &[u8]) -> Option<T::Borrowed<'_>> {
    match decode_within::<Lent<'_, T>>(bytes, STRICT) {
        (Ok(Lent(lent)), end) if end == bytes.len() => Some(lent),
        _ => None,
    }
}

/// What a decode may claim: `per_byte` claims per byte of input, plus
/// `floor`, so short inputs are not held to a few bytes.
#[derive(Clone, Copy)]
struct Budget {
    per_byte: usize,
    floor: usize,
}

impl Budget {
    /// The budget for `len` bytes of input.
    fn for_len(self, len: usize) -> usize {
        len.saturating_mul(self.per_byte).saturating_add(self.floor)
    }
}

/// Step 1's budget (see the crate docs). A lying string length allocates
/// up to all of it while the sequences it sits in hold their
/// preallocations: up to 4 KiB each, and the model nests a string in two
/// sequences at most (a task's description, in its list's tasks, in the
/// lists). A floor 16 KiB short of 64 KiB leaves room for those and the
/// little decoded before the lie, so a lie costs at most 4 × the input +
/// 64 KiB in all.
const PLAIN: Budget = Budget {
    per_byte: 4,
    floor: 48 * 1024,
};

/// Step 2's budget: the most one byte of a valid value can claim, a one-byte
/// varint read as a `u64`, `i64` or length. (Only 128-bit integers claim
/// more, and the model has none.) Its strings are borrowed, so a lie
/// allocates nothing and short inputs get all of 64 KiB.
const STRICT: Budget = Budget {
    per_byte: 8,
    floor: 64 * 1024,
};

/// Decodes a `T` from `bytes` with bincode's serde support, within
/// `budget`, and tells where decoding stopped.
fn decode_within<'de, T: Deserialize<'de>>(
    bytes: &'de [u8],
    budget: Budget,
) -> (Result<T, DecodeError>, usize) {
    let config = config::standard().with_limit::<{ usize::MAX }>();
    let mut decoder = DecoderImpl::new(Input::new(bytes), config, ());
    // Claiming all of the limit but the budget leaves the budget.
    let value = decoder
        .claim_bytes_read(usize::MAX - budget.for_len(bytes.len()))
        .and_then(|()| <BorrowCompat<T> as BorrowDecode<'de, ()>>::borrow_decode(&mut decoder))
        .map(|BorrowCompat(value)| value);
    (value, decoder.borrow_reader().position())
}

/// Step 2: a `T` decoded with strings borrowed (see [`strict`]).
struct Borrowing<T>(T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Borrowing<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let context = Context::default();
        T::deserialize(Strict::new(deserializer, &context))
            .map(Borrowing)
            .map_err(|error| strict::inward(&context, error))
    }
}

/// Decodes a `T` only to learn where it fails: the field path becomes the
/// error message.
struct PathOfFailure<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for PathOfFailure<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let context = Context::naming_fields();
        match with_path::<_, T>(Strict::new(deserializer, &context)) {
            Ok(_) => Ok(Self(PhantomData)),
            Err((path, _)) => Err(de::Error::custom(path)),
        }
    }
}

/// The error of a failed decode that stopped at byte `at`, with the field
/// path found by decoding again (step 2's way, which claims what step 1
/// does and fails where it fails).
fn located<F: BaseCodec, T: Dataset + DeserializeOwned>(
    bytes: &[u8],
    error: DecodeError,
    at: usize,
) -> Error {
    let (kind, what) = describe(&error, bytes.len(), STRICT.for_len(bytes.len()));
    let located = Error::new::<F, T>(kind, what)
        .at_offset(at)
        .with_source(error);
    match decode_within::<PathOfFailure<T>>(bytes, STRICT) {
        (Err(DecodeError::OtherString(path)), _) if path != "." => located.at_path(path),
        _ => located,
    }
}

/// What kind of failure `error`, of a decode of `len` bytes that may claim
/// `budget`, is, in words; bincode's own `Display` is its `Debug`.
pub(crate) fn describe(error: &DecodeError, len: usize, budget: usize) -> (ErrorKind, String) {
    match error {
        DecodeError::UnexpectedEnd { additional } => (
            ErrorKind::Truncated,
            format!("the input ends at least {additional} bytes short of the value"),
        ),
        DecodeError::LimitExceeded => (
            ErrorKind::Limit,
            format!(
                "declared lengths pass the decode budget of {budget} bytes for {len} bytes of input"
            ),
        ),
        DecodeError::OutsideUsizeRange(length) => (
            ErrorKind::Limit,
            format!("a declared length of {length} does not fit in memory"),
        ),
        DecodeError::Utf8 { inner } => (
            ErrorKind::Invalid,
            format!("a string is not valid UTF-8: {inner}"),
        ),
        DecodeError::InvalidBooleanValue(byte) => (
            ErrorKind::Invalid,
            format!("a bool is {byte}, which is neither 0 nor 1"),
        ),
        DecodeError::UnexpectedVariant {
            type_name, found, ..
        } => (
            ErrorKind::Invalid,
            format!("{type_name} has no variant {found}"),
        ),
        DecodeError::InvalidIntegerType { expected, found } => (
            ErrorKind::Invalid,
            format!("a varint holds a {found:?} where a {expected:?} belongs"),
        ),
        DecodeError::OtherString(message) => (ErrorKind::Invalid, message.clone()),
        other => (ErrorKind::Invalid, format!("{other:?}")),
    }
}
