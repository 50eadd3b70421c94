//! media through planus: `schemas/media.fbs`.

use serbench_model::{Dataset as _, Error, Image, Media, MediaAnswer, MediaContent, Player, Size};

use super::generated::media::serbench as pl;
use super::{Budget, Checked as _, PlanusSchema};

impl PlanusSchema for MediaContent {
    type Table = pl::MediaContent;
    type Ref<'a> = pl::MediaContentRef<'a>;

    fn write(&self, builder: &mut planus::Builder) -> planus::Offset<pl::MediaContent> {
        let m = &self.media;
        let persons: Vec<_> = m
            .persons
            .iter()
            .map(|person| builder.create_string(person.as_str()))
            .collect();
        let uri = builder.create_string(m.uri.as_str());
        let title = m.title.as_deref().map(|title| builder.create_string(title));
        let format = builder.create_string(m.format.as_str());
        let persons = builder.create_vector(persons.as_slice());
        let copyright = m.copyright.as_deref().map(|c| builder.create_string(c));
        let player = match m.player {
            Player::Java => pl::Player::Java,
            Player::Flash => pl::Player::Flash,
        };
        let media = pl::Media::create(
            builder, uri, title, m.width, m.height, format, m.duration, m.size, m.bitrate, persons,
            player, copyright,
        );
        let images: Vec<_> = self
            .images
            .iter()
            .map(|image| {
                let uri = builder.create_string(image.uri.as_str());
                let title = image.title.as_deref().map(|t| builder.create_string(t));
                let size = match image.size {
                    Size::Small => pl::Size::Small,
                    Size::Large => pl::Size::Large,
                };
                pl::Image::create(builder, uri, title, image.width, image.height, size)
            })
            .collect();
        let images = builder.create_vector(images.as_slice());
        pl::MediaContent::create(builder, media, images)
    }

    fn read(root: pl::MediaContentRef<'_>, budget: &mut Budget<Self>) -> Result<Self, Error> {
        let m = budget.tabled(root.media())?;
        let uri = budget.string(m.uri())?.to_owned();
        let title = budget.optional(m.title())?.map(str::to_owned);
        let width = m.width().checked::<Self>()?;
        let height = m.height().checked::<Self>()?;
        let format = budget.string(m.format())?.to_owned();
        let duration = m.duration().checked::<Self>()?;
        let size = m.size().checked::<Self>()?;
        let bitrate = m.bitrate().checked::<Self>()?;
        let mut persons = Vec::new();
        for person in budget.vector(m.persons(), 4)? {
            persons.push(budget.string(person)?.to_owned());
        }
        let player = player(m.player())?;
        let copyright = budget.optional(m.copyright())?.map(str::to_owned);
        let media = Media {
            uri,
            title,
            width,
            height,
            format,
            duration,
            size,
            bitrate,
            persons,
            player,
            copyright,
        };
        let mut images = Vec::new();
        for (index, image) in budget.vector(root.images(), 4)?.iter().enumerate() {
            let image = budget.tabled(image)?;
            images.push(Image {
                uri: budget.string(image.uri())?.to_owned(),
                title: budget.optional(image.title())?.map(str::to_owned),
                width: image.width().checked::<Self>()?,
                height: image.height().checked::<Self>()?,
                size: size_of(image.size(), index)?,
            });
        }
        Ok(MediaContent { media, images })
    }

    /// Checks everything [`read`](PlanusSchema::read) checks, in the same
    /// order, in place.
    fn answer(
        root: pl::MediaContentRef<'_>,
        budget: &mut Budget<Self>,
    ) -> Result<MediaAnswer, Error> {
        let optional = |text: Option<&str>| text.map_or(0, str::len);
        let m = budget.tabled(root.media())?;
        let mut text = budget.string(m.uri())?.len();
        text += optional(budget.optional(m.title())?);
        let width = m.width().checked::<Self>()?;
        let height = m.height().checked::<Self>()?;
        text += budget.string(m.format())?.len();
        m.duration().checked::<Self>()?;
        m.size().checked::<Self>()?;
        m.bitrate().checked::<Self>()?;
        let persons = budget.vector(m.persons(), 4)?;
        for person in persons {
            text += budget.string(person)?.len();
        }
        player(m.player())?;
        text += optional(budget.optional(m.copyright())?);
        let mut answer = MediaAnswer {
            persons: persons.len() as u64,
            pixels: i128::from(width) * i128::from(height),
            text_bytes: text as u64,
            ..MediaAnswer::default()
        };
        for (index, image) in budget.vector(root.images(), 4)?.iter().enumerate() {
            let image = budget.tabled(image)?;
            let uri = budget.string(image.uri())?.len();
            let title = optional(budget.optional(image.title())?);
            let width = image.width().checked::<Self>()?;
            let height = image.height().checked::<Self>()?;
            answer.images += 1;
            answer.large_images += u64::from(size_of(image.size(), index)? == Size::Large);
            answer.pixels += i128::from(width) * i128::from(height);
            answer.text_bytes += (uri + title) as u64;
        }
        Ok(answer)
    }
}

/// The media's player: planus refuses a value the enum does not name.
fn player(player: planus::Result<pl::Player>) -> Result<Player, Error> {
    match player {
        Ok(pl::Player::Java) => Ok(Player::Java),
        Ok(pl::Player::Flash) => Ok(Player::Flash),
        Err(error) => Err(super::planus_error(MediaContent::NAME, error).at_path("media.player")),
    }
}

/// The size of image `index`: planus refuses a value the enum does not name.
fn size_of(size: planus::Result<pl::Size>, index: usize) -> Result<Size, Error> {
    match size {
        Ok(pl::Size::Small) => Ok(Size::Small),
        Ok(pl::Size::Large) => Ok(Size::Large),
        Err(error) => {
            Err(super::planus_error(MediaContent::NAME, error)
                .at_path(format!("images[{index}].size")))
        }
    }
}
