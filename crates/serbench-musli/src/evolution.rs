//! musli through its derive (`Encode`, `Decode`) and its wire format, the
//! one musli offers for data whose readers and writers upgrade apart:
//! `musli::wire::to_vec` and `musli::wire::from_slice`.
//!
//! The wire format tags every field with its index (the derive's default
//! in the binary formats: the field's position) and every value with its
//! kind and length, so a reader skips a field it does not know; a field
//! the reader has and the bytes lack is an error unless the field says
//! `#[musli(default)]`, as musli's documentation of the wire format shows
//! for a field added. That is the practice here: each version's type as
//! its program declares it, the added `alt` with `#[musli(default)]`, and
//! no other attribute (the old version was written before anyone knew
//! what would change).
//!
//! Its ⚠: a field is its position, so a change that moves fields moves
//! their meaning. Swapping `width` and `height` reads each as the other
//! without error (⚠ both ways). Removing `title` (the second field)
//! shifts every later field down one, so each program reads the other's
//! field 1 as its own and fails on its type: the new one the old `title`
//! as its width, the old one the new `width` as its title. A musli user who reorders or removes fields pins each
//! field's index with `#[musli(name = …)]`, which the shared practice
//! does not. A renamed field keeps its position and so reads both ways;
//! a wider integer is a continuation number either way; a new enum value
//! is an index the old program does not have.
//!
//! The other two formats have no row: storage cannot skip a field it does
//! not know, and descriptive evolves as wire does, one library and one
//! practice.

use serbench_evolution::{Bare, Evolution, Library, Mirror, Practised, RECORD, cells, model};
use serbench_model::Error;

use crate::MusliWire;

/// musli's wire format over the derive's types.
struct Derive;

impl Evolution for MusliWire {
    const PRACTICES: &'static [Practised] = &[Practised {
        practice: "field defaults",
        cells: cells::<Bare<Derive>>,
    }];
}

impl<T> Library<T> for Derive
where
    T: musli::Encode<musli::mode::Binary>
        + for<'de> musli::Decode<'de, musli::mode::Binary, musli::alloc::Global>,
{
    fn write(value: &T) -> Result<Vec<u8>, Error> {
        musli::wire::to_vec(value).map_err(|error| {
            Error::unwritable(
                <MusliWire as serbench_model::BaseCodec>::NAME,
                RECORD,
                error,
            )
        })
    }

    fn read(bytes: &[u8]) -> Result<T, Error> {
        musli::wire::from_slice(bytes).map_err(|error| {
            crate::refused(
                <MusliWire as serbench_model::BaseCodec>::NAME,
                RECORD,
                error.to_string(),
                None,
                error,
            )
        })
    }
}

#[derive(musli::Encode, musli::Decode)]
enum Size {
    Small,
    Large,
}

#[derive(musli::Encode, musli::Decode)]
enum SizeMore {
    Small,
    Large,
    Huge,
}

impl From<model::Size> for Size {
    fn from(size: model::Size) -> Self {
        match size {
            model::Size::Small => Self::Small,
            model::Size::Large => Self::Large,
        }
    }
}

impl From<Size> for model::Size {
    fn from(size: Size) -> Self {
        match size {
            Size::Small => Self::Small,
            Size::Large => Self::Large,
        }
    }
}

impl From<model::SizeMore> for SizeMore {
    fn from(size: model::SizeMore) -> Self {
        match size {
            model::SizeMore::Small => Self::Small,
            model::SizeMore::Large => Self::Large,
            model::SizeMore::Huge => Self::Huge,
        }
    }
}

impl From<SizeMore> for model::SizeMore {
    fn from(size: SizeMore) -> Self {
        match size {
            SizeMore::Small => Self::Small,
            SizeMore::Large => Self::Large,
            SizeMore::Huge => Self::Huge,
        }
    }
}

/// A version of the record as its program declares it with musli's
/// derive, and its conversions from and to the model's.
macro_rules! record {
    ($name:ident { $($(#[$attr:meta])* $field:ident: $type:ty),* $(,)? }) => {
        #[derive(musli::Encode, musli::Decode)]
        struct $name {
            $($(#[$attr])* $field: $type),*
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
    };
}

record!(Image {
    uri: String,
    title: String,
    width: i32,
    height: i32,
    size: Size
});
record!(ImageAdded {
    uri: String,
    title: String,
    width: i32,
    height: i32,
    size: Size,
    #[musli(default)]
    alt: String,
});
record!(ImageRemoved {
    uri: String,
    width: i32,
    height: i32,
    size: Size
});
record!(ImageRenamed {
    url: String,
    title: String,
    width: i32,
    height: i32,
    size: Size
});
record!(ImageReordered {
    uri: String,
    title: String,
    height: i32,
    width: i32,
    size: Size
});
record!(ImageWidened {
    uri: String,
    title: String,
    width: i64,
    height: i32,
    size: Size
});
record!(ImageMoreSizes {
    uri: String,
    title: String,
    width: i32,
    height: i32,
    size: SizeMore
});
