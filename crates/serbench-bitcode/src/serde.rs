//! The `bitcode-serde` codec: bitcode's serde support over the model's
//! own serde forms, through the size budget of [`crate::budget`], then the
//! canonical check.

use serbench_model::serde_forms::{Lent, SerdeBorrow};
use serbench_model::{BaseCodec, Codec, Dataset, Error, ErrorKind, lend_or_tell};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::budget::{self, Refusal};
use crate::{BitcodeSerde, canonical, refused};

serbench_model::per_dataset!(BitcodeSerde, BitcodeSerdeGeneric);

impl<T> Codec<T> for BitcodeSerdeGeneric
where
    T: Dataset + Serialize + DeserializeOwned + SerdeBorrow,
    for<'a> T::Borrowed<'a>: Serialize,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        write(T::NAME, value, out)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        let value: T = budget::deserialize(bytes).map_err(|error| match error {
            Ok(refusal) => too_large::<T>(bytes.len(), refusal),
            Err(error) => refused::<Self>(T::NAME, error),
        })?;
        let again = bitcode::serialize(&value).map_err(|error| refused::<Self>(T::NAME, error))?;
        canonical::<Self, T>(bytes, &again)?;
        Ok(value)
    }

    /// bitcode's serde decoder lends every string, through the same budget
    /// and with the same canonical check as the decode. It lends no byte
    /// string: its `deserialize_bytes` reads each into a `Vec` first, so
    /// every UUID (16 bytes, as serde's binary form has it) still
    /// allocates, about one allocation per task of the task-manager.
    fn borrow(bytes: &[u8]) -> Option<Result<T::Borrowed<'_>, Error>> {
        Some(lend_or_tell::<Self, T>(bytes, |bytes| {
            let Lent(lent) = budget::deserialize::<Lent<'_, T>>(bytes).ok()?;
            let again = bitcode::serialize(&lent).ok()?;
            (again == bytes).then_some(lent)
        }))
    }
}

/// Appends `value`'s bytes through bitcode's serde support, errors about
/// `subject` (a dataset, or a document).
pub(crate) fn write<T: Serialize + ?Sized>(
    subject: &'static str,
    value: &T,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    let bytes = bitcode::serialize(value).map_err(|error| {
        Error::named(
            ErrorKind::Unsupported,
            BitcodeSerde::NAME,
            subject,
            error.to_string(),
        )
        .with_source(error)
    })?;
    out.extend_from_slice(&bytes);
    Ok(())
}

/// The error of the budget refusing the bytes.
fn too_large<T: Dataset>(len: usize, refusal: Refusal) -> Error {
    let Refusal {
        count,
        each,
        charged,
        limit,
    } = refusal;
    let message = format!(
        "{count} elements of {each} bytes in {len} bytes would take {charged}+ bytes; the limit \
         is {limit}"
    );
    Error::new::<BitcodeSerde, T>(ErrorKind::Limit, message)
}
