//! A document (`serbench-document`'s [`Value`](serbench_document::Value)) in CBOR, for `serbench
//! measure`'s `cbor` and `cbor-cbor4ii` rows, and any serde type by the
//! same calls ([`SerdeCodec`]): ciborium's and cbor4ii's serde support,
//! each read after the pass every decoder of this crate runs first
//! (`wellformed.rs`): one well-formed item (RFC 8949 §3), map keys
//! that are text, each chunk of an indefinite-length text UTF-8, no tag,
//! nesting at most a document's [`MAX_DEPTH`], and nothing after it.
//!
//! minicbor has no serde support: its row reads and writes a document
//! with code of its own ([`minicbor`]), after the same pass, and
//! `serbench measure` reads a user's CBOR input with it.

use serbench_document::codec::{Codec, Context, DocumentCodec};
use serbench_document::serde_path::{SerdeCodec, self_describing};
use serbench_document::value::MAX_DEPTH;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{Cbor, CborCbor4ii};

pub mod minicbor;

impl DocumentCodec for Cbor {
    const KEEPS_KEY_ORDER: bool = true;

    /// The document as it is: CBOR carries every [`Value`] kind.
    ///
    /// [`Value`]: serbench_document::Value
    fn document(_: &Context<'_>) -> Result<Box<dyn Codec>, String> {
        Ok(self_describing::<Cbor>())
    }
}

impl DocumentCodec for CborCbor4ii {
    const KEEPS_KEY_ORDER: bool = true;

    /// The document as it is, through cbor4ii's serde support.
    fn document(_: &Context<'_>) -> Result<Box<dyn Codec>, String> {
        Ok(self_describing::<CborCbor4ii>())
    }
}

/// The pass, at a document's depth: `bytes` hold one well-formed item
/// and nothing after it.
fn pass(bytes: &[u8]) -> Result<(), String> {
    let end = crate::wellformed::check_document(bytes, MAX_DEPTH).map_err(|problem| {
        if problem.path.is_empty() {
            format!("at byte {}: {}", problem.at, problem.message)
        } else {
            format!(
                "at byte {} ({}): {}",
                problem.at, problem.path, problem.message
            )
        }
    })?;
    match bytes.len() - end {
        0 => Ok(()),
        more => Err(format!("at byte {end}: {more} bytes follow the value")),
    }
}

impl SerdeCodec for Cbor {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        ciborium::into_writer(value, out).map_err(|error| error.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        pass(bytes)?;
        ciborium::from_reader(bytes).map_err(|error| error.to_string())
    }
}

impl SerdeCodec for CborCbor4ii {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        cbor4ii::serde::to_writer(out, &value).map_err(|error| error.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        pass(bytes)?;
        cbor4ii::serde::from_slice(bytes).map_err(|error| error.to_string())
    }
}
