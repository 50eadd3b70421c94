//! Codecs whose library goes through serde, once for every serde type:
//! a document's [`Value`] and a user's own type take the same calls.
//!
//! A codec crate implements [`SerdeCodec`] for its codec type with its
//! library's calls, configured as its dataset codec is and behind the
//! same checks; [`Through`] is then a [`Codec`] of any serde type, and
//! [`self_describing`] the codec of a document that a self-describing
//! format carries as it is. A crate whose library also reads from a
//! borrowed slice and lends its text implements [`SerdeLend`]; [`Lending`]
//! is then a [`Codec`] of any type with a [`BorrowedForm`] that reads it
//! borrowed too, and [`self_describing_lent`] such a codec of a document.
//!
//! The calls' errors name the codec and [`DOCUMENT`](crate::DOCUMENT)
//! as what they are about; a caller that writes something else through
//! them (the evolution matrix's record) names it with [`Error::about`].

use std::marker::PhantomData;

use serbench_model::Error;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::codec::{BorrowedForm, Codec, Lender};
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

/// A codec type whose library reads from a borrowed slice and lends its
/// text: [`SerdeCodec::read`]'s read and checks, for a type that borrows.
pub trait SerdeLend: SerdeCodec {
    /// The codec's id, which an error of its borrowed decode names.
    const ID: &'static str;

    /// Reads a whole `T` from `bytes`, refusing bytes left after it, with
    /// `read`'s checks; `None` when anything is wrong, which `read` then
    /// tells (so that the fast path builds no message).
    fn lend<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<T>;
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

/// As [`self_describing`], with a borrowed decode ([`Lender`]) through
/// `C`'s [`SerdeLend::lend`].
#[must_use]
pub fn self_describing_lent<C: SerdeLend + 'static>() -> Box<dyn Codec<Value>> {
    Box::new(Lending::<C>::default())
}

/// Codec type `C`'s serde calls as a [`Codec`] of `T`, as [`Through`], with
/// a borrowed decode of `T`'s [`BorrowedForm`] through `C`'s
/// [`SerdeLend::lend`].
pub struct Lending<C>(PhantomData<C>);

impl<C> Default for Lending<C> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<C, T> Codec<T> for Lending<C>
where
    C: SerdeLend,
    T: Serialize + DeserializeOwned + BorrowedForm,
{
    fn encode(&self, value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        C::write(value, out)
    }

    fn decode(&self, bytes: &[u8]) -> Result<T, Error> {
        C::read(bytes)
    }

    fn lender(&self) -> Option<&dyn Lender<T>> {
        Some(self)
    }
}

impl<C, T> Lender<T> for Lending<C>
where
    C: SerdeLend,
    T: DeserializeOwned + BorrowedForm,
{
    /// A failed borrow is told as the owned decode tells it, by decoding
    /// the same bytes owned: it refuses what that refuses, in its words.
    fn borrow<'a>(&'a self, bytes: &'a [u8]) -> Result<T::Lent<'a>, Error> {
        if let Some(lent) = C::lend(bytes) {
            return Ok(lent);
        }
        Err(match C::read::<T>(bytes) {
            Err(error) => error,
            Ok(_) => Error::named(
                serbench_model::ErrorKind::Invalid,
                C::ID,
                crate::DOCUMENT,
                "the borrowed decode refused what the owned decode reads",
            ),
        })
    }
}
