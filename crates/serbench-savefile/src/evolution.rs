//! savefile through its own versioning, as its documentation teaches it:
//! one global version number for the data, given to `save` and `load`
//! (`savefile::save_to_mem(version, &value)`, `load_from_mem(bytes,
//! version)`), raised with every change, and each field or enum value
//! marked with the versions it exists in. The old program's `Image` is
//! version 0; each new one is version 1 of the same type, edited by
//! savefile's rules:
//!
//! - a field added is marked `#[savefile_versions = "1.."]` and gets its
//!   type's default when a version 0 file is read;
//! - a field removed stays, as `Removed<T>` of its old type, marked
//!   `#[savefile_versions = "..0"]`: version 0 files hold it, and it is
//!   read and thrown away;
//! - a field renamed needs nothing: the schema's names are not compared;
//! - an integer widened is marked `#[savefile_versions_as = "0..0:i32"]`
//!   and `#[savefile_versions = "1.."]`: a version 0 file's `i32` is read
//!   and converted;
//! - an enum value added is marked `#[savefile_versions = "1.."]`, so the
//!   enum of version 0 has the old values only.
//!
//! The file's version and schema come first: `load` refuses a file of a
//! later version than the reader's ("File has later version (1) than
//! structs in memory (0)"), so an old program refuses every new file, a
//! clear ✗ by design: savefile promises backward compatibility, not
//! forward. The new program reads every old file but one.
//!
//! The ⚠ is the new program reading an old file after `width` and
//! `height` traded places: savefile's rules have no way to say a field
//! moved (they list what may be added, removed or retyped), and the
//! schema check compares a field's type and place but not its name, so
//! the two `i32`s read as each other without a word. The same change
//! behind a new name (as the rules would have it: remove both, add both)
//! would lose their values instead.

use savefile::prelude::{Removed, Savefile};
use serbench_evolution::model::{self, Version};
use serbench_evolution::{Codec, Direct, Evolution, Outcome, Practised, RECORD, cells};
use serbench_model::Error;

impl Evolution for crate::Savefile {
    const PRACTICES: &'static [Practised] = &[Practised {
        practice: "savefile_versions",
        cells: cells::<Direct<Versions>>,
    }];
}

/// savefile's `save_to_mem` and `load_from_mem` over each version's type.
struct Versions;

/// A model version and the savefile type its program declares.
trait Versioned: Version {
    type Own: savefile::Serialize + savefile::Deserialize + savefile::WithSchema;
    /// The data's version the program saves and loads with.
    const VERSION: u32;
    /// The type a program of this version builds to save `self`.
    fn own(&self) -> Self::Own;
    /// The model's value of what was loaded.
    fn model(own: Self::Own) -> Self;
}

impl<V: Versioned> Codec<V> for Versions {
    fn write(value: &V) -> Result<Vec<u8>, Error> {
        savefile::save_to_mem(V::VERSION, &value.own())
            .map_err(|error| crate::unwritable(RECORD, error))
    }

    fn read(bytes: &[u8], intended: Option<&V>) -> Outcome {
        let read = savefile::load_from_mem::<V::Own>(bytes, V::VERSION)
            .map(V::model)
            .map_err(|error| crate::refused(RECORD, error));
        Outcome::judge(read, intended)
    }
}

/// The size enum of version 0.
#[derive(Clone, Copy, Savefile)]
enum Size {
    Small,
    Large,
}

/// The size enum of version 1, `Huge` added.
#[derive(Savefile)]
enum SizeMore {
    Small,
    Large,
    #[savefile_versions = "1.."]
    Huge,
}

fn size(size: model::Size) -> Size {
    match size {
        model::Size::Small => Size::Small,
        model::Size::Large => Size::Large,
    }
}

fn size_of(size: Size) -> model::Size {
    match size {
        Size::Small => model::Size::Small,
        Size::Large => model::Size::Large,
    }
}

/// The old program's `Image`, version 0.
#[derive(Savefile)]
struct Image {
    uri: String,
    title: String,
    width: i32,
    height: i32,
    size: Size,
}

impl Versioned for model::Image {
    type Own = Image;
    const VERSION: u32 = 0;

    fn own(&self) -> Image {
        Image {
            uri: self.uri.clone(),
            title: self.title.clone(),
            width: self.width,
            height: self.height,
            size: size(self.size),
        }
    }

    fn model(own: Image) -> Self {
        Self {
            uri: own.uri,
            title: own.title,
            width: own.width,
            height: own.height,
            size: size_of(own.size),
        }
    }
}

/// Version 1: `alt` added.
#[derive(Savefile)]
struct ImageAdded {
    uri: String,
    title: String,
    width: i32,
    height: i32,
    size: Size,
    #[savefile_versions = "1.."]
    alt: String,
}

impl Versioned for model::ImageAdded {
    type Own = ImageAdded;
    const VERSION: u32 = 1;

    fn own(&self) -> ImageAdded {
        ImageAdded {
            uri: self.uri.clone(),
            title: self.title.clone(),
            width: self.width,
            height: self.height,
            size: size(self.size),
            alt: self.alt.clone(),
        }
    }

    fn model(own: ImageAdded) -> Self {
        Self {
            uri: own.uri,
            title: own.title,
            width: own.width,
            height: own.height,
            size: size_of(own.size),
            alt: own.alt,
        }
    }
}

/// Version 1: `title` removed, kept as `Removed` for version 0's files.
#[derive(Savefile)]
struct ImageRemoved {
    uri: String,
    #[savefile_versions = "..0"]
    title: Removed<String>,
    width: i32,
    height: i32,
    size: Size,
}

impl Versioned for model::ImageRemoved {
    type Own = ImageRemoved;
    const VERSION: u32 = 1;

    fn own(&self) -> ImageRemoved {
        ImageRemoved {
            uri: self.uri.clone(),
            title: Removed::new(),
            width: self.width,
            height: self.height,
            size: size(self.size),
        }
    }

    fn model(own: ImageRemoved) -> Self {
        Self {
            uri: own.uri,
            width: own.width,
            height: own.height,
            size: size_of(own.size),
        }
    }
}

/// Version 1: `uri` renamed `url`.
#[derive(Savefile)]
struct ImageRenamed {
    url: String,
    title: String,
    width: i32,
    height: i32,
    size: Size,
}

impl Versioned for model::ImageRenamed {
    type Own = ImageRenamed;
    const VERSION: u32 = 1;

    fn own(&self) -> ImageRenamed {
        ImageRenamed {
            url: self.url.clone(),
            title: self.title.clone(),
            width: self.width,
            height: self.height,
            size: size(self.size),
        }
    }

    fn model(own: ImageRenamed) -> Self {
        Self {
            url: own.url,
            title: own.title,
            width: own.width,
            height: own.height,
            size: size_of(own.size),
        }
    }
}

/// Version 1: `height` declared before `width`.
#[derive(Savefile)]
struct ImageReordered {
    uri: String,
    title: String,
    height: i32,
    width: i32,
    size: Size,
}

impl Versioned for model::ImageReordered {
    type Own = ImageReordered;
    const VERSION: u32 = 1;

    fn own(&self) -> ImageReordered {
        ImageReordered {
            uri: self.uri.clone(),
            title: self.title.clone(),
            height: self.height,
            width: self.width,
            size: size(self.size),
        }
    }

    fn model(own: ImageReordered) -> Self {
        Self {
            uri: own.uri,
            title: own.title,
            height: own.height,
            width: own.width,
            size: size_of(own.size),
        }
    }
}

/// Version 1: `width` an `i64`, read from version 0's `i32`.
#[derive(Savefile)]
struct ImageWidened {
    uri: String,
    title: String,
    #[savefile_versions_as = "0..0:i32"]
    #[savefile_versions = "1.."]
    width: i64,
    height: i32,
    size: Size,
}

impl Versioned for model::ImageWidened {
    type Own = ImageWidened;
    const VERSION: u32 = 1;

    fn own(&self) -> ImageWidened {
        ImageWidened {
            uri: self.uri.clone(),
            title: self.title.clone(),
            width: self.width,
            height: self.height,
            size: size(self.size),
        }
    }

    fn model(own: ImageWidened) -> Self {
        Self {
            uri: own.uri,
            title: own.title,
            width: own.width,
            height: own.height,
            size: size_of(own.size),
        }
    }
}

/// Version 1: `size` can be `Huge`.
#[derive(Savefile)]
struct ImageMoreSizes {
    uri: String,
    title: String,
    width: i32,
    height: i32,
    size: SizeMore,
}

impl Versioned for model::ImageMoreSizes {
    type Own = ImageMoreSizes;
    const VERSION: u32 = 1;

    fn own(&self) -> ImageMoreSizes {
        ImageMoreSizes {
            uri: self.uri.clone(),
            title: self.title.clone(),
            width: self.width,
            height: self.height,
            size: match self.size {
                model::SizeMore::Small => SizeMore::Small,
                model::SizeMore::Large => SizeMore::Large,
                model::SizeMore::Huge => SizeMore::Huge,
            },
        }
    }

    fn model(own: ImageMoreSizes) -> Self {
        Self {
            uri: own.uri,
            title: own.title,
            width: own.width,
            height: own.height,
            size: match own.size {
                SizeMore::Small => model::SizeMore::Small,
                SizeMore::Large => model::SizeMore::Large,
                SizeMore::Huge => model::SizeMore::Huge,
            },
        }
    }
}
