//! bin-proto through its derive (`BitEncode`, `BitDecode`), written and
//! read as the datasets are: little-endian, `prepend-tags` lengths, each
//! enum's `u8` discriminant spelled out (`discriminant_type`,
//! `discriminant`), fields in declaration order, no names.
//!
//! bin-proto describes a layout someone fixed; it has no field tags,
//! defaults or schema to reconcile two versions of a type. What it offers
//! a protocol that changes is what it offers any protocol: an enum whose
//! discriminants tell the message kinds apart, read first. So its users'
//! practice is the one borsh's follow, written with bin-proto's derive: an
//! enum whose variants are the versions, its discriminant (0, 1) a `u8`
//! ahead of the record. bin-proto's `other` attribute reads an unknown
//! discriminant as a catch-all variant, but the old program still has no
//! type to read the new record as: it would only move the refusal from
//! bin-proto's error to its own.
//!
//! The bare record is each version's type as it is. Like borsh's reader,
//! the codec's refuses bytes left over, so an old program refuses a record
//! with a field added at the end. The two ⚠ cells are `width` and `height`
//! swapped: both are `i32`s, nothing on the wire names them. Every other
//! change either keeps the bytes (a renamed field, a variant added at the
//! end read by the new program) or moves them so that bin-proto runs out
//! of input, finds bytes left over or meets a discriminant it does not
//! know. A removed field shifts every byte after it: the old program
//! reads the new record's `width` and `height` as the title's 8-byte
//! length, which bin-proto would reserve room for before reading a byte
//! of it (2 TB here); the codec's walk of the reader's layout refuses that
//! length first, as it does a dataset's (see the crate's Limits).

use bin_proto::{BitDecode, BitEncode};
use serbench_evolution::{Bare, Evolution, Library, Practised, RECORD, Tagged, cells, mirror};
use serbench_model::Error;

use crate::check::{Stop, Walk, run};

/// bin-proto's derive over the codec's reader and writer.
struct Derive;

impl Evolution for crate::BinProto {
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

mirror! {
    Derive, #[derive(bin_proto::BitEncode, bin_proto::BitDecode)],
    enums: #[bin_proto(discriminant_type = u8)],
    variants: bin_proto(discriminant)
}

impl<T: BitEncode + BitDecode + Layout> Library<T> for Derive {
    fn write(value: &T) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        crate::write(value, &mut out, RECORD)?;
        Ok(out)
    }

    fn read(bytes: &[u8]) -> Result<T, Error> {
        run(bytes, T::walk).map_err(|too_long| too_long.into_error(RECORD))?;
        crate::read(bytes, RECORD)
    }
}

/// The reader's layout, for the walk that holds each declared length to
/// the input left before bin-proto reserves room for it. A test walks
/// every version's own bytes to their end, so a layout here that
/// disagreed with the derive's would fail it.
trait Layout {
    /// Walks one value, as bin-proto reads it.
    fn walk(walk: &mut Walk<'_>) -> Result<(), Stop>;
}

impl Layout for String {
    fn walk(walk: &mut Walk<'_>) -> Result<(), Stop> {
        walk.string("a string")
    }
}

/// Values of a fixed size: their bytes are skipped.
macro_rules! fixed {
    ($($type:ty => $size:expr),* $(,)?) => {$(
        impl Layout for $type {
            fn walk(walk: &mut Walk<'_>) -> Result<(), Stop> {
                walk.skip($size)
            }
        }
    )*};
}

fixed!(i32 => 4, i64 => 8, Size => 1, SizeMore => 1);

/// Each record's fields, in the order `mirror!` declares them.
macro_rules! records {
    ($($record:ident { $($field:ty),* })*) => {$(
        impl Layout for $record {
            fn walk(walk: &mut Walk<'_>) -> Result<(), Stop> {
                $(<$field as Layout>::walk(walk)?;)*
                Ok(())
            }
        }
    )*};
}

records! {
    Image { String, String, i32, i32, Size }
    ImageAdded { String, String, i32, i32, Size, String }
    ImageRemoved { String, i32, i32, Size }
    ImageRenamed { String, String, i32, i32, Size }
    ImageReordered { String, String, i32, i32, Size }
    ImageWidened { String, String, i64, i32, Size }
    ImageMoreSizes { String, String, i32, i32, SizeMore }
}

/// A discriminant no variant has ends the walk: bin-proto refuses it.
impl<Old: Layout> Layout for OldTagged<Old> {
    fn walk(walk: &mut Walk<'_>) -> Result<(), Stop> {
        match walk.byte()? {
            0 => Old::walk(walk),
            _ => Err(Stop::Ended),
        }
    }
}

impl<Old: Layout, New: Layout> Layout for NewTagged<Old, New> {
    fn walk(walk: &mut Walk<'_>) -> Result<(), Stop> {
        match walk.byte()? {
            0 => Old::walk(walk),
            1 => New::walk(walk),
            _ => Err(Stop::Ended),
        }
    }
}

#[cfg(test)]
mod tests {
    use serbench_evolution::model::{self, Pair, TypedVisitor, visit_typed};
    use serbench_evolution::{Change, Direction, Mirror, Outcome, Tags};
    use serbench_model::ErrorKind;

    use super::*;
    use crate::check::walked;

    /// Walks each version's bytes, bare and tagged, and checks that the
    /// walk ends where they do.
    struct WalksToTheEnd;

    fn walks_to_the_end<T: BitEncode + BitDecode + Layout>(value: &T) {
        let bytes = <Derive as Library<T>>::write(value).unwrap();
        assert_eq!(walked(&bytes, T::walk), Some(bytes.len()));
    }

    impl<New> TypedVisitor<New> for WalksToTheEnd
    where
        Derive: Mirror<New>,
        <Derive as Mirror<New>>::Own: BitEncode + BitDecode + Layout,
    {
        fn visit(&mut self, pair: &Pair<model::Image, New>) {
            type Old = <Derive as Mirror<model::Image>>::Own;
            walks_to_the_end(&<Derive as Mirror<model::Image>>::own(&pair.old));
            walks_to_the_end(&<Derive as Mirror<New>>::own(&pair.new));
            walks_to_the_end(&Derive::old(<Derive as Mirror<model::Image>>::own(
                &pair.old,
            )));
            walks_to_the_end(&Derive::new::<Old, _>(<Derive as Mirror<New>>::own(
                &pair.new,
            )));
            walks_to_the_end(&NewTagged::<_, <Derive as Mirror<New>>::Own>::V1(
                <Derive as Mirror<model::Image>>::own(&pair.old),
            ));
        }
    }

    #[test]
    fn the_walk_knows_every_layout() {
        visit_typed(&mut WalksToTheEnd);
    }

    #[test]
    fn a_length_past_the_input_is_refused_before_bin_proto_reads() {
        // A title declaring 2^63 bytes: bin-proto alone would panic
        // reserving them.
        let mut bytes = 3_usize.to_le_bytes().to_vec();
        bytes.extend_from_slice(b"uri");
        bytes.extend_from_slice(&(1_usize << 63).to_le_bytes());
        let error = <Derive as Library<Image>>::read(&bytes).err().unwrap();
        assert_eq!(error.kind(), ErrorKind::Truncated);
        assert_eq!(error.position().offset(), Some(11));
    }

    #[test]
    fn behind_the_version_tag_the_new_program_reads_every_old_record() {
        let cells = cells::<Tagged<Derive>>();
        assert_eq!(cells.len(), 12);
        for (change, direction, outcome) in cells {
            match direction {
                Direction::NewReadsOld => assert_eq!(outcome, Outcome::Reads, "{change:?}"),
                Direction::OldReadsNew => {
                    assert_eq!(outcome.id(), "error", "{change:?}: {outcome}");
                }
            }
        }
    }

    #[test]
    fn bare_the_swapped_fields_read_wrong_and_a_removed_one_is_refused() {
        let cells = cells::<Bare<Derive>>();
        let outcome = |change, direction| {
            cells
                .iter()
                .find(|cell| cell.0 == change && cell.1 == direction)
                .map(|cell| cell.2.clone())
                .unwrap()
        };
        for direction in Direction::ALL {
            assert_eq!(outcome(Change::Reordered, direction).id(), "wrong");
            assert_eq!(outcome(Change::Renamed, direction), Outcome::Reads);
        }
        let removed = outcome(Change::Removed, Direction::OldReadsNew);
        assert!(removed.detail().contains("past the"), "{removed}");
    }
}
