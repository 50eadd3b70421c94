//! A document (`serbench-document`'s [`Value`]) for `serbench measure`'s
//! `xml` row: XML through quick-xml, in the XML representation of JSON
//! that XPath 3.1
//! defines (XPath and XQuery Functions and Operators 3.1, "XML
//! Representation of JSON"): what `fn:json-to-xml` returns and
//! `fn:xml-to-json` reads, so any XSLT 3.0 or XQuery 3.1 processor reads
//! a document back.
//!
//! ```xml
//! <map xmlns="http://www.w3.org/2005/xpath-functions"><string key="id">a1</string><array key="tags"><number>1</number><boolean>true</boolean><null/></array></map>
//! ```
//!
//! - A map's entries keep their order, each element holding its entry's
//!   name in a `key` attribute.
//! - An integer is written as one, a float in Rust's shortest form that
//!   reads back to the same bits, which always has a `.` or an exponent
//!   (`1.0`, `-0.0`, `1e300`). So a `number` whose text has `.`, `e` or
//!   `E` reads as a float, any other as an integer (`i64`, then `u64`, and
//!   past that a float, as serde_json reads such a number).
//! - XML 1.0 cannot hold the control characters other than tab, LF and CR,
//!   nor U+FFFE and U+FFFF. A string holding one is written with
//!   `escaped="true"` (a key with `escaped-key="true"`) and JSON's
//!   backslash escapes, `\\` for a backslash included; every other string
//!   is written as it is, a backslash in it a plain character.
//! - CR is written as the character reference `&#13;`, escaped string or
//!   not: a reader's end-of-line handling turns a literal CR into LF, while
//!   a reference reaches every XML reader as CR, and the string need not
//!   be escaped for it. In a key (an attribute value) tab and LF are
//!   references too, as attribute-value normalization would turn literal
//!   ones into spaces.
//! - The representation has no NaN or infinity (a `number` is an
//!   `xs:double` without them), no byte strings and no key twice in one
//!   map (error FOJS0006): the row refuses such a document when it is
//!   built, naming the path.
//!
//! Reading accepts what the specification accepts: the elements in the
//! namespace under any prefix, whitespace, comments and processing
//! instructions between elements, character references and CDATA in
//! text, `1` and `0` for booleans, attributes of other namespaces (which
//! it ignores). Everything else is refused with the byte it starts at: an
//! element or attribute out of place, a missing or repeated key, a bad
//! escape, a DOCTYPE (so no entity is ever declared or expanded), a
//! character XML 1.0 disallows, anything but whitespace, comments and
//! processing instructions after the root, and lists and maps nested
//! deeper than [`MAX_DEPTH`](serbench_document::value::MAX_DEPTH).

mod escape;
mod read;
mod write;

use std::collections::HashSet;

use serbench_document::codec::{Codec, Context, DocumentCodec};
use serbench_document::value::{Value, first_problem, json_problem};
use serbench_model::excerpt::shown;
use serbench_model::{BaseCodec, Error};

use crate::Xml;

/// The namespace of the representation's elements.
const NAMESPACE: &str = "http://www.w3.org/2005/xpath-functions";

struct XpathJson;

impl DocumentCodec for Xml {
    const KEEPS_KEY_ORDER: bool = true;

    /// Every document JSON can carry whose maps name each key once.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        carries(context.messages)?;
        Ok(Box::new(XpathJson))
    }
}

/// Refuses what XPath's XML representation of JSON has no form for (its
/// error FOJS0006 for a key twice), naming the place.
fn carries(messages: &[Value]) -> Result<(), Error> {
    first_problem(Xml::NAME, messages, &|value| {
        json_problem(value).or_else(|| match value {
            Value::Map(entries) => repeated_key(entries)
                .map(|key| format!("the key {} twice in one map (error FOJS0006)", shown(key))),
            _ => None,
        })
    })
}

impl Codec for XpathJson {
    fn encode(&self, value: &Value, out: &mut Vec<u8>) -> Result<(), Error> {
        // Duplicate keys are left to the build, which has refused them:
        // looking for them again would cost every encode.
        write::Output::new(out)
            .value(None, value, true)
            // The writer knows what it met, the walk also where.
            .map_err(|error| carries(std::slice::from_ref(value)).err().unwrap_or(error))
    }

    fn decode(&self, bytes: &[u8]) -> Result<Value, Error> {
        read::read(bytes)
    }
}

/// A key that `entries` holds twice, if any.
fn repeated_key(entries: &[(String, Value)]) -> Option<&str> {
    // Most maps are small: comparing each pair costs less than hashing.
    if entries.len() <= 16 {
        return entries.iter().enumerate().find_map(|(i, (key, _))| {
            entries[..i]
                .iter()
                .any(|(earlier, _)| earlier == key)
                .then_some(key.as_str())
        });
    }
    let mut seen = HashSet::with_capacity(entries.len());
    entries
        .iter()
        .find(|(key, _)| !seen.insert(key.as_str()))
        .map(|(key, _)| key.as_str())
}

/// The six elements of the representation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Map,
    Array,
    String,
    Number,
    Boolean,
    Null,
}

impl Kind {
    fn of(value: &Value) -> Kind {
        match value {
            Value::Null => Kind::Null,
            Value::Bool(_) => Kind::Boolean,
            Value::Int(_) | Value::UInt(_) | Value::Float(_) => Kind::Number,
            Value::Text(_) | Value::Bytes(_) => Kind::String,
            Value::List(_) => Kind::Array,
            Value::Map(_) => Kind::Map,
        }
    }

    fn named(local_name: &str) -> Option<Kind> {
        Some(match local_name {
            "map" => Kind::Map,
            "array" => Kind::Array,
            "string" => Kind::String,
            "number" => Kind::Number,
            "boolean" => Kind::Boolean,
            "null" => Kind::Null,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Map => "map",
            Kind::Array => "array",
            Kind::String => "string",
            Kind::Number => "number",
            Kind::Boolean => "boolean",
            Kind::Null => "null",
        }
    }
}

/// Whether XML 1.0 allows `c` (its production `Char`, which Rust's `char`
/// already keeps free of surrogates).
fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r') || (c >= ' ' && c != '\u{FFFE}' && c != '\u{FFFF}')
}

#[cfg(test)]
mod tests {
    use super::read::read;
    use super::*;
    use serbench_document::codec::UserSchemas;
    use serbench_document::schema::Schema;
    use serbench_document::value::MAX_DEPTH;

    const NS: &str = r#"xmlns="http://www.w3.org/2005/xpath-functions""#;

    fn json(text: &str) -> Value {
        serde_json::from_str(text).unwrap()
    }

    fn encode(value: &Value) -> String {
        let mut out = Vec::new();
        XpathJson.encode(value, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// `value` written and read back equal, and what was written.
    fn round_trip(value: &Value) -> String {
        let xml = encode(value);
        assert_eq!(&read(xml.as_bytes()).unwrap(), value, "{xml}");
        xml
    }

    fn assert_refused(xml: &str, says: &str) {
        let error = read(xml.as_bytes()).unwrap_err();
        assert!(error.message().contains(says), "{xml}: {error}");
        assert!(error.position().offset().is_some(), "{xml}: {error}");
        assert_eq!((error.codec(), error.dataset()), ("xml", "document"));
    }

    fn built(messages: &[Value]) -> Result<(), Error> {
        let schema = Schema::infer(messages, "t");
        let user = UserSchemas::default();
        let context = Context {
            name: "t",
            messages,
            schema: &schema,
            user: &user,
        };
        Xml::document(&context).map(|_| ())
    }

    #[test]
    fn every_json_kind_has_its_element() {
        let value =
            json(r#"{"a": null, "b": true, "c": -7, "d": 1.5, "e": "x", "f": [false], "g": {}}"#);
        assert_eq!(
            round_trip(&value),
            format!(
                r#"<map {NS}><null key="a"/><boolean key="b">true</boolean><number key="c">-7</number><number key="d">1.5</number><string key="e">x</string><array key="f"><boolean>false</boolean></array><map key="g"/></map>"#
            )
        );
        // Any element may be the root.
        for root in ["null", "true", "1", "1.5", r#""x""#, "[]", "{}", "[[], {}]"] {
            round_trip(&json(root));
        }
        assert_eq!(
            round_trip(&Value::Text(String::new())),
            format!("<string {NS}/>")
        );
    }

    #[test]
    fn numbers_keep_their_kind_and_bits() {
        for (value, written) in [
            (Value::Int(0), "0"),
            (Value::Int(i64::MIN), "-9223372036854775808"),
            (Value::Int(i64::MAX), "9223372036854775807"),
            (Value::UInt(u64::MAX), "18446744073709551615"),
            (Value::Float(1.0), "1.0"),
            (Value::Float(-0.0), "-0.0"),
            (Value::Float(0.0), "0.0"),
            (Value::Float(1e300), "1e300"),
            (Value::Float(5e-324), "5e-324"),
            (Value::Float(0.1), "0.1"),
        ] {
            let xml = round_trip(&value);
            assert_eq!(xml, format!("<number {NS}>{written}</number>"));
        }
        for x in [
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            1e16,
            -1.5e-7,
            123_456.789,
        ] {
            round_trip(&Value::Float(x));
        }
    }

    #[test]
    fn text_is_escaped_only_where_xml_cannot_hold_it() {
        for (text, written) in [
            ("<a & b> \"'", "&lt;a &amp; b&gt; \"'"),
            ("]]>", "]]&gt;"),
            ("tab\tand\nline", "tab\tand\nline"),
            ("cr\r\nlf", "cr&#13;\nlf"),
            ("smörgåsbord 🎉 Ελλάδα", "smörgåsbord 🎉 Ελλάδα"),
            // A backslash in a string not escaped is a character like any.
            (r"C:\path\u0041", r"C:\path\u0041"),
        ] {
            let xml = round_trip(&Value::Text(text.to_owned()));
            assert_eq!(xml, format!("<string {NS}>{written}</string>"), "{text:?}");
        }
        for (text, written) in [
            ("\u{1}\u{1f}", r"\u0001\u001F"),
            ("\u{8}\u{c}", r"\b\f"),
            ("\u{fffe}\u{ffff}", r"\uFFFE\uFFFF"),
            ("\u{0} then \\ then \r", r"\u0000 then \\ then &#13;"),
        ] {
            let xml = round_trip(&Value::Text(text.to_owned()));
            assert_eq!(
                xml,
                format!(r#"<string {NS} escaped="true">{written}</string>"#),
                "{text:?}"
            );
        }
    }

    #[test]
    fn keys_are_escaped_as_attributes_and_as_json() {
        let map = |key: &str| Value::Map(vec![(key.to_owned(), Value::Null)]);
        for (key, written) in [
            ("", r#"key="""#),
            ("\"<&>'", r#"key="&quot;&lt;&amp;&gt;&apos;""#),
            ("\t\n\r", r#"key="&#9;&#10;&#13;""#),
            ("ünï", r#"key="ünï""#),
            ("\u{7}\\", r#"key="\u0007\\" escaped-key="true""#),
        ] {
            let xml = round_trip(&map(key));
            assert_eq!(xml, format!("<map {NS}><null {written}/></map>"), "{key:?}");
        }
    }

    #[test]
    fn other_writers_forms_read_the_same() {
        let want = json(
            r#"{"s": "a\r\nb <c> é 🎉", "t": true, "f": false, "n": [5, 7, 1000.0, 0.5, 18446744073709551616], "k\u0001": null}"#,
        );
        let xml = "\u{feff}<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\
            <!-- written by hand -->\n\
            <j:map xmlns:j=\"http://www.w3.org/2005/xpath-functions\" xmlns:o=\"urn:other\" o:note=\"ignored\" xml:lang=\"en\">\n\
              <j:string key=\"s\" escaped=\" 1 \">a&#xD;\\n<![CDATA[b <c>]]> &#233; \\uD83C\\uDF89</j:string>\n\
              <j:boolean key='t'> 1 </j:boolean>\n\
              <j:boolean key=\"f\">0<?pi?></j:boolean>\n\
              <array key=\"n\" xmlns=\"http://www.w3.org/2005/xpath-functions\">\
                <number> +5 </number><number>007</number><number>1E3</number><number>.5</number>\
                <number>18446744073709551616</number>\
              </array>\n\
              <j:null key=\"k\\u0001\" escaped-key=\"true\"></j:null>\n\
            </j:map>\n<!-- after -->\n";
        assert_eq!(read(xml.as_bytes()).unwrap(), want);
        // What Saxon's fn:json-to-xml writes for the JSON text
        // {"a\u0001": "x\u0002\r\\y", "n": [1, -0.0, 1e300], "z": null}
        // with escape: true().
        let saxon = r#"<map xmlns="http://www.w3.org/2005/xpath-functions"><string escaped-key="true" key="a\u0001" escaped="true">x\u0002\r\\y</string><array key="n"><number>1</number><number>-0.0</number><number>1e300</number></array><null key="z"/></map>"#;
        assert_eq!(
            read(saxon.as_bytes()).unwrap(),
            json(r#"{"a\u0001": "x\u0002\r\\y", "n": [1, -0.0, 1e300], "z": null}"#)
        );
        // Line ends in text are normalized, as every XML reader does.
        assert_eq!(
            read(format!("<string {NS}>a\r\nb\rc</string>").as_bytes()).unwrap(),
            Value::Text("a\nb\nc".to_owned())
        );
    }

    #[test]
    fn a_document_it_cannot_carry_is_refused_with_its_path() {
        let with = |inner: Value| {
            Value::Map(vec![(
                "a".to_owned(),
                Value::List(vec![Value::Null, inner]),
            )])
        };
        for (value, says) in [
            (with(Value::Float(f64::NAN)), "NaN"),
            (with(Value::Float(f64::NEG_INFINITY)), "-inf"),
            (with(Value::Bytes(vec![1])), "byte strings"),
        ] {
            let error = built(&[Value::Null, value.clone()]).unwrap_err();
            assert!(error.message().contains(says), "{error}");
            assert_eq!(error.position().path(), Some("$.a[1]"), "{error}");
            let error = XpathJson.encode(&value, &mut Vec::new()).unwrap_err();
            assert!(error.message().contains(says), "{error}");
            assert_eq!(error.position().path(), Some("$.a[1]"), "{error}");
        }
        // Built, as every input reader refuses a key twice.
        let twice = with(Value::Map(vec![
            ("x".to_owned(), Value::Int(1)),
            ("y".to_owned(), Value::Int(2)),
            ("x".to_owned(), Value::Int(3)),
        ]));
        let error = built(&[twice]).unwrap_err();
        assert!(error.message().contains(r#"the key "x" twice"#), "{error}");
        assert_eq!(error.position().path(), Some("$.a[1]"), "{error}");
        let many: Vec<(String, Value)> = (0..40)
            .map(|i| (format!("k{}", i % 39), Value::Null))
            .collect();
        assert_eq!(repeated_key(&many), Some("k0"));
        assert!(built(&[json(r#"{"x": [1.5, "a", {"y": null}]}"#)]).is_ok());
    }

    /// An element or attribute the representation does not have there.
    #[test]
    fn elements_and_attributes_out_of_place_are_refused() {
        for (xml, says) in [
            (String::new(), "no root element"),
            ("<map>".to_owned(), "not in the namespace"),
            (
                r#"<map xmlns="http://www.w3.org/2005/xpath-functions/">"#.to_owned(),
                "not in the namespace",
            ),
            (format!("<j:map {NS}/>"), "no xmlns declares"),
            (
                format!("<object {NS}/>"),
                "is not map, array, string, number, boolean or null",
            ),
            (
                format!("<map {NS}><null/></map>"),
                "<null> in a <map> has no `key`",
            ),
            (
                format!(r#"<array {NS}><null key="a"/></array>"#),
                "only a map's entries",
            ),
            (
                format!(r#"<map {NS} key="a"/>"#),
                "the root <map> has a `key`",
            ),
            (
                format!(r#"<number {NS} escaped="true">1</number>"#),
                "attribute `escaped`",
            ),
            (
                format!(r#"<map {NS}><null key="a" id="1"/></map>"#),
                "attribute `id`",
            ),
            (
                format!(r#"<map {NS}><null key="a" key="b"/></map>"#),
                "twice",
            ),
            (
                format!(r#"<map {NS} xmlns:o="urn:o"><null key="a" o:x="1" o:x="2"/></map>"#),
                "malformed attributes",
            ),
            (
                format!(r#"<map {NS}><null key="a"/><null key="a"/></map>"#),
                r#"the key "a" twice"#,
            ),
            (
                format!(r#"<map {NS}><null key="\u0061" escaped-key="1"/><null key="a"/></map>"#),
                r#"the key "a" twice"#,
            ),
            (format!("<array {NS}>1</array>"), "holds elements only"),
            (format!("<string {NS}><null/></string>"), "holds text only"),
            (format!("<null {NS}> </null>"), "<null> must be empty"),
        ] {
            assert_refused(&xml, says);
        }
    }

    /// A number, boolean or escape not in its form.
    #[test]
    fn values_out_of_form_are_refused() {
        for (xml, says) in [
            (
                format!(r#"<string {NS} escaped="yes"/>"#),
                "not true, false, 1 or 0",
            ),
            (format!("<number {NS}>abc</number>"), "not a number"),
            (format!("<number {NS}>NaN</number>"), "not a number"),
            (format!("<number {NS}>INF</number>"), "not a number"),
            (format!("<number {NS}>1e400</number>"), "beyond the range"),
            (format!("<number {NS}>1e</number>"), "not a number"),
            (format!("<number {NS}></number>"), "not a number"),
            (
                format!("<boolean {NS}>yes</boolean>"),
                "not true, false, 1 or 0",
            ),
            (
                format!(r#"<string {NS} escaped="true">\x</string>"#),
                "FOJS0007",
            ),
            (
                format!(r#"<string {NS} escaped="true">\u12</string>"#),
                "FOJS0007",
            ),
            (
                format!(r#"<string {NS} escaped="true">a\</string>"#),
                "lone",
            ),
            (
                format!(r#"<string {NS} escaped="true">\uD800</string>"#),
                "unpaired",
            ),
            (
                format!(r#"<string {NS} escaped="true">\uDC00\uD800</string>"#),
                "unpaired",
            ),
        ] {
            assert_refused(&xml, says);
        }
    }

    /// What XML 1.0 does not allow, or XML the representation does not use.
    #[test]
    fn what_is_not_xml_is_refused() {
        for (xml, says) in [
            (
                format!("<string {NS}>\u{1}</string>"),
                "U+0001 is not allowed",
            ),
            (format!("<string {NS}>&#1;</string>"), "U+0001"),
            (format!("<string {NS}>]]></string>"), "`]]>`"),
            (format!("<string {NS}>&nbsp;</string>"), "unknown entity"),
            (
                format!(r#"<map {NS}><null key="a<b"/></map>"#),
                "literal `<`",
            ),
            (format!(r#"<map {NS}><null key="&#2;"/></map>"#), "U+0002"),
            (
                format!("<string {NS}>x</number>"),
                "but `</number>` was found",
            ),
            (
                format!("<array {NS}><null/>"),
                "the input ends inside the <array>",
            ),
            (
                format!("<null {NS}/><null {NS}/>"),
                "a second element <null>",
            ),
            (format!("<null {NS}/>x"), "after the root element"),
            (format!("<!DOCTYPE map><map {NS}/>"), "DOCTYPE is refused"),
            (format!("<?xml version=\"1.1\"?><map {NS}/>"), "only 1.0"),
            (
                format!("<?xml version=\"1.0\" encoding=\"latin1\"?><map {NS}/>"),
                "only UTF-8",
            ),
            (
                format!(" <?xml version=\"1.0\"?><map {NS}/>"),
                "an XML declaration",
            ),
            (format!("<string {NS}>\u{0}</string>"), "U+0000"),
        ] {
            assert_refused(&xml, says);
        }
        assert!(read(b"<string \xff/>").is_err());
    }

    #[test]
    fn nesting_is_bounded_as_everywhere_in_the_crate() {
        let nested = |depth: usize| {
            format!(
                "<array {NS}>{}{}</array>",
                "<array>".repeat(depth - 1),
                "</array>".repeat(depth - 1)
            )
        };
        assert!(read(nested(MAX_DEPTH).as_bytes()).is_ok());
        assert_refused(
            &nested(MAX_DEPTH + 1),
            &format!("nested deeper than {MAX_DEPTH}"),
        );
    }

    #[test]
    fn every_truncation_is_an_error_not_a_panic() {
        let value =
            json(r#"{"a": [1, -2.5, "x\u0001<y>", null, true, {"k\r": []}], "b": "smörgåsbord"}"#);
        let xml = round_trip(&value);
        for end in 0..xml.len() {
            assert!(read(&xml.as_bytes()[..end]).is_err(), "{}", &xml[..end]);
        }
    }
}
