//! A document (`serbench-document`'s [`Value`]) in RON, for `serbench
//! measure`'s rows, and any serde type by the same calls
//! ([`SerdeCodec`]): the value as it is, through ron's serde support, with
//! the checks the dataset codec runs.
//!
//! - A NaN other than the canonical quiet one is refused when the codec is
//!   built, naming the place: ron writes every NaN as `NaN`.
//! - ron reads the whole input, nesting at most [`MAX_DEPTH`] + 1 levels
//!   (its recursion limit, one above [`Value`]'s own, so `Value` names the
//!   depth it refuses); [`Value`]'s `Deserialize` refuses a duplicate key.
//! - ron's error becomes the model's as the dataset codec converts it
//!   (kind, line and column, field path), about the document.

use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec};
use serbench_document::serde_path::{SerdeCodec, self_describing};
use serbench_document::value::{MAX_DEPTH, Value, first_problem};
use serbench_model::{BaseCodec, Error};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::Ron;

impl DocumentCodec for Ron {
    // A RON map is written entry by entry in the document's order, and
    // read back in the text's order.
    const KEEPS_KEY_ORDER: bool = true;

    /// ron's codec of the document, once it holds no NaN with a payload.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
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
        crate::read(bytes, DOCUMENT, MAX_DEPTH + 1)
    }
}
