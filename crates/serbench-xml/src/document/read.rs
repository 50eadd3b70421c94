//! Reading: quick-xml's namespace-aware event reader over the input, each
//! element checked against the representation as it opens, so an element
//! out of place is an error at once and nesting is bounded by the lists
//! and maps alone. quick-xml leaves some of XML's well-formedness rules
//! to its user; those a value could slip through are checked here (a
//! literal `<` in an attribute value, `]]>` in text, characters XML 1.0
//! disallows), so what this reader accepts, other XML readers accept too.

use std::borrow::Cow;

use quick_xml::XmlVersion;
use quick_xml::escape::resolve_xml_entity;
use quick_xml::events::attributes::Attribute;
use quick_xml::events::{BytesDecl, BytesRef, BytesStart, Event};
use quick_xml::name::{Namespace, ResolveResult};
use quick_xml::reader::NsReader;

use super::escape::json_unescape;
use super::{Kind, NAMESPACE, is_xml_char, repeated_key};
use crate::Xml;
use serbench_document::DOCUMENT;
use serbench_document::value::{MAX_DEPTH, Value};
use serbench_model::excerpt::{shown, shown_name};
use serbench_model::{BaseCodec, Error, ErrorKind};

/// One document that fills `bytes`.
pub(super) fn read(bytes: &[u8]) -> Result<Value, Error> {
    let mut input = Input::new(bytes);
    let root = input.root()?;
    let attributes = input.attributes(&root, Place::Root)?;
    let value = input.value(&root, attributes.escaped, 0)?;
    input.finish()?;
    Ok(value)
}

/// The document being read.
struct Input<'a> {
    reader: NsReader<&'a [u8]>,
    /// The input's length, not counting a byte order mark.
    len: u64,
    /// The byte order mark's length, which positions in the reader do not
    /// count and messages do.
    bom: u64,
    /// Where the last event read starts.
    at: u64,
}

/// An element whose start tag has been read.
struct Element<'a> {
    kind: Kind,
    start: BytesStart<'a>,
    /// `<name/>`: there is no content and no end tag to read.
    empty: bool,
    at: u64,
}

/// Where an element stands, which decides the attributes it may have.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Root,
    InArray,
    InMap,
}

/// The attributes read here, each the index of its slot.
#[derive(Clone, Copy)]
enum Known {
    Key,
    EscapedKey,
    Escaped,
}

/// What an element's attributes say.
struct Attributes {
    /// The entry's name, unescaped; only a map's entries may have one.
    key: Option<String>,
    /// `escaped="true"` on a string.
    escaped: bool,
}

impl<'a> Input<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        const BOM: &[u8] = b"\xEF\xBB\xBF";
        let text = bytes.strip_prefix(BOM).unwrap_or(bytes);
        let mut reader = NsReader::from_reader(text);
        // Comments may not hold `--`: part of refusing what is not XML.
        reader.config_mut().check_comments = true;
        Self {
            reader,
            len: text.len() as u64,
            bom: (bytes.len() - text.len()) as u64,
            at: 0,
        }
    }

    fn event(&mut self) -> Result<Event<'a>, Error> {
        self.at = self.bom + self.reader.buffer_position();
        // quick-xml's errors sorted as the dataset reader sorts them.
        self.reader.read_event().map_err(|error| {
            crate::read::library_error(
                document_error,
                error,
                self.reader.buffer_position() >= self.len,
                self.at,
                self.bom + self.reader.error_position(),
            )
        })
    }

    /// Reads up to the root element: an XML declaration first if any, then
    /// whitespace, comments and processing instructions.
    fn root(&mut self) -> Result<Element<'a>, Error> {
        let mut first = true;
        loop {
            match self.event()? {
                Event::Decl(decl) if first => self.declaration(&decl)?,
                Event::Start(start) => return self.element(start, false),
                Event::Empty(start) => return self.element(start, true),
                Event::Eof => {
                    return Err(located(ErrorKind::Truncated, self.at, "no root element"));
                }
                other => {
                    self.outside_root(&other, ErrorKind::Invalid, "before the root element")?;
                }
            }
            first = false;
        }
    }

    /// Accepts XML 1.0 in UTF-8, the only kind read here.
    fn declaration(&self, decl: &BytesDecl<'_>) -> Result<(), Error> {
        let version = decl.version().map_err(|error| {
            located(
                ErrorKind::Syntax,
                self.at,
                format_args!("malformed XML: {error}"),
            )
        })?;
        if version != "1.0" {
            return Err(located(
                ErrorKind::Invalid,
                self.at,
                format_args!("XML version {} is not read here, only 1.0", shown(&version)),
            ));
        }
        if let Some(encoding) = decl.encoding() {
            let encoding = encoding.map_err(|error| {
                located(
                    ErrorKind::Syntax,
                    self.at,
                    format_args!("malformed XML: {error}"),
                )
            })?;
            if !encoding.eq_ignore_ascii_case("UTF-8") {
                return Err(located(
                    ErrorKind::Invalid,
                    self.at,
                    format_args!("encoding {} is not read here, only UTF-8", shown(&encoding)),
                ));
            }
        }
        Ok(())
    }

    /// Skips what may stand before or after the root element (whitespace,
    /// comments, processing instructions); anything else is an error of
    /// `kind` saying it stands `place`.
    fn outside_root(&self, event: &Event<'a>, kind: ErrorKind, place: &str) -> Result<(), Error> {
        let what = match event {
            Event::Comment(_) | Event::PI(_) => return Ok(()),
            Event::Text(text) if is_blank(text) => return Ok(()),
            Event::DocType(_) => {
                return Err(located(
                    ErrorKind::Invalid,
                    self.at,
                    "a DOCTYPE is refused, so no entity is ever declared or expanded",
                ));
            }
            Event::Decl(_) => "an XML declaration".to_owned(),
            Event::Start(start) | Event::Empty(start) => {
                format!("a second element <{}>", shown_name(start.name().0))
            }
            Event::Text(text) => format!("text {}", shown(text)),
            Event::CData(_) => "a CDATA section".to_owned(),
            Event::GeneralRef(_) => "a reference".to_owned(),
            Event::End(end) => format!("the end tag </{}>", shown_name(end.name().0)),
            Event::Eof => "the end of the input".to_owned(),
        };
        Err(located(
            kind,
            self.at,
            format_args!("{what} is not allowed {place}"),
        ))
    }

    /// After the root element: nothing but whitespace, comments and
    /// processing instructions.
    fn finish(mut self) -> Result<(), Error> {
        loop {
            match self.event()? {
                Event::Eof => return Ok(()),
                other => {
                    self.outside_root(&other, ErrorKind::TrailingBytes, "after the root element")?;
                }
            }
        }
    }

    /// The element `start` opens, if it is one of the representation's.
    fn element(&self, start: BytesStart<'a>, empty: bool) -> Result<Element<'a>, Error> {
        // quick-xml binds a prefix to the declaration's value as written, so
        // a namespace spelled with character references is not recognized.
        let (namespace, local_name) = self.reader.resolver().resolve_element(start.name());
        let name = start.name().0;
        match namespace {
            ResolveResult::Bound(Namespace(NAMESPACE)) => {}
            ResolveResult::Unknown(prefix) => {
                return Err(located(
                    ErrorKind::Invalid,
                    self.at,
                    format_args!(
                        "<{}> has the prefix {} that no xmlns declares",
                        shown_name(name),
                        shown(&prefix)
                    ),
                ));
            }
            _ => {
                return Err(located(
                    ErrorKind::Invalid,
                    self.at,
                    format_args!("<{}> is not in the namespace {NAMESPACE}", shown_name(name)),
                ));
            }
        }
        let kind = Kind::named(local_name.into_inner()).ok_or_else(|| {
            located(
                ErrorKind::Invalid,
                self.at,
                format_args!(
                    "<{}> is not map, array, string, number, boolean or null",
                    shown_name(name)
                ),
            )
        })?;
        Ok(Element {
            kind,
            start,
            empty,
            at: self.at,
        })
    }

    /// The attributes of `element`, standing at `place`: `key` (required in
    /// a map, allowed nowhere else) and `escaped-key` with it, `escaped` on
    /// a string, namespace declarations and attributes of other namespaces
    /// (ignored); any other is an error, as is one twice.
    fn attributes(&self, element: &Element<'a>, place: Place) -> Result<Attributes, Error> {
        let name = element.kind.name();
        let malformed = |error: quick_xml::events::attributes::AttrError| {
            located(
                ErrorKind::Syntax,
                element.at,
                format_args!("malformed attributes in <{name}>: {error}"),
            )
        };
        let mut values = [None, None, None];
        let mut others = false;
        let mut iter = element.start.attributes();
        // The three attributes read here land in their own slots, which
        // finds them repeated without the iterator's per-element list of
        // names; an element with others is checked in full below.
        iter.with_checks(false);
        for attribute in iter {
            let attribute = attribute.map_err(malformed)?;
            let Some(known) = self.known(&attribute, element, place)? else {
                others = true;
                continue;
            };
            let slot = &mut values[known as usize];
            if slot.is_some() {
                return Err(located(
                    ErrorKind::Syntax,
                    element.at,
                    format_args!("<{name}> has the attribute `{}` twice", attribute.key.0),
                ));
            }
            *slot = Some(Self::attribute_value(&attribute, element)?);
        }
        if others {
            // The attributes not read here still may not repeat.
            for attribute in element.start.attributes() {
                attribute.map_err(malformed)?;
            }
        }
        let [key, escaped_key, escaped] = values;
        let flag = |value: Option<Cow<'_, str>>, attribute: &str| match value.as_deref() {
            None => Ok(false),
            Some(value) => boolean(value).ok_or_else(|| {
                located(
                    ErrorKind::Invalid,
                    element.at,
                    format_args!(
                        "the `{attribute}` of <{name}> is {}, not true, false, 1 or 0",
                        shown(value)
                    ),
                )
            }),
        };
        let escaped_key = flag(escaped_key, "escaped-key")?;
        let escaped = flag(escaped, "escaped")?;
        let key = match key {
            None => None,
            Some(key) if escaped_key => Some(
                json_unescape(&key)
                    .map_err(|error| {
                        located(
                            ErrorKind::Invalid,
                            element.at,
                            format_args!("the key of <{name}>: {error}"),
                        )
                    })?
                    .into_owned(),
            ),
            Some(key) => Some(key.into_owned()),
        };
        Ok(Attributes { key, escaped })
    }

    /// Which of the attributes read here `attribute` is; `None` for one
    /// that is ignored (a namespace declaration, one of another namespace).
    /// One the representation does not allow where `element` stands is an
    /// error.
    fn known(
        &self,
        attribute: &Attribute<'_>,
        element: &Element<'a>,
        place: Place,
    ) -> Result<Option<Known>, Error> {
        let name = element.kind.name();
        if attribute.key.as_namespace_binding().is_some() {
            return Ok(None);
        }
        let (namespace, local) = self.reader.resolver().resolve_attribute(attribute.key);
        let problem = match namespace {
            ResolveResult::Unbound => match (local.into_inner(), place, element.kind) {
                ("key", Place::InMap, _) => return Ok(Some(Known::Key)),
                ("escaped-key", Place::InMap, _) => return Ok(Some(Known::EscapedKey)),
                ("escaped", _, Kind::String) => return Ok(Some(Known::Escaped)),
                (key @ ("key" | "escaped-key"), Place::Root, _) => {
                    format!("the root <{name}> has a `{key}`: only a map's entries have keys")
                }
                (key @ ("key" | "escaped-key"), Place::InArray, _) => {
                    format!("<{name}> in an <array> has a `{key}`: only a map's entries have keys")
                }
                (other, _, _) => {
                    format!(
                        "<{name}> may not have the attribute `{}`",
                        shown_name(other)
                    )
                }
            },
            ResolveResult::Bound(Namespace(NAMESPACE)) => format!(
                "<{name}> has the attribute `{}` in the representation's namespace, which has none",
                shown_name(attribute.key.0)
            ),
            ResolveResult::Bound(_) => return Ok(None),
            ResolveResult::Unknown(prefix) => format!(
                "the attribute `{}` of <{name}> has the prefix {} that no xmlns declares",
                shown_name(attribute.key.0),
                shown(&prefix)
            ),
        };
        Err(located(ErrorKind::Invalid, element.at, problem))
    }

    /// The value of `attribute` of `element`, normalized and its references
    /// resolved, if well-formed and of characters XML 1.0 allows.
    fn attribute_value<'e>(
        attribute: &Attribute<'e>,
        element: &Element<'a>,
    ) -> Result<Cow<'e, str>, Error> {
        // Nothing to normalize, resolve or refuse: borrow it.
        if attribute
            .value
            .bytes()
            .all(|b| b >= 0x20 && b != b'&' && b != b'<' && b != 0xEF)
        {
            return Ok(attribute.value.clone());
        }
        let problem = |what: &dyn std::fmt::Display| {
            located(
                ErrorKind::Syntax,
                element.at,
                format_args!(
                    "the attribute `{}` of <{}>: {what}",
                    attribute.key.0,
                    element.kind.name()
                ),
            )
        };
        if attribute.value.contains('<') {
            return Err(problem(&"a literal `<` is not allowed"));
        }
        let value = attribute
            .normalized_value_with(XmlVersion::Explicit1_0, 1, resolve_xml_entity)
            .map_err(|error| problem(&error))?;
        if let Some(c) = value.chars().find(|&c| !is_xml_char(c)) {
            return Err(problem(&format_args!(
                "U+{:04X} is not allowed in XML 1.0",
                u32::from(c)
            )));
        }
        Ok(value)
    }

    /// The value `element` holds, `depth` lists and maps down.
    fn value(
        &mut self,
        element: &Element<'a>,
        escaped: bool,
        depth: usize,
    ) -> Result<Value, Error> {
        Ok(match element.kind {
            Kind::Null => {
                self.nothing_in(element)?;
                Value::Null
            }
            Kind::Boolean => {
                let text = self.text(element)?;
                Value::Bool(boolean(&text).ok_or_else(|| {
                    located(
                        ErrorKind::Invalid,
                        element.at,
                        format_args!("<boolean> holds {}, not true, false, 1 or 0", shown(&text)),
                    )
                })?)
            }
            Kind::Number => {
                let text = self.text(element)?;
                number(&text).map_err(|why| {
                    located(
                        ErrorKind::Invalid,
                        element.at,
                        format_args!("<number> holds {}: {why}", shown(&text)),
                    )
                })?
            }
            Kind::String => {
                let text = self.text(element)?;
                if escaped {
                    let unescaped = json_unescape(&text).map_err(|error| {
                        located(
                            ErrorKind::Invalid,
                            element.at,
                            format_args!("<string>: {error}"),
                        )
                    })?;
                    Value::Text(unescaped.into_owned())
                } else {
                    Value::Text(text.into_owned())
                }
            }
            Kind::Array => {
                let depth = Self::deeper(depth, element)?;
                let mut items = Vec::new();
                while let Some(child) = self.child(element)? {
                    let attributes = self.attributes(&child, Place::InArray)?;
                    items.push(self.value(&child, attributes.escaped, depth)?);
                }
                Value::List(items)
            }
            Kind::Map => {
                let depth = Self::deeper(depth, element)?;
                let mut entries = Vec::new();
                while let Some(child) = self.child(element)? {
                    let Attributes { key, escaped } = self.attributes(&child, Place::InMap)?;
                    let Some(key) = key else {
                        return Err(located(
                            ErrorKind::Invalid,
                            child.at,
                            format_args!("<{}> in a <map> has no `key`", child.kind.name()),
                        ));
                    };
                    entries.push((key, self.value(&child, escaped, depth)?));
                }
                if let Some(key) = repeated_key(&entries) {
                    return Err(located(
                        ErrorKind::Invalid,
                        element.at,
                        format_args!(
                            "the <map> has the key {} twice (error FOJS0006)",
                            shown(key)
                        ),
                    ));
                }
                Value::Map(entries)
            }
        })
    }

    fn deeper(depth: usize, element: &Element<'a>) -> Result<usize, Error> {
        if depth >= MAX_DEPTH {
            Err(located(
                ErrorKind::Limit,
                element.at,
                format_args!("lists and maps nested deeper than {MAX_DEPTH} levels"),
            ))
        } else {
            Ok(depth + 1)
        }
    }

    /// The next child element of `parent` (a map or an array), or `None` at
    /// its end tag. Character data other than whitespace is an error.
    fn child(&mut self, parent: &Element<'a>) -> Result<Option<Element<'a>>, Error> {
        if parent.empty {
            return Ok(None);
        }
        loop {
            let blank = match self.event()? {
                Event::Start(start) => return self.element(start, false).map(Some),
                Event::Empty(start) => return self.element(start, true).map(Some),
                Event::End(_) => return Ok(None),
                Event::Comment(_) | Event::PI(_) => true,
                Event::Text(text) => is_blank(&text),
                Event::CData(data) => is_blank(&data),
                Event::GeneralRef(reference) => {
                    let mut resolved = String::new();
                    self.resolve(&reference, &mut resolved)?;
                    is_blank(&resolved)
                }
                Event::Eof => return Err(self.ends_inside(parent)),
                Event::Decl(_) | Event::DocType(_) => false,
            };
            if !blank {
                return Err(located(
                    ErrorKind::Invalid,
                    self.at,
                    format_args!(
                        "<{}> holds elements only: text is not allowed in it",
                        parent.kind.name()
                    ),
                ));
            }
        }
    }

    /// Reads to the end of `element`, which may hold nothing but comments
    /// and processing instructions.
    fn nothing_in(&mut self, element: &Element<'a>) -> Result<(), Error> {
        if element.empty {
            return Ok(());
        }
        loop {
            match self.event()? {
                Event::End(_) => return Ok(()),
                Event::Comment(_) | Event::PI(_) => {}
                Event::Text(text) if text.is_empty() => {}
                Event::Eof => return Err(self.ends_inside(element)),
                _ => {
                    return Err(located(
                        ErrorKind::Invalid,
                        self.at,
                        format_args!("<{}> must be empty", element.kind.name()),
                    ));
                }
            }
        }
    }

    /// The text content of `element`, exactly: line ends normalized as XML
    /// requires, references resolved, CDATA sections included, comments and
    /// processing instructions skipped. Child elements are errors.
    fn text(&mut self, element: &Element<'a>) -> Result<Cow<'a, str>, Error> {
        if element.empty {
            return Ok(Cow::Borrowed(""));
        }
        let mut text: Cow<'a, str> = Cow::Borrowed("");
        loop {
            let piece = match self.event()? {
                // Nothing to normalize or refuse: borrow it.
                Event::Text(piece)
                    if piece.bytes().all(|b| b >= 0x20 && b != b'>' && b != 0xEF) =>
                {
                    piece.into_inner()
                }
                Event::Text(piece) => {
                    if let Some(index) = piece.find("]]>") {
                        return Err(located(
                            ErrorKind::Syntax,
                            self.at + index as u64,
                            "`]]>` may not appear literally in text",
                        ));
                    }
                    self.check_chars(&piece, 0)?;
                    piece.xml10_content()
                }
                Event::CData(piece) => {
                    self.check_chars(&piece, "<![CDATA[".len())?;
                    piece.xml10_content()
                }
                Event::GeneralRef(reference) => {
                    self.resolve(&reference, text.to_mut())?;
                    continue;
                }
                Event::End(_) => return Ok(text),
                Event::Comment(_) | Event::PI(_) => continue,
                Event::Start(start) | Event::Empty(start) => {
                    return Err(located(
                        ErrorKind::Invalid,
                        self.at,
                        format_args!(
                            "<{}> holds text only, not the element <{}>",
                            element.kind.name(),
                            shown_name(start.name().0)
                        ),
                    ));
                }
                Event::Eof => return Err(self.ends_inside(element)),
                Event::Decl(_) | Event::DocType(_) => {
                    return Err(located(
                        ErrorKind::Syntax,
                        self.at,
                        format_args!("markup that is not allowed in <{}>", element.kind.name()),
                    ));
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
        match reference.resolve_char_ref() {
            Ok(Some(c)) if is_xml_char(c) => into.push(c),
            Ok(Some(c)) => {
                return Err(located(
                    ErrorKind::Syntax,
                    self.at,
                    format_args!(
                        "the character reference &{}; is U+{:04X}, which XML 1.0 does not allow",
                        shown_name(reference),
                        u32::from(c)
                    ),
                ));
            }
            Ok(None) => match resolve_xml_entity(reference) {
                Some(value) => into.push_str(value),
                None => {
                    return Err(located(
                        ErrorKind::Syntax,
                        self.at,
                        format_args!(
                            "unknown entity &{};, where only XML's five and character references are defined",
                            shown_name(reference)
                        ),
                    ));
                }
            },
            Err(error) => {
                return Err(located(
                    ErrorKind::Syntax,
                    self.at,
                    format_args!(
                        "invalid character reference &{};: {error}",
                        shown_name(reference)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Refuses a character XML 1.0 disallows in `raw`, text that starts
    /// `offset` bytes into the current event.
    fn check_chars(&self, raw: &str, offset: usize) -> Result<(), Error> {
        match raw.char_indices().find(|&(_, c)| !is_xml_char(c)) {
            None => Ok(()),
            Some((index, c)) => Err(located(
                ErrorKind::Syntax,
                self.at + (offset + index) as u64,
                format_args!("U+{:04X} is not allowed in XML 1.0", u32::from(c)),
            )),
        }
    }

    fn ends_inside(&self, element: &Element<'a>) -> Error {
        located(
            ErrorKind::Truncated,
            self.at,
            format_args!(
                "the input ends inside the <{}> opened at byte {}",
                element.kind.name(),
                element.at
            ),
        )
    }
}

/// An error of kind `kind` at byte `at` of the input, as the dataset
/// reader makes one.
fn located(kind: ErrorKind, at: u64, message: impl std::fmt::Display) -> Error {
    crate::read::located(document_error, kind, at, message)
}

/// An error of the XML row's document.
fn document_error(kind: ErrorKind, message: String) -> Error {
    Error::named(kind, Xml::NAME, DOCUMENT, message)
}

/// An `xs:boolean`: `true`, `false`, `1` or `0`, whitespace around it
/// allowed.
fn boolean(text: &str) -> Option<bool> {
    match text.trim_matches(is_xml_space) {
        "true" | "1" => Some(true),
        "false" | "0" => Some(false),
        _ => None,
    }
}

/// A `number`'s value: an `xs:double` in form, but NaN and the infinities,
/// which the representation leaves out, and read as an integer when it has
/// no `.` and no exponent.
fn number(text: &str) -> Result<Value, &'static str> {
    let text = text.trim_matches(is_xml_space);
    if !is_decimal(text) {
        return Err("not a number in decimal or exponent form");
    }
    let float = || match text.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(Value::Float(x)),
        _ => Err("beyond the range of a double"),
    };
    if text.bytes().any(|b| matches!(b, b'.' | b'e' | b'E')) {
        return float();
    }
    if let Ok(n) = text.parse::<i64>() {
        Ok(Value::Int(n))
    } else if let Ok(n) = text.parse::<u64>() {
        Ok(Value::UInt(n))
    } else {
        float()
    }
}

/// Whether `text` is a finite `xs:double` in form: a sign, digits with a
/// `.` anywhere among them, then an exponent, as in `-1.5E+3` or `.5`.
fn is_decimal(text: &str) -> bool {
    fn digits(bytes: &[u8]) -> usize {
        bytes.iter().take_while(|b| b.is_ascii_digit()).count()
    }
    let bytes = text.as_bytes();
    let mut at = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    let whole = digits(&bytes[at..]);
    at += whole;
    let mut fraction = 0;
    if bytes.get(at) == Some(&b'.') {
        at += 1;
        fraction = digits(&bytes[at..]);
        at += fraction;
    }
    if whole + fraction == 0 {
        return false;
    }
    if matches!(bytes.get(at), Some(b'e' | b'E')) {
        at += 1;
        at += usize::from(matches!(bytes.get(at), Some(b'+' | b'-')));
        let exponent = digits(&bytes[at..]);
        if exponent == 0 {
            return false;
        }
        at += exponent;
    }
    at == bytes.len()
}

fn is_xml_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

/// Whether `text` is XML whitespace only.
fn is_blank(text: &str) -> bool {
    text.chars().all(is_xml_space)
}
