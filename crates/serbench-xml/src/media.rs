//! Media: `<media>` with its persons as child elements, then `<image>`s;
//! absent options are absent attributes.

use serbench_model::excerpt::shown;
use serbench_model::{Error, Image, Media, MediaContent, Player, Size};

use crate::read::{Attributes, Input};
use crate::write::{Output, Tag};
use serbench_model::Str;

fn player_text(player: Player) -> &'static str {
    match player {
        Player::Java => "JAVA",
        Player::Flash => "FLASH",
    }
}

fn parse_player(text: &str) -> Result<Player, String> {
    match text {
        "JAVA" => Ok(Player::Java),
        "FLASH" => Ok(Player::Flash),
        _ => Err(format!("{} is not JAVA or FLASH", shown(text))),
    }
}

fn size_text(size: Size) -> &'static str {
    match size {
        Size::Small => "SMALL",
        Size::Large => "LARGE",
    }
}

fn parse_size(text: &str) -> Result<Size, String> {
    match text {
        "SMALL" => Ok(Size::Small),
        "LARGE" => Ok(Size::Large),
        _ => Err(format!("{} is not SMALL or LARGE", shown(text))),
    }
}

/// `<media>`'s attributes, in wire order.
const MEDIA_ATTRIBUTES: [&str; 10] = [
    "uri",
    "title",
    "width",
    "height",
    "format",
    "duration",
    "size",
    "bitrate",
    "player",
    "copyright",
];

pub(crate) fn encode(content: &MediaContent, out: &mut Vec<u8>) -> Result<(), Error> {
    let mut out = Output::new::<MediaContent>(out);
    out.declaration()?;
    let root = Tag::new("mediacontent");
    out.start(&root)?;
    let media = &content.media;
    let mut tag = Tag::new("media");
    tag.text("uri", out.check(&media.uri, || "media.uri".to_owned())?);
    if let Some(title) = &media.title {
        tag.text("title", out.check(title, || "media.title".to_owned())?);
    }
    out.number(&mut tag, "width", media.width);
    out.number(&mut tag, "height", media.height);
    tag.text(
        "format",
        out.check(&media.format, || "media.format".to_owned())?,
    );
    out.number(&mut tag, "duration", media.duration);
    out.number(&mut tag, "size", media.size);
    if let Some(bitrate) = media.bitrate {
        out.number(&mut tag, "bitrate", bitrate);
    }
    tag.plain("player", player_text(media.player));
    if let Some(copyright) = &media.copyright {
        tag.text(
            "copyright",
            out.check(copyright, || "media.copyright".to_owned())?,
        );
    }
    if out.open(&tag, !media.persons.is_empty())? {
        for (index, person) in media.persons.iter().enumerate() {
            out.text_element("person", person, || format!("media.persons[{index}]"))?;
        }
        out.end("media")?;
    }
    let mut tag = Tag::new("image");
    for (index, image) in content.images.iter().enumerate() {
        tag.clear().text(
            "uri",
            out.check(&image.uri, || format!("images[{index}].uri"))?,
        );
        if let Some(title) = &image.title {
            tag.text(
                "title",
                out.check(title, || format!("images[{index}].title"))?,
            );
        }
        out.number(&mut tag, "width", image.width);
        out.number(&mut tag, "height", image.height);
        tag.plain("size", size_text(image.size));
        out.empty(&tag)?;
    }
    out.end("mediacontent")
}

/// The media content `input` holds, its strings of type `S`.
pub(crate) fn decode<'a, S: Str<'a>>(mut input: Input<'a>) -> Result<MediaContent<S>, Error> {
    let root = input.root("mediacontent")?;
    let mut media = None;
    let mut images = Vec::new();
    while let Some(element) = input.child(&root)? {
        match element.name() {
            "media" if media.is_some() => return Err(input.repeated(&element, &root)),
            "media" => {
                let mut value = media_of(&mut element.attributes(MEDIA_ATTRIBUTES)?)?;
                while let Some(person) = input.child(&element)? {
                    if person.name() != "person" {
                        return Err(input.unexpected(&person, &element));
                    }
                    value.persons.push(input.text(&person)?);
                }
                media = Some(value);
            }
            "image" => {
                let mut attributes =
                    element.attributes(["uri", "title", "width", "height", "size"])?;
                images.push(Image {
                    uri: attributes.string(0)?,
                    title: attributes.optional(1),
                    width: attributes.integer(2)?,
                    height: attributes.integer(3)?,
                    size: attributes.parse(4, parse_size)?,
                });
                input.close(&element)?;
            }
            _ => return Err(input.unexpected(&element, &root)),
        }
    }
    let media = media.ok_or_else(|| input.missing("media", &root))?;
    input.finish()?;
    Ok(MediaContent { media, images })
}

/// A `<media>` element's attributes; its persons are read after.
fn media_of<'a, S: Str<'a>>(attributes: &mut Attributes<'_, 'a, 10>) -> Result<Media<S>, Error> {
    Ok(Media {
        uri: attributes.string(0)?,
        title: attributes.optional(1),
        width: attributes.integer(2)?,
        height: attributes.integer(3)?,
        format: attributes.string(4)?,
        duration: attributes.integer(5)?,
        size: attributes.integer(6)?,
        bitrate: attributes.optional_integer(7)?,
        persons: Vec::new(),
        player: attributes.parse(8, parse_player)?,
        copyright: attributes.optional(9),
    })
}
