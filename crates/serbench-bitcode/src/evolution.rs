//! bitcode through its own derive (`Encode`, `Decode`), the path its
//! README shows first: positional like bincode, but each field's values
//! are packed together and integers take the fewest bits their values
//! need, so what a reader makes of another version's bytes is bitcode's
//! packing's answer, not a byte layout's. `bitcode::decode` refuses bytes
//! left over, so an old program refuses a record with a field added; an
//! `i64` is packed under another header than an `i32` of the same value,
//! so a widened integer fails both ways.
//!
//! bitcode makes no promise across versions of a type: its README lists a
//! self-describing format among its non-goals, and its maintainers answer
//! that with the derive, any change to a type must be assumed to break
//! its bytes (bitcode issue #16). Two cells show how:
//!
//! - An enum's variant index is packed by the number of variants: one bit
//!   for two, a base-3 digit for three. The old reader of `size` takes
//!   the low bit of the byte the new writer packed `Huge` (2) into, and
//!   reads `Small` without a word.
//! - The derive writes no index at all for an enum of one variant. So the
//!   old program's enum of versions, which knows only `V1`, writes no
//!   version, and the new program's, with `V2` added, reads an index the
//!   old bytes do not hold: the version tag other positional formats'
//!   users rely on fails in every cell here.

use bitcode::{DecodeOwned, Encode};
use serbench_evolution::{Bare, Evolution, Library, Practised, RECORD, Tagged, cells, mirror};
use serbench_model::Error;

use crate::refused;

/// bitcode's `encode` and `decode` over its derive's types.
struct Derive;

impl Evolution for crate::Bitcode {
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

mirror! { Derive, #[derive(bitcode::Encode, bitcode::Decode)] }

impl<T: Encode + DecodeOwned> Library<T> for Derive {
    fn write(value: &T) -> Result<Vec<u8>, Error> {
        Ok(bitcode::encode(value))
    }

    fn read(bytes: &[u8]) -> Result<T, Error> {
        bitcode::decode(bytes).map_err(|error| refused::<crate::Bitcode>(RECORD, error))
    }
}
