//! media ↔ `serbench.MediaContent` (`schemas/media.proto`).

use serbench_model::{Image, Media, MediaContent, Player, Size};

use crate::proto;
use crate::wire::{Invalid, Wire, each, required};

impl Wire for MediaContent {
    type Message = proto::MediaContent;

    fn build(&self) -> proto::MediaContent {
        let media = &self.media;
        proto::MediaContent {
            images: self.images.iter().map(build_image).collect(),
            media: Some(proto::Media {
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
                    Player::Java => proto::Player::Java,
                    Player::Flash => proto::Player::Flash,
                }
                .into(),
                copyright: media.copyright.clone(),
            }),
        }
    }

    fn read(message: proto::MediaContent) -> Result<Self, Invalid> {
        let media = required(message.media, "media")?;
        Ok(MediaContent {
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
                player: match proto::Player::try_from(media.player) {
                    Ok(proto::Player::Java) => Player::Java,
                    Ok(proto::Player::Flash) => Player::Flash,
                    Err(_) => {
                        let problem = format!("is {}, not a Player (0 or 1)", media.player);
                        return Err(Invalid::new(problem).field("player").field("media"));
                    }
                },
                copyright: media.copyright,
            },
            images: each(message.images, "images", read_image)?,
        })
    }
}

fn build_image(image: &Image) -> proto::Image {
    proto::Image {
        uri: image.uri.clone(),
        title: image.title.clone(),
        width: image.width,
        height: image.height,
        size: match image.size {
            Size::Small => proto::Size::Small,
            Size::Large => proto::Size::Large,
        }
        .into(),
    }
}

fn read_image(image: proto::Image) -> Result<Image, Invalid> {
    Ok(Image {
        size: match proto::Size::try_from(image.size) {
            Ok(proto::Size::Small) => Size::Small,
            Ok(proto::Size::Large) => Size::Large,
            Err(_) => {
                let problem = format!("is {}, not a Size (0 or 1)", image.size);
                return Err(Invalid::new(problem).field("size"));
            }
        },
        uri: image.uri,
        title: image.title,
        width: image.width,
        height: image.height,
    })
}
