//! A document in bincode, for `serbench measure`'s `bincode-stock` row,
//! and any serde type by the same calls: `bincode::serde` with the
//! standard configuration, as [`BincodeStock`] writes the datasets. bincode
//! writes a serde type's values and nothing else, so a document goes
//! through its inferred schema ([`serbench_document::positional`]).
//!
//! The tuned [`Bincode`](crate::Bincode) adds a fast path for the model's
//! own types; a document has none, so its row is the stock one.

use std::rc::Rc;

use bincode::config::{self, Config};
use bincode::error::{DecodeError, EncodeError};
use serbench_document::codec::{Codec, Context, DocumentCodec};
use serbench_document::positional::{Positional, Seed, schematic};
use serbench_document::serde_path::SerdeCodec;
use serbench_document::{Schema, Value};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{Append, BincodeStock};

/// The most bytes of text and byte strings one document decode takes.
/// Text and bytes are read borrowed, so a lying length fails against the
/// input before anything is allocated, and this stands behind that.
const LIMIT: usize = 1 << 30;

fn configuration() -> impl Config {
    config::standard().with_limit::<LIMIT>()
}

impl DocumentCodec for BincodeStock {
    const KEEPS_KEY_ORDER: bool = false;

    /// The document under its inferred schema.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, String> {
        schematic::<BincodeStock>(context)
    }
}

// bincode's Display is its Debug: a message of ours reads better bare.
fn encode_error(error: EncodeError) -> String {
    match error {
        EncodeError::OtherString(message) => message,
        other => format!("{other:?}"),
    }
}

fn decode_error(error: DecodeError) -> String {
    match error {
        DecodeError::OtherString(message) => message,
        other => format!("{other:?}"),
    }
}

fn whole(bytes: &[u8], read: usize) -> Result<(), String> {
    if read == bytes.len() {
        Ok(())
    } else {
        Err(format!("{} bytes after the value", bytes.len() - read))
    }
}

impl SerdeCodec for BincodeStock {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        bincode::serde::encode_into_writer(value, Append(out), configuration())
            .map_err(encode_error)
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        let (value, read) =
            bincode::serde::decode_from_slice(bytes, configuration()).map_err(decode_error)?;
        whole(bytes, read).map(|()| value)
    }
}

impl Positional for BincodeStock {
    fn read_seed(schema: &Rc<Schema>, bytes: &[u8]) -> Result<Value, String> {
        let (value, read) =
            bincode::serde::seed_decode_from_slice(Seed { schema }, bytes, configuration())
                .map_err(decode_error)?;
        whole(bytes, read).map(|()| value)
    }
}
