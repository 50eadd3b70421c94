//! media ↔ `serbench.MediaContent` (`schemas/media.proto`).

use prost::encoding::{self, WireType};
use serbench_model::{Image, Media, MediaContent, Player, Size};

use crate::proto;
use crate::read::{Delimited, ReadError, Within, ctx, required, skip};
use crate::wire::Wire;

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

    fn read(buf: &mut &[u8]) -> Result<Self, ReadError> {
        let message = Delimited::root(buf);
        let mut media = None;
        let mut images = Vec::new();
        if let Some(tally) = message.tally() {
            // Before the images are read: without media they are no value.
            tally.require(2, "media")?;
            images.reserve_exact(tally.count(1));
        }
        while let Some((tag, wire_type)) = message.next_key(buf)? {
            match tag {
                1 => {
                    let image = read_image(wire_type, buf).item("images", images.len())?;
                    images.push(image);
                }
                2 => read_media(wire_type, media.get_or_insert_default(), buf).field("media")?,
                _ => skip(tag, wire_type, buf)?,
            }
        }
        Ok(MediaContent {
            media: required(media, "media")?.finish().field("media")?,
            images,
        })
    }

    fn from_message(message: proto::MediaContent) -> Result<Self, ReadError> {
        // Media first, as `read` refuses content without it before its
        // images.
        let media = required(message.media, "media")?;
        let media = MediaFields {
            uri: media.uri,
            title: media.title,
            width: media.width,
            height: media.height,
            format: media.format,
            duration: media.duration,
            size: media.size,
            bitrate: media.bitrate,
            persons: media.persons,
            player: media.player,
            copyright: media.copyright,
        }
        .finish()
        .field("media")?;
        let images = message
            .images
            .into_iter()
            .enumerate()
            .map(|(index, image)| {
                Ok(Image {
                    size: size_from(image.size).item("images", index)?,
                    uri: image.uri,
                    title: image.title,
                    width: image.width,
                    height: image.height,
                })
            })
            .collect::<Result<_, ReadError>>()?;
        Ok(MediaContent { media, images })
    }
}

/// A `Media` message as its fields arrive, its text `String`s or, for
/// buffa's borrowed decode, lent. It becomes the model's media only once
/// the content ends, as media given twice merges field by field.
#[derive(Default)]
pub(crate) struct MediaFields<S = String> {
    pub(crate) uri: S,
    pub(crate) title: Option<S>,
    pub(crate) width: i32,
    pub(crate) height: i32,
    pub(crate) format: S,
    pub(crate) duration: i64,
    pub(crate) size: i64,
    pub(crate) bitrate: Option<i32>,
    pub(crate) persons: Vec<S>,
    pub(crate) player: i32,
    pub(crate) copyright: Option<S>,
}

impl<S> MediaFields<S> {
    pub(crate) fn finish(self) -> Result<Media<S>, ReadError> {
        let player = match proto::Player::try_from(self.player) {
            Ok(proto::Player::Java) => Player::Java,
            Ok(proto::Player::Flash) => Player::Flash,
            Err(_) => {
                let problem = format!("is {}, not a Player (0 or 1)", self.player);
                return Err(ReadError::invalid(problem).field("player"));
            }
        };
        Ok(Media {
            uri: self.uri,
            title: self.title,
            width: self.width,
            height: self.height,
            format: self.format,
            duration: self.duration,
            size: self.size,
            bitrate: self.bitrate,
            persons: self.persons,
            player,
            copyright: self.copyright,
        })
    }
}

fn read_media(
    wire_type: WireType,
    media: &mut MediaFields,
    buf: &mut &[u8],
) -> Result<(), ReadError> {
    let message = Delimited::read(wire_type, buf)?;
    if let Some(tally) = message.tally() {
        media.persons.reserve(tally.count(9));
    }
    while let Some((tag, wire_type)) = message.next_key(buf)? {
        match tag {
            1 => encoding::string::merge(wire_type, &mut media.uri, buf, ctx()).field("uri")?,
            2 => {
                encoding::string::merge(wire_type, media.title.get_or_insert_default(), buf, ctx())
                    .field("title")?;
            }
            3 => encoding::int32::merge(wire_type, &mut media.width, buf, ctx()).field("width")?,
            4 => {
                encoding::int32::merge(wire_type, &mut media.height, buf, ctx()).field("height")?;
            }
            5 => {
                encoding::string::merge(wire_type, &mut media.format, buf, ctx())
                    .field("format")?;
            }
            6 => encoding::int64::merge(wire_type, &mut media.duration, buf, ctx())
                .field("duration")?,
            7 => encoding::int64::merge(wire_type, &mut media.size, buf, ctx()).field("size")?,
            8 => encoding::int32::merge(wire_type, media.bitrate.get_or_insert(0), buf, ctx())
                .field("bitrate")?,
            9 => encoding::string::merge_repeated(wire_type, &mut media.persons, buf, ctx())
                .field("persons")?,
            10 => {
                encoding::int32::merge(wire_type, &mut media.player, buf, ctx()).field("player")?;
            }
            11 => encoding::string::merge(
                wire_type,
                media.copyright.get_or_insert_default(),
                buf,
                ctx(),
            )
            .field("copyright")?,
            _ => skip(tag, wire_type, buf)?,
        }
    }
    Ok(())
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

fn read_image(wire_type: WireType, buf: &mut &[u8]) -> Result<Image, ReadError> {
    let message = Delimited::read(wire_type, buf)?;
    let mut uri = String::new();
    let mut title = None;
    let mut width = 0;
    let mut height = 0;
    let mut size = 0;
    while let Some((tag, wire_type)) = message.next_key(buf)? {
        match tag {
            1 => encoding::string::merge(wire_type, &mut uri, buf, ctx()).field("uri")?,
            2 => encoding::string::merge(wire_type, title.get_or_insert_default(), buf, ctx())
                .field("title")?,
            3 => encoding::int32::merge(wire_type, &mut width, buf, ctx()).field("width")?,
            4 => encoding::int32::merge(wire_type, &mut height, buf, ctx()).field("height")?,
            5 => encoding::int32::merge(wire_type, &mut size, buf, ctx()).field("size")?,
            _ => skip(tag, wire_type, buf)?,
        }
    }
    Ok(Image {
        size: size_from(size)?,
        uri,
        title,
        width,
        height,
    })
}

pub(crate) fn size_from(size: i32) -> Result<Size, ReadError> {
    match proto::Size::try_from(size) {
        Ok(proto::Size::Small) => Ok(Size::Small),
        Ok(proto::Size::Large) => Ok(Size::Large),
        Err(_) => Err(unknown_size(size, "0 or 1").field("size")),
    }
}

/// A size number the reader's enum does not have (its values are
/// `known`): also the words of the evolution rows whose library hands a
/// program the number (rust-protobuf's, buffa's).
pub(crate) fn unknown_size(number: i32, known: &str) -> ReadError {
    ReadError::invalid(format!("is {number}, not a Size ({known})"))
}
