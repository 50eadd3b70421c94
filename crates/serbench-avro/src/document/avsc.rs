//! The `.avsc` of an inferred schema, written as `document` says, and
//! the document keys its names lose.

use std::collections::HashMap;
use std::fmt::Write as _;

use serbench_document::DOCUMENT;
use serbench_document::schema::{Record, Schema, Unique, camel};
use serbench_model::{BaseCodec, Error, ErrorKind};

/// What an inferred schema says that Avro's names cannot: each field's
/// key in the document and how its absence is written. Empty for the
/// user's schema, whose fields are found by name.
#[derive(Default)]
pub(super) struct Keys {
    /// Per record name, per field: the key, and whether the field's
    /// `null` branch stands for the key's absence.
    pub(super) records: HashMap<String, Vec<(String, bool)>>,
    /// The name of the empty record that stands for an absent key.
    pub(super) absent: Option<String>,
    /// The document is not a map: it is the root record's one field.
    pub(super) wrapped: bool,
}

/// The most levels of arrays and objects serde_json, which parses a
/// schema for apache-avro, reads: a record nests two or three levels
/// (its fields, a field, a union), so a document of about 60 levels has
/// a schema past it.
pub(super) const AVSC_NESTING: usize = 127;

/// How deep `json`'s arrays and objects nest.
pub(super) fn json_nesting(json: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0);
    let (mut in_text, mut escaped) = (false, false);
    for byte in json.bytes() {
        match byte {
            _ if escaped => escaped = false,
            b'\\' if in_text => escaped = true,
            b'"' => in_text = !in_text,
            _ if in_text => {}
            b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// A JSON value as the `.avsc` writer builds it, keys in the order given.
enum Json {
    Str(String),
    List(Vec<Json>),
    Object(Vec<(&'static str, Json)>),
    Raw(&'static str),
}

fn text(s: &str) -> Json {
    Json::Str(s.to_owned())
}

impl Json {
    fn write(&self, out: &mut String, indent: usize) {
        match self {
            Json::Str(s) => out.push_str(&serde_json::to_string(s).expect("a string serializes")),
            Json::Raw(raw) => out.push_str(raw),
            Json::List(items)
                if items
                    .iter()
                    .all(|i| matches!(i, Json::Str(_) | Json::Raw(_))) =>
            {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    item.write(out, indent);
                }
                out.push(']');
            }
            Json::List(items) => {
                Json::block(out, indent, '[', ']', items.iter().map(|i| (None, i)));
            }
            Json::Object(entries) => Json::block(
                out,
                indent,
                '{',
                '}',
                entries.iter().map(|(k, v)| (Some(*k), v)),
            ),
        }
    }

    fn block<'a>(
        out: &mut String,
        indent: usize,
        open: char,
        close: char,
        items: impl ExactSizeIterator<Item = (Option<&'a str>, &'a Json)>,
    ) {
        if items.len() == 0 {
            out.push(open);
            out.push(close);
            return;
        }
        out.push(open);
        let count = items.len();
        for (i, (key, item)) in items.enumerate() {
            out.push('\n');
            out.extend(std::iter::repeat_n(' ', indent + 2));
            if let Some(key) = key {
                let _ = write!(out, "\"{key}\": ");
            }
            item.write(out, indent + 2);
            if i + 1 < count {
                out.push(',');
            }
        }
        out.push('\n');
        out.extend(std::iter::repeat_n(' ', indent));
        out.push(close);
    }
}

/// The `.avsc` of an inferred schema, and the keys its names lose.
pub(super) fn write_avsc(schema: &Schema, name: &str) -> Result<(String, Keys), Error> {
    let mut taken = Unique::default();
    for record in schema.records() {
        taken.reserve(&record.name);
    }
    let mut writer = AvscWriter {
        keys: Keys::default(),
        absent: taken.give("Absent"),
        absent_written: false,
    };
    let root = if let Schema::Record(record) = schema {
        writer.record(record, "$")?
    } else {
        let wrapper = taken.give(&camel(name));
        writer.keys.wrapped = true;
        Json::Object(vec![
            ("type", text("record")),
            ("name", Json::Str(wrapper)),
            (
                "doc",
                text("The document, which is not a map, as the one field of a record."),
            ),
            (
                "fields",
                Json::List(vec![Json::Object(vec![
                    ("name", text("value")),
                    ("type", writer.avro_type(schema, "$")?),
                ])]),
            ),
        ])
    };
    let mut text = String::new();
    root.write(&mut text, 0);
    text.push('\n');
    writer.keys.absent = writer.absent_written.then_some(writer.absent);
    Ok((text, writer.keys))
}

struct AvscWriter {
    keys: Keys,
    absent: String,
    absent_written: bool,
}

impl AvscWriter {
    fn avro_type(&mut self, schema: &Schema, path: &str) -> Result<Json, Error> {
        Ok(match schema {
            Schema::Empty | Schema::Null => Json::Raw("\"null\""),
            Schema::Bool => text("boolean"),
            Schema::Int(range) if range.past_i64 => {
                let message = format!(
                    "integers past {} do not fit Avro's long, which is signed",
                    i64::MAX
                );
                return Err(Error::named(
                    ErrorKind::Unsupported,
                    crate::Avro::NAME,
                    DOCUMENT,
                    message,
                )
                .at_path(path));
            }
            Schema::Int(_) => text("long"),
            Schema::Float => text("double"),
            Schema::Text => text("string"),
            Schema::Bytes => text("bytes"),
            Schema::List(item) => Json::Object(vec![
                ("type", text("array")),
                ("items", self.avro_type(item, &format!("{path}[]"))?),
            ]),
            Schema::Record(record) => self.record(record, path)?,
            Schema::Nullable(inner) => {
                let mut branches = vec![Json::Raw("\"null\"")];
                branches.extend(self.members(inner, path)?);
                Json::List(branches)
            }
            Schema::Union(_) => Json::List(self.members(schema, path)?),
        })
    }

    /// The union branches of a schema: a union's members, flattened.
    fn members(&mut self, schema: &Schema, path: &str) -> Result<Vec<Json>, Error> {
        match schema {
            Schema::Union(members) => members.iter().map(|m| self.avro_type(m, path)).collect(),
            other => Ok(vec![self.avro_type(other, path)?]),
        }
    }

    fn record(&mut self, record: &Record, path: &str) -> Result<Json, Error> {
        let mut fields = Vec::with_capacity(record.fields.len());
        let mut keys = Vec::with_capacity(record.fields.len());
        for field in &record.fields {
            let path = format!("{path}.{}", field.key);
            let mut entries = vec![("name", text(&field.ident))];
            if field.key != field.ident {
                entries.push(("doc", text(&field.key)));
            }
            let null_absent;
            if field.required {
                null_absent = false;
                entries.push(("type", self.avro_type(&field.schema, &path)?));
            } else if matches!(field.schema, Schema::Null | Schema::Nullable(_)) {
                // Absent somewhere and null somewhere: the absence is a
                // branch of its own.
                null_absent = false;
                let mut branches = vec![self.absent_type()];
                if let Schema::Nullable(inner) = &field.schema {
                    branches.push(Json::Raw("\"null\""));
                    branches.extend(self.members(inner, &path)?);
                } else {
                    branches.push(Json::Raw("\"null\""));
                }
                entries.push(("type", Json::List(branches)));
                entries.push(("default", Json::Raw("{}")));
            } else {
                null_absent = true;
                let mut branches = vec![Json::Raw("\"null\"")];
                branches.extend(self.members(&field.schema, &path)?);
                entries.push(("type", Json::List(branches)));
                entries.push(("default", Json::Raw("null")));
            }
            keys.push((field.key.clone(), null_absent));
            fields.push(Json::Object(entries));
        }
        self.keys.records.insert(record.name.clone(), keys);
        Ok(Json::Object(vec![
            ("type", text("record")),
            ("name", text(&record.name)),
            ("fields", Json::List(fields)),
        ]))
    }

    /// The empty record for an absent key: defined where first used,
    /// named after that.
    fn absent_type(&mut self) -> Json {
        if self.absent_written {
            return Json::Str(self.absent.clone());
        }
        self.absent_written = true;
        Json::Object(vec![
            ("type", text("record")),
            ("name", Json::Str(self.absent.clone())),
            (
                "doc",
                text("The key is absent from the map (null is its own branch)."),
            ),
            ("fields", Json::List(Vec::new())),
        ])
    }
}

#[cfg(test)]
mod tests {
    use apache_avro::Schema as AvroSchema;
    use serbench_document::Value;

    use super::*;

    #[test]
    fn the_absent_branch_is_named_once() {
        let docs: Vec<Value> = [
            r#"{"a": {"b": 1}, "c": 2}"#,
            r#"{"a": null}"#,
            r#"{"c": null}"#,
        ]
        .iter()
        .map(|t| serde_json::from_str(t).unwrap())
        .collect();
        let schema = Schema::infer(&docs, "d");
        let (text, keys) = write_avsc(&schema, "d").unwrap();
        assert_eq!(text.matches("\"name\": \"Absent\"").count(), 1, "{text}");
        assert_eq!(keys.absent.as_deref(), Some("Absent"));
        AvroSchema::parse_str(&text).unwrap();
    }
}
