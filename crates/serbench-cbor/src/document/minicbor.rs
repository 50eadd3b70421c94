//! A document through minicbor's own `Encoder` and `Decoder`, for the
//! `cbor-minicbor` row: minicbor has no serde support, so [`Value`] is
//! written and read by hand. `serbench measure` reads a user's CBOR input
//! with the same decode ([`read`]), so what the measurement starts from is
//! read by a strict decoder with positions.

use minicbor::data::Type;
use minicbor::{Decoder, Encoder};
use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec, ReadDocument};
use serbench_document::value::{Keys, MAX_DEPTH, Value, duplicate_key};
use serbench_model::{BaseCodec, Error, ErrorKind};

use crate::CborMinicbor;
use crate::via_minicbor::{decode_error, unwritable};

impl DocumentCodec for CborMinicbor {
    const KEEPS_KEY_ORDER: bool = true;

    /// The document as it is: CBOR carries every [`Value`] kind.
    fn document(_: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        Ok(Box::new(MiniCbor))
    }
}

impl ReadDocument for CborMinicbor {
    /// A user's CBOR input, read as the row decodes.
    fn read_document(bytes: &[u8]) -> Result<Value, Error> {
        read(bytes)
    }
}

/// minicbor's codec of a document.
struct MiniCbor;

impl Codec for MiniCbor {
    fn encode(&self, value: &Value, out: &mut Vec<u8>) -> Result<(), Error> {
        write(&mut Encoder::new(out), value).map_err(|error| unwritable(DOCUMENT, error))
    }

    fn decode(&self, bytes: &[u8]) -> Result<Value, Error> {
        read(bytes)
    }
}

type EncodeResult = Result<(), minicbor::encode::Error<std::convert::Infallible>>;

fn write(e: &mut Encoder<&mut Vec<u8>>, value: &Value) -> EncodeResult {
    match value {
        Value::Null => {
            e.null()?;
        }
        Value::Bool(b) => {
            e.bool(*b)?;
        }
        Value::Int(n) => {
            e.i64(*n)?;
        }
        Value::UInt(n) => {
            e.u64(*n)?;
        }
        // The shortest float that keeps the bits, as the dataset codec and
        // ciborium write it, so the CBOR rows' sizes are one format's.
        Value::Float(x) => crate::via_minicbor::float(e, *x)?,
        Value::Text(text) => {
            e.str(text)?;
        }
        Value::Bytes(bytes) => {
            e.bytes(bytes)?;
        }
        Value::List(items) => {
            e.array(items.len() as u64)?;
            for item in items {
                write(e, item)?;
            }
        }
        Value::Map(entries) => {
            e.map(entries.len() as u64)?;
            for (key, item) in entries {
                e.str(key)?;
                write(e, item)?;
            }
        }
    }
    Ok(())
}

/// One CBOR data item, all of `bytes`, as a document: after the pass every
/// decoder of this crate runs first, minicbor reads text keys only, no
/// tags, no simple values but false, true and null, nesting at most
/// [`MAX_DEPTH`].
///
/// # Errors
///
/// What is wrong, at the byte where it is.
pub fn read(bytes: &[u8]) -> Result<Value, Error> {
    super::pass::<CborMinicbor>(bytes)?;
    let mut d = Decoder::new(bytes);
    let value = item(&mut d, 0)?;
    if d.position() < bytes.len() {
        let message = format!("{} bytes follow the value", bytes.len() - d.position());
        return Err(refused(ErrorKind::TrailingBytes, message, d.position()));
    }
    Ok(value)
}

/// An error of this row's decode, at byte `at`.
fn refused(kind: ErrorKind, message: impl Into<String>, at: usize) -> Error {
    Error::named(kind, CborMinicbor::NAME, DOCUMENT, message).at_offset(at)
}

fn item(d: &mut Decoder<'_>, depth: usize) -> Result<Value, Error> {
    let at = d.position();
    let fail = |error: minicbor::decode::Error| decode_error(DOCUMENT, error, at);
    let kind = d.datatype().map_err(fail)?;
    Ok(match kind {
        Type::Null => {
            d.null().map_err(fail)?;
            Value::Null
        }
        Type::Bool => Value::Bool(d.bool().map_err(fail)?),
        Type::U8
        | Type::U16
        | Type::U32
        | Type::U64
        | Type::I8
        | Type::I16
        | Type::I32
        | Type::I64
        | Type::Int => {
            let n = i128::from(d.int().map_err(fail)?);
            if let Ok(n) = i64::try_from(n) {
                Value::Int(n)
            } else if let Ok(n) = u64::try_from(n) {
                Value::UInt(n)
            } else {
                let message = format!("an integer outside the 64-bit range: {n}");
                return Err(refused(ErrorKind::Invalid, message, at));
            }
        }
        Type::F16 | Type::F32 => Value::Float(narrow_float(d).map_err(fail)?),
        Type::F64 => Value::Float(d.f64().map_err(fail)?),
        Type::String => Value::Text(d.str().map_err(fail)?.to_owned()),
        Type::StringIndef => {
            let mut whole = String::new();
            // Each chunk is checked as UTF-8 on its own (RFC 8949 §3.2.3).
            for chunk in d.str_iter().map_err(fail)? {
                whole.push_str(chunk.map_err(fail)?);
            }
            Value::Text(whole)
        }
        Type::Bytes => Value::Bytes(d.bytes().map_err(fail)?.to_vec()),
        Type::BytesIndef => {
            let mut whole = Vec::new();
            for chunk in d.bytes_iter().map_err(fail)? {
                whole.extend_from_slice(chunk.map_err(fail)?);
            }
            Value::Bytes(whole)
        }
        Type::Array | Type::ArrayIndef => read_list(d, deeper(depth, at)?)?,
        Type::Map | Type::MapIndef => read_map(d, deeper(depth, at)?)?,
        Type::Tag => {
            let tag = u64::from(d.tag().map_err(fail)?);
            let message = format!("a CBOR tag ({tag}), which a document's value has no place for");
            return Err(refused(ErrorKind::Invalid, message, at));
        }
        other => {
            let message =
                format!("a CBOR {other}, not null, a boolean, number, text, bytes, array or map");
            return Err(refused(ErrorKind::Invalid, message, at));
        }
    })
}

fn read_list(d: &mut Decoder<'_>, depth: usize) -> Result<Value, Error> {
    let at = d.position();
    let len = d
        .array()
        .map_err(|error| decode_error(DOCUMENT, error, at))?;
    // A declared length is the input's claim: the first allocation is
    // bounded by the bytes left (each element takes one at least).
    let room = d.input().len() - d.position();
    let mut items = Vec::with_capacity(len.map_or(0, |n| (n as usize).min(room)));
    match len {
        Some(n) => {
            for _ in 0..n {
                items.push(item(d, depth)?);
            }
        }
        None => {
            while !at_break(d)? {
                items.push(item(d, depth)?);
            }
        }
    }
    Ok(Value::List(items))
}

fn read_map(d: &mut Decoder<'_>, depth: usize) -> Result<Value, Error> {
    let at = d.position();
    let len = d.map().map_err(|error| decode_error(DOCUMENT, error, at))?;
    let room = (d.input().len() - d.position()) / 2;
    let mut entries = Vec::with_capacity(len.map_or(0, |n| (n as usize).min(room)));
    let mut keys = Keys::default();
    let mut entry = |d: &mut Decoder<'_>| -> Result<(), Error> {
        let key_at = d.position();
        let Value::Text(key) = item(d, depth)? else {
            let message = "a map key that is not text: only text keys are measured";
            return Err(refused(ErrorKind::Invalid, message, key_at));
        };
        if keys.repeats(&entries, &key) {
            return Err(refused(ErrorKind::Invalid, duplicate_key(&key), key_at));
        }
        entries.push((key, item(d, depth)?));
        Ok(())
    };
    match len {
        Some(n) => {
            for _ in 0..n {
                entry(d)?;
            }
        }
        None => {
            while !at_break(d)? {
                entry(d)?;
            }
        }
    }
    Ok(Value::Map(entries))
}

/// A half- or single-precision float as the `f64` of the same value,
/// its NaN payload kept: minicbor widens through the processor's
/// conversion, which quiets a signalling NaN and so changes its bits.
fn narrow_float(d: &mut Decoder<'_>) -> Result<f64, minicbor::decode::Error> {
    let at = d.position();
    let (width, x) = match d.input().get(at) {
        Some(0xf9) => (2, d.f16().map(f64::from)?),
        _ => (4, d.f32().map(f64::from)?),
    };
    if !x.is_nan() {
        return Ok(x);
    }
    let raw = &d.input()[at + 1..=at + width];
    let bits = raw.iter().fold(0u64, |bits, &b| bits << 8 | u64::from(b));
    // The sign, then the payload under the exponent's all-ones, moved
    // to the top of f64's 52-bit fraction.
    let (sign, payload) = if width == 2 {
        (bits >> 15, (bits & 0x3ff) << 42)
    } else {
        (bits >> 31, (bits & 0x7f_ffff) << 29)
    };
    Ok(f64::from_bits(sign << 63 | 0x7ff << 52 | payload))
}

/// Whether the next item is an indefinite container's break, consumed if so.
fn at_break(d: &mut Decoder<'_>) -> Result<bool, Error> {
    let at = d.position();
    if d.datatype()
        .map_err(|error| decode_error(DOCUMENT, error, at))?
        == Type::Break
    {
        d.set_position(d.position() + 1);
        Ok(true)
    } else {
        Ok(false)
    }
}

fn deeper(depth: usize, at: usize) -> Result<usize, Error> {
    if depth >= MAX_DEPTH {
        let message = format!("nesting deeper than {MAX_DEPTH} levels");
        Err(refused(ErrorKind::Limit, message, at))
    } else {
        Ok(depth + 1)
    }
}
