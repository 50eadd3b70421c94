//! A document's [`Value`] as apache-avro's value tree under a schema,
//! and back.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use apache_avro::Schema as AvroSchema;
use apache_avro::schema::{RecordSchema, ResolvedSchema, SchemaKind};
use apache_avro::types::Value as Avro;
use serbench_document::DOCUMENT;
use serbench_document::value::{MapKeys, Value};
use serbench_model::excerpt::shown;
use serbench_model::{BaseCodec, Error, ErrorKind};

use super::AvroCodec;

/// The type a reference names, or `schema` itself.
pub(super) fn resolve<'s>(
    names: &'s ResolvedSchema<'s>,
    schema: &'s AvroSchema,
) -> Result<&'s AvroSchema, Error> {
    match schema {
        AvroSchema::Ref { name } => names.get_names().get(name).copied().ok_or_else(|| {
            let message = format!("the schema names {} but never defines it", name.name());
            Error::named(ErrorKind::Invalid, crate::Avro::NAME, DOCUMENT, message)
        }),
        other => Ok(other),
    }
}

/// The kind of value an Avro type takes, for errors and union branches.
fn expected(schema: &AvroSchema) -> String {
    match schema {
        AvroSchema::Record(record) => format!("record {}", record.name.name()),
        AvroSchema::Ref { name } => name.name().to_owned(),
        AvroSchema::Union(union) => {
            let names: Vec<String> = union.variants().iter().map(expected).collect();
            format!("one of [{}]", names.join(", "))
        }
        other => format!("{:?}", SchemaKind::from(other)).to_lowercase(),
    }
}

/// What the schema has no place for at `path`, as an error of the
/// document's encode.
fn misfit(path: &str, message: impl Into<String>) -> Error {
    Error::named(ErrorKind::Unsupported, crate::Avro::NAME, DOCUMENT, message).at_path(path)
}

/// A datum apache-avro read that the schema does not lead to.
fn unread(message: impl Into<String>) -> Error {
    Error::named(ErrorKind::Invalid, crate::Avro::NAME, DOCUMENT, message)
}

fn mismatch(path: &str, schema: &AvroSchema, value: &Value) -> Error {
    let message = format!("expected {}, found {}", expected(schema), value.kind());
    misfit(path, message)
}

impl AvroCodec {
    fn resolve<'s>(&'s self, schema: &'s AvroSchema) -> Result<&'s AvroSchema, Error> {
        resolve(&self.names, schema)
    }

    fn is_absent(&self, schema: &AvroSchema) -> bool {
        let name = match schema {
            AvroSchema::Record(record) => &record.name,
            AvroSchema::Ref { name } => name,
            _ => return false,
        };
        self.keys.absent.as_deref() == Some(name.name())
    }

    pub(super) fn to_avro(
        &self,
        schema: &AvroSchema,
        value: &Value,
        path: &mut String,
    ) -> Result<Avro, Error> {
        let schema = self.resolve(schema)?;
        Ok(match (schema, value) {
            (AvroSchema::Null, Value::Null) => Avro::Null,
            (AvroSchema::Boolean, Value::Bool(b)) => Avro::Boolean(*b),
            (AvroSchema::Long, Value::Int(n)) => Avro::Long(*n),
            (AvroSchema::Int, Value::Int(n)) => Avro::Int(
                i32::try_from(*n)
                    .map_err(|_| misfit(path, format!("{n} does not fit Avro's int")))?,
            ),
            (AvroSchema::Date, Value::Int(n)) => Avro::Date(int32(*n, path)?),
            (AvroSchema::TimeMillis, Value::Int(n)) => Avro::TimeMillis(int32(*n, path)?),
            (AvroSchema::TimeMicros, Value::Int(n)) => Avro::TimeMicros(*n),
            (AvroSchema::TimestampMillis, Value::Int(n)) => Avro::TimestampMillis(*n),
            (AvroSchema::TimestampMicros, Value::Int(n)) => Avro::TimestampMicros(*n),
            (AvroSchema::TimestampNanos, Value::Int(n)) => Avro::TimestampNanos(*n),
            (AvroSchema::LocalTimestampMillis, Value::Int(n)) => Avro::LocalTimestampMillis(*n),
            (AvroSchema::LocalTimestampMicros, Value::Int(n)) => Avro::LocalTimestampMicros(*n),
            (AvroSchema::LocalTimestampNanos, Value::Int(n)) => Avro::LocalTimestampNanos(*n),
            (AvroSchema::Double, Value::Float(x)) => Avro::Double(*x),
            (AvroSchema::Float, Value::Float(x)) => {
                let single = *x as f32;
                if f64::from(single).to_bits() != x.to_bits() {
                    return Err(misfit(path, format!("{x:?} does not fit Avro's float")));
                }
                Avro::Float(single)
            }
            (AvroSchema::String, Value::Text(text)) => Avro::String(text.clone()),
            (AvroSchema::Bytes, Value::Bytes(bytes)) => Avro::Bytes(bytes.clone()),
            (AvroSchema::Fixed(fixed), Value::Bytes(bytes)) => {
                if bytes.len() != fixed.size {
                    let message = format!("{} bytes for a fixed of {}", bytes.len(), fixed.size);
                    return Err(misfit(path, message));
                }
                Avro::Fixed(fixed.size, bytes.clone())
            }
            (AvroSchema::Enum(symbols), Value::Text(text)) => {
                let index = symbols
                    .symbols
                    .iter()
                    .position(|s| s == text)
                    .ok_or_else(|| {
                        let message = format!(
                            "{} is no symbol of enum {}",
                            shown(text),
                            symbols.name.name()
                        );
                        misfit(path, message)
                    })?;
                Avro::Enum(index as u32, text.clone())
            }
            (AvroSchema::Array(array), Value::List(items)) => {
                let mut out = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    let len = path.len();
                    let _ = write!(path, "[{i}]");
                    out.push(self.to_avro(&array.items, item, path)?);
                    path.truncate(len);
                }
                Avro::Array(out)
            }
            (AvroSchema::Map(map), Value::Map(entries)) => {
                let mut out = HashMap::with_capacity(entries.len());
                for (key, item) in entries {
                    let len = path.len();
                    let _ = write!(path, ".{key}");
                    out.insert(key.clone(), self.to_avro(&map.types, item, path)?);
                    path.truncate(len);
                }
                Avro::Map(out)
            }
            (AvroSchema::Record(record), Value::Map(entries)) => {
                self.record_to_avro(record, entries, path)?
            }
            (AvroSchema::Union(union), value) => {
                let mut failure = None;
                for (index, branch) in union.variants().iter().enumerate() {
                    if self.is_absent(branch) || !takes(self.resolve(branch)?, value) {
                        continue;
                    }
                    match self.to_avro(branch, value, path) {
                        Ok(inner) => return Ok(Avro::Union(index as u32, Box::new(inner))),
                        Err(error) => failure = failure.or(Some(error)),
                    }
                }
                return Err(failure.unwrap_or_else(|| mismatch(path, schema, value)));
            }
            (
                AvroSchema::Decimal(_)
                | AvroSchema::BigDecimal
                | AvroSchema::Duration(_)
                | AvroSchema::Uuid(_),
                _,
            ) => {
                let message = format!("Avro's {} logical type is not measured", expected(schema));
                return Err(misfit(path, message));
            }
            _ => return Err(mismatch(path, schema, value)),
        })
    }

    fn record_to_avro<'a>(
        &'a self,
        record: &'a RecordSchema,
        entries: &[(String, Value)],
        path: &mut String,
    ) -> Result<Avro, Error> {
        let keys = self.keys.records.get(record.name.name());
        // The key each field takes, then its aliases where the schema is
        // the user's: one lookup each in the map's entries, by name.
        let names = |index: usize, field: &'a apache_avro::schema::RecordField| {
            let key = match keys.and_then(|keys| keys.get(index)) {
                Some((key, _)) => key.as_str(),
                None => field.name.as_str(),
            };
            let aliases = if keys.is_none() {
                field.aliases.as_slice()
            } else {
                &[]
            };
            std::iter::once(key).chain(aliases.iter().map(String::as_str))
        };
        let by_key = MapKeys::of(entries);
        let mut used = 0;
        let mut fields = Vec::with_capacity(record.fields.len());
        for (index, field) in record.fields.iter().enumerate() {
            let (key, null_absent) = match keys.and_then(|keys| keys.get(index)) {
                Some((key, null_absent)) => (key.as_str(), *null_absent),
                None => (field.name.as_str(), false),
            };
            let found = names(index, field).find_map(|name| by_key.get(name));
            let len = path.len();
            let _ = write!(path, ".{key}");
            let value = if let Some(value) = found {
                used += 1;
                self.to_avro(&field.schema, value, path)?
            } else {
                self.absent_field(&field.schema, field.default.as_ref(), null_absent, path)?
            };
            path.truncate(len);
            fields.push((field.name.clone(), value));
        }
        if used != entries.len() {
            // Some key named no field, or one was given twice: name it.
            let known: HashSet<&str> = record
                .fields
                .iter()
                .enumerate()
                .flat_map(|(index, field)| names(index, field))
                .collect();
            let mut seen = HashSet::new();
            let stray = entries
                .iter()
                .find(|(k, _)| !known.contains(k.as_str()) || !seen.insert(k.as_str()));
            let key = stray.map_or("?", |(k, _)| k.as_str());
            let message = format!(
                "the key {} has no field in record {}, or is given twice",
                shown(key),
                record.name.name()
            );
            return Err(misfit(path, message));
        }
        Ok(Avro::Record(fields))
    }

    /// The value written for a field whose key the map lacks.
    fn absent_field(
        &self,
        schema: &AvroSchema,
        default: Option<&serde_json::Value>,
        null_absent: bool,
        path: &mut String,
    ) -> Result<Avro, Error> {
        if let AvroSchema::Union(union) = self.resolve(schema)? {
            let variants = union.variants();
            if let Some(index) = variants.iter().position(|b| self.is_absent(b)) {
                return Ok(Avro::Union(
                    index as u32,
                    Box::new(Avro::Record(Vec::new())),
                ));
            }
            if null_absent && let Some(index) = variants.iter().position(|b| *b == AvroSchema::Null)
            {
                return Ok(Avro::Union(index as u32, Box::new(Avro::Null)));
            }
        }
        let Some(default) = default else {
            return Err(misfit(path, "missing, and its field has no default"));
        };
        let value: Value = serde_json::from_value(default.clone()).map_err(|error| {
            misfit(path, format!("the default is not a value: {error}")).with_source(error)
        })?;
        self.to_avro(schema, &value, path)
    }

    pub(super) fn value_of(&self, schema: &AvroSchema, datum: Avro) -> Result<Value, Error> {
        let schema = self.resolve(schema)?;
        Ok(match (schema, datum) {
            (_, Avro::Null) => Value::Null,
            (_, Avro::Boolean(b)) => Value::Bool(b),
            (_, Avro::Int(n) | Avro::Date(n) | Avro::TimeMillis(n)) => Value::Int(n.into()),
            (
                _,
                Avro::Long(n)
                | Avro::TimeMicros(n)
                | Avro::TimestampMillis(n)
                | Avro::TimestampMicros(n)
                | Avro::TimestampNanos(n)
                | Avro::LocalTimestampMillis(n)
                | Avro::LocalTimestampMicros(n)
                | Avro::LocalTimestampNanos(n),
            ) => Value::Int(n),
            (_, Avro::Float(x)) => Value::Float(x.into()),
            (_, Avro::Double(x)) => Value::Float(x),
            (_, Avro::String(text) | Avro::Enum(_, text)) => Value::Text(text),
            (_, Avro::Bytes(bytes) | Avro::Fixed(_, bytes)) => Value::Bytes(bytes),
            (AvroSchema::Array(array), Avro::Array(items)) => Value::List(
                items
                    .into_iter()
                    .map(|item| self.value_of(&array.items, item))
                    .collect::<Result<_, _>>()?,
            ),
            (AvroSchema::Map(map), Avro::Map(entries)) => {
                let mut entries = entries
                    .into_iter()
                    .map(|(key, item)| Ok((key, self.value_of(&map.types, item)?)))
                    .collect::<Result<Vec<_>, Error>>()?;
                entries.sort_by(|(a, _), (b, _)| a.cmp(b));
                Value::Map(entries)
            }
            (AvroSchema::Union(union), Avro::Union(index, inner)) => {
                let branch = union
                    .variants()
                    .get(index as usize)
                    .ok_or_else(|| unread(format!("union branch {index} out of range")))?;
                self.value_of(branch, *inner)?
            }
            (AvroSchema::Record(record), Avro::Record(fields)) => {
                self.record_value_of(record, fields)?
            }
            (schema, datum) => {
                return Err(unread(format!(
                    "apache-avro read {datum:?} for {}",
                    expected(schema)
                )));
            }
        })
    }

    fn record_value_of(
        &self,
        record: &RecordSchema,
        fields: Vec<(String, Avro)>,
    ) -> Result<Value, Error> {
        let keys = self.keys.records.get(record.name.name());
        let mut entries = Vec::with_capacity(fields.len());
        for (index, ((name, datum), field)) in fields.into_iter().zip(&record.fields).enumerate() {
            let (key, null_absent) = match keys.and_then(|keys| keys.get(index)) {
                Some((key, null_absent)) => (key.clone(), *null_absent),
                None => (name, false),
            };
            if let (AvroSchema::Union(union), Avro::Union(branch, inner)) =
                (self.resolve(&field.schema)?, &datum)
            {
                let absent = union
                    .variants()
                    .get(*branch as usize)
                    .is_some_and(|b| self.is_absent(b));
                if absent || (null_absent && **inner == Avro::Null) {
                    continue;
                }
            }
            entries.push((key, self.value_of(&field.schema, datum)?));
        }
        Ok(Value::Map(entries))
    }
}

fn int32(n: i64, path: &str) -> Result<i32, Error> {
    i32::try_from(n).map_err(|_| misfit(path, format!("{n} does not fit 32 bits")))
}

/// How many bits an integer type is written in: 32 for Avro's `int` and
/// the logical types on it, 64 for `long` and those on it; `None` for a
/// type that holds no integer.
pub(super) fn integer_bits(schema: &AvroSchema) -> Option<u32> {
    match schema {
        AvroSchema::Int | AvroSchema::Date | AvroSchema::TimeMillis => Some(32),
        AvroSchema::Long
        | AvroSchema::TimeMicros
        | AvroSchema::TimestampMillis
        | AvroSchema::TimestampMicros
        | AvroSchema::TimestampNanos
        | AvroSchema::LocalTimestampMillis
        | AvroSchema::LocalTimestampMicros
        | AvroSchema::LocalTimestampNanos => Some(64),
        _ => None,
    }
}

/// Whether a union branch of this type is one for `value`'s kind.
fn takes(schema: &AvroSchema, value: &Value) -> bool {
    if let Value::Int(_) | Value::UInt(_) = value {
        return integer_bits(schema).is_some();
    }
    matches!(
        (schema, value),
        (AvroSchema::Null, Value::Null)
            | (AvroSchema::Boolean, Value::Bool(_))
            | (AvroSchema::Float | AvroSchema::Double, Value::Float(_))
            | (AvroSchema::String | AvroSchema::Enum(_), Value::Text(_))
            | (AvroSchema::Bytes | AvroSchema::Fixed(_), Value::Bytes(_))
            | (AvroSchema::Array(_), Value::List(_))
            | (AvroSchema::Map(_) | AvroSchema::Record(_), Value::Map(_))
    )
}
