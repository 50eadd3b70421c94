//! The minicbor codec: the same bytes as [`Cbor`](crate::Cbor), through
//! minicbor's own `Encode` and `Decode` traits, written here for each model
//! type.
//!
//! minicbor's derive keys maps by integers (`#[n(0)]`), not by names, so it
//! cannot write the layout ciborium writes; a minicbor user who needs
//! text keys implements the traits by hand over minicbor's `Encoder` and
//! `Decoder`, as this module does. The model's types are not this crate's,
//! so the impls take a context type of this crate, [`Ctx`], as minicbor's
//! trait parameter (which the orphan rule then allows).
//!
//! The `Decode` impls are generic over the string type ([`Str`]): with
//! `String` they build the owned value, with [`Text`] the borrowed form
//! ([`Codec::borrow`]), which lends every text string of definite length
//! from the input (minicbor's `&'b str`) and owns the joined chunks of an
//! indefinite one. The two run behind the same pass and read the same
//! layout with the same checks.
//!
//! Floats take the shortest of half, single and double precision that
//! keeps their bits, as ciborium writes them; minicbor reads all three.
//!
//! rust_serialization_benchmark times minicbor through its own derive,
//! keyed by indices (`#[n(…)]`) into arrays; these impls write the layout
//! ciborium writes, keys as text, so their sizes for RSB's four datasets
//! are ciborium's, not RSB's minicbor row's.

mod datasets;
mod rsb;
mod task_manager;

use std::borrow::Cow;

use minicbor::data::Type;
use minicbor::decode::Error as DecodeError;
use minicbor::{Decode, Decoder, Encode, Encoder};
use serbench_model::excerpt::shown_name;
use serbench_model::{
    BaseCodec, Carries, Codec, Dataset, Error, ErrorKind, Graph, Logs, MediaContent, Mesh, Players,
    Record, SensorReading, TaskManager, Text, Updates, lend_or_tell,
};

use crate::Wire;

/// CBOR through minicbor: the same layout as [`Cbor`](crate::Cbor).
#[derive(Clone, Copy, Debug, Default)]
pub struct CborMinicbor;

impl BaseCodec for CborMinicbor {
    const NAME: &'static str = "cbor-minicbor";
    const DECLARED: Option<serbench_model::declared::Declared> =
        Some(crate::declared::CBOR_MINICBOR);
    const CARRIES: Carries = crate::Cbor::CARRIES;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

/// The context of this crate's `Encode` and `Decode` impls: it carries
/// nothing, and being local it lets this crate implement minicbor's traits
/// for the model's types.
pub struct Ctx;

// The model's string type of a layout's text (`String` or `Text`), which
// `text` reads: borrowed from the input, or joined from the chunks of an
// indefinite-length string.
pub(crate) use serbench_model::Str;

mod private {
    use minicbor::Decoder;
    use minicbor::decode::Error as DecodeError;
    use serbench_model::Dataset;

    /// A dataset whose borrowed form this module's `Decode` impls read.
    pub(crate) trait Lend: Dataset {
        fn lend_minicbor<'b>(d: &mut Decoder<'b>) -> Result<Self::Borrowed<'b>, DecodeError>;
    }
}

use private::Lend;

macro_rules! lend {
    ($($dataset:ident),*) => {$(
        impl Lend for $dataset {
            fn lend_minicbor<'b>(d: &mut Decoder<'b>) -> Result<$dataset<Text<'b>>, DecodeError> {
                d.decode_with(&mut Ctx)
            }
        }
    )*};
}

lend!(
    TaskManager,
    SensorReading,
    Graph,
    Record,
    MediaContent,
    Logs,
    Players
);

/// The datasets with no text, whose borrowed form is the owned value.
macro_rules! lend_owned {
    ($($dataset:ident),*) => {$(
        impl Lend for $dataset {
            fn lend_minicbor(d: &mut Decoder<'_>) -> Result<$dataset, DecodeError> {
                d.decode_with(&mut Ctx)
            }
        }
    )*};
}

lend_owned!(Mesh, Updates);

serbench_model::per_dataset!(CborMinicbor, CborMinicborGeneric);

impl<T> Codec<T> for CborMinicborGeneric
where
    T: Dataset + Wire + Lend + Encode<Ctx> + for<'b> Decode<'b, Ctx>,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        minicbor::encode_with(value, out, &mut Ctx).map_err(|error| unwritable(T::NAME, error))
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        // The same pass as ciborium's: no length minicbor reads can pass
        // the end of the input, nesting is at most 16 deep, and nothing
        // follows the value.
        crate::checked::<Self, T>(bytes)?;
        minicbor::decode_with(bytes, &mut Ctx)
            .map_err(|error: DecodeError| decode_error(T::NAME, error, 0))
    }

    fn borrow(bytes: &[u8]) -> Option<Result<T::Borrowed<'_>, Error>> {
        Some(lend_or_tell::<Self, T>(bytes, |bytes| {
            crate::checked::<Self, T>(bytes).ok()?;
            T::lend_minicbor(&mut Decoder::new(bytes)).ok()
        }))
    }
}

/// CborMinicbor's library refusing to write, about `subject`.
pub(crate) fn unwritable(
    subject: &'static str,
    error: minicbor::encode::Error<std::convert::Infallible>,
) -> Error {
    Error::unwritable(CborMinicbor::NAME, subject, error)
}

/// minicbor's decode error as ours, about `subject` (a dataset, or a
/// document), at its position, or at `at` where it names none.
pub(crate) fn decode_error(subject: &'static str, error: DecodeError, at: usize) -> Error {
    let kind = if error.is_end_of_input() {
        ErrorKind::Truncated
    } else if error.to_string().contains("utf-8") {
        ErrorKind::Syntax
    } else {
        ErrorKind::Invalid
    };
    let at = error.position().unwrap_or(at);
    // minicbor opens its message with the position, which the error
    // keeps as data: without it, the message says what was wrong.
    let text = error.to_string();
    let prefix = format!("decode error at position {at}: ");
    let message = text.strip_prefix(&prefix).unwrap_or(&text).to_owned();
    Error::named(kind, CborMinicbor::NAME, subject, message)
        .at_offset(at)
        .with_source(error)
}

/// Writes `value` in the shortest of half, single and double precision that
/// reads back to the same bits.
pub(crate) fn float<W: minicbor::encode::Write>(
    e: &mut Encoder<W>,
    value: f64,
) -> Result<(), minicbor::encode::Error<W::Error>> {
    let single = value as f32;
    if f64::from(single).to_bits() != value.to_bits() {
        e.f64(value)?;
        return Ok(());
    }
    // Whether half precision keeps the bits, asked of minicbor itself: it
    // writes and reads half precision, so a value it reads back the same
    // is one it may write in 3 bytes.
    let mut half = [0u8; 3];
    let fits = Encoder::new(&mut half[..]).f16(single).is_ok()
        && Decoder::new(&half)
            .f64()
            .is_ok_and(|back| back.to_bits() == value.to_bits());
    if fits {
        e.f16(single)?;
    } else {
        e.f32(single)?;
    }
    Ok(())
}

/// A text string, of definite or indefinite length.
fn text<'b>(d: &mut Decoder<'b>) -> Result<Cow<'b, str>, DecodeError> {
    if d.datatype()? != Type::StringIndef {
        return d.str().map(Cow::Borrowed);
    }
    let mut whole = String::new();
    for chunk in d.str_iter()? {
        whole.push_str(chunk?);
    }
    Ok(Cow::Owned(whole))
}

/// A text string as the string type `S`.
fn string<'b, S: Str<'b>>(d: &mut Decoder<'b>) -> Result<S, DecodeError> {
    text(d).map(S::of)
}

/// A byte string, of definite or indefinite length.
fn bytes<'b>(d: &mut Decoder<'b>) -> Result<Cow<'b, [u8]>, DecodeError> {
    if d.datatype()? != Type::BytesIndef {
        return d.bytes().map(Cow::Borrowed);
    }
    let mut whole = Vec::new();
    for chunk in d.bytes_iter()? {
        whole.extend_from_slice(chunk?);
    }
    Ok(Cow::Owned(whole))
}

/// An optional value: `null` (or `undefined`, as ciborium reads it) is
/// `None`.
fn optional<'b, T>(
    d: &mut Decoder<'b>,
    value: impl FnOnce(&mut Decoder<'b>) -> Result<T, DecodeError>,
) -> Result<Option<T>, DecodeError> {
    match d.datatype()? {
        Type::Null => d.null().map(|()| None),
        Type::Undefined => d.undefined().map(|()| None),
        _ => value(d).map(Some),
    }
}

/// Writes `value` or `null`.
fn write_optional<W: minicbor::encode::Write, T>(
    e: &mut Encoder<W>,
    value: Option<&T>,
    write: impl FnOnce(&mut Encoder<W>, &T) -> Result<(), minicbor::encode::Error<W::Error>>,
) -> Result<(), minicbor::encode::Error<W::Error>> {
    match value {
        Some(value) => write(e, value),
        None => e.null().map(|_| ()),
    }
}

/// An array of items, reserving at most 4 KiB ahead of what arrives.
fn items<'b, T>(
    d: &mut Decoder<'b>,
    mut item: impl FnMut(&mut Decoder<'b>) -> Result<T, DecodeError>,
) -> Result<Vec<T>, DecodeError> {
    let len = d.array()?;
    let most = 4096 / size_of::<T>().max(1);
    let declared = len.map_or(0, |len| usize::try_from(len).unwrap_or(usize::MAX));
    let mut items = Vec::with_capacity(declared.min(most));
    match len {
        Some(len) => {
            for _ in 0..len {
                items.push(item(d)?);
            }
        }
        None => {
            while !at_break(d)? {
                items.push(item(d)?);
            }
        }
    }
    Ok(items)
}

/// Whether the next item is the break that ends a container of indefinite
/// length; if so, steps over it (minicbor has no call that reads a break).
fn at_break(d: &mut Decoder<'_>) -> Result<bool, DecodeError> {
    if d.datatype()? == Type::Break {
        d.set_position(d.position() + 1);
        return Ok(true);
    }
    Ok(false)
}

/// Items decoded by their `Decode` impl.
fn decoded<'b, T: Decode<'b, Ctx>>(d: &mut Decoder<'b>) -> Result<Vec<T>, DecodeError> {
    items(d, |d| T::decode(d, &mut Ctx))
}

/// A field that must be there.
fn need<T>(value: Option<T>, name: &str, d: &Decoder<'_>) -> Result<T, DecodeError> {
    value.ok_or_else(|| DecodeError::message(format!("missing field `{name}`")).at(d.position()))
}

/// Reads a map whose keys are `names`, calling `field` with the index of
/// each key read; an unknown or repeated key is an error.
fn fields<'b, const N: usize>(
    d: &mut Decoder<'b>,
    names: &[&str; N],
    mut field: impl FnMut(usize, &mut Decoder<'b>) -> Result<(), DecodeError>,
) -> Result<(), DecodeError> {
    let mut seen = [false; N];
    let mut entry = |d: &mut Decoder<'b>| {
        let at = d.position();
        let key = text(d)?;
        let index = names
            .iter()
            .position(|name| **name == *key)
            .ok_or_else(|| {
                DecodeError::message(format!("unknown field `{}`", shown_name(&key))).at(at)
            })?;
        if std::mem::replace(&mut seen[index], true) {
            return Err(DecodeError::message(format!("duplicate field `{key}`")).at(at));
        }
        field(index, d)
    };
    match d.map()? {
        Some(len) => {
            for _ in 0..len {
                entry(d)?;
            }
        }
        None => {
            while !at_break(d)? {
                entry(d)?;
            }
        }
    }
    Ok(())
}
