//! Avro through apache-avro's own value tree: the document's schema
//! written as an `.avsc` (or the user's `--avsc`), parsed once, and each
//! [`Value`] converted to `apache_avro::types::Value` and written as one
//! bare datum, as serbench's avro codec writes its datasets: no container
//! header, no fingerprint, both ends know the schema.
//!
//! # How an inferred schema is written
//!
//! - A record is a `record` named as [`Record::name`]; its fields are named
//!   by [`Field::ident`] (Avro names are identifiers), with a `doc` giving
//!   the document's key when it is spelled otherwise (a key such as
//!   `first name` is no valid alias either).
//! - A list is an `array`, text a `string`, bytes `bytes`, a float a
//!   `double` (the bits kept), a boolean `boolean`.
//! - An integer is a `long`. Integers past `i64::MAX` are refused: Avro's
//!   only 64-bit integer is signed, and writing them as anything else
//!   (a `double`, a `string`) would not be the same number on the wire.
//! - Only nulls, and the elements of lists that were always empty, are
//!   `"null"`: it takes no byte.
//! - A place of several kinds is a union, one branch per kind, and a
//!   nullable place the union with `"null"` first. Avro forbids two
//!   arrays or two maps in a union and a union directly in a union; the
//!   inferred schema has at most one member per kind, and a nullable union
//!   is written as one flat union, so none arises.
//! - A key missing from some maps must come back missing. When it is
//!   never null, its field is `["null", T]` with the default `null`, and
//!   null means absent. When it is also null somewhere, null cannot mean
//!   both: the field is `["Absent", "null", T]`, where `Absent` is an
//!   empty record (no byte on the wire) that stands for the missing key,
//!   with the default `{}`: a reader whose data lacks the field reads it
//!   as absent, as the document had it.
//! - A document that is not a map (a top-level array) is wrapped in a
//!   record named after the document, with one field `value`.
//! - apache-avro parses a schema with serde_json, which reads 127 levels
//!   of JSON; a record takes about three, so a document nested about 42
//!   levels of maps or more has a schema it cannot parse, and the row
//!   says so with the document's depth.
//! - A map's keys are found by name whatever their order, and a record
//!   reads back in field order: the row is verified without regard to key
//!   order. Every field is written for every map, so a document whose
//!   maps' keys all differ is refused past
//!   [`FIELDS_PER_VALUE`](crate::schema::FIELDS_PER_VALUE) fields per
//!   value (the [`schema`](crate::schema) module's bounds).
//!
//! # The user's schema (`--avsc FILE`)
//!
//! Its records are filled by field name or alias, in the schema's order;
//! a field the map lacks takes the schema's default, and a key the record
//! has no field for is an error, as is any value whose kind the schema
//! does not take there, named by its path (`$.items[3].price: expected
//! long, found text`). A union takes the first branch of the value's kind
//! that accepts it. An `enum` takes text among its symbols, a `fixed`
//! bytes of its size, `int` and `float` the integers and floats they hold
//! exactly, and the integer logical types (dates, times, timestamps)
//! integers. A `map` is carried, but apache-avro reads it into a hash
//! map: its keys come back sorted. `decimal`, `duration` and `uuid` are
//! refused when a value reaches them.
//!
//! # Decoding
//!
//! apache-avro reads the datum into its value tree, which is converted
//! back; bytes left after the datum are an error. apache-avro itself
//! bounds what a declared length may allocate (its process-wide limit,
//! 512 MiB by default); serbench's avro codec walks a datum first to bound
//! it by the input, which this measurement, reading back only what it
//! wrote, does not need.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use apache_avro::Schema as AvroSchema;
use apache_avro::reader::datum::GenericDatumReader;
use apache_avro::schema::{RecordSchema, ResolvedSchema, SchemaKind};
use apache_avro::types::Value as Avro;
use apache_avro::writer::datum::GenericDatumWriter;

use crate::codec::{Codec, Context, SchemaFile};
use crate::schema::{Record, Schema, Unique, camel};
use crate::value::{MapKeys, Value};

/// The codec: the parsed schema with apache-avro's reader and writer.
struct AvroCodec {
    schema: &'static AvroSchema,
    names: ResolvedSchema<'static>,
    writer: GenericDatumWriter<'static>,
    reader: GenericDatumReader<'static>,
    keys: Keys,
    files: Vec<SchemaFile>,
}

/// What an inferred schema says that Avro's names cannot: each field's
/// key in the document and how its absence is written. Empty for the
/// user's schema, whose fields are found by name.
#[derive(Default)]
struct Keys {
    /// Per record name, per field: the key, and whether the field's
    /// `null` branch stands for the key's absence.
    records: HashMap<String, Vec<(String, bool)>>,
    /// The name of the empty record that stands for an absent key.
    absent: Option<String>,
    /// The document is not a map: it is the root record's one field.
    wrapped: bool,
}

pub(crate) fn build(context: &Context<'_>) -> Result<Box<dyn Codec>, String> {
    // A map is read as an Avro map only under a user's schema; the
    // inferred one makes it a record.
    let limit =
        apache_avro::util::max_allocation_bytes(apache_avro::util::DEFAULT_MAX_ALLOCATION_BYTES);
    refuse_long_collections(context.messages, context.user.avsc.is_some(), limit)?;
    if let Some(path) = &context.user.avsc {
        let text = serbench_document::schema_file::schema_text(path)?;
        let schema = AvroSchema::parse_str(&text)
            .map_err(|error| format!("{} is not an Avro schema: {error}", path.display()))?;
        return AvroCodec::boxed(schema, Keys::default(), Vec::new());
    }
    let inferred = context.inferred()?;
    crate::schema::refuse_sparse_records(inferred, context.messages)?;
    let (text, keys) = write_avsc(inferred, context.name)?;
    let schema = AvroSchema::parse_str(&text).map_err(|error| {
        let levels = json_nesting(&text);
        if levels > AVSC_NESTING {
            format!(
                "the document nests {} levels deep, which its Avro schema takes {levels} levels of JSON to write, past the {AVSC_NESTING} apache-avro's JSON parser reads",
                inferred.depth()
            )
        } else {
            format!("apache-avro refused the inferred schema: {error}")
        }
    })?;
    let file = SchemaFile {
        name: format!("{}.avsc", context.name),
        text,
    };
    AvroCodec::boxed(schema, keys, vec![file])
}

/// The most levels of arrays and objects serde_json, which parses a
/// schema for apache-avro, reads: a record nests two or three levels
/// (its fields, a field, a union), so a document of about 60 levels has
/// a schema past it.
const AVSC_NESTING: usize = 127;

/// How deep `json`'s arrays and objects nest.
fn json_nesting(json: &str) -> usize {
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

/// Refuses a document with a list or map longer than apache-avro decodes
/// into one collection: it allocates at most `limit` bytes
/// ([`apache_avro::util::max_allocation_bytes`], 512 MiB unless a program
/// sets it) for a collection's values, so a longer one would encode and
/// then fail to read back (a 30 MiB JSON array of zeros holds 15.7
/// million).
fn refuse_long_collections(messages: &[Value], maps: bool, limit: usize) -> Result<(), String> {
    fn longest(value: &Value) -> (usize, usize) {
        match value {
            Value::List(items) => items
                .iter()
                .map(longest)
                .fold((items.len(), 0), |a, b| (a.0.max(b.0), a.1.max(b.1))),
            Value::Map(entries) => entries
                .iter()
                .map(|(_, v)| longest(v))
                .fold((0, entries.len()), |a, b| (a.0.max(b.0), a.1.max(b.1))),
            _ => (0, 0),
        }
    }
    let (list, map) = messages
        .iter()
        .map(longest)
        .fold((0, 0), |a, b| (a.0.max(b.0), a.1.max(b.1)));
    let most_items = limit / std::mem::size_of::<apache_avro::types::Value>();
    let most_entries = limit / std::mem::size_of::<(String, apache_avro::types::Value)>();
    if list > most_items {
        return Err(format!(
            "a list of {list} values, past the {most_items} apache-avro reads into one array (its {} MiB allocation limit)",
            limit >> 20
        ));
    }
    if maps && map > most_entries {
        return Err(format!(
            "a map of {map} keys, past the {most_entries} apache-avro reads into one map (its {} MiB allocation limit)",
            limit >> 20
        ));
    }
    Ok(())
}

impl AvroCodec {
    fn boxed(
        schema: AvroSchema,
        keys: Keys,
        files: Vec<SchemaFile>,
    ) -> Result<Box<dyn Codec>, String> {
        // apache-avro's reader and writer borrow the schema; the codec is
        // built once per document and kept for the whole measurement, so
        // the schema (a few KiB) is leaked once per build.
        let schema: &'static AvroSchema = Box::leak(Box::new(schema));
        let failed = |error: apache_avro::Error| format!("the schema does not resolve: {error}");
        let names = ResolvedSchema::try_from(schema).map_err(failed)?;
        // No validation pass: the value is built from the schema by this
        // module, so apache-avro's walk would only repeat it (the tests
        // read every encoding back).
        let writer = GenericDatumWriter::builder(schema)
            .validate(false)
            .human_readable(false)
            .build()
            .map_err(failed)?;
        let reader = GenericDatumReader::builder(schema)
            .human_readable(false)
            .build()
            .map_err(failed)?;
        Ok(Box::new(AvroCodec {
            schema,
            names,
            writer,
            reader,
            keys,
            files,
        }))
    }
}

impl Codec for AvroCodec {
    fn encode(&self, value: &Value, out: &mut Vec<u8>) -> Result<(), String> {
        let mut path = String::from("$");
        let datum = if self.keys.wrapped {
            let AvroSchema::Record(record) = self.schema else {
                return Err("the wrapping schema is not a record".to_owned());
            };
            Avro::Record(vec![(
                record.fields[0].name.clone(),
                self.to_avro(&record.fields[0].schema, value, &mut path)?,
            )])
        } else {
            self.to_avro(self.schema, value, &mut path)?
        };
        self.writer
            .write_value_ref(out, &datum)
            .map(drop)
            .map_err(|error| error.to_string())
    }

    fn decode(&self, bytes: &[u8]) -> Result<Value, String> {
        let mut rest = bytes;
        let datum = self
            .reader
            .read_value(&mut rest)
            .map_err(|error| error.to_string())?;
        if !rest.is_empty() {
            return Err(format!("{} bytes after the datum", rest.len()));
        }
        if self.keys.wrapped {
            let (AvroSchema::Record(record), Avro::Record(mut fields)) = (self.schema, datum)
            else {
                return Err("the datum is not the wrapping record".to_owned());
            };
            let (_, value) = fields.pop().ok_or("the wrapping record is empty")?;
            return self.value_of(&record.fields[0].schema, value);
        }
        self.value_of(self.schema, datum)
    }

    fn schema_files(&self) -> Vec<SchemaFile> {
        self.files.clone()
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

fn mismatch(path: &str, schema: &AvroSchema, value: &Value) -> String {
    format!(
        "{path}: expected {}, found {}",
        expected(schema),
        value.kind()
    )
}

impl AvroCodec {
    fn resolve<'s>(&'s self, schema: &'s AvroSchema) -> Result<&'s AvroSchema, String> {
        match schema {
            AvroSchema::Ref { name } => self
                .names
                .get_names()
                .get(name)
                .copied()
                .ok_or_else(|| format!("the schema names {} but never defines it", name.name())),
            other => Ok(other),
        }
    }

    fn is_absent(&self, schema: &AvroSchema) -> bool {
        let name = match schema {
            AvroSchema::Record(record) => &record.name,
            AvroSchema::Ref { name } => name,
            _ => return false,
        };
        self.keys.absent.as_deref() == Some(name.name())
    }

    fn to_avro(
        &self,
        schema: &AvroSchema,
        value: &Value,
        path: &mut String,
    ) -> Result<Avro, String> {
        let schema = self.resolve(schema)?;
        Ok(match (schema, value) {
            (AvroSchema::Null, Value::Null) => Avro::Null,
            (AvroSchema::Boolean, Value::Bool(b)) => Avro::Boolean(*b),
            (AvroSchema::Long, Value::Int(n)) => Avro::Long(*n),
            (AvroSchema::Int, Value::Int(n)) => Avro::Int(
                i32::try_from(*n).map_err(|_| format!("{path}: {n} does not fit Avro's int"))?,
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
                    return Err(format!("{path}: {x:?} does not fit Avro's float"));
                }
                Avro::Float(single)
            }
            (AvroSchema::String, Value::Text(text)) => Avro::String(text.clone()),
            (AvroSchema::Bytes, Value::Bytes(bytes)) => Avro::Bytes(bytes.clone()),
            (AvroSchema::Fixed(fixed), Value::Bytes(bytes)) => {
                if bytes.len() != fixed.size {
                    return Err(format!(
                        "{path}: {} bytes for a fixed of {}",
                        bytes.len(),
                        fixed.size
                    ));
                }
                Avro::Fixed(fixed.size, bytes.clone())
            }
            (AvroSchema::Enum(symbols), Value::Text(text)) => {
                let index = symbols
                    .symbols
                    .iter()
                    .position(|s| s == text)
                    .ok_or_else(|| {
                        format!(
                            "{path}: {text:?} is no symbol of enum {}",
                            symbols.name.name()
                        )
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
                return Err(format!(
                    "{path}: Avro's {} logical type is not measured",
                    expected(schema)
                ));
            }
            _ => return Err(mismatch(path, schema, value)),
        })
    }

    fn record_to_avro<'a>(
        &'a self,
        record: &'a RecordSchema,
        entries: &[(String, Value)],
        path: &mut String,
    ) -> Result<Avro, String> {
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
            return Err(format!(
                "{path}: the key {key:?} has no field in record {}, or is given twice",
                record.name.name()
            ));
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
    ) -> Result<Avro, String> {
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
            return Err(format!("{path}: missing, and its field has no default"));
        };
        let value: Value = serde_json::from_value(default.clone())
            .map_err(|error| format!("{path}: the default is not a value: {error}"))?;
        self.to_avro(schema, &value, path)
    }

    fn value_of(&self, schema: &AvroSchema, datum: Avro) -> Result<Value, String> {
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
                    .collect::<Result<Vec<_>, String>>()?;
                entries.sort_by(|(a, _), (b, _)| a.cmp(b));
                Value::Map(entries)
            }
            (AvroSchema::Union(union), Avro::Union(index, inner)) => {
                let branch = union
                    .variants()
                    .get(index as usize)
                    .ok_or_else(|| format!("union branch {index} out of range"))?;
                self.value_of(branch, *inner)?
            }
            (AvroSchema::Record(record), Avro::Record(fields)) => {
                self.record_value_of(record, fields)?
            }
            (schema, datum) => {
                return Err(format!(
                    "apache-avro read {datum:?} for {}",
                    expected(schema)
                ));
            }
        })
    }

    fn record_value_of(
        &self,
        record: &RecordSchema,
        fields: Vec<(String, Avro)>,
    ) -> Result<Value, String> {
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

fn int32(n: i64, path: &str) -> Result<i32, String> {
    i32::try_from(n).map_err(|_| format!("{path}: {n} does not fit 32 bits"))
}

/// Whether a union branch of this type is one for `value`'s kind.
fn takes(schema: &AvroSchema, value: &Value) -> bool {
    matches!(
        (schema, value),
        (AvroSchema::Null, Value::Null)
            | (AvroSchema::Boolean, Value::Bool(_))
            | (
                AvroSchema::Int
                    | AvroSchema::Long
                    | AvroSchema::Date
                    | AvroSchema::TimeMillis
                    | AvroSchema::TimeMicros
                    | AvroSchema::TimestampMillis
                    | AvroSchema::TimestampMicros
                    | AvroSchema::TimestampNanos
                    | AvroSchema::LocalTimestampMillis
                    | AvroSchema::LocalTimestampMicros
                    | AvroSchema::LocalTimestampNanos,
                Value::Int(_) | Value::UInt(_)
            )
            | (AvroSchema::Float | AvroSchema::Double, Value::Float(_))
            | (AvroSchema::String | AvroSchema::Enum(_), Value::Text(_))
            | (AvroSchema::Bytes | AvroSchema::Fixed(_), Value::Bytes(_))
            | (AvroSchema::Array(_), Value::List(_))
            | (AvroSchema::Map(_) | AvroSchema::Record(_), Value::Map(_))
    )
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
fn write_avsc(schema: &Schema, name: &str) -> Result<(String, Keys), String> {
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
    fn avro_type(&mut self, schema: &Schema, path: &str) -> Result<Json, String> {
        Ok(match schema {
            Schema::Empty | Schema::Null => Json::Raw("\"null\""),
            Schema::Bool => text("boolean"),
            Schema::Int(range) if range.past_i64 => {
                return Err(format!(
                    "{path}: integers past {} do not fit Avro's long, which is signed",
                    i64::MAX
                ));
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
    fn members(&mut self, schema: &Schema, path: &str) -> Result<Vec<Json>, String> {
        match schema {
            Schema::Union(members) => members.iter().map(|m| self.avro_type(m, path)).collect(),
            other => Ok(vec![self.avro_type(other, path)?]),
        }
    }

    fn record(&mut self, record: &Record, path: &str) -> Result<Json, String> {
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
    use super::*;

    #[test]
    fn lists_longer_than_apache_avro_reads_are_refused_by_name() {
        let item = std::mem::size_of::<Avro>();
        let list = |n| Value::Map(vec![("xs".to_owned(), Value::List(vec![Value::Int(0); n]))]);
        assert_eq!(
            refuse_long_collections(&[list(10)], false, 10 * item),
            Ok(())
        );
        let error = refuse_long_collections(&[list(11)], false, 10 * item).unwrap_err();
        assert!(
            error.starts_with("a list of 11 values, past the 10 apache-avro"),
            "{error}"
        );
        let wide = Value::Map((0..20).map(|i| (format!("k{i}"), Value::Int(i))).collect());
        assert_eq!(
            refuse_long_collections(std::slice::from_ref(&wide), false, 10 * item),
            Ok(())
        );
        let error = refuse_long_collections(&[wide], true, 10 * item).unwrap_err();
        assert!(error.starts_with("a map of 20 keys"), "{error}");
    }

    #[test]
    fn avro_names_the_absent_branch_once() {
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
