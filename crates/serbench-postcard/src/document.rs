//! A document in postcard, for `serbench measure`'s `postcard` row, and
//! any serde type by the same calls, as [`Postcard`] writes the datasets.
//! postcard writes a serde type's values and nothing else, so a document
//! goes through its inferred schema ([`serbench_document::positional`]).
//! Both read borrowed too: a document's text through the seed, a user's
//! type through [`SerdeLend`], as the dataset codec lends.

use std::marker::PhantomData;
use std::rc::Rc;

use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec};
use serbench_document::positional::{Positional, Seed, schematic};
use serbench_document::serde_path::{SerdeCodec, SerdeLend};
use serbench_document::{DocText, Schema, Value};
use serbench_model::{BaseCodec, Error, ErrorKind};
use serde::de::{DeserializeOwned, DeserializeSeed};
use serde::{Deserialize, Serialize};

use crate::{Append, Postcard, describe, unwritable};

impl DocumentCodec for Postcard {
    const KEEPS_KEY_ORDER: bool = false;

    /// The document under its inferred schema.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        schematic::<Postcard>(context)
    }
}

impl SerdeCodec for Postcard {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        postcard::serialize_with_flavor(value, Append(out))
            .map_err(|error| unwritable(DOCUMENT, error))
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
        read(bytes, PhantomData::<T>)
    }
}

impl SerdeLend for Postcard {
    const ID: &'static str = Self::NAME;

    /// postcard reads a `&str` or `&[u8]` straight from the input.
    fn lend<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<T> {
        match postcard::take_from_bytes(bytes) {
            Ok((value, [])) => Some(value),
            _ => None,
        }
    }
}

impl Positional for Postcard {
    const ID: &'static str = Self::NAME;

    /// postcard's deserializer reads from the slice and lends its text.
    const LENDS: bool = true;

    fn read_seed<'de, S: DocText<'de>>(
        schema: &Rc<Schema>,
        bytes: &'de [u8],
    ) -> Result<Value<S>, Error> {
        read(bytes, Seed::new(schema))
    }
}

fn read<'de, S: DeserializeSeed<'de>>(bytes: &'de [u8], seed: S) -> Result<S::Value, Error> {
    let mut deserializer = postcard::Deserializer::from_bytes(bytes);
    let value = seed.deserialize(&mut deserializer);
    // What is left tells where reading stopped, failed or not.
    let left = deserializer.finalize().map_or(0, <[u8]>::len);
    let at = bytes.len() - left;
    let error = |kind, message| Error::named(kind, Postcard::NAME, DOCUMENT, message).at_offset(at);
    let value = value.map_err(|cause| {
        let (kind, what) = describe(&cause);
        error(kind, what).with_source(cause)
    })?;
    if left == 0 {
        Ok(value)
    } else {
        Err(error(
            ErrorKind::TrailingBytes,
            format!("{left} bytes follow the value"),
        ))
    }
}
