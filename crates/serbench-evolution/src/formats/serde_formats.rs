//! The formats serde drives: the self-describing ones (JSON, CBOR,
//! MessagePack's map form), where serde's `default` fills a field the
//! writer did not know, `alias` reads an old name and unknown fields are
//! skipped; and the positional ones (bincode, postcard), which write the
//! fields in order without names, tested bare and behind the version tag
//! their users are told to put in front (an enum whose variants are the
//! versions: the new program keeps the old version's type and migrates,
//! the old program refuses a variant it does not know).
//!
//! Those are the shared practices of [`library`](super::library); a serde
//! library plugs in with its entry points ([`Serde`]), over the model's
//! types themselves, which carry serde's derive.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::library::{Library, Mirror};
use crate::model::Version;

/// One serde library's entry points, called as its users call them, for
/// any type serde's derive covers.
pub(crate) trait Serde {
    /// `value`'s bytes.
    fn write<T: Serialize>(value: &T) -> Result<Vec<u8>, String>;
    /// A `T` from the front of `bytes`.
    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String>;
}

/// serde_json.
pub(crate) struct Json;

impl Serde for Json {
    fn write<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
        serde_json::to_vec(value).map_err(|e| e.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_json::from_slice(bytes).map_err(|e| e.to_string())
    }
}

/// ciborium.
pub(crate) struct Cbor;

impl Serde for Cbor {
    fn write<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        ciborium::into_writer(value, &mut out).map_err(|e| e.to_string())?;
        Ok(out)
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        ciborium::from_reader(bytes).map_err(|e| e.to_string())
    }
}

/// rmp-serde, with field names (`to_vec_named`): the self-describing
/// form, whose maps serde reads by name.
pub(crate) struct MessagePack;

impl Serde for MessagePack {
    fn write<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
        rmp_serde::to_vec_named(value).map_err(|e| e.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        rmp_serde::from_slice(bytes).map_err(|e| e.to_string())
    }
}

/// bincode 2's serde path with its standard configuration, and the size
/// limit every decode of untrusted bytes should carry.
pub(crate) struct Bincode;

impl Serde for Bincode {
    fn write<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
        bincode::serde::encode_to_vec(value, bincode::config::standard()).map_err(|e| e.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        let config = bincode::config::standard().with_limit::<{ 1 << 20 }>();
        bincode::serde::decode_from_slice(bytes, config)
            .map(|(value, _)| value)
            .map_err(|e| e.to_string())
    }
}

/// postcard.
pub(crate) struct Postcard;

impl Serde for Postcard {
    fn write<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
        postcard::to_allocvec(value).map_err(|e| e.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        postcard::from_bytes(bytes).map_err(|e| e.to_string())
    }
}

impl<L: Serde, T: Serialize + DeserializeOwned> Library<T> for L {
    fn write(value: &T) -> Result<Vec<u8>, String> {
        <L as Serde>::write(value)
    }

    fn read(bytes: &[u8]) -> Result<T, String> {
        <L as Serde>::read(bytes)
    }
}

/// serde's users derive its traits on their own types, the model's here:
/// each version is its own mirror.
impl<L: Serde, V: Version> Mirror<V> for L {
    type Own = V;

    fn own(value: &V) -> V {
        value.clone()
    }

    fn model(own: V) -> V {
        own
    }
}
