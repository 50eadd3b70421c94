//! A document in bitcode's serde form, for `serbench measure`'s
//! `bitcode-serde` row, and any serde type by the same calls, as
//! [`BitcodeSerde`] writes the datasets. bitcode's serde form writes a
//! serde type's values and nothing else, so a document goes through its
//! inferred schema ([`serbench_document::positional`]). Both read
//! borrowed too: a document's text through the seed, a user's type
//! through [`SerdeLend`].

use std::cell::RefCell;
use std::rc::Rc;

use ::serde::de::{DeserializeOwned, DeserializeSeed, Error as _};
use ::serde::{Deserialize, Deserializer, Serialize};
use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec};
use serbench_document::positional::{Positional, Seed, schematic};
use serbench_document::serde_path::{SerdeCodec, SerdeLend};
use serbench_document::{DocText, Schema, Value};
use serbench_model::{BaseCodec, Error};

use crate::{BitcodeSerde, refused};

impl DocumentCodec for BitcodeSerde {
    const KEEPS_KEY_ORDER: bool = false;

    /// The document under its inferred schema.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        schematic::<BitcodeSerde>(context)
    }
}

thread_local! {
    /// The schema a bitcode decode on this thread reads with.
    static SCHEMA: RefCell<Option<Rc<Schema>>> = const { RefCell::new(None) };
}

/// A document read by `bitcode::deserialize`, with the schema [`SCHEMA`]
/// holds for the call, its text of type `S`.
struct Scoped<S>(Value<S>);

impl<'de, S: DocText<'de>> Deserialize<'de> for Scoped<S> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Scoped<S>, D::Error> {
        let schema = SCHEMA
            .with(|held| held.borrow().clone())
            .ok_or_else(|| D::Error::custom("no schema is set for this bitcode decode"))?;
        Seed::new(&schema).deserialize(deserializer).map(Scoped)
    }
}

impl SerdeCodec for BitcodeSerde {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::serde::write(DOCUMENT, value, out)
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
        bitcode::deserialize(bytes).map_err(|error| refused::<Self>(DOCUMENT, error))
    }
}

impl SerdeLend for BitcodeSerde {
    const ID: &'static str = Self::NAME;

    /// `read`'s call: `bitcode::deserialize` lends from the slice.
    fn lend<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<T> {
        bitcode::deserialize(bytes).ok()
    }
}

impl Positional for BitcodeSerde {
    const ID: &'static str = Self::NAME;

    /// `bitcode::deserialize` reads from the slice and lends its text.
    const LENDS: bool = true;

    /// bitcode reads only through `Deserialize` (`bitcode::deserialize`
    /// has no seed form and its deserializer is private), so the schema
    /// reaches the reading type through a thread-local set for the call.
    fn read_seed<'de, S: DocText<'de>>(
        schema: &Rc<Schema>,
        bytes: &'de [u8],
    ) -> Result<Value<S>, Error> {
        let before = SCHEMA.with(|held| held.replace(Some(Rc::clone(schema))));
        let read = bitcode::deserialize::<Scoped<S>>(bytes)
            .map_err(|error| refused::<Self>(DOCUMENT, error));
        SCHEMA.with(|held| held.replace(before));
        read.map(|Scoped(value)| value)
    }
}
