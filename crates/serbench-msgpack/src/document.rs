//! A document (`serbench-document`'s [`Value`]) in MessagePack, for
//! `serbench measure`'s `msgpack` row, and any serde type by the same
//! calls ([`SerdeCodec`]): rmp-serde configured as the dataset codec is,
//! maps with their keys (`with_struct_map`), read through the borrowing
//! reader and refused when bytes follow the value, as the codec does.
//!
//! A document is read as a user's MessagePack input is
//! ([`ReadDocument`]): after a walk that
//! refuses a `str` that is not UTF-8, which rmp-serde hands a [`Value`]
//! as a byte string, a kind the writer did not mean. The dataset codec
//! refuses it through the `String` it reads into.
//!
//! Both read borrowed too: a document through the same walk and read, its
//! keys and strings lent; a user's type through [`SerdeLend`], as the
//! dataset codec lends.

use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec, Lender, ReadDocument};
use serbench_document::serde_path::{SerdeCodec, SerdeLend};
use serbench_document::value::{Lent, Value};
use serbench_model::{BaseCodec, Error};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::MsgPack;

impl DocumentCodec for MsgPack {
    const KEEPS_KEY_ORDER: bool = true;

    /// The document as it is: MessagePack carries every [`Value`] kind.
    ///
    /// [`Value`]: serbench_document::Value
    fn document(_: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        Ok(Box::new(Document))
    }
}

/// MessagePack's codec of a document: rmp-serde's write, and the read of
/// a user's input.
struct Document;

impl Codec for Document {
    fn encode(&self, value: &Value, out: &mut Vec<u8>) -> Result<(), Error> {
        MsgPack::write(value, out)
    }

    fn decode(&self, bytes: &[u8]) -> Result<Value, Error> {
        MsgPack::read_document(bytes)
    }

    fn lender(&self) -> Option<&dyn Lender> {
        Some(self)
    }
}

/// The same read, its keys and strings lent by the input.
impl Lender for Document {
    fn borrow<'a>(&'a self, bytes: &'a [u8]) -> Result<Lent<'a>, Error> {
        crate::input::read_value(bytes)
    }
}

/// The dataset codec's calls, about a document.
impl SerdeCodec for MsgPack {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        let mut serializer = rmp_serde::Serializer::new(out).with_struct_map();
        value
            .serialize(&mut serializer)
            .map_err(|error| Error::unwritable(Self::NAME, DOCUMENT, error))
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
        crate::read(bytes, DOCUMENT)
    }
}

impl SerdeLend for MsgPack {
    const ID: &'static str = Self::NAME;

    fn lend<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<T> {
        crate::lend(bytes)
    }
}
