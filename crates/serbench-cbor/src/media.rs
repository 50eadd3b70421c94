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
use serbench_model::{Image, Media, MediaContent, Player, Size};
use serde::de::{self, DeserializeOwned, Deserializer, IntoDeserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::{In, Wire};

#[derive(Deserialize)]
#[serde(remote = "MediaContent", deny_unknown_fields)]
struct MediaContentDef {
    #[serde(deserialize_with = "MediaDef::deserialize")]
    media: Media,
    #[serde(deserialize_with = "images")]
    images: Vec<Image>,
}

#[derive(Deserialize)]
#[serde(remote = "Media", deny_unknown_fields)]
struct MediaDef {
    uri: String,
    title: Option<String>,
    width: i32,
    height: i32,
    format: String,
    duration: i64,
    size: i64,
    bitrate: Option<i32>,
    #[serde(deserialize_with = "bounded_vec")]
    persons: Vec<String>,
    #[serde(deserialize_with = "text_enum")]
    player: Player,
    copyright: Option<String>,
}

#[derive(Deserialize)]
#[serde(remote = "Image", deny_unknown_fields)]
struct ImageDef {
    uri: String,
    title: Option<String>,
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

impl Wire for Image {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.serialize(serializer)
    }

    fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        ImageDef::deserialize(deserializer)
    }
}

fn images<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Image>, D::Error> {
    // The model's bounded preallocation; unwrapping reuses the allocation.
    let images: Vec<In<Image>> = bounded_vec(deserializer)?;
    Ok(images.into_iter().map(|In(image)| image).collect())
}

/// A unit enum variant, from text only, by the model's derive (which names
/// the variants and words the error for an unknown one).
fn text_enum<'de, D, T>(deserializer: D) -> Result<T, D::Error>
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
