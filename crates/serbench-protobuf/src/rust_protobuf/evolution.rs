//! Protobuf through rust-protobuf (the `protobuf` crate), evolved by field
//! numbers: the row of [`ProtobufRust`](crate::ProtobufRust).
//!
//! The versions are the messages protobuf-codegen generates in the build
//! script from `schemas/evolution/image.proto`, the same messages, field
//! numbers and rules as the prost row's (a field added takes a new number,
//! a removed one's number is `reserved`, a rename or a move keeps the
//! number, `int32` becomes `int64` in place, an enum value is appended).
//! Each value is written with the library's `write_to_with_cached_sizes`
//! and read with its `merge_from` (what `write_to_bytes` and
//! `parse_from_bytes` call), through the calls and checks the dataset
//! codec makes (`read_message`, `write_message`), and the message read is
//! turned into the model's version field by field, as a user's program
//! would.
//!
//! What differs from prost's row is what the reader hands over for an
//! enum. rust-protobuf keeps a proto3 enum field as `EnumOrUnknown`, which
//! holds the number as it came; the generated code has no getter that
//! picks a default. A user asks it with `enum_value()`, which answers
//! `Err(2)` for `SIZE_HUGE`: the old program sees the number, told that
//! its enum has no such value. The model's `Size` cannot hold it, so the
//! conversion refuses it as the dataset codec refuses a size it does not
//! know (`the field is 2, not a Size (0 or 1)` at `size`): the
//! enum-value-added cell is ✗ where prost's getter makes it ⚠. (The
//! number survives in the message: written again, it is 2 still.)
//!
//! No cell of this row is ⚠.

use protobuf::EnumOrUnknown;
use serbench_evolution::model::{self, Version};
use serbench_evolution::{Codec, Direct, Evolution, Outcome, Practised, RECORD, cells};
use serbench_model::{BaseCodec, Error};

use crate::check::FLAT;
use crate::media::unknown_size;
use crate::read::{ReadError, Within as _};

/// The messages protobuf-codegen generates from
/// `schemas/evolution/image.proto` (package `serbench.evolution`), in the
/// build script when the `evolution` feature is on.
mod generated {
    #![allow(
        missing_docs,
        unreachable_pub,
        unused_qualifications,
        clippy::all,
        clippy::pedantic,
        reason = "protobuf-codegen's output, compiled as it writes it"
    )]
    include!(concat!(env!("OUT_DIR"), "/rust_protobuf_evolution/mod.rs"));
}

use generated::image as wire;

impl Evolution for crate::ProtobufRust {
    const PRACTICES: &'static [Practised] = &[Practised {
        practice: "field numbers",
        cells: cells::<Direct<RustProtobuf>>,
    }];
}

/// The rust-protobuf row's format.
struct RustProtobuf;

/// A model version and the message its `.proto` version generates.
trait Versioned: Version {
    type Message: protobuf::MessageFull;
    /// The message a program of this version builds to write `self`.
    fn message(&self) -> Self::Message;
    /// The model's value of a message read: its enum through
    /// `EnumOrUnknown::enum_value`, a number the enum lacks refused.
    fn from_message(message: Self::Message) -> Result<Self, ReadError>;
}

impl<V: Versioned> Codec<V> for RustProtobuf {
    fn write(value: &V) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        super::write_message(&value.message(), &mut out, NAME, RECORD)?;
        Ok(out)
    }

    fn read(bytes: &[u8], intended: Option<&V>) -> Outcome {
        let read = super::read_message::<V::Message>(bytes, &FLAT, NAME, RECORD).and_then(
            |(message, rest)| {
                V::from_message(message)
                    .map_err(|error| error.error_of(NAME, RECORD, "Image", bytes.len(), rest))
            },
        );
        Outcome::judge(read, intended)
    }
}

/// The codec the errors name.
const NAME: &str = crate::ProtobufRust::NAME;

fn size_to_wire(size: model::Size) -> EnumOrUnknown<wire::Size> {
    EnumOrUnknown::new(match size {
        model::Size::Small => wire::Size::SIZE_SMALL,
        model::Size::Large => wire::Size::SIZE_LARGE,
    })
}

fn size_from_wire(size: EnumOrUnknown<wire::Size>) -> Result<model::Size, ReadError> {
    match size.enum_value() {
        Ok(wire::Size::SIZE_SMALL) => Ok(model::Size::Small),
        Ok(wire::Size::SIZE_LARGE) => Ok(model::Size::Large),
        Err(number) => Err(unknown_size(number, "0 or 1")),
    }
}

fn size_more_to_wire(size: model::SizeMore) -> EnumOrUnknown<wire::SizeMore> {
    EnumOrUnknown::new(match size {
        model::SizeMore::Small => wire::SizeMore::SIZE_MORE_SMALL,
        model::SizeMore::Large => wire::SizeMore::SIZE_MORE_LARGE,
        model::SizeMore::Huge => wire::SizeMore::SIZE_MORE_HUGE,
    })
}

fn size_more_from_wire(size: EnumOrUnknown<wire::SizeMore>) -> Result<model::SizeMore, ReadError> {
    match size.enum_value() {
        Ok(wire::SizeMore::SIZE_MORE_SMALL) => Ok(model::SizeMore::Small),
        Ok(wire::SizeMore::SIZE_MORE_LARGE) => Ok(model::SizeMore::Large),
        Ok(wire::SizeMore::SIZE_MORE_HUGE) => Ok(model::SizeMore::Huge),
        Err(number) => Err(unknown_size(number, "0, 1 or 2")),
    }
}

impl Versioned for model::Image {
    type Message = wire::Image;

    fn message(&self) -> wire::Image {
        wire::Image {
            uri: self.uri.clone(),
            title: self.title.clone(),
            width: self.width,
            height: self.height,
            size: size_to_wire(self.size),
            ..Default::default()
        }
    }

    fn from_message(message: wire::Image) -> Result<Self, ReadError> {
        Ok(model::Image {
            size: size_from_wire(message.size).field("size")?,
            uri: message.uri,
            title: message.title,
            width: message.width,
            height: message.height,
        })
    }
}

impl Versioned for model::ImageAdded {
    type Message = wire::ImageAdded;

    fn message(&self) -> wire::ImageAdded {
        wire::ImageAdded {
            uri: self.uri.clone(),
            title: self.title.clone(),
            width: self.width,
            height: self.height,
            size: size_to_wire(self.size),
            alt: self.alt.clone(),
            ..Default::default()
        }
    }

    fn from_message(message: wire::ImageAdded) -> Result<Self, ReadError> {
        Ok(model::ImageAdded {
            size: size_from_wire(message.size).field("size")?,
            uri: message.uri,
            title: message.title,
            width: message.width,
            height: message.height,
            alt: message.alt,
        })
    }
}

impl Versioned for model::ImageRemoved {
    type Message = wire::ImageRemoved;

    fn message(&self) -> wire::ImageRemoved {
        wire::ImageRemoved {
            uri: self.uri.clone(),
            width: self.width,
            height: self.height,
            size: size_to_wire(self.size),
            ..Default::default()
        }
    }

    fn from_message(message: wire::ImageRemoved) -> Result<Self, ReadError> {
        Ok(model::ImageRemoved {
            size: size_from_wire(message.size).field("size")?,
            uri: message.uri,
            width: message.width,
            height: message.height,
        })
    }
}

impl Versioned for model::ImageRenamed {
    type Message = wire::ImageRenamed;

    fn message(&self) -> wire::ImageRenamed {
        wire::ImageRenamed {
            url: self.url.clone(),
            title: self.title.clone(),
            width: self.width,
            height: self.height,
            size: size_to_wire(self.size),
            ..Default::default()
        }
    }

    fn from_message(message: wire::ImageRenamed) -> Result<Self, ReadError> {
        Ok(model::ImageRenamed {
            size: size_from_wire(message.size).field("size")?,
            url: message.url,
            title: message.title,
            width: message.width,
            height: message.height,
        })
    }
}

impl Versioned for model::ImageReordered {
    type Message = wire::ImageReordered;

    fn message(&self) -> wire::ImageReordered {
        wire::ImageReordered {
            uri: self.uri.clone(),
            title: self.title.clone(),
            height: self.height,
            width: self.width,
            size: size_to_wire(self.size),
            ..Default::default()
        }
    }

    fn from_message(message: wire::ImageReordered) -> Result<Self, ReadError> {
        Ok(model::ImageReordered {
            size: size_from_wire(message.size).field("size")?,
            uri: message.uri,
            title: message.title,
            height: message.height,
            width: message.width,
        })
    }
}

impl Versioned for model::ImageWidened {
    type Message = wire::ImageWidened;

    fn message(&self) -> wire::ImageWidened {
        wire::ImageWidened {
            uri: self.uri.clone(),
            title: self.title.clone(),
            width: self.width,
            height: self.height,
            size: size_to_wire(self.size),
            ..Default::default()
        }
    }

    fn from_message(message: wire::ImageWidened) -> Result<Self, ReadError> {
        Ok(model::ImageWidened {
            size: size_from_wire(message.size).field("size")?,
            uri: message.uri,
            title: message.title,
            width: message.width,
            height: message.height,
        })
    }
}

impl Versioned for model::ImageMoreSizes {
    type Message = wire::ImageMoreSizes;

    fn message(&self) -> wire::ImageMoreSizes {
        wire::ImageMoreSizes {
            uri: self.uri.clone(),
            title: self.title.clone(),
            width: self.width,
            height: self.height,
            size: size_more_to_wire(self.size),
            ..Default::default()
        }
    }

    fn from_message(message: wire::ImageMoreSizes) -> Result<Self, ReadError> {
        Ok(model::ImageMoreSizes {
            size: size_more_from_wire(message.size).field("size")?,
            uri: message.uri,
            title: message.title,
            width: message.width,
            height: message.height,
        })
    }
}

#[cfg(test)]
mod tests {
    use serbench_model::ErrorKind;

    use super::*;

    /// `uri` declares 5 bytes and 1 follows: the pre-walk refuses the
    /// length at its field's key, as it does in a dataset.
    #[test]
    fn a_cut_message_is_refused_as_in_a_dataset() {
        let bytes = [0x0a, 0x05, b'h'];
        let error = super::super::read_message::<wire::Image>(&bytes, &FLAT, NAME, RECORD)
            .expect_err("a cut message");
        assert_eq!(error.kind(), ErrorKind::Truncated);
        assert_eq!((error.codec(), error.dataset()), (NAME, RECORD));
        assert_eq!(error.position().offset(), Some(0));
    }

    /// The old program's view of `SIZE_HUGE`: the number, kept as it came
    /// and written again unchanged, which its enum has no value for.
    #[test]
    fn an_unknown_size_is_the_number() {
        let huge = model::ImageMoreSizes {
            uri: String::new(),
            title: String::new(),
            width: 0,
            height: 0,
            size: model::SizeMore::Huge,
        };
        let bytes = <RustProtobuf as Codec<_>>::write(&huge).expect("written");
        let (old, _) =
            super::super::read_message::<wire::Image>(&bytes, &FLAT, NAME, RECORD).expect("read");
        assert_eq!(old.size.enum_value(), Err(2));
        let mut again = Vec::new();
        super::super::write_message(&old, &mut again, NAME, RECORD).expect("written again");
        assert_eq!(again, bytes);
    }
}
