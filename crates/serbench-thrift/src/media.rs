//! The media content as `schemas/media.thrift` describes it, with
//! jvm-serializers' field ids; `title`, `bitrate` and `copyright` are
//! `optional` fields, absent for `None`.

use serbench_model::{ErrorKind, Image, Media, MediaContent, Player, Size};
use thrift::protocol::TType;

use crate::Thrift;
use crate::error::{Fail, Fault};
use crate::protocol::{MIN_STRUCT, Protocol};
use crate::read::{Fields, Reader, required};
use crate::write::Writer;

const CONTENT: &Fields = &[("images", TType::List), ("media", TType::Struct)];
const MEDIA: &Fields = &[
    ("uri", TType::String),
    ("title", TType::String),
    ("width", TType::I32),
    ("height", TType::I32),
    ("format", TType::String),
    ("duration", TType::I64),
    ("size", TType::I64),
    ("bitrate", TType::I32),
    ("persons", TType::List),
    ("player", TType::I32),
    ("copyright", TType::String),
];
const IMAGE: &Fields = &[
    ("uri", TType::String),
    ("title", TType::String),
    ("width", TType::I32),
    ("height", TType::I32),
    ("size", TType::I32),
];

impl Thrift for MediaContent {
    fn write<P: Protocol>(&self, w: &mut Writer<'_, P>) -> Result<(), Fail> {
        w.structure(|w| {
            w.list_field(1, &self.images, TType::Struct, "the images", write_image)?;
            w.field(2, TType::Struct, |w| write_media(w, &self.media))
        })
    }

    fn read<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Self, Fault> {
        let at = r.pos();
        let (mut images, mut media) = (None, None);
        r.fields("MediaContent", CONTENT, |r, field| {
            if field == 0 {
                images = Some(r.list("the images", TType::Struct, MIN_STRUCT, read_image)?);
            } else {
                media = Some(read_media(r)?);
            }
            Ok(())
        })?;
        Ok(MediaContent {
            media: required(media, at, "MediaContent", "media")?,
            images: required(images, at, "MediaContent", "images")?,
        })
    }
}

fn write_media<P: Protocol>(w: &mut Writer<'_, P>, media: &Media) -> Result<(), Fail> {
    w.structure(|w| {
        w.string_field(1, &media.uri, "the media's uri")?;
        if let Some(title) = &media.title {
            w.string_field(2, title, "the media's title")?;
        }
        w.field(3, TType::I32, |w| w.i32(media.width))?;
        w.field(4, TType::I32, |w| w.i32(media.height))?;
        w.string_field(5, &media.format, "the media's format")?;
        w.field(6, TType::I64, |w| w.i64(media.duration))?;
        w.field(7, TType::I64, |w| w.i64(media.size))?;
        if let Some(bitrate) = media.bitrate {
            w.field(8, TType::I32, |w| w.i32(bitrate))?;
        }
        w.list_field(
            9,
            &media.persons,
            TType::String,
            "the persons",
            |w, person| w.string(person, "a person"),
        )?;
        w.field(10, TType::I32, |w| {
            w.i32(match media.player {
                Player::Java => 0,
                Player::Flash => 1,
            })
        })?;
        if let Some(copyright) = &media.copyright {
            w.string_field(11, copyright, "the copyright")?;
        }
        Ok(())
    })
}

fn read_media<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Media, Fault> {
    let at = r.pos();
    let (mut uri, mut title, mut width, mut height) = (None, None, None, None);
    let (mut format, mut duration, mut size, mut bitrate) = (None, None, None, None);
    let (mut persons, mut player, mut copyright) = (None, None, None);
    r.fields("Media", MEDIA, |r, field| {
        match field {
            0 => uri = Some(r.string("the media's uri")?),
            1 => title = Some(r.string("the media's title")?),
            2 => width = Some(r.i32("the media's width")?),
            3 => height = Some(r.i32("the media's height")?),
            4 => format = Some(r.string("the media's format")?),
            5 => duration = Some(r.i64("the media's duration")?),
            6 => size = Some(r.i64("the media's size")?),
            7 => bitrate = Some(r.i32("the media's bitrate")?),
            8 => {
                persons = Some(r.list("the persons", TType::String, P::MIN_STRING, |r| {
                    r.string("a person")
                })?);
            }
            9 => {
                player = Some(
                    match enum_value(r, "the media's player", "Java (0) or Flash (1)")? {
                        0 => Player::Java,
                        _ => Player::Flash,
                    },
                );
            }
            _ => copyright = Some(r.string("the copyright")?),
        }
        Ok(())
    })?;
    Ok(Media {
        uri: required(uri, at, "Media", "uri")?,
        title,
        width: required(width, at, "Media", "width")?,
        height: required(height, at, "Media", "height")?,
        format: required(format, at, "Media", "format")?,
        duration: required(duration, at, "Media", "duration")?,
        size: required(size, at, "Media", "size")?,
        bitrate,
        persons: required(persons, at, "Media", "persons")?,
        player: required(player, at, "Media", "player")?,
        copyright,
    })
}

fn write_image<P: Protocol>(w: &mut Writer<'_, P>, image: &Image) -> Result<(), Fail> {
    w.structure(|w| {
        w.string_field(1, &image.uri, "an image's uri")?;
        if let Some(title) = &image.title {
            w.string_field(2, title, "an image's title")?;
        }
        w.field(3, TType::I32, |w| w.i32(image.width))?;
        w.field(4, TType::I32, |w| w.i32(image.height))?;
        w.field(5, TType::I32, |w| {
            w.i32(match image.size {
                Size::Small => 0,
                Size::Large => 1,
            })
        })
    })
}

fn read_image<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Image, Fault> {
    let at = r.pos();
    let (mut uri, mut title, mut width, mut height, mut size) = (None, None, None, None, None);
    r.fields("Image", IMAGE, |r, field| {
        match field {
            0 => uri = Some(r.string("an image's uri")?),
            1 => title = Some(r.string("an image's title")?),
            2 => width = Some(r.i32("an image's width")?),
            3 => height = Some(r.i32("an image's height")?),
            _ => {
                size = Some(
                    match enum_value(r, "an image's size", "Small (0) or Large (1)")? {
                        0 => Size::Small,
                        _ => Size::Large,
                    },
                );
            }
        }
        Ok(())
    })?;
    Ok(Image {
        uri: required(uri, at, "Image", "uri")?,
        title,
        width: required(width, at, "Image", "width")?,
        height: required(height, at, "Image", "height")?,
        size: required(size, at, "Image", "size")?,
    })
}

/// A two-valued enum as Thrift's `i32`: 0 or 1, anything else refused.
fn enum_value<P: Protocol>(r: &mut Reader<'_, P>, what: &str, values: &str) -> Result<i32, Fault> {
    let at = r.pos();
    match r.i32(what)? {
        value @ (0 | 1) => Ok(value),
        value => Err(Fault::new(
            at,
            ErrorKind::Invalid,
            format!("{what} is {value}, not {values}"),
        )),
    }
}
