//! nanoserde through its derive (`SerBin`, `DeBin`) and its plain entry
//! points, `serialize_bin` and `deserialize_bin`: fixed-width
//! little-endian integers, `u64` lengths, `u16` variant indexes, fields in
//! declaration order, no names.
//!
//! `deserialize_bin` reads a value from the front of the bytes and leaves
//! the rest, as wincode's `deserialize` does; so an old program reads a
//! new record with a field added at the end. Like the users of other
//! positional formats, nanoserde's put the version in front: an enum whose
//! variants are the versions, a `u16` ahead of the record.
//!
//! The two ⚠ cells are the bare record with `width` and `height`
//! swapped: both are `i32`s, four bytes each, and nothing on the wire
//! names them, so each version reads the other's width as its height and
//! the value arrives changed, in either direction. Every other change
//! either keeps the bytes (a renamed field, a variant added at the end read
//! by the new program, a field added at the end, which the old program
//! stops before) or moves them so that nanoserde runs out of input or meets
//! an index it does not know (`Huge` read by the old program), and fails.
//! Behind the version tag the new program reads every old record, and the
//! old one refuses every new one by its tag.
//!
//! The types are declared here rather than by `serbench_evolution`'s
//! `mirror!`, whose `pub(crate)` items nanoserde's derive refuses (see the
//! crate's `mirror` module): the same names, shapes and conversions, with
//! `pub` items in this private module.

#![allow(
    unreachable_pub,
    reason = "nanoserde's derive refuses `pub(crate)`: the items are `pub` in a private module"
)]

use nanoserde::{DeBin, SerBin};
use serbench_evolution::{
    Bare, Evolution, Library, Mirror, Practised, RECORD, Tag, Tagged, Tags, cells, model,
};
use serbench_model::Error;

/// nanoserde's `serialize_bin` and `deserialize_bin` over its derive's
/// types.
struct Derive;

impl Evolution for crate::NanoserdeBin {
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

#[derive(SerBin, DeBin)]
pub enum Size {
    Small,
    Large,
}

#[derive(SerBin, DeBin)]
pub enum SizeMore {
    Small,
    Large,
    Huge,
}

#[derive(SerBin, DeBin)]
pub enum OldTagged<Old> {
    V1(Old),
}

#[derive(SerBin, DeBin)]
pub enum NewTagged<Old, New> {
    V1(Old),
    V2(New),
}

impl Tags for Derive {
    type Old<O> = OldTagged<O>;
    type New<O, N> = NewTagged<O, N>;

    fn old<O>(value: O) -> OldTagged<O> {
        OldTagged::V1(value)
    }

    fn from_old<O>(tagged: OldTagged<O>) -> O {
        let OldTagged::V1(value) = tagged;
        value
    }

    fn new<O, N>(value: N) -> NewTagged<O, N> {
        NewTagged::V2(value)
    }

    fn from_new<O, N>(tagged: NewTagged<O, N>) -> Tag<O, N> {
        match tagged {
            NewTagged::V1(old) => Tag::V1(old),
            NewTagged::V2(new) => Tag::V2(new),
        }
    }
}

impl From<model::Size> for Size {
    fn from(size: model::Size) -> Self {
        match size {
            model::Size::Small => Size::Small,
            model::Size::Large => Size::Large,
        }
    }
}

impl From<Size> for model::Size {
    fn from(size: Size) -> Self {
        match size {
            Size::Small => model::Size::Small,
            Size::Large => model::Size::Large,
        }
    }
}

impl From<model::SizeMore> for SizeMore {
    fn from(size: model::SizeMore) -> Self {
        match size {
            model::SizeMore::Small => SizeMore::Small,
            model::SizeMore::Large => SizeMore::Large,
            model::SizeMore::Huge => SizeMore::Huge,
        }
    }
}

impl From<SizeMore> for model::SizeMore {
    fn from(size: SizeMore) -> Self {
        match size {
            SizeMore::Small => model::SizeMore::Small,
            SizeMore::Large => model::SizeMore::Large,
            SizeMore::Huge => model::SizeMore::Huge,
        }
    }
}

/// A version of the record: its struct, and its conversions both ways.
/// Field types are `ident`s, not `ty`s: nanoserde's derive parses tokens
/// itself and panics on a `ty` fragment's invisible group.
macro_rules! record {
    ($($name:ident { $($field:ident: $type:ident),* $(,)? })*) => {$(
        #[derive(SerBin, DeBin)]
        pub struct $name {
            $($field: $type),*
        }

        impl Mirror<model::$name> for Derive {
            type Own = $name;

            fn own(value: &model::$name) -> $name {
                $name {
                    $($field: value.$field.clone().into()),*
                }
            }

            fn model(own: $name) -> model::$name {
                model::$name {
                    $($field: own.$field.into()),*
                }
            }
        }
    )*};
}

record! {
    Image { uri: String, title: String, width: i32, height: i32, size: Size }
    ImageAdded { uri: String, title: String, width: i32, height: i32, size: Size, alt: String }
    ImageRemoved { uri: String, width: i32, height: i32, size: Size }
    ImageRenamed { url: String, title: String, width: i32, height: i32, size: Size }
    ImageReordered { uri: String, title: String, height: i32, width: i32, size: Size }
    ImageWidened { uri: String, title: String, width: i64, height: i32, size: Size }
    ImageMoreSizes { uri: String, title: String, width: i32, height: i32, size: SizeMore }
}

impl<T: SerBin + DeBin> Library<T> for Derive {
    fn write(value: &T) -> Result<Vec<u8>, Error> {
        Ok(value.serialize_bin())
    }

    fn read(bytes: &[u8]) -> Result<T, Error> {
        T::deserialize_bin(bytes).map_err(|error| crate::refused(RECORD, bytes, error))
    }
}
