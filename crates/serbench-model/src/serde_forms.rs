//! How the model meets serde (the `serde` feature).
//!
//! Leaf values take the form the format expects, chosen by serde's
//! `is_human_readable`:
//!
//! | value | human-readable (JSON) | binary (bincode, postcard, MessagePack, CBOR) |
//! |---|---|---|
//! | `Uuid` | `"3f2504e0-4f89-41d3-9a0c-0305e82c3301"` | 16 bytes |
//! | `Color` | `"#ff0000"` ([`crate::forms`]) | `u32` `0xAARRGGBB` |
//! | `created` | `"2025-11-03T09:00:00.000Z"` | `(seconds: i64, nanos: u32, offset_seconds: i32)` |
//! | `Version` | `"1.0.0"` | sequence of `u32` |
//! | `Priority` | `0` to `3` | `0` to `3` |
//! | `Player`, `Size` | `"JAVA"`, `"LARGE"` | the format's enum form |
//!
//! Structs are field-name maps or tuples as the format does them; unknown
//! and duplicate fields are errors. Sequences preallocate at most 4 KiB
//! whatever length the input declares, so a short hostile input cannot
//! reserve much memory.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeTuple, Serializer};

use crate::{Color, Priority, Version, forms};

/// The most bytes a sequence reserves before its elements arrive.
const PREALLOCATION_BYTES: usize = 4096;

/// Deserializes a `Vec` without trusting the declared length for more than
/// 4 KiB of preallocation.
pub fn bounded_vec<'de, D, T>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct BoundedVec<T>(PhantomData<T>);

    impl<'de, T: Deserialize<'de>> Visitor<'de> for BoundedVec<T> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a sequence")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let most = PREALLOCATION_BYTES / size_of::<T>().max(1);
            let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(most));
            while let Some(item) = seq.next_element()? {
                items.push(item);
            }
            Ok(items)
        }
    }

    deserializer.deserialize_seq(BoundedVec(PhantomData))
}

/// Runs a deserialization tracking where it is, for error messages that name
/// the field: `lists[3].tasks[10].header.id`. Codecs call it only after a
/// plain decode has failed, so the tracking costs nothing on the fast path.
///
/// An unknown key is named by the error's message (serde's ``unknown
/// field `…` ``), so the path stops at the object that holds it rather
/// than naming the key a second time.
pub fn with_path<'de, D, T>(deserializer: D) -> Result<T, (String, D::Error)>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    serde_path_to_error::deserialize(deserializer).map_err(|error| {
        // Some libraries wrap the message (simd-json: `Serde("unknown field …`).
        let at_key = opening(error.inner(), 64).contains("unknown field `");
        (path_text(error.path(), at_key), error.into_inner())
    })
}

/// `path` as serde_path_to_error writes it (`.` when empty), without its
/// last segment when that is the key the error is about.
fn path_text(path: &serde_path_to_error::Path, at_key: bool) -> String {
    use fmt::Write as _;
    use serde_path_to_error::Segment;

    let mut segments: Vec<&Segment> = path.iter().collect();
    if at_key && matches!(segments.last(), Some(Segment::Map { .. })) {
        segments.pop();
    }
    if segments.is_empty() {
        return ".".to_owned();
    }
    let mut text = String::new();
    for (index, segment) in segments.into_iter().enumerate() {
        if index > 0 && !matches!(segment, Segment::Seq { .. }) {
            text.push('.');
        }
        // Writing to a `String` cannot fail.
        let _ = write!(text, "{segment}");
    }
    text
}

/// The first `most` bytes (or fewer, at a char boundary) of what `value`
/// prints, printing no more of it than that: a message may quote a key of
/// any length.
fn opening(value: &impl fmt::Display, most: usize) -> String {
    struct Opening {
        text: String,
        most: usize,
    }

    impl fmt::Write for Opening {
        fn write_str(&mut self, piece: &str) -> fmt::Result {
            let room = self.most - self.text.len();
            if piece.len() <= room {
                self.text.push_str(piece);
                return Ok(());
            }
            let mut end = room;
            while !piece.is_char_boundary(end) {
                end -= 1;
            }
            self.text.push_str(&piece[..end]);
            // Full: stop the printing.
            Err(fmt::Error)
        }
    }

    let mut writer = Opening {
        text: String::new(),
        most,
    };
    // An error here only means the opening is full.
    let _ = fmt::write(&mut writer, format_args!("{value}"));
    writer.text
}

/// A visitor for values written as a string in human-readable formats.
struct FromText<T>(&'static str, fn(&str) -> Result<T, forms::FormError>);

impl<T> Visitor<'_> for FromText<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        (self.1)(text).map_err(E::custom)
    }
}

/// `created`: RFC 3339 text, or `(seconds, nanos, offset_seconds)`.
pub mod timestamp {
    use serde::ser::Error as _;

    use super::{Deserialize, Deserializer, FromText, SerializeTuple, Serializer, de, forms};
    use crate::OffsetDateTime;

    /// Serializes a timestamp; see the module table.
    pub fn serialize<S: Serializer>(
        time: &OffsetDateTime,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            let text = forms::timestamp_text(time).map_err(S::Error::custom)?;
            return serializer.serialize_str(&text);
        }
        let (seconds, nanos, offset) = forms::timestamp_parts(time);
        let mut tuple = serializer.serialize_tuple(3)?;
        tuple.serialize_element(&seconds)?;
        tuple.serialize_element(&nanos)?;
        tuple.serialize_element(&offset)?;
        tuple.end()
    }

    /// Deserializes a timestamp; see the module table.
    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<OffsetDateTime, D::Error> {
        if deserializer.is_human_readable() {
            return deserializer
                .deserialize_str(FromText("an RFC 3339 timestamp", forms::parse_timestamp));
        }
        let (seconds, nanos, offset) = <(i64, u32, i32)>::deserialize(deserializer)?;
        forms::timestamp_from_parts(seconds, nanos, offset).map_err(de::Error::custom)
    }
}

impl Serialize for Color {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.serialize_str(&forms::color_text(*self))
        } else {
            serializer.serialize_u32(self.argb())
        }
    }
}

impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        if deserializer.is_human_readable() {
            deserializer
                .deserialize_str(FromText("a color #rrggbb or #aarrggbb", forms::parse_color))
        } else {
            u32::deserialize(deserializer).map(Color::from_argb)
        }
    }
}

impl Serialize for Version {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.collect_str(self)
        } else {
            self.segments.serialize(serializer)
        }
    }
}

impl<'de> Deserialize<'de> for Version {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_str(FromText("a version such as 1.0.0", str::parse))
        } else {
            bounded_vec(deserializer).map(|segments| Version { segments })
        }
    }
}

impl Serialize for Priority {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(*self as u8)
    }
}

impl<'de> Deserialize<'de> for Priority {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = u8::deserialize(deserializer)?;
        Priority::from_u8(value).ok_or_else(|| {
            de::Error::invalid_value(de::Unexpected::Unsigned(value.into()), &"a priority 0 to 3")
        })
    }
}

/// A dataset whose borrowed form ([`Dataset::Borrowed`](crate::Dataset::Borrowed))
/// serde reads: every dataset, with the same forms, checks and limits as
/// its owned type, each string a [`Text`](crate::Text) that keeps what the
/// deserializer lends.
pub trait SerdeBorrow: crate::Dataset {
    /// Reads the borrowed form from `deserializer`, as `T::deserialize`
    /// reads the owned one.
    ///
    /// # Errors
    ///
    /// The deserializer's, where the owned type's would fail.
    fn deserialize_borrowed<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Self::Borrowed<'de>, D::Error>;
}

/// A dataset's borrowed form as one `Deserialize` type, for the
/// libraries' calls that take one (`postcard::take_from_bytes::<Lent<'_, T>>`).
pub struct Lent<'de, T: crate::Dataset>(pub T::Borrowed<'de>);

impl<'de, T: SerdeBorrow> Deserialize<'de> for Lent<'de, T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize_borrowed(deserializer).map(Lent)
    }
}

macro_rules! serde_borrow {
    ($($dataset:ident),* $(,)?) => {$(
        impl SerdeBorrow for crate::$dataset {
            fn deserialize_borrowed<'de, D: Deserializer<'de>>(
                deserializer: D,
            ) -> Result<crate::$dataset<crate::Text<'de>>, D::Error> {
                Deserialize::deserialize(deserializer)
            }
        }
    )*};
}

serde_borrow!(
    TaskManager,
    SensorReading,
    Graph,
    Record,
    MediaContent,
    Logs,
    Players
);

/// The datasets with no text, whose borrowed form is the owned type.
macro_rules! serde_borrow_owned {
    ($($dataset:ident),* $(,)?) => {$(
        impl SerdeBorrow for crate::$dataset {
            fn deserialize_borrowed<'de, D: Deserializer<'de>>(
                deserializer: D,
            ) -> Result<crate::$dataset, D::Error> {
                Deserialize::deserialize(deserializer)
            }
        }
    )*};
}

serde_borrow_owned!(Mesh, Updates);
