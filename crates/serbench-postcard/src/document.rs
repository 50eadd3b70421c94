//! A document in postcard, for `serbench measure`'s `postcard` row, and
//! any serde type by the same calls, as [`Postcard`] writes the datasets.
//! postcard writes a serde type's values and nothing else, so a document
//! goes through its inferred schema ([`serbench_document::positional`]).

use std::marker::PhantomData;
use std::rc::Rc;

use serbench_document::codec::{Codec, Context, DocumentCodec};
use serbench_document::positional::{Positional, Seed, schematic};
use serbench_document::serde_path::SerdeCodec;
use serbench_document::{Schema, Value};
use serde::Serialize;
use serde::de::{DeserializeOwned, DeserializeSeed};

use crate::{Append, Postcard};

impl DocumentCodec for Postcard {
    const KEEPS_KEY_ORDER: bool = false;

    /// The document under its inferred schema.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, String> {
        schematic::<Postcard>(context)
    }
}

impl SerdeCodec for Postcard {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        postcard::serialize_with_flavor(value, Append(out)).map_err(|error| error.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        read(bytes, PhantomData::<T>)
    }
}

impl Positional for Postcard {
    fn read_seed(schema: &Rc<Schema>, bytes: &[u8]) -> Result<Value, String> {
        read(bytes, Seed { schema })
    }
}

fn read<'de, S: DeserializeSeed<'de>>(bytes: &'de [u8], seed: S) -> Result<S::Value, String> {
    let mut deserializer = postcard::Deserializer::from_bytes(bytes);
    let value = seed
        .deserialize(&mut deserializer)
        .map_err(|error| error.to_string())?;
    let left = deserializer
        .finalize()
        .map_err(|error| error.to_string())?
        .len();
    if left == 0 {
        Ok(value)
    } else {
        Err(format!("{left} bytes after the value"))
    }
}
