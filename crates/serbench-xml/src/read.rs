//! Reading: quick-xml's event reader over the input, plus what XML leaves to
//! the application and quick-xml leaves to its user.
//!
//! - The layouts are fixed and a few levels deep, so every element is
//!   checked against the one layout as it opens: an unexpected element is an
//!   error at once, which bounds nesting without a counter.
//! - A DOCTYPE is refused, so no entity is ever declared, expanded or
//!   fetched; only the five predefined entities and character references
//!   are resolved, and a reference to a character XML 1.0 disallows is an
//!   error, as is such a character written literally.
//! - quick-xml leaves some well-formedness rules to its user; those a value
//!   could slip through are checked here (a literal `<` in an attribute
//!   value, `]]>` in text), so what this reader accepts, other XML parsers
//!   accept too.
//! - Text and attribute values borrow from the input unless end-of-line
//!   handling, attribute-value normalization or a reference changes them;
//!   the borrowed decode keeps them borrowed ([`Str`]).
//! - Whitespace, comments and processing instructions between elements are
//!   skipped, so indented documents (Qt's auto-formatting) read the same.

use std::borrow::Cow;
use std::fmt;

use quick_xml::encoding::EncodingError;
use quick_xml::errors::{IllFormedError, SyntaxError};
use quick_xml::escape::resolve_xml_entity;
use quick_xml::events::attributes::Attribute;
use quick_xml::events::{BytesDecl, BytesRef, BytesStart, Event};
use quick_xml::{Reader, XmlVersion};
use serbench_model::excerpt::{Excerpt, shown, shown_name};
use serbench_model::forms;
use serbench_model::{Dataset, Error, ErrorKind, Str};

use crate::{NewError, forbidden_char, new_error};

/// `part` as a slice of `whole`, if it is one.
fn within<'a>(whole: &'a str, part: &str) -> Option<&'a str> {
    let at = (part.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
    // Two live slices overlap only if one holds the other: an in-bounds
    // offset places `part` in `whole`.
    whole.get(at..at.checked_add(part.len())?)
}

/// The document being read.
pub(crate) struct Input<'a> {
    reader: Reader<&'a [u8]>,
    /// The input as text, for the borrowed decode: quick-xml lends an
    /// attribute value only for as long as its start tag, and the tag found
    /// in here lends it for as long as the input. `None` for the decode,
    /// and when the input is not all UTF-8 (which the reader then refuses).
    lent: Option<&'a str>,
    /// The input's length, not counting a byte order mark.
    len: u64,
    /// The byte order mark's length, which positions in the reader do not
    /// count and messages do.
    bom: u64,
    new_error: NewError,
    /// Where the last event read starts.
    at: u64,
}

/// An element whose start tag has been read.
pub(crate) struct Element<'a> {
    start: BytesStart<'a>,
    /// `<name/>`: there is no content and no end tag to read.
    empty: bool,
    at: u64,
    new_error: NewError,
    /// The start tag as a slice of the input, for the borrowed decode.
    lent: Option<&'a str>,
}

impl<'a> Input<'a> {
    pub(crate) fn new<T: Dataset>(bytes: &'a [u8]) -> Self {
        const BOM: &[u8] = b"\xEF\xBB\xBF";
        let text = bytes.strip_prefix(BOM).unwrap_or(bytes);
        let mut reader = Reader::from_reader(text);
        // Comments may not hold `--`: part of refusing what is not XML.
        reader.config_mut().check_comments = true;
        Self {
            reader,
            lent: None,
            len: text.len() as u64,
            bom: (bytes.len() - text.len()) as u64,
            new_error: new_error::<T>,
            at: 0,
        }
    }

    /// An input whose text and attribute values the reader keeps
    /// borrowed where quick-xml lends them, for the borrowed decode.
    pub(crate) fn lending<T: Dataset>(bytes: &'a [u8]) -> Self {
        let mut input = Self::new::<T>(bytes);
        let bom = bytes.len() - input.len as usize;
        input.lent = std::str::from_utf8(&bytes[bom..]).ok();
        input
    }

    fn error(&self, kind: ErrorKind, at: u64, message: impl fmt::Display) -> Error {
        located(self.new_error, kind, at, message)
    }

    /// The next event, with quick-xml's errors sorted into kinds.
    fn event(&mut self) -> Result<Event<'a>, Error> {
        self.at = self.bom + self.reader.buffer_position();
        self.reader
            .read_event()
            .map_err(|error| self.syntax_error(error))
    }

    fn syntax_error(&self, error: quick_xml::Error) -> Error {
        let at_end = self.reader.buffer_position() >= self.len;
        let error_at = self.bom + self.reader.error_position();
        library_error(self.new_error, error, at_end, self.at, error_at)
    }

    /// Reads up to the root element, which must be `<name>`: an optional XML
    /// declaration first, then whitespace, comments and processing
    /// instructions.
    pub(crate) fn root(&mut self, name: &str) -> Result<Element<'a>, Error> {
        let mut first = true;
        loop {
            let element = match self.event()? {
                Event::Decl(decl) if first => {
                    self.declaration(&decl)?;
                    None
                }
                Event::Start(start) => Some(self.element(start, false)),
                Event::Empty(start) => Some(self.element(start, true)),
                Event::Eof => {
                    return Err(self.error(
                        ErrorKind::Truncated,
                        self.at,
                        format_args!("the input ends before the root element <{name}>"),
                    ));
                }
                other => {
                    self.between_elements(&other, "before the root element")?;
                    None
                }
            };
            if let Some(element) = element {
                if element.name() != name {
                    return Err(self.error(
                        ErrorKind::Invalid,
                        element.at,
                        format_args!(
                            "the root element is <{}>, expected <{name}>",
                            element.shown_name()
                        ),
                    ));
                }
                return Ok(element);
            }
            first = false;
        }
    }

    /// Accepts XML 1.0 in UTF-8, the only kind serbench reads.
    fn declaration(&self, decl: &BytesDecl<'_>) -> Result<(), Error> {
        let invalid = |message: String| self.error(ErrorKind::Invalid, self.at, message);
        let version = decl.version().map_err(|error| {
            self.error(ErrorKind::Syntax, self.at, &error)
                .with_source(error)
        })?;
        if version != "1.0" {
            return Err(invalid(format!(
                "XML version {} is not supported; serbench reads XML 1.0",
                shown(&version)
            )));
        }
        if let Some(encoding) = decl.encoding() {
            let encoding = encoding.map_err(|error| {
                self.error(ErrorKind::Syntax, self.at, &error)
                    .with_source(error)
            })?;
            if !encoding.eq_ignore_ascii_case("UTF-8") {
                return Err(invalid(format!(
                    "encoding {} is not supported; serbench reads UTF-8",
                    shown(&encoding)
                )));
            }
        }
        Ok(())
    }

    /// Skips what may stand between elements (whitespace, comments,
    /// processing instructions); anything else is an error saying it stands
    /// `place`.
    fn between_elements(&self, event: &Event<'a>, place: &str) -> Result<(), Error> {
        let (kind, what) = match event {
            Event::Comment(_) | Event::PI(_) => return Ok(()),
            Event::Text(text) if is_blank(text) => return Ok(()),
            Event::CData(data) if is_blank(data) => return Ok(()),
            Event::GeneralRef(reference) => {
                let mut resolved = String::new();
                self.resolve(reference, &mut resolved)?;
                if is_blank(&resolved) {
                    return Ok(());
                }
                (
                    ErrorKind::Invalid,
                    format!("text {}", shown(&format!("&{};", &**reference))),
                )
            }
            Event::Text(text) => (ErrorKind::Invalid, format!("text {}", shown(text))),
            Event::CData(data) => (ErrorKind::Invalid, format!("CDATA text {}", shown(data))),
            Event::DocType(_) => {
                return Err(self.error(
                    ErrorKind::Invalid,
                    self.at,
                    "a DOCTYPE is refused: serbench XML has no DTD, so no entity is ever \
                     declared, expanded or fetched",
                ));
            }
            Event::Decl(_) => {
                return Err(self.error(
                    ErrorKind::Syntax,
                    self.at,
                    "an XML declaration may only open the document",
                ));
            }
            Event::Start(start) | Event::Empty(start) => (
                ErrorKind::Invalid,
                format!("element <{}>", shown_name(start.name().0)),
            ),
            // End tags and the end of the input are every caller's own
            // business; this is for completeness.
            Event::End(_) | Event::Eof => (ErrorKind::Syntax, "markup".to_owned()),
        };
        Err(self.error(kind, self.at, format_args!("{what} is not allowed {place}")))
    }

    fn element(&self, start: BytesStart<'a>, empty: bool) -> Element<'a> {
        Element {
            lent: self.lent.and_then(|whole| within(whole, &start)),
            start,
            empty,
            at: self.at,
            new_error: self.new_error,
        }
    }

    /// The next child element of `parent`, or `None` at its end tag. Text
    /// other than whitespace is an error: these elements hold elements only.
    pub(crate) fn child(&mut self, parent: &Element<'a>) -> Result<Option<Element<'a>>, Error> {
        if parent.empty {
            return Ok(None);
        }
        loop {
            let event = self.event()?;
            match event {
                Event::Start(start) => return Ok(Some(self.element(start, false))),
                Event::Empty(start) => return Ok(Some(self.element(start, true))),
                Event::End(_) => return Ok(None),
                Event::Eof => return Err(self.ends_inside(parent)),
                other => {
                    self.between_elements(&other, &format!("in <{}>", parent.shown_name()))?;
                }
            }
        }
    }

    /// Reads to the end of `element`, which may hold nothing but whitespace,
    /// comments and processing instructions.
    pub(crate) fn close(&mut self, element: &Element<'a>) -> Result<(), Error> {
        match self.child(element)? {
            None => Ok(()),
            Some(child) => Err(self.unexpected(&child, element)),
        }
    }

    /// The error for `child` appearing in `parent`.
    pub(crate) fn unexpected(&self, child: &Element<'a>, parent: &Element<'a>) -> Error {
        self.error(
            ErrorKind::Invalid,
            child.at,
            format_args!(
                "element <{}> is not allowed in <{}>",
                child.shown_name(),
                parent.shown_name()
            ),
        )
    }

    /// The error for a second `child` in `parent`, which allows one.
    pub(crate) fn repeated(&self, child: &Element<'a>, parent: &Element<'a>) -> Error {
        self.error(
            ErrorKind::Invalid,
            child.at,
            format_args!(
                "element <{}> appears twice in <{}>",
                child.shown_name(),
                parent.shown_name()
            ),
        )
    }

    /// The error for `parent` lacking a `<name>` child.
    pub(crate) fn missing(&self, name: &str, parent: &Element<'a>) -> Error {
        self.error(
            ErrorKind::Invalid,
            parent.at,
            format_args!("<{}> has no <{name}> element", parent.shown_name()),
        )
    }

    fn ends_inside(&self, element: &Element<'a>) -> Error {
        self.error(
            ErrorKind::Truncated,
            self.at,
            format_args!(
                "the input ends inside <{}> (opened at byte {})",
                element.shown_name(),
                element.at
            ),
        )
    }

    /// The text content of `element`, exactly: line ends normalized as XML
    /// requires, references resolved, CDATA sections included, comments and
    /// processing instructions skipped. Child elements are errors.
    pub(crate) fn text<S: Str<'a>>(&mut self, element: &Element<'a>) -> Result<S, Error> {
        if element.empty {
            return Ok(S::of(Cow::Borrowed("")));
        }
        let mut text: Cow<'a, str> = Cow::Borrowed("");
        loop {
            let event = self.event()?;
            let piece = match event {
                Event::Text(piece) if is_plain(&piece, b'>') => piece.into_inner(),
                Event::Text(piece) => {
                    if let Some(index) = piece.find("]]>") {
                        return Err(self.error(
                            ErrorKind::Syntax,
                            self.at + index as u64,
                            "`]]>` may not appear literally in text",
                        ));
                    }
                    self.check_chars(&piece, 0, element)?;
                    piece.xml10_content()
                }
                Event::CData(piece) => {
                    self.check_chars(&piece, "<![CDATA[".len(), element)?;
                    piece.xml10_content()
                }
                Event::GeneralRef(reference) => {
                    self.resolve(&reference, text.to_mut())?;
                    continue;
                }
                Event::End(_) => return Ok(S::of(text)),
                Event::Comment(_) | Event::PI(_) => continue,
                Event::Start(start) | Event::Empty(start) => {
                    let child = self.element(start, true);
                    return Err(self.unexpected(&child, element));
                }
                Event::Eof => return Err(self.ends_inside(element)),
                other => {
                    self.between_elements(&other, &format!("in <{}>", element.shown_name()))?;
                    continue;
                }
            };
            if text.is_empty() {
                text = piece;
            } else {
                text.to_mut().push_str(&piece);
            }
        }
    }

    /// Appends what `&name;` stands for: a predefined entity or a character
    /// XML 1.0 allows.
    fn resolve(&self, reference: &BytesRef<'_>, into: &mut String) -> Result<(), Error> {
        let syntax = |message: String| self.error(ErrorKind::Syntax, self.at, message);
        match reference.resolve_char_ref() {
            Ok(Some(c)) if forms::is_xml_char(c) => into.push(c),
            Ok(Some(c)) => {
                return Err(syntax(format!(
                    "character reference &{}; is U+{:04X}, which XML 1.0 does not allow",
                    shown_name(reference),
                    u32::from(c)
                )));
            }
            Ok(None) => match resolve_xml_entity(reference) {
                Some(value) => into.push_str(value),
                None => {
                    return Err(syntax(format!(
                        "unknown entity &{};: only &lt; &gt; &amp; &apos; &quot; and character \
                         references are defined without a DTD",
                        shown_name(reference)
                    )));
                }
            },
            Err(error) => {
                return Err(syntax(format!(
                    "invalid character reference &{};: {error}",
                    shown_name(reference)
                )));
            }
        }
        Ok(())
    }

    /// Refuses a character XML 1.0 disallows in `raw`, a piece of
    /// `element`'s text that starts `offset` bytes into the current event.
    fn check_chars(&self, raw: &str, offset: usize, element: &Element<'a>) -> Result<(), Error> {
        match forbidden_char(raw) {
            None => Ok(()),
            Some((index, c)) => Err(self.error(
                ErrorKind::Syntax,
                self.at + (offset + index) as u64,
                format_args!(
                    "the text of <{}> holds U+{:04X}, which XML 1.0 does not allow",
                    element.shown_name(),
                    u32::from(c)
                ),
            )),
        }
    }

    /// After the root element: nothing but whitespace, comments and
    /// processing instructions.
    pub(crate) fn finish(mut self) -> Result<(), Error> {
        let new_error = self.new_error;
        // The error is the same as inside the root element, but of another
        // kind; its position stays.
        let trailing = |suffix: &'static str| {
            move |error: Error| {
                let message = format!("{}{suffix}", error.message());
                let trailing = new_error(ErrorKind::TrailingBytes, message);
                match error.position().offset() {
                    Some(at) => trailing.at_offset(at),
                    None => trailing,
                }
            }
        };
        loop {
            match self.event().map_err(trailing(", after the root element"))? {
                Event::Eof => return Ok(()),
                other => self
                    .between_elements(&other, "after the root element")
                    .map_err(trailing(""))?,
            }
        }
    }
}

impl<'a> Element<'a> {
    pub(crate) fn name(&self) -> &str {
        self.start.name().0
    }

    /// The name as error messages show it: a prefix of a long one.
    pub(crate) fn shown_name(&self) -> Excerpt<'_> {
        shown_name(self.name())
    }

    /// The attributes `names`, normalized and unescaped, in that order. An
    /// attribute not in `names`, a repeated one or one holding a character
    /// XML 1.0 disallows is an error; missing ones are `None` until asked
    /// for.
    pub(crate) fn attributes<const N: usize>(
        &self,
        names: [&'static str; N],
    ) -> Result<Attributes<'_, 'a, N>, Error> {
        let mut attributes = Attributes {
            lent: self.lent,
            element: self.name(),
            at: self.at,
            new_error: self.new_error,
            names,
            values: [const { None }; N],
        };
        let mut iter = self.start.attributes();
        // Each value lands in its own slot, which finds repeats without the
        // iterator's per-element list of names.
        iter.with_checks(false);
        for attribute in iter {
            let attribute = attribute.map_err(|error| {
                attributes
                    .error(
                        ErrorKind::Syntax,
                        format_args!("malformed attributes in <{}>: {error}", self.shown_name()),
                    )
                    .with_source(error)
            })?;
            let key = attribute.key.0;
            let Some(index) = names.iter().position(|name| *name == key) else {
                return Err(attributes.error(
                    ErrorKind::Invalid,
                    format_args!(
                        "<{}> has an unknown attribute `{}`",
                        self.shown_name(),
                        shown_name(key)
                    ),
                ));
            };
            if attributes.values[index].is_some() {
                return Err(attributes.error(
                    ErrorKind::Invalid,
                    format_args!("<{}> repeats attribute `{key}`", self.name()),
                ));
            }
            let value = if is_plain(&attribute.value, b'<') {
                // Nothing to normalize, resolve or refuse: borrow it.
                attribute.value
            } else {
                checked_value(&attribute, index, &attributes)?
            };
            attributes.values[index] = Some(value);
        }
        Ok(attributes)
    }
}

/// The value of `attribute` (number `index` of `attributes`), normalized
/// and unescaped, if well-formed and all characters XML 1.0 allows.
fn checked_value<'e, const N: usize>(
    attribute: &Attribute<'e>,
    index: usize,
    attributes: &Attributes<'_, '_, N>,
) -> Result<Cow<'e, str>, Error> {
    if attribute.value.contains('<') {
        return Err(attributes.syntax(index, "a literal `<` is not allowed"));
    }
    let value = attribute
        .normalized_value_with(XmlVersion::Explicit1_0, 1, resolve_xml_entity)
        .map_err(|error| attributes.syntax(index, &error).with_source(error))?;
    if let Some((_, c)) = forbidden_char(&value) {
        return Err(attributes.syntax(
            index,
            format_args!("U+{:04X} is not allowed in XML 1.0", u32::from(c)),
        ));
    }
    Ok(value)
}

/// Whether raw text or an attribute value reads as it stands: no reference
/// (`&`), no byte below 0x20 (tab, LF and CR included, which normalization
/// may change, and the controls XML disallows), no 0xEF (which begins
/// U+FFFE and U+FFFF) and no `markup` byte (`<` in attribute values, `>` of
/// a `]]>` in text). One pass over the bytes spares the common value the
/// separate scans of the slow path.
fn is_plain(raw: &str, markup: u8) -> bool {
    raw.bytes()
        .all(|b| b >= 0x20 && b != b'&' && b != 0xEF && b != markup)
}

/// An element's attribute values, by their place in the names asked for.
pub(crate) struct Attributes<'e, 'a, const N: usize> {
    /// The start tag as a slice of the input, for the borrowed decode.
    lent: Option<&'a str>,
    element: &'e str,
    at: u64,
    new_error: NewError,
    names: [&'static str; N],
    values: [Option<Cow<'e, str>>; N],
}

impl<'e, 'a, const N: usize> Attributes<'e, 'a, N> {
    fn error(&self, kind: ErrorKind, message: impl fmt::Display) -> Error {
        located(self.new_error, kind, self.at, message)
    }

    fn about(&self, kind: ErrorKind, index: usize, problem: impl fmt::Display) -> Error {
        self.error(
            kind,
            format_args!(
                "attribute `{}` of <{}>: {problem}",
                self.names[index],
                shown_name(self.element)
            ),
        )
    }

    fn syntax(&self, index: usize, problem: impl fmt::Display) -> Error {
        self.about(ErrorKind::Syntax, index, problem)
    }

    /// An error about the value of attribute `index`.
    pub(crate) fn invalid(&self, index: usize, problem: impl fmt::Display) -> Error {
        self.about(ErrorKind::Invalid, index, problem)
    }

    fn missing(&self, index: usize) -> Error {
        self.error(
            ErrorKind::Invalid,
            format_args!(
                "<{}> has no attribute `{}`",
                shown_name(self.element),
                self.names[index]
            ),
        )
    }
    /// Whether attribute `index` is present.
    pub(crate) fn has(&self, index: usize) -> bool {
        self.values[index].is_some()
    }

    /// The value of attribute `index`, which must be present.
    pub(crate) fn get(&self, index: usize) -> Result<&str, Error> {
        self.values[index]
            .as_deref()
            .ok_or_else(|| self.missing(index))
    }

    /// The value of attribute `index`, which must be present, as a string.
    pub(crate) fn string<S: Str<'a>>(&mut self, index: usize) -> Result<S, Error> {
        match self.values[index].take() {
            Some(value) => Ok(self.lend(value)),
            None => Err(self.missing(index)),
        }
    }

    /// The value of attribute `index` if present.
    pub(crate) fn optional<S: Str<'a>>(&mut self, index: usize) -> Option<S> {
        self.values[index].take().map(|value| self.lend(value))
    }

    /// `value` as a string: a slice of the input when it is one and the
    /// decode borrows, else a copy.
    fn lend<S: Str<'a>>(&self, value: Cow<'e, str>) -> S {
        match (value, self.lent) {
            (Cow::Borrowed(value), Some(tag)) => S::of(match within(tag, value) {
                Some(lent) => Cow::Borrowed(lent),
                None => Cow::Owned(value.to_owned()),
            }),
            (value, _) => S::of(Cow::Owned(value.into_owned())),
        }
    }

    /// Attribute `index` read by `parse`, whose error becomes the message.
    pub(crate) fn parse<T, E: fmt::Display>(
        &self,
        index: usize,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Result<T, Error> {
        parse(self.get(index)?).map_err(|error| self.invalid(index, error))
    }

    /// Attribute `index` as a decimal integer of type `T`.
    pub(crate) fn integer<T: std::str::FromStr>(&self, index: usize) -> Result<T, Error> {
        let text = self.get(index)?;
        text.parse().map_err(|_| {
            self.invalid(
                index,
                format_args!(
                    "{} is not an integer in range for {}",
                    shown(text),
                    short_type_name::<T>()
                ),
            )
        })
    }

    /// Attribute `index` as a decimal integer, if present.
    pub(crate) fn optional_integer<T: std::str::FromStr>(
        &self,
        index: usize,
    ) -> Result<Option<T>, Error> {
        if self.values[index].is_none() {
            return Ok(None);
        }
        self.integer(index).map(Some)
    }

    /// Attribute `index` as an `xs:list` of integers: decimal numbers
    /// separated by whitespace.
    pub(crate) fn integers<T: std::str::FromStr>(&self, index: usize) -> Result<Vec<T>, Error> {
        // Normalization has already turned tabs and line ends into spaces.
        self.get(index)?
            .split(' ')
            .filter(|item| !item.is_empty())
            .map(|item| {
                item.parse().map_err(|_| {
                    self.invalid(
                        index,
                        format_args!(
                            "{} is not an integer in range for {}",
                            shown(item),
                            short_type_name::<T>()
                        ),
                    )
                })
            })
            .collect()
    }
}

/// An `xs:boolean`: `true` or `false`, as written, or `1` or `0`.
pub(crate) fn parse_bool(text: &str) -> Result<bool, String> {
    match text {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(format!("{} is not true or false", shown(text))),
    }
}

fn short_type_name<T>() -> &'static str {
    let name = std::any::type_name::<T>();
    name.rsplit("::").next().unwrap_or(name)
}

/// quick-xml's `error` as ours (`new_error` names the codec and what is
/// read), sorted into a kind: `at_end` says whether the reader has used up
/// the input, `event_at` is where the event that failed starts and
/// `error_at` where quick-xml puts the error. The dataset reader and the
/// document's share it.
pub(crate) fn library_error(
    new_error: NewError,
    error: quick_xml::Error,
    at_end: bool,
    event_at: u64,
    error_at: u64,
) -> Error {
    use quick_xml::Error as E;

    // The slice reader reports markup left open only once it has used up
    // the input, so "not closed" errors at the end are truncations. An
    // unclosed tag, comment or the like says so itself, wherever its
    // position (a `<` cut after one byte is at byte 0).
    let truncated = match &error {
        E::Syntax(syntax) => at_end || !matches!(syntax, SyntaxError::InvalidBangMarkup),
        E::IllFormed(IllFormedError::MissingEndTag(_) | IllFormedError::UnclosedReference) => {
            at_end
        }
        // A multi-byte character cut short by the end of the input.
        E::Encoding(EncodingError::Utf8(utf8)) => at_end && utf8.error_len().is_none(),
        _ => false,
    };
    let kind = if truncated {
        ErrorKind::Truncated
    } else {
        ErrorKind::Syntax
    };
    let at = match &error {
        // quick-xml records no position for these; the bad byte is this
        // far into the event.
        E::Encoding(EncodingError::Utf8(utf8)) => event_at + utf8.valid_up_to() as u64,
        _ => error_at,
    };
    located(new_error, kind, at, &error).with_source(error)
}

/// An error at byte `at` of the input.
pub(crate) fn located(
    new_error: NewError,
    kind: ErrorKind,
    at: u64,
    message: impl fmt::Display,
) -> Error {
    // Offsets into a slice fit in a usize.
    let at = usize::try_from(at).unwrap_or(usize::MAX);
    new_error(kind, message.to_string()).at_offset(at)
}

/// Whether `text` is XML whitespace only (space, tab, LF, CR).
fn is_blank(text: &str) -> bool {
    text.bytes()
        .all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
}
