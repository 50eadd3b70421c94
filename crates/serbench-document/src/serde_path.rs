//! Codecs whose library goes through serde, once for every serde type:
//! a document's [`Value`] and a user's own type take the same calls.
//!
//! A codec crate implements [`SerdeCodec`] for its codec type with its
//! library's calls, configured as its dataset codec is and behind the
//! same checks; [`Through`] is then a [`Codec`] of any serde type, and
//! [`self_describing`] the codec of a document that a self-describing
//! format carries as it is.
//!
//! The calls' errors name the codec and [`DOCUMENT`](crate::DOCUMENT)
//! as what they are about; a caller that writes something else through
//! them (the evolution matrix's record) names it with [`Error::about`].

use std::marker::PhantomData;

use serbench_model::Error;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::codec::Codec;
use crate::value::Value;

/// A codec type's serde calls, for any serde type.
pub trait SerdeCodec {
    /// Appends `value`'s encoding to `out`.
    ///
    /// # Errors
    ///
    /// What the library could not write, as it says it
    /// ([`ErrorKind::Unsupported`](serbench_model::ErrorKind::Unsupported)).
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error>;

    /// Reads a whole `T` from `bytes`, refusing bytes left after it.
    ///
    /// # Errors
    ///
    /// What the library or the codec's checks refused, and where.
    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error>;
}

/// Codec type `C`'s serde calls as a [`Codec`] of `T`.
pub struct Through<C>(PhantomData<C>);

impl<C> Default for Through<C> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<C: SerdeCodec, T: Serialize + DeserializeOwned> Codec<T> for Through<C> {
    fn encode(&self, value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        C::write(value, out)
    }

    fn decode(&self, bytes: &[u8]) -> Result<T, Error> {
        C::read(bytes)
    }
}

/// The codec of a document that the self-describing format of `C`
/// carries as it is: its [`Value`] through `C`'s serde calls.
#[must_use]
pub fn self_describing<C: SerdeCodec + 'static>() -> Box<dyn Codec<Value>> {
    Box::new(Through::<C>::default())
}
