//! media ↔ its archive: optional fields as rkyv options (a tag byte, then
//! the value), player and image size as one-byte enums.

use rkyv::{Archive, Serialize};
use serbench_model::{Image, Media, MediaAnswer, MediaContent, Player, Size};

use crate::wire::{Failure, Wire};

/// The root.
#[derive(Archive, Serialize)]
pub struct Content {
    /// The archive's length (see [`Wire`]).
    pub len: u64,
    media: Clip,
    images: Vec<Picture>,
}

#[derive(Archive, Serialize)]
struct Clip {
    uri: String,
    title: Option<String>,
    width: i32,
    height: i32,
    format: String,
    duration: i64,
    size: i64,
    bitrate: Option<i32>,
    persons: Vec<String>,
    player: Engine,
    copyright: Option<String>,
}

#[derive(Archive, Serialize)]
struct Picture {
    uri: String,
    title: Option<String>,
    width: i32,
    height: i32,
    size: Scale,
}

/// [`Player`], whose archive bytecheck holds to the two tags.
#[derive(Archive, Serialize)]
enum Engine {
    Java,
    Flash,
}

/// [`Size`], whose archive bytecheck holds to the two tags.
#[derive(Archive, Serialize)]
enum Scale {
    Small,
    Large,
}

fn text(option: &rkyv::option::ArchivedOption<rkyv::string::ArchivedString>) -> Option<&str> {
    option.as_ref().map(rkyv::string::ArchivedString::as_str)
}

impl Wire for MediaContent {
    type Mirror = Content;
    type Archive = ArchivedContent;

    fn build(&self) -> Content {
        let media = &self.media;
        Content {
            len: 0,
            media: Clip {
                uri: media.uri.clone(),
                title: media.title.clone(),
                width: media.width,
                height: media.height,
                format: media.format.clone(),
                duration: media.duration,
                size: media.size,
                bitrate: media.bitrate,
                persons: media.persons.clone(),
                player: match media.player {
                    Player::Java => Engine::Java,
                    Player::Flash => Engine::Flash,
                },
                copyright: media.copyright.clone(),
            },
            images: self
                .images
                .iter()
                .map(|image| Picture {
                    uri: image.uri.clone(),
                    title: image.title.clone(),
                    width: image.width,
                    height: image.height,
                    size: match image.size {
                        Size::Small => Scale::Small,
                        Size::Large => Scale::Large,
                    },
                })
                .collect(),
        }
    }

    fn read(archive: &ArchivedContent) -> Result<Self, Failure> {
        let media = &archive.media;
        Ok(MediaContent {
            media: Media {
                uri: media.uri.as_str().to_owned(),
                title: text(&media.title).map(str::to_owned),
                width: media.width.to_native(),
                height: media.height.to_native(),
                format: media.format.as_str().to_owned(),
                duration: media.duration.to_native(),
                size: media.size.to_native(),
                bitrate: media.bitrate.as_ref().map(|bitrate| bitrate.to_native()),
                persons: media
                    .persons
                    .iter()
                    .map(|person| person.as_str().to_owned())
                    .collect(),
                player: match media.player {
                    ArchivedEngine::Java => Player::Java,
                    ArchivedEngine::Flash => Player::Flash,
                },
                copyright: text(&media.copyright).map(str::to_owned),
            },
            images: archive
                .images
                .iter()
                .map(|image| Image {
                    uri: image.uri.as_str().to_owned(),
                    title: text(&image.title).map(str::to_owned),
                    width: image.width.to_native(),
                    height: image.height.to_native(),
                    size: match image.size {
                        ArchivedScale::Small => Size::Small,
                        ArchivedScale::Large => Size::Large,
                    },
                })
                .collect(),
        })
    }

    fn answer(archive: &ArchivedContent) -> Result<MediaAnswer, Failure> {
        let media = &archive.media;
        let optional = |option| text(option).map_or(0, str::len);
        let mut answer = MediaAnswer {
            persons: media.persons.len() as u64,
            pixels: i128::from(media.width.to_native()) * i128::from(media.height.to_native()),
            text_bytes: (media.uri.len()
                + optional(&media.title)
                + media.format.len()
                + media
                    .persons
                    .iter()
                    .map(|person| person.len())
                    .sum::<usize>()
                + optional(&media.copyright)) as u64,
            ..MediaAnswer::default()
        };
        for image in archive.images.iter() {
            answer.images += 1;
            answer.large_images += u64::from(matches!(image.size, ArchivedScale::Large));
            answer.pixels +=
                i128::from(image.width.to_native()) * i128::from(image.height.to_native());
            answer.text_bytes += (image.uri.len() + optional(&image.title)) as u64;
        }
        Ok(answer)
    }
}
