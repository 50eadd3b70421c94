//! A document (`serbench-document`'s [`Value`]) in RON, for `serbench
//! measure`'s rows, and any serde type by the same calls
//! ([`SerdeCodec`]): the value as it is, through ron's serde support, with
//! the checks the dataset codec runs.
//!
//! - A NaN other than the canonical quiet one is refused when the codec is
//!   built, naming the place: ron writes every NaN as `NaN`.
//! - ron reads the whole input under its recursion limit, one above
//!   [`MAX_DEPTH`], which counts a list or map of a [`Value`] and the value
//!   in it each once: a document deeper than half that limit, 64 levels,
//!   is refused when the codec is built, naming its depth (a higher limit
//!   would take more stack than a reader's nesting is allowed);
//!   [`Value`]'s `Deserialize` refuses a duplicate key.
//! - ron's error becomes the model's as the dataset codec converts it
//!   (kind, line and column, field path), about the document.

use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec};
use serbench_document::serde_path::{SerdeCodec, self_describing};
use serbench_document::value::{MAX_DEPTH, Value, first_problem};
use serbench_model::{BaseCodec, Error, ErrorKind};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::Ron;

impl DocumentCodec for Ron {
    // A RON map is written entry by entry in the document's order, and
    // read back in the text's order.
    const KEEPS_KEY_ORDER: bool = true;

    /// ron's codec of the document, once it nests no deeper than ron
    /// reads and holds no NaN with a payload.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        let depth = context.schema.depth();
        if depth > DOCUMENT_DEPTH {
            return Err(Error::named(
                ErrorKind::Limit,
                Self::NAME,
                DOCUMENT,
                format!("the document nests {depth} levels; ron reads {DOCUMENT_DEPTH}"),
            ));
        }
        first_problem(Self::NAME, context.messages, &|value| match value {
            Value::Float(x) if x.is_nan() && x.to_bits() != f64::NAN.to_bits() => Some(format!(
                "a NaN with payload {:#018x}, and RON writes every NaN as `NaN`",
                x.to_bits()
            )),
            _ => None,
        })?;
        Ok(self_describing::<Ron>())
    }
}

impl SerdeCodec for Ron {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::write(value, out, DOCUMENT)
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
        crate::read(bytes, DOCUMENT, RECURSION_LIMIT)
    }
}

/// ron's recursion limit for a document.
const RECURSION_LIMIT: usize = MAX_DEPTH + 1;

/// The deepest document ron reads within [`RECURSION_LIMIT`], which it
/// counts twice for each level (see the module docs).
const DOCUMENT_DEPTH: usize = RECURSION_LIMIT / 2;

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(depth: usize) -> Vec<u8> {
        format!("{}{}", "[".repeat(depth), "]".repeat(depth)).into_bytes()
    }

    /// ron counts two levels for each list or map of a `Value`, so a
    /// document [`DOCUMENT_DEPTH`] deep reads and one deeper meets ron's
    /// limit; `document` refuses such a document first, naming its depth.
    #[test]
    fn ron_reads_documents_to_the_depth_document_allows() {
        <Ron as SerdeCodec>::read::<Value>(&nested(DOCUMENT_DEPTH)).unwrap();
        <Ron as SerdeCodec>::read::<Value>(&nested(DOCUMENT_DEPTH + 1)).unwrap_err();
        let deep = [(0..=DOCUMENT_DEPTH).fold(Value::Int(1), |inner, _| Value::List(vec![inner]))];
        let schema = serbench_document::Schema::infer(&deep, "deep");
        let user = serbench_document::codec::UserSchemas::default();
        let context = Context {
            name: "deep",
            messages: &deep,
            schema: &schema,
            user: &user,
        };
        let Err(error) = Ron::document(&context) else {
            panic!("a document past ron's depth was taken");
        };
        assert_eq!(error.kind(), ErrorKind::Limit);
        assert!(
            error
                .to_string()
                .contains(&format!("nests {} levels", DOCUMENT_DEPTH + 1)),
            "{error}"
        );
    }
}
