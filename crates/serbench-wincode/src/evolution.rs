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

use serbench_evolution::{Bare, Evolution, Library, Practised, RECORD, Tagged, cells, mirror};
use serbench_model::Error;
use wincode::{SchemaRead, SchemaWrite, config::DefaultConfig};

use crate::{refused, unwritable};

/// wincode's `serialize` and `deserialize` over its derive's types.
struct Derive;

impl Evolution for crate::Wincode {
    const PRACTICES: &'static [Practised] = &[
        Practised {
            practice: "bare",
            cells: cells::<Bare<Derive>>,
        },
        Practised {
            practice: "version tag",
            cells: cells::<Tagged<Derive>>,
        },
    ];
}

mirror! { Derive, #[derive(wincode::SchemaWrite, wincode::SchemaRead)] }

impl<T> Library<T> for Derive
where
    T: SchemaWrite<DefaultConfig, Src = T> + for<'de> SchemaRead<'de, DefaultConfig, Dst = T>,
{
    fn write(value: &T) -> Result<Vec<u8>, Error> {
        wincode::serialize(value).map_err(|error| unwritable(RECORD, error))
    }

    fn read(bytes: &[u8]) -> Result<T, Error> {
        wincode::deserialize(bytes).map_err(|error| refused(RECORD, error))
    }
}
