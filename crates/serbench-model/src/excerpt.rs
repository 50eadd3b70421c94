//! Input as error messages show it: never more than a short prefix.
//!
//! An error that quotes the text it refused helps whoever reads it, up to
//! a point. A decoder handed 16 MiB of control characters as a version
//! once printed an 80 MiB message, as `{:?}` escapes each one to `\u{1}`,
//! five bytes, and held a quarter of a gigabyte while building it. So
//! every message of the model and the codecs that quotes input quotes it
//! through [`shown`], and [`Error`](crate::Error) cuts whatever else is
//! too long (a library's own message, a path).

use std::borrow::Cow;
use std::fmt;

/// The most bytes of escaped text an [`Excerpt`] shows of its input.
pub const EXCERPT_BYTES: usize = 40;

/// The longest line an [`Error`](crate::Error) prints: `cannot decode
/// CODEC DATASET: ` (45 bytes for the longest names today), the message
/// and the position note together.
pub const LINE_BYTES: usize = 200;

/// The longest message an [`Error`](crate::Error) keeps whole; a longer
/// one keeps its start and its end around a note of how much is cut.
///
/// With the longest prefix (45 bytes) and a path of [`PATH_BYTES`] at a
/// byte offset under 10^8 (` (at PATH, byte N)`, 69 bytes), the line is
/// 45 + 86 + 69 = 200 bytes; where a position takes more (line, column and
/// byte at once), the line cuts the message further, so it never passes
/// [`LINE_BYTES`].
pub const MESSAGE_BYTES: usize = 86;

/// The longest field path an [`Error`](crate::Error) keeps whole: room
/// for `lists[10].tasks[1234].header.created`, the deepest field of the
/// datasets, and a short unknown key or 15 levels of `[0]`.
pub const PATH_BYTES: usize = 48;

/// Text shown in an error message: what [`shown`] returns.
#[derive(Clone, Copy)]
pub struct Excerpt<'a> {
    text: &'a str,
    quoted: bool,
}

/// `text` as an error message shows it: quoted and escaped as `{:?}`
/// writes it when that takes at most [`EXCERPT_BYTES`] bytes, else the
/// longest prefix that does, an ellipsis and the text's length in bytes.
///
/// ```
/// use serbench_model::excerpt::shown;
///
/// assert_eq!(shown("1.x").to_string(), r#""1.x""#);
/// let long = "\u{1}".repeat(1 << 24);
/// assert_eq!(
///     shown(&long).to_string(),
///     format!(r#""{}"… (16777216 bytes)"#, r"\u{1}".repeat(8)),
/// );
/// ```
#[must_use]
pub fn shown(text: &str) -> Excerpt<'_> {
    Excerpt { text, quoted: true }
}

/// [`shown`] without the quotes, for a name in a message that marks it
/// already (an element `<name>`, a key in backticks): escaped as
/// [`str::escape_debug`] escapes it, and cut as [`shown`] cuts.
///
/// ```
/// use serbench_model::excerpt::shown_name;
///
/// assert_eq!(shown_name("task").to_string(), "task");
/// let long = "k".repeat(1000);
/// assert_eq!(shown_name(&long).to_string(), format!("{}… (1000 bytes)", &long[..40]));
/// ```
#[must_use]
pub fn shown_name(text: &str) -> Excerpt<'_> {
    Excerpt {
        text,
        quoted: false,
    }
}

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.text;
        match (prefix_end(text), self.quoted) {
            (None, true) => fmt::Debug::fmt(text, f),
            (None, false) => fmt::Display::fmt(&text.escape_debug(), f),
            (Some(end), true) => write!(f, "{:?}… ({} bytes)", &text[..end], text.len()),
            (Some(end), false) => {
                write!(f, "{}… ({} bytes)", text[..end].escape_debug(), text.len())
            }
        }
    }
}

impl fmt::Debug for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Where the prefix of `text` that escapes to at most [`EXCERPT_BYTES`]
/// ends, or `None` if all of it does; it looks at no more of `text` than
/// that.
fn prefix_end(text: &str) -> Option<usize> {
    let mut used = 0;
    text.char_indices()
        .find(|&(_, c)| {
            used += escaped_len(c);
            used > EXCERPT_BYTES
        })
        .map(|(at, _)| at)
}

/// How many bytes `{:?}` of a string writes for `c`, near enough: a
/// string's `Debug` leaves single quotes alone, which `char`'s escapes;
/// an escape is ASCII, a char left alone its UTF-8.
fn escaped_len(c: char) -> usize {
    match c.escape_debug().len() {
        _ if c == '\'' => 1,
        1 => c.len_utf8(),
        escaped => escaped,
    }
}

/// `text` if it is at most `most` bytes long, else its start and end
/// around a note of how many bytes are cut between them, all in at most
/// `most` bytes: a message stays readable at both ends, where what went
/// wrong and what was expected usually are. Where `most` leaves no room
/// beside the note, it is a prefix of `text` ending in `…`.
#[must_use]
pub fn cut(text: &str, most: usize) -> Cow<'_, str> {
    if text.len() <= most {
        return Cow::Borrowed(text);
    }
    // The note with as many digits as the whole text's length, the most
    // the count of cut bytes can have.
    let note = " … ( bytes cut) … ".len() + digits(text.len());
    let Some(room) = most.checked_sub(note).filter(|&room| room >= 8) else {
        return Cow::Owned(match most.checked_sub("…".len()) {
            Some(end) => format!("{}…", &text[..floor_boundary(text, end)]),
            None => text[..floor_boundary(text, most)].to_owned(),
        });
    };
    // Two thirds of the room for the start, which says what went wrong.
    let head = floor_boundary(text, room * 2 / 3);
    let tail = ceil_boundary(text, text.len() - (room - room * 2 / 3));
    Cow::Owned(format!(
        "{} … ({} bytes cut) … {}",
        &text[..head],
        tail - head,
        &text[tail..]
    ))
}

/// How many decimal digits `n` takes.
fn digits(n: usize) -> usize {
    n.checked_ilog10().map_or(1, |log| log as usize + 1)
}

/// The char boundary at or before `at`.
fn floor_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The char boundary at or after `at`.
fn ceil_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_shown_as_debug_shows_it() {
        for text in [
            "",
            "1.0.0",
            "it's \"quoted\"",
            "tab\there",
            "\u{1}\u{7f}",
            "é€😀",
        ] {
            assert_eq!(shown(text).to_string(), format!("{text:?}"));
        }
        let fits = "x".repeat(EXCERPT_BYTES);
        assert_eq!(shown(&fits).to_string(), format!("{fits:?}"));
    }

    #[test]
    fn long_text_is_a_prefix_and_a_length() {
        let long = "x".repeat(EXCERPT_BYTES + 1);
        assert_eq!(
            shown(&long).to_string(),
            format!(
                "\"{}\"… ({} bytes)",
                "x".repeat(EXCERPT_BYTES),
                EXCERPT_BYTES + 1
            )
        );
        for unit in ["x", "\u{1}", "é", "😀", "\u{10ffff}", "\u{301}", "\""] {
            let huge = unit.repeat(1 << 20);
            let text = shown(&huge).to_string();
            let tail = format!("… ({} bytes)", huge.len());
            assert!(text.ends_with(&tail), "{text}");
            // Quotes, the escaped prefix, the tail.
            assert!(text.len() <= 2 + EXCERPT_BYTES + tail.len(), "{text}");
            assert!(text.len() > tail.len() + 2, "{text}");
        }
    }

    #[test]
    fn a_long_message_keeps_both_ends() {
        assert_eq!(cut("short", 10), "short");
        let message = format!("invalid {}, expected a version", "é".repeat(1000));
        let kept = cut(&message, MESSAGE_BYTES);
        assert!(kept.starts_with("invalid éé"), "{kept}");
        assert!(kept.ends_with(", expected a version"), "{kept}");
        assert!(kept.len() <= MESSAGE_BYTES, "{kept}");
        assert!(kept.contains(" bytes cut) … "), "{kept}");
    }

    #[test]
    fn a_cut_never_passes_its_bound() {
        let message = format!("invalid {}, expected a version", "é😀x".repeat(1 << 16));
        for most in 0..=MESSAGE_BYTES {
            let kept = cut(&message, most);
            assert!(kept.len() <= most, "{most}: {kept}");
        }
    }
}
