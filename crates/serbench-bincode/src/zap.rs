//! serde-zap: another library of bincode's wire format, through serde.
//!
//! serde-zap is a serde format written for speed (a one-byte error type,
//! raw-pointer reads) whose output is bincode 2's standard configuration:
//! the same varints (a value below 251 is one byte, else a marker 251, 252
//! or 253 and a little-endian `u16`, `u32` or `u64`), zigzag for signed
//! integers, lengths before strings and sequences, unit variants as their
//! index. So [`BincodeZap`] writes [`BincodeStock`](crate::BincodeStock)'s
//! bytes for every dataset (`tests/it/alike.rs` holds it), and the crate
//! docs' wire layout is its layout too.
//!
//! # Borrowing
//!
//! serde-zap hands serde every string as a slice of the input, so
//! [`Codec::borrow`] reads the datasets' borrowed forms with each text
//! lent, through the same call and checks as the owned decode.
//!
//! # Limits
//!
//! serde-zap checks a declared string or byte-string length against the
//! input left before it slices, and hints a sequence's length only when the
//! input left could hold that many elements; the model's serde impls
//! reserve at most 4 KiB ahead of a sequence's elements whatever the hint.
//! No declared length allocates more than the bytes that back it, so this
//! codec needs neither bincode's decode budget nor a pre-walk.
//!
//! # Errors
//!
//! serde-zap's error is a one-byte kind with no message and no position: a
//! failed decode is decoded again through the model's
//! [`Strict`](serbench_model::strict::Strict) wrapper, which carries the
//! message of a check in the model (`invalid value: integer 9, expected a
//! priority 0 to 3`) past serde-zap's error and names the field path. The
//! library keeps its position to itself, so the error has no byte offset.
//! `serde_zap::from_bytes` ignores bytes after the value; this codec reads
//! with `take_from_bytes` and refuses them ([`ErrorKind::TrailingBytes`]).

use std::cell::RefCell;
use std::marker::PhantomData;

use serbench_model::serde_forms::{Lent, SerdeBorrow, with_path};
use serbench_model::strict::{self, Context, Strict};
use serbench_model::{BaseCodec, Carries, Codec, Dataset, Error, ErrorKind, lend_or_tell};
use serde::Serialize;
use serde::de::{Deserialize, DeserializeOwned, Deserializer};

/// bincode's wire format written and read by serde-zap 0.1.1 through the
/// model's serde impls: what a serde-zap user writes
/// (`serde_zap::to_vec`, `serde_zap::take_from_bytes`).
#[derive(Clone, Copy, Debug, Default)]
pub struct BincodeZap;

impl BaseCodec for BincodeZap {
    const NAME: &'static str = "bincode-serde-zap";
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::SERDE_ZAP);
    /// serde-zap's serializer and deserializer keep serde's default
    /// `is_human_readable() == true`, so the model's ids, colors and times
    /// take their text forms (as in JSON) rather than bincode's binary ones:
    /// times are RFC 3339.
    const CARRIES: Carries = Carries {
        offsets_outside_rfc3339: false,
        years_outside_rfc3339: false,
        ..Carries::EVERYTHING
    };
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

serbench_model::per_dataset!(BincodeZap, BincodeZapGeneric);

impl<T> Codec<T> for BincodeZapGeneric
where
    T: Dataset + Serialize + DeserializeOwned + SerdeBorrow,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        write(value, out).map_err(|error| match error {
            // serde-zap keeps no message; of the datasets' values, only a
            // time's text form can refuse to be written.
            serde_zap::Error::Custom => {
                Error::new::<Self, T>(ErrorKind::Unsupported, UNWRITABLE_TIME).with_source(error)
            }
            other => unwritable(T::NAME, other),
        })
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        let (value, rest) =
            serde_zap::take_from_bytes::<T>(bytes).map_err(|error| located::<T>(bytes, error))?;
        whole(bytes, rest, |kind, message| {
            Error::new::<Self, T>(kind, message)
        })?;
        Ok(value)
    }

    /// serde-zap lends every string and byte string: it hands serde a
    /// slice of the input (`visit_borrowed_str`). A refusal is decode's,
    /// found again by decoding, so it carries the same path and message.
    fn borrow(bytes: &[u8]) -> Option<Result<T::Borrowed<'_>, Error>> {
        Some(lend_or_tell::<Self, T>(
            bytes,
            |bytes| match serde_zap::take_from_bytes::<Lent<'_, T>>(bytes) {
                Ok((lent, [])) => Some(lent.0),
                _ => None,
            },
        ))
    }
}

/// Why a dataset value does not encode: serde-zap's serializer says it is
/// human-readable, so the model writes its times as RFC 3339 text.
const UNWRITABLE_TIME: &str = "serde-zap is human-readable to serde, so times are RFC 3339 text, \
    which cannot hold an offset with seconds or a year outside 0000 to 9999";

/// `value` by serde-zap's `to_vec`, its API for an owned buffer, moved into
/// `out` when that is empty (the benchmark's case) and appended otherwise.
pub(crate) fn write<T: Serialize + ?Sized>(
    value: &T,
    out: &mut Vec<u8>,
) -> Result<(), serde_zap::Error> {
    let bytes = serde_zap::to_vec(value)?;
    if out.is_empty() {
        *out = bytes;
    } else {
        out.extend_from_slice(&bytes);
    }
    Ok(())
}

/// serde-zap refusing to write, about `subject`.
pub(crate) fn unwritable(subject: &'static str, error: serde_zap::Error) -> Error {
    Error::unwritable(BincodeZap::NAME, subject, error)
}

/// Refuses bytes left after the value, with an error built by `error`.
pub(crate) fn whole(
    bytes: &[u8],
    rest: &[u8],
    error: impl FnOnce(ErrorKind, String) -> Error,
) -> Result<(), Error> {
    if rest.is_empty() {
        return Ok(());
    }
    let message = format!("{} bytes follow the value", rest.len());
    Err(error(ErrorKind::TrailingBytes, message).at_offset(bytes.len() - rest.len()))
}

thread_local! {
    /// What the last [`PathOfFailure`] decode on this thread found: the
    /// field path and the message of a check in the model, which
    /// serde-zap's error cannot carry out of the decode.
    static FAILURE: RefCell<Option<(String, Option<String>)>> = const { RefCell::new(None) };
}

/// Decodes a `T` only to learn where it fails and why.
struct PathOfFailure<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for PathOfFailure<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let context = Context::naming_fields();
        match with_path::<_, T>(Strict::new(deserializer, &context)) {
            Ok(_) => Ok(Self(PhantomData)),
            Err((path, error)) => {
                let message = match &error {
                    strict::Error::Message(message) => Some(message.clone()),
                    strict::Error::Library(_) => None,
                };
                FAILURE.set(Some((path, message)));
                Err(strict::inward(&context, error))
            }
        }
    }
}

/// The error of a failed decode, with the field path and the model's
/// message found by decoding again.
fn located<T: Dataset + DeserializeOwned>(bytes: &[u8], error: serde_zap::Error) -> Error {
    FAILURE.set(None);
    let _ = serde_zap::take_from_bytes::<PathOfFailure<T>>(bytes);
    let (kind, mut what) = describe(error);
    let mut path = String::new();
    if let Some((found, message)) = FAILURE.take() {
        path = found;
        if let Some(message) = message {
            what = message;
        }
    }
    let error = Error::new::<BincodeZap, T>(kind, what).with_source(error);
    if path.is_empty() || path == "." {
        error
    } else {
        error.at_path(path)
    }
}

/// What kind of failure `error` is, in words.
pub(crate) fn describe(error: serde_zap::Error) -> (ErrorKind, String) {
    use serde_zap::Error as E;

    let (kind, what) = match error {
        E::UnexpectedEnd => (ErrorKind::Truncated, "the input ends inside the value"),
        E::InvalidVarint => (
            ErrorKind::Invalid,
            "a varint's marker announces an integer wider than its field",
        ),
        E::InvalidBool => (ErrorKind::Invalid, "a bool is neither 0 nor 1"),
        E::InvalidOption => (ErrorKind::Invalid, "an Option tag is neither 0 nor 1"),
        E::InvalidUtf8 => (ErrorKind::Invalid, "a string is not valid UTF-8"),
        E::InvalidLength => (ErrorKind::Limit, "a declared length does not fit in memory"),
        E::Custom => (ErrorKind::Invalid, "a value is not the model's"),
        other => return (ErrorKind::Invalid, other.to_string()),
    };
    (kind, what.to_owned())
}

/// A document through serde-zap, for `serbench measure`'s
/// `bincode-serde-zap` row, and any serde type by the same calls. As with
/// bincode, a document goes through its inferred schema
/// ([`serbench_document::positional`]).
#[cfg(feature = "document")]
mod document {
    use std::cell::RefCell;
    use std::rc::Rc;

    use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec};
    use serbench_document::positional::{Positional, Seed, schematic};
    use serbench_document::serde_path::SerdeCodec;
    use serbench_document::{DocText, Schema, Value};
    use serbench_model::{BaseCodec, Error};
    use serde::Serialize;
    use serde::de::{self, Deserialize, DeserializeOwned, DeserializeSeed, Deserializer};

    use super::{BincodeZap, describe, unwritable, whole, write};

    impl DocumentCodec for BincodeZap {
        const KEEPS_KEY_ORDER: bool = false;

        /// The document under its inferred schema.
        fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
            schematic::<BincodeZap>(context)
        }
    }

    /// serde-zap's error of a document's decode; it tells no position.
    fn read_error(error: serde_zap::Error) -> Error {
        let (kind, what) = describe(error);
        Error::named(kind, BincodeZap::NAME, DOCUMENT, what).with_source(error)
    }

    fn named(kind: serbench_model::ErrorKind, message: String) -> Error {
        Error::named(kind, BincodeZap::NAME, DOCUMENT, message)
    }

    impl SerdeCodec for BincodeZap {
        fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
            write(value, out).map_err(|error| unwritable(DOCUMENT, error))
        }

        fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
            let (value, rest) = serde_zap::take_from_bytes::<T>(bytes).map_err(read_error)?;
            whole(bytes, rest, named)?;
            Ok(value)
        }
    }

    thread_local! {
        /// The schema [`Seeded`] reads with: serde-zap takes a type to
        /// deserialize, not a seed, so the seed comes this way.
        static SCHEMA: RefCell<Option<Rc<Schema>>> = const { RefCell::new(None) };
    }

    /// A value read with the schema in [`SCHEMA`], its text of type `S`.
    struct Seeded<S>(Value<S>);

    impl<'de, S: DocText<'de>> Deserialize<'de> for Seeded<S> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let schema = SCHEMA
                .with_borrow(Clone::clone)
                .ok_or_else(|| de::Error::custom("no schema to read the document with"))?;
            Seed::new(&schema).deserialize(deserializer).map(Seeded)
        }
    }

    impl Positional for BincodeZap {
        const ID: &'static str = Self::NAME;

        /// serde-zap's slice decoder lends its text to the seed.
        const LENDS: bool = true;

        fn read_seed<'de, S: DocText<'de>>(
            schema: &Rc<Schema>,
            bytes: &'de [u8],
        ) -> Result<Value<S>, Error> {
            let previous = SCHEMA.replace(Some(Rc::clone(schema)));
            let read = serde_zap::take_from_bytes::<Seeded<S>>(bytes);
            SCHEMA.set(previous);
            let (Seeded(value), rest) = read.map_err(read_error)?;
            whole(bytes, rest, named)?;
            Ok(value)
        }
    }
}

/// serde-zap's schema evolution: bincode's layout, fields in declaration
/// order with no names, tested as bincode-stock's is, bare and behind the
/// version tag.
#[cfg(feature = "evolution")]
impl serbench_evolution::Evolution for BincodeZap {
    const PRACTICES: &'static [serbench_evolution::Practised] =
        serbench_evolution::Serde::<Self>::POSITIONAL;
}
