//! The media dataset: jvm-serializers' classic `MediaContent` record.

use std::fmt;

use crate::Dataset;
use crate::answer::JsonObject;
use crate::text::{Lend, Text};

/// A media file and its images.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct MediaContent<S = String> {
    /// The media file.
    pub media: Media<S>,
    /// Its images.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub images: Vec<Image<S>>,
}

/// A video or audio file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct Media<S = String> {
    /// Where it is.
    pub uri: S,
    /// Its title, if it has one.
    pub title: Option<S>,
    /// Pixels.
    pub width: i32,
    /// Pixels.
    pub height: i32,
    /// MIME type.
    pub format: S,
    /// Milliseconds.
    pub duration: i64,
    /// Bytes.
    pub size: i64,
    /// Bits per second, if known.
    pub bitrate: Option<i32>,
    /// People in it.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub persons: Vec<S>,
    /// What plays it.
    pub player: Player,
    /// Its copyright notice, if any.
    pub copyright: Option<S>,
}

/// A still image.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct Image<S = String> {
    /// Where it is.
    pub uri: S,
    /// Its title, if it has one.
    pub title: Option<S>,
    /// Pixels.
    pub width: i32,
    /// Pixels.
    pub height: i32,
    /// Which rendition it is.
    pub size: Size,
}

/// What plays a media file; `JAVA` or `FLASH` as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "SCREAMING_SNAKE_CASE"))]
pub enum Player {
    /// `0`
    Java,
    /// `1`
    Flash,
}

/// An image rendition; `SMALL` or `LARGE` as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "SCREAMING_SNAKE_CASE"))]
pub enum Size {
    /// `0`
    Small,
    /// `1`
    Large,
}

impl MediaContent {
    /// jvm-serializers' value: the JavaOne keynote video and two images.
    #[must_use]
    pub fn canonical() -> Self {
        let image = |uri: &str, width, height, size| Image {
            uri: uri.to_owned(),
            title: Some("Javaone Keynote".to_owned()),
            width,
            height,
            size,
        };
        Self {
            media: Media {
                uri: "http://javaone.com/keynote.mpg".to_owned(),
                title: Some("Javaone Keynote".to_owned()),
                width: 640,
                height: 480,
                format: "video/mpg4".to_owned(),
                duration: 18_000_000,
                size: 58_982_400,
                bitrate: Some(262_144),
                persons: vec!["Bill Gates".to_owned(), "Steve Jobs스".to_owned()],
                player: Player::Java,
                copyright: None,
            },
            images: vec![
                image(
                    "http://javaone.com/keynote_large.jpg",
                    1024,
                    768,
                    Size::Large,
                ),
                image(
                    "http://javaone.com/keynote_small.jpg",
                    320,
                    240,
                    Size::Small,
                ),
            ],
        }
    }
}

/// The media traverse answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MediaAnswer {
    /// People in the media.
    pub persons: u64,
    /// Images.
    pub images: u64,
    /// Images of size `LARGE`.
    pub large_images: u64,
    /// Pixels of the media and all images (width × height, summed).
    pub pixels: i128,
    /// UTF-8 bytes of every string (uris, titles, format, persons,
    /// copyright).
    pub text_bytes: u64,
}

impl fmt::Display for MediaAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        JsonObject::new(f)?
            .raw("persons", self.persons)?
            .raw("images", self.images)?
            .raw("large_images", self.large_images)?
            .raw("pixels", self.pixels)?
            .raw("text_bytes", self.text_bytes)?
            .end()
    }
}

impl Lend for MediaContent {
    type Lent<'a> = MediaContent<Text<'a>>;

    fn lend(&self) -> MediaContent<Text<'_>> {
        MediaContent {
            media: self.media.lend(),
            images: self.images.lend(),
        }
    }
}

impl Lend for Media {
    type Lent<'a> = Media<Text<'a>>;

    fn lend(&self) -> Media<Text<'_>> {
        Media {
            uri: self.uri.lend(),
            title: self.title.lend(),
            width: self.width,
            height: self.height,
            format: self.format.lend(),
            duration: self.duration,
            size: self.size,
            bitrate: self.bitrate,
            persons: self.persons.lend(),
            player: self.player,
            copyright: self.copyright.lend(),
        }
    }
}

impl Lend for Image {
    type Lent<'a> = Image<Text<'a>>;

    fn lend(&self) -> Image<Text<'_>> {
        Image {
            uri: self.uri.lend(),
            title: self.title.lend(),
            width: self.width,
            height: self.height,
            size: self.size,
        }
    }
}

impl Dataset for MediaContent {
    type Borrowed<'a> = MediaContent<Text<'a>>;

    fn lend(&self) -> MediaContent<Text<'_>> {
        Lend::lend(self)
    }

    const NAME: &'static str = "media";
    const ABOUT: &'static str = "jvm-serializers' MediaContent record";
    const SIZE_UNIT: &'static str = "";
    const DEFAULT_SIZE: usize = 1;
    const DAMAGED_SIZE: usize = 1;
    type Answer = MediaAnswer;

    fn workload(_size: usize) -> Vec<Self> {
        vec![Self::canonical()]
    }

    fn traverse(&self) -> MediaAnswer {
        let optional = |text: &Option<String>| text.as_ref().map_or(0, String::len);
        let media = &self.media;
        let mut answer = MediaAnswer {
            persons: media.persons.len() as u64,
            pixels: i128::from(media.width) * i128::from(media.height),
            text_bytes: (media.uri.len()
                + optional(&media.title)
                + media.format.len()
                + media.persons.iter().map(String::len).sum::<usize>()
                + optional(&media.copyright)) as u64,
            ..MediaAnswer::default()
        };
        for image in &self.images {
            answer.images += 1;
            answer.large_images += u64::from(image.size == Size::Large);
            answer.pixels += i128::from(image.width) * i128::from(image.height);
            answer.text_bytes += (image.uri.len() + optional(&image.title)) as u64;
        }
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_for_the_canonical_value() {
        assert_eq!(
            MediaContent::canonical().traverse().to_string(),
            r#"{"persons":2,"images":2,"large_images":1,"pixels":1170432,"text_bytes":180}"#
        );
    }
}
