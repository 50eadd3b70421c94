//! media: `schemas/media.fbs`.

use flatbuffers::{FlatBufferBuilder, WIPOffset};
use serbench_model::{Error, Image, Media, MediaAnswer, MediaContent, Player, Size};

use crate::generated::media::serbench as fb;
use crate::private::Schema;
use crate::{bound, invalid};

/// The media table: uri, title, width, height, format, duration, size,
/// bitrate, persons, player, copyright.
const MEDIA: usize = bound::table(11, 4 + 4 + 4 + 4 + 4 + 8 + 8 + 4 + 4 + 1 + 4);
/// An image table and its slot in the images vector: uri, title, width,
/// height, size.
const IMAGE: usize = bound::table(5, 4 + 4 + 4 + 4 + 1) + 4;

impl Schema for MediaContent {
    type Root<'a> = fb::MediaContent<'a>;

    fn size_bound(&self) -> usize {
        let optional = |text: &Option<String>| text.as_ref().map_or(0, |t| bound::string(t.len()));
        let media = &self.media;
        let persons: usize = media.persons.iter().map(|p| bound::string(p.len())).sum();
        let images: usize = self
            .images
            .iter()
            .map(|image| IMAGE + bound::string(image.uri.len()) + optional(&image.title))
            .sum();
        bound::FRAME
            + bound::table(2, 8)
            + MEDIA
            + bound::string(media.uri.len())
            + optional(&media.title)
            + bound::string(media.format.len())
            + bound::vector(media.persons.len(), 4)
            + persons
            + optional(&media.copyright)
            + bound::vector(self.images.len(), 4)
            + images
    }

    fn build<'b>(&self, builder: &mut FlatBufferBuilder<'b>) -> WIPOffset<fb::MediaContent<'b>> {
        let m = &self.media;
        let persons: Vec<_> = m
            .persons
            .iter()
            .map(|person| builder.create_string(person))
            .collect();
        let args = fb::MediaArgs {
            uri: Some(builder.create_string(&m.uri)),
            title: m.title.as_deref().map(|title| builder.create_string(title)),
            width: m.width,
            height: m.height,
            format: Some(builder.create_string(&m.format)),
            duration: m.duration,
            size: m.size,
            bitrate: m.bitrate,
            persons: Some(builder.create_vector(&persons)),
            player: match m.player {
                Player::Java => fb::Player::Java,
                Player::Flash => fb::Player::Flash,
            },
            copyright: m.copyright.as_deref().map(|c| builder.create_string(c)),
        };
        let media = fb::Media::create(builder, &args);
        let images: Vec<_> = self
            .images
            .iter()
            .map(|image| {
                let args = fb::ImageArgs {
                    uri: Some(builder.create_string(&image.uri)),
                    title: image.title.as_deref().map(|t| builder.create_string(t)),
                    width: image.width,
                    height: image.height,
                    size: match image.size {
                        Size::Small => fb::Size::Small,
                        Size::Large => fb::Size::Large,
                    },
                };
                fb::Image::create(builder, &args)
            })
            .collect();
        let args = fb::MediaContentArgs {
            media: Some(media),
            images: Some(builder.create_vector(&images)),
        };
        fb::MediaContent::create(builder, &args)
    }

    fn read(root: fb::MediaContent<'_>) -> Result<Self, Error> {
        let m = root.media();
        let player = player(m.player())?;
        let media = Media {
            uri: m.uri().to_owned(),
            title: m.title().map(str::to_owned),
            width: m.width(),
            height: m.height(),
            format: m.format().to_owned(),
            duration: m.duration(),
            size: m.size(),
            bitrate: m.bitrate(),
            persons: m.persons().iter().map(str::to_owned).collect(),
            player,
            copyright: m.copyright().map(str::to_owned),
        };
        let images = root
            .images()
            .iter()
            .enumerate()
            .map(|(index, image)| {
                Ok(Image {
                    uri: image.uri().to_owned(),
                    title: image.title().map(str::to_owned),
                    width: image.width(),
                    height: image.height(),
                    size: size(image.size(), index)?,
                })
            })
            .collect::<Result<_, Error>>()?;
        Ok(MediaContent { media, images })
    }

    /// Checks everything [`read`](Schema::read) checks beyond the verifier,
    /// the player and every image's size, in place.
    fn answer(root: fb::MediaContent<'_>) -> Result<MediaAnswer, Error> {
        let optional = |text: Option<&str>| text.map_or(0, str::len);
        let m = root.media();
        player(m.player())?;
        let persons = m.persons();
        let mut answer = MediaAnswer {
            persons: persons.len() as u64,
            pixels: i128::from(m.width()) * i128::from(m.height()),
            text_bytes: (m.uri().len()
                + optional(m.title())
                + m.format().len()
                + persons.iter().map(str::len).sum::<usize>()
                + optional(m.copyright())) as u64,
            ..MediaAnswer::default()
        };
        for (index, image) in root.images().iter().enumerate() {
            answer.images += 1;
            answer.large_images += u64::from(size(image.size(), index)? == Size::Large);
            answer.pixels += i128::from(image.width()) * i128::from(image.height());
            answer.text_bytes += (image.uri().len() + optional(image.title())) as u64;
        }
        Ok(answer)
    }
}

/// The media's player, which must be a known one.
fn player(player: fb::Player) -> Result<Player, Error> {
    match player {
        fb::Player::Java => Ok(Player::Java),
        fb::Player::Flash => Ok(Player::Flash),
        other => Err(invalid::<MediaContent>(
            format_args!("player {} is not 0 (Java) or 1 (Flash)", other.0),
            "media.player",
        )),
    }
}

/// The size of image `index`, which must be a known one.
fn size(size: fb::Size, index: usize) -> Result<Size, Error> {
    match size {
        fb::Size::Small => Ok(Size::Small),
        fb::Size::Large => Ok(Size::Large),
        other => Err(invalid::<MediaContent>(
            format_args!("size {} is not 0 (Small) or 1 (Large)", other.0),
            format_args!("images[{index}].size"),
        )),
    }
}
