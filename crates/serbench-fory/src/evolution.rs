//! Fory through its derive in compatible mode, the mode fory's users
//! evolve their types in: each struct's type meta (field names and types)
//! travels with it, and a reader matches the writer's fields to its own by
//! name, skips the ones it does not have and leaves its own missing ones
//! at their default.
//!
//! Each version of the record is a struct of its own below, as a fory
//! user's next release would declare it, registered under the same id
//! (1, its size enum 2) in that release's own `Fory` instance, in xlang
//! compatible mode as the codec's. The size enum marks its first value
//! `#[fory(default)]`, as fory's README asks of every enum.
//!
//! The three ⚠ cells are fory matching by name and defaulting what it
//! cannot match, without a word: a renamed field (`uri` to `url`) is a
//! field removed and another added, so each version reads the other's
//! record with that text empty; and the old program reads the new one's
//! `Huge` as the enum's default, `Small` (compatible mode's rule for an
//! ordinal it does not know; the codec's own enums make that default an
//! `Unknown` variant it refuses, see the crate docs). The widened width
//! reads both ways: fory converts a field's integer to the reader's type
//! when the value fits (and refuses one out of range), as the test
//! record's 640 does.

#![allow(
    clippy::used_underscore_binding,
    reason = "fory's derive binds each field to a name with a leading underscore and uses it"
)]

use fory::{ForyEnum, ForyStruct};
use serbench_evolution::model::{self, Version};
use serbench_evolution::{Codec, Direct, Evolution, Outcome, Practised, RECORD, cells};
use serbench_model::{BaseCodec, Error};

impl Evolution for crate::Fory {
    const PRACTICES: &'static [Practised] = &[Practised {
        practice: "compatible mode",
        cells: cells::<Direct<Compatible>>,
    }];
}

/// fory's `serialize` and `deserialize` over each version's struct.
struct Compatible;

/// A model version and the struct its release declares.
trait Versioned: Version {
    type Struct: fory::Serializer<Target = Self::Struct>;
    /// The release's instance, its types registered.
    fn fory() -> &'static fory::Fory;
    /// The struct a program of this version builds to write `self`.
    fn to_struct(&self) -> Self::Struct;
    /// The model's value of a struct read.
    fn from_struct(value: Self::Struct) -> Self;
}

impl<V: Versioned> Codec<V> for Compatible {
    fn write(value: &V) -> Result<Vec<u8>, Error> {
        V::fory()
            .serialize(&value.to_struct())
            .map_err(|error| Error::unwritable(crate::Fory::NAME, RECORD, error))
    }

    fn read(bytes: &[u8], intended: Option<&V>) -> Outcome {
        let mut reader = fory::Reader::new(bytes);
        let read = V::fory()
            .deserialize_from::<V::Struct>(&mut reader)
            .map(V::from_struct)
            .map_err(|error| crate::refused(RECORD, error).at_offset(reader.get_cursor()));
        Outcome::judge(read, intended)
    }
}

#[derive(ForyEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Size {
    #[default]
    Small,
    Large,
}

/// The same enum with `Huge` appended.
#[derive(ForyEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
enum SizeMore {
    #[default]
    Small,
    Large,
    Huge,
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

/// `Versioned` for a model version whose struct has the same field names,
/// its `size` through the enum's conversions, with the release's instance.
macro_rules! versioned {
    ($model:ident => $struct:ident, $size:ident { $($field:ident),* }) => {
        impl Versioned for model::$model {
            type Struct = $struct;

            fn fory() -> &'static fory::Fory {
                static FORY: std::sync::OnceLock<fory::Fory> = std::sync::OnceLock::new();
                FORY.get_or_init(|| {
                    let mut fory = fory::Fory::builder().xlang(true).compatible(true).build();
                    // Two new ids in a new instance: registration cannot fail.
                    fory.register::<$struct>(1).expect("a new id");
                    fory.register::<$size>(2).expect("a new id");
                    fory
                })
            }

            fn to_struct(&self) -> $struct {
                let value = self.clone();
                $struct {
                    $($field: value.$field,)*
                    size: value.size.into(),
                }
            }

            fn from_struct(value: $struct) -> Self {
                model::$model {
                    $($field: value.$field,)*
                    size: value.size.into(),
                }
            }
        }
    };
}

/// The old version.
#[derive(ForyStruct, Debug, Default)]
struct Image {
    uri: String,
    title: String,
    width: i32,
    height: i32,
    size: Size,
}
versioned!(Image => Image, Size { uri, title, width, height });

/// `alt` added.
#[derive(ForyStruct, Debug, Default)]
struct ImageAdded {
    uri: String,
    title: String,
    width: i32,
    height: i32,
    size: Size,
    alt: String,
}
versioned!(ImageAdded => ImageAdded, Size { uri, title, width, height, alt });

/// `title` removed.
#[derive(ForyStruct, Debug, Default)]
struct ImageRemoved {
    uri: String,
    width: i32,
    height: i32,
    size: Size,
}
versioned!(ImageRemoved => ImageRemoved, Size { uri, width, height });

/// `uri` renamed `url`: fory matches fields by name.
#[derive(ForyStruct, Debug, Default)]
struct ImageRenamed {
    url: String,
    title: String,
    width: i32,
    height: i32,
    size: Size,
}
versioned!(ImageRenamed => ImageRenamed, Size { url, title, width, height });

/// `height` declared before `width`.
#[derive(ForyStruct, Debug, Default)]
struct ImageReordered {
    uri: String,
    title: String,
    height: i32,
    width: i32,
    size: Size,
}
versioned!(ImageReordered => ImageReordered, Size { uri, title, height, width });

/// `width` widened to `i64`.
#[derive(ForyStruct, Debug, Default)]
struct ImageWidened {
    uri: String,
    title: String,
    width: i64,
    height: i32,
    size: Size,
}
versioned!(ImageWidened => ImageWidened, Size { uri, title, width, height });

/// `size` of the enum with `Huge` appended.
#[derive(ForyStruct, Debug, Default)]
struct ImageMoreSizes {
    uri: String,
    title: String,
    width: i32,
    height: i32,
    size: SizeMore,
}
versioned!(ImageMoreSizes => ImageMoreSizes, SizeMore { uri, title, width, height });
