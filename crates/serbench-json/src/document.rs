//! A document (`serbench-document`'s [`Value`]) in JSON, for `serbench
//! measure`'s rows, and any serde type by the same calls
//! ([`SerdeCodec`]): the value as it is, through each library's serde
//! support, with the checks this crate's codecs run on the datasets.
//!
//! - Every library refuses what JSON's data model cannot carry (a float
//!   that is not finite, a byte string) when the codec is built, naming
//!   the place; sonic-rs also refuses `-0.0`, which it reads back as
//!   `0.0`, as its dataset codec does.
//! - serde_json reads the whole input (`Deserializer::end`), as the `json`
//!   codec does. simd-json and sonic-rs read after the same pass their
//!   dataset codecs take first (`depth.rs`), with a document's
//!   nesting limit ([`MAX_DEPTH`]) in place of the datasets' 16 levels:
//!   simd-json's refuses a bare `-0`, which it would read as the integer
//!   0, where serde_json reads the float −0.0.
//! - [`Value`]'s own `Deserialize` refuses a duplicate key and nesting
//!   past [`MAX_DEPTH`]; a user's own type, nesting past that pass's
//!   [`MAX_DEPTH`] with simd-json and sonic-rs.

use serbench_document::codec::{Codec, Context, DocumentCodec};
use serbench_document::serde_path::{SerdeCodec, self_describing};
use serbench_document::value::{MAX_DEPTH, Value, first_problem, json_carries, json_problem};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::depth::{MinusZero, fault};
use crate::{Json, JsonSimd, JsonSonic};

impl DocumentCodec for Json {
    const KEEPS_KEY_ORDER: bool = true;

    /// serde_json's codec of the document, once it holds nothing JSON
    /// cannot write.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, String> {
        json_carries(context.messages)?;
        Ok(self_describing::<Json>())
    }
}

impl DocumentCodec for JsonSimd {
    const KEEPS_KEY_ORDER: bool = true;

    /// simd-json's codec of the document, once it holds nothing JSON
    /// cannot write.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, String> {
        json_carries(context.messages)?;
        Ok(self_describing::<JsonSimd>())
    }
}

impl DocumentCodec for JsonSonic {
    const KEEPS_KEY_ORDER: bool = true;

    /// sonic-rs's codec of the document, once it holds nothing JSON cannot
    /// write and no `-0.0`.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, String> {
        first_problem(context.messages, &|value| {
            json_problem(value).or_else(|| match value {
                Value::Float(x) if *x == 0.0 && x.is_sign_negative() => {
                    Some("-0.0, which sonic-rs reads back as 0.0".to_owned())
                }
                _ => None,
            })
        })?;
        Ok(self_describing::<JsonSonic>())
    }
}

/// The pass simd-json's and sonic-rs's input takes first, at a
/// document's depth.
fn pass(bytes: &[u8], minus_zero: MinusZero) -> Result<(), String> {
    match fault(bytes, MAX_DEPTH, minus_zero) {
        None => Ok(()),
        Some((_, at, message)) => Err(format!("at byte {at}: {message}")),
    }
}

impl SerdeCodec for Json {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        serde_json::to_writer(out, value).map_err(|error| error.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        let mut deserializer = serde_json::Deserializer::from_slice(bytes);
        let value = T::deserialize(&mut deserializer).map_err(|error| error.to_string())?;
        deserializer.end().map_err(|error| error.to_string())?;
        Ok(value)
    }
}

impl SerdeCodec for JsonSimd {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        simd_json::serde::to_writer(out, value).map_err(|error| error.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        pass(bytes, MinusZero::Refused)?;
        // simd-json parses in place: it needs its own copy of the input,
        // as the json-simd codec makes, inside the timed decode.
        let mut copy = bytes.to_vec();
        simd_json::serde::from_slice(&mut copy).map_err(|error| error.to_string())
    }
}

impl SerdeCodec for JsonSonic {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        sonic_rs::to_writer(out, value).map_err(|error| error.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        pass(bytes, MinusZero::Read)?;
        sonic_rs::from_slice(bytes).map_err(|error| error.to_string())
    }
}
