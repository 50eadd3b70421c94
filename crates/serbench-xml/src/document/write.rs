//! Writing: quick-xml's event writer straight into the caller's buffer,
//! no tree built first.

use std::borrow::Cow;
use std::fmt::Write as _;

use quick_xml::Writer;
use quick_xml::escape::partial_escape;
use quick_xml::events::attributes::Attribute;
use quick_xml::events::{BytesEnd, BytesStart, BytesText, Event};
use quick_xml::name::QName;

use super::escape::{json_escape, needs_escapes};
use super::{Kind, NAMESPACE};
use crate::Xml;
use serbench_document::DOCUMENT;
use serbench_document::value::Value;
use serbench_model::{BaseCodec, Error, ErrorKind};

/// The document being written, appended to the caller's buffer.
pub(super) struct Output<'o> {
    writer: Writer<&'o mut Vec<u8>>,
    /// One start tag, renamed and refilled for every element, so writing
    /// allocates nothing per element.
    tag: BytesStart<'static>,
    /// Numbers, and text in JSON's escapes, before they are written.
    scratch: String,
}

impl<'o> Output<'o> {
    pub(super) fn new(out: &'o mut Vec<u8>) -> Self {
        Self {
            writer: Writer::new(out),
            tag: BytesStart::from_content(String::with_capacity(64), 0),
            scratch: String::new(),
        }
    }

    /// Writes `value` as one element, with `key` when it is a map's entry
    /// and the namespace declaration when it is the root.
    pub(super) fn value(
        &mut self,
        key: Option<&str>,
        value: &Value,
        root: bool,
    ) -> Result<(), Error> {
        let kind = Kind::of(value);
        self.tag.clear_attributes().set_name(kind.name());
        if root {
            self.tag.push_attribute(plain("xmlns", NAMESPACE));
        }
        if let Some(key) = key {
            if needs_escapes(key) {
                json_escape(key, &mut self.scratch);
                self.tag.push_attribute(("key", self.scratch.as_str()));
                self.tag.push_attribute(plain("escaped-key", "true"));
            } else {
                self.tag.push_attribute(("key", key));
            }
        }
        match value {
            Value::Null => self.empty(),
            Value::Bool(b) => self.leaf(kind, if *b { "true" } else { "false" }),
            Value::Int(n) => self.number(kind, format_args!("{n}")),
            Value::UInt(n) => self.number(kind, format_args!("{n}")),
            Value::Float(x) if x.is_finite() => self.number(kind, format_args!("{x:?}")),
            Value::Float(x) => Err(unwritable(format!(
                "JSON has no {x}, only finite floats, and so neither has its XML representation"
            ))),
            Value::Text(text) => self.string(text),
            Value::Bytes(_) => Err(unwritable(
                "JSON has no byte strings, and so neither has its XML representation",
            )),
            Value::List(items) if items.is_empty() => self.empty(),
            Value::List(items) => {
                self.start()?;
                for item in items {
                    self.value(None, item, false)?;
                }
                self.end(kind)
            }
            Value::Map(entries) if entries.is_empty() => self.empty(),
            Value::Map(entries) => {
                self.start()?;
                for (key, item) in entries {
                    self.value(Some(key), item, false)?;
                }
                self.end(kind)
            }
        }
    }

    fn string(&mut self, text: &str) -> Result<(), Error> {
        if text.is_empty() {
            return self.empty();
        }
        if !needs_escapes(text) {
            return self.leaf(Kind::String, &partial_escape(text));
        }
        self.tag.push_attribute(plain("escaped", "true"));
        json_escape(text, &mut self.scratch);
        self.start()?;
        let text = partial_escape(self.scratch.as_str());
        write(&mut self.writer, Event::Text(BytesText::from_escaped(text)))?;
        self.end(Kind::String)
    }

    /// `<number>` holding what `shown` formats, which needs no escaping.
    fn number(&mut self, kind: Kind, shown: std::fmt::Arguments<'_>) -> Result<(), Error> {
        self.scratch.clear();
        // Writing into a `String` fails only if a `Display` impl does, and
        // those of numbers do not.
        let _ = self.scratch.write_fmt(shown);
        self.start()?;
        let text = BytesText::from_escaped(self.scratch.as_str());
        write(&mut self.writer, Event::Text(text))?;
        self.end(kind)
    }

    /// The element `kind` holding `text`, already escaped.
    fn leaf(&mut self, kind: Kind, text: &str) -> Result<(), Error> {
        self.start()?;
        write(&mut self.writer, Event::Text(BytesText::from_escaped(text)))?;
        self.end(kind)
    }

    fn start(&mut self) -> Result<(), Error> {
        write(&mut self.writer, Event::Start(self.tag.borrow()))
    }

    fn empty(&mut self) -> Result<(), Error> {
        write(&mut self.writer, Event::Empty(self.tag.borrow()))
    }

    fn end(&mut self, kind: Kind) -> Result<(), Error> {
        write(&mut self.writer, Event::End(BytesEnd::new(kind.name())))
    }
}

fn write(writer: &mut Writer<&mut Vec<u8>>, event: Event<'_>) -> Result<(), Error> {
    // The writer appends to a `Vec`, whose `io::Write` never fails; the
    // error is passed on rather than assumed away.
    writer
        .write_event(event)
        .map_err(|error| unwritable(format!("cannot write: {error}")).with_source(error))
}

/// What the document's writer cannot write.
fn unwritable(message: impl Into<String>) -> Error {
    Error::named(ErrorKind::Unsupported, Xml::NAME, DOCUMENT, message)
}

/// An attribute whose value needs no escaping.
fn plain(key: &'static str, value: &'static str) -> Attribute<'static> {
    Attribute {
        key: QName(key),
        value: Cow::Borrowed(value),
    }
}
