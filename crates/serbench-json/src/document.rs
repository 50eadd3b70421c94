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
//!   codec does. simd-json, sonic-rs and flexon read after the same pass
//!   their dataset codecs take first (`depth.rs`), with a document's
//!   nesting limit ([`MAX_DEPTH`]) in place of the datasets' 16 levels:
//!   simd-json's and flexon's refuses a bare `-0`, which they would read
//!   as the integer 0, where serde_json reads the float −0.0, and
//!   flexon's bytes after the value, which flexon leaves unread.
//! - [`Value`]'s own `Deserialize` refuses a duplicate key and nesting
//!   past [`MAX_DEPTH`]; a user's own type, nesting past that pass's
//!   [`MAX_DEPTH`] with simd-json and sonic-rs.
//! - A library's error becomes the model's as the dataset codecs convert
//!   it (kind, line and column or byte, field path), about the document.
//! - serde_json and sonic-rs also read a document borrowed
//!   ([`SerdeLend`]): keys and strings without an escape are slices of
//!   the input. simd-json parses a mutable copy, and flexon's row keeps to
//!   its owned read, so neither lends.

use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec};
use serbench_document::serde_path::{SerdeCodec, SerdeLend, self_describing, self_describing_lent};
use serbench_document::value::{MAX_DEPTH, Value, first_problem, json_carries, json_problem};
use serbench_model::{BaseCodec, Error};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::{Json, JsonFlexon, JsonSimd, JsonSonic, simd, sonic};

impl DocumentCodec for Json {
    const KEEPS_KEY_ORDER: bool = true;

    /// serde_json's codec of the document, once it holds nothing JSON
    /// cannot write.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        json_carries(Self::NAME, context.messages)?;
        Ok(self_describing_lent::<Json>())
    }
}

impl DocumentCodec for JsonSimd {
    const KEEPS_KEY_ORDER: bool = true;

    /// simd-json's codec of the document, once it holds nothing JSON
    /// cannot write.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        json_carries(Self::NAME, context.messages)?;
        Ok(self_describing::<JsonSimd>())
    }
}

impl DocumentCodec for JsonSonic {
    const KEEPS_KEY_ORDER: bool = true;

    /// sonic-rs's codec of the document, once it holds nothing JSON cannot
    /// write and no `-0.0`.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        first_problem(Self::NAME, context.messages, &|value| {
            json_problem(value).or_else(|| match value {
                Value::Float(x) if *x == 0.0 && x.is_sign_negative() => {
                    Some("-0.0, which sonic-rs reads back as 0.0".to_owned())
                }
                _ => None,
            })
        })?;
        Ok(self_describing_lent::<JsonSonic>())
    }
}

impl DocumentCodec for JsonFlexon {
    const KEEPS_KEY_ORDER: bool = true;

    /// flexon's codec of the document, once it holds nothing JSON cannot
    /// write (flexon would write NaN and infinities as `null`).
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        json_carries(Self::NAME, context.messages)?;
        Ok(self_describing::<JsonFlexon>())
    }
}

impl SerdeCodec for Json {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        serde_json::to_writer(out, value)
            .map_err(|error| Error::unwritable(Self::NAME, DOCUMENT, error))
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
        crate::read(bytes, DOCUMENT)
    }
}

impl SerdeLend for Json {
    const ID: &'static str = Self::NAME;

    fn lend<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<T> {
        crate::lend(bytes)
    }
}

impl SerdeCodec for JsonSimd {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        simd_json::serde::to_writer(out, value)
            .map_err(|error| Error::unwritable(Self::NAME, DOCUMENT, error))
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
        simd::read(bytes, DOCUMENT, MAX_DEPTH)
    }
}

impl SerdeCodec for JsonSonic {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        sonic_rs::to_writer(out, value)
            .map_err(|error| Error::unwritable(Self::NAME, DOCUMENT, error))
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
        sonic::read(bytes, DOCUMENT, MAX_DEPTH)
    }
}

impl SerdeLend for JsonSonic {
    const ID: &'static str = Self::NAME;

    fn lend<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<T> {
        sonic::lend(bytes, DOCUMENT, MAX_DEPTH)
    }
}

impl SerdeCodec for JsonFlexon {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        ::flexon::serde::to_writer(out, value)
            .map_err(|error| Error::unwritable(Self::NAME, DOCUMENT, error))
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
        crate::flexon::read(bytes, DOCUMENT, MAX_DEPTH)
    }
}
