//! A document in bincode, for `serbench measure`'s `bincode-stock` row,
//! and any serde type by the same calls: `bincode::serde` with the
//! standard configuration, as [`BincodeStock`] writes the datasets. bincode
//! writes a serde type's values and nothing else, so a document goes
//! through its inferred schema ([`serbench_document::positional`]).
//! Both read borrowed too: a document's text through the seed, a user's
//! type through [`SerdeLend`], from bincode's slice decoder.
//!
//! The tuned [`Bincode`](crate::Bincode) adds a fast path for the model's
//! own types; a document has none, so its row is the stock one.

use std::rc::Rc;

use bincode::config::{self, Config};
use bincode::error::DecodeError;
use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec};
use serbench_document::positional::{Positional, Seed, schematic};
use serbench_document::serde_path::{SerdeCodec, SerdeLend};
use serbench_document::{DocText, Schema, Value};
use serbench_model::{BaseCodec, Error, ErrorKind};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::decode::describe;
use crate::{Append, BincodeStock, unwritable};

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
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        schematic::<BincodeStock>(context)
    }
}

/// bincode's error of a document's decode of `bytes`, as the dataset
/// decode describes it; bincode tells no position.
fn decode_error(bytes: &[u8], error: DecodeError) -> Error {
    let (kind, what) = describe(&error, bytes.len(), LIMIT);
    Error::named(kind, BincodeStock::NAME, DOCUMENT, what).with_source(error)
}

fn whole(bytes: &[u8], read: usize) -> Result<(), Error> {
    if read == bytes.len() {
        Ok(())
    } else {
        let message = format!("{} bytes follow the value", bytes.len() - read);
        Err(Error::named(
            ErrorKind::TrailingBytes,
            BincodeStock::NAME,
            DOCUMENT,
            message,
        )
        .at_offset(read))
    }
}

impl SerdeCodec for BincodeStock {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        bincode::serde::encode_into_writer(value, Append(out), configuration())
            .map_err(|error| unwritable(Self::NAME, DOCUMENT, error))
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
        let (value, read) = bincode::serde::decode_from_slice(bytes, configuration())
            .map_err(|error| decode_error(bytes, error))?;
        whole(bytes, read).map(|()| value)
    }
}

impl SerdeLend for BincodeStock {
    const ID: &'static str = Self::NAME;

    /// `read`'s configuration and end check, through bincode's borrowing
    /// slice decoder.
    fn lend<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<T> {
        match bincode::serde::borrow_decode_from_slice(bytes, configuration()) {
            Ok((value, read)) if read == bytes.len() => Some(value),
            _ => None,
        }
    }
}

impl Positional for BincodeStock {
    const ID: &'static str = Self::NAME;

    /// bincode's slice decoder lends its text to the seed.
    const LENDS: bool = true;

    fn read_seed<'de, S: DocText<'de>>(
        schema: &Rc<Schema>,
        bytes: &'de [u8],
    ) -> Result<Value<S>, Error> {
        let (value, read) =
            bincode::serde::seed_decode_from_slice(Seed::new(schema), bytes, configuration())
                .map_err(|error| decode_error(bytes, error))?;
        whole(bytes, read).map(|()| value)
    }
}
