//! media as `schemas/media.avsc`'s `serbench.MediaContent`.

use std::sync::OnceLock;

use serbench_model::{Image, Media, MediaContent, Player, Size};
use serde::{Deserialize, Serialize};

use crate::check::Shape;
use crate::fields::{IntoModel, Items, items};
use crate::wire::{self, Compiled, Wire};

impl Wire for MediaContent {
    const SCHEMA: &'static str = include_str!("../../../schemas/media.avsc");
    const SHAPE: Shape = Shape::record(&[
        Shape::record(&[
            Shape::String,
            Shape::nullable(&Shape::String),
            Shape::Int,
            Shape::Int,
            Shape::String,
            Shape::Long,
            Shape::Long,
            Shape::nullable(&Shape::Int),
            Shape::array(&Shape::String),
            Shape::Enum(2),
            Shape::nullable(&Shape::String),
        ]),
        Shape::array(&Shape::record(&[
            Shape::String,
            Shape::nullable(&Shape::String),
            Shape::Int,
            Shape::Int,
            Shape::Enum(2),
        ])),
    ]);
    type Out<'a> = ContentOut<'a>;
    type In = ContentIn;

    fn out(&self) -> ContentOut<'_> {
        let media = &self.media;
        ContentOut {
            media: MediaOut {
                uri: &media.uri,
                title: media.title.as_deref(),
                width: media.width,
                height: media.height,
                format: &media.format,
                duration: media.duration,
                size: media.size,
                bitrate: media.bitrate,
                persons: &media.persons,
                player: match media.player {
                    Player::Java => PlayerForm::Java,
                    Player::Flash => PlayerForm::Flash,
                },
                copyright: media.copyright.as_deref(),
            },
            images: Items(&self.images, ImageOut::new),
        }
    }

    fn compiled() -> &'static Compiled {
        static COMPILED: OnceLock<Compiled> = OnceLock::new();
        wire::compiled(&COMPILED, Self::SCHEMA)
    }

    fn into_model(read: ContentIn) -> MediaContent {
        let media = read.media;
        MediaContent {
            media: Media {
                uri: media.uri,
                title: media.title,
                width: media.width,
                height: media.height,
                format: media.format,
                duration: media.duration,
                size: media.size,
                bitrate: media.bitrate,
                persons: media.persons,
                player: match media.player {
                    PlayerForm::Java => Player::Java,
                    PlayerForm::Flash => Player::Flash,
                },
                copyright: media.copyright,
            },
            images: read.images,
        }
    }
}

#[derive(Serialize)]
#[serde(rename = "MediaContent")]
pub(crate) struct ContentOut<'a> {
    media: MediaOut<'a>,
    images: Items<'a, Image, ImageOut<'a>>,
}

#[derive(Deserialize)]
#[serde(rename = "MediaContent")]
pub(crate) struct ContentIn {
    media: MediaIn,
    #[serde(deserialize_with = "items::<_, ImageIn, _>")]
    images: Vec<Image>,
}

#[derive(Serialize)]
#[serde(rename = "Media")]
struct MediaOut<'a> {
    uri: &'a str,
    title: Option<&'a str>,
    width: i32,
    height: i32,
    format: &'a str,
    duration: i64,
    size: i64,
    bitrate: Option<i32>,
    persons: &'a [String],
    player: PlayerForm,
    copyright: Option<&'a str>,
}

#[derive(Deserialize)]
#[serde(rename = "Media")]
struct MediaIn {
    uri: String,
    title: Option<String>,
    width: i32,
    height: i32,
    format: String,
    duration: i64,
    size: i64,
    bitrate: Option<i32>,
    persons: Vec<String>,
    player: PlayerForm,
    copyright: Option<String>,
}

#[derive(Serialize)]
#[serde(rename = "Image")]
struct ImageOut<'a> {
    uri: &'a str,
    title: Option<&'a str>,
    width: i32,
    height: i32,
    size: SizeForm,
}

impl<'a> ImageOut<'a> {
    fn new(image: &'a Image) -> Self {
        Self {
            uri: &image.uri,
            title: image.title.as_deref(),
            width: image.width,
            height: image.height,
            size: match image.size {
                Size::Small => SizeForm::Small,
                Size::Large => SizeForm::Large,
            },
        }
    }
}

#[derive(Deserialize)]
#[serde(rename = "Image")]
struct ImageIn {
    uri: String,
    title: Option<String>,
    width: i32,
    height: i32,
    size: SizeForm,
}

impl IntoModel<Image> for ImageIn {
    fn into_model<E: serde::de::Error>(self) -> Result<Image, E> {
        Ok(Image {
            uri: self.uri,
            title: self.title,
            width: self.width,
            height: self.height,
            size: match self.size {
                SizeForm::Small => Size::Small,
                SizeForm::Large => Size::Large,
            },
        })
    }
}

/// The schema's `Player` enum: `JAVA`, `FLASH`.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Player", rename_all = "SCREAMING_SNAKE_CASE")]
enum PlayerForm {
    Java,
    Flash,
}

/// The schema's `Size` enum: `SMALL`, `LARGE`.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Size", rename_all = "SCREAMING_SNAKE_CASE")]
enum SizeForm {
    Small,
    Large,
}
