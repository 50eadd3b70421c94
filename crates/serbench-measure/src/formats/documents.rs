//! The self-describing formats, which take a document as it is: the
//! [`Value`] goes through each library's serde support both ways.

use std::marker::PhantomData;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::codec::{Codec, Context};
use crate::value::Value;

/// One library's serde entry points, so the rows share one codec type.
pub(crate) trait Library {
    /// Appends `value`'s encoding to `out`.
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String>;
    /// Reads a whole `T` from `bytes`, refusing bytes left after it.
    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String>;
}

/// A self-describing codec over library `L`.
struct Document<L>(PhantomData<L>);

impl<L: Library> Codec for Document<L> {
    fn encode(&self, value: &Value, out: &mut Vec<u8>) -> Result<(), String> {
        L::write(value, out)
    }

    fn decode(&self, bytes: &[u8]) -> Result<Value, String> {
        L::read(bytes)
    }
}

/// The row of a self-describing library `L`: the document as it is.
#[expect(
    clippy::unnecessary_wraps,
    reason = "the signature every Build::From has"
)]
pub(crate) fn row<L: Library + 'static>(_: &Context<'_>) -> Result<Box<dyn Codec>, String> {
    Ok(Box::new(Document::<L>(PhantomData)))
}

pub(crate) struct Ciborium;

impl Library for Ciborium {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        ciborium::into_writer(value, out).map_err(|error| error.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        let mut rest = bytes;
        let value = ciborium::from_reader(&mut rest).map_err(|error| error.to_string())?;
        if rest.is_empty() {
            Ok(value)
        } else {
            Err(format!("{} bytes after the value", rest.len()))
        }
    }
}

pub(crate) struct Cbor4ii;

impl Library for Cbor4ii {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        cbor4ii::serde::to_writer(out, &value).map_err(|error| error.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        cbor4ii::serde::from_slice(bytes).map_err(|error| error.to_string())
    }
}
