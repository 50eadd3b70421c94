//! The `bitcode` codec: the size walk of [`crate::walk`], bitcode's own
//! derive over the mirror types of [`crate::mirror`], then the canonical
//! check.

use serbench_model::{Codec, Dataset, Error, ErrorKind, lend_or_tell};

use crate::mirror::{Invalid, Lends, Mirrored};
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

/// The borrowed form of a `T` that `bytes` hold, through the lent mirror,
/// after the same size walk and with the same canonical check as
/// [`decode`]; `None` where anything fails, which the owned decode then
/// tells.
fn lend<T>(bytes: &[u8]) -> Option<T::Borrowed<'_>>
where
    T: Declared + Lends,
    for<'de> T::Lent<'de>: bitcode::Decode<'de> + bitcode::Encode,
{
    T::check(bytes).ok()?;
    let mirror: T::Lent<'_> = bitcode::decode(bytes).ok()?;
    if bitcode::encode(&mirror) != bytes {
        return None;
    }
    T::from_lent(mirror).ok()
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

            fn borrow(
                bytes: &[u8],
            ) -> Option<Result<<$dataset as Dataset>::Borrowed<'_>, Error>> {
                Some(lend_or_tell::<Self, $dataset>(bytes, lend::<$dataset>))
            }
        }
    )*};
}

serbench_model::for_each_dataset!(codec);
