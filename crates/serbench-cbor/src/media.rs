//! The media dataset's CBOR reading: the model's layout, with `player` and
//! `size` read as text only.
//!
//! ciborium reads a unit enum variant written as text or as a map of one
//! entry, `{"JAVA": x}`, and in the map form it never reads `x`: the items
//! after the map are then read as if `x` were not there, so a malformed
//! input decodes. (`"player": {"JAVA": "copyright"}, null` read as the
//! entries `player: JAVA` and `copyright: null`.) The remote derive below
//! reads the model's structs as the model's derive does, but the two enums
//! through [`text_enum`]; writing stays with the model's derive, which
//! writes the variant as text.

use std::fmt;
use std::marker::PhantomData;

use serbench_model::serde_forms::bounded_vec;
use serbench_model::{Image, Media, MediaContent, Player, Size, Text};
use serde::de::{self, DeserializeOwned, Deserializer, IntoDeserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::Wire;

// Generic over the string type, so that the borrowed form (`Text`, for the
// libraries that lend) reads the same layout with the same checks.
#[derive(Deserialize)]
#[serde(
    remote = "MediaContent",
    deny_unknown_fields,
    bound(deserialize = "S: Deserialize<'de>")
)]
struct MediaContentDef<S> {
    #[serde(deserialize_with = "MediaDef::deserialize")]
    media: Media<S>,
    #[serde(deserialize_with = "images")]
    images: Vec<Image<S>>,
}

#[derive(Deserialize)]
#[serde(
    remote = "Media",
    deny_unknown_fields,
    bound(deserialize = "S: Deserialize<'de>")
)]
struct MediaDef<S> {
    uri: S,
    title: Option<S>,
    width: i32,
    height: i32,
    format: S,
    duration: i64,
    size: i64,
    bitrate: Option<i32>,
    #[serde(deserialize_with = "bounded_vec")]
    persons: Vec<S>,
    #[serde(deserialize_with = "text_enum")]
    player: Player,
    copyright: Option<S>,
}

#[derive(Deserialize)]
#[serde(
    remote = "Image",
    deny_unknown_fields,
    bound(deserialize = "S: Deserialize<'de>")
)]
struct ImageDef<S> {
    uri: S,
    title: Option<S>,
    width: i32,
    height: i32,
    #[serde(deserialize_with = "text_enum")]
    size: Size,
}

impl Wire for MediaContent {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.serialize(serializer)
    }

    fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        MediaContentDef::deserialize(deserializer)
    }
}

/// The borrowed form of media, read as [`Wire::read`] reads the owned one.
pub(crate) fn lend<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<MediaContent<Text<'de>>, D::Error> {
    MediaContentDef::deserialize(deserializer)
}

/// An image read through [`ImageDef`]; transparent, so a `Vec` of them
/// unwraps in place.
#[repr(transparent)]
struct ImageIn<S>(Image<S>);

impl<'de, S: Deserialize<'de>> Deserialize<'de> for ImageIn<S> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        ImageDef::deserialize(deserializer).map(ImageIn)
    }
}

fn images<'de, D, S>(deserializer: D) -> Result<Vec<Image<S>>, D::Error>
where
    D: Deserializer<'de>,
    S: Deserialize<'de>,
{
    // The model's bounded preallocation; unwrapping reuses the allocation.
    let images: Vec<ImageIn<S>> = bounded_vec(deserializer)?;
    Ok(images.into_iter().map(|ImageIn(image)| image).collect())
}

/// A unit enum variant, from text only, by the model's derive (which names
/// the variants and words the error for an unknown one).
pub(crate) fn text_enum<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned,
{
    struct TextEnum<T>(PhantomData<T>);

    impl<T: DeserializeOwned> Visitor<'_> for TextEnum<T> {
        type Value = T;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a variant name as text")
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
            T::deserialize(text.into_deserializer())
        }
    }

    // ciborium lends text up to its 4 KiB scratch buffer, longer than any
    // variant name, so this allocates nothing.
    deserializer.deserialize_str(TextEnum(PhantomData))
}
