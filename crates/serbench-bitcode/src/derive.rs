//! The `bitcode` codec: bitcode's own derive over the mirror types of
//! [`crate::read`] and [`crate::write`], then the canonical check.

use serbench_model::{
    Codec, Dataset, Error, ErrorKind, Graph, MediaContent, Record, SensorReading, TaskManager,
};

use crate::{Bitcode, canonical, read, refused, write};

/// Encodes the borrowed mirror of a value, appending to `out`.
fn encode(mirror: &impl bitcode::Encode, out: &mut Vec<u8>) {
    out.extend_from_slice(&bitcode::encode(mirror));
}

/// Decodes the owned mirror of a `T`, holds the bytes to the encoding
/// bitcode writes for it, and converts it into the model.
fn decode<T, M>(bytes: &[u8], into_model: fn(M) -> Result<T, read::Invalid>) -> Result<T, Error>
where
    T: Dataset,
    M: bitcode::DecodeOwned + bitcode::Encode,
{
    let mirror: M = bitcode::decode(bytes).map_err(refused::<Bitcode, T>)?;
    canonical::<Bitcode, T>(bytes, &bitcode::encode(&mirror))?;
    into_model(mirror).map_err(|invalid| {
        Error::new::<Bitcode, T>(ErrorKind::Invalid, invalid.message).at_path(invalid.path)
    })
}

/// `Codec` for one dataset: its borrowed and owned mirrors.
macro_rules! codec {
    ($dataset:ty, $write:ty, $read:ty) => {
        impl Codec<$dataset> for Bitcode {
            fn encode(value: &$dataset, out: &mut Vec<u8>) -> Result<(), Error> {
                encode(&<$write>::new(value), out);
                Ok(())
            }

            fn decode(bytes: &[u8]) -> Result<$dataset, Error> {
                decode(bytes, <$read>::into_model)
            }
        }
    };
}

codec!(TaskManager, write::TaskManager<'_>, read::TaskManager);
codec!(SensorReading, write::SensorReading<'_>, read::SensorReading);
codec!(Graph, write::Graph<'_>, read::Graph);
codec!(Record, write::Record<'_>, read::Record);
codec!(MediaContent, write::MediaContent<'_>, read::MediaContent);
