//! The `bitcode` codec: the size walk of [`crate::walk`], bitcode's own
//! derive over the mirror types of [`crate::mirror`], then the canonical
//! check.

use std::cell::RefCell;

use serbench_model::{Codec, Dataset, Error, ErrorKind, lend_or_tell};

use crate::mirror::{Invalid, Lends, Mirrored};
use crate::walk::Declared;
use crate::{Bitcode, canonical, refused};

thread_local! {
    /// bitcode's own reuse of its column buffers from call to call, one per
    /// thread: without it every encode and decode allocates a fresh buffer
    /// per column, which for a borrowed decode and its canonical re-encode
    /// is several times the allocations of the value itself. It keeps the
    /// columns of the largest value seen on the thread.
    static BUFFER: RefCell<bitcode::Buffer> = RefCell::new(bitcode::Buffer::new());
}

/// Encodes the borrowed mirror of a value, appending to `out`.
fn encode(mirror: &impl bitcode::Encode, out: &mut Vec<u8>) {
    BUFFER.with_borrow_mut(|buffer| out.extend_from_slice(buffer.encode(mirror)));
}

/// Decodes a `T` with the thread's reused column buffers.
fn decoded<'a, T: bitcode::Decode<'a>>(bytes: &'a [u8]) -> Result<T, bitcode::Error> {
    BUFFER.with_borrow_mut(|buffer| buffer.decode(bytes))
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
    let mirror: T::Owned = decoded(bytes).map_err(|error| refused::<Bitcode>(T::NAME, error))?;
    BUFFER.with_borrow_mut(|buffer| canonical::<Bitcode, T>(bytes, buffer.encode(&mirror)))?;
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
    let mirror: T::Lent<'_> = decoded(bytes).ok()?;
    if !BUFFER.with_borrow_mut(|buffer| buffer.encode(&mirror) == bytes) {
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
