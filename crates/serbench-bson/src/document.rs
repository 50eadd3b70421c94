//! A document (`serbench-document`'s [`Value`]) in BSON, for `serbench
//! measure`'s `bson` row, and any serde type by the same calls
//! ([`SerdeCodec`]): the bson crate's raw serializer and deserializer,
//! behind the dataset codec's checks (the top-level length, no bytes after
//! the document, the walk that says where a read failed).
//!
//! BSON carries a [`Value`] as it is, with three exceptions, refused when
//! the codec is built, naming the place:
//!
//! - the top level must be a map: BSON's top level is a document, and the
//!   bson crate refuses to write anything else there;
//! - an integer past `i64::MAX` ([`Value::UInt`]): BSON's integers are
//!   `int32` and `int64`, and it has no unsigned one;
//! - a key holding a 0 byte: BSON's keys are C strings, ended by their
//!   first 0.
//!
//! Every integer is written as an `int64` (a [`Value`] holds `i64`s), and
//! read back from an `int32` or an `int64`; bytes are binary of the
//! generic subtype. [`Value`]'s own `Deserialize` refuses a duplicate key.
//! Nesting past [`MAX_DEPTH`] is refused by a walk of the bytes before
//! the library reads them: its deserializer takes several KiB of stack a
//! level in a debug build (about 9), so 100 000 levels must never reach
//! it, and [`Value`]'s own limit is met only on the way down.

use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec};
use serbench_document::serde_path::SerdeCodec;
use serbench_document::value::{MAX_DEPTH, Value, first_problem};
use serbench_model::{BaseCodec, Error, ErrorKind};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{Bson, read};

impl DocumentCodec for Bson {
    const KEEPS_KEY_ORDER: bool = true;

    /// The bson crate's codec of the document, once it holds nothing
    /// BSON cannot write.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        if let Some(message) = context
            .messages
            .iter()
            .find(|value| !matches!(value, Value::Map(_)))
        {
            let message = format!(
                "BSON's top level is a document (a map); this one is a {}",
                message.kind()
            );
            return Err(Error::named(
                ErrorKind::Unsupported,
                Self::NAME,
                DOCUMENT,
                message,
            ));
        }
        first_problem(Self::NAME, context.messages, &problem)?;
        Ok(Box::new(Document))
    }
}

/// BSON's codec of a document: the crate's serde calls, and a walk
/// first that refuses nesting past [`MAX_DEPTH`] before the library's
/// deserializer recurses into it.
struct Document;

impl Codec for Document {
    fn encode(&self, value: &Value, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::write(value, out, DOCUMENT)
    }

    fn decode(&self, bytes: &[u8]) -> Result<Value, Error> {
        read::read_nested(bytes, MAX_DEPTH).map_err(|failure| crate::error(failure, DOCUMENT))
    }
}

/// What BSON cannot say about `value` itself (not its elements), if any.
fn problem(value: &Value) -> Option<String> {
    match value {
        Value::UInt(n) => Some(format!(
            "the integer {n} is past i64::MAX: BSON has no unsigned integer"
        )),
        Value::Map(entries) => {
            entries
                .iter()
                .find(|(key, _)| key.contains('\0'))
                .map(|(key, _)| {
                    format!(
                        "the key {} holds a 0 byte, which ends a BSON key",
                        serbench_model::excerpt::shown(key)
                    )
                })
        }
        _ => None,
    }
}

impl SerdeCodec for Bson {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::write(value, out, DOCUMENT)
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
        read::read(bytes).map_err(|failure| crate::error(failure, DOCUMENT))
    }
}
