//! The `bitcode` codec: the size walk of [`crate::walk`], bitcode's own
//! derive over the mirror types of [`crate::mirror`], then the canonical
//! check.

use serbench_model::{Codec, Dataset, Error, ErrorKind};

use crate::mirror::{Invalid, Mirrored};
use crate::walk::Declared;
use crate::{Bitcode, canonical, refused};

/// Encodes the borrowed mirror of a value, appending to `out`.
fn encode(mirror: &impl bitcode::Encode, out: &mut Vec<u8>) {
    out.extend_from_slice(&bitcode::encode(mirror));
}

/// Refuses bytes that declare more than their limit, decodes the owned
/// mirror of a `T`, holds the bytes to the encoding bitcode writes for it,
/// and converts it into the model.
fn decode<T>(bytes: &[u8]) -> Result<T, Error>
where
    T: Dataset + Mirrored + Declared,
    T::Owned: bitcode::DecodeOwned + bitcode::Encode,
{
    T::check(bytes).map_err(|too_large| {
        Error::new::<Bitcode, T>(ErrorKind::Limit, too_large.message).at_offset(too_large.offset)
    })?;
    let mirror: T::Owned =
        bitcode::decode(bytes).map_err(|error| refused::<Bitcode>(T::NAME, error))?;
    canonical::<Bitcode, T>(bytes, &bitcode::encode(&mirror))?;
    T::from_owned(mirror).map_err(|invalid: Invalid| {
        Error::new::<Bitcode, T>(ErrorKind::Invalid, invalid.message).at_path(invalid.path)
    })
}

/// `Codec` for every dataset, through its mirrors.
macro_rules! codec {
    ($($dataset:path),* $(,)?) => {$(
        impl Codec<$dataset> for Bitcode {
            fn encode(value: &$dataset, out: &mut Vec<u8>) -> Result<(), Error> {
                encode(&value.borrowed(), out);
                Ok(())
            }

            fn decode(bytes: &[u8]) -> Result<$dataset, Error> {
                decode(bytes)
            }
        }
    )*};
}

serbench_model::for_each_dataset!(codec);
