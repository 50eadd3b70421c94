//! Bilrost through its derive, evolved by field tags.
//!
//! Each version of the record is a message of its own below, as a bilrost
//! user's next release would declare it (both live in one program here,
//! so each needs a name). The rules bilrost's README gives its users: the
//! tag, not the name or the place, is a field's identity on the wire; a
//! field added takes a new tag; a removed field's tag is left unused
//! (`#[bilrost(reserved_tags(…))]` holds it); a rename keeps the tag;
//! moving a declaration changes nothing; `i32` becomes `i64` under the same
//! tag (both are varints, "compatible widening"); an enumeration value is
//! appended. A relaxed decoder, the one the codec times, skips tags it does
//! not know and leaves a field that is absent empty.
//!
//! No cell is ⚠: bilrost does not coerce. An old reader refuses an
//! enumeration value it does not have (`Huge`, out of domain) and would
//! refuse a widened width past `i32`'s range rather than cut it, where
//! prost maps the unknown value to the enum's first one and cuts the
//! integer. The test record's width fits `i32`, so the widened field reads
//! both ways.

use bilrost::{Enumeration, Message, OwnedMessage};
use serbench_evolution::model::{self, Version};
use serbench_evolution::{Codec, Direct, Evolution, Outcome, Practised, RECORD, cells};
use serbench_model::Error;

impl Evolution for crate::Bilrost {
    const PRACTICES: &'static [Practised] = &[Practised {
        practice: "field tags",
        cells: cells::<Direct<Tags>>,
    }];
}

/// bilrost's `encode_to_vec` and relaxed `decode` over each version's
/// message.
struct Tags;

/// A model version and the message its release declares.
trait Versioned: Version {
    type Message: OwnedMessage;
    /// The message a program of this version builds to write `self`.
    fn message(&self) -> Self::Message;
    /// The model's value of a message read.
    fn from_message(message: Self::Message) -> Self;
}

impl<V: Versioned> Codec<V> for Tags {
    fn write(value: &V) -> Result<Vec<u8>, Error> {
        Ok(value.message().encode_to_vec())
    }

    fn read(bytes: &[u8], intended: Option<&V>) -> Outcome {
        let mut rest = bytes;
        let read = V::Message::decode(&mut rest)
            .map(V::from_message)
            .map_err(|error| crate::refused(RECORD, error).at_offset(bytes.len() - rest.len()));
        Outcome::judge(read, intended)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Enumeration)]
enum Size {
    Small = 0,
    Large = 1,
}

/// The same enumeration with `Huge` appended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Enumeration)]
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

/// `Versioned` for a model version whose message has the same field
/// names, its `size` through the enumeration's conversions.
macro_rules! versioned {
    ($model:ident => $message:ident { $($field:ident),* }) => {
        impl Versioned for model::$model {
            type Message = $message;

            fn message(&self) -> $message {
                let value = self.clone();
                $message {
                    $($field: value.$field,)*
                    size: value.size.into(),
                }
            }

            fn from_message(message: $message) -> Self {
                model::$model {
                    $($field: message.$field,)*
                    size: message.size.into(),
                }
            }
        }
    };
}

/// The old version.
#[derive(Message)]
struct Image {
    #[bilrost(1)]
    uri: String,
    #[bilrost(2)]
    title: String,
    #[bilrost(3)]
    width: i32,
    #[bilrost(4)]
    height: i32,
    #[bilrost(5)]
    size: Size,
}
versioned!(Image => Image { uri, title, width, height });

/// `alt` added under the new tag 6.
#[derive(Message)]
struct ImageAdded {
    #[bilrost(1)]
    uri: String,
    #[bilrost(2)]
    title: String,
    #[bilrost(3)]
    width: i32,
    #[bilrost(4)]
    height: i32,
    #[bilrost(5)]
    size: Size,
    #[bilrost(6)]
    alt: String,
}
versioned!(ImageAdded => ImageAdded { uri, title, width, height, alt });

/// `title` removed, its tag 2 reserved so that no later field reuses it.
#[derive(Message)]
#[bilrost(reserved_tags(2))]
struct ImageRemoved {
    #[bilrost(1)]
    uri: String,
    #[bilrost(3)]
    width: i32,
    #[bilrost(4)]
    height: i32,
    #[bilrost(5)]
    size: Size,
}
versioned!(ImageRemoved => ImageRemoved { uri, width, height });

/// `uri` renamed `url`: the tag stays.
#[derive(Message)]
struct ImageRenamed {
    #[bilrost(1)]
    url: String,
    #[bilrost(2)]
    title: String,
    #[bilrost(3)]
    width: i32,
    #[bilrost(4)]
    height: i32,
    #[bilrost(5)]
    size: Size,
}
versioned!(ImageRenamed => ImageRenamed { url, title, width, height });

/// `height` declared before `width`: the derive writes fields in tag
/// order whatever the declaration's.
#[derive(Message)]
struct ImageReordered {
    #[bilrost(1)]
    uri: String,
    #[bilrost(2)]
    title: String,
    #[bilrost(4)]
    height: i32,
    #[bilrost(3)]
    width: i32,
    #[bilrost(5)]
    size: Size,
}
versioned!(ImageReordered => ImageReordered { uri, title, height, width });

/// `width` widened to `i64` under the same tag.
#[derive(Message)]
struct ImageWidened {
    #[bilrost(1)]
    uri: String,
    #[bilrost(2)]
    title: String,
    #[bilrost(3)]
    width: i64,
    #[bilrost(4)]
    height: i32,
    #[bilrost(5)]
    size: Size,
}
versioned!(ImageWidened => ImageWidened { uri, title, width, height });

/// `size` of the enumeration with `Huge` appended.
#[derive(Message)]
struct ImageMoreSizes {
    #[bilrost(1)]
    uri: String,
    #[bilrost(2)]
    title: String,
    #[bilrost(3)]
    width: i32,
    #[bilrost(4)]
    height: i32,
    #[bilrost(5)]
    size: SizeMore,
}
versioned!(ImageMoreSizes => ImageMoreSizes { uri, title, width, height });
