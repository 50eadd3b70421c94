//! The media content as a Qt program would stream it: strings as
//! `QString` (null for a missing option), integers at their width, enums
//! as `qint8` like the task-manager's priority, and the optional bitrate
//! behind a `bool`.

use serbench_model::{ErrorKind, Image, Media, MediaContent, Player, Size};

use crate::Stream;
use crate::error::{Fault, Unsupported};
use crate::read::Reader;
use crate::write::Writer;

/// An empty uri, a null title, width, height and size.
const MIN_IMAGE: usize = 4 + 4 + 4 + 4 + 1;

impl Stream for MediaContent {
    fn write(&self, w: &mut Writer<'_>) -> Result<(), Unsupported> {
        let media = &self.media;
        w.string(&media.uri, "the media's uri")?;
        w.optional_string(media.title.as_ref(), "the media's title")?;
        w.i32(media.width);
        w.i32(media.height);
        w.string(&media.format, "the media's format")?;
        w.i64(media.duration);
        w.i64(media.size);
        w.bool(media.bitrate.is_some());
        if let Some(bitrate) = media.bitrate {
            w.i32(bitrate);
        }
        w.list(&media.persons, "the persons", |w, person| {
            w.string(person, "a person")
        })?;
        w.i8(match media.player {
            Player::Java => 0,
            Player::Flash => 1,
        });
        w.optional_string(media.copyright.as_ref(), "the copyright")?;
        w.list(&self.images, "the images", |w, image| {
            w.string(&image.uri, "an image's uri")?;
            w.optional_string(image.title.as_ref(), "an image's title")?;
            w.i32(image.width);
            w.i32(image.height);
            w.i8(match image.size {
                Size::Small => 0,
                Size::Large => 1,
            });
            Ok(())
        })
    }

    fn read(r: &mut Reader<'_>) -> Result<Self, Fault> {
        let media = Media {
            uri: r.string("the media's uri")?,
            title: r.optional_string("the media's title")?,
            width: r.i32("the media's width")?,
            height: r.i32("the media's height")?,
            format: r.string("the media's format")?,
            duration: r.i64("the media's duration")?,
            size: r.i64("the media's size")?,
            bitrate: if r.bool("the media's bitrate flag")? {
                Some(r.i32("the media's bitrate")?)
            } else {
                None
            },
            persons: r.list("the person list", 4, |r| r.string("a person"))?,
            player: match enum_value(r, "the media's player", "Java (0) or Flash (1)")? {
                0 => Player::Java,
                _ => Player::Flash,
            },
            copyright: r.optional_string("the copyright")?,
        };
        let images = r.list("the image list", MIN_IMAGE, |r| {
            Ok(Image {
                uri: r.string("an image's uri")?,
                title: r.optional_string("an image's title")?,
                width: r.i32("an image's width")?,
                height: r.i32("an image's height")?,
                size: match enum_value(r, "an image's size", "Small (0) or Large (1)")? {
                    0 => Size::Small,
                    _ => Size::Large,
                },
            })
        })?;
        Ok(MediaContent { media, images })
    }
}

/// A two-valued enum as a `qint8`: 0 or 1, anything else refused.
fn enum_value(r: &mut Reader<'_>, what: &str, values: &str) -> Result<i8, Fault> {
    let at = r.pos();
    match r.i8(what)? {
        value @ (0 | 1) => Ok(value),
        value => Err(Reader::fault(
            at,
            ErrorKind::Invalid,
            format!("{what} is {value}, not {values}"),
        )),
    }
}
