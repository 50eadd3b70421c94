//! media ↔ its buffer: optional fields as one-byte-tagged enums (0 none,
//! 1 some and the value), player and image size as one-byte enums.

use musli_zerocopy::{OwnedBuf, Ref, ZeroCopy};
use serbench_model::{Image, Media, MediaAnswer, MediaContent, Player, Size};

use crate::wire::{Failure, Reader, Wire};

/// The root.
#[derive(ZeroCopy)]
#[repr(C)]
pub(crate) struct Content {
    pub(crate) len: u64,
    media: Clip,
    images: Ref<[Picture]>,
}

#[derive(ZeroCopy)]
#[repr(C)]
struct Clip {
    uri: Ref<str>,
    title: Text,
    width: i32,
    height: i32,
    format: Ref<str>,
    duration: i64,
    size: i64,
    bitrate: Bitrate,
    persons: Ref<[Ref<str>]>,
    player: Engine,
    copyright: Text,
}

#[derive(ZeroCopy)]
#[repr(C)]
struct Picture {
    uri: Ref<str>,
    title: Text,
    width: i32,
    height: i32,
    size: Scale,
}

/// An optional string; a load holds the tag to its two values.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(u8)]
enum Text {
    None,
    Some { text: Ref<str> },
}

/// An optional bitrate; a load holds the tag to its two values.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(u8)]
enum Bitrate {
    None,
    Some { bitrate: i32 },
}

/// [`Player`]; a load holds the tag to its two values.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(u8)]
enum Engine {
    Java,
    Flash,
}

/// [`Size`]; a load holds the tag to its two values.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(u8)]
enum Scale {
    Small,
    Large,
}

impl Text {
    fn new(text: Option<&String>, buf: &mut OwnedBuf) -> Result<Self, musli_zerocopy::Error> {
        Ok(match text {
            None => Text::None,
            Some(text) => Text::Some {
                text: buf.store_unsized(text.as_str())?,
            },
        })
    }

    fn read<'a>(
        self,
        reader: &mut Reader<'a>,
        path: &dyn Fn() -> String,
    ) -> Result<Option<&'a str>, Failure> {
        match self {
            Text::None => Ok(None),
            Text::Some { text } => reader.text(text, path).map(Some),
        }
    }
}

fn texts(list: &[Ref<str>], reader: &mut Reader<'_>, path: &str) -> Result<Vec<String>, Failure> {
    let mut texts = Vec::with_capacity(list.len());
    for (i, text) in list.iter().enumerate() {
        texts.push(reader.text(*text, &|| format!("{path}[{i}]"))?.to_owned());
    }
    Ok(texts)
}

impl Wire for MediaContent {
    type Root = Content;

    fn write(&self, buf: &mut OwnedBuf) -> Result<Content, musli_zerocopy::Error> {
        let media = &self.media;
        let persons = media
            .persons
            .iter()
            .map(|person| buf.store_unsized(person.as_str()))
            .collect::<Result<Vec<_>, _>>()?;
        let clip = Clip {
            uri: buf.store_unsized(media.uri.as_str())?,
            title: Text::new(media.title.as_ref(), buf)?,
            width: media.width,
            height: media.height,
            format: buf.store_unsized(media.format.as_str())?,
            duration: media.duration,
            size: media.size,
            bitrate: match media.bitrate {
                None => Bitrate::None,
                Some(bitrate) => Bitrate::Some { bitrate },
            },
            persons: buf.store_slice(&persons)?,
            player: match media.player {
                Player::Java => Engine::Java,
                Player::Flash => Engine::Flash,
            },
            copyright: Text::new(media.copyright.as_ref(), buf)?,
        };
        let mut images = Vec::with_capacity(self.images.len());
        for image in &self.images {
            images.push(Picture {
                uri: buf.store_unsized(image.uri.as_str())?,
                title: Text::new(image.title.as_ref(), buf)?,
                width: image.width,
                height: image.height,
                size: match image.size {
                    Size::Small => Scale::Small,
                    Size::Large => Scale::Large,
                },
            });
        }
        Ok(Content {
            len: 0,
            media: clip,
            images: buf.store_slice(&images)?,
        })
    }

    fn len_field(root: &mut Content) -> &mut u64 {
        &mut root.len
    }

    fn read(root: &Content, reader: &mut Reader<'_>) -> Result<Self, Failure> {
        let clip = &root.media;
        let persons = reader.list(clip.persons, &|| "media.persons".to_owned())?;
        let media = Media {
            uri: reader
                .text(clip.uri, &|| "media.uri".to_owned())?
                .to_owned(),
            title: clip
                .title
                .read(reader, &|| "media.title".to_owned())?
                .map(str::to_owned),
            width: clip.width,
            height: clip.height,
            format: reader
                .text(clip.format, &|| "media.format".to_owned())?
                .to_owned(),
            duration: clip.duration,
            size: clip.size,
            bitrate: match clip.bitrate {
                Bitrate::None => None,
                Bitrate::Some { bitrate } => Some(bitrate),
            },
            persons: texts(persons, reader, "media.persons")?,
            player: match clip.player {
                Engine::Java => Player::Java,
                Engine::Flash => Player::Flash,
            },
            copyright: clip
                .copyright
                .read(reader, &|| "media.copyright".to_owned())?
                .map(str::to_owned),
        };
        let pictures = reader.list(root.images, &|| "images".to_owned())?;
        let mut images = Vec::with_capacity(pictures.len());
        for (i, picture) in pictures.iter().enumerate() {
            images.push(Image {
                uri: reader
                    .text(picture.uri, &|| format!("images[{i}].uri"))?
                    .to_owned(),
                title: picture
                    .title
                    .read(reader, &|| format!("images[{i}].title"))?
                    .map(str::to_owned),
                width: picture.width,
                height: picture.height,
                size: match picture.size {
                    Scale::Small => Size::Small,
                    Scale::Large => Size::Large,
                },
            });
        }
        Ok(MediaContent { media, images })
    }

    fn answer(root: &Content, reader: &mut Reader<'_>) -> Result<MediaAnswer, Failure> {
        let clip = &root.media;
        let optional = |text: Option<&str>| text.map_or(0, str::len);
        let mut text_bytes = reader.text(clip.uri, &|| "media.uri".to_owned())?.len()
            + optional(clip.title.read(reader, &|| "media.title".to_owned())?)
            + reader
                .text(clip.format, &|| "media.format".to_owned())?
                .len()
            + optional(
                clip.copyright
                    .read(reader, &|| "media.copyright".to_owned())?,
            );
        let persons = reader.list(clip.persons, &|| "media.persons".to_owned())?;
        for (i, person) in persons.iter().enumerate() {
            text_bytes += reader
                .text(*person, &|| format!("media.persons[{i}]"))?
                .len();
        }
        let mut answer = MediaAnswer {
            persons: persons.len() as u64,
            pixels: i128::from(clip.width) * i128::from(clip.height),
            ..MediaAnswer::default()
        };
        let pictures = reader.list(root.images, &|| "images".to_owned())?;
        for (i, picture) in pictures.iter().enumerate() {
            answer.images += 1;
            answer.large_images += u64::from(matches!(picture.size, Scale::Large));
            answer.pixels += i128::from(picture.width) * i128::from(picture.height);
            text_bytes += reader
                .text(picture.uri, &|| format!("images[{i}].uri"))?
                .len()
                + optional(
                    picture
                        .title
                        .read(reader, &|| format!("images[{i}].title"))?,
                );
        }
        answer.text_bytes = text_bytes as u64;
        Ok(answer)
    }
}
