//! borsh through its derive (`BorshSerialize`, `BorshDeserialize`) and its
//! plain entry points, `borsh::to_vec` and `borsh::from_slice`: the
//! specification's layout (fixed-width little-endian integers, `u32`
//! lengths, `u8` variant indexes), fields in declaration order, no names.
//!
//! `from_slice` refuses bytes left over ("Not all bytes read"), so unlike
//! wincode's `deserialize` an old program refuses a record with a field
//! added at the end, as it refuses any other change that moves bytes.
//! Like the users of other positional formats, borsh's put the version in
//! front: an enum whose variants are the versions, a `u8` ahead of the
//! record.
//!
//! The two ⚠ cells are the bare record with `width` and `height`
//! swapped: both are `i32`s, four bytes each, and nothing on the wire
//! names them, so each version reads the other's width as its height and
//! the value arrives changed, in either direction. Every other change
//! either keeps the bytes (a renamed field, a variant added at the end
//! read by the new program) or moves them so that borsh runs out of input,
//! finds bytes left over or meets a tag it does not know (an unknown
//! variant: `Huge` read by the old program), and fails. Some of those ✗
//! are the test record's luck as much as the format's: a removed or
//! widened field shifts every byte after it (the title's length read as
//! the width, its text as the height and the size tag), and a record whose
//! shifted bytes happened to form valid values and fill the input would
//! read as a ⚠ instead. Behind the version tag the new program reads
//! every old record, and the old one refuses every new one by its tag.

use borsh::{BorshDeserialize, BorshSerialize};
use serbench_evolution::{Bare, Evolution, Library, Practised, RECORD, Tagged, cells, mirror};
use serbench_model::{BaseCodec, Error};

/// borsh's `to_vec` and `from_slice` over its derive's types.
struct Derive;

impl Evolution for crate::Borsh {
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

mirror! { Derive, #[derive(borsh::BorshSerialize, borsh::BorshDeserialize)] }

impl<T: BorshSerialize + BorshDeserialize> Library<T> for Derive {
    fn write(value: &T) -> Result<Vec<u8>, Error> {
        borsh::to_vec(value).map_err(|error| Error::unwritable(crate::Borsh::NAME, RECORD, error))
    }

    fn read(bytes: &[u8]) -> Result<T, Error> {
        borsh::from_slice(bytes).map_err(|error| crate::refused(RECORD, error))
    }
}
