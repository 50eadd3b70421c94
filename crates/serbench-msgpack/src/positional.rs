//! MessagePack's positional form, for `serbench measure`'s
//! `msgpack-positional` row: rmp-serde's default configuration, which
//! writes a struct as an array of its fields' values, no keys, so a
//! document goes through its inferred schema
//! ([`serbench_document::positional`]). The dataset codec, [`MsgPack`],
//! writes structs as maps keyed by name instead.
//!
//! [`MsgPack`]: crate::MsgPack

use std::rc::Rc;

use serbench_document::codec::{Codec, Context, DocumentCodec};
use serbench_document::positional::{Positional, Seed, schematic};
use serbench_document::serde_path::SerdeCodec;
use serbench_document::{Schema, Value};
use serde::Serialize;
use serde::de::{DeserializeOwned, DeserializeSeed};
use std::marker::PhantomData;

/// rmp-serde's default form: structs and tuples as arrays, no names. A
/// document row of the registry's `msgpack` codec, with no dataset codec
/// of its own.
#[derive(Clone, Copy, Debug, Default)]
pub struct MsgPackPositional;

impl DocumentCodec for MsgPackPositional {
    const KEEPS_KEY_ORDER: bool = false;

    /// The document under its inferred schema, records as arrays.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, String> {
        schematic::<MsgPackPositional>(context)
    }
}

impl SerdeCodec for MsgPackPositional {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        value
            .serialize(&mut rmp_serde::Serializer::new(out))
            .map_err(|error| error.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        read(bytes, PhantomData::<T>)
    }
}

impl Positional for MsgPackPositional {
    fn read_seed(schema: &Rc<Schema>, bytes: &[u8]) -> Result<Value, String> {
        read(bytes, Seed { schema })
    }
}

fn read<S, V>(bytes: &[u8], seed: S) -> Result<V, String>
where
    S: for<'de> DeserializeSeed<'de, Value = V>,
{
    // A reader over the slice, as the msgpack row reads: a declared
    // length is taken only as far as the input goes.
    let mut rest = bytes;
    let mut deserializer = rmp_serde::Deserializer::new(&mut rest);
    let value = seed
        .deserialize(&mut deserializer)
        .map_err(|error| error.to_string())?;
    drop(deserializer);
    if rest.is_empty() {
        Ok(value)
    } else {
        Err(format!("{} bytes after the value", rest.len()))
    }
}
