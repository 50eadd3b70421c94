//! The `bitcode-serde` codec: bitcode's serde support over the model's
//! own serde forms, then the canonical check.

use serbench_model::{Codec, Dataset, Error, ErrorKind};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{BitcodeSerde, canonical, refused};

impl<T> Codec<T> for BitcodeSerde
where
    T: Dataset + Serialize + DeserializeOwned,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        let bytes = bitcode::serialize(value).map_err(|error| {
            Error::new::<Self, T>(ErrorKind::Unsupported, error.to_string()).with_source(error)
        })?;
        out.extend_from_slice(&bytes);
        Ok(())
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        let value: T = bitcode::deserialize(bytes).map_err(refused::<Self, T>)?;
        let again = bitcode::serialize(&value).map_err(refused::<Self, T>)?;
        canonical::<Self, T>(bytes, &again)?;
        Ok(value)
    }
}
