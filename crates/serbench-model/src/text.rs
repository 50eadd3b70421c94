//! Text borrowed from the input where the decoder can lend it: the string
//! of the datasets' borrowed forms ([`crate::Dataset::Borrowed`]).

use std::borrow::Cow;
use std::fmt;
use std::ops::Deref;

/// A string a borrowed decode returns: a slice of the input when the
/// decoder can lend one, an owned copy when it cannot (a JSON string with
/// an escape, text a reader had to reassemble).
///
/// It compares, hashes and prints as the text it holds, whichever it is.
/// With the `serde` feature it deserializes from whatever string serde
/// offers, exactly where a `String` does (bytes too, when they are UTF-8),
/// keeping a borrowed one borrowed: so a format reads it where it reads a
/// `String`, with the same checks.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Text<'a>(pub Cow<'a, str>);

impl<'a> Text<'a> {
    /// Text that borrows `text`.
    #[must_use]
    pub const fn borrowed(text: &'a str) -> Self {
        Self(Cow::Borrowed(text))
    }

    /// Whether the text is a slice of what it was read from, not a copy.
    #[must_use]
    pub const fn is_borrowed(&self) -> bool {
        matches!(self.0, Cow::Borrowed(_))
    }

    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Deref for Text<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Text<'_> {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'a> From<&'a str> for Text<'a> {
    fn from(text: &'a str) -> Self {
        Self::borrowed(text)
    }
}

impl From<String> for Text<'_> {
    fn from(text: String) -> Self {
        Self(Cow::Owned(text))
    }
}

/// The string type a decode builds where a layout has text: `String` for
/// the owned value, [`Text`] for the borrowed form. A reader written once,
/// generic over it, serves both decodes.
pub trait Str<'a>: Sized {
    /// The string of `text`: borrowed from the input, or owned where the
    /// reader had to build it (an escape, joined chunks).
    fn of(text: Cow<'a, str>) -> Self;
}

impl<'a> Str<'a> for String {
    fn of(text: Cow<'a, str>) -> Self {
        text.into_owned()
    }
}

impl<'a> Str<'a> for Text<'a> {
    fn of(text: Cow<'a, str>) -> Self {
        Self(text)
    }
}

/// The borrowed form of an owned value: its text lent, its lists built
/// anew. What the datasets' [`crate::Dataset::lend`] is made of.
pub(crate) trait Lend {
    /// The same value, its text borrowed from `self`.
    type Lent<'a>
    where
        Self: 'a;

    fn lend(&self) -> Self::Lent<'_>;
}

impl Lend for String {
    type Lent<'a> = Text<'a>;

    fn lend(&self) -> Text<'_> {
        Text::borrowed(self)
    }
}

impl<T: Lend> Lend for Option<T> {
    type Lent<'a>
        = Option<T::Lent<'a>>
    where
        T: 'a;

    fn lend(&self) -> Self::Lent<'_> {
        self.as_ref().map(Lend::lend)
    }
}

impl<T: Lend> Lend for Vec<T> {
    type Lent<'a>
        = Vec<T::Lent<'a>>
    where
        T: 'a;

    fn lend(&self) -> Self::Lent<'_> {
        self.iter().map(Lend::lend).collect()
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use std::borrow::Cow;
    use std::fmt;

    use serde::de::{self, Deserialize, Deserializer, Visitor};
    use serde::ser::{Serialize, Serializer};

    use super::Text;

    impl Serialize for Text<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(&self.0)
        }
    }

    /// Accepts what serde's `String` visitor accepts, and keeps what the
    /// deserializer lends.
    struct TextVisitor;

    impl<'de> Visitor<'de> for TextVisitor {
        type Value = Text<'de>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string")
        }

        fn visit_borrowed_str<E: de::Error>(self, text: &'de str) -> Result<Text<'de>, E> {
            Ok(Text::borrowed(text))
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<Text<'de>, E> {
            Ok(Text(Cow::Owned(text.to_owned())))
        }

        fn visit_string<E: de::Error>(self, text: String) -> Result<Text<'de>, E> {
            Ok(Text(Cow::Owned(text)))
        }

        fn visit_borrowed_bytes<E: de::Error>(self, bytes: &'de [u8]) -> Result<Text<'de>, E> {
            std::str::from_utf8(bytes)
                .map(Text::borrowed)
                .map_err(|_| E::invalid_value(de::Unexpected::Bytes(bytes), &self))
        }

        fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Text<'de>, E> {
            std::str::from_utf8(bytes)
                .map(|text| Text(Cow::Owned(text.to_owned())))
                .map_err(|_| E::invalid_value(de::Unexpected::Bytes(bytes), &self))
        }

        fn visit_byte_buf<E: de::Error>(self, bytes: Vec<u8>) -> Result<Text<'de>, E> {
            String::from_utf8(bytes)
                .map(|text| Text(Cow::Owned(text)))
                .map_err(|error| E::invalid_value(de::Unexpected::Bytes(error.as_bytes()), &self))
        }
    }

    impl<'de: 'a, 'a> Deserialize<'de> for Text<'a> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_str(TextVisitor)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Lend, Text};

    #[test]
    fn compares_by_the_text_whoever_owns_it() {
        let owned = Text::from("Task 0-1".to_owned());
        assert!(!owned.is_borrowed());
        assert_eq!(owned, Text::borrowed("Task 0-1"));
        assert_eq!(format!("{owned:?} {owned}"), r#""Task 0-1" Task 0-1"#);
    }

    #[test]
    fn lends_without_copying() {
        let names = vec![Some("a".to_owned()), None];
        let lent = names.lend();
        assert!(lent[0].as_ref().is_some_and(Text::is_borrowed));
        assert_eq!(lent[1], None);
    }
}
