//! MessagePack's positional form, for `serbench measure`'s
//! `msgpack-positional` row: rmp-serde's default configuration, which
//! writes a struct as an array of its fields' values, no keys, so a
//! document goes through its inferred schema
//! ([`serbench_document::positional`]). The dataset codec, [`MsgPack`],
//! writes structs as maps keyed by name instead.
//!
//! [`MsgPack`]: crate::MsgPack

use std::marker::PhantomData;
use std::rc::Rc;

use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec};
use serbench_document::positional::{Positional, Seed, schematic};
use serbench_document::serde_path::SerdeCodec;
use serbench_document::{DocText, Schema, Value};
use serbench_model::{Error, ErrorKind};
use serde::Serialize;
use serde::de::{DeserializeOwned, DeserializeSeed};

/// rmp-serde's default form: structs and tuples as arrays, no names. A
/// document row of the registry's `msgpack` codec, with no dataset codec
/// of its own.
#[derive(Clone, Copy, Debug, Default)]
pub struct MsgPackPositional;

impl DocumentCodec for MsgPackPositional {
    const KEEPS_KEY_ORDER: bool = false;

    /// The document under its inferred schema, records as arrays.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        schematic::<MsgPackPositional>(context)
    }
}

impl SerdeCodec for MsgPackPositional {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        value
            .serialize(&mut rmp_serde::Serializer::new(out))
            .map_err(|error| Error::unwritable(Self::ID, DOCUMENT, error))
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
        read(bytes, PhantomData::<T>)
    }
}

impl Positional for MsgPackPositional {
    /// The registry's id of its row: it has no dataset codec to name it.
    const ID: &'static str = "msgpack-positional";

    /// rmp-serde reads here through a reader over the slice, as the
    /// msgpack row does, which copies every string.
    const LENDS: bool = false;

    fn read_seed<'de, S: DocText<'de>>(
        schema: &Rc<Schema>,
        bytes: &'de [u8],
    ) -> Result<Value<S>, Error> {
        read(bytes, Seed::<S>::new(schema))
    }
}

fn read<'de, S: DeserializeSeed<'de>>(bytes: &'de [u8], seed: S) -> Result<S::Value, Error> {
    // A reader over the slice, as the msgpack row reads: a declared
    // length is taken only as far as the input goes, and what is left
    // shows where reading stopped.
    let mut rest = bytes;
    let mut deserializer = rmp_serde::Deserializer::new(&mut rest);
    let value = seed.deserialize(&mut deserializer);
    drop(deserializer);
    let at = bytes.len() - rest.len();
    let value = value.map_err(|error| {
        crate::library_error(MsgPackPositional::ID, DOCUMENT, error).at_offset(at)
    })?;
    if rest.is_empty() {
        Ok(value)
    } else {
        let message = format!("{} bytes follow the value", rest.len());
        Err(Error::named(
            ErrorKind::TrailingBytes,
            MsgPackPositional::ID,
            DOCUMENT,
            message,
        )
        .at_offset(at))
    }
}
