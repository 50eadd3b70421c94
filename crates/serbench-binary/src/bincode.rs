//! bincode 2.0.1 with its standard configuration.
//!
//! ```
//! use serbench_model::MediaContent;
//!
//! let bytes = serbench_binary::bincode::to_vec(&MediaContent::canonical())?;
//! // The first field, the uri: its length, 30, then its UTF-8 bytes.
//! assert!(bytes.starts_with(b"\x1ehttp://javaone.com/keynote.mpg"));
//! let back: MediaContent = serbench_binary::bincode::from_slice(&bytes)?;
//! assert_eq!(back, MediaContent::canonical());
//! # Ok::<(), serbench_binary::Error>(())
//! ```
//!
//! # Integers
//!
//! `config::standard()`: little-endian, and every integer wider than a byte
//! (lengths included) is a varint: a value below 251 is one byte; otherwise
//! a marker byte 251, 252 or 253 is followed by the value as a little-endian
//! `u16`, `u32` or `u64`. Signed integers are zigzag-encoded first (0, −1, 1,
//! −2 … become 0, 1, 2, 3 …). A `u8` and a `bool` are one byte.
//!
//! # Decode limit and memory
//!
//! bincode counts the bytes a decode *claims* and fails with
//! [`ErrorKind::Limit`] past a limit. It claims the full width of an integer
//! however short its varint (8 bytes for a one-byte `u64`, length or `i64`)
//! and the length of every string, so a valid value claims up to eight
//! bytes per byte it occupies. bincode 2.0.1 also reads an
//! owned string by claiming its declared length, *allocating* that many
//! bytes and only then reading: a 20-byte input declaring a 1 GiB string
//! allocates as much as the limit allows before it fails.
//!
//! Every decode first takes a fast path (`src/native.rs`): bincode's own
//! decoders read the dataset field by field, strings borrowed from the
//! input (bincode checks a declared length against what is left before
//! slicing) and sequences reserving at most 4 KiB ahead, so no declared
//! length allocates more than the bytes that back it. It reads every valid
//! encoding, in two thirds of the time the serde path takes. An input it
//! does not read to its last byte goes to the serde path below, which
//! decides, with the budget and the error messages described here.
//!
//! bincode's limit is a const generic, but a decode can claim part of it
//! before it starts, which leaves a budget computed from the input length.
//! Every decode runs with such a budget, in up to two steps:
//!
//! 1. Plain bincode with a budget of 4 × the input length + 48 KiB. A lying
//!    string length then costs at most that much, in one allocation freed at
//!    once. Valid values that claim up to four bytes per byte decode here at
//!    bincode's full speed: the generated datasets claim 1.05 (the seed
//!    graph) to 2.7 (tiny graphs), the task-manager 1.45.
//! 2. If the budget runs out, the input is decoded again with a budget of
//!    8 × its length + 64 KiB, which every valid value fits, and with every
//!    string and byte string asked for borrowed: bincode slices those out of
//!    the input after checking that enough input is left, so no declared
//!    length allocates anything. This step takes about half again as long.
//!
//! Sequences reserve at most 4 KiB ahead of their elements (the model's
//! serde impls trust a declared length no further), and a string sits in two
//! sequences at most, so the 16 KiB that step 1's floor leaves short of
//! 64 KiB cover their reservations: a short input that lies about its
//! lengths makes a decode allocate at most 4 × its length + 64 KiB (the
//! conformance kit's hostile inputs check it). A longer one allocates that
//! on top of what the value decoded before the lie takes.

use std::marker::PhantomData;

use ::bincode::config;
use ::bincode::de::read::{BorrowReader, Reader};
use ::bincode::de::{BorrowDecode, BorrowDecoder, Decoder, DecoderImpl};
use ::bincode::enc::write::Writer;
use ::bincode::error::{DecodeError, EncodeError};
use ::bincode::serde::BorrowCompat;
use serbench_model::__private::serde_forms::with_path;
use serbench_model::{Carries, Codec, Dataset, Error, ErrorKind, Format};
use serde::Serialize;
use serde::de::{self, Deserialize, DeserializeOwned, Deserializer};

use crate::native::Native;
use crate::strict::{self, Context, Strict};

/// The bincode codec (bincode 2.0.1, standard configuration).
#[derive(Clone, Copy, Debug, Default)]
pub struct Bincode;

impl Format for Bincode {
    const NAME: &'static str = "bincode";
    const CARRIES: Carries = Carries::EVERYTHING;
    type Error = Error;
}

/// Encodes `value` as bincode.
pub fn to_vec<T: Dataset>(value: &T) -> Result<Vec<u8>, Error>
where
    Bincode: Codec<T>,
{
    Bincode::to_vec(value)
}

/// Decodes one bincode value that fills `bytes`.
pub fn from_slice<T: Dataset>(bytes: &[u8]) -> Result<T, Error>
where
    Bincode: Codec<T>,
{
    Bincode::decode(bytes)
}

impl<T> Codec<T> for Bincode
where
    T: Dataset + Serialize + DeserializeOwned + Native,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        ::bincode::serde::encode_into_writer(value, Append(out), config::standard()).map_err(
            |error| {
                let message = match &error {
                    EncodeError::OtherString(message) => message.clone(),
                    other => format!("{other:?}"),
                };
                Error::new::<Self, T>(ErrorKind::Unsupported, message).with_source(error)
            },
        )
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        if let Some(value) = read_natively(bytes) {
            return Ok(value);
        }
        // What the fast path did not read whole, the serde path decides,
        // within its budget and with its messages.
        let (value, end) = match decode_within::<T>(bytes, PLAIN) {
            (Err(DecodeError::LimitExceeded), _) => {
                let (value, end) = decode_within::<Borrowing<T>>(bytes, STRICT);
                (value.map(|Borrowing(value)| value), end)
            }
            plain => plain,
        };
        let value = value.map_err(|error| located::<T>(bytes, error, end))?;
        if end < bytes.len() {
            let message = format!("{} bytes follow the value", bytes.len() - end);
            return Err(Error::new::<Self, T>(ErrorKind::TrailingBytes, message).at_offset(end));
        }
        Ok(value)
    }
}

/// The value `bytes` hold, read by the fast path ([`crate::native`]), or
/// `None` if it stopped early or did not reach the end.
fn read_natively<T: Native>(bytes: &[u8]) -> Option<T> {
    let mut decoder = DecoderImpl::new(Input::new(bytes), config::standard(), ());
    let value = T::read(&mut decoder).ok()?;
    (decoder.borrow_reader().position() == bytes.len()).then_some(value)
}

/// Appends to the caller's buffer; bincode's own writers start a new one.
struct Append<'a>(&'a mut Vec<u8>);

impl Writer for Append<'_> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.0.extend_from_slice(bytes);
        Ok(())
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

/// Step 1's budget (see the module docs). A lying string length allocates
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

/// The input as bincode reads it, as bincode's `SliceReader` does, but
/// telling its position.
struct Input<'de> {
    rest: &'de [u8],
    len: usize,
}

impl<'de> Input<'de> {
    fn new(bytes: &'de [u8]) -> Self {
        Self {
            rest: bytes,
            len: bytes.len(),
        }
    }

    fn position(&self) -> usize {
        self.len - self.rest.len()
    }
}

impl Reader for Input<'_> {
    #[inline]
    fn read(&mut self, bytes: &mut [u8]) -> Result<(), DecodeError> {
        let taken = self.take_bytes(bytes.len())?;
        bytes.copy_from_slice(taken);
        Ok(())
    }

    #[inline]
    fn peek_read(&mut self, n: usize) -> Option<&[u8]> {
        self.rest.get(..n)
    }

    #[inline]
    fn consume(&mut self, n: usize) {
        self.rest = self.rest.get(n..).unwrap_or_default();
    }
}

impl<'de> BorrowReader<'de> for Input<'de> {
    #[inline]
    fn take_bytes(&mut self, length: usize) -> Result<&'de [u8], DecodeError> {
        let (taken, rest) =
            self.rest
                .split_at_checked(length)
                .ok_or_else(|| DecodeError::UnexpectedEnd {
                    additional: length - self.rest.len(),
                })?;
        self.rest = rest;
        Ok(taken)
    }
}

/// Step 2: a `T` decoded with strings borrowed (see [`crate::strict`]).
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
fn located<T: Dataset + DeserializeOwned>(bytes: &[u8], error: DecodeError, at: usize) -> Error {
    let (kind, what) = describe(&error, bytes.len());
    let located = Error::new::<Bincode, T>(kind, what)
        .at_offset(at)
        .with_source(error);
    match decode_within::<PathOfFailure<T>>(bytes, STRICT) {
        (Err(DecodeError::OtherString(path)), _) if path != "." => located.at_path(path),
        _ => located,
    }
}

/// What kind of failure `error` is, in words; bincode's own `Display` is its
/// `Debug`.
fn describe(error: &DecodeError, len: usize) -> (ErrorKind, String) {
    match error {
        DecodeError::UnexpectedEnd { additional } => (
            ErrorKind::Truncated,
            format!("the input ends at least {additional} bytes short of the value"),
        ),
        DecodeError::LimitExceeded => (
            ErrorKind::Limit,
            format!(
                "the lengths the input declares pass the decode budget of {} bytes for {len} bytes of input",
                STRICT.for_len(len)
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

#[cfg(test)]
mod tests {
    use serbench_model::{Graph, MediaContent, Record, SensorReading, TaskManager};

    use super::*;

    /// The fast path reads what encoding writes, for every dataset; were it
    /// to fall behind the layout, decoding would still succeed through the
    /// serde path, only slower, so this is what notices.
    fn reads_natively<T: Dataset + Serialize + DeserializeOwned + Native>(values: Vec<T>) {
        for value in values {
            let bytes = to_vec(&value).unwrap();
            assert_eq!(read_natively::<T>(&bytes).as_ref(), Some(&value));
            // A cut or a trailing byte is left to the serde path.
            assert!(read_natively::<T>(&bytes[..bytes.len() - 1]).is_none());
            let mut longer = bytes.clone();
            longer.push(0);
            assert!(read_natively::<T>(&longer).is_none());
        }
    }

    #[test]
    fn the_fast_path_reads_every_dataset() {
        reads_natively(TaskManager::workload(50));
        reads_natively(SensorReading::workload(20));
        reads_natively(Graph::workload(12));
        reads_natively(Record::workload(1));
        let mut media = MediaContent::canonical();
        media.media.title = None;
        media.media.bitrate = None;
        media.media.copyright = Some("© 2009".to_owned());
        media.images[0].title = None;
        reads_natively(vec![MediaContent::canonical(), media]);
    }
}
