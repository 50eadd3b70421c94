//! A document (`serbench-document`'s [`Value`]) in FlexBuffers, for
//! `serbench measure`'s rows, and any serde type by the same calls
//! ([`SerdeCodec`]): the value as it is, through flexbuffers' serde
//! support, with the walk the dataset codec runs first.
//!
//! - A map key holding a NUL is refused when the codec is built, naming
//!   the place: FlexBuffers ends a key at its first NUL (and flexbuffers'
//!   builder asserts there is none).
//! - flexbuffers sorts a map's keys when it writes the map, so a document
//!   reads back with its keys in byte order, not the input's.
//! - The walk bounds nesting at the document's [`MAX_DEPTH`], counting a
//!   list or map once, and refuses a repeated key as it refuses keys out
//!   of order.
//! - Errors become the model's as the dataset codec's do (kind, offset,
//!   field path), about the document.

use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec};
use serbench_document::serde_path::{SerdeCodec, self_describing};
use serbench_document::value::{MAX_DEPTH, Value, first_problem};
use serbench_model::{BaseCodec, Error};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::FlexBuffers;

impl DocumentCodec for FlexBuffers {
    // flexbuffers writes a map's keys sorted, for its readers' binary
    // search.
    const KEEPS_KEY_ORDER: bool = false;

    /// flexbuffers' codec of the document, once no map key holds a NUL.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        first_problem(Self::NAME, context.messages, &|value| match value {
            Value::Map(entries) => {
                entries
                    .iter()
                    .find(|(key, _)| key.contains('\0'))
                    .map(|(key, _)| {
                        format!(
                            "the key {:?} holds a NUL, which ends a FlexBuffers key",
                            key.chars().take(40).collect::<String>()
                        )
                    })
            }
            _ => None,
        })?;
        Ok(self_describing::<FlexBuffers>())
    }
}

impl SerdeCodec for FlexBuffers {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::write(value, out, DOCUMENT)
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
        crate::read(bytes, DOCUMENT, MAX_DEPTH)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// flexbuffers writes an empty list or map at the root with an offset
    /// of 0 (it ends where the root's slot starts): the walk takes it.
    #[test]
    fn empty_containers_read_back_at_the_root() {
        for value in [Value::List(Vec::new()), Value::Map(Vec::new())] {
            let mut bytes = Vec::new();
            <FlexBuffers as SerdeCodec>::write(&value, &mut bytes).unwrap();
            let back: Value = <FlexBuffers as SerdeCodec>::read(&bytes).unwrap();
            assert_eq!(back, value);
        }
    }

    /// A key holding a NUL, which FlexBuffers cannot carry, is refused
    /// when the codec is built.
    #[test]
    fn a_key_with_a_nul_is_refused() {
        let messages = [Value::Map(vec![("a\0b".to_owned(), Value::Null)])];
        let schema = serbench_document::Schema::infer(&messages, "nul");
        let user = serbench_document::codec::UserSchemas::default();
        let context = Context {
            name: "nul",
            messages: &messages,
            schema: &schema,
            user: &user,
        };
        let Err(error) = FlexBuffers::document(&context) else {
            panic!("a key with a NUL was taken");
        };
        assert_eq!(error.kind(), serbench_model::ErrorKind::Unsupported);
    }
}
