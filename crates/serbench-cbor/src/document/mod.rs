//! A document (`serbench-document`'s [`Value`](serbench_document::Value)) in CBOR, for `serbench
//! measure`'s `cbor` and `cbor-cbor4ii` rows, and any serde type by the
//! same calls ([`SerdeCodec`]): ciborium's and cbor4ii's serde support,
//! each read after the pass every decoder of this crate runs first
//! (`wellformed.rs`): one well-formed item (RFC 8949 §3), map keys
//! that are text, each chunk of an indefinite-length text UTF-8, no tag,
//! nesting at most a document's [`MAX_DEPTH`], and nothing after it.
//!
//! cbor4ii's row also reads a document borrowed ([`SerdeLend`]): its
//! slice reader lends every definite-length text, keys included.
//!
//! minicbor has no serde support: its row reads and writes a document
//! with code of its own ([`minicbor`]), after the same pass, and
//! `serbench measure` reads a user's CBOR input with it.

use cbor4ii::core::utils::SliceReader;
use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec};
use serbench_document::serde_path::{SerdeCodec, SerdeLend, self_describing, self_describing_lent};
use serbench_document::value::MAX_DEPTH;
use serbench_model::{BaseCodec, Error, ErrorKind};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::via_cbor4ii::Fault;
use crate::{Cbor, CborCbor4ii};

pub mod minicbor;

impl DocumentCodec for Cbor {
    const KEEPS_KEY_ORDER: bool = true;

    /// The document as it is: CBOR carries every [`Value`] kind.
    ///
    /// [`Value`]: serbench_document::Value
    fn document(_: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        Ok(self_describing::<Cbor>())
    }
}

impl DocumentCodec for CborCbor4ii {
    const KEEPS_KEY_ORDER: bool = true;

    /// The document as it is, through cbor4ii's serde support.
    fn document(_: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        Ok(self_describing_lent::<CborCbor4ii>())
    }
}

/// The pass, at a document's depth: `bytes` hold one well-formed item
/// and nothing after it; its errors are codec `C`'s.
fn pass<C: BaseCodec>(bytes: &[u8]) -> Result<(), Error> {
    crate::whole::<C>(
        DOCUMENT,
        bytes,
        crate::wellformed::check_document(bytes, MAX_DEPTH),
    )
}

impl SerdeCodec for Cbor {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        ciborium::into_writer(value, out).map_err(|error| crate::unwritable(DOCUMENT, error))
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
        pass::<Cbor>(bytes)?;
        // Reading from a slice we hold shows how far ciborium read.
        let mut rest = bytes;
        ciborium::from_reader(&mut rest)
            .map_err(|error| crate::library_error(DOCUMENT, bytes, bytes.len() - rest.len(), error))
    }
}

impl SerdeCodec for CborCbor4ii {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        cbor4ii::serde::to_writer(out, &value).map_err(|error| {
            Error::named(
                ErrorKind::Unsupported,
                Self::NAME,
                DOCUMENT,
                error.to_string(),
            )
        })
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
        pass::<CborCbor4ii>(bytes)?;
        // A reader over the slice, as the dataset codec reads, shows where
        // a fault is.
        let mut reader = SliceReader::new(bytes);
        let read = T::deserialize(&mut cbor4ii::serde::Deserializer::new(&mut reader));
        read.map_err(|error| Fault::from(error).at(DOCUMENT, bytes, &mut reader))
    }
}

impl SerdeLend for CborCbor4ii {
    const ID: &'static str = Self::NAME;

    fn lend<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<T> {
        pass::<CborCbor4ii>(bytes).ok()?;
        T::deserialize(&mut cbor4ii::serde::Deserializer::new(SliceReader::new(
            bytes,
        )))
        .ok()
    }
}
