//! FlatBuffers (the `flatbuffers` crate), through the code flatc generated
//! from `schemas/evolution/image.fbs`, whose tables are the versions
//! evolved as the FlatBuffers docs say: a field added at the end of the
//! table; a field removed kept in place as `(deprecated)`, which leaves it
//! out of the generated code so the new writer cannot write it; a field
//! renamed in place (names are not on the wire).
//!
//! Two changes go against the docs, because users make them and the
//! matrix is there to show the cost. The reorder declares `height` before
//! `width` without `id` attributes: a field's id is its place among the
//! declarations, so each takes the other's id, the trap the docs warn of
//! (with `(id: N)` on every field the order would be free). Widening
//! `width` from `int` to `long` changes a field's type, which the docs
//! allow only between types of one size. The old reader of new data reads
//! the `long`'s low half (little-endian): right for a width that fits an
//! `int`, cut short without a word for one that does not. The new reader
//! of old data reads 8 bytes where 4 were written; the verifier refuses
//! them here only because they are not 8-aligned in this buffer, which
//! depends on the rest of the table: the same image without a title puts
//! them on an aligned place, and the reader gets `width` and `height` run
//! together (2061584302720) without an error.
//!
//! Each value is one table built with the generated `create` and finished
//! as the root; each read goes through `flatbuffers::root`, which verifies
//! the buffer first, as a program reading bytes it was sent does. A
//! verifier error is ✗ with its message.
//!
//! A FlatBuffers enum is an open newtype in Rust (`Size(i8)` with
//! associated constants): neither the verifier nor the accessor checks the
//! value against the schema, so an old reader of a value added later gets
//! a `Size(2)` without a word, a value with no name. That is ⚠, not ✗:
//! the library read a value the reader's version has no form for, and any
//! refusal is the program's own `match`, not the format's.

use flatbuffers::{FlatBufferBuilder, Follow, Verifiable, WIPOffset};

use super::typed::Codec;
use crate::Outcome;
use crate::generated::image::serbench::evolution as wire;
use crate::model::{
    Image, ImageAdded, ImageMoreSizes, ImageRemoved, ImageRenamed, ImageReordered, ImageWidened,
    Size, SizeMore, Version,
};

/// The FlatBuffers codec of every version.
pub(crate) struct FlatBuffers;

/// A version and its table in `image.fbs`.
trait Wire: Version {
    /// The generated table.
    type Table<'a>: Follow<'a, Inner = Self::Table<'a>> + Verifiable + 'a;

    /// Writes the fields this version's writer writes, returning the table.
    fn build<'a>(&self, builder: &mut FlatBufferBuilder<'a>) -> WIPOffset<Self::Table<'a>>;

    /// The version as its reader reads a verified table, or the enum value
    /// it has no name for.
    fn read(table: Self::Table<'_>) -> Result<Self, Unnamed>;
}

/// An enum value the reader's enum has no name for.
struct Unnamed {
    field: &'static str,
    value: i8,
}

impl<V: Wire> Codec<V> for FlatBuffers {
    fn write(value: &V) -> Result<Vec<u8>, String> {
        let mut builder = FlatBufferBuilder::new();
        let root = value.build(&mut builder);
        builder.finish(root, None);
        Ok(builder.finished_data().to_vec())
    }

    fn read(bytes: &[u8], intended: Option<&V>) -> Outcome {
        let table = match flatbuffers::root::<V::Table<'_>>(bytes) {
            Ok(table) => table,
            Err(error) => return Outcome::judge(Err(error.to_string()), intended),
        };
        match V::read(table) {
            Ok(value) => Outcome::judge(Ok(value), intended),
            Err(Unnamed { field, value }) => Outcome::Wrong(format!(
                "read {field} {value}, a value its enum has no name for, without an error \
                 (FlatBuffers enums are open)"
            )),
        }
    }
}

fn size_to_wire(size: Size) -> wire::Size {
    match size {
        Size::Small => wire::Size::Small,
        Size::Large => wire::Size::Large,
    }
}

fn size(size: wire::Size) -> Result<Size, Unnamed> {
    match size {
        wire::Size::Small => Ok(Size::Small),
        wire::Size::Large => Ok(Size::Large),
        wire::Size(value) => Err(Unnamed {
            field: "size",
            value,
        }),
    }
}

// A string field the writer left out reads as `None`; the model's fields
// are plain strings, so absent is `""`, the default the schema gives.

impl Wire for Image {
    type Table<'a> = wire::Image<'a>;

    fn build<'a>(&self, builder: &mut FlatBufferBuilder<'a>) -> WIPOffset<wire::Image<'a>> {
        let args = wire::ImageArgs {
            uri: Some(builder.create_string(&self.uri)),
            title: Some(builder.create_string(&self.title)),
            width: self.width,
            height: self.height,
            size: size_to_wire(self.size),
        };
        wire::Image::create(builder, &args)
    }

    fn read(image: wire::Image<'_>) -> Result<Self, Unnamed> {
        Ok(Image {
            uri: image.uri().to_owned(),
            title: image.title().unwrap_or_default().to_owned(),
            width: image.width(),
            height: image.height(),
            size: size(image.size())?,
        })
    }
}

impl Wire for ImageAdded {
    type Table<'a> = wire::ImageAdded<'a>;

    fn build<'a>(&self, builder: &mut FlatBufferBuilder<'a>) -> WIPOffset<wire::ImageAdded<'a>> {
        let args = wire::ImageAddedArgs {
            uri: Some(builder.create_string(&self.uri)),
            title: Some(builder.create_string(&self.title)),
            width: self.width,
            height: self.height,
            size: size_to_wire(self.size),
            alt: Some(builder.create_string(&self.alt)),
        };
        wire::ImageAdded::create(builder, &args)
    }

    fn read(image: wire::ImageAdded<'_>) -> Result<Self, Unnamed> {
        Ok(ImageAdded {
            uri: image.uri().to_owned(),
            title: image.title().unwrap_or_default().to_owned(),
            width: image.width(),
            height: image.height(),
            size: size(image.size())?,
            alt: image.alt().unwrap_or_default().to_owned(),
        })
    }
}

impl Wire for ImageRemoved {
    type Table<'a> = wire::ImageRemoved<'a>;

    // The deprecated `title` has neither an accessor nor an argument: the
    // generated code cannot write it.
    fn build<'a>(&self, builder: &mut FlatBufferBuilder<'a>) -> WIPOffset<wire::ImageRemoved<'a>> {
        let args = wire::ImageRemovedArgs {
            uri: Some(builder.create_string(&self.uri)),
            width: self.width,
            height: self.height,
            size: size_to_wire(self.size),
        };
        wire::ImageRemoved::create(builder, &args)
    }

    fn read(image: wire::ImageRemoved<'_>) -> Result<Self, Unnamed> {
        Ok(ImageRemoved {
            uri: image.uri().to_owned(),
            width: image.width(),
            height: image.height(),
            size: size(image.size())?,
        })
    }
}

impl Wire for ImageRenamed {
    type Table<'a> = wire::ImageRenamed<'a>;

    fn build<'a>(&self, builder: &mut FlatBufferBuilder<'a>) -> WIPOffset<wire::ImageRenamed<'a>> {
        let args = wire::ImageRenamedArgs {
            url: Some(builder.create_string(&self.url)),
            title: Some(builder.create_string(&self.title)),
            width: self.width,
            height: self.height,
            size: size_to_wire(self.size),
        };
        wire::ImageRenamed::create(builder, &args)
    }

    fn read(image: wire::ImageRenamed<'_>) -> Result<Self, Unnamed> {
        Ok(ImageRenamed {
            url: image.url().to_owned(),
            title: image.title().unwrap_or_default().to_owned(),
            width: image.width(),
            height: image.height(),
            size: size(image.size())?,
        })
    }
}

impl Wire for ImageReordered {
    type Table<'a> = wire::ImageReordered<'a>;

    fn build<'a>(
        &self,
        builder: &mut FlatBufferBuilder<'a>,
    ) -> WIPOffset<wire::ImageReordered<'a>> {
        let args = wire::ImageReorderedArgs {
            uri: Some(builder.create_string(&self.uri)),
            title: Some(builder.create_string(&self.title)),
            height: self.height,
            width: self.width,
            size: size_to_wire(self.size),
        };
        wire::ImageReordered::create(builder, &args)
    }

    fn read(image: wire::ImageReordered<'_>) -> Result<Self, Unnamed> {
        Ok(ImageReordered {
            uri: image.uri().to_owned(),
            title: image.title().unwrap_or_default().to_owned(),
            height: image.height(),
            width: image.width(),
            size: size(image.size())?,
        })
    }
}

impl Wire for ImageWidened {
    type Table<'a> = wire::ImageWidened<'a>;

    fn build<'a>(&self, builder: &mut FlatBufferBuilder<'a>) -> WIPOffset<wire::ImageWidened<'a>> {
        let args = wire::ImageWidenedArgs {
            uri: Some(builder.create_string(&self.uri)),
            title: Some(builder.create_string(&self.title)),
            width: self.width,
            height: self.height,
            size: size_to_wire(self.size),
        };
        wire::ImageWidened::create(builder, &args)
    }

    fn read(image: wire::ImageWidened<'_>) -> Result<Self, Unnamed> {
        Ok(ImageWidened {
            uri: image.uri().to_owned(),
            title: image.title().unwrap_or_default().to_owned(),
            width: image.width(),
            height: image.height(),
            size: size(image.size())?,
        })
    }
}

impl Wire for ImageMoreSizes {
    type Table<'a> = wire::ImageMoreSizes<'a>;

    fn build<'a>(
        &self,
        builder: &mut FlatBufferBuilder<'a>,
    ) -> WIPOffset<wire::ImageMoreSizes<'a>> {
        let args = wire::ImageMoreSizesArgs {
            uri: Some(builder.create_string(&self.uri)),
            title: Some(builder.create_string(&self.title)),
            width: self.width,
            height: self.height,
            size: match self.size {
                SizeMore::Small => wire::SizeMore::Small,
                SizeMore::Large => wire::SizeMore::Large,
                SizeMore::Huge => wire::SizeMore::Huge,
            },
        };
        wire::ImageMoreSizes::create(builder, &args)
    }

    fn read(image: wire::ImageMoreSizes<'_>) -> Result<Self, Unnamed> {
        Ok(ImageMoreSizes {
            uri: image.uri().to_owned(),
            title: image.title().unwrap_or_default().to_owned(),
            width: image.width(),
            height: image.height(),
            size: match image.size() {
                wire::SizeMore::Small => SizeMore::Small,
                wire::SizeMore::Large => SizeMore::Large,
                wire::SizeMore::Huge => SizeMore::Huge,
                wire::SizeMore(value) => {
                    return Err(Unnamed {
                        field: "size",
                        value,
                    });
                }
            },
        })
    }
}
