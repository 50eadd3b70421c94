//! Cap'n Proto (the `capnp` crate), through the code capnpc generated from
//! `schemas/evolution/image.capnp`, whose structs are the versions evolved
//! as the schema language's docs say: a field added takes the next ordinal;
//! a field removed stays in the schema (ordinals cannot skip), renamed
//! `obsoleteTitle`, and the new writer leaves it null; a rename keeps the
//! ordinal; a reorder changes the order of declaration only, since the
//! layout follows the ordinals; an enum value is added with the next
//! ordinal.
//!
//! Widening `width` to `Int64` changes a field's type, which the docs
//! forbid, and the cells show why: the data section is laid out anew
//! (`width` takes bytes 0–7, `height` 8–11, `size` 12–13, where they were
//! 0–3, 4–7 and 8–9), so each reader reads the other's fields out of
//! other fields' bytes. The new reader of old data reads `width` and
//! `height` run together as one number, `height` from the old enum and
//! `size` from padding, without an error. The old reader of new data reads
//! `height` from the upper half of `width` (0) and its enum from the low
//! half of `height`; it fails only because 480 is no `Size`: a height of 1
//! would have read as `Large`, all without an error.
//!
//! A message is written in the standard stream framing
//! (`serialize::write_message_to_words`) and read back with
//! `serialize::read_message` and the default limits, as a program reads
//! bytes it was sent. A text field left null reads as `""`, the default a
//! Cap'n Proto reader gives a field the writer did not set. An error is
//! the library's own: `capnp::Error` for the message and its texts, and
//! `NotInSchema`, which the generated enum accessors return, for an enum
//! value the reader's schema lacks (kept as it is, since capnp 0.27.3's
//! `Error` repeats its sentence when it wraps one).

use std::error::Error;

use capnp::message::{self, ReaderOptions};
use capnp::serialize;
use capnp::traits::Owned;

use super::typed::Codec;
use crate::Outcome;
use crate::generated::image_capnp::{
    Size as WireSize, SizeMore as WireSizeMore, image, image_added, image_more_sizes,
    image_removed, image_renamed, image_reordered, image_widened,
};
use crate::model::{
    Image, ImageAdded, ImageMoreSizes, ImageRemoved, ImageRenamed, ImageReordered, ImageWidened,
    Size, SizeMore, Version,
};

/// The Cap'n Proto codec of every version.
pub(crate) struct Capnp;

/// A version and its struct in `image.capnp`.
trait Wire: Version {
    /// The generated struct.
    type Struct: Owned;

    /// Sets the fields this version's writer sets.
    fn build(&self, builder: <Self::Struct as Owned>::Builder<'_>);

    /// The version as its reader reads it, or the library's error.
    fn read(reader: <Self::Struct as Owned>::Reader<'_>) -> Result<Self, Box<dyn Error>>;
}

impl<V: Wire> Codec<V> for Capnp {
    fn write(value: &V) -> Result<Vec<u8>, String> {
        let mut message = message::Builder::new_default();
        value.build(message.init_root());
        Ok(serialize::write_message_to_words(&message))
    }

    fn read(bytes: &[u8], intended: Option<&V>) -> Outcome {
        Outcome::judge(read(bytes).map_err(|error| error.to_string()), intended)
    }
}

fn read<V: Wire>(mut bytes: &[u8]) -> Result<V, Box<dyn Error>> {
    let message = serialize::read_message(&mut bytes, ReaderOptions::new())?;
    V::read(message.get_root()?)
}

fn size_to_wire(size: Size) -> WireSize {
    match size {
        Size::Small => WireSize::Small,
        Size::Large => WireSize::Large,
    }
}

fn size(size: WireSize) -> Size {
    match size {
        WireSize::Small => Size::Small,
        WireSize::Large => Size::Large,
    }
}

fn text(text: capnp::Result<capnp::text::Reader<'_>>) -> Result<String, Box<dyn Error>> {
    Ok(text?.to_str()?.to_owned())
}

impl Wire for Image {
    type Struct = image::Owned;

    fn build(&self, mut image: image::Builder<'_>) {
        image.set_uri(self.uri.as_str());
        image.set_title(self.title.as_str());
        image.set_width(self.width);
        image.set_height(self.height);
        image.set_size(size_to_wire(self.size));
    }

    fn read(image: image::Reader<'_>) -> Result<Self, Box<dyn Error>> {
        Ok(Image {
            uri: text(image.get_uri())?,
            title: text(image.get_title())?,
            width: image.get_width(),
            height: image.get_height(),
            size: size(image.get_size()?),
        })
    }
}

impl Wire for ImageAdded {
    type Struct = image_added::Owned;

    fn build(&self, mut image: image_added::Builder<'_>) {
        image.set_uri(self.uri.as_str());
        image.set_title(self.title.as_str());
        image.set_width(self.width);
        image.set_height(self.height);
        image.set_size(size_to_wire(self.size));
        image.set_alt(self.alt.as_str());
    }

    fn read(image: image_added::Reader<'_>) -> Result<Self, Box<dyn Error>> {
        Ok(ImageAdded {
            uri: text(image.get_uri())?,
            title: text(image.get_title())?,
            width: image.get_width(),
            height: image.get_height(),
            size: size(image.get_size()?),
            alt: text(image.get_alt())?,
        })
    }
}

impl Wire for ImageRemoved {
    type Struct = image_removed::Owned;

    // `obsoleteTitle` is neither set nor read: the field is gone from the
    // program, only its ordinal stays in the schema.
    fn build(&self, mut image: image_removed::Builder<'_>) {
        image.set_uri(self.uri.as_str());
        image.set_width(self.width);
        image.set_height(self.height);
        image.set_size(size_to_wire(self.size));
    }

    fn read(image: image_removed::Reader<'_>) -> Result<Self, Box<dyn Error>> {
        Ok(ImageRemoved {
            uri: text(image.get_uri())?,
            width: image.get_width(),
            height: image.get_height(),
            size: size(image.get_size()?),
        })
    }
}

impl Wire for ImageRenamed {
    type Struct = image_renamed::Owned;

    fn build(&self, mut image: image_renamed::Builder<'_>) {
        image.set_url(self.url.as_str());
        image.set_title(self.title.as_str());
        image.set_width(self.width);
        image.set_height(self.height);
        image.set_size(size_to_wire(self.size));
    }

    fn read(image: image_renamed::Reader<'_>) -> Result<Self, Box<dyn Error>> {
        Ok(ImageRenamed {
            url: text(image.get_url())?,
            title: text(image.get_title())?,
            width: image.get_width(),
            height: image.get_height(),
            size: size(image.get_size()?),
        })
    }
}

impl Wire for ImageReordered {
    type Struct = image_reordered::Owned;

    fn build(&self, mut image: image_reordered::Builder<'_>) {
        image.set_uri(self.uri.as_str());
        image.set_title(self.title.as_str());
        image.set_height(self.height);
        image.set_width(self.width);
        image.set_size(size_to_wire(self.size));
    }

    fn read(image: image_reordered::Reader<'_>) -> Result<Self, Box<dyn Error>> {
        Ok(ImageReordered {
            uri: text(image.get_uri())?,
            title: text(image.get_title())?,
            height: image.get_height(),
            width: image.get_width(),
            size: size(image.get_size()?),
        })
    }
}

impl Wire for ImageWidened {
    type Struct = image_widened::Owned;

    fn build(&self, mut image: image_widened::Builder<'_>) {
        image.set_uri(self.uri.as_str());
        image.set_title(self.title.as_str());
        image.set_width(self.width);
        image.set_height(self.height);
        image.set_size(size_to_wire(self.size));
    }

    fn read(image: image_widened::Reader<'_>) -> Result<Self, Box<dyn Error>> {
        Ok(ImageWidened {
            uri: text(image.get_uri())?,
            title: text(image.get_title())?,
            width: image.get_width(),
            height: image.get_height(),
            size: size(image.get_size()?),
        })
    }
}

impl Wire for ImageMoreSizes {
    type Struct = image_more_sizes::Owned;

    fn build(&self, mut image: image_more_sizes::Builder<'_>) {
        image.set_uri(self.uri.as_str());
        image.set_title(self.title.as_str());
        image.set_width(self.width);
        image.set_height(self.height);
        image.set_size(match self.size {
            SizeMore::Small => WireSizeMore::Small,
            SizeMore::Large => WireSizeMore::Large,
            SizeMore::Huge => WireSizeMore::Huge,
        });
    }

    fn read(image: image_more_sizes::Reader<'_>) -> Result<Self, Box<dyn Error>> {
        Ok(ImageMoreSizes {
            uri: text(image.get_uri())?,
            title: text(image.get_title())?,
            width: image.get_width(),
            height: image.get_height(),
            size: match image.get_size()? {
                WireSizeMore::Small => SizeMore::Small,
                WireSizeMore::Large => SizeMore::Large,
                WireSizeMore::Huge => SizeMore::Huge,
            },
        })
    }
}
