//! media ↔ `schemas/media.capnp`.

use serbench_model::{Image, Media, MediaAnswer, MediaContent, Player, Size};

use crate::generated::media_capnp::{
    Player as WirePlayer, Size as WireSize, image, media, media_content,
};
use crate::private::Wire;
use crate::read::{self, At, Failure};
use crate::write::{TooLong, Words};

impl Wire for MediaContent {
    type Root = media_content::Owned;

    fn words(&self, words: &mut Words) -> Result<(), TooLong> {
        let media = &self.media;
        words.add_struct::<media_content::Owned>();
        words.add_struct::<media::Owned>();
        words.text("uri", &media.uri)?;
        optional_words(words, "title", media.title.as_deref())?;
        words.text("format", &media.format)?;
        words.texts("persons", media.persons.len())?;
        for person in &media.persons {
            words.text("persons", person)?;
        }
        optional_words(words, "copyright", media.copyright.as_deref())?;
        words.structs::<image::Owned>("images", self.images.len())?;
        for image in &self.images {
            words.text("uri", &image.uri)?;
            optional_words(words, "title", image.title.as_deref())?;
        }
        Ok(())
    }

    fn build(&self, mut root: media_content::Builder<'_>) {
        let media = &self.media;
        let mut wire = root.reborrow().init_media();
        wire.set_uri(media.uri.as_str());
        // An absent text stays a null pointer.
        if let Some(title) = &media.title {
            wire.set_title(title.as_str());
        }
        wire.set_width(media.width);
        wire.set_height(media.height);
        wire.set_format(media.format.as_str());
        wire.set_duration(media.duration);
        wire.set_size(media.size);
        let mut bitrate = wire.reborrow().get_bitrate();
        match media.bitrate {
            Some(bits_per_second) => bitrate.set_bits_per_second(bits_per_second),
            None => bitrate.set_unknown(()),
        }
        let mut persons = wire.reborrow().init_persons(media.persons.len() as u32);
        for (index, person) in media.persons.iter().enumerate() {
            persons.set(index as u32, person.as_str());
        }
        wire.set_player(match media.player {
            Player::Java => WirePlayer::Java,
            Player::Flash => WirePlayer::Flash,
        });
        if let Some(copyright) = &media.copyright {
            wire.set_copyright(copyright.as_str());
        }
        let mut images = root.init_images(self.images.len() as u32);
        for (index, image) in self.images.iter().enumerate() {
            let mut wire = images.reborrow().get(index as u32);
            wire.set_uri(image.uri.as_str());
            if let Some(title) = &image.title {
                wire.set_title(title.as_str());
            }
            wire.set_width(image.width);
            wire.set_height(image.height);
            wire.set_size(match image.size {
                Size::Small => WireSize::Small,
                Size::Large => WireSize::Large,
            });
        }
    }

    fn read(root: media_content::Reader<'_>) -> Result<Self, Failure> {
        let media = read_media(root.get_media().at("media")?).at("media")?;
        let wire_images = root.get_images().at("images")?;
        let mut images = Vec::with_capacity(wire_images.len() as usize);
        for (index, image) in wire_images.iter().enumerate() {
            images.push(read_image(image).at_item("images", index)?);
        }
        Ok(MediaContent { media, images })
    }

    fn answer(root: media_content::Reader<'_>) -> Result<MediaAnswer, Failure> {
        let mut answer = count_media(root.get_media().at("media")?).at("media")?;
        for (index, image) in root.get_images().at("images")?.iter().enumerate() {
            count_image(image, &mut answer).at_item("images", index)?;
        }
        Ok(answer)
    }
}

fn optional_words(
    words: &mut Words,
    field: &'static str,
    text: Option<&str>,
) -> Result<(), TooLong> {
    match text {
        Some(text) => words.text(field, text),
        None => Ok(()),
    }
}

/// An optional text: `None` when its pointer is null.
fn optional(
    present: bool,
    text: capnp::Result<capnp::text::Reader<'_>>,
) -> Result<Option<String>, Failure> {
    present.then(|| read::string(text)).transpose()
}

fn optional_len(
    present: bool,
    text: capnp::Result<capnp::text::Reader<'_>>,
) -> Result<u64, Failure> {
    if present { read::text_len(text) } else { Ok(0) }
}

fn read_media(media: media::Reader<'_>) -> Result<Media, Failure> {
    let wire_persons = media.get_persons().at("persons")?;
    let mut persons = Vec::with_capacity(wire_persons.len() as usize);
    for (index, person) in wire_persons.iter().enumerate() {
        persons.push(read::string(person).at_item("persons", index)?);
    }
    Ok(Media {
        uri: read::string(media.get_uri()).at("uri")?,
        title: optional(media.has_title(), media.get_title()).at("title")?,
        width: media.get_width(),
        height: media.get_height(),
        format: read::string(media.get_format()).at("format")?,
        duration: media.get_duration(),
        size: media.get_size(),
        bitrate: bitrate(media)?,
        persons,
        player: player(media)?,
        copyright: optional(media.has_copyright(), media.get_copyright()).at("copyright")?,
    })
}

/// The bitrate, whose union tag must be one the schema defines.
fn bitrate(media: media::Reader<'_>) -> Result<Option<i32>, Failure> {
    Ok(match media.get_bitrate().which().at("bitrate")? {
        media::bitrate::Unknown(()) => None,
        media::bitrate::BitsPerSecond(bits_per_second) => Some(bits_per_second),
    })
}

/// The player, which must be one the schema defines.
fn player(media: media::Reader<'_>) -> Result<Player, Failure> {
    Ok(match media.get_player().at("player")? {
        WirePlayer::Java => Player::Java,
        WirePlayer::Flash => Player::Flash,
    })
}

fn read_image(image: image::Reader<'_>) -> Result<Image, Failure> {
    Ok(Image {
        uri: read::string(image.get_uri()).at("uri")?,
        title: optional(image.has_title(), image.get_title()).at("title")?,
        width: image.get_width(),
        height: image.get_height(),
        size: size(image)?,
    })
}

fn size(image: image::Reader<'_>) -> Result<Size, Failure> {
    Ok(match image.get_size().at("size")? {
        WireSize::Small => Size::Small,
        WireSize::Large => Size::Large,
    })
}

/// The media's share of the answer, checking everything [`read_media`]
/// checks.
fn count_media(media: media::Reader<'_>) -> Result<MediaAnswer, Failure> {
    // The answer needs neither, but decoding checks both.
    bitrate(media)?;
    player(media)?;
    let persons = media.get_persons().at("persons")?;
    let mut text_bytes = read::text_len(media.get_uri()).at("uri")?
        + optional_len(media.has_title(), media.get_title()).at("title")?
        + read::text_len(media.get_format()).at("format")?
        + optional_len(media.has_copyright(), media.get_copyright()).at("copyright")?;
    for (index, person) in persons.iter().enumerate() {
        text_bytes += read::text_len(person).at_item("persons", index)?;
    }
    Ok(MediaAnswer {
        persons: u64::from(persons.len()),
        pixels: i128::from(media.get_width()) * i128::from(media.get_height()),
        text_bytes,
        ..MediaAnswer::default()
    })
}

/// Adds an image's share of the answer, checking everything [`read_image`]
/// checks.
fn count_image(image: image::Reader<'_>, answer: &mut MediaAnswer) -> Result<(), Failure> {
    answer.images += 1;
    answer.large_images += u64::from(size(image)? == Size::Large);
    answer.pixels += i128::from(image.get_width()) * i128::from(image.get_height());
    answer.text_bytes += read::text_len(image.get_uri()).at("uri")?
        + optional_len(image.has_title(), image.get_title()).at("title")?;
    Ok(())
}
