//! Protobuf, evolved by field numbers: prost's row here, and the rows of
//! the crate's two other libraries beside their codecs
//! (`rust_protobuf/evolution.rs`, `buffa_codec/evolution.rs`).
//!
//! The messages below are the structs prost-build generates from the
//! `.proto` each one's doc quotes (proto3), written out by hand with
//! prost's derive: the versions rust-protobuf's and buffa's rows generate
//! from `schemas/evolution/image.proto`, one message per version in one
//! package, since all of them live in one program (a real schema keeps
//! one `message Image` and edits it).
//!
//! The rules a protobuf user follows: the number, not the name or the
//! place, is a field's identity on the wire. A field added takes a new
//! number; a removed field's number is `reserved`, so it is never reused;
//! a rename keeps the number; moving a declaration changes nothing;
//! `int32` becomes `int64` under the same number (both are varints); an
//! enum value is appended. A reader skips numbers it does not know and
//! gives a field that is absent its type's zero value.
//!
//! The three libraries write the same bytes and read every change alike
//! but one: an enum value the reader's enum lacks. proto3 enums are open,
//! so each keeps the number read; prost's generated getter turns it into
//! the enum's first value (⚠, below), while rust-protobuf's
//! `EnumOrUnknown` and buffa's `EnumValue` hand the number to the program,
//! which cannot make it one of its sizes and refuses it (✗), as the
//! dataset codecs refuse a size they do not know.

use prost::Message as _;

use serbench_evolution::model::{self, Version};
use serbench_evolution::{Codec, Direct, Evolution, Outcome, Practised, RECORD, cells};
use serbench_model::Error;

use crate::read::ReadError;

impl Evolution for crate::Protobuf {
    const PRACTICES: &'static [Practised] = &[Practised {
        practice: "field numbers",
        cells: cells::<Direct<Protobuf>>,
    }];
}

/// The Protobuf rows' format.
struct Protobuf;

/// A model version and the message its `.proto` version generates.
trait Versioned: Version {
    type Message: prost::Message + Default;
    /// The message a program of this version builds to write `self`.
    fn message(&self) -> Self::Message;
    /// The model's value of a message read, its enum through prost's
    /// getter.
    fn from_message(message: Self::Message) -> Self;
}

impl<V: Versioned> Codec<V> for Protobuf {
    fn write(value: &V) -> Result<Vec<u8>, Error> {
        Ok(value.message().encode_to_vec())
    }

    /// prost's refusal told as the dataset codec tells it, the message
    /// read being `Image`.
    fn read(bytes: &[u8], intended: Option<&V>) -> Outcome {
        let mut rest = bytes;
        let read = V::Message::decode(&mut rest)
            .map(V::from_message)
            .map_err(|error| {
                let name = <crate::Protobuf as serbench_model::BaseCodec>::NAME;
                ReadError::from(error).error_of(name, RECORD, "Image", bytes.len(), rest.len())
            });
        Outcome::judge(read, intended)
    }
}

/// `enum Size { SIZE_SMALL = 0; SIZE_LARGE = 1; }`, as the project's
/// `schemas/media.proto` has it (prost-build drops the `SIZE_` prefix).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, prost::Enumeration)]
#[repr(i32)]
enum Size {
    Small = 0,
    Large = 1,
}

/// The same enum with `SIZE_HUGE = 2;` appended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, prost::Enumeration)]
#[repr(i32)]
enum SizeMore {
    Small = 0,
    Large = 1,
    Huge = 2,
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

/// ```proto
/// message Image {
///   string uri = 1;
///   string title = 2;
///   int32 width = 3;
///   int32 height = 4;
///   Size size = 5;
/// }
/// ```
///
/// proto3 keeps an enum field open: the number read is stored as it came,
/// known or not, and prost's generated getter (`size()`) turns a number
/// the enum does not have into the enum's default, its first value. A
/// prost user reads the field through that getter, so an old program
/// reading `SIZE_HUGE` sees `SIZE_SMALL`, without an error: the ⚠ in
/// this row's enum-value-added cell.
#[derive(Clone, PartialEq, prost::Message)]
struct Image {
    #[prost(string, tag = "1")]
    uri: String,
    #[prost(string, tag = "2")]
    title: String,
    #[prost(int32, tag = "3")]
    width: i32,
    #[prost(int32, tag = "4")]
    height: i32,
    #[prost(enumeration = "Size", tag = "5")]
    size: i32,
}

impl Versioned for model::Image {
    type Message = Image;

    fn message(&self) -> Image {
        Image {
            uri: self.uri.clone(),
            title: self.title.clone(),
            width: self.width,
            height: self.height,
            size: Size::from(self.size).into(),
        }
    }

    fn from_message(message: Image) -> Self {
        model::Image {
            size: message.size().into(),
            uri: message.uri,
            title: message.title,
            width: message.width,
            height: message.height,
        }
    }
}

/// `Image` with `string alt = 6;` after the others.
#[derive(Clone, PartialEq, prost::Message)]
struct ImageAdded {
    #[prost(string, tag = "1")]
    uri: String,
    #[prost(string, tag = "2")]
    title: String,
    #[prost(int32, tag = "3")]
    width: i32,
    #[prost(int32, tag = "4")]
    height: i32,
    #[prost(enumeration = "Size", tag = "5")]
    size: i32,
    #[prost(string, tag = "6")]
    alt: String,
}

impl Versioned for model::ImageAdded {
    type Message = ImageAdded;

    fn message(&self) -> ImageAdded {
        ImageAdded {
            uri: self.uri.clone(),
            title: self.title.clone(),
            width: self.width,
            height: self.height,
            size: Size::from(self.size).into(),
            alt: self.alt.clone(),
        }
    }

    fn from_message(message: ImageAdded) -> Self {
        model::ImageAdded {
            size: message.size().into(),
            uri: message.uri,
            title: message.title,
            width: message.width,
            height: message.height,
            alt: message.alt,
        }
    }
}

/// `Image` without `title`: `reserved 2; reserved "title";` in its place
/// (prost-build writes nothing for a reservation; it binds the schema's
/// authors, not the code).
#[derive(Clone, PartialEq, prost::Message)]
struct ImageRemoved {
    #[prost(string, tag = "1")]
    uri: String,
    #[prost(int32, tag = "3")]
    width: i32,
    #[prost(int32, tag = "4")]
    height: i32,
    #[prost(enumeration = "Size", tag = "5")]
    size: i32,
}

impl Versioned for model::ImageRemoved {
    type Message = ImageRemoved;

    fn message(&self) -> ImageRemoved {
        ImageRemoved {
            uri: self.uri.clone(),
            width: self.width,
            height: self.height,
            size: Size::from(self.size).into(),
        }
    }

    fn from_message(message: ImageRemoved) -> Self {
        model::ImageRemoved {
            size: message.size().into(),
            uri: message.uri,
            width: message.width,
            height: message.height,
        }
    }
}

/// `Image` with `string url = 1;` for `uri`: the number stays.
#[derive(Clone, PartialEq, prost::Message)]
struct ImageRenamed {
    #[prost(string, tag = "1")]
    url: String,
    #[prost(string, tag = "2")]
    title: String,
    #[prost(int32, tag = "3")]
    width: i32,
    #[prost(int32, tag = "4")]
    height: i32,
    #[prost(enumeration = "Size", tag = "5")]
    size: i32,
}

impl Versioned for model::ImageRenamed {
    type Message = ImageRenamed;

    fn message(&self) -> ImageRenamed {
        ImageRenamed {
            url: self.url.clone(),
            title: self.title.clone(),
            width: self.width,
            height: self.height,
            size: Size::from(self.size).into(),
        }
    }

    fn from_message(message: ImageRenamed) -> Self {
        model::ImageRenamed {
            size: message.size().into(),
            url: message.url,
            title: message.title,
            width: message.width,
            height: message.height,
        }
    }
}

/// `Image` with `int32 height = 4;` declared before `int32 width = 3;`:
/// prost-build keeps the declaration order in the struct, the numbers
/// keep the fields apart.
#[derive(Clone, PartialEq, prost::Message)]
struct ImageReordered {
    #[prost(string, tag = "1")]
    uri: String,
    #[prost(string, tag = "2")]
    title: String,
    #[prost(int32, tag = "4")]
    height: i32,
    #[prost(int32, tag = "3")]
    width: i32,
    #[prost(enumeration = "Size", tag = "5")]
    size: i32,
}

impl Versioned for model::ImageReordered {
    type Message = ImageReordered;

    fn message(&self) -> ImageReordered {
        ImageReordered {
            uri: self.uri.clone(),
            title: self.title.clone(),
            height: self.height,
            width: self.width,
            size: Size::from(self.size).into(),
        }
    }

    fn from_message(message: ImageReordered) -> Self {
        model::ImageReordered {
            size: message.size().into(),
            uri: message.uri,
            title: message.title,
            height: message.height,
            width: message.width,
        }
    }
}

/// `Image` with `int64 width = 3;`. The protobuf guide lists `int32` and
/// `int64` as compatible; a 64-bit value an old reader takes as `int32`
/// is cut to 32 bits, as a C++ cast would (this pair's width fits).
#[derive(Clone, PartialEq, prost::Message)]
struct ImageWidened {
    #[prost(string, tag = "1")]
    uri: String,
    #[prost(string, tag = "2")]
    title: String,
    #[prost(int64, tag = "3")]
    width: i64,
    #[prost(int32, tag = "4")]
    height: i32,
    #[prost(enumeration = "Size", tag = "5")]
    size: i32,
}

impl Versioned for model::ImageWidened {
    type Message = ImageWidened;

    fn message(&self) -> ImageWidened {
        ImageWidened {
            uri: self.uri.clone(),
            title: self.title.clone(),
            width: self.width,
            height: self.height,
            size: Size::from(self.size).into(),
        }
    }

    fn from_message(message: ImageWidened) -> Self {
        model::ImageWidened {
            size: message.size().into(),
            uri: message.uri,
            title: message.title,
            width: message.width,
            height: message.height,
        }
    }
}

/// `Image` whose `size` is the enum with `SIZE_HUGE` appended.
#[derive(Clone, PartialEq, prost::Message)]
struct ImageMoreSizes {
    #[prost(string, tag = "1")]
    uri: String,
    #[prost(string, tag = "2")]
    title: String,
    #[prost(int32, tag = "3")]
    width: i32,
    #[prost(int32, tag = "4")]
    height: i32,
    #[prost(enumeration = "SizeMore", tag = "5")]
    size: i32,
}

impl Versioned for model::ImageMoreSizes {
    type Message = ImageMoreSizes;

    fn message(&self) -> ImageMoreSizes {
        ImageMoreSizes {
            uri: self.uri.clone(),
            title: self.title.clone(),
            width: self.width,
            height: self.height,
            size: SizeMore::from(self.size).into(),
        }
    }

    fn from_message(message: ImageMoreSizes) -> Self {
        model::ImageMoreSizes {
            size: message.size().into(),
            uri: message.uri,
            title: message.title,
            width: message.width,
            height: message.height,
        }
    }
}

#[cfg(test)]
mod tests {
    use serbench_evolution::{Change, Direction, Evolution, Outcome};

    /// The cells of codec `E`'s one practice, field numbers.
    fn cells<E: Evolution>() -> Vec<(Change, Direction, Outcome)> {
        let [practice] = E::PRACTICES else {
            panic!("a Protobuf library has one practice")
        };
        assert_eq!(practice.practice, "field numbers");
        (practice.cells)()
    }

    /// Every cell of the three libraries' rows: each reads every change
    /// but the size an old program does not know, which prost reads as
    /// its first size and rust-protobuf and buffa refuse.
    #[test]
    fn the_libraries_differ_only_on_an_unknown_size() {
        let rows = [
            ("prost", cells::<crate::Protobuf>()),
            ("protobuf", cells::<crate::ProtobufRust>()),
            ("buffa", cells::<crate::ProtobufBuffa>()),
        ];
        for (library, cells) in &rows {
            assert_eq!(cells.len(), 12, "{library}");
            for (change, direction, outcome) in cells {
                println!(
                    "{library} | {} | {} | {outcome}",
                    change.id(),
                    direction.id()
                );
                let unknown_size =
                    (*change, *direction) == (Change::EnumValueAdded, Direction::OldReadsNew);
                match (*library, unknown_size) {
                    (_, false) => assert_eq!(*outcome, Outcome::Reads, "{library} {change:?}"),
                    ("prost", true) => assert!(
                        matches!(outcome, Outcome::Wrong(text) if text.ends_with("size Small")),
                        "{outcome}"
                    ),
                    (_, true) => assert_eq!(
                        *outcome,
                        Outcome::Error("the field is 2, not a Size (0 or 1) (at size)".to_owned()),
                        "{library}"
                    ),
                }
            }
        }
    }
}
