//! Writing: quick-xml's event writer over the caller's buffer.
//!
//! Every element name has one [`Tag`] whose start-tag buffer is cleared and
//! refilled for each element, so writing thousands of tasks allocates
//! nothing per element or attribute. Free text is checked against what XML
//! 1.0 can hold and escaped so that a reader gets it back exactly; values
//! whose form is known (numbers, ids, colors, times) skip the escape scan.

use std::borrow::Cow;
use std::fmt::{self, Write as _};

use quick_xml::Writer;
use quick_xml::escape::partial_escape;
use quick_xml::events::attributes::Attribute;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::name::QName;
use serbench_model::{Dataset, Error, ErrorKind};

use crate::{NewError, forbidden_char, new_error};

/// The document being written, appended to the caller's buffer.
pub(crate) struct Output<'o> {
    writer: Writer<&'o mut Vec<u8>>,
    new_error: NewError,
    /// Reused for numbers and lists, which are formatted before they become
    /// attribute values.
    scratch: String,
}

impl<'o> Output<'o> {
    pub(crate) fn new<T: Dataset>(out: &'o mut Vec<u8>) -> Self {
        Self {
            writer: Writer::new(out),
            new_error: new_error::<T>,
            scratch: String::new(),
        }
    }

    /// An encode error: the value holds something XML cannot carry.
    pub(crate) fn unsupported(&self, message: impl Into<String>) -> Error {
        (self.new_error)(ErrorKind::Unsupported, message.into())
    }

    /// `text`, if XML 1.0 can hold every character of it; else an error
    /// naming the field by `path`.
    pub(crate) fn check<'t>(
        &self,
        text: &'t str,
        path: impl FnOnce() -> String,
    ) -> Result<&'t str, Error> {
        match forbidden_char(text) {
            None => Ok(text),
            Some((index, c)) => Err(self
                .unsupported(format!(
                    "U+{:04X} at byte {index} of the text is a character XML 1.0 cannot hold",
                    u32::from(c)
                ))
                .at_path(path())),
        }
    }

    /// `<?xml version="1.0" encoding="UTF-8"?>`.
    pub(crate) fn declaration(&mut self) -> Result<(), Error> {
        self.event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))
    }

    /// The start tag `<name attributes>`.
    pub(crate) fn start(&mut self, tag: &Tag) -> Result<(), Error> {
        self.event(Event::Start(tag.start.borrow()))
    }

    /// The empty-element tag `<name attributes/>`.
    pub(crate) fn empty(&mut self, tag: &Tag) -> Result<(), Error> {
        self.event(Event::Empty(tag.start.borrow()))
    }

    /// `<name attributes/>` when the element has no content, else its start
    /// tag; returns whether an end tag must follow.
    pub(crate) fn open(&mut self, tag: &Tag, has_content: bool) -> Result<bool, Error> {
        if has_content {
            self.start(tag)?;
        } else {
            self.empty(tag)?;
        }
        Ok(has_content)
    }

    /// The end tag `</name>`.
    pub(crate) fn end(&mut self, name: &'static str) -> Result<(), Error> {
        self.event(Event::End(BytesEnd::new(name)))
    }

    /// Character data, already checked with [`Output::check`]. `<`, `&` and
    /// `>` (so `]]>` never appears) are escaped, and CR as `&#13;`, which a
    /// reader's end-of-line handling would otherwise turn into LF. Tab and
    /// LF stay literal: in element content they reach the reader unchanged.
    pub(crate) fn text(&mut self, text: &str) -> Result<(), Error> {
        if text.is_empty() {
            return Ok(());
        }
        self.event(Event::Text(BytesText::from_escaped(partial_escape(text))))
    }

    /// `<name>text</name>`, the text checked and escaped as by
    /// [`Output::text`].
    pub(crate) fn text_element(
        &mut self,
        name: &'static str,
        text: &str,
        path: impl FnOnce() -> String,
    ) -> Result<(), Error> {
        let text = self.check(text, path)?;
        self.event(Event::Start(BytesStart::new(name)))?;
        self.text(text)?;
        self.end(name)
    }

    /// Formats `value` into the scratch buffer and adds it to `tag` as
    /// attribute `key`.
    pub(crate) fn number(&mut self, tag: &mut Tag, key: &'static str, value: impl fmt::Display) {
        self.scratch.clear();
        push_display(&mut self.scratch, value);
        tag.plain(key, &self.scratch);
    }

    /// Adds `values` to `tag` as attribute `key`, separated by single spaces
    /// (an `xs:list`): `out_edges="0 1 2"`.
    pub(crate) fn list<T: fmt::Display>(
        &mut self,
        tag: &mut Tag,
        key: &'static str,
        values: impl IntoIterator<Item = T>,
    ) {
        self.scratch.clear();
        for (index, value) in values.into_iter().enumerate() {
            if index > 0 {
                self.scratch.push(' ');
            }
            push_display(&mut self.scratch, value);
        }
        tag.plain(key, &self.scratch);
    }

    fn event(&mut self, event: Event<'_>) -> Result<(), Error> {
        // The writer appends to a `Vec`, whose `io::Write` never fails; the
        // error is passed on rather than assumed away.
        self.writer.write_event(event).map_err(|error| {
            self.unsupported(format!("cannot write: {error}"))
                .with_source(error)
        })
    }
}

/// The start tag of one element name, refilled for every element.
pub(crate) struct Tag {
    start: BytesStart<'static>,
}

impl Tag {
    pub(crate) fn new(name: &'static str) -> Self {
        // Room for a task's or a reading's attributes from the start, so a
        // one-element document does not grow the buffer attribute by
        // attribute.
        let mut buffer = String::with_capacity(256);
        buffer.push_str(name);
        Self {
            start: BytesStart::from_content(buffer, name.len()),
        }
    }

    /// Drops the previous element's attributes, keeping the buffer.
    pub(crate) fn clear(&mut self) -> &mut Self {
        self.start.clear_attributes();
        self
    }

    /// Adds attribute `key` holding free text, already checked with
    /// [`Output::check`]. Besides `<`, `&`, `>` and both quotes, tab, LF and
    /// CR are written as `&#9;`, `&#10;` and `&#13;`: attribute-value
    /// normalization turns literal ones into spaces.
    pub(crate) fn text(&mut self, key: &'static str, value: &str) -> &mut Self {
        self.start.push_attribute((key, value));
        self
    }

    /// Adds attribute `key` with a value that needs no escaping: digits,
    /// signs, `.`, `:`, `#`, `-`, letters and spaces.
    pub(crate) fn plain(&mut self, key: &'static str, value: &str) -> &mut Self {
        self.start.push_attribute(Attribute {
            key: QName(key),
            value: Cow::Borrowed(value),
        });
        self
    }
}

/// Appends `value`'s `Display` form to `text`.
fn push_display(text: &mut String, value: impl fmt::Display) {
    // Writing into a `String` only fails if the `Display` impl does, and the
    // numbers written here never do.
    let _ = write!(text, "{value}");
}
