//! wincode through its derive (`SchemaWrite`, `SchemaRead`) and its
//! plain entry points, `wincode::serialize` and `wincode::deserialize`:
//! bincode 1's layout (fixed-width little-endian integers, `u64` lengths,
//! `u32` variant indexes), fields in declaration order, no names.
//!
//! `deserialize` reads a value from the front of the bytes and leaves the
//! rest, as bincode's `decode_from_slice` does (wincode has
//! `deserialize_exact` for a caller who wants trailing bytes refused); so
//! an old program reads a new record with a field added at the end.
//!
//! Like bincode's users, wincode's put the version in front: an enum
//! whose variants are the versions.

use wincode::{SchemaRead, SchemaWrite, config::DefaultConfig};

use super::library::Library;
use super::own_types::mirror;

/// wincode's `serialize` and `deserialize`.
pub(crate) struct Wincode;

mirror! { Wincode, #[derive(wincode::SchemaWrite, wincode::SchemaRead)] }

impl<T> Library<T> for Wincode
where
    T: SchemaWrite<DefaultConfig, Src = T> + for<'de> SchemaRead<'de, DefaultConfig, Dst = T>,
{
    fn write(value: &T) -> Result<Vec<u8>, String> {
        wincode::serialize(value).map_err(|error| error.to_string())
    }

    fn read(bytes: &[u8]) -> Result<T, String> {
        wincode::deserialize(bytes).map_err(|error| error.to_string())
    }
}
